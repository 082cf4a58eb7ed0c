//! The campaign: a series of patrols with one roster that carries over.
//!
//! Between patrols flesh wounds heal, a serious wound keeps a man out for a
//! number of patrols, the dead and the missing leave the roster for their
//! patrol's record, replacements join, and survivors gain experience (all
//! numbers in `RuleBook::campaign`).
//! Pure like the rest of the engine: the save layer decides where it lives.

pub(in crate::engine) mod by_hand;
pub(in crate::engine) mod check;
pub(in crate::engine) mod debrief;
pub(in crate::engine) mod endless;
pub(in crate::engine) mod history;
pub mod muster;
pub(in crate::engine) mod promotion;
pub(in crate::engine) mod roster;
pub(in crate::engine) mod takeback;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::engine::book::RuleBook;
use crate::engine::book::scenario::{Member, Scenario};
use crate::engine::campaign::history::History;
use crate::engine::dice::hand::Throw;
use crate::engine::dice::roll::Faces;
use crate::engine::generate::Endless;
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::limits::{COUNTER, counted};

use crate::engine::cache::Cache;
use crate::engine::campaign::roster::recruit;
pub use crate::engine::campaign::roster::{ManRecord, Outcomes, PatrolRecord, RosterMan, Status};
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;

/// One patrol of the campaign, its map resolved: the squad is filled in
/// from the roster when the patrol begins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PatrolPlan {
    pub scenario: Scenario,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    /// The campaign's title, from its definition.
    pub title: String,
    pub briefing: String,
    pub seed: u64,
    pub book: Arc<RuleBook>,
    /// The patrols still to come, the one under way or next first. Played
    /// ones are dropped (their records keep them), so the save does not grow
    /// as the campaign goes on.
    pub plans: Vec<PatrolPlan>,
    /// Men who join when the squad is short, in order; used ones are dropped.
    pub replacements: Vec<Member>,
    pub replacements_used: usize,
    /// Numbered rookies sent once the list of replacements ran out.
    #[serde(default)]
    pub rookies: u32,
    /// Bring the fit men up to the rules' squad size with replacements
    /// before each patrol (a campaign does; a single scenario does not).
    pub fill_squad: bool,
    pub roster: Vec<RosterMan>,
    /// The support weapons the squad began with that are reissued when lost
    /// (the rules' `reissue` list).
    #[serde(default)]
    pub kit: Vec<String>,
    /// Patrols finished so far.
    pub finished: u32,
    /// How they ended, counted (for the summary at the campaign's end).
    #[serde(default, skip_serializing_if = "Outcomes::is_empty")]
    pub outcomes: Outcomes,
    /// The patrol being played, if any.
    pub patrol: Option<Game>,
    /// The current patrol's events so far.
    pub log: Vec<Event>,
    /// A finished patrol's record, until the save layer has archived it.
    pub unarchived: Option<PatrolRecord>,
    /// Whether the player may take orders back (`undo`); an iron-man
    /// campaign may not. Chosen when the campaign is made.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub take_backs: bool,
    /// What taking orders back in the patrol under way needs (`takeback.rs`):
    /// None with take-backs off, between patrols, or for a patrol that began
    /// before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<History>,
    /// The orders of the patrol under way in an iron-man campaign, which
    /// keeps no `history`: none can be taken back, but its record keeps
    /// them for a replay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub iron_orders: Vec<String>,
    /// Every roll is thrown with the player's own dice and typed in
    /// (`hand.rs`). Chosen at new campaign, switched in the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub real_dice: bool,
    /// The order that waits for the player to throw a roll (`by_hand.rs`),
    /// in the command language: a save made then asks for the same roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<String>,
    /// Throws typed for the order waiting (or the next), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub typed: Vec<Throw>,
    /// Faces thrown by hand for orders taken back or withdrawn: the next
    /// throws of the same dice take them (no fishing with real dice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owed: Vec<Faces>,
    /// Men whose wounds healed since the last patrol (a flesh wound, or
    /// back from hospital), for the squad screen before the next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub healed: Vec<String>,
    /// Support weapons the player handed out since the last patrol
    /// (`issue`): the next patrol's log opens with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub issued: Vec<Event>,
    /// An endless campaign's generator (`endless.rs`): its next patrol's
    /// ground is made as the one before ends. None for a campaign whose
    /// patrols are written out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endless: Option<Endless>,
}

