//! The patrol leader's judgement in a fight and on the march, apart from
//! the orders themselves (`leader.rs`): when to go in with the bayonet, where
//! to step when there is no shot, what armour to keep away from, and which
//! way across the map costs the least.
//!
//! Everything here reads the game and decides; nothing rolls or changes
//! anything, so the leader stays as deterministic as the dice.

use std::cmp::Reverse;
use std::sync::Arc;

use crate::engine::book::{Cover, WeaponKind};
use crate::engine::cache::memo::{Memo, Route};
use crate::engine::game::Game;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::Side;

/// The worst aimed-fire need at which a man still shoots rather than goes
/// in hand to hand: a D6 shot on 4+ wins half the time, as often as a fight
/// does (a tie settles nothing and is fought again).
const CHARGE_ABOVE_NEED: i32 = 4;

impl Game {
    /// Whether man `i` carries an anti-tank weapon (a bazooka, a PIAT).
    pub(in crate::engine) fn carries_anti_tank(&self, i: usize) -> bool {
        self.weapon_of(&self.soldiers[i]).is_some_and(|w| matches!(w.kind, WeaponKind::AntiTank { .. }))
    }

    /// Able enemy men on foot in `hex` (a vehicle is not fought by hand).
    fn foes_on_foot(&self, hex: Pos) -> usize {
        self.able(Side::Enemy)
            .filter(|&e| self.soldiers[e].pos == Some(hex) && self.soldiers[e].vehicle.is_none())
            .count()
    }

    /// Able men of `side` within one hex of `hex` (in it too).
    pub(in crate::engine) fn able_near(&self, side: Side, hex: Pos) -> usize {
        self.able_hexes(side).filter(|p| p.distance(hex) <= 1).count()
    }

    /// The hex next to man `me` that he should charge into, hand to hand: a
    /// hex of able enemies on foot and no vehicle, when his best shot needs
    /// more than `CHARGE_ABOVE_NEED` (or he has none) and the patrol's able
    /// men round that hex are at least twice the enemy in it (they follow
    /// on their cards). The fewest enemies first, then map order. The
    /// bazooka man is kept back for armour, and never charges.
    pub(in crate::engine) fn charge_hex(&self, me: usize, best_need: Option<i32>) -> Option<Pos> {
        let here = self.soldiers[me].pos?;
        if best_need.is_some_and(|n| n <= CHARGE_ABOVE_NEED) || self.carries_anti_tank(me) {
            return None;
        }
        here.neighbours()
            .into_iter()
            .filter(|&h| self.map.passable(&self.book, h) && !self.map.is_minefield(h))
            .filter(|&h| !self.in_hex(h).any(|i| self.soldiers[i].vehicle.is_some()))
            .filter_map(|h| {
                let foes = self.foes_on_foot(h);
                (foes > 0 && self.able_near(Side::Friendly, h) >= 2 * foes).then_some((foes, h))
            })
            .min()
            .map(|(_, h)| h)
    }

    /// Whether enemy `e` is armour that man `me` cannot hurt: any vehicle,
    /// unless he carries an anti-tank weapon.
    fn armour_beyond(&self, me: usize, e: usize) -> bool {
        self.soldiers[e].vehicle.is_some() && !self.carries_anti_tank(me)
    }

    /// With no shot and no fight: a step for man `me` toward the nearest
    /// enemy he can hurt, to bring him into range, while the patrol's able
    /// men outnumber the enemy's (outnumbered, the patrol waits for the
    /// enemy to come to it). He steps only into a hex
    /// nearer that enemy, never into an enemy's hex, never nearer to armour
    /// he cannot hurt, and, if he is in cover now, only into cover; hard
    /// cover before soft before none, then the nearer hex, then map order.
    /// None: he holds.
    pub(in crate::engine) fn advance_step(&self, me: usize) -> Option<Pos> {
        let here = self.soldiers[me].pos?;
        if self.able(Side::Friendly).count() <= self.able(Side::Enemy).count() {
            return None;
        }
        let targets: Vec<Pos> = self
            .able(Side::Enemy)
            .filter(|&e| !self.armour_beyond(me, e))
            .filter_map(|e| self.soldiers[e].pos)
            .collect();
        let armour: Vec<Pos> = self
            .able(Side::Enemy)
            .filter(|&e| self.armour_beyond(me, e))
            .filter_map(|e| self.soldiers[e].pos)
            .collect();
        let nearest = |p: Pos, of: &[Pos]| of.iter().map(|q| q.distance(p)).min();
        let now = nearest(here, &targets)?;
        // Cover is no shelter from a mortar that can reach him: then he
        // goes on, out of cover if need be.
        let covered = self.map.cover(&self.book, here) != Cover::None && !self.under_mortar(here);
        here.neighbours()
            .into_iter()
            .filter(|&h| self.map.passable(&self.book, h) && !self.map.is_minefield(h))
            .filter(|&h| !self.in_hex(h).any(|i| self.soldiers[i].side == Side::Enemy))
            .filter(|&h| nearest(h, &armour).is_none_or(|d| Some(d) >= nearest(here, &armour)))
            .filter_map(|h| {
                let d = nearest(h, &targets)?;
                let cover = self.map.cover(&self.book, h);
                (d < now && (!covered || cover != Cover::None)).then_some((cover.preference(), d, h))
            })
            .min()
            .map(|(_, _, h)| h)
    }

