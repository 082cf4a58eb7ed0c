//! The enemy plays itself. On an enemy card the soldier, in this order:
//! 1. fights hand-to-hand if an able patrol man shares his hex;
//! 2. a mortar fires at the patrol hex it is likeliest to hit (most men on a tie);
//! 3. fires at the legitimate target he is likeliest to hit (nearest on a tie);
//! 4. snipers, MG teams and mortar crews otherwise hold their ground;
//! 5. anyone else steps to a neighbouring hex nearer the patrol, preferring
//!    hard cover, then soft, then the nearer hex; if no step gets nearer, he holds.
//!
//! Ties that remain are broken by roster order and map order, so the enemy
//! is as deterministic as the dice.

use super::Game;
use super::data::{Weapon, WeaponKind};
use super::dice::Purpose;
use super::event::Event;
use super::pos::Pos;
use super::ruleset::Odds;
use super::soldier::{Side, Soldier};

impl Game {
    /// The hex a mortar crewman `e` would bombard now, with its odds, if
    /// any; `weapon` is his own, which the caller has looked up.
    pub(super) fn bombard_target(&self, e: usize, weapon: &Weapon) -> Option<(Pos, Odds)> {
        let from = self.soldiers[e].pos?;
        if !matches!(weapon.kind, WeaponKind::Mortar { .. }) {
            return None;
        }
        let mut best: Option<(i32, usize, Pos, Odds)> = None;
        for hex in self.hexes_of(Side::Friendly) {
            let moved = self.in_hex(hex).any(|i| self.soldiers[i].side == Side::Friendly && self.soldiers[i].moved);
            let Some(odds) = self.rules.fire().bombard_odds(&self.book, weapon, from.distance(hex), moved) else {
                continue;
            };
            if odds.need() > i32::from(odds.sides) {
                continue;
            }
            let men = self
                .in_hex(hex)
                .filter(|&i| self.soldiers[i].side == Side::Friendly && self.soldiers[i].can_act())
                .count();
            let better = best
                .as_ref()
                .is_none_or(|(need, n, _, _)| (odds.need(), std::cmp::Reverse(men)) < (*need, std::cmp::Reverse(*n)));
            if better {
                best = Some((odds.need(), men, hex, odds));
            }
        }
        best.map(|(_, _, hex, odds)| (hex, odds))
    }

    pub(super) fn enemy_acts(&mut self, e: usize, events: &mut Vec<Event>) {
        let Some(here) = self.soldiers[e].pos else { return };
        if self.soldiers[e].vehicle.is_some() {
            self.vehicle_acts(e, events);
            return;
        }
        // 1. Hand-to-hand with an able patrol man in the hex.
        let foe = self.in_hex(here).find(|&i| self.soldiers[i].side == Side::Friendly && self.soldiers[i].can_act());
        if let Some(f) = foe {
            self.fight(e, f, events);
            return;
        }
        // 2. Mortar fire on a hex.
        let weapon = self.book.weapon(&self.soldiers[e].weapon);
        if let Some((hex, odds)) = weapon.and_then(|w| self.bombard_target(e, w)) {
            let id = self.soldiers[e].id.clone();
            if !self.summary_only {
                events.push(Event::Bombard { firer: id.clone(), hex, distance: here.distance(hex), gun: None });
            }
            let roll = odds.roll(&mut self.dice, Purpose::Mortar).by(&id).on(hex);
            let hit = roll.succeeded();
            events.push(Event::Roll(roll));
            if hit {
                self.shells_land(hex, &id, events);
            }
            return;
        }
        // 2b. A gun's H.E. at the hex of the patrol with the most men.
        if let Some((hex, base, mods)) = weapon.and_then(|w| self.gun_target(e, w)) {
            self.gun_fire(e, hex, base, mods, events);
            return;
        }
        // 3. Aimed fire at the likeliest target.
        let target = self.marksman(e).and_then(|m| {
            let (_, _, f) = self
                .able(Side::Friendly)
                .filter_map(|f| Some((m.need(f)?, self.soldiers[f].pos.map_or(u32::MAX, |p| p.distance(here)), f)))
                .min()?;
            Some((f, m.shot(f)))
        });
        if let Some((f, shot)) = target {
            if let Some(shot) = shot {
                self.fire(e, f, shot, events);
            }
            return;
        }
        // 4./5. Hold, or close in by cover.
        let step = if self.soldiers[e].stays_put { None } else { self.closing_step(here, Side::Friendly, true) };
        match step {
            Some(to) => {
                let s = &mut self.soldiers[e];
                s.pos = Some(to);
                s.moved = true;
                if !self.summary_only {
                    events.push(Event::Moved { section: None, soldiers: vec![s.id.clone()], from: here, to });
                }
            }
            None => {
                if !self.summary_only {
                    events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
                }
            }
        }
    }

    /// The hexes where able men of `side` stand, each once, in order.
    pub fn hexes_of(&self, side: Side) -> Vec<Pos> {
        self.hexes_where(|s| s.side == side && s.can_act())
    }

    /// The hexes where men `which` picks stand, each once, in order.
    pub(super) fn hexes_where(&self, which: impl Fn(&Soldier) -> bool) -> Vec<Pos> {
        // Men keep together, so a hex is looked for among the few found
        // already rather than every man's gathered and sorted: the list
        // seldom outgrows its first room.
        let mut hexes = Vec::with_capacity(4);
        for s in &self.soldiers {
            if let Some(p) = s.pos.filter(|_| which(s))
                && !hexes.contains(&p)
            {
                hexes.push(p);
            }
        }
        hexes.sort_unstable();
        hexes
    }

    /// A step for the man at `here` to a neighbouring hex nearer the nearest
    /// able man of `toward`: hard cover before soft before none, then the
    /// nearer hex, then map order. With `into_contact` false he will not
    /// step into a hex that holds one of them.
    pub(super) fn closing_step(&self, here: Pos, toward: Side, into_contact: bool) -> Option<Pos> {
        // Where they stand, gathered once for the seven hexes weighed: mostly
        // a hex or two, however many men.
        let targets = self.hexes_of(toward);
        let nearest = |p: Pos| targets.iter().map(|q| q.distance(p)).min();
        let now = nearest(here)?;
        // The distance first, as it is only arithmetic; then the terrain,
        // looked up once for whether he may enter and for its cover.
        let mut best: Option<(u8, u32, Pos)> = None;
        for p in here.neighbours() {
            let Some(d) = nearest(p).filter(|&d| d < now && (into_contact || d > 0)) else { continue };
            let Some(t) = self.map.terrain(&self.book, p).filter(|t| t.passable && !self.map.is_minefield(p)) else {
                continue;
            };
            let key = (t.cover.preference(), d, p);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(_, _, p)| p)
    }
}
