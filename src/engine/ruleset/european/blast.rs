//! Shells and air strikes against vehicles (sections IX, XII and XIII): a
//! template that lands over a vehicle hits it once, at the weapon's
//! strength, h-class one weaker against armour; then the wound chart, its
//! wounds, the KO chart and its crew's courage, exactly as direct fire at
//! it (`vehicles.rs`).
//!
//! Decisions (docs/RULES.md, European Battlefield):
//! - a shell falls from above: it strikes a vehicle's flank armour (the
//!   article's second rating, "the turret and rear", the thinner), with no
//!   roll for the turret; a vehicle without armour is struck as a man is,
//!   at its defense, with no save;
//! - each vehicle under the template takes one hit, however many of its
//!   hexes it is in; a hulk takes none.

use crate::engine::dice::Dice;
use crate::engine::ruleset::european::tables::{European as Book, WeaponProfile};
use crate::engine::ruleset::european::vehicles::{can_hurt, crew_test, profile, struck, tables};
use crate::engine::ruleset::{Shot, VehicleHurt};
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;

/// The vehicles able under a template of `radius` hexes around `at`, each
/// struck once by `weapon`: what each has suffered now, by its place in
/// `shot.men` (none it did not hurt). Every roll to `events`.
pub fn vehicles(
    t: &Book,
    dice: &mut Dice,
    shot: &Shot<'_>,
    (weapon, at, radius): (&WeaponProfile, Pos, u32),
    events: &mut Events,
) -> Vec<VehicleHurt> {
    let Some(v) = tables(t) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, car) in shot.men.iter().enumerate() {
        if car.vehicle.is_none() || !car.can_act() || car.pos.is_none_or(|p| p.distance(at) > radius) {
            continue;
        }
        let Some(p) = profile(t, car).filter(|p| can_hurt(weapon, p)) else { continue };
        let had = car.vehicle.as_ref().map(|x| x.hurt).unwrap_or_default();
        let mut hurt = had;
        let mut gone = struck(t, v, dice, (car, shot.spotter, p), (weapon, true), &mut hurt, events);
        if !gone && hurt.wounds > had.wounds {
            gone = crew_test(v, dice, (car, shot.spotter, p), &mut hurt, events);
        }
        if hurt != had {
            out.push(VehicleHurt { target: i, hurt, out: gone });
        }
    }
    out
}

#[cfg(test)]
#[path = "blast_tests.rs"]
mod tests;
