//! Checks on European Battlefield's vehicle tables (`vehicles:` in
//! `assets/rules/european_battlefield.ron`) beyond what the types enforce,
//! each naming the line and column it is about.

use super::DataError;
use super::place::Own;
use crate::engine::book::RuleBook;
use crate::engine::ruleset::european::tables::European;
use crate::engine::ruleset::european::tables::transport::{Load, Transport, fits};
use crate::engine::ruleset::european::tables::vehicles::Vehicles;
use crate::engine::ruleset::european::transport::weapon_points;
use crate::engine::vocabulary::name::Name;

/// The most wounds and cards a vehicle has, and machine guns it carries.
const MOST_WOUNDS: u8 = 20;
const MOST_CARDS: u32 = 10;
const MOST_MGS: u8 = 6;

/// `vehicle_kinds`: the keys of the rule book's vehicle types.
pub(super) fn check_vehicles(c: &Own<'_>, t: &European, v: &Vehicles, vehicle_kinds: &[Name]) -> Result<(), DataError> {
    if !(2..=6).contains(&v.turret_need) || !(1..=6).contains(&v.last_wound_ko) || !(1..=100).contains(&v.bail_pass) {
        return Err(
            c.err("turret_need", "vehicles: turret_need 2 to 6, last_wound_ko 1 to 6, bail_pass 1 to 100".into())
        );
    }
    if v.min_inches_ta > 1000 || v.min_inches_h > 1000 {
        return Err(c.err("min_inches_ta", "vehicles: minimum ranges at most 1000 inches".into()));
    }
    if [v.armour_t, v.armour_h, v.armour_a].iter().any(|m| !(-9..=9).contains(m)) {
        return Err(c.err("armour_t", "vehicles: armour modifiers -9 to 9".into()));
    }
    // The KO chart: bands of a die that cover 1 to 6, in order, once each.
    let mut next = 1u8;
    for e in &v.ko_chart {
        if e.rolls.0 != next || e.rolls.1 < e.rolls.0 || e.rolls.1 > 6 {
            return Err(
                c.err("ko_chart", "vehicles: ko_chart: bands of 1 to 6 on a die, in order, each face once".into())
            );
        }
        next = e.rolls.1 + 1;
    }
    if next != 7 {
        return Err(c.err("ko_chart", "vehicles: ko_chart: its bands must cover 1 to 6".into()));
    }
    for p in &v.profiles {
        let at = format!("\"{}\"", p.name);
        if !vehicle_kinds.iter().any(|k| k == p.kind.as_str()) {
            return Err(c.err(&at, format!("vehicles: '{}': the rule book has no vehicle type '{}'", p.name, p.kind)));
        }
        let armour_ok = p.armour.is_none_or(|(f, s)| (1..=10).contains(&f) && (1..=10).contains(&s));
        if !armour_ok
            || !(1..=10).contains(&p.defense)
            || !(1..=MOST_WOUNDS).contains(&p.wounds)
            || !(1..=6).contains(&p.courage)
            || !(2..=6).contains(&p.shoot)
            || !(1..=MOST_CARDS).contains(&p.cards)
            || p.mgs > MOST_MGS
        {
            return Err(c.err(
                &at,
                format!(
                    "vehicles: '{}': armour and defense 1 to 10, 1 to {MOST_WOUNDS} wounds, courage 1 to 6, \
                     shoot 2 to 6, 1 to {MOST_CARDS} cards, at most {MOST_MGS} machine guns",
                    p.name
                ),
            ));
        }
        for gun in [&p.main_gun, &p.mg].into_iter().flatten() {
            if t.weapon(gun).is_none() {
                return Err(c.err(&at, format!("vehicles: '{}': no weapon profile '{gun}'", p.name)));
            }
        }
        if p.mg.is_some() != (p.mgs > 0) {
            return Err(c.err(&at, format!("vehicles: '{}': an mg and mgs of 1 or more, or neither", p.name)));
        }
        if p.crew > MOST_CREW || p.carry > MOST_CARRY {
            let why = format!("vehicles: '{}': a crew of at most {MOST_CREW}, carry at most {MOST_CARRY}", p.name);
            return Err(c.err(&at, why));
        }
    }
    if let Some(tr) = &v.transport {
        check_transport(c, t, tr)?;
    }
    Ok(())
}

