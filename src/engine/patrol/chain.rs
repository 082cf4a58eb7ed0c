//! The chain of command in a patrol: the senior able man leads (the squad
//! stands in order of seniority, `promotion.rs`, so he is the first able
//! man of it: the man the radio and the incident check at STOP follow).
//! When the leader falls, or is down, the next takes command, and a
//! campaign's patrol says so (`Event::TakesCommand`). A scenario played on
//! its own does not: its event streams stay as they were.

use crate::engine::game::Game;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// The man who leads the patrol now: the first able man of the squad.
    pub fn leader(&self) -> Option<usize> {
        self.able(Side::Friendly).next()
    }

    /// After a command: if the leader changed because he fell (not because
    /// he walked off the map), the new one takes command.
    pub(in crate::engine) fn succession(&self, before: Option<usize>, events: &mut Events) {
        let after = self.leader();
        let (Some(old), Some(new)) = (before, after) else { return };
        if old == new {
            return;
        }
        let gone = &self.soldiers[old];
        let walked_off = gone.pos.is_none() && matches!(gone.state, State::Fit | State::FleshWound | State::LightWound);
        if walked_off {
            return;
        }
        let man = &self.soldiers[new];
        events.push(Event::TakesCommand { soldier: man.id.clone(), rank: man.rank.clone(), from: gone.id.clone() });
    }
}

#[cfg(test)]
#[path = "chain_tests.rs"]
mod tests;
