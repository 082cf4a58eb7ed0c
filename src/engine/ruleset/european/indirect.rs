//! Indirect fire under European Battlefield (section XIII): an h-class
//! weapon, an off-board battery called by radio, or an air strike fires at
//! a hex. The roll to hit is at the spotter's Shoot value, one worse when a
//! man in the hex aimed at moved this turn. A 1 goes over the horizon and a
//! 6 lands on the point; any other hit scatters 1d6", a miss 2d6", and
//! off-board guns 1d6" more unless a rangefinder man stands by the radio
//! operator. The scatter die points one of the six hex directions. Every
//! man under the template is hit at the weapon's strength: prone men save
//! (taking cover does not save against h-class), then the wound chart; a
//! squad under it is suppressed, and tests its courage for its losses. A
//! vehicle under it is struck too (blast.rs).

use crate::engine::book::RuleBook;
use crate::engine::dice::chance::{Chance, spread};
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose};
use crate::engine::ruleset::european::shoot_need;
use crate::engine::ruleset::european::tables::{Class, European as Book, Indirect, WeaponProfile};
use crate::engine::ruleset::european::throws::{after_test, courage_test, test_need, wounds};
use crate::engine::ruleset::{Gun, Pressure, Shelled, Shot};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Soldier;

/// The scatter die's faces, 1 to 6, as compass points, clockwise from
/// north (a decision: the article's scatter die points anywhere; a hex map
/// has six ways), and each as the place of its neighbour in `Pos::neighbour`.
pub const DIRECTIONS: [(&str, usize); 6] =
    [("north", 4), ("north-east", 5), ("south-east", 0), ("south", 1), ("south-west", 2), ("north-west", 3)];

/// Whole hexes as a table roll's result names them.
pub const HEXES: [&str; 13] = [
    "0 hexes", "1 hex", "2 hexes", "3 hexes", "4 hexes", "5 hexes", "6 hexes", "7 hexes", "8 hexes", "9 hexes",
    "10 hexes", "11 hexes", "12 hexes",
];

/// `n` whole hexes in words (the last of `HEXES` for more).
pub fn hexes_words(n: u32) -> &'static str {
    HEXES[(n as usize).min(HEXES.len() - 1)]
}

/// The rout dice's table: the inches a routed squad runs, in whole hexes.
pub fn rout_spread(t: &Book) -> (String, Vec<(&'static str, Chance)>) {
    let ((count, sides), per_hex) = (t.rout_dice, t.inches_per_hex.max(1));
    (format!("{count}d{sides}"), spread(count, sides, |inches| hexes_words(inches / per_hex)))
}

/// The profile `gun` fires with, from the tables.
pub fn gun_profile<'a>(t: &'a Book, ind: &'a Indirect, gun: Gun<'_>) -> Option<&'a WeaponProfile> {
    match gun {
        Gun::Weapon(key) => t.weapon(key).filter(|w| w.has(Class::H)),
        Gun::Battery => Some(&ind.battery),
        Gun::AirStrike => Some(&ind.air.strike),
    }
}

/// The need to hit of `shot`, before the extremes: the spotter's Shoot
/// value (an air strike's own), one worse for a target that moved.
pub fn hit_need(t: &Book, ind: &Indirect, shot: &Shot<'_>) -> Option<(i32, Modifiers)> {
    let (base, mut modifiers) = match (shot.gun, shot.spotter) {
        (Gun::AirStrike, _) => (i32::from(ind.air.shoot), Modifiers::default()),
        (_, Some(man)) => shoot_need(t, man)?,
        (_, None) => return None,
    };
    if shot.target_moved && ind.moved != 0 {
        modifiers.push(Modifier::new(Name::new_static("target_moved"), ind.moved));
    }
    Some((base, modifiers))
}

/// The scatter dice of a shot that hit or missed: off-board guns (a
/// battery, an air strike) throw more unless a rangefinder man is by.
pub fn scatter_dice(ind: &Indirect, gun: Gun<'_>, hit: bool, rangefinder: bool) -> u8 {
    let base = if hit { ind.hit_scatter } else { ind.miss_scatter };
    let off_board = gun == Gun::Battery && !rangefinder;
    base + if off_board { ind.off_board_scatter } else { 0 }
}

