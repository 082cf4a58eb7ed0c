//! Hand to hand under European Battlefield: a die each, one worse for a man
//! without a club or blade; the higher wins; a tie goes to the higher Fight
//! value, and is thrown again where they are equal; the loser gives ground
//! and rolls the wound chart against the strength of a blow (3).

use crate::engine::book::RuleBook;
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::ruleset::european::tables::{European as Book, WoundNeed};
use crate::engine::ruleset::european::{arm, profile};
use crate::engine::ruleset::{Fought, Melee, MeleeOdds};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Soldier;

/// The most throws a fight of equal Fight values makes before it is called
/// a tie (a decision: the article throws again "if equal", which could go
/// on; one in 6^2 ties again each time).
const MOST_THROWS: usize = 20;

/// What is taken from `man`'s die: one without a club or blade.
fn no_blade(t: &Book, book: &RuleBook, man: &Soldier) -> i32 {
    let blade = arm(t, book, man).is_some_and(|w| w.blade);
    if blade { 0 } else { i32::from(t.hand_to_hand.no_blade) }
}

/// A fighter's die, with what is taken from it.
fn fighter(t: &Book, book: &RuleBook, dice: &mut Dice, man: &Soldier, foe: &Soldier) -> (Roll, i32) {
    let less = no_blade(t, book, man);
    let mut roll = dice.thrown(Purpose::HandToHand, 1, 6).by(&man.id).at(&foe.id);
    if less != 0 {
        let mut m = Modifiers::default();
        m.push(Modifier::new(Name::new_static("no_blade"), -less));
        roll.modifiers = Some(m);
    }
    let score = roll.total as i32 - less;
    (roll, score)
}

/// One fight: see the module's words.
pub fn fight(t: &Book, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought {
    let fa = profile(t, attacker).map_or(0, |p| p.fight);
    let fd = profile(t, defender).map_or(0, |p| p.fight);
    let mut rolls = Vec::new();
    let (mut attacker_lost, mut difference) = (None, 0);
    while attacker_lost.is_none() && rolls.len() < 2 * MOST_THROWS {
        let (mut a, sa) = fighter(t, book, dice, attacker, defender);
        let (mut d, sd) = fighter(t, book, dice, defender, attacker);
        difference = sa.abs_diff(sd);
        attacker_lost = match (sa.cmp(&sd), fa.cmp(&fd)) {
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Equal) => None,
            (std::cmp::Ordering::Equal, by_fight) => Some(by_fight.is_lt()),
            (by_die, _) => Some(by_die.is_lt()),
        };
        let (ra, rd) = match attacker_lost {
            None => ("tie: again", "tie: again"),
            Some(true) => ("loses", "wins"),
            Some(false) => ("wins", "loses"),
        };
        (a.result, d.result) = (Some(Name::new_static(ra)), Some(Name::new_static(rd)));
        rolls.extend([a, d]);
    }
    let Some(attacker_lost) = attacker_lost else {
        return Fought { rolls, difference, outcome: Melee::Tie, attacker_lost: false };
    };
    let loser = if attacker_lost { attacker } else { defender };
    let defense = profile(t, loser).map_or(1, |p| p.defense);
    let strength = i32::from(t.hand_to_hand.strength);
    let words = Name::from(format!("strength {strength} against defense {defense}").as_str());
    let mut wound = |need: u8, rolls: &mut Vec<Roll>| {
        let mut roll = dice.check(Purpose::EbWound, 1, 6, i32::from(need), Modifiers::default()).by(&loser.id);
        roll.result = Some(words.clone());
        let ok = roll.succeeded();
        rolls.push(roll);
        ok
    };
    let wounded = match t.wound_need(strength, defense) {
        WoundNeed::N(need) => wound(need, &mut rolls),
        WoundNeed::Then(need) => wound(6, &mut rolls) && wound(need, &mut rolls),
        WoundNeed::No => false,
    };
    Fought { rolls, difference, outcome: if wounded { Melee::KnockedOut } else { Melee::Repulsed }, attacker_lost }
}

/// The chance, in 36ths, that a blow's wound roll wounds a man of `defense`.
fn wound_36ths(t: &Book, defense: u8) -> u64 {
    match t.wound_need(i32::from(t.hand_to_hand.strength), defense) {
        WoundNeed::N(need) => 6 * u64::from(7 - need.min(6)),
        WoundNeed::Then(need) => u64::from(7 - need.min(6)),
        WoundNeed::No => 0,
    }
}

/// The exact odds of a fight between two men of each side's rank and file,
/// both with blades: they win as often as each other, and the loser is
/// wounded as the chart says.
pub fn spread(t: &Book) -> (String, Vec<MeleeOdds>) {
    let defense = t.soldiers.iter().find(|p| p.ranks.is_empty()).map_or(1, |p| p.defense);
    let w = wound_36ths(t, defense);
    // Each side wins one time in two: the chance of each way is over 72.
    let of = |ways: u64| Chance::new(ways, 72);
    let spread = vec![
        MeleeOdds { outcome: Melee::Tie, attacker_lost: None, chance: of(0) },
        MeleeOdds { outcome: Melee::KnockedOut, attacker_lost: Some(false), chance: of(w) },
        MeleeOdds { outcome: Melee::Repulsed, attacker_lost: Some(false), chance: of(36 - w) },
        MeleeOdds { outcome: Melee::KnockedOut, attacker_lost: Some(true), chance: of(w) },
        MeleeOdds { outcome: Melee::Repulsed, attacker_lost: Some(true), chance: of(36 - w) },
    ];
    ("1d6".into(), spread)
}
