//! Checks on Combat Patrol's tables (`assets/rules/combat_patrol.ron`, or
//! the `combat_patrol` part of a player's own rules file) beyond what the
//! types enforce, each naming the line and column it is about.

use super::DataError;
use super::check::check_cover;
use super::place::{Checker, locate};
use crate::engine::book::RuleBook;
use crate::engine::ruleset::combat_patrol::tables::{CombatPatrol, Feed, Special};

/// The most dice and sides any of its rolls may have.
const MAX_DICE: u8 = 4;
const MAX_SIDES: u8 = 100;

pub fn check_combat_patrol(book: &RuleBook, file: &str, text: &str) -> Result<(), DataError> {
    let Some(t) = crate::engine::ruleset::combat_patrol::tables_in(book) else { return Ok(()) };
    let c = Checker { file, text };
    check(&c, book, t)
}

fn check(c: &Checker, book: &RuleBook, t: &CombatPatrol) -> Result<(), DataError> {
    if !(1..=100).contains(&t.inches_per_hex) {
        return Err(c.err("inches_per_hex", "inches_per_hex: 1 to 100 inches make a hex".into()));
    }
    let sides_ok = |s: u8| (2..=MAX_SIDES).contains(&s);
    if !sides_ok(t.sides) || !sides_ok(t.reaction.sides) {
        return Err(c.err("sides", format!("sides: a die has 2 to {MAX_SIDES} sides")));
    }
    // Every modifier a small number: a need is a sum of them.
    let small = |v: i32| (-10..=10).contains(&v);
    let m = &t.modifiers;
    let mods = [m.beyond_optimum, m.soft_cover, m.hard_cover, m.light_wound, t.accuracy.veteran];
    if !mods.into_iter().all(small) || !small(t.reaction.light_wound) || !small(t.medic.trained) {
        return Err(c.err(
            "modifiers",
            "modifiers, accuracy.veteran, reaction.light_wound and medic.trained: each from -10 to 10".into(),
        ));
    }
    let a = &t.accuracy;
    for (what, need) in [("friendly", a.friendly), ("enemy", a.enemy)] {
        if need == 0 || need > t.sides {
            return Err(c.err("accuracy", format!("accuracy: {what} {need}+ on a d{}: from 1 to {}", t.sides, t.sides)));
        }
    }
    let mut seen = Vec::new();
    for p in &t.weapons {
        let at = format!("\"{}\"", p.weapon);
        if book.weapon(&p.weapon).is_none() {
            return Err(c.err(&at, format!("weapons: '{}' is not a weapon of the rule book", p.weapon)));
        }
        if seen.contains(&p.weapon.as_str()) {
            return Err(c.err(&at, format!("weapons: '{}' has two profiles", p.weapon)));
        }
        seen.push(p.weapon.as_str());
        if p.optimum == 0
            || p.optimum > p.maximum
            || p.maximum > crate::engine::vocabulary::limits::MAP_SIDE.unsigned_abs()
        {
            return Err(c.err(&at, format!("weapons: '{}' needs 1 <= optimum <= maximum", p.weapon)));
        }
        if p.shots == 0 || p.shots > 20 {
            return Err(c.err(&at, format!("weapons: '{}' fires 1 to 20 shots", p.weapon)));
        }
        match &p.special {
            Some(Special::Shots { shots, modifier }) if *shots == 0 || *shots > 20 || !(0..=10).contains(modifier) => {
                return Err(
                    c.err(&at, format!("weapons: '{}': a special method of 1 to 20 shots, 0 to 10 worse", p.weapon))
                );
            }
            _ => {}
        }
    }
    let (count, sides) = t.wound_dice;
    if !(1..=MAX_DICE).contains(&count) || !sides_ok(sides) {
        return Err(c.err("wound_dice", format!("wound_dice: 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} sides")));
    }
    let ranges: Vec<(u8, u8)> = t.wound_chart.iter().map(|b| b.rolls).collect();
    let top = u16::from(count) * u16::from(sides);
    let top = u8::try_from(top).map_err(|_| c.err("wound_dice", "wound_dice: totals up to 255".into()))?;
    check_cover(c, "wound_chart", &ranges, count, top)?;
    let k = &t.critical;
    if !sides_ok(k.sides) || k.first >= k.sides {
        return Err(c.err("critical", "critical: a die of 2 or more sides, and a first need below its top".into()));
    }
    let m = &t.medic;
    let table = [m.worse, m.held, (m.stabilised, m.sides)];
    if !sides_ok(m.sides)
        || m.worse.0 != 1
        || table.iter().any(|(lo, hi)| lo > hi)
        || table.windows(2).any(|w| w[0].1.checked_add(1) != Some(w[1].0))
    {
        return Err(c.err(
            "medic",
            "medic: worse from 1, then held, then stabilised, each starting one after the last ends".into(),
        ));
    }
    let g = &t.grenade;
    if g.each > 20
        || !(1..=10).contains(&g.range)
        || g.dropped_on >= t.sides
        || g.blast_inches > 100
        || g.wound_bonus > 20
        || !(1..=100).contains(&g.opponent_inches)
        || !(1..=100).contains(&g.thrower_inches)
        || !(2..=100).contains(&g.near.sides)
        || g.near.struck >= g.near.sides
    {
        return Err(c.err(
            "grenade",
            "grenade: at most 20 each, thrown 1 to 10 hexes, dropped below the die's top, a blast and a bonus \
             of at most 100 inches and 20, moves of 1 to 100 inches, near a die of 2 to 100 sides struck below \
             its top"
                .into(),
        ));
    }
    if t.drag.bearers == 0 || t.drag.bearers > 10 || t.drag.cards_each == 0 || t.drag.cards_each > 10 {
        return Err(c.err("drag", "drag: 1 to 10 bearers, each spending 1 to 10 cards".into()));
    }
    check_sweeps_and_ammunition(c, book, t)
}