/// The seed of patrol `k` (from 1) of a campaign. The first patrol uses the
/// campaign's seed itself, so a scenario played on its own with `--seed N`
/// starts as `N`; later ones mix in the patrol's number (SplitMix64), so
/// each patrol's dice are its own.
pub fn patrol_seed(seed: u64, k: u32) -> u64 {
    if k <= 1 {
        return seed;
    }
    crate::engine::dice::mix64(seed ^ u64::from(k).wrapping_mul(crate::engine::dice::GOLDEN_GAMMA))
}

impl Campaign {
    /// A new campaign; no patrol has begun.
    pub fn new(
        title: &str,
        briefing: &str,
        seed: u64,
        book: Arc<RuleBook>,
        plans: Vec<PatrolPlan>,
        squad: &[Member],
        replacements: Vec<Member>,
    ) -> Self {
        // The book without the tables of rule sets none of its patrols is
        // played by: its saves need not hold them.
        let mut rules = plans.iter().map(|p| p.scenario.rules);
        let book = match (rules.next(), rules.all(|r| plans.first().is_some_and(|p| p.scenario.rules == r))) {
            (Some(r), true) => r.book_for(&book).map_or(book, Arc::new),
            _ => book,
        };
        let roster = squad.iter().map(|m| recruit(m, book.campaign.veteran_at)).collect();
        let mut kit: Vec<String> = squad
            .iter()
            .filter(|m| book.campaign.reissue.iter().any(|w| *w == m.weapon))
            .map(|m| m.weapon.clone())
            .collect();
        kit.dedup();
        Self {
            kit,
            title: title.into(),
            briefing: briefing.into(),
            seed,
            book,
            plans,
            replacements,
            replacements_used: 0,
            rookies: 0,
            fill_squad: true,
            roster,
            finished: 0,
            outcomes: Outcomes::default(),
            patrol: None,
            log: Vec::new(),
            unarchived: None,
            take_backs: true,
            history: None,
            iron_orders: Vec::new(),
            real_dice: false,
            waiting: None,
            typed: Vec::new(),
            owed: Vec::new(),
            healed: Vec::new(),
            issued: Vec::new(),
            endless: None,
        }
    }

    /// A campaign of one patrol: a scenario played on its own.
    pub fn single(scenario: &Scenario, seed: u64, book: Arc<RuleBook>) -> Self {
        let plan = PatrolPlan { scenario: Scenario { squad: Vec::new(), ..scenario.clone() } };
        let mut campaign =
            Self::new(&scenario.name, &scenario.briefing, seed, book, vec![plan], &scenario.squad, Vec::new());
        campaign.fill_squad = false;
        campaign
    }

    pub fn is_over(&self) -> bool {
        self.patrol.is_none() && self.plans.is_empty()
    }

    /// The plan of the patrol in progress or next to begin.
    pub fn current_plan(&self) -> Option<&PatrolPlan> {
        self.plans.first()
    }

    /// Patrols in the whole campaign, played and to come.
    pub fn total_patrols(&self) -> u32 {
        self.finished + self.plans.len() as u32
    }

    /// " of N", the patrols a campaign of written patrols has, as a count
    /// of patrols ends ("patrol 2 of 5"); nothing for an endless campaign,
    /// whose patrols have no number to reach.
    pub fn of_total(&self) -> String {
        if self.endless.is_some() { String::new() } else { format!(" of {}", self.total_patrols()) }
    }

    /// Men fit for duty now.
    fn available(&self) -> impl Iterator<Item = &RosterMan> {
        self.roster.iter().filter(|m| m.status == Status::Fit)
    }

    /// Begins the next patrol: replacements join if the squad is short,
    /// and the fit men go out.
    ///
    /// # Errors
    /// A patrol is already under way, or the campaign is over.
    pub fn begin(&mut self) -> Result<Vec<Event>, RuleError> {
        // Work on a copy so that a patrol that cannot start changes nothing.
        let mut draft = self.clone();
        let events = draft.set_out()?;
        *self = draft;
        Ok(events)
    }

