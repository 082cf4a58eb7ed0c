//! European Battlefield's priority phase: at the start of each turn each
//! side rolls 1d6, ties again; the higher acts first and has the difference
//! in command points, one a squad.

use crate::engine::chance::Chance;
use crate::engine::data::european::{Activation, European as Book};
use crate::engine::dice::{Dice, Purpose};
use crate::engine::event::Event;
use crate::engine::name::Name;
use crate::engine::sink::Events;
use crate::engine::soldier::Side;

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
mod tests {
    use super::*;
    use crate::engine::tests::book;

    fn tables() -> Book {
        let mut t = book().european.as_deref().cloned().expect("the built-in book has European Battlefield");
        t.activation = Activation::Priority;
        t
    }

    #[test]
    fn the_higher_die_goes_first_by_the_difference_and_ties_are_thrown_again() {
        let t = tables();
        let (mut ties, mut tried) = (0, 0);
        for seed in 0..300 {
            let mut events = Events::all();
            let (side, points) = roll(&t, &mut Dice::new(seed), &mut events).unwrap();
            let throws: Vec<_> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Roll(r) => Some(r.clone()),
                    _ => None,
                })
                .collect();
            let last = throws.last().unwrap();
            let (ours, theirs) = (last.faces[0], last.faces[1]);
            assert_ne!(ours, theirs, "the last throw decides");
            assert_eq!(side, if ours > theirs { Side::Friendly } else { Side::Enemy });
            assert_eq!(u32::from(points), u32::from(ours.abs_diff(theirs)));
            for r in &throws[..throws.len() - 1] {
                assert_eq!(r.faces[0], r.faces[1], "only a tie is thrown again");
                assert_eq!(r.result.as_deref(), Some("tie"));
            }
            ties += throws.len() - 1;
            tried += throws.len();
            assert_eq!(last.result.as_deref(), Some(result(ours, theirs)));
        }
        // A sixth of the throws tie: about 60 of 360.
        assert!((30..=100).contains(&ties), "{ties} ties in {tried} throws");
    }

    #[test]
    fn the_deck_played_as_a_house_rule_has_no_priority_phase() {
        let mut t = tables();
        t.activation = Activation::Deck;
        let mut events = Events::all();
        assert_eq!(roll(&t, &mut Dice::new(1), &mut events), None);
        assert!(events.is_empty(), "no die is thrown");
    }

    #[test]
    fn the_spread_is_the_article_s_two_dice() {
        let (dice, chances) = spread();
        assert_eq!(dice, "2d6");
        let of = |r: &str| chances.iter().find(|(k, _)| *k == r).map(|(_, c)| (c.ways, c.of)).unwrap();
        assert_eq!(of("tie"), (6, 36));
        assert_eq!(of("patrol_by_1"), (5, 36));
        assert_eq!(of("enemy_by_5"), (1, 36));
        assert_eq!(chances.iter().map(|(_, c)| c.ways).sum::<u64>(), 36);
    }
}
