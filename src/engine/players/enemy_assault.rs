//! The enemy's team going in, under rules whose fire made beside a team
//! after a move is an assault (`Rules::assaults`: the company level). On
//! its card a team that does not hold a post moves toward the nearest
//! patrol team, a hex at a time, until it stands beside one or has used its
//! move (2 hexes in the open, 1 into difficult ground, as the patrol's
//! teams: a step that costs more than is left is not taken); then, if its
//! team fires on the move, it fires with its squad at the team it is
//! likeliest to hit, an assault where it stands beside it. A team with a
//! shot where it stands whose fire moving lessens (a rifle, an MG) fires
//! from there instead, with all its dice. Once the enemy closes in
//! (`closing_in`) its teams go on into the patrol's hexes, to fight hand
//! to hand, and do not stop to fire. Nothing here rolls a die; ties fall
//! to `closing_step`'s order.

use std::ops::ControlFlow;

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::Deed;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// The first step enemy team `e` takes to go in on its card, if it
    /// goes in: `standing_shot` says it has a shot where it stands, and
    /// `closing` that the enemy closes in. None: it does what the enemy
    /// otherwise does (fires where it stands, or holds).
    pub(in crate::engine) fn going_in(&self, e: usize, standing_shot: bool, closing: bool) -> Option<Pos> {
        let rules = self.rules;
        let s = &self.soldiers[e];
        if !rules.assaults() || s.stays_put || s.vehicle.is_some() || !self.may(e, Deed::Move) {
            return None;
        }
        // A team whose fire moving lessens keeps its shot where it stands.
        if standing_shot && !closing && self.moving_dice(e) < rules.shots(&self.book, s, false) {
            return None;
        }
        let to = self.closing_step(s.pos?, Side::Friendly, closing)?;
        (self.step_cost(e, to)? <= self.enemy_move(e)).then_some(to)
    }

    /// Enemy team `e` goes in, its first step `first` (`going_in`): it
    /// steps on while its move lasts and no patrol team stands beside it
    /// (into the patrol's hexes once the enemy closes in), then fires with
    /// its squad if its team fires on the move, else its card is over.
    pub(in crate::engine) fn go_in(
        &mut self,
        memo: Memo<'_>,
        e: usize,
        first: Pos,
        closing: bool,
        events: &mut Events,
    ) {
        let open = self.enemy_move(e);
        let mut used = 0;
        let mut to = Some(first);
        while let (Some(step), Some(here)) = (to, self.soldiers[e].pos) {
            let Some(cost) = self.step_cost(e, step).filter(|&c| used + c <= open) else { break };
            used += cost;
            self.enemy_steps(e, here, step, events);
            if !self.soldiers[e].can_act() || self.soldiers[e].pos.is_none() || self.foe_at_close_quarters(e).is_some()
            {
                return;
            }
            to = self.soldiers[e].pos.and_then(|p| self.closing_step(p, Side::Friendly, closing));
        }
        if closing || !self.may(e, Deed::Fire) || self.rules.shots(&self.book, &self.soldiers[e], false) == 0 {
            return;
        }
        let Some(here) = self.soldiers[e].pos else { return };
        let marksman = self.marksman(memo, e);
        let target = match self.foe_or_shot(Side::Friendly, here, marksman.as_ref(), |_| true) {
            ControlFlow::Continue(Some((_, _, f))) => f,
            _ => return,
        };
        if self.squad_fire(memo, e, target, events).is_err() && events.keeps_all() {
            events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
        }
    }

    /// The firing dice enemy team `e` would throw had it moved this turn.
    fn moving_dice(&self, e: usize) -> u32 {
        let mut moved = self.soldiers[e].clone();
        moved.moved = true;
        self.rules.shots(&self.book, &moved, false)
    }

    /// The steps of the open ground a team's move on its card holds.
    fn enemy_move(&self, e: usize) -> u32 {
        self.rules.moves(&self.book, &self.soldiers[e]).map_or(1, |m| m.open)
    }

    /// What a step of team `e` into `to` costs of its move (difficult
    /// ground costs more); None where the rules give no move by steps.
    fn step_cost(&self, e: usize, to: Pos) -> Option<u32> {
        let moves = self.rules.moves(&self.book, &self.soldiers[e])?;
        let difficult = self.map.terrain(&self.book, to).is_some_and(|t| self.rules.difficult(&self.book, t));
        Some(moves.cost(difficult))
    }
}

#[cfg(test)]
#[path = "enemy_assault_tests.rs"]
mod tests;