    /// Whether an able enemy mortar can reach `here`.
    fn under_mortar(&self, here: Pos) -> bool {
        self.able(Side::Enemy).any(|e| {
            let s = &self.soldiers[e];
            s.pos.zip(self.weapon_of(s)).is_some_and(|(p, w)| {
                matches!(w.kind, WeaponKind::Mortar { .. })
                    && self.rules.bombard_odds(&self.book, w, p.distance(here), false).is_some()
            })
        })
    }

    /// Whether man `me` is in sight and reach of armour he cannot hurt: then
    /// he gets out of its way rather than wait (`away_from_armour`).
    fn armour_threatens(&self, memo: Memo<'_>, me: usize) -> bool {
        let Some(here) = self.soldiers[me].pos else { return false };
        self.able(Side::Enemy).any(|e| {
            self.armour_beyond(me, e)
                && self.soldiers[e].pos.is_some_and(|p| p.distance(here) <= 5 && self.can_see(memo, p, here))
        })
    }

    /// A step for man `me` away from armour he cannot hurt, when it can see
    /// and reach him: into a hex no vehicle can enter, else out of its
    /// sight, else farther from it; never into an enemy's hex. None: stay.
    pub(in crate::engine) fn away_from_armour(&self, memo: Memo<'_>, me: usize) -> Option<Pos> {
        if !self.armour_threatens(memo, me) {
            return None;
        }
        let here = self.soldiers[me].pos?;
        let armour: Vec<Pos> = self
            .able(Side::Enemy)
            .filter(|&e| self.armour_beyond(me, e))
            .filter_map(|e| self.soldiers[e].pos)
            .collect();
        let seen = |h: Pos| armour.iter().any(|&a| a.distance(h) <= 5 && self.can_see(memo, a, h));
        let nearest = |h: Pos| armour.iter().map(|a| a.distance(h)).min().unwrap_or(u32::MAX);
        let score = |h: Pos| (self.vehicle_passable(h), seen(h), Reverse(nearest(h)), h);
        let best = here
            .neighbours()
            .into_iter()
            .filter(|&h| self.map.passable(&self.book, h) && !self.map.is_minefield(h))
            .filter(|&h| !self.in_hex(h).any(|i| self.soldiers[i].side == Side::Enemy))
            .min_by_key(|&h| score(h))?;
        (score(best) < score(here)).then_some(best)
    }

    /// The cost of a section entering each hex of the map on the march (by
    /// index; `u32::MAX` where it cannot go): the ways the incident dice can
    /// bring an incident there (its terrain's need, with the patrol's
    /// earlier incidents, `earlier`: in 36ths with 2D6), plus 4 for the
    /// step, less 2 for cover (a fight that starts in cover starts better).
    /// Worked out once for a whole search, with nothing gathered for each
    /// hex. The section's own hex `from`, if given, is costed as any other,
    /// minefield or not.
    fn march_costs(&self, from: Option<Pos>, earlier: i32) -> Vec<u32> {
        let check = &self.book.incident;
        // Ways to throw each total of the check's dice.
        let (dice, sides) = (u32::from(check.dice), u32::from(check.sides));
        let mut ways = vec![0u32; (dice * sides + 1) as usize];
        for k in 0..sides.pow(dice) {
            let total = (0..dice).map(|d| k / sides.pow(d) % sides + 1).sum::<u32>();
            ways[total as usize] += 1;
        }
        let at_least =
            |need: i32| ways.iter().enumerate().filter(|&(t, _)| t as i32 >= need).map(|(_, w)| w).sum::<u32>();
        // The cost of each terrain, worked out once rather than for each hex.
        let by_terrain: Vec<u32> = self
            .book
            .terrain
            .iter()
            .map(|t| {
                let need = i32::from(check.base) + t.incident_modifier + earlier;
                (at_least(need) + 4).saturating_sub(u32::from(t.cover != Cover::None) * 2)
            })
            .collect();
        (0..self.map.hex_count())
            .map(|i| {
                let p = self.map.pos_at(i);
                let t = self.map.terrain_index(i).and_then(|t| by_terrain.get(t));
                match t.filter(|_| Some(p) == from || self.map.enterable(&self.book, p)) {
                    Some(&cost) => cost,
                    None => u32::MAX,
                }
            })
            .collect()
    }

