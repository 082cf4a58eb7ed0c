//! A hand grenade thrown in an action (rule sets with grenades: Combat
//! Patrol). The rule set rolls the throw and walks its scatter; the loop
//! says what it was thrown at and strikes every man in its blast.

use super::event::Event;
use super::memo::Memo;
use super::name::Name;
use super::pos::Pos;
use super::ruleset::{Blow, Throw};
use super::soldier::State;
use super::{Events, Game, RuleError, illegal};

/// The need of a shot past which the patrol leader and the enemy throw a
/// grenade instead, where they can (a decision: a shot of 8+ on a D10).
pub(super) const GRENADE_NEED: i32 = 8;

impl Game {
    /// Soldier `me`, his card up, throws a grenade at `hex`.
    pub(super) fn throw_grenade(
        &mut self,
        memo: Memo<'_>,
        me: usize,
        hex: Pos,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let Some(from) = self.soldiers[me].pos else { return illegal("not on the map") };
        if !self.map.contains(hex) {
            return illegal(format!("{hex} is not on the map"));
        }
        if hex == from {
            return illegal("not into your own hex: throw it at another");
        }
        let in_sight = self.can_see(memo, from, hex);
        let rules = self.rules;
        let throw = Throw { thrower: &self.soldiers[me], from, target: hex, in_sight };
        let thrown = rules.grenade(&self.book, &mut self.dice, &throw).map_err(RuleError)?;
        let thrower = self.soldiers[me].id.clone();
        self.soldiers[me].grenades_thrown = self.soldiers[me].grenades_thrown.saturating_add(1);
        events.push(Event::Grenade { thrower: thrower.clone(), target: hex, in_sight });
        events.push(Event::Roll(thrown.roll));
        for (opponent, inches, over) in thrown.steps {
            let by = Name::new_static(if opponent { "opponent" } else { "thrower" });
            events.push(Event::Scatter { by, inches, hex: over });
        }
        let blast: Vec<Pos> = thrown.blast.into_iter().filter(|&p| self.map.contains(p)).collect();
        events.push(Event::GrenadeLands { hex: thrown.lands, blast: blast.clone() });
        // Every man in the blast, of either side, still alive and not yet
        // out of it: in the order of the roster.
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            if s.pos.is_some_and(|p| blast.contains(&p)) && s.state != State::Dead && s.vehicle.is_none() {
                self.strike(i, Some(&thrower), Blow::Grenade, events);
            }
        }
        Ok(())
    }

    /// Where soldier `me` would throw a grenade, by the rule the patrol
    /// leader and the enemy both follow (a decision): only when he has one
    /// left, no shot better than `worst_need` (None: no shot at all), and
    /// no other man of his side in his own hex (a dropped grenade goes off
    /// there); at the hex within reach holding the most able enemy and none
    /// of his own side, the nearest on a tie.
    /// Inline, with the rest out of line: under a rule set without grenades
    /// (Lone Warrior) it is one flag read at every enemy card and order.
    #[inline]
    pub(super) fn grenade_target(&self, me: usize, best_need: Option<i32>, worst_need: i32) -> Option<Pos> {
        if !self.rules.hooks().grenades {
            return None;
        }
        self.grenade_target_weighed(me, best_need, worst_need)
    }

    /// `grenade_target` under a rule set whose men carry grenades.
    #[inline(never)]
    fn grenade_target_weighed(&self, me: usize, best_need: Option<i32>, worst_need: i32) -> Option<Pos> {
        let s = &self.soldiers[me];
        let (left, range) = self.rules.grenades(&self.book, s)?;
        let here = s.pos?;
        if left == 0 || best_need.is_some_and(|n| n < worst_need) {
            return None;
        }
        let mates =
            |p: Pos| self.soldiers.iter().any(|o| o.side == s.side && o.pos == Some(p) && o.state != State::Dead);
        if self.soldiers.iter().enumerate().any(|(i, o)| i != me && o.side == s.side && o.pos == Some(here)) {
            return None;
        }
        let mut best: Option<(usize, u32, Pos)> = None;
        for o in self.soldiers.iter().filter(|o| o.side != s.side && o.can_act() && o.vehicle.is_none()) {
            let Some(p) = o.pos.filter(|&p| p != here && p.distance(here) <= range && !mates(p)) else { continue };
            let count = self.soldiers.iter().filter(|e| e.side != s.side && e.can_act() && e.pos == Some(p)).count();
            let d = p.distance(here);
            if best.is_none_or(|(c, bd, bp)| count > c || (count == c && (d, p) < (bd, bp))) {
                best = Some((count, d, p));
            }
        }
        best.map(|(_, _, p)| p)
    }
}
