//! The rules of hexpatrol, played out: a pure, deterministic state machine.
//!
//! `Game::apply` takes a `Command` and returns the `Event`s it caused, or a
//! `RuleError` saying why the command is not legal now. An illegal command
//! changes nothing: every handler checks first and acts after. This module
//! touches no terminal, file, clock, environment or global RNG; all chance
//! comes from the `Dice` kept in the game state.

pub mod arsenal;
pub mod campaign;
pub mod chance;
pub mod command;
pub mod composition;
pub mod data;
pub mod dice;
pub mod event;
pub mod limits;
pub mod map;
pub mod name;
pub mod pos;
pub mod ruleset;
pub mod soldier;

mod action;
mod consistency;
mod enemy;
mod incident;
mod memo;
mod odds;
mod path;
mod patrol;
pub mod policy;
mod shot;
pub mod support;
pub mod vehicle;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use chance::Chance;
pub use command::{Command, Target};
pub use composition::Composition;
pub use data::{RuleBook, Scenario};
pub use dice::{DiceSet, Faces, Modifier, Modifiers, Purpose, Roll};
pub use event::Event;
pub use map::Map;
pub use name::Name;
pub use odds::{OddsAnswer, OddsQuery, Outcome, RollOdds, Spread};
pub use pos::Pos;
pub use ruleset::{Odds, RuleSet};
pub use shot::Marksman;
use soldier::enemy_number;
pub use soldier::{Section, Side, Soldier, State};

use dice::Dice;

/// Why a command is not legal now. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

fn illegal<T>(reason: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError(reason.into()))
}

/// `a.eq_ignore_ascii_case(b)`, quicker where the two are mostly written
/// alike: an order names a man as the roster spells him, and `find` passes
/// over a roster of `G1`, `G2`, ... on its way, so each byte is compared as
/// it is before it is compared ignoring case.
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y || x.eq_ignore_ascii_case(&y))
}

/// Whether `s` is an able man of `side` (`Game::able`). Asked in this
/// order: within a side's part of the roster the side is nearly always
/// right, and a man down or gone is passed over at the first test.
fn able_of(s: &Soldier, side: Side) -> bool {
    s.can_act() && s.side == side
}

/// Where the patrol is in the game loop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Sections move hex by hex, each hex entered an incident check.
    Patrol,
    /// Card-by-card tactical action.
    Action(Action),
    /// The patrol is over; `outcome` says how.
    Over { outcome: String },
}

/// A tactical action in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// Face-down cards; the next card is the last.
    pub deck: Vec<Card>,
    /// Cards turned this turn, in order.
    pub turned: Vec<Card>,
    /// The friendly soldier whose card is up and who has not acted yet.
    pub up: Option<usize>,
    /// The turn number within this action, from 1.
    pub turn: u32,
    /// STOP cards in a row at which nobody could fire at anybody.
    pub quiet_turns: u32,
    /// Enemy soldiers in the action when it began or joined it.
    pub enemies_met: usize,
}

/// A card of the action deck.
///
/// The index is a `u32`, not a `usize`: a card is then 8 bytes, not 16,
/// and the deck, dealt some sixteen times a patrol, is written and
/// shuffled in half the memory. Saves read and write it as the same number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Card {
    /// A card of the soldier with this index (see `Card::soldier`, `Card::owner`).
    Soldier(u32),
    Stop,
}

impl Card {
    /// The card of the soldier with roster index `i`.
    pub fn soldier(i: usize) -> Card {
        Card::Soldier(u32::try_from(i).expect("a roster of fewer than 2^32 men"))
    }

