//! European Battlefield's vehicles (core rules v3.0, sections IX and XII):
//! fire at a vehicle and what it does, and a vehicle's own fire at men.
//!
//! Fire at a vehicle: each firer's weapon that can hurt it (t-, h- or
//! a-class against armour; anything against a vehicle without it) throws
//! its rate-of-fire dice at his Shoot value. Each hit on an armoured vehicle
//! strikes its flank armour from behind, else rolls for the turret (4+:
//! flank armour) and otherwise strikes its front armour; then the wound
//! chart, strength (t none, h -1, a -2) against the armour. A vehicle
//! without armour is a man to all but t-class weapons, at its defense. A
//! wound counts down its wounds: at the last, a die, and on a 6 the KO
//! chart; a 6 on the wound roll itself (where it did not need a 6) rolls
//! the KO chart too. A vehicle damaged and not destroyed: its crew tests
//! its courage or bails out.
//!
//! Decisions (docs/RULES.md): a vehicle is a squad of its own; a destroyed
//! vehicle is a hulk where it stands, a KO'd one that exploded burns; a
//! crew that bails out leaves the field and the vehicle stands abandoned, a
//! hulk (the crew are not made men); vehicles are not suppressed.

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose};
use crate::engine::map::placement::sector_of;
use crate::engine::ruleset::european::tables::vehicles::{Hurt, Ko, VehicleProfile, Vehicles};
use crate::engine::ruleset::european::tables::{Class, European as Book, Note, WeaponProfile, WoundNeed};
use crate::engine::ruleset::european::throws::{Gun, test, throw};
use crate::engine::ruleset::european::{profile as man_profile, shoot_need};
use crate::engine::ruleset::{Fired, Odds, SquadFire, VehicleHurt};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Soldier;

/// The vehicle tables, where the rule book has them.
pub fn tables(t: &Book) -> Option<&Vehicles> {
    t.vehicles.as_deref()
}

/// The profile of the vehicle `man` is, if he is one.
pub fn profile<'a>(t: &'a Book, man: &Soldier) -> Option<&'a VehicleProfile> {
    let v = man.vehicle.as_ref()?;
    tables(t)?.profile(&v.kind, &man.rank)
}

/// Whether `weapon` can hurt a vehicle of profile `p` at all: armour only
/// by t-, h- or a-class weapons that are not also s-class.
pub fn can_hurt(weapon: &WeaponProfile, p: &VehicleProfile) -> bool {
    !p.armoured() || (!weapon.has(Class::S) && [Class::T, Class::H, Class::A].iter().any(|&c| weapon.has(c)))
}

/// The weapon `man` fires at vehicle `p`: his own if it can hurt it (a
/// bazooka), else the one he aims at men where that can (a vehicle without
/// armour).
pub fn anti_vehicle<'a>(t: &'a Book, book: &RuleBook, man: &Soldier, p: &VehicleProfile) -> Option<&'a WeaponProfile> {
    let own = t.weapon(man.weapon(book)).filter(|w| can_hurt(w, p));
    own.or_else(|| crate::engine::ruleset::european::arm(t, book, man).filter(|w| can_hurt(w, p)))
}

/// The nearest a weapon may fire, in hexes: t- and a-class 6", h-class 12"
/// (the larger where it has both), in whole hexes rounded up.
pub fn min_hexes(t: &Book, v: &Vehicles, weapon: &WeaponProfile) -> u32 {
    let ta = if weapon.has(Class::T) || weapon.has(Class::A) { v.min_inches_ta } else { 0 };
    let h = if weapon.has(Class::H) { v.min_inches_h } else { 0 };
    t.least_hexes(ta.max(h))
}

/// The strength of `weapon` against vehicle `p` and what it is measured
/// against (armour, or defense for a vehicle without armour), or None where
/// it cannot hurt it. `flank`: the flank armour, not the front.
pub fn strength_against(v: &Vehicles, weapon: &WeaponProfile, p: &VehicleProfile, flank: bool) -> Option<(i32, u8)> {
    let s = i32::from(weapon.strength);
    let armour_mod = || {
        [(Class::T, v.armour_t), (Class::H, v.armour_h), (Class::A, v.armour_a)]
            .iter()
            .filter(|(c, _)| weapon.has(*c))
            .map(|(_, m)| i32::from(*m))
            .max()
    };
    match p.armour {
        Some((front, side)) => {
            if !can_hurt(weapon, p) {
                return None;
            }
            Some((s + armour_mod()?, if flank { side } else { front }))
        }
        // Not armoured: against t-class it is armour all the same (its
        // defense the armour); to the rest it is a man.
        None if weapon.has(Class::T) => Some((s + armour_mod()?, p.defense)),
        None => Some((crate::engine::ruleset::european::throws::strength_against_men(weapon), p.defense)),
    }
}