/// The most a vehicle carries, and its largest crew.
const MOST_CARRY: u8 = 50;
const MOST_CREW: u8 = 10;

/// The transport rules: dice needs on a die, sensible inches and degrees,
/// crews armed with weapons that have profiles.
fn check_transport(c: &Own<'_>, t: &European, tr: &Transport) -> Result<(), DataError> {
    if !(1..=6).contains(&tr.dismount_need) || !(1..=6).contains(&tr.escape_need) {
        return Err(c.err("dismount_need", "vehicles: transport: dismount_need and escape_need 1 to 6".into()));
    }
    if tr.man_cp == 0 || tr.man_cp > MOST_CARRY || tr.heavy_fills > MOST_CARRY {
        return Err(c.err(
            "man_cp",
            format!("vehicles: transport: man_cp 1 to {MOST_CARRY}, heavy_fills at most {MOST_CARRY}"),
        ));
    }
    if tr.mount_inches > 1000 || tr.dismount_inches > 1000 {
        return Err(c.err("mount_inches", "vehicles: transport: mount and dismount inches at most 1000".into()));
    }
    if !(1..=180).contains(&tr.pivot_step) || tr.pivot_free > 180 {
        return Err(c.err("pivot_free", "vehicles: transport: pivot_free 0 to 180 degrees, pivot_step 1 to 180".into()));
    }
    for (_, weapon) in [&tr.crew_leader, &tr.crew_man] {
        if t.weapon(weapon).is_none() {
            return Err(c.err("crew_leader", format!("vehicles: transport: a crew's '{weapon}' has no weapon profile")));
        }
    }
    Ok(())
}

/// Why the group `group`'s vehicle cannot carry the group `carried` of
/// `book`'s forces, if it cannot: no such group, no vehicle in it, not a
/// transport, or more carry points than it has.
pub(super) fn check_carrying(book: &RuleBook, group: &str, carried: &str) -> Option<String> {
    let Some(men) = book.forces.get(carried) else { return Some(format!("carrying: no forces group '{carried}'")) };
    let Some((t, v, tr)) = crate::engine::ruleset::european::tables_in(book)
        .and_then(|t| Some((t, t.vehicles.as_deref()?)))
        .and_then(|(t, v)| Some((t, v, v.transport.as_ref()?)))
    else {
        return Some("carrying: only European Battlefield's rules (with their transport tables) carry men".into());
    };
    let Some(car) = book.forces.get(group).and_then(|g| g.men.iter().find(|m| m.vehicle.is_some())) else {
        return Some(format!("carrying: the group '{group}' has no vehicle"));
    };
    let carry = car.vehicle.as_ref().and_then(|k| v.profile(k, &car.role)).map_or(0, |p| p.carry);
    if carry == 0 {
        return Some(format!("carrying: the {} is no transport (carry 0)", car.role));
    }
    if men.men.iter().any(|m| m.vehicle.is_some()) {
        return Some(format!("carrying: the group '{carried}' has a vehicle: a transport carries men"));
    }
    // The group gets in as one squad.
    let load: Vec<Load> = men
        .men
        .iter()
        .map(|m| {
            let (points, heavy) = weapon_points(t, tr, &m.weapon);
            Load { points, heavy, squad: Some(0) }
        })
        .collect();
    (!fits(tr, carry, &load)).then(|| {
        let sum: u32 = load.iter().map(|m| u32::from(m.points)).sum();
        format!(
            "carrying: '{carried}' takes {sum} carry points (or a heavy weapon's fill); the {} carries {carry}",
            car.role
        )
    })
}
