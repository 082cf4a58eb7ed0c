//! Checks on the European Battlefield rule set's tables
//! (`assets/rules/european_battlefield.ron`, or the `european` part of a
//! player's own rules file) beyond what the types enforce, each naming the
//! line and column it is about.

use super::DataError;
use super::check_company::own_incidents;
use super::place::{Own, locate};
use crate::engine::ruleset::european::tables::{European, WoundNeed};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Side;

/// The most firing dice a weapon throws, and the most cards a man brings.
const MOST_ROF: u8 = 12;
const MOST_CARDS: u32 = 10;

/// `terrain`, `weapons` and `vehicle_kinds`: the keys of the rule book's
/// terrain, weapons and vehicle types, which the tables name.
pub fn check_european(
    t: &European,
    (terrain, weapons, vehicle_kinds): (&[Name], &[Name], &[Name]),
    file: &str,
    text: &str,
) -> Result<(), DataError> {
    let c = Own::new(file, text, "european:");
    if t.inches_per_hex == 0 || t.inches_per_hex > 100 {
        return Err(c.err("inches_per_hex", "inches_per_hex: 1 to 100 inches a hex".into()));
    }
    if t.hexes(t.move_inches) == 0 || t.hexes(t.move_inches) > 100 {
        return Err(c.err("move_inches", "move_inches: a move of 1 to 100 hexes (inches_per_hex to a side)".into()));
    }
    if t.cards_per_man == 0 || t.cards_per_man > MOST_CARDS {
        return Err(c.err("cards_per_man", format!("cards_per_man: 1 to {MOST_CARDS} cards a man")));
    }
    for key in &t.difficult {
        if !terrain.iter().any(|k| k == key) {
            let known = terrain.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ");
            return Err(c.err(&format!("\"{key}\""), format!("no terrain '{key}' (the rule book has: {known})")));
        }
    }
    for side in [Side::Friendly, Side::Enemy] {
        if !t.soldiers.iter().any(|p| p.side == side && p.ranks.is_empty()) {
            return Err(c.err(
                "soldiers",
                format!("soldiers: the {} side needs a profile with no ranks, for any man", side.name()),
            ));
        }
    }
    for p in &t.soldiers {
        let at = format!("\"{}\"", p.name);
        let d6 = |v: u8| (1..=6).contains(&v);
        if !d6(p.fight) || !(2..=6).contains(&p.shoot) || !(1..=10).contains(&p.defense) || !d6(p.courage) {
            return Err(c.err(
                &at,
                format!(
                    "soldiers: '{}': fight and courage 1 to 6, shoot 2 to 6 (its need on a die), defense 1 to 10",
                    p.name
                ),
            ));
        }
    }
    for (k, w) in t.weapons.iter().enumerate() {
        let at = format!("\"{}\"", w.weapon);
        if t.weapons[..k].iter().any(|o| o.weapon == w.weapon) {
            let second = locate(text, &at, c.skip(&at) + 1);
            return Err(DataError::at(file, second, format!("weapons: '{}' is listed twice", w.weapon)));
        }
        if !weapons.iter().any(|k| k == w.weapon.as_str()) {
            return Err(c.err(&at, format!("weapons: the rule book has no weapon '{}'", w.weapon)));
        }
        if w.rof == 0 || w.rof > MOST_ROF || w.class.is_empty() || !(1..=10).contains(&w.strength) || w.range == 0 {
            return Err(c.err(
                &at,
                format!(
                    "weapons: '{}': strength 1 to 10, at least one class, a range, and 1 to {MOST_ROF} dice",
                    w.weapon
                ),
            ));
        }
        if t.hexes(w.range) == 0 {
            return Err(c.err(&at, format!("weapons: '{}' reaches less than a hex", w.weapon)));
        }
    }
    if t.wound_chart.len() != 10 || t.wound_chart.iter().any(|row| row.len() != 10) {
        return Err(c.err("wound_chart", "wound_chart: ten rows of ten (strength and defense 1 to 10)".into()));
    }
    let bad_need = |n: &WoundNeed| match n {
        WoundNeed::N(v) | WoundNeed::Then(v) => !(2..=6).contains(v),
        WoundNeed::No => false,
    };
    if t.wound_chart.iter().flatten().any(bad_need) {
        return Err(c.err("wound_chart", "wound_chart: every need is 2 to 6 on a die".into()));
    }
    let s = &t.saves;
    let crew = [s.shield, s.crew].into_iter().flatten();
    if !(2..=6).contains(&s.take_cover)
        || !(2..=6).contains(&s.prone)
        || crew.into_iter().any(|n| !(2..=6).contains(&n))
    {
        return Err(c.err("saves", "saves: each a need of 2 to 6 on a die".into()));
    }
    let cg = &t.courage;
    if cg.dice.0 == 0
        || cg.dice.0 > 4
        || !(2..=20).contains(&cg.dice.1)
        || cg.casualties_percent > 100
        || !(-5..=5).contains(&cg.pinned)
        || !(1..=100).contains(&cg.pass)
        || cg.command_inches > 1000
    {
        return Err(c.err(
            "courage",
            "courage: 1 to 4 dice of 2 to 20 sides, a pass of 1 to 100, a share of 0 to 100%, pinned -5 to 5, \
             command_inches at most 1000"
                .into(),
        ));
    }
    if !(1..=4).contains(&t.rout_dice.0) || !(2..=20).contains(&t.rout_dice.1) {
        return Err(c.err("rout_dice", "rout_dice: 1 to 4 dice of 2 to 20 sides".into()));
    }
    if t.suppression.hits == 0 || t.suppression.pinned_at == 0 || t.suppression.pinned_to_hit > 5 {
        return Err(c.err("suppression", "suppression: at least 1 hit and 1 suppression; to hit 0 to 5".into()));
    }
    if t.hand_to_hand.no_blade > 5 || !(1..=10).contains(&t.hand_to_hand.strength) {
        return Err(c.err("hand_to_hand", "hand_to_hand: no_blade 0 to 5, strength 1 to 10".into()));
    }
    if let Some(v) = &t.vehicles {
        super::check_european_vehicles::check_vehicles(&c, t, v, vehicle_kinds)?;
    }
    super::check_indirect::check_indirect(&c, t)?;
    own_incidents(&c, (&t.incident_table, &t.forces), "group", true)?;
    for (key, g) in &t.forces {
        if g.men.is_empty() {
            return Err(c.err(&format!("\"{key}\""), format!("forces: the group '{key}' has no man")));
        }
        if let Some(m) = g.men.iter().find(|m| t.weapon(&m.weapon).is_none()) {
            return Err(
                c.err(&format!("\"{}\"", m.weapon), format!("forces: '{key}': '{}' has no profile here", m.weapon))
            );
        }
        // A vehicle needs a profile of its type and role.
        let unprofiled = |kind: &str, role: &str| t.vehicles.as_ref().is_none_or(|v| v.profile(kind, role).is_none());
        if let Some(m) = g.men.iter().find(|m| m.vehicle.as_deref().is_some_and(|k| unprofiled(k, &m.role))) {
            return Err(c.err(
                &format!("\"{}\"", m.role),
                format!("forces: '{key}': the vehicle '{}' has no profile under vehicles", m.role),
            ));
        }
    }
    if let Some(army) = &t.army {
        if army.support.is_empty() || army.support.len() > 6 || army.supports_per_core > 6 {
            return Err(c.err("army", "army: 1 to 6 support units (a die's faces), at most 6 to a core unit".into()));
        }
        if let Some(k) = army.support.iter().find(|k| !t.forces.contains_key(k.as_str())) {
            return Err(c.err(&format!("\"{k}\""), format!("army: no group '{k}' in forces")));
        }
        if army.budget > 10_000 {
            return Err(c.err("budget", "army: a budget of at most 10000 points".into()));
        }
        if let Some(a) = &army.artillery {
            let radio = t.forces.values().flat_map(|g| &g.men).any(|m| m.role == a.radio);
            if a.points > 10_000 || a.missions > 100 || !radio || t.indirect.is_none() {
                return Err(c.err(
                    "artillery: Some",
                    format!(
                        "army: artillery of at most 10000 points and 100 missions, its radio operator '{}' a role \
                         of some group in forces, and the indirect tables to fire by",
                        a.radio
                    ),
                ));
            }
        }
    }
    Ok(())
}
