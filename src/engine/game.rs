//! `Game`, the state of a patrol and nothing else (exactly what a save
//! holds), with `Game::apply`, the one way it changes, and `RuleError`, why
//! a command is refused. The parts of the loop `apply` hands a command to
//! are `impl Game` blocks in their folders (`patrol/`, `action/`, a rule
//! set's own); the rest of the program reads a game through `reading.rs`.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::engine::book::{self, RuleBook};
use crate::engine::cache::memo::Memo;
use crate::engine::cache::{Cache, Played};
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::map::Map;
use crate::engine::ruleset::odds::Odds;
use crate::engine::ruleset::registry::RuleSet;
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Section, Side, Soldier};

/// Why a command is not legal now, by what it runs into; the game is
/// unchanged. Each carries the reason in words, as the player reads it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The patrol is over, and how it ended: no order is taken.
    #[error("the patrol is over ({0})")]
    Over(String),
    /// An order for another moment: for patrol movement during an action or
    /// the other way round, with a card up or none.
    #[error("{0}")]
    NotNow(String),
    /// Nobody, no section or no target by that name or at that hex.
    #[error("{0}")]
    Unknown(String),
    /// A step that cannot be taken: off the map, not next door, ground that
    /// cannot be entered, a known minefield, a move too long for the card.
    #[error("{0}")]
    Step(String),
    /// Fire that cannot be made: a shot, a throw, a call, a reload.
    #[error("{0}")]
    Fire(String),
    /// Any other order the rules refuse: splitting, joining, carrying,
    /// taking a prisoner, leaving the map, a command point, a special move.
    #[error("{0}")]
    Order(String),
    /// Not at this point of the campaign: setting out, handing out weapons.
    #[error("{0}")]
    Campaign(String),
    /// Orders that cannot be taken back.
    #[error("{0}")]
    TakeBack(String),
    /// The player's own dice: faces that do not fit the throw, none asked.
    #[error("{0}")]
    Dice(String),
    /// An odds question that has no answer now.
    #[error("{0}")]
    Odds(String),
    /// A scenario that cannot be set up as a patrol.
    #[error("{0}")]
    Setup(String),
}

impl RuleError {
    /// The reason in words, without the kind.
    pub fn reason(&self) -> &str {
        match self {
            RuleError::Over(r)
            | RuleError::NotNow(r)
            | RuleError::Unknown(r)
            | RuleError::Step(r)
            | RuleError::Fire(r)
            | RuleError::Order(r)
            | RuleError::Campaign(r)
            | RuleError::TakeBack(r)
            | RuleError::Dice(r)
            | RuleError::Odds(r)
            | RuleError::Setup(r) => r,
        }
    }
}

