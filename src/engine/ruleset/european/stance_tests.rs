//! European Battlefield's special moves in the loop: at the double (twice
//! the move, no fire or charge, not into difficult ground, stopping within
//! 6" of the enemy), digging in (prone for half a move, 5+ save, no moving)
//! and getting up.

use crate::engine::action::activation::tests::{hale_up, hale_up_on};
use crate::engine::ruleset::Deed;
use crate::engine::testing::*;
use crate::engine::vocabulary::command::{Command, Stance, Target};
use crate::engine::vocabulary::soldier::Pressure;

fn stance(stance: Stance) -> Command {
    Command::Stance { stance }
}

fn step(to: (i32, i32)) -> Command {
    Command::Move { section: None, to: to.into() }
}

/// Hale's card up, free to move, the Germans at `germans`.
fn hale_free(germans: [(i32, i32); 2]) -> Game {
    let mut g = hale_up(|g| g.may(0, Deed::Move));
    for (k, at) in germans.into_iter().enumerate() {
        g.soldiers[4 + k].pos = Some(at.into());
    }
    g
}

#[test]
fn at_the_double_a_man_moves_twice_as_far_and_does_not_fire() {
    let mut g = hale_free([(4, 0), (5, 0)]);
    let events = g.play(&stance(Stance::Double)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Stance { stance, .. } if stance == "double")));
    let e = g.play(&Command::Fire { target: Target::Soldier("G1".into()) }).unwrap_err();
    assert!(e.reason().contains("at the double"), "{e}");
    for to in [(4, 6), (4, 5), (4, 4)] {
        g.play(&step(to)).unwrap();
        assert_eq!(g.card_up(), Some(0), "his card stays up: four steps at the double");
        // Saved here, the game is one a save may hold: three steps of four.
        g.check_consistent().unwrap();
    }
    g.play(&step((4, 3))).unwrap();
    assert_eq!(g.soldiers[0].pos, Some((4, 3).into()));
    assert_eq!(g.card_up(), None, "four steps, twice his two, and the card is over");
}

#[test]
fn at_the_double_a_man_stops_within_six_inches_of_the_enemy() {
    let mut g = hale_free([(4, 3), (5, 3)]);
    g.play(&stance(Stance::Double)).unwrap();
    g.play(&step((4, 6))).unwrap();
    assert_eq!(g.card_up(), Some(0), "three hexes off: on he goes");
    g.play(&step((4, 5))).unwrap();
    assert_eq!(g.card_up(), None, "two hexes (6\") from G1: he stops there");
    // A man within 6" already has no double move to make.
    let mut g = hale_free([(4, 5), (5, 5)]);
    let e = g.play(&stance(Stance::Double)).unwrap_err();
    assert!(e.reason().contains("within 6\""), "{e}");
}

#[test]
fn no_man_goes_at_the_double_in_or_into_difficult_ground_or_after_moving() {
    let woods = ["........", "........", "........", "........", "........", "....T...", "........", "........"];
    let mut g = hale_up_on(&woods, |g| g.may(0, Deed::Move));
    g.play(&stance(Stance::Double)).unwrap();
    g.play(&step((4, 6))).unwrap();
    let e = g.play(&step((4, 5))).unwrap_err();
    assert!(e.reason().contains("not into difficult ground"), "{e}");
    let mut g = hale_free([(4, 0), (5, 0)]);
    g.play(&step((4, 6))).unwrap();
    let e = g.play(&stance(Stance::Double)).unwrap_err();
    assert!(e.reason().contains("has moved on this card"), "{e}");
}

