//! The enemy's judgement about where to go, beside `enemy` (which decides
//! what each man does on his card): when riflemen go in hand to hand, and
//! when snipers and MG teams give up a post the patrol has outflanked.
//! Nothing here rolls a die; ties fall to map order.

use crate::engine::game::Game;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

/// The worst aimed-fire need at which an enemy still shoots rather than
/// charges: a 4+ shot hits as often as a fight is won.
const CHARGE_ABOVE_NEED: i32 = 4;

impl Game {
    /// A hex next to enemy `e` to charge into, hand to hand: it holds able
    /// patrol men, the enemy's able men within a hex of it outnumber them,
    /// and his best shot needs more than `CHARGE_ABOVE_NEED` (or he has
    /// none). The fewest patrol men first, then map order. Men who hold a
    /// post (snipers, MG teams, crews) and vehicles do not charge.
    pub(in crate::engine) fn enemy_charge_hex(&self, e: usize, best_need: Option<i32>) -> Option<Pos> {
        let s = &self.soldiers[e];
        let here = s.pos?;
        if s.stays_put || s.vehicle.is_some() || best_need.is_some_and(|n| n <= CHARGE_ABOVE_NEED) {
            return None;
        }
        here.neighbours()
            .into_iter()
            .filter(|&h| self.map.enterable(&self.book, h))
            .filter_map(|h| {
                let men = self.able(Side::Friendly).filter(|&f| self.soldiers[f].pos == Some(h)).count();
                (men > 0 && self.able_near(Side::Enemy, h) > men).then_some((men, h))
            })
            .min()
            .map(|(_, h)| h)
    }

    /// A step back for enemy `e`, a man who holds a post (a sniper, an MG
    /// team), when the patrol has outflanked it: an able patrol man next to
    /// him and the patrol's able men within two hexes at least twice the
    /// enemy's in his hex. He steps to the neighbouring hex farthest from
    /// the patrol's nearest man (so no patrol man is next to him there):
    /// hard cover before soft before none, then map order. None (no such
    /// hex): he stands and fights.
    pub(in crate::engine) fn fall_back_step(&self, e: usize) -> Option<Pos> {
        let s = &self.soldiers[e];
        let here = s.pos?;
        if !s.stays_put || s.vehicle.is_some() {
            return None;
        }
        let patrol: Vec<Pos> = self.able_hexes(Side::Friendly).collect();
        let nearest = |p: Pos| patrol.iter().map(|q| q.distance(p)).min().unwrap_or(u32::MAX);
        let near = patrol.iter().filter(|q| q.distance(here) <= 2).count();
        let ours = self.able_hexes(Side::Enemy).filter(|&p| p == here).count();
        if nearest(here) > 1 || near < 2 * ours.max(1) {
            return None;
        }
        let now = nearest(here);
        here.neighbours()
            .into_iter()
            .filter(|&h| self.map.enterable(&self.book, h) && nearest(h) > now)
            .map(|h| (std::cmp::Reverse(nearest(h)), self.map.cover(&self.book, h).preference(), h))
            .min()
            .map(|(_, _, h)| h)
    }

    /// Enemy `e` steps from `here` to `to` on his card, and fights any
    /// patrol man there (as written, men who share a hex fight at once).
    pub(in crate::engine) fn enemy_steps(&mut self, e: usize, here: Pos, to: Pos, events: &mut Events) {
        let s = &mut self.soldiers[e];
        s.pos = Some(to);
        s.moved = true;
        if events.keeps_all() {
            events.push(Event::Moved { section: None, soldiers: vec![s.id.clone()], from: here, to });
        }
        self.close_quarters(e, events);
    }
}

#[cfg(test)]
#[path = "enemy_moves_tests.rs"]
mod tests;
