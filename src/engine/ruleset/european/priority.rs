//! European Battlefield's priority phase: at the start of each turn each
//! side rolls 1d6, ties again; the higher acts first and has the difference
//! in command points, one a squad.

use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Purpose};
use crate::engine::ruleset::european::tables::{Activation, European as Book};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

/// What a priority throw says, by the patrol's die less the enemy's (from
/// -5 to 5): the side ahead and by how much, or a tie, thrown again.
const RESULTS: [&str; 11] = [
    "enemy_by_5",
    "enemy_by_4",
    "enemy_by_3",
    "enemy_by_2",
    "enemy_by_1",
    "tie",
    "patrol_by_1",
    "patrol_by_2",
    "patrol_by_3",
    "patrol_by_4",
    "patrol_by_5",
];

/// The words of a priority throw of the patrol's `ours` and the enemy's `theirs`.
fn result(ours: u8, theirs: u8) -> &'static str {
    RESULTS[(5 + i32::from(ours) - i32::from(theirs)).clamp(0, 10) as usize]
}

/// The priority phase, under the article's turn (`Activation::Priority`):
/// one throw of two dice a try, the patrol's first, until they differ. The
/// side that acts first, and its command points.
pub fn roll(t: &Book, dice: &mut Dice, events: &mut Events) -> Option<(Side, u8)> {
    if t.activation != Activation::Priority {
        return None;
    }
    loop {
        let mut roll = dice.thrown(Purpose::EbPriority, 2, 6);
        let (ours, theirs) = (roll.faces[0], roll.faces[1]);
        roll.result = Some(Name::new_static(result(ours, theirs)));
        events.push(Event::Roll(roll));
        if ours != theirs {
            return Some(if ours > theirs { (Side::Friendly, ours - theirs) } else { (Side::Enemy, theirs - ours) });
        }
    }
}

/// The chance of each result of one priority throw, for the simulator.
pub fn spread() -> (String, Vec<(&'static str, Chance)>) {
    let ways = |difference: i32| (1..=6).flat_map(|a| (1..=6).map(move |b| a - b)).filter(|&d| d == difference).count();
    let chances = (-5..=5).map(|d| (RESULTS[(d + 5) as usize], Chance::of_throws(ways(d) as u64, 2, 6))).collect();
    ("2d6".to_string(), chances)
}

#[cfg(test)]
#[path = "priority_tests.rs"]
mod tests;
