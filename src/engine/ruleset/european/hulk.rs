//! Vehicles under a rule set with vehicle rules of its own
//! (`Rules::vehicles`: European Battlefield): the shot at one, what a fire
//! did to it kept with it, the hulks it leaves, and a vehicle's card. Lone
//! Warrior's vehicles are `vehicle.rs`, by the arsenal's tables, and never
//! come here.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::AimedShot;
use crate::engine::ruleset::{Deed, VehicleHurt};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// `shooter`'s shot at the vehicle `target` by the rule set's own
    /// vehicle rules, or None where it has none (the arsenal's A/T table).
    pub(in crate::engine) fn own_vehicle_shot(
        &self,
        memo: Memo<'_>,
        shooter: usize,
        target: usize,
    ) -> Option<Result<AimedShot, String>> {
        if !self.rules.vehicles() {
            return None;
        }
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        let (Some(from), Some(to)) = (s.pos, t.pos) else { return Some(Err("not on the map".into())) };
        let odds = self.rules.vehicle_shot(&self.book, s, t, from.distance(to));
        Some(odds.and_then(|odds| match self.can_see(memo, from, to) {
            true => Ok(AimedShot { odds, at_band: None, special: false }),
            false => Err(format!("no line of sight from {from} to {to}")),
        }))
    }

    /// A fire hurt the vehicle `i`: what it has suffered is kept with it; out
    /// of the fight, it is a hulk where it stands (dead, never carried off),
    /// and its crew and the men inside get out or die (`crew.rs`).
    pub(in crate::engine) fn vehicle_hurt(&mut self, i: usize, hit: VehicleHurt, events: &mut Events) {
        let s = &mut self.soldiers[i];
        let Some(v) = s.vehicle.as_mut() else { return };
        v.hurt = hit.hurt;
        if hit.out && s.state != State::Dead {
            s.state = State::Dead;
            self.vehicle_out(i, events);
        }
    }

    /// Whether a hulk stands in `p` (rules with vehicles of their own).
    pub fn hulk_at(&self, p: Pos) -> bool {
        self.rules.vehicles()
            && self.soldiers.iter().any(|s| s.vehicle.is_some() && s.state == State::Dead && s.pos == Some(p))
    }

    /// A vehicle's card under rules with vehicles of their own: a transport
    /// takes its routed men back in and draws off, or lets its men out when
    /// the time has come (`transport.rs`: half its move); it runs over a man
    /// of the patrol beside it (`manoeuvre.rs`); it fires at the man of the
    /// patrol it is likeliest to hit, standing (its main gun fires only so),
    /// turning to him if it has no turret; with nobody to fire at it closes
    /// in, as far as what is left of a man's move (pushing a hulk that bars
    /// its way, at half speed), and fires on the move if it can; else it holds.
    pub(in crate::engine) fn own_vehicle_acts(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) {
        let steps = self.rules.moves(&self.book, &self.soldiers[e]).map_or(1, |m| m.open);
        // The move in half hexes: a step 2, a step pushing a hulk 4.
        let mut budget = steps * 2;
        if self.mount_routed(e, events) {
            // Half its move: the rest draws it off, away from the patrol.
            for _ in 0..steps / 2 {
                let Some(at) = self.soldiers[e].pos else { break };
                let Some(to) = self.vehicle_step(at, false).filter(|_| !self.vehicle_stuck(e)) else { break };
                self.vehicle_moves(e, at, to, events);
            }
            return;
        }
        if self.dismount_if_due(memo, e, events) {
            budget = steps;
        }
        if budget == steps * 2 && self.run_over(e, events) {
            budget -= 2;
        }
        if self.vehicle_fires_own(memo, e, events) {
            return;
        }
        let mut moved = false;
        while budget >= 2 {
            let Some(at) = self.soldiers[e].pos else { break };
            if self.vehicle_stuck(e) {
                break;
            }
            if let Some(to) = self.vehicle_step(at, true) {
                self.vehicle_moves(e, at, to, events);
                budget -= 2;
            } else if let Some(way) = self.push_way(at).filter(|_| budget >= 4) {
                self.push_hulk(e, way, events);
                budget -= 4;
            } else {
                break;
            }
            moved = true;
        }
        if moved && self.vehicle_fires_own(memo, e, events) {
            return;
        }
        if !moved && events.keeps_all() {
            events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
        }
    }

    /// Vehicle `e` fires its squad's fire (itself) at the able man of the
    /// patrol it is likeliest to hit, if it has a shot; whether it fired.
    fn vehicle_fires_own(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) -> bool {
        if !self.may(e, Deed::Fire) || self.rules.shots(&self.book, &self.soldiers[e], false) == 0 {
            return false;
        }
        let target = self.marksman(memo, e).and_then(|m| {
            self.able(Side::Friendly)
                .filter(|&f| self.soldiers[f].pos.is_some_and(|p| self.can_bear(e, p)))
                .filter_map(|f| Some((m.need_of_able(f, &self.soldiers[f])?, f)))
                .min()
        });
        let Some((_, f)) = target else { return false };
        // A turretless vehicle turns its front to him first.
        if let Some(to) = self.soldiers[f].pos {
            self.pivot(e, to, events);
        }
        self.squad_fire(memo, e, f, events).unwrap_or(false)
    }
}

#[cfg(test)]
#[path = "hulk_tests.rs"]
mod tests;
