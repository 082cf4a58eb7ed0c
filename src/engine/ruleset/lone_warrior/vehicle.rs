//! Vehicles in play. A vehicle is one of the game's soldiers with a
//! `Vehicle` riding along: it takes its place in the deck (by its type's
//! card count), moves and fires on its cards, is a target only for
//! anti-tank weapons and H.E., and is destroyed rather than wounded. Its
//! crew is part of it. The tables are in `arsenal.rs`; the decisions here
//! are in docs/RULES.md:
//! - a vehicle keeps to the terrain the rules data lets it enter;
//! - on a card it fires if it has a target, else closes to two hexes of the
//!   patrol; once damaged, or after the turns the rules data gives it, it
//!   withdraws and leaves by the nearest map edge;
//! - it faces the way it last moved (at first, toward the hex of the
//!   incident that brought it); a shot from the sextant behind it is at its
//!   rear;
//! - in soft or hard cover it is partly hidden;
//! - a tank blocks sight between the hexes on either side of it;
//! - a gun (a tank's, or an anti-tank gun's) fires H.E. at men: the H.E.
//!   roll and the template; an anti-tank weapon's man fires his side arm at men.

use crate::engine::book::{Cover, Weapon, WeaponKind};
use crate::engine::cache::memo::Memo;
use crate::engine::dice::{Modifiers, Purpose};
use crate::engine::game::Game;
use crate::engine::map::placement::sector_of;
use crate::engine::ruleset::lone_warrior::arsenal::{AntiTank, AtBand, AtShot, Damage};
use crate::engine::ruleset::{Deed, Odds};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;
use crate::engine::vocabulary::soldier::State;
pub use crate::engine::vocabulary::soldier::Vehicle;

impl Game {
    /// The vehicle riding with soldier `i`, if he is one.
    pub fn vehicle(&self, i: usize) -> Option<&Vehicle> {
        self.soldiers[i].vehicle.as_ref()
    }

    /// Can a vehicle enter `p`? Only the terrain the rules data names.
    pub fn vehicle_passable(&self, p: Pos) -> bool {
        self.map.terrain(&self.book, p).is_some_and(|t| self.book.arsenal.vehicle_terrain.contains(&t.key))
            && !self.map.is_minefield(p)
            && !self.hulk_at(p)
    }

    /// Sight between two hexes: the map's, and no tank in a hex between.
    #[inline]
    pub fn can_see(&self, memo: Memo<'_>, from: Pos, to: Pos) -> bool {
        self.sight_from(memo, from).to(to)
    }

    /// Sight from `from`, to be asked of many hexes (see `Sight`).
    pub fn sight_from<'a>(&'a self, memo: Memo<'a>, from: Pos) -> Sight<'a> {
        Sight { game: self, memo, from }
    }
}

/// Sight from one hex to others as the game stands: the map's, and no tank
/// standing between.
pub struct Sight<'a> {
    game: &'a Game,
    memo: Memo<'a>,
    from: Pos,
}

impl Sight<'_> {
    /// `Game::can_see(from, to)`.
    pub fn to(&self, to: Pos) -> bool {
        self.game.map.line_of_sight(&self.game.book, self.memo, self.from, to) && self.past_tanks(to)
    }

    /// Whether no tank stands between, on a line the map's own sight finds
    /// clear: all the game adds to the map's sight.
    #[inline]
    pub fn past_tanks(&self, to: Pos) -> bool {
        (!self.game.vehicles_block_sight || self.clear_of_tanks(to)) && !self.game.smoke_between(self.from, to)
    }

    fn clear_of_tanks(&self, to: Pos) -> bool {
        let (g, from) = (self.game, self.from);
        let d = from.distance(to);
        // A tank at `p` strictly between `a` and `b` on the hex line
        // (`Pos::between`), walked without gathering it.
        let on_line = |a: Pos, b: Pos, p: Pos| {
            let line = a.hex().line_to(b.hex());
            let inner = line.len().saturating_sub(2);
            line.skip(1).take(inner).any(|h| Pos::from_hex(h) == p)
        };
        // As the map's sight, clear if either way along the hex line is
        // clear, so that sight is always mutual.
        let (mut there, mut back) = (false, false);
        // Under rules with vehicles of their own, every vehicle blocks
        // sight, and so does a hulk.
        let own = g.rules.vehicles();
        for s in g.soldiers.iter().filter(|s| own || s.state != State::Dead) {
            let (Some(v), Some(p)) = (&s.vehicle, s.pos) else { continue };
            // Every hex of the line is on a shortest way from one end to the
            // other: a vehicle off every such way stands on neither line,
            // and its type need not be looked up.
            if p == from || p == to || from.distance(p) + p.distance(to) != d {
                continue;
            }
            if own || g.book.arsenal.vehicle(&v.kind).is_some_and(|t| t.blocks_sight) {
                there |= on_line(from, to, p);
                back |= on_line(to, from, p);
            }
        }
        !(there && back)
    }
}