    /// The cost of the cheapest walk from each hex to any of `goals`, not
    /// counting the hex itself (`u32::MAX` where none), by the costs
    /// `enter` of every hex entered, searched backwards from the goals;
    /// with `stop`, only until that hex is settled (enough for its
    /// neighbours' choice: every neighbour on a cheapest walk from it costs
    /// less, as each step costs something, and is settled before it).
    fn walk_costs(&self, goals: &[Pos], enter: &[u32], stop: Option<usize>) -> Vec<u32> {
        let mut cost = vec![u32::MAX; enter.len()];
        let mut open = std::collections::BinaryHeap::new();
        for &g in goals {
            if let Some(i) = self.map.index(g).filter(|_| self.map.enterable(&self.book, g)) {
                cost[i] = 0;
                open.push(Reverse((0u32, i)));
            }
        }
        while let Some(Reverse((c, i))) = open.pop() {
            if c > cost[i] {
                continue;
            }
            if Some(i) == stop {
                break;
            }
            let step = c + enter[i];
            for p in self.map.pos_at(i).neighbours() {
                let Some(j) = self.map.index(p).filter(|&j| enter[j] != u32::MAX) else { continue };
                if step < cost[j] {
                    cost[j] = step;
                    open.push(Reverse((step, j)));
                }
            }
        }
        cost
    }

    /// The first step from `from` on the cheapest walk to any of `goals`
    /// (by `march_costs` of every hex entered; the goal itself counts).
    /// Ties go to the neighbour first in map order. None if `from` is a
    /// goal or none can be reached.
    ///
    /// The walk's costs depend on the ground, the book, the earlier
    /// incidents' modifier and the goals alone while no minefield is
    /// marked: they are then kept in the caller's cache (`memo`), worked
    /// out in full once, and read at every step after. With a minefield
    /// marked (the section's own hex may be one) they are worked out for
    /// the step. Either way the step is the same.
    pub(in crate::engine) fn cheapest_step(&self, memo: Memo<'_>, from: Pos, goals: &[Pos]) -> Option<Pos> {
        if goals.contains(&from) {
            return None;
        }
        let earlier = self.earlier_incidents_modifier().map_or(0, |m| m.value);
        let kept = memo.about(&self.map).filter(|_| self.map.minefields().is_empty());
        let route = match (kept, goals.first().and_then(|&g| self.map.index(g))) {
            (Some(m), Some(at)) => {
                let key = (earlier, goals.len() as u32, goals_key(&self.map, goals));
                let work = || {
                    let enter = self.march_costs(None, earlier);
                    let cost = self.walk_costs(goals, &enter, None).into();
                    Arc::new(Route { goals: goals.into(), cost, enter: enter.into() })
                };
                let kept = m.routes.get(self.map.hex_count(), at, key, work).into_owned();
                // A key that two sets of goals share is not trusted: worked out afresh.
                if *kept.goals == *goals { kept } else { work() }
            }
            _ => {
                let enter = self.march_costs(Some(from), earlier);
                let cost = self.walk_costs(goals, &enter, self.map.index(from));
                Arc::new(Route { goals: goals.into(), cost: cost.into(), enter: enter.into() })
            }
        };
        from.neighbours()
            .into_iter()
            .filter_map(|p| {
                let i =
                    self.map.index(p).filter(|&i| self.map.enterable(&self.book, p) && route.cost[i] != u32::MAX)?;
                Some((route.cost[i] + route.enter[i], p))
            })
            .min()
            .map(|(_, p)| p)
    }
}

/// The goals of a walk as one number, for the cache's key (FNV-1a over
/// their hex indices, in order).
fn goals_key(map: &crate::engine::map::Map, goals: &[Pos]) -> u64 {
    goals.iter().fold(0xcbf2_9ce4_8422_2325, |h, &g| {
        (h ^ map.index(g).map_or(u64::MAX, |i| i as u64)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
#[path = "tactics_tests.rs"]
mod tests;
