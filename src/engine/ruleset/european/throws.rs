//! European Battlefield's tests and throws, shared by every kind of fire
//! (a squad's at men, at a vehicle, anti-aircraft fire, shells): the
//! extremes rule, the firing dice, a weapon's strength against men, a
//! man's save and the wound chart, and the courage test with what a failed
//! one leaves.

use crate::engine::book::Cover;
use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::ruleset::european::tables::{Class, European as Book, WeaponProfile, WoundNeed};
use crate::engine::ruleset::european::{profile, tables_in};
use crate::engine::ruleset::{Pressure, Reaction, TargetTeam};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Soldier;

/// The extremes rule: a 1 fails any test and a 6 passes it, whatever the
/// modifiers, so a need on one die is never past 6 nor under 2.
pub fn test_need(need: i32) -> i32 {
    need.clamp(2, 6)
}

/// A one-die test at `base` and `modifiers`, the extremes written as a
/// modifier where they move the need.
pub(super) fn test(dice: &mut Dice, purpose: Purpose, base: i32, mut modifiers: Modifiers) -> Roll {
    let need = base + modifiers.total();
    let held = test_need(need);
    if held != need {
        modifiers.push(Modifier::new(Name::new_static("extremes"), held - need));
    }
    dice.check(purpose, 1, 6, base, modifiers)
}

/// Whether a firing die of `face` hits at `need` (the extremes hold).
pub(super) fn scores(face: u8, need: i32) -> bool {
    face == 6 || (face != 1 && i32::from(face) >= need)
}

/// One man's part in a fire: his weapon, how many dice, and their need.
pub(super) struct Gun<'a> {
    pub(super) man: &'a Soldier,
    pub(super) weapon: &'a WeaponProfile,
    pub(super) dice: u8,
    pub(super) need: i32,
    /// Why the need is not his profile's, in words ("pinned, veteran").
    pub(super) why: String,
}

/// One man's firing dice (`eb_fire`) at `target`, each scoring at his need:
/// the roll goes to `events`, its result in words ("2 hits at 5+" and
/// `why`); how many scored.
pub(super) fn throw(dice: &mut Dice, g: &Gun<'_>, target: Option<Name>, why: &str, events: &mut Events) -> usize {
    let (mut roll, scored) = firing_dice(dice, Purpose::EbFire, g.dice, g.need, why);
    (roll.soldier, roll.target) = (Some(g.man.id.clone()), target);
    events.push(Event::Roll(roll));
    scored
}

/// `count` firing dice for `purpose`, each scoring at `need` (the extremes
/// hold), the result in words ("2 hits at 5+" and `why`): the roll, for the
/// caller to say who threw it at what, and how many scored.
pub(super) fn firing_dice(dice: &mut Dice, purpose: Purpose, count: u8, need: i32, why: &str) -> (Roll, usize) {
    let mut roll = dice.thrown(purpose, count, 6);
    let scored = roll.faces.iter().filter(|&&f| scores(f, need)).count();
    let noun = if scored == 1 { "hit" } else { "hits" };
    roll.need = Some(need);
    roll.result = Some(Name::from(format!("{scored} {noun} at {need}+{why}").as_str()));
    (roll, scored)
}

/// The strength of `weapon` against a man (a soft target): anti-tank and
/// anti-aircraft weapons two worse, unless a class of it has no penalty
/// (the article: "ht" has none).
pub fn strength_against_men(weapon: &WeaponProfile) -> i32 {
    let strength = i32::from(weapon.strength);
    if weapon.has(Class::S) || weapon.has(Class::H) { strength } else { strength - 2 }
}

/// The save of `target` against `weapon`, if he has one: take cover in
/// ground with cover (not against h-class), prone gone to ground or
/// pinned; the better of the two.
pub fn save_need(t: &Book, target: &TargetTeam<'_>, weapon: &WeaponProfile) -> Option<u8> {
    let cover = (target.terrain.cover != Cover::None && !weapon.has(Class::H)).then_some(t.saves.take_cover);
    let down = target.man.kit.european().dug_in || matches!(target.man.pressure, Pressure::Prone | Pressure::Pinned);
    let prone = down.then_some(t.saves.prone);
    cover.into_iter().chain(prone).min()
}

/// What a failed courage test leaves a squad under `now` in: gone to
/// ground, unless it is pinned or routed already; a double 1 routs it.
pub fn after_test(now: Pressure, passed: bool, routed: bool) -> Pressure {
    match (passed, routed, now) {
        (_, true, _) => Pressure::Routed,
        (true, _, p) => p,
        (false, _, Pressure::Pinned | Pressure::Routed) => now,
        (false, _, _) => Pressure::Prone,
    }
}