/// `from` moved `n` hexes along the scatter die's `face` (1 to 6).
pub fn step(from: Pos, face: u32, n: u32) -> Pos {
    let k = DIRECTIONS[(face.clamp(1, 6) - 1) as usize].1;
    (0..n).fold(from, |p, _| p.neighbour(k))
}

/// The roll to hit and the scatter: where `shot` lands, or None over the
/// horizon. Every roll goes to `events`.
pub fn land(t: &Book, ind: &Indirect, dice: &mut Dice, shot: &Shot<'_>, events: &mut Events) -> Option<Pos> {
    let (base, mut modifiers) = hit_need(t, ind, shot)?;
    let need = base + modifiers.total();
    let held = test_need(need);
    if held != need {
        modifiers.push(Modifier::new(Name::new_static("extremes"), held - need));
    }
    let mut roll = dice.check(Purpose::EbIndirect, 1, 6, base, modifiers).on(shot.aim);
    roll.soldier = shot.spotter.map(|s| s.id.clone());
    let face = roll.total;
    let hit = roll.succeeded();
    roll.result = Some(Name::new_static(match (face, hit) {
        (1, _) => "over the horizon",
        (6, _) => "on the point",
        (_, true) => "hit: scatters",
        (_, false) => "miss: scatters",
    }));
    events.push(Event::Roll(roll));
    match face {
        1 => return None,
        6 => return Some(shot.aim),
        _ => {}
    }
    let count = scatter_dice(ind, shot.gun, hit, shot.rangefinder);
    let per_hex = t.inches_per_hex.max(1);
    let scatter = dice.table(Purpose::EbScatter, count, 6, |inches| Name::new_static(hexes_words(inches / per_hex)));
    let n = scatter.total / per_hex;
    events.push(Event::Roll(scatter.on(shot.aim)));
    if n == 0 {
        return Some(shot.aim);
    }
    let way = dice.table(Purpose::EbDirection, 1, 6, |f| Name::new_static(DIRECTIONS[(f.clamp(1, 6) - 1) as usize].0));
    let face = way.total;
    events.push(Event::Roll(way.on(shot.aim)));
    Some(step(shot.aim, face, n))
}

/// The men of `men` under a template of `radius` hexes around `at`: able,
/// on the map, nearer than the radius; in the order of `Game::soldiers`.
pub fn under(men: &[Soldier], at: Pos, radius: u32) -> Vec<usize> {
    (0..men.len())
        .filter(|&i| {
            men[i].can_act() && men[i].vehicle.is_none() && men[i].pos.is_some_and(|p| p.distance(at) <= radius)
        })
        .collect()
}

/// Whether two men are of one squad: one side, one squad number (a man of
/// no squad is a squad alone).
fn squadmates(a: &Soldier, b: &Soldier) -> bool {
    a.side == b.side && (a.id == b.id || (a.squad.is_some() && a.squad == b.squad))
}