impl Game {
    /// The A/T shot of `shooter` at the vehicle `target`: its odds and range band.
    ///
    /// # Errors
    /// Why not: not an anti-tank weapon, out of range, no sight.
    pub fn at_odds(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Result<(Odds, AtBand), String> {
        self.at_shot(memo, shooter, target).ok_or_else(|| self.at_refusal(memo, shooter, target))
    }

    /// `at_odds` without the words, for the engine's own weighing of shots:
    /// every man who weighs his shots weighs one at each vehicle, and most
    /// carry no anti-tank weapon, so that is checked first and no reason is
    /// written down.
    pub fn at_shot(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Option<(Odds, AtBand)> {
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        let v = t.vehicle.as_ref()?;
        let table: &AntiTank = self.book.arsenal.anti_tank.as_ref()?;
        let (from, to) = (s.pos?, t.pos?);
        let weapon = table.weapon(s.weapon(&self.book))?;
        if !self.can_see(memo, from, to) || self.ammo_out(shooter).is_some() {
            return None;
        }
        let shot = AtShot {
            distance: from.distance(to),
            moved: s.moved || t.moved,
            partly_hidden: self.map.cover(&self.book, to) != Cover::None,
            rear: from != to && sector_of(from.hex() - to.hex()) == (usize::from(v.facing) + 3) % 6,
        };
        let (band, need) = table.need(weapon, shot)?;
        let odds =
            Odds { dice: 1, sides: table.sides, base: shot.distance as i32, modifiers: need.modifiers, band: None };
        Some((odds, band))
    }

    /// Why `at_shot` gives no shot, in the words of the first check it fails.
    fn at_refusal(&self, memo: Memo<'_>, shooter: usize, target: usize) -> String {
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        let Some(v) = t.vehicle.as_ref() else { return format!("{} is not a vehicle", t.id) };
        let Some(table) = self.book.arsenal.anti_tank.as_ref() else {
            return "these rules have no anti-tank fire".into();
        };
        let name = self.book.arsenal.vehicle(&v.kind).map_or(v.kind.as_str(), |k| k.name.as_str());
        let (Some(from), Some(to)) = (s.pos, t.pos) else { return "not on the map".into() };
        if !self.can_see(memo, from, to) {
            return format!("no line of sight from {from} to {to}");
        }
        let Some(weapon) = table.weapon(s.weapon(&self.book)) else {
            let carried = s.weapon_in(&self.book).map_or(s.weapon(&self.book), |w| w.name.as_str());
            return format!("a {carried} cannot hurt the {name}: only anti-tank weapons and H.E. can");
        };
        let distance = from.distance(to);
        format!("{} is {distance} hexes off: the {} reaches {} at most", t.id, weapon.name, weapon.extreme)
    }

    /// An A/T hit on vehicle `target` at `band`: the damage roll, and the
    /// vehicle destroyed, damaged or unharmed.
    pub(in crate::engine) fn at_hit(&mut self, target: usize, band: AtBand, by: &Name, events: &mut Events) {
        // The rule book is shared; hold it apart from `self` rather than copy its tables.
        let book = self.book.clone();
        let Some(table) = &book.arsenal.anti_tank else { return };
        let roll = self
            .dice
            .table(Purpose::Damage, 1, table.damage_sides, |face| {
                Name::new_static(table.damage(band, face as u8).name())
            })
            .by(by)
            .at(&self.soldiers[target].id);
        let hit = table.damage(band, roll.total as u8);
        events.push(Event::Roll(roll));
        self.damage_vehicle(target, hit, by, events);
    }

    /// A vehicle takes `hit`: its damage adds up by the rules data.
    fn damage_vehicle(&mut self, target: usize, hit: Damage, by: &Name, events: &mut Events) {
        let book = self.book.clone();
        let Some(v) = self.soldiers[target].vehicle.as_mut() else { return };
        let now = match &book.arsenal.damage {
            Some(r) => r.after(v.damage, hit),
            None => v.damage.max(hit),
        };
        v.damage = now;
        let id = self.soldiers[target].id.clone();
        events.push(Event::VehicleDamaged {
            vehicle: id,
            hit: Name::new_static(hit.name()),
            damage: Name::new_static(now.name()),
            by: by.clone(),
        });
        if now == Damage::Destroyed {
            self.soldiers[target].state = State::Dead;
        }
    }

    /// H.E. landing on a hex: each vehicle there rolls the effect die, and
    /// soft skins and open-top armour are destroyed on the faces the rules give.
    pub(in crate::engine) fn he_on_vehicles(&mut self, hex: Pos, by: &Name, events: &mut Events) {
        let Some(he) = self.book.arsenal.high_explosive.clone() else { return };
        let hit: Vec<usize> = self.in_hex(hex).filter(|&i| self.soldiers[i].vehicle.is_some()).collect();
        for i in hit {
            let Some(armour) = self.vehicle(i).and_then(|v| self.book.arsenal.vehicle(&v.kind)).map(|t| t.armour)
            else {
                continue;
            };
            // Closed armour shrugs H.E. off: nothing to roll.
            let Some(from) = he.destroys_from(armour) else { continue };
            let roll = self
                .dice
                .check(Purpose::Damage, 1, he.effect_sides, i32::from(from), Modifiers::default())
                .by(by)
                .at(&self.soldiers[i].id);
            let destroyed = roll.succeeded();
            events.push(Event::Roll(roll));
            if destroyed {
                self.damage_vehicle(i, Damage::Destroyed, by, events);
            }
        }
    }

    /// The hex of the patrol `e`'s gun would fire H.E. at: in reach and
    /// sight, the most men, then the likeliest to land; with the need. None
    /// unless `weapon`, his own, which the caller has looked up, is a gun (a
    /// tank's, an anti-tank gun), and the rule set fires guns so
    /// (`Rules::guns_fire_he`; European Battlefield's fire at men).
    #[inline]
    pub(in crate::engine) fn gun_target(
        &self,
        memo: Memo<'_>,
        e: usize,
        weapon: &Weapon,
    ) -> Option<(Pos, i32, Modifiers)> {
        // Asked of every enemy's card, and most carry no gun: answered here,
        // without the call below, as `bombard_target` does for mortars.
        if !matches!(weapon.kind, WeaponKind::Gun { .. }) || !self.rules.guns_fire_he() {
            return None;
        }
        self.he_target(memo, e)
    }

    /// `gun_target` for a gun.
    fn he_target(&self, memo: Memo<'_>, e: usize) -> Option<(Pos, i32, Modifiers)> {
        let sides = i32::from(self.book.arsenal.high_explosive.as_ref()?.sides);
        let from = self.soldiers[e].pos?;
        self.hexes_of(Side::Friendly)
            .into_iter()
            .filter(|&h| self.can_see(memo, from, h))
            .filter_map(|h| {
                let need = self.he_need(h, from.distance(h), self.soldiers[e].moved)?;
                let men = self.in_hex(h).filter(|&i| self.soldiers[i].side == Side::Friendly).count();
                (need.need <= sides).then_some((std::cmp::Reverse(men), need.need, h, need.modifiers))
            })
            .min_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)))
            .map(|(_, _, h, mods)| (h, from.distance(h) as i32, mods))
    }

    /// `e`'s gun fires H.E. at `hex`: the D8 roll, then the template on the
    /// men and the effect die on any vehicle.
    pub(in crate::engine) fn gun_fire(
        &mut self,
        e: usize,
        hex: Pos,
        base: i32,
        modifiers: Modifiers,
        events: &mut Events,
    ) {
        let Some(sides) = self.book.arsenal.high_explosive.as_ref().map(|h| h.sides) else { return };
        let id = self.soldiers[e].id.clone();
        let from = self.soldiers[e].pos.unwrap_or(hex);
        let gun = Some(self.soldiers[e].weapon(&self.book).into());
        if events.keeps_all() {
            events.push(Event::Bombard { firer: id.clone(), hex, distance: from.distance(hex), gun });
        }
        let roll = self.dice.check(Purpose::HighExplosive, 1, sides, base, modifiers).by(&id).on(hex);
        let landed = roll.succeeded();
        events.push(Event::Roll(roll));
        if landed {
            self.shells_land(hex, &id, events);
        }
    }

    /// An enemy vehicle's card: withdraw once damaged or after its turns
    /// (house rule `vehicles_pull_back`), else fire, else close in.
    pub(in crate::engine) fn vehicle_acts(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) {
        let Some(here) = self.soldiers[e].pos else { return };
        if self.rules.vehicles() {
            self.own_vehicle_acts(memo, e, events);
            return;
        }
        let damage = self.vehicle(e).map_or(Damage::None, |v| v.damage);
        let immobile = self.book.arsenal.immobile(damage);
        // House rule `vehicles_pull_back`; as written a vehicle fights on.
        let (may_fire, may_move) = (self.may(e, Deed::Fire), self.may(e, Deed::Move));
        let pulls_back = self.book.arsenal.vehicles_pull_back && may_move;
        let leaving = self.vehicle(e).is_some_and(|v| v.turns >= self.book.arsenal.vehicle_turns);
        if pulls_back && (damage >= Damage::Light || leaving) && !immobile {
            self.vehicle_withdraws(e, here, events);
            return;
        }
        if may_fire && self.vehicle_fires(memo, e, events) {
            return;
        }
        // Close in, as many hexes as a card allows; then fire, if the rules let it.
        let mut moved = false;
        for _ in 0..self.book.arsenal.hexes_per_card.max(1) {
            let Some(at) = self.soldiers[e].pos else { break };
            match self.vehicle_step(at, true).filter(|_| !immobile && may_move) {
                Some(to) => self.vehicle_moves(e, at, to, events),
                None => break,
            }
            moved = true;
        }
        if !moved {
            if events.keeps_all() {
                events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
            }
        } else if self.book.arsenal.fire_after_moving && may_fire {
            self.vehicle_fires(memo, e, events);
        }
    }

    /// A vehicle fires if it can: the gun at a hex of two or more of the
    /// patrol, else the MG at the man it is likeliest to hit, else the gun at
    /// one man. Returns whether it fired.
    fn vehicle_fires(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) -> bool {
        let gun = self.weapon_of(&self.soldiers[e]).and_then(|w| self.gun_target(memo, e, w));
        if let Some((hex, base, mods)) = gun
            .clone()
            .filter(|(h, _, _)| self.in_hex(*h).filter(|&i| self.soldiers[i].side == Side::Friendly).count() >= 2)
        {
            self.gun_fire(e, hex, base, mods, events);
            return true;
        }
        let target = self.marksman(memo, e).and_then(|m| {
            let (_, f) =
                self.able(Side::Friendly).filter_map(|f| Some((m.need_of_able(f, &self.soldiers[f])?, f))).min()?;
            Some((f, m.shot(f)?))
        });
        if let Some((f, shot)) = target {
            self.fire(e, f, shot, events);
            return true;
        }
        if let Some((hex, base, mods)) = gun {
            self.gun_fire(e, hex, base, mods, events);
            return true;
        }
        false
    }

    /// A damaged vehicle backs away from the patrol, and leaves the map from
    /// an edge hex.
    fn vehicle_withdraws(&mut self, e: usize, here: Pos, events: &mut Events) {
        let on_edge = here.neighbours().iter().any(|&p| !self.map.contains(p));
        if on_edge {
            self.soldiers[e].pos = None;
            if events.keeps_all() {
                events.push(Event::Gone { soldiers: vec![self.soldiers[e].id.clone()] });
            }
            return;
        }
        let mut at = here;
        for step in 0..self.book.arsenal.hexes_per_card.max(1) {
            match self.vehicle_step(at, false) {
                Some(to) => {
                    self.vehicle_moves(e, at, to, events);
                    at = to;
                }
                None => {
                    if step == 0 && events.keeps_all() {
                        events.push(Event::Hold { soldier: self.soldiers[e].id.clone() });
                    }
                    break;
                }
            }
        }
    }

    pub(in crate::engine) fn vehicle_moves(&mut self, e: usize, from: Pos, to: Pos, events: &mut Events) {
        let s = &mut self.soldiers[e];
        s.pos = Some(to);
        s.moved = true;
        if let Some(v) = s.vehicle.as_mut() {
            v.facing = sector_of(to.hex() - from.hex()) as u8;
        }
        if events.keeps_all() {
            events.push(Event::Moved { section: None, soldiers: vec![s.id.clone()], from, to });
        }
    }

    /// A step for vehicle `e` on terrain it may enter and into no hex of the
    /// patrol's: nearer the nearest able man of the patrol, but no nearer
    /// than two hexes (`closer`), or farther from him (not `closer`).
    ///
    /// The distance is weighed first, as it is only arithmetic; a hex of the
    /// patrol's is no hex away from them, so never one wanted.
    pub(in crate::engine) fn vehicle_step(&self, here: Pos, closer: bool) -> Option<Pos> {
        let targets = self.hexes_of(Side::Friendly);
        let nearest = |p: Pos| targets.iter().map(|q| q.distance(p)).min();
        let now = nearest(here)?;
        here.neighbours()
            .into_iter()
            .filter_map(|p| {
                let d = nearest(p)?;
                let wanted = if closer { d < now && d >= 2 } else { d > now };
                let key = if closer { d } else { u32::MAX - d };
                (wanted && self.map.contains(p) && self.vehicle_passable(p)).then_some((key, p))
            })
            .min()
            .map(|(_, p)| p)
    }
}

#[cfg(test)]
#[path = "vehicle_tests.rs"]
mod tests;
