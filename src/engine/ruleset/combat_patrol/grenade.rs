//! Combat Patrol's hand grenades: the throw, a D10 less the thrower's
//! inverted accuracy; the scatter it leaves to be moved alternately by the
//! opponent and the thrower (`Flight`, walked in inches over the hexes);
//! the blast's reach.

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose};
use crate::engine::ruleset::combat_patrol::flight::Flight;
use crate::engine::ruleset::combat_patrol::tables::CombatPatrol as Book;
use crate::engine::ruleset::combat_patrol::{Throw, Thrown, accuracy_now, tables_in};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Soldier;

/// The thrower's inverted accuracy: the die's sides less his accuracy
/// (4+ is 6, 6+ is 4), halved, rounding down, when he cannot see the hex.
pub(super) fn inverted(t: &Book, man: &Soldier, in_sight: bool) -> i32 {
    let inverted = (i32::from(t.sides) - accuracy_now(t, man)).max(0);
    if in_sight { inverted } else { inverted / 2 }
}

/// The tables, once the throw is one he may make: a grenade left, the hex
/// within reach.
fn checked<'a>(book: &'a RuleBook, th: &Throw) -> Result<&'a Book, String> {
    let t = tables_in(book).ok_or("this rule book has no Combat Patrol tables")?;
    let g = &t.grenade;
    if th.thrower.vehicle.is_some() {
        return Err(format!("{} is a vehicle: its crew throws no grenades", th.thrower.id));
    }
    if th.thrower.kit.combat_patrol().grenades_thrown >= g.each {
        return Err(format!("{} has no grenades left (he carried {})", th.thrower.id, g.each));
    }
    let distance = th.from.distance(th.target);
    if distance > g.range {
        return Err(format!("{} is {distance} hexes off: a grenade is thrown at most {} hexes", th.target, g.range));
    }
    Ok(t)
}

/// The throw's roll and the blast's, each with its modifiers' total.
pub(super) fn odds(book: &RuleBook, th: &Throw) -> Result<[(Purpose, i32); 2], String> {
    let t = checked(book, th)?;
    Ok([
        (Purpose::CpGrenade, -inverted(t, th.thrower, th.in_sight)),
        (Purpose::CpBlast, i32::from(t.grenade.wound_bonus)),
    ])
}

/// The throw: a D10 less the inverted accuracy is the scatter (0 or less
/// lands on the hex aimed at); a 1 drops it at his feet.
pub(super) fn throw(book: &RuleBook, dice: &mut Dice, th: &Throw) -> Result<Thrown, String> {
    let t = checked(book, th)?;
    let g = &t.grenade;
    let inv = inverted(t, th.thrower, th.in_sight);
    let mut modifiers = Modifiers::default();
    modifiers
        .push(Modifier::new(Name::new_static(if th.in_sight { "inverted_accuracy" } else { "out_of_sight" }), -inv));
    let mut points = 0;
    let mut dropped = false;
    let mut roll = dice
        .table(Purpose::CpGrenade, 1, t.sides, |total| {
            dropped = total <= u32::from(g.dropped_on);
            points = (i64::from(total) - i64::from(inv)).max(0) as u32;
            Name::new_static(match (dropped, points) {
                (true, _) => "dropped",
                (false, 0) => "on_target",
                (false, _) => "scatters",
            })
        })
        .by(&th.thrower.id);
    roll.hex = Some(th.target);
    roll.modifiers = Some(modifiers);
    let blast = t.hexes(g.blast_inches);
    let flight = if dropped {
        Flight::dropped(th.index, th.from, th.target, t.inches_per_hex, blast)
    } else {
        let moves = [g.opponent_inches, g.thrower_inches];
        Flight::new(th.index, th.from, th.target, points, t.inches_per_hex, moves, blast)
    };
    Ok(Thrown { roll, flight })
}
