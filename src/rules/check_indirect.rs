//! Checks on European Battlefield's indirect fire (`indirect:` in
//! `assets/rules/european_battlefield.ron`, and a weapon's `template:`):
//! the numbers its rolls read, each error at its line and column.

use super::DataError;
use super::place::Own;
use crate::engine::ruleset::european::tables::{Class, European, WeaponProfile};

/// The most scatter dice a shot throws, and the widest template in hexes.
const MOST_SCATTER_DICE: u8 = 6;
const WIDEST_TEMPLATE: u32 = 6;

fn die_need(v: u8) -> bool {
    (1..=6).contains(&v)
}

/// A profile that fires indirectly: h-class, a strength on the chart, a
/// template of at most `WIDEST_TEMPLATE` hexes.
fn indirect_profile(w: &WeaponProfile) -> bool {
    w.has(Class::H) && (1..=10).contains(&w.strength) && w.template.is_some_and(|r| r <= WIDEST_TEMPLATE) && w.range > 0
}

pub(super) fn check_indirect(c: &Own<'_>, t: &European) -> Result<(), DataError> {
    for w in t.weapons.iter().filter(|w| w.has(Class::H)) {
        if !indirect_profile(w) {
            let at = format!("\"{}\"", w.weapon);
            let why =
                format!("weapons: '{}' is h-class: it needs a template of 0 to {WIDEST_TEMPLATE} hexes", w.weapon);
            return Err(c.err(&at, why));
        }
    }
    let Some(ind) = &t.indirect else { return Ok(()) };
    let dice = [ind.hit_scatter, ind.miss_scatter, ind.off_board_scatter];
    if dice.iter().any(|&d| d > MOST_SCATTER_DICE) || ind.miss_scatter + ind.off_board_scatter > MOST_SCATTER_DICE {
        let why = format!("indirect: scatter dice at most {MOST_SCATTER_DICE} in all (a miss and the off-board die)");
        return Err(c.err("hit_scatter", why));
    }
    if ind.min_range > 1000 || ind.rangefinder_inches > 1000 || !(-5..=5).contains(&ind.moved) {
        return Err(c.err("min_range", "indirect: ranges at most 1000 inches, moved -5 to 5".into()));
    }
    if !indirect_profile(&ind.battery) || ind.missions > 100 {
        let why = format!(
            "indirect: the battery is h-class, strength 1 to 10, a template of 0 to {WIDEST_TEMPLATE}; missions at most 100"
        );
        return Err(c.err("battery", why));
    }
    let (lo, hi) = ind.smoke_clears;
    if lo > hi || !(2..=12).contains(&lo) || !(2..=12).contains(&hi) || ind.smoke_drift_less > 6 {
        return Err(
            c.err("smoke_clears", "indirect: smoke clears on totals of 2d6 (2 to 12), drift less 0 to 6".into())
        );
    }
    let a = &ind.air;
    if ![a.arrive, a.mistaken, a.press_on, a.shoot].into_iter().all(die_need)
        || a.per_patrol > 10
        || !indirect_profile(&a.strike)
        || !(1..=10).contains(&a.defense)
    {
        let why = format!(
            "indirect: air needs 1 to 6 on a die, at most 10 strikes, a defense of 1 to 10, the strike h-class with a template of 0 to {WIDEST_TEMPLATE}"
        );
        return Err(c.err("air:", why));
    }
    Ok(())
}