    pub(super) fn set_out(&mut self) -> Result<Vec<Event>, RuleError> {
        if self.patrol.is_some() {
            return refuse(RuleError::Campaign, "a patrol is already under way");
        }
        let Some(plan) = self.current_plan().cloned() else {
            return refuse(RuleError::Campaign, "the campaign is over: every patrol has been made");
        };
        let mut events = std::mem::take(&mut self.issued);
        self.healed.clear();
        let wanted = if self.fill_squad { self.book.campaign.squad_size as usize } else { 0 };
        // Rookies are numbered on from `rookies`: at its limit no more come.
        while self.available().count() < wanted && self.rookies < COUNTER {
            let man = match self.replacements.first() {
                Some(_) => self.replacements.remove(0),
                // Under rules whose men are teams of squads (the company
                // level) no rookie rifleman is sent: only the teams listed.
                None if plan.scenario.rules.squads() => break,
                None => Member {
                    name: {
                        self.rookies = counted(self.rookies, 1);
                        let pool = &self.book.campaign.rookie_names;
                        match pool.get(self.rookies as usize - 1) {
                            Some(n) => n.to_string(),
                            None => format!("Rookie{}", self.rookies),
                        }
                    },
                    rank: "Pvt".into(),
                    weapon: "rifle".into(),
                    veteran: false,
                    medic: false,
                    squad: None,
                    conscript: false,
                },
            };
            self.replacements_used = (self.replacements_used + 1).min(COUNTER as usize);
            // A name taken, or one an enemy could be given (a rules file
            // older than its check), is passed over: the patrol must start.
            if self.roster.iter().any(|m| m.name.eq_ignore_ascii_case(&man.name))
                || crate::engine::vocabulary::enemy_ids::enemy_id(&man.name)
            {
                continue;
            }
            events.push(Event::Replacement {
                soldier: man.name.as_str().into(),
                rank: man.rank.as_str().into(),
                weapon: man.weapon.as_str().into(),
            });
            self.roster.push(recruit(&man, self.book.campaign.veteran_at));
        }
        // A support weapon lost with its man is handed to a rifleman (not the leader).
        for weapon in self.kit.clone() {
            if self.available().any(|m| m.weapon == weapon) {
                continue;
            }
            let leader = self.available().next().map(|m| m.name.clone());
            if let Some(m) = self
                .roster
                .iter_mut()
                .filter(|m| m.status == Status::Fit && Some(&m.name) != leader.as_ref())
                .find(|m| m.weapon == "rifle")
            {
                m.weapon = weapon.clone();
                events.push(Event::Reissued { soldier: m.name.as_str().into(), weapon: weapon.as_str().into() });
            }
        }
        let veteran_at = self.book.campaign.veteran_at;
        let squad: Vec<Member> = self.available().map(|m| m.member(veteran_at)).collect();
        if squad.is_empty() {
            return refuse(RuleError::Campaign, "nobody is fit to go out");
        }
        let scenario = Scenario { squad, chain_of_command: self.fill_squad, ..plan.scenario };
        let seed = patrol_seed(self.seed, self.finished + 1);
        let game = Game::new(self.book.clone(), &scenario, seed)?;
        events.push(game.start_event());
        self.log = events.clone();
        self.history =
            self.take_backs.then(|| History { setout: game.clone(), opening: events.len(), orders: Vec::new() });
        self.iron_orders.clear();
        self.patrol = Some(game);
        Ok(events)
    }

    /// Plays a command in the current patrol. When it ends the patrol, the
    /// roster is brought up to date and the record waits in `unarchived`.
    ///
    /// # Errors
    /// No patrol is under way, or the command is not legal now (nothing changes).
    pub fn apply(&mut self, command: &Command, cache: &mut Cache) -> Result<Vec<Event>, RuleError> {
        if self.patrol.is_none() {
            return refuse(
                RuleError::Campaign,
                if self.is_over() { "the campaign is over" } else { "no patrol is under way: begin the next one" },
            );
        }
        let Some((events, thrown)) = self.play(command, cache)? else {
            // The order waits for the player's dice (`by_hand.rs`).
            return Ok(Vec::new());
        };
        let over = self.patrol.as_ref().is_some_and(Game::is_over);
        let events = events.into_vec();
        self.log.extend(events.iter().cloned());
        self.keep_order(&thrown, command);
        if over {
            let mut all = events;
            all.extend(self.finish());
            return Ok(all);
        }
        Ok(events)
    }
}
