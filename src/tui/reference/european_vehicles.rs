//! European Battlefield's vehicles in words, from its tables in the rule book.

use super::faces;
use crate::engine::RuleBook;

/// European Battlefield's vehicle rules, or None for a book without them.
pub fn european_vehicles(book: &RuleBook) -> Option<Vec<String>> {
    let t = book.european.as_deref()?;
    let v = t.vehicles.as_deref()?;
    let hexes = |inches: u32| inches.div_ceil(t.inches_per_hex.max(1));
    let mut lines = vec![
        format!(
            "Fire at a vehicle: only t-, h- and a-class weapons hurt armour (t at strength, h {:+}, a {:+}); a \
             vehicle without armour is armour to t-class and a man to the rest. t and a fire no nearer than {} \
             hexes, h no nearer than {}. A hit from behind strikes the flank armour; else a turret is hit on \
             {}+ (flank armour), or the front armour; then the wound chart, strength against armour.",
            v.armour_h,
            v.armour_a,
            hexes(v.min_inches_ta),
            hexes(v.min_inches_h),
            v.turret_need
        ),
        format!(
            "Wounds count down; at the last the vehicle is a hulk and rolls a die: {}+ rolls the KO chart, as \
             does a 6 on a wound roll that needed less. KO chart: {}. A vehicle damaged and not destroyed: its \
             crew rolls 2d6 and its courage, {} or more, or bails out and leaves it, a hulk.",
            v.last_wound_ko,
            v.ko_chart
                .iter()
                .map(|e| format!("{} {}", faces(e.rolls), e.ko.name().replace('_', " ")))
                .collect::<Vec<_>>()
                .join(", "),
            v.bail_pass
        ),
        "Hulks (H on the map) block sight and other vehicles; every vehicle blocks sight. A vehicle is a squad \
         of its own; on its card it fires its main gun (standing only) and machine guns (each past the first \
         adds a die) at the likeliest man, or closes in."
            .to_string(),
        "Vehicles (armour front/flank or D, wounds, courage, crew Shoot, points):".to_string(),
    ];
    for p in &v.profiles {
        let armour = p.armour.map_or(format!("D{}", p.defense), |(f, s)| format!("A{f}/{s}"));
        let guns: Vec<String> = p
            .main_gun
            .iter()
            .cloned()
            .chain(p.mg.as_ref().map(|m| if p.mgs > 1 { format!("{} {m}s", p.mgs) } else { m.clone() }))
            .collect();
        let turret = if p.turret { ", turret" } else { "" };
        lines.push(format!(
            "  {}: {armour} W{} C{} {}+ {}pts, {}{turret}",
            p.name,
            p.wounds,
            p.courage,
            p.shoot,
            p.points,
            guns.join(", ")
        ));
    }
    Some(lines)
}