#[test]
fn a_man_dug_in_saves_as_prone_and_stays_down_until_he_gets_up() {
    // Half his move (one step of two) leaves enough to dig in; all of it does not.
    let mut g = hale_free([(4, 0), (5, 0)]);
    g.play(&step((4, 6))).unwrap();
    g.play(&step((4, 5))).unwrap();
    let e = g.play(&stance(Stance::DigIn)).unwrap_err();
    assert!(e.reason().contains("used the move"), "{e}");
    let mut g = hale_free([(4, 3), (5, 3)]);
    g.play(&step((4, 6))).unwrap();
    g.play(&stance(Stance::DigIn)).unwrap();
    assert_eq!(g.soldiers[0].pos, Some((4, 6).into()));
    let mut g = hale_free([(4, 3), (5, 3)]);
    g.play(&stance(Stance::DigIn)).unwrap();
    assert!(g.soldiers[0].kit.european().dug_in);
    assert_eq!(g.card_up(), Some(0), "he may still fire on the card");
    let e = g.play(&step((4, 6))).unwrap_err();
    assert!(e.reason().contains("dug in"), "{e}");
    let profile = g.rules.profile(&g.book, &g.soldiers[0]).unwrap();
    assert!(profile.ends_with("dug in"), "the roster says it: {profile}");
    g.play(&Command::Hold).unwrap();
    // Until he gets up his save is a prone man's, 5+ (european/tests.rs).
    assert!(g.soldiers[0].kit.european().dug_in, "he stays down through the turn");
    let e = g.play(&stance(Stance::Up)).unwrap_err();
    assert!(e.reason().contains("card"), "only on his own card: {e}");
    // His next card: up for half his move, and the other half to step.
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&stance(Stance::Up)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Stance { stance, .. } if stance == "up")));
    assert!(!g.soldiers[0].kit.european().dug_in);
    g.play(&step((4, 6))).unwrap();
    assert_eq!(g.soldiers[0].pos, Some((4, 6).into()));
    let e = g.play(&step((4, 5))).unwrap_err();
    assert!(e.reason().contains("used the move"), "getting up took the other half: {e}");
}

/// What the built-in leader orders for the man whose card is up.
fn leader(g: &Game) -> Command {
    crate::engine::players::leader::decide(g, &Cache::new()).expect("an order")
}

/// `g` played under the house rule `dig_in_keeps_fire`, set to `on`.
fn keeps_fire(g: &mut Game, on: bool) {
    let mut book = (*g.book).clone();
    crate::engine::ruleset::house::set(&mut book, "dig_in_keeps_fire", on).unwrap();
    g.book = Arc::new(book);
}

