//! The odds the engine's own choices weigh a shot by under European
//! Battlefield (`Rules::aimed`, `Rules::bombard`): one man's shot at a man
//! in sight and range, and an h-class weapon's shot at a hex, each at the
//! Shoot value of its side's rank and file. The shots themselves roll each
//! man's own (`fire.rs`, `indirect.rs`).

use crate::engine::book::Weapon;
use crate::engine::dice::{Modifier, Modifiers};
use crate::engine::ruleset::european::tables::{Class, European as Book};
use crate::engine::ruleset::european::{heavy, indirect};
use crate::engine::ruleset::{Aim, Gun, Odds};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Side;

/// A shot at a man: refused for a weapon with no profile, an h-class one,
/// the same hex, or out of its reach.
pub(super) fn aimed(t: &Book, aim: &Aim) -> Result<Odds, String> {
    let w = t
        .weapon(&aim.weapon.key)
        .ok_or_else(|| format!("the {} has no European Battlefield profile: it cannot fire at men", aim.weapon.name))?;
    if aim.special {
        return Err("European Battlefield has no special firing method: fire TARGET fires the squad".into());
    }
    if w.has(Class::H) {
        return Err(format!("the {} fires indirectly, at a hex, not at a man", aim.weapon.name));
    }
    if aim.distance == 0 {
        return Err("same hex: fight hand to hand instead".into());
    }
    let reach = t.hexes(w.range);
    if aim.distance > reach {
        return Err(format!("{} hexes: the {} reaches {reach} ({}\")", aim.distance, aim.weapon.name, w.range));
    }
    let least = heavy::least_at_men(t, w);
    if aim.distance < least {
        return Err(format!("{} hexes: the {} fires no nearer than {least}", aim.distance, aim.weapon.name));
    }
    let shoot = t.soldier(aim.side, "").map_or(5, |p| i32::from(p.shoot));
    let mut modifiers = Modifiers::default();
    if aim.veteran {
        modifiers.push(Modifier::new(Name::new_static("veteran"), -1));
    }
    Ok(Odds { dice: 1, sides: 6, base: shoot, modifiers, band: None })
}

/// A shot at a hex, between the least range of indirect fire and the
/// weapon's range.
pub(super) fn bombard(t: &Book, weapon: &Weapon, distance: u32, moved: bool) -> Result<Odds, String> {
    let none = || format!("the {} has no indirect fire under European Battlefield", weapon.name);
    let ind = t.indirect.as_ref().ok_or_else(none)?;
    let w = indirect::gun_profile(t, ind, Gun::Weapon(&weapon.key)).ok_or_else(none)?;
    let (least, reach) = (t.hexes(ind.min_range), t.hexes(w.range));
    if distance < least.max(1) || distance > reach {
        return Err(format!(
            "{distance} hexes: the {} reaches {} to {reach} hexes ({}\" to {}\")",
            weapon.name,
            least.max(1),
            ind.min_range,
            w.range
        ));
    }
    let shoot = t.soldier(Side::Enemy, "").map_or(5, |p| i32::from(p.shoot));
    let mut modifiers = Modifiers::default();
    if moved && ind.moved != 0 {
        modifiers.push(Modifier::new(Name::new_static("target_moved"), ind.moved));
    }
    Ok(Odds { dice: 1, sides: 6, base: shoot, modifiers, band: None })
}
