//! Checks on European Battlefield's vehicle tables (`vehicles:` in
//! `assets/rules/european_battlefield.ron`) beyond what the types enforce,
//! each naming the line and column it is about.

use super::DataError;
use super::check_company::Own;
use crate::engine::data::european::European;
use crate::engine::data::european_vehicles::Vehicles;
use crate::engine::name::Name;

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
    }
    Ok(())
}