/// A command refused: `kind` of `RuleError`, for `reason`.
pub(in crate::engine) fn refuse<T>(kind: fn(String) -> RuleError, reason: impl Into<String>) -> Result<T, RuleError> {
    Err(kind(reason.into()))
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The game's rule book, read with `book()`. Private: its men keep
    /// where their weapons stand in its list (`Soldier::weapon_index`), so
    /// nothing outside the engine may change it under them.
    pub(in crate::engine) book: Arc<RuleBook>,
    pub(in crate::engine) rules: RuleSet,
    pub(in crate::engine) scenario: String,
    pub(in crate::engine) seed: u64,
    pub(in crate::engine) map: Map,
    /// Both sides: the squad first, in the order it set out, then every enemy met.
    /// Sections and cards point into it by index: men are only ever added
    /// at the end, and no man joins the squad after the game is made (the
    /// walks over one side read only its part, `Game::part`).
    pub(in crate::engine) soldiers: Vec<Soldier>,
    pub(in crate::engine) sections: Vec<Section>,
    pub(in crate::engine) phase: Phase,
    /// Incidents so far this patrol (each lowers the next need, up to a limit).
    pub(in crate::engine) incidents: u32,
    /// Incidents so far that were not false alarms.
    #[serde(default)]
    pub(in crate::engine) encounters: u32,
    pub(in crate::engine) objective: book::scenario::Objective,
    /// Objective hexes entered so far, sorted.
    pub(in crate::engine) visited: Vec<Pos>,
    /// Done in the field: the hex reached, every hex reconnoitred, or a
    /// prisoner taken. Success also needs men (and the prisoner) home.
    pub(in crate::engine) objective_reached: bool,
    pub(in crate::engine) dice: Dice,
    pub(in crate::engine) next_enemy: u32,
    /// Which forces this patrol meets in place of the incident table's groups.
    #[serde(default)]
    pub(in crate::engine) forces: std::collections::BTreeMap<String, String>,
    /// The patrol carries a radio: its senior able man may call H.E. fire.
    #[serde(default)]
    pub(in crate::engine) radio: bool,
    /// H.E. fire missions called so far this patrol.
    #[serde(default)]
    pub(in crate::engine) fire_missions: u32,
    /// H.E. fire called this turn, landing at its STOP card.
    #[serde(default)]
    pub(in crate::engine) fire_pending: Vec<crate::engine::ruleset::lone_warrior::call::FireMission>,
    /// A vehicle that blocks sight (a tank, an armoured car) has been on
    /// the map this patrol, so sight between two hexes must look for one
    /// standing between; until then the map's own sight is all there is.
    /// Saved as `tanks`, its first name.
    #[serde(default, rename = "tanks")]
    pub(in crate::engine) vehicles_block_sight: bool,
    /// Enemy still waiting at hexes of the map (the scenario's encounters).
    #[serde(default)]
    pub(in crate::engine) waiting: Vec<book::scenario::Encounter>,
    /// A campaign's patrol: it says who takes command (`chain.rs`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(in crate::engine) chain_of_command: bool,
    /// The points the enemy met at an incident is bought to, where the
    /// scenario gives them (`Rules::muster`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(in crate::engine) enemy_points: Option<u32>,
    /// The patrol's off-board battery (European Battlefield), if its
    /// scenario gives it one, and what it has fired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(in crate::engine) battery: Option<crate::engine::ruleset::lone_warrior::call::Battery>,
    /// Smoke banks on the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(in crate::engine) smoke: Vec<crate::engine::ruleset::european::state::SmokeBank>,
    /// The enemy's off-board battery (European Battlefield's army list),
    /// while it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(in crate::engine) enemy_battery: Option<crate::engine::ruleset::european::state::EnemyBattery>,
}

impl Game {
    /// The game's rule book.
    pub fn book(&self) -> &Arc<RuleBook> {
        &self.book
    }

    /// Does the patrol have a prisoner with it on the map?
    pub fn holds_prisoner(&self) -> bool {
        self.soldiers.iter().any(|s| s.captive && s.pos.is_some())
    }

    /// The forces this patrol meets in place of the incident table's groups.
    pub fn forces_met(&self) -> impl Iterator<Item = &String> {
        self.forces.values()
    }

    /// The event that opens a patrol's stream.
    pub fn start_event(&self) -> Event {
        Event::Start {
            scenario: self.scenario.as_str().into(),
            seed: self.seed,
            squad: self.soldiers.iter().filter(|s| s.side == Side::Friendly).map(|s| s.id.clone()).collect(),
            hex: self.sections.first().and_then(|s| self.section_pos(s)).unwrap_or(Pos::new(0, 0)),
        }
    }

    /// Carries out a command, adding its events to `events` (those of the
    /// kinds it keeps). `cache` keeps what the engine works out about the
    /// map from one command to the next: it is made over for this game's
    /// map if it was made for another, and never changes what happens.
    ///
    /// # Errors
    /// Why the command is not legal now; the game and `events` are then unchanged.
    pub fn apply(&mut self, command: &Command, cache: &mut Cache, events: &mut Events) -> Result<(), RuleError> {
        let memo = cache.fit(self);
        let (before, leader) = (events.len(), self.chain_of_command.then(|| self.leader()).flatten());
        let done = self.dispatch(command, memo, events);
        match done {
            Err(_) => events.truncate(before),
            Ok(()) if self.chain_of_command => self.succession(leader, events),
            Ok(()) => {}
        }
        done
    }