/// The whole of `shot`: see the module's words.
pub fn fire(t: &Book, book: &RuleBook, dice: &mut Dice, shot: &Shot<'_>, events: &mut Events) -> Option<Shelled> {
    let ind = t.indirect.as_ref()?;
    let weapon = gun_profile(t, ind, shot.gun)?;
    let radius = weapon.template.unwrap_or(0);
    let Some(at) = land(t, ind, dice, shot, events) else {
        return Some(Shelled { landed: None, radius, lost: Vec::new(), pressed: Vec::new(), vehicles: Vec::new() });
    };
    if shot.smoke {
        return Some(Shelled { landed: Some(at), radius, lost: Vec::new(), pressed: Vec::new(), vehicles: Vec::new() });
    }
    let men = shot.men;
    let hit = under(men, at, radius);
    let mut lost = Vec::new();
    // The men the shell hit and who did not save: as written, a man who
    // saves is not hit.
    let mut unsaved = Vec::new();
    for &i in &hit {
        let man = &men[i];
        // Taking cover does not save against h-class; prone does, and a
        // heavy weapon's crew has its own (heavy.rs).
        let prone = man.kit.european().dug_in || matches!(man.pressure, Pressure::Prone | Pressure::Pinned);
        if let Some((need, purpose)) = crate::engine::ruleset::european::heavy::shelled_save(t, book, man, men, prone) {
            let roll = dice.check(purpose, 1, 6, test_need(i32::from(need)), Modifiers::default()).by(&man.id);
            let saved = roll.succeeded();
            events.push(Event::Roll(roll));
            if saved {
                continue;
            }
        }
        unsaved.push(i);
        if wounds(t, dice, man, weapon, events) {
            lost.push(i);
        }
    }
    // Each squad under the template: one suppression (a decision: the
    // template is one h-class hit on the squad, however many men it
    // covers) unless every man of it under it saved (house rule
    // `saved_hits_suppress`: even then), and its courage test for a
    // quarter of its strength lost.
    let mut pressed = Vec::new();
    let mut done: Vec<usize> = Vec::new();
    for &i in &hit {
        if done.iter().any(|&d| squadmates(&men[d], &men[i])) {
            continue;
        }
        done.push(i);
        let squad: Vec<usize> = (0..men.len()).filter(|&j| men[j].can_act() && squadmates(&men[i], &men[j])).collect();
        let now = men[i].pressure;
        let was_hit = t.saved_hits_suppress || unsaved.iter().any(|&u| squadmates(&men[i], &men[u]));
        let mut pressure = if was_hit { suppress(t, now) } else { now };
        let gone = lost.iter().filter(|&&l| squad.contains(&l)).count() as u32;
        if gone > 0 && gone * 100 >= t.courage.casualties_percent * squad.len() as u32 {
            let left: Vec<&Soldier> = squad.iter().filter(|j| !lost.contains(j)).map(|&j| &men[j]).collect();
            // Only his own side's officers lend their courage. A command point is
            // not spent on a test under shells (a decision: they fall at STOP,
            // or on the enemy mortar's card, outside the squad's own turn).
            let side = men[i].side;
            let others: Vec<&Soldier> = (0..men.len())
                .filter(|&j| !squad.contains(&j) && men[j].can_act() && men[j].side == side)
                .map(|j| &men[j])
                .collect();
            if let Some((roll, passed, routed)) = courage_test(t, dice, (&left, &others), pressure, false) {
                events.push(Event::Roll(roll));
                pressure = after_test(pressure, passed, routed);
            }
        }
        if pressure != now {
            pressed.push((squad, pressure));
        }
    }
    // The vehicles under it (blast.rs), after the men.
    let vehicles = crate::engine::ruleset::european::blast::vehicles(t, dice, shot, (weapon, at, radius), events);
    Some(Shelled { landed: Some(at), radius, lost, pressed, vehicles })
}

/// One suppression more on a squad under `now` (an h-class hit); enough pin
/// it. A squad pinned, gone to ground or routed stays so.
pub fn suppress(t: &Book, now: Pressure) -> Pressure {
    let had = match now {
        Pressure::Steady => 0,
        Pressure::Suppressed(n) => n,
        Pressure::Pinned | Pressure::Prone | Pressure::Routed => return now,
    };
    if had + 1 >= t.suppression.pinned_at { Pressure::Pinned } else { Pressure::Suppressed(had + 1) }
}

/// The chance of each result of indirect fire's table rolls (the simulator
/// measures them by it): the scatter of `modifier` dice (the tally keys
/// `eb_scatter` by its dice, not by modifiers, which it has none of), the
/// scatter die's direction, a smoke bank's drift and its clearing.
pub fn table_spread(t: &Book, purpose: Purpose, modifier: i32) -> Option<(String, Vec<(&'static str, Chance)>)> {
    let ind = t.indirect.as_ref()?;
    let per_hex = t.inches_per_hex.max(1);
    Some(match purpose {
        Purpose::EbScatter if (1..=6).contains(&modifier) => {
            let n = modifier as u8;
            (format!("{n}d6"), spread(n, 6, |inches| hexes_words(inches / per_hex)))
        }
        Purpose::EbDirection if modifier == 0 => {
            ("1d6".into(), spread(1, 6, |f| DIRECTIONS[(f.clamp(1, 6) - 1) as usize].0))
        }
        Purpose::EbSmokeDrift if modifier == 0 => {
            let less = ind.smoke_drift_less;
            ("1d6".into(), spread(1, 6, |f| hexes_words(f.saturating_sub(less) / per_hex)))
        }
        Purpose::EbSmokeClear if modifier == 0 => {
            let (lo, hi) = ind.smoke_clears;
            ("2d6".into(), spread(2, 6, |t| if (lo..=hi).contains(&t) { "clears" } else { "stays" }))
        }
        _ => return None,
    })
}

#[cfg(test)]
#[path = "indirect_tests.rs"]
mod tests;