/// Whether a shot from `from` strikes `target` from behind: from the sextant
/// opposite the one it faces.
fn from_behind(by: &Soldier, target: &Soldier) -> bool {
    let (Some(from), Some(to), Some(v)) = (by.pos, target.pos, target.vehicle.as_ref()) else { return false };
    from != to && sector_of(from.hex() - to.hex()) == (usize::from(v.facing) + 3) % 6
}

/// The odds of `shooter`'s fire at the vehicle `target`, `distance` hexes
/// off: one of his firing dice, at his Shoot value.
///
/// # Errors
/// Why he cannot: no weapon that hurts it, out of range, too near.
pub fn shot(t: &Book, book: &RuleBook, shooter: &Soldier, target: &Soldier, distance: u32) -> Result<Odds, String> {
    let v = tables(t).ok_or("these tables have no vehicles")?;
    let p = profile(t, target).ok_or_else(|| format!("{} has no vehicle profile", target.id))?;
    let weapon = anti_vehicle(t, book, shooter, p).ok_or_else(|| {
        let carried = book.weapon(shooter.weapon(book)).map_or(shooter.weapon(book), |w| w.name.as_str());
        format!("a {carried} cannot hurt the {}'s armour: only t-, h- and a-class weapons can", p.name)
    })?;
    let name = book.weapon(&weapon.weapon).map_or(weapon.weapon.as_str(), |w| w.name.as_str());
    let reach = t.hexes(weapon.range);
    if distance > reach {
        return Err(format!("{distance} hexes: the {name} reaches {reach} ({}\")", weapon.range));
    }
    let least = min_hexes(t, v, weapon);
    if distance < least {
        return Err(format!("{distance} hexes: the {name} fires no nearer than {least}"));
    }
    let (base, modifiers) = shoot_need(t, shooter).ok_or_else(|| format!("{} has no profile", shooter.id))?;
    Ok(Odds { dice: 1, sides: 6, base, modifiers, band: None })
}

/// The guns a vehicle fires at men: its main gun (not on the move, nor at a
/// man nearer than its minimum range) and its machine guns, the first with
/// one more rate of fire for each other, at its crew's Shoot value.
pub(super) fn guns<'a>(t: &'a Book, man: &'a Soldier, moved: bool, nearest: u32) -> Vec<Gun<'a>> {
    let (Some(v), Some(p)) = (tables(t), profile(t, man)) else { return Vec::new() };
    // KO'd "must move to spot its target": it fires as a vehicle that moved.
    let moved = moved || man.vehicle.as_ref().is_some_and(|x| x.hurt.ko == Some(Ko::MustMove));
    let need = crate::engine::ruleset::european::throws::test_need(i32::from(p.shoot));
    let mut out = Vec::new();
    if let Some(w) = p.main_gun.as_deref().and_then(|k| t.weapon(k)) {
        let dice = w.dice(moved);
        if dice > 0 && nearest >= min_hexes(t, v, w) {
            out.push(Gun { man, weapon: w, dice, need, why: String::new() });
        }
    }
    if let Some(w) = p.mg.as_deref().and_then(|k| t.weapon(k)) {
        let dice = mg_dice(w, p.mgs, moved);
        if dice > 0 {
            out.push(Gun { man, weapon: w, dice, need, why: String::new() });
        }
    }
    out
}

/// The dice of a vehicle's `mgs` machine guns of profile `w`: its rate of
/// fire and one for each past the first, then what moving leaves of them.
pub fn mg_dice(w: &WeaponProfile, mgs: u8, moved: bool) -> u8 {
    let rof = w.rof.saturating_add(mgs.saturating_sub(1));
    match moved {
        false => rof,
        true if w.notes.contains(&Note::Heavy) || rof <= 1 => 0,
        true if w.notes.contains(&Note::SA) && !w.notes.contains(&Note::FA) => rof / 2,
        true => rof,
    }
}

/// The firers of `fire` at the vehicle it is aimed at, each with the weapon
/// that can hurt it and its dice now, at his Shoot value.
///
/// # Errors
/// The man whose card is up cannot fire at it now: he does not open his
/// squad's fire.
pub(super) fn at_vehicle<'a>(t: &'a Book, book: &RuleBook, fire: &'a SquadFire<'a>) -> Result<Vec<Gun<'a>>, String> {
    let (Some(v), Some(car)) = (tables(t), fire.targets.first().map(|x| x.man)) else { return Ok(Vec::new()) };
    let Some(p) = profile(t, car) else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for (k, f) in fire.firers.iter().enumerate() {
        let Some(w) = anti_vehicle(t, book, f.man, p) else { continue };
        let distance = f.man.pos.zip(car.pos).map_or(0, |(a, b)| a.distance(b));
        let n = w.dice(f.moved);
        if n == 0 || distance > t.hexes(w.range) || distance < min_hexes(t, v, w) {
            if k == 0 {
                return Err(format!("{} cannot fire his {} at {} now", f.man.id, w.weapon, car.id));
            }
            continue;
        }
        let Some((base, modifiers)) = shoot_need(t, f.man) else { continue };
        let need = crate::engine::ruleset::european::throws::test_need(base + modifiers.total());
        out.push(Gun { man: f.man, weapon: w, dice: n, need, why: String::new() });
    }
    Ok(out)
}

