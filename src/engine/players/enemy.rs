//! The enemy plays itself. On an enemy card the soldier, in this order:
//! 1. fights hand-to-hand if an able patrol man shares his hex;
//! 2. a mortar fires at the patrol hex it is likeliest to hit (most men on a
//!    tie), a gun at the patrol hex with most men;
//! 3. a man holding a post (sniper, MG team, crew) whom the patrol has
//!    outflanked falls back a hex; a rifleman whose shot is poor charges a
//!    hex of the patrol his side outnumbers (`enemy_moves`);
//! 4. fires at the legitimate target he is likeliest to hit (nearest on a tie);
//! 5. snipers, MG teams and mortar crews otherwise hold their ground;
//! 6. anyone else steps to a neighbouring hex nearer the patrol, preferring
//!    hard cover, then soft, then the nearer hex; if no step gets nearer, he holds.
//!
//! Under rules whose fire after a move is an assault (the company level), a
//! team that does not hold a post goes in with its whole move before 4.,
//! and fires after it (`enemy_assault`).
//!
//! Once the enemy closes in (as written, after quiet turns: `closing_in`)
//! every man of it skips the falling back, 4. and 5. (a mortar in reach
//! still fires): he
//! steps in among the patrol to fight hand to hand.
//!
//! Ties that remain are broken by roster order and map order, so the enemy
//! is as deterministic as the dice.

use std::ops::ControlFlow;