/// The wound chart for `man` hit by `weapon`: its rolls go to `events`;
/// whether he is wounded.
pub(super) fn wounds(t: &Book, dice: &mut Dice, man: &Soldier, weapon: &WeaponProfile, events: &mut Events) -> bool {
    let strength = strength_against_men(weapon);
    let defense = profile(t, man).map_or(1, |p| p.defense);
    let words = Name::from(format!("strength {strength} against defense {defense}").as_str());
    let mut roll_at = |need: u8| {
        let mut roll = dice.check(Purpose::EbWound, 1, 6, i32::from(need), Modifiers::default()).by(&man.id);
        roll.result = Some(words.clone());
        let ok = roll.succeeded();
        events.push(Event::Roll(roll));
        ok
    };
    match t.wound_need(strength, defense) {
        WoundNeed::N(need) => roll_at(need),
        WoundNeed::Then(need) => roll_at(6) && roll_at(need),
        WoundNeed::No => false,
    }
}

/// The courage test of `squad` (its men still standing), under `now`: 2d6
/// and its leader's courage (the bravest man left: a decision, as the
/// patrol has no named squad leader), or the courage of a commander among
/// `others` (the men of its side in other squads) within reach of a man of
/// it, where his is the higher; against the pass; a pinned squad's one
/// worse. The roll, whether it passed, whether it routed (a double 1).
/// None for a squad with nobody left.
pub fn courage_test<'a>(
    t: &Book,
    dice: &mut Dice,
    (squad, others): (&[&'a Soldier], &[&'a Soldier]),
    now: Pressure,
    point: bool,
) -> Option<(Roll, bool, bool)> {
    let courage_of = |m: &&'a Soldier| Some((*m, profile(t, m)?.courage));
    let (mut leader, mut courage) = squad.iter().filter_map(courage_of).max_by_key(|(_, c)| *c)?;
    let mut by = "leader_courage";
    let reach = t.hexes(t.courage.command_inches);
    let near = |c: &Soldier| squad.iter().any(|m| m.pos.zip(c.pos).is_some_and(|(a, b)| a.distance(b) <= reach));
    let commander = others
        .iter()
        .filter(|c| profile(t, c).is_some_and(|p| p.commands) && near(c))
        .filter_map(courage_of)
        .max_by_key(|(_, c)| *c);
    if let Some((c, k)) = commander.filter(|&(_, k)| k > courage) {
        (leader, courage, by) = (c, k, "commander_courage");
    }
    let mut modifiers = Modifiers::default();
    modifiers.push(Modifier::new(Name::new_static(by), -i32::from(courage)));
    if now == Pressure::Pinned && t.courage.pinned != 0 {
        modifiers.push(Modifier::new(Name::new_static("pinned"), -t.courage.pinned));
    }
    if point {
        modifiers.push(Modifier::new(Name::new_static("command_point"), -t.command_point_courage));
    }
    let (count, sides) = t.courage.dice;
    let mut roll = dice.check(Purpose::EbCourage, count, sides, t.courage.pass as i32, modifiers).by(&leader.id);
    let routed = roll.faces.len() >= 2 && roll.faces.iter().all(|&f| f == 1);
    if routed {
        roll.result = Some(Name::new_static("double 1: routs"));
    }
    let passed = roll.succeeded();
    Some((roll, passed, routed))
}

/// A courage test `squad` takes as one away from a fire (at STOP, or its
/// commander fallen), unless it is routed or under `calm`'s pressure (a
/// squad with nothing to shake off): a double 1 routs it, else `after`
/// says its pressure from the one it is under and whether it passed. A
/// squad holding a command point (`point`) spends it on the test.
pub(super) fn squad_test(
    book: &RuleBook,
    dice: &mut Dice,
    ((squad, others), point): ((&[&Soldier], &[&Soldier]), bool),
    calm: Pressure,
    after: impl Fn(Pressure, bool) -> Pressure,
) -> Option<Reaction> {
    let t = tables_in(book)?;
    let now = squad.first()?.pressure;
    if now == Pressure::Routed || now == calm {
        return None;
    }
    let (roll, passed, routed) = courage_test(t, dice, (squad, others), now, point)?;
    let pressure = if routed { Pressure::Routed } else { after(now, passed) };
    Some(Reaction { pressure, roll: Some(roll), kit: None })
}