/// The fire `fire` gathered at a vehicle (its only target): see the
/// module's words.
///
/// # Errors
/// The man whose card is up has no dice now; no die is thrown.
pub fn volley(
    t: &Book,
    book: &RuleBook,
    dice: &mut Dice,
    fire: &SquadFire<'_>,
    events: &mut Events,
) -> Result<Fired, String> {
    let none =
        || Fired { lost: Vec::new(), pressure: None, commander_lost: false, point_spent: false, vehicles: Vec::new() };
    let (Some(v), Some(target)) = (tables(t), fire.targets.first()) else { return Ok(none()) };
    let car = target.man;
    let Some(p) = profile(t, car) else { return Ok(none()) };
    let mut hits: Vec<(&WeaponProfile, &Soldier)> = Vec::new();
    for g in at_vehicle(t, book, fire)? {
        // (Fire at armour does not say why a need is not the profile's.)
        let scored = throw(dice, &g, Some(car.id.clone()), "", events);
        hits.extend(std::iter::repeat_n((g.weapon, g.man), scored));
    }
    let had = car.vehicle.as_ref().map(|x| x.hurt).unwrap_or_default();
    let mut hurt = had;
    let mut out = false;
    for (w, by) in hits {
        if out {
            break;
        }
        let flank = match (p.armoured(), from_behind(by, car)) {
            (false, _) => false,
            (true, true) => true,
            (true, false) if p.turret => {
                let roll = test(dice, Purpose::EbTurret, i32::from(v.turret_need), Modifiers::default()).at(&car.id);
                let turret = roll.succeeded();
                events.push(Event::Roll(roll.by(&by.id)));
                turret
            }
            (true, false) => false,
        };
        out = struck(t, v, dice, (car, Some(by), p), (w, flank), &mut hurt, events);
    }
    if !out && hurt.wounds > had.wounds {
        out = crew_test(v, dice, (car, fire.firers.first().map(|f| f.man), p), &mut hurt, events);
    }
    let mut fired = none();
    if hurt != had {
        fired.vehicles.push(VehicleHurt { target: 0, hurt, out });
    }
    Ok(fired)
}

/// A vehicle damaged and not destroyed: its crew's courage (2d6 and the
/// vehicle's), or they bail out. Whether it is out of the fight now.
pub(super) fn crew_test(
    v: &Vehicles,
    dice: &mut Dice,
    (car, by, p): (&Soldier, Option<&Soldier>, &VehicleProfile),
    hurt: &mut Hurt,
    events: &mut Events,
) -> bool {
    let mut modifiers = Modifiers::default();
    modifiers.push(Modifier::new(Name::new_static("vehicle_courage"), -i32::from(p.courage)));
    let roll = dice.check(Purpose::EbBailOut, 2, 6, v.bail_pass as i32, modifiers).by(&car.id);
    let stays = roll.succeeded();
    events.push(Event::Roll(roll));
    if !stays {
        hurt.bailed = true;
        damaged(events, car, by, "crew_bails_out", "abandoned");
    }
    !stays
}

/// An event: the vehicle `car`, hit by `by`, suffered `hit` and is now `now`.
fn damaged(events: &mut Events, car: &Soldier, by: Option<&Soldier>, hit: &str, now: &str) {
    events.push(Event::VehicleDamaged {
        vehicle: car.id.clone(),
        hit: Name::from(hit),
        damage: Name::from(now),
        by: by.map_or_else(|| car.id.clone(), |b| b.id.clone()),
    });
}

