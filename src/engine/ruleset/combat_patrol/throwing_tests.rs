//! A grenade's blast, as the article's 1 inch reads at 5 inches a hex, and
//! as the house rule `grenade_blast_whole_hex` plays it.

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::combat_patrol::tests::able_against;
use crate::engine::testing::{Play, card_next};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;

/// Able throws from 3,6 at three Germans in 3,4, two hexes off in the
/// open, the game's dice seeded `seed`: the events of the throw (the
/// grenade lands at once: it is his side's moves alone that wait).
fn throw(seed: u64, whole_hex: bool) -> (Game, Vec<Event>) {
    let on: &[&str] = if whole_hex { &["grenade_blast_whole_hex"] } else { &[] };
    let mut g = able_against(seed, on, &[(3, 4); 3]);
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&Command::Throw { hex: Pos::new(3, 4) }).unwrap();
    (g, events)
}

/// The men struck (by the Hit events), and the near rolls with their results.
fn struck_and_near(events: &[Event]) -> (Vec<String>, Vec<(String, String)>) {
    let struck = events.iter().filter_map(|e| match e {
        Event::Hit { soldier, .. } => Some(soldier.to_string()),
        _ => None,
    });
    let near = events.iter().filter_map(|e| match e {
        Event::Roll(r) if r.purpose == Purpose::CpNear => {
            Some((r.target.as_deref().unwrap_or_default().to_string(), r.result.as_deref().unwrap_or_default().into()))
        }
        _ => None,
    });
    (struck.collect(), near.collect())
}

#[test]
fn on_target_the_blast_strikes_the_man_aimed_at_and_each_other_on_a_d6_of_one() {
    let (mut on_target, mut near_struck, mut near_clear) = (0, 0, 0);
    for seed in 0..60 {
        let (_, events) = throw(seed, false);
        let throw = events.iter().find_map(|e| match e {
            Event::Roll(r) if r.purpose == Purpose::CpGrenade => Some(r.clone()),
            _ => None,
        });
        let throw = throw.expect("the throw is rolled");
        let lands = events.iter().find_map(|e| match e {
            Event::GrenadeLands { hex, blast } => Some((*hex, blast.clone())),
            _ => None,
        });
        let Some((hex, blast)) = lands else { continue };
        assert_eq!(blast, [hex], "seed {seed}: the blast is the hex it lands in, no more");
        let (struck, near) = struck_and_near(&events);
        if throw.result.as_deref() != Some("on_target") || hex != Pos::new(3, 4) {
            continue;
        }
        on_target += 1;
        // G1, the first German there, is the man aimed at: struck with no roll.
        assert_eq!(struck.first().map(String::as_str), Some("G1"), "seed {seed}: {events:?}");
        assert_eq!(near.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>(), ["G2", "G3"], "seed {seed}");
        for (m, result) in &near {
            let hit = struck.contains(m);
            assert_eq!(hit, result == "struck", "seed {seed}: {m} {result}");
            near_struck += usize::from(hit);
            near_clear += usize::from(!hit);
        }
    }
    assert!(on_target >= 5 && near_struck >= 1 && near_clear >= 5, "{on_target} {near_struck} {near_clear}");
}

#[test]
fn by_the_house_rule_every_man_in_the_hex_is_struck_and_nothing_is_rolled_for_nearness() {
    let mut seen = 0;
    for seed in 0..30 {
        let (_, events) = throw(seed, true);
        let Some(hex) = events.iter().find_map(|e| match e {
            Event::GrenadeLands { hex, .. } => Some(*hex),
            _ => None,
        }) else {
            continue;
        };
        let (struck, near) = struck_and_near(&events);
        assert!(near.is_empty(), "seed {seed}");
        if hex == Pos::new(3, 4) {
            assert_eq!(struck, ["G1", "G2", "G3"], "seed {seed}");
            seen += 1;
        }
    }
    assert!(seen >= 5, "{seen} grenades landed among the three");
}