    /// The roster index of the soldier whose card this is; None for STOP.
    pub fn owner(self) -> Option<usize> {
        match self {
            Card::Soldier(i) => Some(i as usize),
            Card::Stop => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The game's rule book, read with `book()`. Private: its men keep
    /// where their weapons stand in its list (`Soldier::weapon_index`), so
    /// nothing outside the engine may change it under them.
    book: Arc<RuleBook>,
    pub rules: RuleSet,
    pub scenario: String,
    pub seed: u64,
    pub map: Map,
    /// Both sides: the squad first, in roster order, then every enemy met.
    /// Sections, cards and the kept parts of the roster (`Roster`) point
    /// into it by index: men are only ever added at the end, no man joins
    /// the squad after the game is made, and an enemy who can no longer
    /// act does not act again (debug builds check the last two at every
    /// walk over a side).
    pub soldiers: Vec<Soldier>,
    pub sections: Vec<Section>,
    pub phase: Phase,
    /// Incidents so far this patrol (each lowers the next need, up to a limit).
    pub incidents: u32,
    /// Incidents so far that were not false alarms.
    #[serde(default)]
    pub encounters: u32,
    pub objective: data::Objective,
    /// Objective hexes entered so far, sorted.
    pub visited: Vec<Pos>,
    /// Done in the field: the hex reached, every hex reconnoitred, or a
    /// prisoner taken. Success also needs men (and the prisoner) home.
    pub objective_reached: bool,
    dice: Dice,
    next_enemy: u32,
    /// Which forces this patrol meets in place of the incident table's groups.
    #[serde(default)]
    forces: std::collections::BTreeMap<String, String>,
    /// The patrol carries a radio: its senior able man may call H.E. fire.
    #[serde(default)]
    pub radio: bool,
    /// H.E. fire missions called so far this patrol.
    #[serde(default)]
    pub fire_missions: u32,
    /// H.E. fire called this turn, landing at its STOP card.
    #[serde(default)]
    pub fire_pending: Vec<support::FireMission>,
    /// A vehicle that blocks sight has been on the map this patrol: sight
    /// must look for it (the map's own sight is worked out once).
    #[serde(default)]
    pub tanks: bool,
    /// Enemy still waiting at hexes of the map (the scenario's encounters).
    #[serde(default)]
    pub waiting: Vec<data::Encounter>,
    /// Only the events a summary counts need be made (`Game::summary_only`):
    /// the commonest kinds it does not count are made under
    /// `if !self.summary_only`.
    #[serde(skip)]
    summary_only: bool,
    /// Where on the roster each side's men stand (`Roster`): not saved.
    #[serde(skip)]
    roster: Roster,
    /// Room kept from one action to the next (`Spare`).
    #[serde(skip)]
    spare: Spare,
}

/// The parts of the roster where each side's men can be, so that a walk
/// over one side's able men (`Game::able`, for every order and enemy card)
/// reads only its part: a patrol ends with some 27 men on the roster, the
/// squad's ten first, and mostly one action's few enemies able at the end.
///
/// Nobody joins the squad after the game is made, so every man of the
/// squad stands before `squad_end`. Enemies join at the end of the roster,
/// and an action ends with every able enemy off the map and every
/// knocked-over man rolled for (a flesh-wounded enemy makes off), and no
/// man comes back onto the map or gets up again: so when an action starts,
/// no enemy before its first able one can act again, and `enemy_from` is
/// set there. Debug builds check both at every walk (`Game::part`,
/// `Game::squad_part`), and a test compares the walks with the whole roster's.
///
/// Not saved: a loaded game (and the default) walks the whole roster until
/// its next action starts. Every game compares equal here, so a game and
/// its reloaded copy are equal.
#[derive(Clone, Copy, Debug)]
struct Roster {
    squad_end: usize,
    enemy_from: usize,
}

impl Default for Roster {
    fn default() -> Self {
        Roster { squad_end: usize::MAX, enemy_from: 0 }
    }
}

impl PartialEq for Roster {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Roster {
    /// The parts of `soldiers` as they stand: the squad up to its last
    /// man, the enemy from its first able man.
    fn of(soldiers: &[Soldier]) -> Roster {
        Roster {
            squad_end: soldiers.iter().rposition(|s| s.side == Side::Friendly).map_or(0, |i| i + 1),
            enemy_from: soldiers.iter().position(|s| able_of(s, Side::Enemy)).unwrap_or(soldiers.len()),
        }
    }
}

/// The room of lists an action makes, emptied, kept for the next action's: a
/// patrol fights some five actions, and each made these lists anew and grew
/// them. Always empty, so games compare, clone and save the same with it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Spare {
    /// The last action's deck and turned cards.
    deck: Vec<Card>,
    turned: Vec<Card>,
    /// The list of sections before the last action, for the sections after the next.
    sections: Vec<Section>,
}

impl Game {
    /// Sets up a patrol of `scenario` with the squad at its start hex.
    ///
    /// # Errors
    /// A map glyph, weapon or hex the rule book does not know. `rules/`
    /// checks scenarios before this, with file positions; this is the engine
    /// refusing to start on data it cannot play.
    pub fn new(book: Arc<RuleBook>, scenario: &Scenario, seed: u64) -> Result<Self, RuleError> {
        let mut rows = Vec::new();
        for (r, row) in scenario.rows.iter().enumerate() {
            let mut cells = Vec::new();
            for (c, glyph) in row.chars().enumerate() {
                let Some(t) = book.terrain_by_glyph(glyph) else {
                    return illegal(format!("map row {r}, column {c}: unknown terrain '{glyph}'"));
                };
                cells.push(t as u8);
            }
            rows.push(cells);
        }
        let map = Map::new(rows, scenario.home_edge);
        if !map.enterable(&book, scenario.start) {
            return illegal(format!("the start hex {} cannot be entered", scenario.start));
        }
        if let Some(k) = scenario.forces.values().find(|k| !book.forces.contains_key(*k)) {
            return illegal(format!("unknown forces '{k}'"));
        }
        let mut soldiers = Vec::new();
        for (k, m) in scenario.squad.iter().enumerate() {
            // Ids are unique ignoring case, which `find` relies on; enemies
            // met later are called G or V and a number.
            if soldier::enemy_id(&m.name) {
                return illegal(format!(
                    "{}: a man of the squad cannot be called as enemies are (G or V and a number)",
                    m.name
                ));
            }
            if let Some(other) = scenario.squad[..k].iter().find(|o| o.name.eq_ignore_ascii_case(&m.name)) {
                return illegal(format!(
                    "two men called '{}' and '{}' (names are the same ignoring case)",
                    other.name, m.name
                ));
            }
            if book.weapon(&m.weapon).is_none() {
                return illegal(format!("{}: unknown weapon '{}'", m.name, m.weapon));
            }
            let (id, rank, weapon) = (m.name.as_str().into(), m.rank.as_str().into(), m.weapon.as_str().into());
            let mut man = Soldier::new(&book, id, rank, Side::Friendly, weapon, Some(scenario.start));
            man.veteran = m.veteran;
            soldiers.push(man);
        }
        let sections = vec![Section { name: "A".into(), members: (0..soldiers.len()).collect() }];
        let roster = Roster::of(&soldiers);
        Ok(Self {
            book,
            rules: RuleSet::LoneWarrior,
            scenario: scenario.name.clone(),
            seed,
            map,
            soldiers,
            sections,
            phase: Phase::Patrol,
            incidents: 0,
            encounters: 0,
            objective: scenario.objective.clone(),
            visited: Vec::new(),
            objective_reached: false,
            dice: Dice::new(seed),
            next_enemy: 1,
            forces: scenario.forces.clone(),
            radio: scenario.radio,
            fire_missions: 0,
            fire_pending: Vec::new(),
            tanks: false,
            waiting: scenario.encounters.clone(),
            summary_only: false,
            roster,
            spare: Spare::default(),
        })
    }

    /// The patrol this game began as, with the dice seeded with `seed`
    /// instead: the same as `Game::new` with that seed, when called on a game
    /// `Game::new` has just made. The simulator starts every patrol this way,
    /// so they all share what the map works out once (its sight between hexes).
    pub fn reseeded(&self, seed: u64) -> Game {
        let mut game = self.clone();
        // A clone has no room to spare: room for the enemies a patrol meets
        // (some seventeen on the default scenario), else the roster grows as
        // they are placed, each time moving every man.
        game.soldiers.reserve(32);
        game.seed = seed;
        game.dice = Dice::new(seed);
        game
    }

    /// The game's rule book.
    pub fn book(&self) -> &Arc<RuleBook> {
        &self.book
    }

    /// Finds every man's weapon in the rule book again (`Soldier::weapon_index`),
    /// for a game read back from a save: where a weapon is in the book is
    /// not saved, and until then it is looked up by key at every shot.
    pub fn rearm(&mut self) {
        for s in &mut self.soldiers {
            s.rearm(&self.book);
        }
    }

    /// This game, from now on making only the events a summary counts
    /// (`Event::in_summary`) and perhaps a few more. The simulator's tally
    /// counts only those, and making the others (moves, shots, holds, the
    /// deck's make-up...) to drop them unread was some 7% of its time.
    /// The game plays the same either way: no die is rolled to write an
    /// event, and the one event read back, the patrol's end (a campaign
    /// takes its outcome and prisoners from it), is always made.
    pub fn summary_only(mut self) -> Self {
        self.summary_only = true;
        self
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

    /// Carries out a command.
    ///
    /// # Errors
    /// Why the command is not legal now; the game is then unchanged.
    pub fn apply(&mut self, command: &Command) -> Result<Vec<Event>, RuleError> {
        // Room for what most commands report, so the list is seldom moved as it grows.
        let mut events = Vec::with_capacity(8);
        self.apply_into(command, &mut events)?;
        Ok(events)
    }

    /// `apply`, adding the events to the end of `events`: the simulator
    /// plays a patrol's hundreds of commands into one list, cleared between
    /// them, rather than make a new one for each.
    ///
    /// # Errors
    /// As `apply`; the game and `events` are then unchanged.
    pub fn apply_into(&mut self, command: &Command, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let before = events.len();
        let done = self.dispatch(command, events);
        if done.is_err() {
            events.truncate(before);
        }
        done
    }

    fn dispatch(&mut self, command: &Command, events: &mut Vec<Event>) -> Result<(), RuleError> {
        match (&self.phase, command) {
            (Phase::Over { outcome }, _) => illegal(format!("the patrol is over ({outcome})")),
            (Phase::Patrol, Command::Move { section, to }) => self.move_section(section.as_deref(), *to, events),
            (Phase::Patrol, Command::Split { soldiers }) => self.split(soldiers, events),
            (Phase::Patrol, Command::Join { section, into }) => self.join(section, into, events),
            (Phase::Patrol, Command::Exit { section }) => self.exit_section(section.as_deref(), events),
            (Phase::Patrol, Command::Capture { prisoner }) => self.capture(prisoner, events),
            (Phase::Patrol, Command::Turn) => illegal("there is no action: no cards to turn"),
            (Phase::Patrol, _) => illegal(format!("'{command}' is for tactical action; now the patrol moves")),
            (Phase::Action(_), Command::Turn) => self.turn_card(events),
            (Phase::Action(_), Command::Split { .. } | Command::Join { .. } | Command::Capture { .. }) => {
                illegal("sections split, join and take prisoners in patrol movement, not during an action")
            }
            (Phase::Action(_), Command::Move { section: Some(_), .. } | Command::Exit { section: Some(_) }) => {
                illegal("in an action men move one at a time on their own cards: leave out the section")
            }
            (Phase::Action(_), _) => self.act(command, events),
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

    /// A soldier of either side by id, ignoring case.
    ///
    /// Ids are unique ignoring case (`Game::new` and the save checks refuse
    /// a squad or save where they are not, and enemies are numbered on), so
    /// the man found is the only one. Orders mostly name an enemy, and
    /// enemies join the roster in the order of their numbers: the one whose
    /// number is `n` stands `next_enemy - n` places from the roster's end,
    /// unless a save says otherwise, and is looked for there first (a fire
    /// order searched the whole roster, some 380 instructions).
    pub fn find(&self, id: &str) -> Option<usize> {
        let at = enemy_number(id).and_then(|n| {
            self.soldiers.len().checked_add(usize::try_from(n).ok()?)?.checked_sub(self.next_enemy as usize)
        });
        at.filter(|&i| self.soldiers.get(i).is_some_and(|s| same_name(&s.id, id)))
            .or_else(|| self.soldiers.iter().position(|s| same_name(&s.id, id)))
    }

    pub fn find_section(&self, name: &str) -> Option<usize> {
        self.sections.iter().position(|s| same_name(&s.name, name))
    }

    pub fn section_pos(&self, section: &Section) -> Option<Pos> {
        section.members.iter().find_map(|&i| self.soldiers[i].pos)
    }

    /// Soldiers of `side` who can act: the ones that get cards and may be shot at.
    ///
    /// Only the side's part of the roster is read (`Roster`).
    pub fn able(&self, side: Side) -> impl DoubleEndedIterator<Item = usize> + '_ {
        let part = self.part(side);
        let from = part.start;
        self.soldiers[part].iter().enumerate().filter(move |(_, s)| able_of(s, side)).map(move |(i, _)| from + i)
    }

    /// Where the men `able` gives stand, in order, for walks that want no
    /// more of them (read from the men, not looked up again by index).
    pub(super) fn able_hexes(&self, side: Side) -> impl Iterator<Item = Pos> + '_ {
        self.soldiers[self.part(side)].iter().filter(move |s| able_of(s, side)).filter_map(|s| s.pos)
    }

    /// The part of the roster where every man of the squad stands, hit or
    /// not (`Roster`): the whole roster after a load, until an action starts.
    pub(super) fn squad_part(&self) -> &[Soldier] {
        let end = self.roster.squad_end.min(self.soldiers.len());
        debug_assert!(
            self.soldiers[end..].iter().all(|s| s.side != Side::Friendly),
            "a man of the squad after its part of the roster"
        );
        &self.soldiers[..end]
    }

    /// The part of the roster where the able men of `side` stand (`Roster`).
    fn part(&self, side: Side) -> std::ops::Range<usize> {
        let len = self.soldiers.len();
        let part = match side {
            Side::Friendly => 0..self.squad_part().len(),
            Side::Enemy => self.roster.enemy_from.min(len)..len,
        };
        debug_assert!(
            self.soldiers.iter().enumerate().all(|(i, s)| part.contains(&i) || !able_of(s, side)),
            "an able man of the {} side outside his part of the roster",
            side.name()
        );
        part
    }

    /// Whether anybody of `side` can act: `able(side).next().is_some()`.
    /// The enemy is looked for from the end of its part of the roster, where
    /// this action's men were added last; in a game just loaded, whose part
    /// is the whole roster, that passes over no enemy met before.
    pub fn any_able(&self, side: Side) -> bool {
        match side {
            Side::Friendly => self.able(side).next().is_some(),
            Side::Enemy => self.able(side).next_back().is_some(),
        }
    }

    /// Everybody in a hex, of either side and any state but dead.
    pub fn in_hex(&self, p: Pos) -> impl Iterator<Item = usize> + '_ {
        self.soldiers
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.pos == Some(p) && s.state != State::Dead)
            .map(|(i, _)| i)
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

    fn earlier_incidents_modifier(&self) -> Option<Modifier> {
        let check = &self.book.incident;
        let earlier = if check.false_alarms_count { self.incidents } else { self.encounters };
        let n = earlier.min(check.max_earlier) as i32;
        (n > 0).then(|| Modifier::new(Name::new_static("earlier_incidents"), n * check.per_earlier_incident))
    }

    fn roll_incident_check(&mut self, modifiers: Modifiers, hex: Pos) -> Roll {
        let c = &self.book.incident;
        let (n, sides, base) = (c.dice, c.sides, i32::from(c.base));
        self.dice.check(Purpose::Incident, n, sides, base, modifiers).on(hex)
    }

    /// Names of soldiers, for events.
    fn ids(&self, idx: &[usize]) -> Vec<Name> {
        idx.iter().map(|&i| self.soldiers[i].id.clone()).collect()
    }

    /// Checks that `to` is a hex a man at `from` may step into.
    fn check_step(&self, from: Pos, to: Pos) -> Result<(), RuleError> {
        if !self.map.contains(to) {
            return illegal(format!("{to} is off the map"));
        }
        if from == to {
            return illegal(format!("already at {to}"));
        }
        if !from.is_adjacent(to) {
            return illegal(format!("{to} is not next to {from}: one hex at a time"));
        }
        if !self.map.passable(&self.book, to) {
            let name = self.map.terrain(&self.book, to).map_or("that terrain", |t| t.name.as_str());
            return illegal(format!("{to} is {name}, which cannot be entered"));
        }
        if self.map.is_minefield(to) {
            return illegal(format!("{to} is a known minefield"));
        }
        Ok(())
    }

    /// A friendly man entered `to`: tick off the objective if it names the hex.
    fn note_objective(&mut self, to: Pos, events: &mut Vec<Event>) {
        if self.objective_reached {
            return;
        }
        match &self.objective {
            data::Objective::Reach(p) if *p == to => {
                self.objective_reached = true;
                events.push(Event::ObjectiveReached { hex: to });
            }
            data::Objective::Reconnoitre(hexes) if hexes.contains(&to) => {
                if let Err(i) = self.visited.binary_search(&to) {
                    self.visited.insert(i, to);
                    let left = hexes.iter().filter(|h| self.visited.binary_search(h).is_err()).count() as u32;
                    events.push(Event::Reconnoitred { hex: to, left });
                    if left == 0 {
                        self.objective_reached = true;
                        events.push(Event::ObjectiveReached { hex: to });
                    }
                }
            }
            _ => {}
        }
    }

    /// Ends the patrol when no friendly soldier on the map can move on.
    fn check_patrol_over(&mut self, events: &mut Vec<Event>) {
        if self.able(Side::Friendly).next().is_some() || self.is_over() {
            return;
        }
        // The roster read once, each man into his list, in roster order.
        let (mut home, mut left_behind, mut dead, mut prisoners) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut enemy_casualties = 0;
        for s in &self.soldiers {
            let id = || s.id.clone();
            match (s.side, s.state == State::Dead) {
                (Side::Friendly, true) => dead.push(id()),
                (Side::Friendly, false) if s.pos.is_none() => home.push(id()),
                (Side::Friendly, false) => left_behind.push(id()),
                (Side::Enemy, _) => enemy_casualties += u32::from(s.state != State::Fit),
            }
            if s.captive && s.pos.is_none() && s.state != State::Dead {
                prisoners.push(id());
            }
        }
        let done = match self.objective {
            data::Objective::Prisoner(_) => !prisoners.is_empty(),
            _ => self.objective_reached,
        };
        let outcome = match (home.is_empty(), done) {
            (true, _) => "lost",
            (false, true) => "success",
            (false, false) => "failed",
        };
        events.push(Event::PatrolEnd {
            outcome: Name::new_static(outcome),
            objective_reached: self.objective_reached,
            home,
            left_behind,
            dead,
            prisoners,
            enemy_casualties,
        });
        self.phase = Phase::Over { outcome: outcome.into() };
    }
}

#[cfg(test)]
mod shortcut_tests;
#[cfg(test)]
mod tests;
