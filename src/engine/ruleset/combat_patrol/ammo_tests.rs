//! Combat Patrol's special methods beyond one man and its ammunition: the
//! belt and magazine reload rules, limited ammunition, the spray's reach
//! and the machine gun's arc.

use super::CombatPatrol;
use super::tests::{dice_showing, man_with};
use crate::engine::dice::{Dice, Purpose};
use crate::engine::ruleset::combat_patrol::sweep::arc;
use crate::engine::ruleset::{Method, Rules};
use crate::engine::testing::book;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::Side;

#[test]
fn each_weapon_has_its_special_method_with_the_articles_numbers() {
    let b = book();
    let method = |w: &str| CombatPatrol.method(&b, &man_with(&b, "A", Side::Friendly, w));
    // Spray: 3" spans no whole hex of 5": the target's hex alone; the
    // reaction test -2 (a need two higher).
    assert_eq!(method("rifle"), Some(Method::Spray { radius: 0, worse: 2 }));
    // By the house rule it is rounded to the nearest hex: the six around too.
    let mut around = (*b).clone();
    crate::engine::ruleset::house::set(&mut around, "spray_reaches_around", true).unwrap();
    let sprayed = CombatPatrol.method(&around, &man_with(&around, "A", Side::Friendly, "rifle"));
    assert_eq!(sprayed, Some(Method::Spray { radius: 1, worse: 2 }));
    // Machine gun: a 45-degree arc to the optimum range, the test -1.
    assert_eq!(method("mg"), Some(Method::Arc { degrees: 45, reach: 4, worse: 1 }));
    assert_eq!(method("lmg"), Some(Method::Arc { degrees: 45, reach: 4, worse: 1 }));
    assert_eq!(method("smg"), Some(Method::Shots));
    assert_eq!(method("pistol"), None);
    // The bazooka man's special method would be his side arm's: none.
    assert_eq!(method("bazooka"), None);
}

#[test]
fn a_belt_fires_four_bursts_then_takes_three_actions_to_reload() {
    let b = book();
    let mut gunner = man_with(&b, "Duffy", Side::Friendly, "mg");
    let ammo = |g: &crate::engine::vocabulary::soldier::Soldier| CombatPatrol.ammo(&b, g).expect("a belt runs out");
    assert_eq!((ammo(&gunner).left, ammo(&gunner).load, ammo(&gunner).words()), (4, 4, "4/4".to_string()));
    // Standard fire spends none of it; the Machine Gun method a burst.
    assert!(!ammo(&gunner).spent_by(false) && ammo(&gunner).spent_by(true));
    let mut dice = Dice::new(1);
    let e = CombatPatrol.reload(&b, &mut dice, &gunner).unwrap_err();
    assert!(e.contains("not empty"), "{e}");
    gunner.kit.combat_patrol_mut().spent = 4;
    assert_eq!((ammo(&gunner).left, ammo(&gunner).words()), (0, "empty 0/3".to_string()));
    for action in 1..=3u8 {
        let before = dice.clone();
        let r = CombatPatrol.reload(&b, &mut dice, &gunner).unwrap();
        assert_eq!(r.roll, None, "a belt rolls nothing");
        assert_eq!(dice, before, "no die was thrown");
        assert_eq!(r.loaded, action == 3, "action {action}");
        gunner.kit.combat_patrol_mut().reloaded += 1;
        if !r.loaded {
            assert_eq!(ammo(&gunner).words(), format!("empty {action}/3"));
        }
    }
}

