//! The objective ticked off as the patrol goes, and the patrol's end when
//! nobody of it is left on the map to go on.

use crate::engine::book::scenario;
use crate::engine::game::Game;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// A friendly man entered `to`: tick off the objective if it names the hex.
    pub(in crate::engine) fn note_objective(&mut self, to: Pos, events: &mut Events) {
        if self.objective_reached {
            return;
        }
        match &self.objective {
            scenario::Objective::Reach(p) if *p == to => {
                self.objective_reached = true;
                events.push(Event::ObjectiveReached { hex: to });
            }
            scenario::Objective::Reconnoitre(hexes) if hexes.contains(&to) => {
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
    pub(in crate::engine) fn check_patrol_over(&mut self, events: &mut Events) {
        if self.able(Side::Friendly).next().is_some() || self.is_over() {
            return;
        }
        // The soldiers read once, each man into his list, in their order.
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
            scenario::Objective::Prisoner(_) => !prisoners.is_empty(),
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