    fn dispatch(&mut self, command: &Command, memo: Memo<'_>, events: &mut Events) -> Result<(), RuleError> {
        match (&self.phase, command) {
            (Phase::Over { outcome }, _) => Err(RuleError::Over(outcome.to_string())),
            (Phase::Patrol, Command::Move { section, to }) => self.move_section(memo, section.as_deref(), *to, events),
            (Phase::Patrol, Command::Split { soldiers }) => self.split(soldiers, events),
            (Phase::Patrol, Command::Join { section, into }) => self.join(section, into, events),
            (Phase::Patrol, Command::Exit { section }) => self.exit_section(section.as_deref(), events),
            (Phase::Patrol, Command::Capture { prisoner }) => self.capture(prisoner, events),
            (Phase::Patrol, Command::Turn) => refuse(RuleError::NotNow, "there is no action: no cards to turn"),
            (Phase::Patrol, _) => {
                refuse(RuleError::NotNow, format!("'{command}' is for tactical action; now the patrol moves"))
            }
            (Phase::Action(a), _) if a.flight.is_some() => self.steer_only(command, events),
            (Phase::Action(_), Command::Steer { .. }) => refuse(RuleError::NotNow, "no grenade is in the air to steer"),
            (Phase::Action(_), Command::Turn) => self.turn_card(memo, events),
            (Phase::Action(_), Command::Split { .. } | Command::Join { .. } | Command::Capture { .. }) => refuse(
                RuleError::NotNow,
                "sections split, join and take prisoners in patrol movement, not during an action",
            ),
            (Phase::Action(_), Command::Move { section: Some(_), .. } | Command::Exit { section: Some(_) }) => refuse(
                RuleError::NotNow,
                "in an action men move one at a time on their own cards: leave out the section",
            ),
            (Phase::Action(_), _) => self.act(memo, command, events),
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The friendly soldier whose card is up, waiting for an order.
    pub fn card_up(&self) -> Option<usize> {
        match &self.phase {
            Phase::Action(a) => a.up,
            _ => None,
        }
    }

    /// The incident need for a section entering `to`, with its modifiers.
    pub fn incident_odds(&self, to: Pos) -> Odds {
        let check = &self.book.incident;
        let terrain = self
            .map
            .terrain(&self.book, to)
            .filter(|t| t.incident_modifier != 0)
            .map(|t| Modifier::new(t.key.clone(), t.incident_modifier));
        // Gathered in one step, so the list is made at its size (or not at all).
        let modifiers = terrain.into_iter().chain(self.earlier_incidents_modifier()).collect();
        Odds { dice: check.dice, sides: check.sides, base: i32::from(check.base), modifiers, band: None }
    }

    pub(super) fn earlier_incidents_modifier(&self) -> Option<Modifier> {
        let check = &self.book.incident;
        let earlier = if check.false_alarms_count { self.incidents } else { self.encounters };
        let n = earlier.min(check.max_earlier) as i32;
        (n > 0).then(|| Modifier::new(Name::new_static("earlier_incidents"), n * check.per_earlier_incident))
    }

    pub(in crate::engine) fn roll_incident_check(&mut self, modifiers: Modifiers, hex: Pos) -> Roll {
        let c = &self.book.incident;
        let (n, sides, base) = (c.dice, c.sides, i32::from(c.base));
        self.dice.check(Purpose::Incident, n, sides, base, modifiers).on(hex)
    }

    /// Names of soldiers, for events.
    pub(in crate::engine) fn ids(&self, idx: &[usize]) -> Vec<Name> {
        idx.iter().map(|&i| self.soldiers[i].id.clone()).collect()
    }

    /// Checks that `to` is a hex a man at `from` may step into.
    pub(in crate::engine) fn check_step(&self, from: Pos, to: Pos) -> Result<(), RuleError> {
        if !self.map.contains(to) {
            return refuse(RuleError::Step, format!("{to} is off the map"));
        }
        if from == to {
            return refuse(RuleError::Step, format!("already at {to}"));
        }
        if !from.is_adjacent(to) {
            return refuse(RuleError::Step, format!("{to} is not next to {from}: one hex at a time"));
        }
        if !self.map.passable(&self.book, to) {
            let name = self.map.terrain(&self.book, to).map_or("that terrain", |t| t.name.as_str());
            return refuse(RuleError::Step, format!("{to} is {name}, which cannot be entered"));
        }
        if self.map.is_minefield(to) {
            return refuse(RuleError::Step, format!("{to} is a known minefield"));
        }
        Ok(())
    }
}

/// A cache is made for a game's map, book and rule set.
impl Played for Game {
    fn map(&self) -> &Map {
        &self.map
    }
    fn book(&self) -> &Arc<RuleBook> {
        &self.book
    }
    fn rules(&self) -> RuleSet {
        self.rules
    }
}