#[test]
fn a_magazine_fires_twice_then_reloads_in_one_action_or_on_one_to_five_two() {
    let b = book();
    let mut gunner = man_with(&b, "Duffy", Side::Friendly, "lmg");
    gunner.kit.combat_patrol_mut().spent = 2;
    assert_eq!(CombatPatrol.ammo(&b, &gunner).unwrap().words(), "empty 0/1");
    for face in 1..=10u8 {
        let mut dice = dice_showing(1, 10, &[face]);
        let first = CombatPatrol.reload(&b, &mut dice, &gunner).unwrap();
        let roll = first.roll.expect("the first action rolls a D10");
        assert_eq!((roll.purpose, roll.total), (Purpose::CpReload, u32::from(face)));
        assert_eq!(first.loaded, face >= 6, "a {face}");
        let result = if face >= 6 { "loaded" } else { "one_more_action" };
        assert_eq!(roll.result.as_deref(), Some(result));
    }
    // After a 1-5, the second action loads it, with no die.
    gunner.kit.combat_patrol_mut().reloaded = 1;
    assert_eq!(CombatPatrol.ammo(&b, &gunner).unwrap().words(), "empty 1/2");
    let mut dice = Dice::new(3);
    let second = CombatPatrol.reload(&b, &mut dice, &gunner).unwrap();
    assert_eq!((second.roll, second.loaded), (None, true));
}

#[test]
fn limited_ammunition_is_spent_by_every_use_and_never_reloaded() {
    let b = book();
    let mut bazooka = man_with(&b, "Reyes", Side::Friendly, "bazooka");
    let a = CombatPatrol.ammo(&b, &bazooka).expect("rockets run out");
    assert_eq!((a.left, a.reload, a.spent_by(false)), (3, None, true));
    bazooka.kit.combat_patrol_mut().spent = 3;
    assert_eq!(CombatPatrol.ammo(&b, &bazooka).unwrap().words(), "out");
    let e = CombatPatrol.reload(&b, &mut Dice::new(1), &bazooka).unwrap_err();
    assert!(e.contains("no more for this patrol"), "{e}");
    // A rifle never runs out.
    assert_eq!(CombatPatrol.ammo(&b, &man_with(&b, "A", Side::Friendly, "rifle")), None);
}

#[test]
fn the_arc_is_the_hexes_within_twenty_two_and_a_half_degrees_of_the_line() {
    let from = Pos::new(5, 5);
    // Straight down the column: the line's own hexes, and from two hexes
    // out the hexes beside it that lie within the arc.
    let down = arc(from, Pos::new(5, 8), 45, 4);
    for d in 1..=4 {
        assert!(down.contains(&Pos::new(5, 5 + d)), "{down:?} holds the line's hex {d} off");
    }
    assert!(down.iter().all(|&h| h != from && h.distance(from) <= 4));
    // Next door to the gunner only the hex on the line: its neighbours lie
    // 60 degrees off.
    assert_eq!(down.iter().filter(|h| h.distance(from) == 1).count(), 1);
    // Nothing behind him or level with him.
    assert!(down.iter().all(|h| h.row > from.row), "{down:?}");
    // The arc is the same whichever hex on the line is aimed at.
    assert_eq!(arc(from, Pos::new(5, 6), 45, 4), down);
    // Symmetric about the line: a column to the left mirrors one to the right.
    for h in &down {
        let mirrored = Pos::new(2 * from.col - h.col, h.row);
        assert!(down.contains(&mirrored), "{h} is in the arc and {mirrored} is not");
    }
    // A wider arc holds more.
    assert!(arc(from, Pos::new(5, 8), 90, 4).len() > down.len());
    // Along a hex diagonal, too: the target is in it, and so is the line.
    let target = Pos::new(8, 3);
    let diag = arc(from, target, 45, 4);
    assert!(diag.contains(&target), "{diag:?}");
    assert!(from.between(target).iter().all(|h| diag.contains(h)), "{diag:?}");
}

#[test]
fn a_hex_exactly_on_the_arcs_edge_is_in_it_on_every_machine() {
    // Down a column with a 60-degree arc, the hex one column across and two
    // hexes off lies exactly 30 degrees from the line: counted in whole
    // numbers, it is in the arc wherever the game runs.
    let from = Pos::new(5, 5);
    let edge = Pos::from_hex(from.hex() + hexx::Hex::new(1, 1));
    assert_eq!(from.distance(edge), 2);
    assert!(arc(from, Pos::new(5, 8), 60, 4).contains(&edge));
    assert!(!arc(from, Pos::new(5, 8), 59, 4).contains(&edge));
}
