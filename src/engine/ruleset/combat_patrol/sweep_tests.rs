//! A spray's reach, as the article's 3 inches read at 5 inches a hex and
//! as the house rule `spray_reaches_around` plays it; and a man its
//! reaction test pins, by our reading and by `pinned_until_rallied`.

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::Pressure;
use crate::engine::ruleset::combat_patrol::tests::able_against;
use crate::engine::testing::{Play, card_next};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;

/// Able, a rifleman at 3,6, and Germans G1 and G2 in 3,4 and G3 beside
/// them in 3,3, in an action, under the house rules `on`.
fn sprayed_at(seed: u64, on: &[&str]) -> Game {
    able_against(seed, on, &[(3, 4), (3, 4), (3, 3)])
}

/// Able's card up, he sprays G1: the men who take the reaction test.
fn spray(g: &mut Game) -> Vec<String> {
    card_next(g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&"fire G1 special".parse().unwrap()).unwrap();
    let tested = events.iter().filter_map(|e| match e {
        Event::Roll(r) if r.purpose == Purpose::CpReaction => r.soldier.as_deref().map(str::to_string),
        _ => None,
    });
    tested.collect()
}

#[test]
fn a_spray_tests_the_men_of_the_target_hex_and_by_the_house_rule_those_around() {
    assert_eq!(spray(&mut sprayed_at(1, &[])), ["G1", "G2"], "3 inches span no whole hex");
    assert_eq!(spray(&mut sprayed_at(1, &["spray_reaches_around"])), ["G1", "G2", "G3"], "rounded up to a hex");
}

/// A German pinned by the spray: his next card comes and goes with him
/// keeping his head down (he neither moves nor fires), and he is steady
/// after it; under the house rule he stays pinned until a STOP test.
#[test]
fn a_man_pinned_keeps_his_head_down_through_his_next_card() {
    for (on, freed_by_his_card) in [(&[][..], true), (&["pinned_until_rallied"][..], false)] {
        let mut seen = false;
        for seed in 0..40 {
            let mut g = sprayed_at(seed, on);
            spray(&mut g);
            // The sprayer's card stays up for its move half: he holds.
            if g.card_up().is_some() {
                g.play(&Command::Hold).unwrap();
            }
            let Some(p) = (1..=2).find(|&i| g.soldiers[i].pressure == Pressure::Pinned) else { continue };
            // His card next: the enemy's card plays at once.
            card_next(&mut g, p);
            let events = g.play(&Command::Turn).unwrap();
            let id = g.soldiers[p].id.clone();
            let did = events.iter().any(|e| match e {
                Event::Roll(r) => r.soldier.as_ref() == Some(&id),
                Event::Moved { soldiers, .. } => soldiers.contains(&id),
                _ => false,
            });
            assert!(!did, "seed {seed}: pinned, {id} neither fires nor moves: {events:?}");
            let steady = g.soldiers[p].pressure == Pressure::Steady;
            assert_eq!(steady, freed_by_his_card, "seed {seed} {on:?}: {events:?}");
            seen = true;
            break;
        }
        assert!(seen, "a German pinned by the spray in 40 seeds ({on:?})");
    }
}