/// The firing dice each man threw in `events`.
fn dice_thrown(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll(r) if r.purpose == crate::engine::dice::Purpose::EbFire => {
                Some((r.soldier.as_ref()?.to_string(), r.dice.count))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn digging_in_is_moving_so_a_rifleman_who_dug_in_fires_one_die_of_two() {
    let fire = Command::Fire { target: Target::Soldier("G1".into()) };
    // As written: a special movement, for half a move. Hale's rifle (SA)
    // throws half its two dice; Lucas and Weiss, who join from where they
    // stood, both of theirs.
    let mut g = hale_free([(4, 3), (5, 3)]);
    assert!(!g.soldiers[0].moved);
    g.play(&stance(Stance::DigIn)).unwrap();
    assert!(g.soldiers[0].moved, "digging in counts as moving");
    let events = g.play(&fire).unwrap();
    let thrown = dice_thrown(&events);
    assert_eq!(thrown[0], ("Hale".to_string(), 1), "{thrown:?}");
    assert!(thrown[1..].iter().all(|(_, n)| *n == 2), "{thrown:?}");
    // House rule dig_in_keeps_fire: he fires as one who stood, both dice.
    let mut g = hale_free([(4, 3), (5, 3)]);
    keeps_fire(&mut g, true);
    g.play(&stance(Stance::DigIn)).unwrap();
    assert!(!g.soldiers[0].moved);
    assert_eq!(dice_thrown(&g.play(&fire).unwrap())[0], ("Hale".to_string(), 2));
}

#[test]
fn getting_up_is_moving_too() {
    let mut g = hale_free([(4, 3), (5, 3)]);
    g.play(&stance(Stance::DigIn)).unwrap();
    g.play(&Command::Hold).unwrap();
    // His next card, a turn later: up, for half his move.
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    g.soldiers[0].moved = false;
    g.play(&stance(Stance::Up)).unwrap();
    assert!(g.soldiers[0].moved, "getting up has moved him");
}

#[test]
fn the_leader_digs_in_where_it_costs_him_no_fire() {
    // As written a rifleman in the open fires standing: digging in would
    // halve his dice.
    let g = hale_free([(4, 3), (5, 3)]);
    assert!(g.dig_in_costs_fire(0));
    let first = leader(&g);
    assert!(matches!(first, Command::Fire { .. } | Command::Spend { on: PointUse::Fire }), "{first:?}");
    // Under the house rule digging in is free, so he digs in and then fires.
    let mut g = hale_free([(4, 3), (5, 3)]);
    keeps_fire(&mut g, true);
    assert_eq!(leader(&g), stance(Stance::DigIn));
    g.play(&stance(Stance::DigIn)).unwrap();
    let next = leader(&g);
    assert!(matches!(next, Command::Fire { .. } | Command::Spend { on: PointUse::Fire }), "then he fires: {next:?}");
    // In the woods he has cover already, and fires at once.
    let woods = ["........", "........", "........", "........", "........", "........", "........", "....T..."];
    let g = hale_up_on(&woods, |g| g.may(0, Deed::Move));
    let first = leader(&g);
    assert!(matches!(first, Command::Fire { .. } | Command::Spend { on: PointUse::Fire }), "from cover: {first:?}");
}

/// Under the house rule `rout_leaves_at_once` the player (and the leader)
/// moves his routed men; as written the dice run them at STOP, and the
/// leader holds them.
#[test]
fn a_routed_man_spends_the_point_on_the_run_and_goes_home_at_the_double() {
    let mut g = hale_free([(4, 0), (5, 0)]);
    g.soldiers[0].pos = Some((4, 4).into());
    for m in 0..3 {
        g.soldiers[m].pressure = Pressure::Routed;
    }
    assert_eq!(leader(&g), Command::Hold, "as written the dice run him");
    let mut book = (*g.book).clone();
    crate::engine::ruleset::house::set(&mut book, "rout_leaves_at_once", true).unwrap();
    g.book = Arc::new(book);
    assert!(g.may_spend(0), "his side won priority: his squad holds a point");
    assert_eq!(leader(&g), Command::Spend { on: PointUse::Move });
    g.play(&Command::Spend { on: PointUse::Move }).unwrap();
    assert_eq!(leader(&g), stance(Stance::Double));
    g.play(&stance(Stance::Double)).unwrap();
    let run = leader(&g);
    assert!(matches!(run, Command::Move { .. } | Command::Exit { .. }), "then he runs: {run:?}");
}

#[test]
fn a_routed_man_does_not_dig_in() {
    let mut g = hale_free([(4, 0), (5, 0)]);
    g.soldiers[0].pressure = Pressure::Routed;
    let e = g.play(&stance(Stance::DigIn)).unwrap_err();
    assert!(e.reason().contains("routed"), "{e}");
    assert!(!g.soldiers[0].kit.european().dug_in);
}

#[test]
fn tables_written_before_the_choice_keep_fire_when_digging_in() {
    use crate::engine::ruleset::european::tables::European;
    let text = crate::rules::EUROPEAN_TEXT;
    let now: European = ron::from_str(text).expect("the built-in tables");
    assert!(!now.dig_in_keeps_fire, "as written, digging in is moving");
    let before = text.replace("dig_in_keeps_fire: false,", "");
    assert_ne!(before, text);
    let old: European = ron::from_str(&before).expect("tables without the switch");
    assert!(old.dig_in_keeps_fire, "read as they played: the house rule on");
}
