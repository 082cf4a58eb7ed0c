//! European Battlefield's vehicles in words, from its tables in the rule book.

use super::faces;
use crate::engine::RuleBook;

/// European Battlefield's vehicle rules, or None for a book without them.
pub fn european_vehicles(book: &RuleBook) -> Option<Vec<String>> {
    let t = crate::engine::ruleset::european::tables_in(book)?;
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
             crew rolls 2d6 and its courage, {} or more, or bails out and leaves it, a hulk (with transport rules \
             its crew are men on foot).",
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
        let crew = if p.crew > 0 { format!(", crew {}", p.crew) } else { String::new() };
        let carry = if p.carry > 0 { format!(", carries {} CP", p.carry) } else { String::new() };
        lines.push(format!(
            "  {}: {armour} W{} C{} {}+ {}pts, {}{turret}{crew}{carry}",
            p.name,
            p.wounds,
            p.courage,
            p.shoot,
            p.points,
            guns.join(", ")
        ));
    }
    lines.extend(transport(t, v));
    Some(lines)
}

/// The transport, crew and manoeuvre rules in words, if the tables have them.
fn transport(
    t: &crate::engine::ruleset::european::tables::European,
    v: &crate::engine::ruleset::european::tables::vehicles::Vehicles,
) -> Vec<String> {
    let Some(tr) = &v.transport else { return Vec::new() };
    let hexes = |inches: u32| inches / t.inches_per_hex.max(1);
    let weapons: Vec<String> = tr.weapon_cp.iter().map(|(w, n)| format!("{w} {n}")).collect();
    vec![
        format!(
            "Transports: a man takes {} carry point (CP), and his weapon more ({}); a heavy support weapon fills \
             a transport, which must carry {} or more. Men inside are off the map (IN on the roster, the \
             vehicle's name where the hex goes): nobody fires at them and they fire at nothing. Men within {} \
             hexes mount, half the vehicle's move; a transport takes its routed men back in and draws off.",
            tr.man_cp,
            weapons.join(", "),
            tr.heavy_fills,
            hexes(tr.mount_inches)
        ),
        format!(
            "Dismounting (decisions): on its card, when a man of the patrol it sees is within {} hexes or it is \
             damaged, its men get out behind it, half its move (it counts as moving); each rolls the dismount \
             chart, 1d6, {}+ gets out, else stays in. A vehicle destroyed: each man inside and each of its crew \
             gets out on {}+, the rest die in it; one that explodes kills all inside; a crew that bails out \
             gets out whole with its men. A crew on foot: a {} with a {}, the rest ({}) a {} each, a squad of its own \
             that never remounts.",
            hexes(tr.dismount_inches),
            tr.dismount_need,
            tr.escape_need,
            tr.crew_leader.0,
            tr.crew_leader.1,
            tr.crew_man.0,
            tr.crew_man.1
        ),
        format!(
            "Pivots: a vehicle without a turret fires only ahead (the sextant it faces); it turns to a target, \
             free up to {} degrees (one sextant of 60), then an inch for each further {} (a pivot that costs \
             inches counts as moving: no main gun). Running over: a vehicle drives into a man of the patrol \
             beside it before it fires; he tests his courage (2d6 + courage, {} or more): he dodges back into \
             the hex it left and fires no more this turn, or dies. Heavy weapons are not run over. A hulk that \
             does not burn is pushed a hex on when it bars the vehicle's way, at half speed.",
            tr.pivot_free, tr.pivot_step, t.courage.pass
        ),
    ]
}
