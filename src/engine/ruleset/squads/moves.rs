//! A team's card under rule sets whose teams fight as squads, and what a
//! man may do on his card under any rule set with special moves or an
//! activation test: whether he may still fire, why he may not, how far he
//! moves on it and how much of that is left.

use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::{Deed, Pressure, Reaction};
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;

impl Game {
    /// Soldier `i`'s card is up, under rules that fight by squads: a team
    /// that moved this turn (the patrol's last step counts) and may not fire
    /// on the move may still move, and not fire (`Rules::shots`).
    pub(in crate::engine) fn squad_card_up(&mut self, i: usize) {
        if !self.rules.squads() {
            return;
        }
        let may_fire = self.rules.shots(&self.book, &self.soldiers[i], false) > 0;
        // What his activation test left him (European Battlefield's) stands.
        if let Phase::Action(a) = &mut self.phase {
            a.leave.may_fire &= may_fire;
        }
    }

    /// Why soldier `me`, whose card is up, may not do `deed` on it, in words.
    pub(in crate::engine) fn may_not(&self, me: usize, deed: Deed) -> String {
        let s = &self.soldiers[me];
        let id = &s.id;
        if deed == Deed::Move && s.kit.european().dug_in {
            return format!("{id} is dug in: he gets up first (up, half his move)");
        }
        // The half of a fire-and-move card he has used (Combat Patrol's).
        if self.rules.fire_and_move(&self.book)
            && let Phase::Action(a) = &self.phase
            && a.up == Some(me)
        {
            match deed {
                Deed::Move | Deed::Charge if !a.leave.may_move => {
                    return format!(
                        "{id} has made his combat move on this card: fire (a snap fire, by the standard method), or hold"
                    );
                }
                Deed::Fire if !a.leave.may_fire => {
                    return format!(
                        "{id} has fired on this card: make his combat move (a step, a drag, help to reload), or hold"
                    );
                }
                _ => {}
            }
        }
        if self.rules.squads() {
            let steps = match &self.phase {
                Phase::Action(a) => a.steps,
                _ => 0,
            };
            match deed {
                Deed::Move if s.pressure == crate::engine::vocabulary::soldier::Pressure::Pinned => {
                    return format!("{id} is pinned: a pinned team does not move at all (it may fire, or hold)");
                }
                Deed::Move if steps > 0 => return format!("{id} has used the move of this card: fire, or hold"),
                Deed::Fire if s.moved => {
                    return format!("{id} moved this turn, and its team may not fire on the move: step, or hold");
                }
                _ => {}
            }
        }
        match (deed, s.pressure) {
            (Deed::Move, Pressure::Routed) => {
                return format!(
                    "{id} is routed: he runs for the nearest edge of the map at the STOP card, by the dice; hold"
                );
            }
            (Deed::Fire | Deed::Charge, Pressure::Routed) => {
                return format!("{id} is routed: he neither fires nor charges; get him away");
            }
            (Deed::Fire | Deed::Charge, _) if self.at_the_double(me) => {
                return format!("{id} is at the double: no firing or charging on this card");
            }
            // Pinned where a pinned man does nothing at all (Combat Patrol).
            (_, Pressure::Pinned) if !self.rules.squads() && !self.rules.may(&self.book, s, Deed::Fire) => {
                return format!("{id} is pinned: he keeps his head down, neither moving nor firing (hold)");
            }
            (Deed::Move | Deed::Charge, Pressure::Prone) => {
                return format!("{id} has gone to ground: he does not move until his squad rallies (fire, or hold)");
            }
            _ => {}
        }
        let what = match deed {
            Deed::Move => "move",
            Deed::Fire => "fire",
            Deed::Charge => "charge",
        };
        format!("{id} may not {what} on this card: hold, or do what he may")
    }

    /// Soldier `i`'s card is over: the pressure his rule set lifts then.
    pub(in crate::engine) fn card_over(&mut self, i: usize, events: &mut Events) {
        if let Some(pressure) = self.rules.card_over(&self.book, &self.soldiers[i]) {
            self.pressed(i, Reaction { roll: None, pressure, kit: None }, events);
        }
    }

    /// How far soldier `me` moves on his card now, under rules that move a
    /// man more than a hex on it (`Rules::moves`), with half a move more for
    /// a command point his squad spent on it.
    pub(in crate::engine) fn move_allowance(&self, me: usize) -> Option<crate::engine::ruleset::Moves> {
        let mut moves = self.rules.moves(&self.book, &self.soldiers[me])?;
        moves.open += self.extra_steps(me, moves.open);
        // At the double, twice the move.
        if self.at_the_double(me) {
            moves.open *= 2;
        }
        Some(moves)
    }

    /// Under rules that move a man more than a hex on his card (`moves`):
    /// whether his step to `to` fits in what is left of his move, and, once
    /// made, what he may still do on the card (None: one hex ends the card).
    ///
    /// # Errors
    /// The step costs more of his move than is left.
    pub(in crate::engine) fn check_move_left(&self, me: usize, to: Pos) -> Result<Option<u32>, RuleError> {
        let rules = self.rules;
        let Some(moves) = self.move_allowance(me) else { return Ok(None) };
        let difficult = self.map.terrain(&self.book, to).is_some_and(|t| rules.difficult(&self.book, t));
        if difficult && self.at_the_double(me) {
            return refuse(
                RuleError::Step,
                format!("{} is at the double: not into difficult ground", self.soldiers[me].id),
            );
        }
        let cost = moves.cost(difficult);
        let used = match &self.phase {
            Phase::Action(a) => u32::from(a.steps),
            _ => 0,
        };
        if used + cost > moves.open {
            let id = &self.soldiers[me].id;
            let left = moves.open.saturating_sub(used);
            return refuse(
                RuleError::Step,
                format!(
                    "{id} has {left} of the {} steps of this card left, and {to} costs {cost}: fire or hold",
                    moves.open
                ),
            );
        }
        Ok(Some(used + cost))
    }
}
