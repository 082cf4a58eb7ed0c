//! European Battlefield's transports and crews (core rules v3.0, section
//! XII): the rolls the loop's part (`transports.rs`,
//! `manoeuvre.rs`) asks for. A man's dismount chart (a decision: the
//! article does not print it), a man's escape from a vehicle destroyed (the
//! article's 4+ to save a crewman, for the men inside as well: a decision),
//! and the courage test of a man a vehicle runs over (2d6 and his courage
//! against the courage test's pass: he dodges, or he dies).

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::ruleset::european::profile as man_profile;
use crate::engine::ruleset::european::tables::transport::{Load, Transport};
use crate::engine::ruleset::european::tables::vehicles::{VehicleProfile, Vehicles};
use crate::engine::ruleset::european::tables::{European as Book, Note};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Soldier;

/// The transport rules and the vehicle tables of `book`, where it has them.
pub fn rules(book: &RuleBook) -> Option<(&Book, &Vehicles, &Transport)> {
    let t = crate::engine::ruleset::european::tables_in(book)?;
    let v = t.vehicles.as_deref()?;
    Some((t, v, v.transport.as_ref()?))
}

/// The carry points `man` takes in a transport, and whether his weapon is
/// a heavy support weapon (it fills the transport).
pub fn points(t: &Book, tr: &Transport, book: &RuleBook, man: &Soldier) -> (u8, bool) {
    weapon_points(t, tr, man.weapon(book))
}

/// The carry points a man with the weapon `key` takes, and whether it is a
/// heavy support weapon (one the transport rules do not list by its points).
pub fn weapon_points(t: &Book, tr: &Transport, key: &str) -> (u8, bool) {
    let listed = tr.weapon_cp.iter().any(|(k, _)| k == key);
    let heavy = !listed && t.weapon(key).is_some_and(|w| w.notes.contains(&Note::Heavy));
    tr.points(key, heavy)
}

/// `man` as a transport's load counts him (`points`, and his squad).
pub fn load(t: &Book, tr: &Transport, book: &RuleBook, man: &Soldier) -> Load {
    let (points, heavy) = points(t, tr, book, man);
    Load { points, heavy, squad: man.squad }
}

/// Whether `man` carries a heavy weapon (its base cannot be run over).
pub fn heavy(t: &Book, book: &RuleBook, man: &Soldier) -> bool {
    t.weapon(man.weapon(book)).is_some_and(|w| w.notes.contains(&Note::Heavy))
}

/// The profile of vehicle `man`, if he is one.
pub fn profile<'a>(book: &'a RuleBook, man: &Soldier) -> Option<&'a VehicleProfile> {
    crate::engine::ruleset::european::vehicles::profile(crate::engine::ruleset::european::tables_in(book)?, man)
}

/// `man`'s roll on the dismount chart, getting out of `vehicle`: 1d6, the
/// chart's need or more.
pub fn dismount(tr: &Transport, dice: &mut Dice, man: &Name, vehicle: &Name) -> Roll {
    dice.check(Purpose::EbDismount, 1, 6, i32::from(tr.dismount_need), Modifiers::default()).by(man).at(vehicle)
}

/// A man inside `vehicle` (or one of its crew, `who`) getting out of it
/// destroyed: 1d6, the escape need or more.
pub fn escape(tr: &Transport, dice: &mut Dice, who: &Name, vehicle: &Name) -> Roll {
    dice.check(Purpose::EbEscape, 1, 6, i32::from(tr.escape_need), Modifiers::default()).by(who).at(vehicle)
}

/// The courage test of `man`, run over by `vehicle`: 2d6 and his courage,
/// the courage test's pass or more, or he dies.
pub fn run_over(t: &Book, dice: &mut Dice, man: &Soldier, vehicle: &Name) -> Roll {
    let courage = man_profile(t, man).map_or(0, |p| i32::from(p.courage));
    let mut modifiers = Modifiers::default();
    modifiers.push(Modifier::new(Name::new_static("courage"), -courage));
    let (count, sides) = t.courage.dice;
    dice.check(Purpose::EbRunOver, count, sides, t.courage.pass as i32, modifiers).by(&man.id).at(vehicle)
}