/// One hit by `weapon` on `car` (its flank armour or not), fired by `by`
/// (none: an air strike): the wound chart, a wound counted, and the KO
/// chart where it comes. Whether it is out of the fight now (destroyed).
pub(super) fn struck(
    t: &Book,
    v: &Vehicles,
    dice: &mut Dice,
    (car, by, p): (&Soldier, Option<&Soldier>, &VehicleProfile),
    (weapon, flank): (&WeaponProfile, bool),
    hurt: &mut Hurt,
    events: &mut Events,
) -> bool {
    let Some((strength, armour)) = strength_against(v, weapon, p, flank) else { return false };
    let against = match (p.armoured(), flank) {
        (false, _) => "defense",
        (true, true) => "flank armour",
        (true, false) => "front armour",
    };
    let words = Name::from(format!("strength {strength} against {against} {armour}").as_str());
    let mut roll_at = |need: u8| {
        let mut roll = dice.check(Purpose::EbArmour, 1, 6, i32::from(need), Modifiers::default());
        (roll.soldier, roll.target) = (by.map(|b| b.id.clone()), Some(car.id.clone()));
        roll.result = Some(words.clone());
        let face = roll.faces.first().copied().unwrap_or(0);
        let ok = roll.succeeded();
        events.push(Event::Roll(roll));
        (ok, face)
    };
    let need = t.wound_need(strength, armour);
    let needed_six = matches!(need, WoundNeed::N(6) | WoundNeed::Then(_));
    let (wounded, six) = match need {
        WoundNeed::N(n) => {
            let (ok, face) = roll_at(n);
            (ok, face == 6)
        }
        WoundNeed::Then(n) => {
            let (first, _) = roll_at(6);
            (first && roll_at(n).0, true)
        }
        WoundNeed::No => (false, false),
    };
    if !wounded {
        return false;
    }
    hurt.wounds = hurt.wounds.saturating_add(1);
    let left = p.wounds.saturating_sub(hurt.wounds);
    let ko_by_six = six && !needed_six;
    if left > 0 {
        damaged(events, car, by, "wound", &format!("{left}_of_{}_wounds_left", p.wounds));
        if ko_by_six {
            return ko_chart(v, dice, (car, by), hurt, events);
        }
        return false;
    }
    // The last wound: a die, and on a 6 the KO chart (a 6 on the wound
    // roll that did not need one is that 6 already).
    let ko = ko_by_six || {
        let roll = dice.check(Purpose::EbLastWound, 1, 6, i32::from(v.last_wound_ko), Modifiers::default());
        let ko = roll.succeeded();
        events.push(Event::Roll(roll.by(&car.id)));
        ko
    };
    damaged(events, car, by, "last_wound", "destroyed_hulk");
    if ko {
        ko_chart(v, dice, (car, by), hurt, events);
    }
    true
}

/// The KO chart for `car`: its result kept; whether it exploded.
fn ko_chart(
    v: &Vehicles,
    dice: &mut Dice,
    (car, by): (&Soldier, Option<&Soldier>),
    hurt: &mut Hurt,
    events: &mut Events,
) -> bool {
    let roll = dice.table(Purpose::EbKo, 1, 6, |face| Name::new_static(v.ko(face as u8).map_or("none", Ko::name)));
    let ko = v.ko(roll.total as u8);
    events.push(Event::Roll(roll.by(&car.id)));
    let Some(ko) = ko else { return false };
    // A burning hulk is the worst: nothing after it changes it.
    if hurt.ko != Some(Ko::Explodes) {
        hurt.ko = Some(ko);
    }
    let now = if ko == Ko::Explodes { "burning_hulk" } else { ko.name() };
    damaged(events, car, by, &format!("ko_{}", ko.name()), now);
    ko == Ko::Explodes
}

/// The roster's words for vehicle `man` of profile `p`: its armour (or
/// defense), wounds left and courage, and a KO that leaves it fighting
/// (the state column says the rest: `DMG`, `IMMOB`, `HULK`, `BURN`, `ABAND`).
pub fn words(p: &VehicleProfile, man: &Soldier) -> String {
    let hurt = man.vehicle.as_ref().map(|v| v.hurt).unwrap_or_default();
    let armour = match p.armour {
        Some((front, flank)) => format!("A{front}/{flank}"),
        None => format!("D{}", p.defense),
    };
    let left = p.wounds.saturating_sub(hurt.wounds);
    let ko = if hurt.ko == Some(Ko::MustMove) && man.can_act() { " must move" } else { "" };
    format!("{armour} W{left}/{} C{}{ko}", p.wounds, p.courage)
}

/// The courage a vehicle's man tests by (its activation): the vehicle's.
pub fn courage(t: &Book, man: &Soldier) -> Option<u8> {
    profile(t, man).map(|p| p.courage).or_else(|| man_profile(t, man).map(|p| p.courage))
}

/// The KO chart's results with their exact chances on one die, in the
/// order of the chart.
pub fn ko_spread(v: &Vehicles) -> (String, Vec<(&'static str, crate::engine::dice::chance::Chance)>) {
    let rows = v
        .ko_chart
        .iter()
        .map(|e| {
            let faces = u64::from(e.rolls.1.saturating_sub(e.rolls.0)) + 1;
            (e.ko.name(), crate::engine::dice::chance::Chance { ways: faces, of: 6 })
        })
        .collect();
    ("1d6".into(), rows)
}