/// The spray, the machine gun's arc and the ammunition table.
fn check_sweeps_and_ammunition(c: &Checker, book: &RuleBook, t: &CombatPatrol) -> Result<(), DataError> {
    let small = |v: i32| (-10..=10).contains(&v);
    if t.spray.inches > 100 || !small(t.spray.reaction) {
        return Err(c.err("spray", "spray: at most 100 inches, and a reaction modifier from -10 to 10".into()));
    }
    let mg = &t.machine_gun;
    let b = &mg.bullets;
    // The most bullets a man can take: the roll's names go up to six.
    let most = (u16::from(b.dice) * u16::from(b.sides)).saturating_sub(u16::from(b.less));
    if !(1..=180).contains(&mg.degrees)
        || !small(mg.reaction)
        || !(1..=MAX_DICE).contains(&b.dice)
        || !(2..=MAX_SIDES).contains(&b.sides)
        || most > 6
        || u16::from(b.less) >= u16::from(b.dice) * u16::from(b.sides)
    {
        return Err(c.err(
            "machine_gun",
            "machine_gun: an arc of 1 to 180 degrees, a reaction modifier from -10 to 10, and bullets of 1 to 4 \
             dice of 2 or more sides less a number, from 0 to 6 bullets a man"
                .into(),
        ));
    }
    // One die for every magazine: the simulator and `odds` read the first's.
    let mut dice = t.ammunition.iter().filter_map(|a| match a.feed {
        Feed::Magazine { sides, again, .. } => Some((sides, again)),
        _ => None,
    });
    if let Some(first) = dice.next()
        && dice.any(|d| d != first)
    {
        return Err(c.err("Magazine", "ammunition: every magazine rolls the same die with the same need".into()));
    }
    let mut seen = Vec::new();
    // An entry's place: its weapon's key after the table's name (the same
    // key comes before it among the profiles), the table's name if it is
    // not written so.
    let table = c.text.find("ammunition:").unwrap_or(c.text.len());
    for a in &t.ammunition {
        let key = format!("\"{}\"", a.weapon);
        let before = seen.iter().filter(|&&w| w == a.weapon.as_str()).count();
        let place = match c.text[table..].contains(&key) {
            true => locate(c.text, &key, c.text[..table].matches(&key).count() + before),
            false => locate(c.text, "ammunition", 0),
        };
        let err = |message: String| DataError::at(c.file, place, message);
        if book.weapon(&a.weapon).is_none() {
            return Err(err(format!("ammunition: '{}' is not a weapon of the rule book", a.weapon)));
        }
        if seen.contains(&a.weapon.as_str()) {
            return Err(err(format!("ammunition: '{}' is listed twice", a.weapon)));
        }
        seen.push(a.weapon.as_str());
        let ok = match a.feed {
            Feed::Belt { bursts, actions } => (1..=50).contains(&bursts) && (1..=10).contains(&actions),
            Feed::Magazine { bursts, sides, again } => {
                (1..=50).contains(&bursts) && (2..=MAX_SIDES).contains(&sides) && again < sides
            }
            Feed::Limited { uses } => (1..=50).contains(&uses),
        };
        if !ok {
            return Err(err(format!(
                "ammunition: '{}': 1 to 50 bursts or uses, 1 to 10 reload actions, a magazine's die of 2 or \
                     more sides and a number below its top",
                a.weapon
            )));
        }
    }
    Ok(())
}
