//! The reference's part on vehicles, anti-tank and H.E. fire, from the
//! rule book's arsenal.

use super::{faces, hexes};
use crate::engine::RuleBook;
use crate::engine::ruleset::lone_warrior::arsenal::{Armour, Damage, DamageEntry};

fn damage_table(entries: &[DamageEntry]) -> String {
    let named: Vec<String> = entries
        .iter()
        .filter(|e| e.damage != Damage::None)
        .map(|e| format!("{} {}", faces(e.rolls), e.damage.name().replace('_', " ")))
        .collect();
    named.join(", ")
}

/// Vehicles, A/T fire and its damage, H.E. fire and the radio.
pub(super) fn vehicles(book: &RuleBook) -> Vec<String> {
    let a = &book.arsenal;
    let mut lines = Vec::new();
    if !a.vehicles.is_empty() {
        let types: Vec<String> = a
            .vehicles
            .iter()
            .map(|v| {
                let armour = match v.armour {
                    Armour::SoftSkin => "soft skin",
                    Armour::OpenTop => "open top",
                    Armour::Closed => "closed",
                };
                let cards = if v.cards == 1 { "card" } else { "cards" };
                format!("{} {} {cards}, {armour}", v.name, v.cards)
            })
            .collect();
        lines.push(format!("Vehicles, their cards and armour: {}.", types.join("; ")));
        lines.push(format!(
            "A vehicle moves {} hex a card on {} only, and {} on the same card. Only anti-tank weapons and H.E. hurt \
             it; nobody fights it hand to hand.",
            a.hexes_per_card,
            a.vehicle_terrain.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
            if a.fire_after_moving { "may fire after moving" } else { "moves or fires, not both" }
        ));
        lines.push(if a.vehicles_pull_back {
            format!(
                "An enemy vehicle pulls back once damaged or after {} turns of an action, and leaves from the map's \
                 edge (house rule vehicles_pull_back).",
                a.vehicle_turns
            )
        } else {
            "An enemy vehicle fights on until it is destroyed or the action ends.".into()
        });
    }
    if let Some(t) = &a.anti_tank {
        lines.push(format!(
            "A/T fire: at least the hex count on a D{}; {:+} if the target or the firer moved, {:+} if the target is \
             partly hidden (in cover), {:+} at its rear, {:+} for a short-ranged weapon at extreme range. Ranges \
             (point blank / normal / extreme):",
            t.sides, t.moved, t.partly_hidden, t.rear, t.short_at_extreme
        ));
        for w in &t.weapons {
            let normal = w.normal.map_or("-".to_string(), |n| hexes(w.point_blank + 1, n));
            let extreme = hexes(w.normal.unwrap_or(w.point_blank) + 1, w.extreme);
            lines.push(format!("  {:<16} {} / {normal} / {extreme}", w.name, hexes(1, w.point_blank)));
        }
        lines.push(format!(
            "A hit rolls a D{} for damage: at point blank or normal range {}; at extreme range {} (anything else does \
             nothing).",
            t.damage_sides,
            damage_table(&t.close_damage),
            damage_table(&t.extreme_damage)
        ));
    }
    if let Some(d) = &a.damage {
        lines.push(format!(
            "Light damage costs the vehicle {} card from every deck (it keeps one){}{}.",
            d.light_cards_lost,
            if d.heavy_immobilises {
                "; heavy damage costs the card and immobilises it (it may still fire)"
            } else {
                ""
            },
            if d.accumulates {
                "; a second hit makes it worse: light on light is heavy, any hit on heavy destroys it"
            } else {
                ""
            }
        ));
    }
    if let Some(he) = &a.high_explosive {
        let mut effect = Vec::new();
        for (armour, name) in [(Armour::SoftSkin, "soft skins"), (Armour::OpenTop, "open-top armour")] {
            if let Some(from) = he.destroys_from(armour) {
                effect.push(format!("{name} destroyed on {from}+"));
            }
        }
        if he.destroys_from(Armour::Closed).is_none() {
            effect.push("closed armour unharmed".into());
        }
        lines.push(format!(
            "H.E. fire: at most {} hexes; at least the hex count on a D{}, {:+} if the target or the firer moved, {:+} \
             if the target is in hard cover. On men, the template. On a vehicle a D{}: {}.",
            he.max_range,
            he.sides,
            he.moved,
            he.hard_cover,
            he.effect_sides,
            effect.join(", ")
        ));
        lines.push(if he.radio {
            format!(
                "A patrol whose orders give it a radio: its senior able man calls H.E. (r) on a hex he sees, 1-{} \
                 hexes from him; it lands at the STOP card, on friend and foe alike. {} missions a patrol, one at a \
                 time (house rule radio).",
                he.max_range, he.missions_per_patrol
            )
        } else {
            "The article has no radio: the patrol calls no fire, and the enemy's H.E. comes from its guns on the map."
                .into()
        });
    }
    lines
}
