//! Heavy support weapons under European Battlefield (section XIII): an
//! anti-tank gun, an anti-aircraft gun, a mortar. Their crews save when hit
//! (a gun shield 5+ from the front, any other heavy weapon but a mortar
//! 6+), they move as in difficult ground and never move and shoot, and t-
//! and a-class guns fire at nothing nearer than 6".
//!
//! Decisions (docs/RULES.md, European Battlefield):
//! - a heavy weapon's crew is its gunner (the man who carries it) and the
//!   men of his squad in his hex;
//! - a gun faces the nearest man firing at it (the first of them to fire
//!   on a tie): its front is the sextant of the hex toward him, and a shot
//!   from that sextant strikes the shield; a shot from any other, the crew
//!   of a shielded gun still has the 6+ every heavy weapon's crew has;
//! - a mortar is a heavy weapon of h-class (it fires indirectly): its crew
//!   has no save of its own;
//! - under a shell's template the crew has its 6+ and never the shield's
//!   5+ (the shell falls from above, not from the front).

use crate::engine::book::RuleBook;
use crate::engine::dice::Purpose;
use crate::engine::map::placement::sector_of;
use crate::engine::ruleset::european::tables::{Class, European as Book, Note, WeaponProfile};
use crate::engine::ruleset::european::throws::save_need;
use crate::engine::ruleset::{Moves, SquadFire, TargetTeam};
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::Soldier;

/// Whether `w` is a heavy support weapon.
pub fn heavy(w: &WeaponProfile) -> bool {
    w.notes.contains(&Note::Heavy)
}

/// Whether `w` is a mortar: a heavy weapon that fires indirectly.
pub fn mortar(w: &WeaponProfile) -> bool {
    heavy(w) && w.has(Class::H)
}

/// The heavy weapon `man` carries himself, if he is on foot.
pub fn carried<'a>(t: &'a Book, book: &RuleBook, man: &Soldier) -> Option<&'a WeaponProfile> {
    if man.vehicle.is_some() {
        return None;
    }
    t.weapon(man.weapon(book)).filter(|w| heavy(w))
}

/// The heavy weapon whose crew `man` is, with its gunner: his own, or that
/// of a man of his squad (among `squad`) in his hex.
pub fn crewed<'a, 'b>(
    t: &'a Book,
    book: &RuleBook,
    man: &'b Soldier,
    squad: impl IntoIterator<Item = &'b Soldier>,
) -> Option<(&'b Soldier, &'a WeaponProfile)> {
    if let Some(w) = carried(t, book, man) {
        return Some((man, w));
    }
    man.pos?;
    squad
        .into_iter()
        .filter(|g| g.pos == man.pos && g.side == man.side && g.squad == man.squad && g.can_act())
        .find_map(|g| Some((g, carried(t, book, g)?)))
}

/// The sextant a gun at `gun` faces in `fire`: toward the nearest man
/// firing at it (the first to fire on a tie).
fn facing(fire: &SquadFire<'_>, gun: Pos) -> Option<usize> {
    let nearest = fire
        .firers
        .iter()
        .filter_map(|f| f.man.pos)
        .filter(|&p| p != gun)
        .enumerate()
        .min_by_key(|&(k, p)| (p.distance(gun), k))?
        .1;
    Some(sector_of(nearest.hex() - gun.hex()))
}

/// Whether a shot from `from` at a gun at `gun` facing `front` strikes its front.
pub fn from_front(gun: Pos, front: usize, from: Pos) -> bool {
    from != gun && sector_of(from.hex() - gun.hex()) == front
}

/// The save the crew of a heavy weapon has against direct fire from `by`,
/// with its words: the shield's from the front, else the crew's.
pub fn crew_save(
    t: &Book,
    book: &RuleBook,
    fire: &SquadFire<'_>,
    man: &Soldier,
    by: &Soldier,
) -> Option<(u8, &'static str)> {
    let (gunner, w) = crewed(t, book, man, fire.squad.iter().copied())?;
    if mortar(w) {
        return None;
    }
    let shield = t.saves.shield.filter(|_| w.shield).and_then(|need| {
        let gun = gunner.pos?;
        let front = facing(fire, gun)?;
        from_front(gun, front, by.pos?).then_some((need, "gun shield"))
    });
    shield.or(t.saves.crew.map(|need| (need, "crew")))
}

/// The save a man of `fire`'s targets hit by `weapon` from `by` rolls, if
/// any: the better of taking cover, prone and his crew's save, with the
/// purpose it is rolled for and its words (a crew's save only where it is
/// the better: the others are rolled as before it existed).
pub fn save(
    t: &Book,
    book: &RuleBook,
    fire: &SquadFire<'_>,
    target: &TargetTeam<'_>,
    (weapon, by): (&WeaponProfile, &Soldier),
) -> Option<(u8, Purpose, Option<&'static str>)> {
    let plain = save_need(t, target, weapon);
    let crew = crew_save(t, book, fire, target.man, by);
    match (plain, crew) {
        (Some(p), Some((c, _))) if p <= c => Some((p, Purpose::EbSave, None)),
        (_, Some((c, words))) => Some((c, Purpose::EbCrewSave, Some(words))),
        (p, None) => p.map(|p| (p, Purpose::EbSave, None)),
    }
}

/// The save of `man` under a shell's template, if any: prone 5+, or his
/// crew's 6+ (never the shield's), the better; with its purpose.
pub fn shelled_save(t: &Book, book: &RuleBook, man: &Soldier, men: &[Soldier], prone: bool) -> Option<(u8, Purpose)> {
    let prone = prone.then_some(t.saves.prone);
    let crew = crewed(t, book, man, men.iter()).filter(|(_, w)| !mortar(w)).and(t.saves.crew);
    match (prone, crew) {
        (Some(p), Some(c)) if p <= c => Some((p, Purpose::EbSave)),
        (_, Some(c)) => Some((c, Purpose::EbCrewSave)),
        (p, None) => p.map(|p| (p, Purpose::EbSave)),
    }
}

/// A heavy weapon's gunner moves as in difficult ground, wherever he goes.
pub fn moves(t: &Book, book: &RuleBook, man: &Soldier, open: Moves) -> Moves {
    match carried(t, book, man) {
        Some(_) => Moves { open: open.difficult.min(open.open), difficult: open.difficult },
        None => open,
    }
}

/// The roster's words for a heavy weapon's gunner, short for its narrow
/// column: his crew's save, the shield's from the front (" sh5+") or the
/// crew's (" cr6+"); nothing for anyone else or a mortar.
pub fn words(t: &Book, book: &RuleBook, man: &Soldier) -> String {
    let Some(w) = carried(t, book, man).filter(|w| !mortar(w)) else { return String::new() };
    match (t.saves.shield.filter(|_| w.shield), t.saves.crew) {
        (Some(s), _) => format!(" sh{s}+"),
        (None, Some(c)) => format!(" cr{c}+"),
        (None, None) => String::new(),
    }
}

/// The least distance, in hexes, `weapon` fires at men from: t- and
/// a-class 6" (rounded up to whole hexes) unless it is also s- or h-class,
/// as at vehicles.
pub fn least_at_men(t: &Book, weapon: &WeaponProfile) -> u32 {
    if weapon.has(Class::S) || weapon.has(Class::H) {
        return 0;
    }
    crate::engine::ruleset::european::vehicles::tables(t)
        .map_or(0, |v| crate::engine::ruleset::european::vehicles::min_hexes(t, v, weapon))
}

#[cfg(test)]
#[path = "heavy_tests.rs"]
mod tests;
