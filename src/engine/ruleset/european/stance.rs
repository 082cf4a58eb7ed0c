//! European Battlefield's special moves in the loop (`Rules::double_stop`
//! says a rule set has them): at the double, digging in, and getting up.
//! Each is an order for the man whose card is up; his card stays up for
//! what he may still do on it.

use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::{Deed, Pressure};
use crate::engine::vocabulary::command::Stance;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::sink::Events;

impl Game {
    /// `double`, `dig` or `up` for `me`, whose card is up.
    ///
    /// # Errors
    /// Why he may not, in words; nothing has changed.
    pub(in crate::engine) fn take_stance(
        &mut self,
        me: usize,
        stance: Stance,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let (steps, half, open) = self.check_stance(me, stance)?;
        // Digging in and getting up are special movements: he has moved,
        // unless the house rule `dig_in_keeps_fire` says they are not.
        if stance != Stance::Double && self.digging_moves() {
            self.soldiers[me].moved = true;
        }
        let Phase::Action(a) = &mut self.phase else {
            return refuse(RuleError::Order, "special moves are made in an action");
        };
        match stance {
            Stance::Double => {
                a.double = true;
                a.leave.may_fire = false;
            }
            Stance::DigIn => {
                self.soldiers[me].kit.european_mut().dug_in = true;
                a.steps = u8::try_from(open).unwrap_or(u8::MAX);
                a.leave.may_move = false;
            }
            Stance::Up => {
                self.soldiers[me].kit.european_mut().dug_in = false;
                a.steps = u8::try_from(steps + half).unwrap_or(u8::MAX);
                a.leave.may_move = steps + half < open;
            }
        }
        let id = self.soldiers[me].id.clone();
        events.push(Event::Stance { soldier: id, stance: Name::new_static(stance.word()) });
        Ok(())
    }

    /// Whether digging in and getting up count as moving (the article's
    /// special movements), as they do but under the house rule
    /// `dig_in_keeps_fire`.
    pub(in crate::engine) fn digging_moves(&self) -> bool {
        crate::engine::ruleset::european::tables_in(&self.book).is_some_and(|t| !t.dig_in_keeps_fire)
    }

    /// Whether digging in now would cost `me` firing dice on this card: it
    /// counts as moving, he has not moved yet, and his weapon throws fewer
    /// dice on the move (a rifle half, a heavy weapon none).
    pub(in crate::engine) fn dig_in_costs_fire(&self, me: usize) -> bool {
        let s = &self.soldiers[me];
        if !self.digging_moves() || s.moved {
            return false;
        }
        let mut down = s.clone();
        down.moved = true;
        self.rules.shots(&self.book, &down, false) < self.rules.shots(&self.book, s, false)
    }

    /// Whether `me`, whose card is up, may take `stance` now.
    pub(in crate::engine) fn may_take(&self, me: usize, stance: Stance) -> bool {
        self.check_stance(me, stance).is_ok()
    }

    /// Why `me` may not take `stance`, or the steps he has made on his
    /// card, half his move (rounded up) and his whole move in the open.
    fn check_stance(&self, me: usize, stance: Stance) -> Result<(u32, u32, u32), RuleError> {
        let s = &self.soldiers[me];
        let id = s.id.clone();
        if self.rules.double_stop(&self.book).is_none() {
            return refuse(
                RuleError::Order,
                format!("{} has no special moves (at the double, digging in)", self.rules),
            );
        }
        if s.vehicle.is_some() {
            return refuse(
                RuleError::Order,
                format!("{id} is a vehicle: vehicles neither go at the double nor dig in"),
            );
        }
        let Some(moves) = self.move_allowance(me) else {
            return refuse(RuleError::Order, format!("{id} has no move to spend"));
        };
        let Phase::Action(a) = &self.phase else {
            return refuse(RuleError::Order, "special moves are made in an action");
        };
        let (steps, double) = (u32::from(a.steps), a.double);
        // Half his move, rounded up: a man of a one-hex move spends it.
        let half = moves.open.div_ceil(2);
        let here = s.pos.and_then(|p| self.map.terrain(&self.book, p));
        match stance {
            Stance::Double => {
                if double {
                    return refuse(RuleError::Order, format!("{id} is at the double already"));
                }
                if steps > 0 {
                    return refuse(
                        RuleError::Order,
                        format!("{id} has moved on this card: at the double is his whole move"),
                    );
                }
                if !self.may(me, Deed::Move) {
                    return refuse(RuleError::Order, self.may_not(me, Deed::Move));
                }
                if here.is_some_and(|t| self.rules.difficult(&self.book, t)) {
                    return refuse(
                        RuleError::Order,
                        format!("{id} is in difficult ground: no going at the double there"),
                    );
                }
                if self.double_stops(me) {
                    return refuse(
                        RuleError::Order,
                        format!("{id} is within 6\" of the enemy already: he must stop there"),
                    );
                }
            }
            Stance::DigIn => {
                if s.kit.european().dug_in {
                    return refuse(RuleError::Order, format!("{id} is dug in already"));
                }
                // A routed squad runs for the edge: it does not go to ground.
                if s.pressure == Pressure::Routed {
                    return refuse(RuleError::Order, format!("{id} is routed: he runs, he does not dig in"));
                }
                if double {
                    return refuse(RuleError::Order, format!("{id} is at the double: no digging in on this card"));
                }
                if !self.may(me, Deed::Move) {
                    return refuse(RuleError::Order, self.may_not(me, Deed::Move));
                }
                if steps + half > moves.open {
                    return refuse(
                        RuleError::Order,
                        format!("{id} has used his move: digging in takes half of it ({half} steps)"),
                    );
                }
            }
            Stance::Up => {
                if !s.kit.european().dug_in {
                    return refuse(RuleError::Order, format!("{id} is not dug in"));
                }
                if !self.may_get_up(me) || steps + half > moves.open {
                    return refuse(RuleError::Order, format!("{id} may not move on this card, so he stays down"));
                }
            }
        }
        Ok((steps, half, moves.open))
    }

    /// Whether `me`, dug in and his card up, may get up on it: he could
    /// move on it were he not dug in.
    pub fn may_get_up(&self, me: usize) -> bool {
        let s = &self.soldiers[me];
        let leave = match &self.phase {
            Phase::Action(a) if a.up == Some(me) => a.leave,
            _ => return false,
        };
        let mut risen = s.clone();
        risen.kit.european_mut().dug_in = false;
        s.kit.european().dug_in && leave.may_move && self.rules.may(&self.book, &risen, Deed::Move)
    }

    /// Whether `me`, whose card is up, is at the double on it.
    pub(in crate::engine) fn at_the_double(&self, me: usize) -> bool {
        matches!(&self.phase, Phase::Action(a) if a.double && a.up == Some(me))
    }

    /// A man at the double stops within the rule set's reach of an able
    /// enemy (European Battlefield: 6").
    pub(in crate::engine) fn double_stops(&self, me: usize) -> bool {
        let (Some(reach), Some(here)) = (self.rules.double_stop(&self.book), self.soldiers[me].pos) else {
            return false;
        };
        let foe = self.soldiers[me].side.other();
        self.able_hexes(foe).any(|p| p.distance(here) <= reach)
    }
}

#[cfg(test)]
#[path = "stance_tests.rs"]
mod tests;
