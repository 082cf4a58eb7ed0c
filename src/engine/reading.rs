//! What the rest of the program may read of a game. The state's fields are
//! the engine's own: only `Game::apply` changes a game, so that every
//! change is a command and every command's effects are events.

use crate::engine::book::scenario::{Encounter, Objective};
use crate::engine::game::Game;
use crate::engine::map::Map;
use crate::engine::ruleset::lone_warrior::call::FireMission;
use crate::engine::ruleset::registry::RuleSet;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::Section;
use crate::engine::vocabulary::soldier::Soldier;

impl Game {
    /// The rule set the patrol's firefights are fought by.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The scenario's name.
    pub fn scenario(&self) -> &str {
        &self.scenario
    }

    /// The seed the patrol's dice were seeded with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Both sides: the squad first, in the order it set out, then every enemy met,
    /// in the order they were met. Sections and cards name men by their
    /// place here.
    pub fn soldiers(&self) -> &[Soldier] {
        &self.soldiers
    }

    /// The patrol's sections, each with its men.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// Where the patrol is in the game loop.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Incidents so far this patrol, false alarms included.
    pub fn incidents(&self) -> u32 {
        self.incidents
    }

    /// Incidents so far that were not false alarms.
    pub fn encounters(&self) -> u32 {
        self.encounters
    }

    pub fn objective(&self) -> &Objective {
        &self.objective
    }

    /// The objective's hexes entered so far, in order.
    pub fn visited(&self) -> &[Pos] {
        &self.visited
    }

    /// Whether the objective is done in the field (the patrol must still
    /// bring its men, and any prisoner, home).
    pub fn objective_reached(&self) -> bool {
        self.objective_reached
    }

    /// Whether the patrol carries a radio to call H.E. fire: its orders give
    /// it one and the rules let it (house rule `radio`).
    pub fn radio(&self) -> bool {
        self.radio && self.book.arsenal.high_explosive.as_ref().is_some_and(|h| h.radio)
    }

    /// H.E. fire missions called so far this patrol.
    pub fn fire_missions(&self) -> u32 {
        self.fire_missions
    }

    /// H.E. fire called this turn, landing at its STOP card.
    pub fn fire_pending(&self) -> &[FireMission] {
        &self.fire_pending
    }

    /// Enemy still waiting at hexes of the map.
    pub fn waiting(&self) -> &[Encounter] {
        &self.waiting
    }
}

/// The state to set a scene by hand, for tests outside the engine that need
/// a man where no patrol would bring him, or a game no play would make.
#[cfg(test)]
impl Game {
    pub(crate) fn soldiers_mut(&mut self) -> &mut Vec<Soldier> {
        &mut self.soldiers
    }

    pub(crate) fn sections_mut(&mut self) -> &mut Vec<Section> {
        &mut self.sections
    }

    pub(crate) fn phase_mut(&mut self) -> &mut Phase {
        &mut self.phase
    }

    pub(crate) fn objective_mut(&mut self) -> &mut Objective {
        &mut self.objective
    }

    pub(crate) fn visited_mut(&mut self) -> &mut Vec<Pos> {
        &mut self.visited
    }

    pub(crate) fn waiting_mut(&mut self) -> &mut Vec<Encounter> {
        &mut self.waiting
    }
}