use crate::engine::book::{Weapon, WeaponKind};
use crate::engine::cache::memo::Memo;
use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::{Deed, Odds};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// The hex a mortar crewman `e` would bombard now, with its odds, if
    /// any; `weapon` is his own, which the caller has looked up.
    #[inline]
    pub(in crate::engine) fn bombard_target(&self, e: usize, weapon: &Weapon) -> Option<(Pos, Odds)> {
        // Asked of every enemy's card, and most carry no mortar: answered
        // here, without the call (and its setting up) below.
        if !matches!(weapon.kind, WeaponKind::Mortar { .. }) {
            return None;
        }
        self.mortar_target(e, weapon)
    }

    /// `bombard_target` for a mortar crewman.
    fn mortar_target(&self, e: usize, weapon: &Weapon) -> Option<(Pos, Odds)> {
        let from = self.soldiers[e].pos?;
        // The hexes of the patrol's able men, in order, each with whether a
        // man of the patrol there has moved and how many there can act: one
        // pass over the roster rather than one for each question and hex.
        // Room for a hex a man: in an action the patrol's men move one by
        // one and often stand each in his own hex, past any small guess.
        let squad = self.squad_part();
        let mut hexes: Vec<(Pos, bool, usize)> = Vec::with_capacity(squad.len());
        for s in squad {
            let (Side::Friendly, Some(p), false) = (s.side, s.pos, s.state == State::Dead) else { continue };
            let able = usize::from(s.can_act());
            match hexes.iter_mut().find(|(at, _, _)| *at == p) {
                Some((_, moved, men)) => (*moved, *men) = (*moved || s.moved, *men + able),
                None => hexes.push((p, s.moved, able)),
            }
        }
        hexes.retain(|&(_, _, men)| men > 0);
        hexes.sort_unstable_by_key(|&(p, _, _)| p);
        let mut best: Option<(i32, usize, Pos, Odds)> = None;
        for (hex, moved, men) in hexes {
            let Some(odds) = self.rules.bombard_odds(&self.book, weapon, from.distance(hex), moved) else {
                continue;
            };
            if odds.need() > i32::from(odds.sides) {
                continue;
            }
            let better = best
                .as_ref()
                .is_none_or(|(need, n, _, _)| (odds.need(), std::cmp::Reverse(men)) < (*need, std::cmp::Reverse(*n)));
            if better {
                best = Some((odds.need(), men, hex, odds));
            }
        }
        best.map(|(_, _, hex, odds)| (hex, odds))
    }

    pub(in crate::engine) fn enemy_acts(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) {
        let Some(here) = self.soldiers[e].pos else { return };
        if self.soldiers[e].vehicle.is_some() {
            self.vehicle_acts(memo, e, events);
            return;
        }
        // 1. Hand-to-hand with an able patrol man in the hex. The same walk
        // over the patrol's able men weighs the shot he is likeliest to hit
        // (nearest on a tie) for 3., as the leader's `order` does: one walk
        // rather than two for most cards, a shot weighed for nothing when a
        // mortar or gun fires first (a few cards in ten).
        // 1a. With nobody of the patrol in his hex, a radio operator calls
        // the enemy's battery, if it has one (European Battlefield).
        if self.enemy_battery.is_some()
            && self.may(e, Deed::Fire)
            && !self.in_hex(here).any(|i| self.soldiers[i].side == Side::Friendly && self.soldiers[i].can_act())
            && self.enemy_battery_call(memo, e, events)
        {
            return;
        }
        let marksman = self.marksman(memo, e);
        let walk = self.foe_or_shot(Side::Friendly, here, marksman.as_ref(), |_| true);
        let best = match walk {
            ControlFlow::Break(f) => {
                self.fight(e, f, events);
                return;
            }
            ControlFlow::Continue(best) => best,
        };
        // 2. Mortar fire on a hex.
        // What the rule set lets him do (always anything under Lone Warrior).
        let (may_fire, may_move) = (self.may(e, Deed::Fire), self.may(e, Deed::Move));
        // 1b. An empty gun, his own or one in his hex, is reloaded first
        // (rule sets with ammunition).
        if let Some(g) = self.gun_to_reload(e) {
            let gunner = (g != e).then(|| self.soldiers[g].id.clone());
            let reloaded = self.reload_gun(e, gunner.as_ref(), events);
            debug_assert!(reloaded.is_ok(), "{reloaded:?}");
            return;
        }
        let weapon = self.weapon_of(&self.soldiers[e]).filter(|_| may_fire);
        if let Some((key, (hex, odds))) = weapon.and_then(|w| Some((&w.key, self.bombard_target(e, w)?))) {
            let id = self.soldiers[e].id.clone();
            if events.keeps_all() {
                events.push(Event::Bombard { firer: id.clone(), hex, distance: here.distance(hex), gun: None });
            }
            // A rule set whose indirect fire scatters rolls it all itself.
            let key = key.clone();
            if self.scattered_fire((crate::engine::ruleset::Gun::Weapon(&key), Some(e)), hex, false, &id, events) {
                return;
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
        if let Some((hex, base, mods)) = weapon.and_then(|w| self.gun_target(memo, e, w)) {
            self.gun_fire(e, hex, base, mods, events);
            return;
        }
        // Once the enemy closes in (as written, after quiet turns) its men
        // do not stop to shoot: they go in, to fight hand to hand.
        let assault = self.closing_in();
        // Snipers and MG teams outflanked give up the post; riflemen who
        // outnumber a hex of the patrol go in where the shot is poor.
        let shot_need = best.filter(|_| may_fire).map(|b| b.0);
        let moving = self.fall_back_step(e).filter(|_| may_move && !assault);
        if let Some(to) = moving.or_else(|| self.enemy_charge_hex(e, shot_need).filter(|_| may_move)) {
            self.enemy_steps(e, here, to, events);
            return;
        }
        // Under rules whose fire made beside a team after a move is an
        // assault (the company level), a team goes in with its whole move.
        if let Some(first) = self.going_in(e, shot_need.is_some(), assault) {
            self.go_in(memo, e, first, assault, events);
            return;
        }
        // 3. A grenade where the shot is poor (rule sets with grenades), then
        // aimed fire at the likeliest target.
        if let Some(hex) = self
            .grenade_target(e, best.map(|b| b.0), crate::engine::ruleset::combat_patrol::throwing::GRENADE_NEED)
            .filter(|_| may_fire && !assault)
        {
            // The target was chosen within the rules' reach: the throw is legal.
            let thrown = self.throw_grenade(memo, e, hex, events);
            debug_assert!(thrown.is_ok(), "{thrown:?}");
            return;
        }
        if let (false, true, Some(m), Some((_, _, f))) = (assault, may_fire, &marksman, best) {
            if let Some(shot) = m.shot(f) {
                if self.prefers_sweep(memo, e, f, crate::engine::ruleset::combat_patrol::throwing::GRENADE_NEED) {
                    let swept = self.fire_special(memo, e, f, events);
                    debug_assert!(swept.is_ok(), "{swept:?}");
                    return;
                }
                let shot = self.better_shot(memo, e, f, shot);
                match self.squad_fire(memo, e, f, events) {
                    Ok(false) => self.fire(e, f, shot, events),
                    Ok(true) => {}
                    // A squad that cannot fire (moved, without moving fire) holds.
                    Err(_) => {
                        if events.keeps_all() {
                            events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
                        }
                    }
                }
            }
            return;
        }
        // 4./5. Hold, or close in by cover (everyone, once the enemy closes in).
        let holds = (self.soldiers[e].stays_put && !assault) || !may_move;
        let step = if holds { None } else { self.closing_step(here, Side::Friendly, true) };
        match step {
            Some(to) => self.enemy_steps(e, here, to, events),
            None => {
                if events.keeps_all() {
                    events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
                }
            }
        }
    }

    /// The hexes where able men of `side` stand, each once, in order.
    pub fn hexes_of(&self, side: Side) -> Vec<Pos> {
        distinct_hexes(self.able_hexes(side))
    }

    /// The hexes where men of the squad stand, hit or not, each once, in
    /// order (read from the squad's part of the soldiers, `Game::squad_part`).
    pub(in crate::engine) fn squad_hexes(&self) -> Vec<Pos> {
        distinct_hexes(self.squad_part().iter().filter(|s| s.side == Side::Friendly).filter_map(|s| s.pos))
    }

    /// A step for the man at `here` to a neighbouring hex nearer the nearest
    /// able man of `toward`: hard cover before soft before none, then the
    /// nearer hex, then map order. With `into_contact` false he will not
    /// step into a hex that holds one of them.
    ///
    /// If the nearest of them is `now` hexes away, a neighbour is nearer
    /// only if it is `now - 1` from one of those `now` away (a step changes
    /// every distance by one at most), and then it is `now - 1` from the
    /// nearest: so only the nearest men's hexes are weighed, which the
    /// roster is read once for, with nothing gathered (a test compares this
    /// with the distance to every man's hex for each neighbour).
    pub(in crate::engine) fn closing_step(&self, here: Pos, toward: Side, into_contact: bool) -> Option<Pos> {
        // The distance to the nearest, and which neighbours are a step nearer
        // to one of the nearest (bit k for neighbour k).
        let mut now = u32::MAX;
        let mut nearer = 0u8;
        let mut last = None;
        for q in self.able_hexes(toward) {
            // Men keep together: the same hex as the man before adds nothing.
            if last.replace(q) == Some(q) {
                continue;
            }
            let d = q.distance(here);
            if d > now {
                continue;
            }
            if d < now {
                (now, nearer) = (d, 0);
            }
            nearer |= here.steps_nearer(q);
        }
        if now == 0 || (now == 1 && !into_contact) {
            return None;
        }
        // The terrain, looked up once for whether he may enter and for its cover.
        // Only the neighbours that come nearer are worked out, in order.
        let mut best: Option<(u8, Pos)> = None;
        let mut ways = nearer;
        while ways != 0 {
            let p = here.neighbour(ways.trailing_zeros() as usize);
            ways &= ways - 1;
            let Some(t) = self.map.terrain(&self.book, p).filter(|t| t.passable && !self.map.is_minefield(p)) else {
                continue;
            };
            let key = (t.cover.preference(), p);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(_, p)| p)
    }
}

/// The hexes of `men`, each once, in order. Men keep together, so a hex is
/// looked for among the few found already, kept in order, rather than every
/// man's gathered and sorted: the list seldom outgrows its first room.
fn distinct_hexes(men: impl Iterator<Item = Pos>) -> Vec<Pos> {
    let mut hexes = Vec::with_capacity(8);
    for p in men {
        if let Err(i) = hexes.binary_search(&p) {
            hexes.insert(i, p);
        }
    }
    hexes
}

#[cfg(test)]
#[path = "enemy_tests.rs"]
mod tests;
