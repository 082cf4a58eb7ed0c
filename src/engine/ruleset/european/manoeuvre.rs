//! A vehicle's manoeuvres under European Battlefield (core rules v3.0,
//! section XII), the loop's part: a turretless vehicle pivoting to bring
//! its front to bear, running a man over, and pushing a hulk out of its
//! way. Its card (`hulk.rs`) asks for them.
//!
//! Decisions (docs/RULES.md): a hex's six sides are sextants of 60 degrees,
//! and a turretless vehicle's front arc is the sextant it faces; to fire
//! into another it turns to face it, free up to the article's 90 degrees
//! (one sextant), then an inch for each further 45 (two sextants, 120
//! degrees: 1"; three, 180 degrees: 2"). A pivot that costs inches counts
//! as moving (its main gun does not fire, its machine guns fire as moving;
//! a vehicle's card ends with its fire, so no move is left to pay it
//! from). An immobile vehicle does not pivot. A
//! vehicle runs over a man of the patrol standing next to it, on ground it
//! may enter, before it fires, unless a heavy weapon stands in that hex; a
//! hulk that does not burn is pushed when it alone bars the vehicle's way
//! nearer the patrol, one hex on, at half speed (two hexes of its move).

use crate::engine::book::Wound;
use crate::engine::game::Game;
use crate::engine::map::placement::sector_of;
use crate::engine::ruleset::Deed;
use crate::engine::ruleset::european::tables::vehicles::Ko;
use crate::engine::ruleset::european::transport as rules;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// Whether vehicle `e` has lost the use of its tracks or wheels (the KO
    /// chart's immobile) or may not move now.
    pub(in crate::engine) fn vehicle_stuck(&self, e: usize) -> bool {
        self.vehicle(e).is_some_and(|v| v.hurt.ko == Some(Ko::Immobile)) || !self.may(e, Deed::Move)
    }

    /// The sextants vehicle `e` must turn to face `to` (0 to 3), where it
    /// has no turret; None where it has one (the turret turns freely).
    pub(in crate::engine) fn pivot_needed(&self, e: usize, to: Pos) -> Option<u32> {
        let s = &self.soldiers[e];
        let p = rules::profile(&self.book, s)?;
        let (at, v) = (s.pos?, s.vehicle.as_ref()?);
        if p.turret || at == to {
            return None;
        }
        let want = sector_of(to.hex() - at.hex()) as u32;
        let diff = (want + 6 - u32::from(v.facing % 6)) % 6;
        Some(diff.min(6 - diff))
    }

    /// Whether vehicle `e` can bring a gun to bear on `to`: a turret, its
    /// front arc, or a pivot it is free to make.
    pub(in crate::engine) fn can_bear(&self, e: usize, to: Pos) -> bool {
        match self.pivot_needed(e, to) {
            None | Some(0) => true,
            Some(_) => !self.vehicle_stuck(e),
        }
    }

    /// A turretless vehicle `e` turns to face `to`; the inches it cost (a
    /// cost counts as moving).
    pub(in crate::engine) fn pivot(&mut self, e: usize, to: Pos, events: &mut Events) -> u32 {
        let Some(k) = self.pivot_needed(e, to).filter(|&k| k > 0) else { return 0 };
        let Some((_, _, tr)) = rules::rules(&self.book) else { return 0 };
        let inches = tr.pivot_inches(k);
        let s = &mut self.soldiers[e];
        let (Some(at), Some(v)) = (s.pos, s.vehicle.as_mut()) else { return 0 };
        let from = v.facing;
        v.facing = sector_of(to.hex() - at.hex()) as u8;
        s.moved |= inches > 0;
        events.push(Event::Pivoted { vehicle: s.id.clone(), from, to: v.facing, inches });
        inches
    }

    /// Vehicle `e` runs over the men of the patrol next to it, if any stand
    /// where it may drive (and no heavy weapon among them); whether it did.
    /// Each tests his courage: he dodges back into the hex it came from
    /// (and fires no more this turn), or he dies.
    pub(in crate::engine) fn run_over(&mut self, e: usize, events: &mut Events) -> bool {
        let Some(at) = self.soldiers[e].pos else { return false };
        if self.vehicle_stuck(e) || rules::rules(&self.book).is_none() {
            return false;
        }
        let Some((hex, men)) = at.neighbours().into_iter().filter(|&p| self.map.contains(p)).find_map(|p| {
            let men: Vec<usize> = self.able(Side::Friendly).filter(|&i| self.soldiers[i].pos == Some(p)).collect();
            let ok = !men.is_empty() && self.vehicle_passable(p) && !self.heavy_at(p) && !self.enemy_vehicle_at(p);
            ok.then_some((p, men))
        }) else {
            return false;
        };
        self.vehicle_moves(e, at, hex, events);
        let Some((t, _, _)) = rules::rules(&self.book) else { return false };
        let t = t.clone();
        let car = self.soldiers[e].id.clone();
        for i in men {
            let roll = rules::run_over(&t, &mut self.dice, &self.soldiers[i], &car);
            let dodged = roll.succeeded();
            events.push(Event::Roll(roll));
            if dodged {
                let s = &mut self.soldiers[i];
                (s.pos, s.kit.european_mut().dodged) = (Some(at), true);
            } else {
                self.wound(i, Wound::Dead, events);
            }
            let soldier = self.soldiers[i].id.clone();
            events.push(Event::RunOver { vehicle: car.clone(), soldier, hex, dodged_to: dodged.then_some(at) });
        }
        true
    }

    /// Whether a man with a heavy weapon (whose base is not run over) stands in `p`.
    fn heavy_at(&self, p: Pos) -> bool {
        let Some((t, _, _)) = rules::rules(&self.book) else { return false };
        self.soldiers.iter().any(|s| s.pos == Some(p) && s.state != State::Dead && rules::heavy(t, &self.book, s))
    }

    /// Whether a vehicle of the enemy (not a hulk) stands in `p`.
    fn enemy_vehicle_at(&self, p: Pos) -> bool {
        self.soldiers.iter().any(|s| s.vehicle.is_some() && s.pos == Some(p) && s.state != State::Dead)
    }

    /// Where vehicle at `here` may push a hulk to come nearer the patrol,
    /// when no other hex comes nearer: the hulk's hex and the hex beyond
    /// it, one step on the same way, free of men and vehicles.
    pub(in crate::engine) fn push_way(&self, here: Pos) -> Option<(usize, Pos, Pos)> {
        let targets = self.hexes_of(Side::Friendly);
        let nearest = |p: Pos| targets.iter().map(|q| q.distance(p)).min();
        let now = nearest(here)?;
        here.neighbours()
            .into_iter()
            .filter(|&p| self.map.contains(p) && nearest(p).is_some_and(|d| d < now && d >= 2))
            .find_map(|p| {
                let hulk = self.soldiers.iter().position(|s| {
                    s.vehicle.as_ref().is_some_and(|v| !v.hurt.burning()) && s.state == State::Dead && s.pos == Some(p)
                })?;
                let burning = self.soldiers.iter().any(|s| {
                    s.pos == Some(p) && s.state == State::Dead && s.vehicle.as_ref().is_some_and(|v| v.hurt.burning())
                });
                let beyond = Pos::from_hex(p.hex() + (p.hex() - here.hex()));
                let clear = self.map.contains(beyond)
                    && self.vehicle_passable(beyond)
                    && !self.soldiers.iter().any(|s| s.pos == Some(beyond) && s.state != State::Dead);
                (!burning && clear && self.terrain_lets_vehicle(p)).then_some((hulk, p, beyond))
            })
    }

    /// Whether `p`'s ground lets a vehicle in, hulks aside.
    fn terrain_lets_vehicle(&self, p: Pos) -> bool {
        self.map.terrain(&self.book, p).is_some_and(|t| self.book.arsenal.vehicle_terrain.contains(&t.key))
            && !self.map.is_minefield(p)
    }

    /// Vehicle `e` pushes the hulk `hulk` from `from` to `to` and drives
    /// into `from`.
    pub(in crate::engine) fn push_hulk(&mut self, e: usize, (hulk, from, to): (usize, Pos, Pos), events: &mut Events) {
        let Some(at) = self.soldiers[e].pos else { return };
        self.soldiers[hulk].pos = Some(to);
        let (vehicle, hulk) = (self.soldiers[e].id.clone(), self.soldiers[hulk].id.clone());
        events.push(Event::HulkPushed { vehicle, hulk, from, to });
        self.vehicle_moves(e, at, from, events);
    }
}

#[cfg(test)]
#[path = "manoeuvre_tests.rs"]
mod tests;
