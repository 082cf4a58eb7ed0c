//! H.E. fire called by radio, and booby traps.

use super::*;
use crate::engine::cache::Cache;
use crate::engine::cache::memo::Memo;
use crate::engine::dice::Roll;
use crate::engine::testing::Play;
use crate::engine::testing::{OPEN, add_enemy, begin_action, card_next, game_on, rolls, squad};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::soldier::State;

/// An open map, a patrol of three with a radio at 3,7, two enemy at 3,2.
fn radio_game(seed: u64) -> Game {
    let mut g = game_on(&OPEN, (3, 7), &squad(3), seed);
    g.radio = true;
    with_radio(&mut g);
    add_enemy(&mut g, "rifle", (3, 2));
    add_enemy(&mut g, "rifle", (3, 2));
    begin_action(&mut g);
    g
}

/// The house rule that lets a patrol with a radio use it.
fn with_radio(g: &mut Game) {
    crate::engine::ruleset::house::set(std::sync::Arc::make_mut(&mut g.book), "radio", true).unwrap();
}

/// Turns cards until the radio man's (the first man's) card is up.
fn radio_up(g: &mut Game) {
    card_next(g, 0);
    g.play(&Command::Turn).expect("a card turns");
    assert_eq!(g.card_up(), Some(0));
}

#[test]
fn the_senior_able_man_works_the_radio() {
    let mut g = radio_game(1);
    assert_eq!(g.radio_man(), Some(0));
    g.soldiers[0].state = State::KnockedOver;
    assert_eq!(g.radio_man(), Some(1), "the next man takes the radio");
    g.radio = false;
    assert_eq!(g.radio_man(), None);
}

#[test]
fn a_call_uses_the_card_and_a_mission_and_lands_at_stop() {
    let mut g = radio_game(3);
    radio_up(&mut g);
    let events = g.play(&Command::Call { hex: Pos::new(3, 2) }).expect("the call is legal");
    assert_eq!(
        events.first(),
        Some(&Event::FireCalled {
            soldier: "Able".into(),
            hex: Pos::new(3, 2),
            missions_left: 1,
            called: crate::engine::ruleset::lone_warrior::call::Called::Shells
        })
    );
    assert_eq!(g.card_up(), None, "the call used his card");
    assert_eq!(g.fire_pending.len(), 1);
    // Nothing lands before the STOP card.
    let Phase::Action(a) = &mut g.phase else { panic!("still in action") };
    a.deck.push(crate::engine::vocabulary::phase::Card::Stop);
    let events = g.play(&Command::Turn).expect("STOP turns");
    let he: Vec<&Roll> = rolls(&events).into_iter().filter(|r| r.purpose == Purpose::HighExplosive).collect();
    assert_eq!(he.len(), 1, "one H.E. roll at STOP");
    let r = he[0];
    assert_eq!((r.dice.to_string().as_str(), r.need), ("1d8", Some(5)), "a D8, at least the hex count (5 hexes)");
    assert_eq!(r.hex, Some(Pos::new(3, 2)));
    assert!(g.fire_pending.is_empty());
    let template = rolls(&events).into_iter().any(|r| r.purpose == Purpose::Template);
    assert_eq!(template, r.succeeded(), "the template is rolled only when the shells land");
}

#[test]
fn over_many_seeds_the_shells_land_on_the_hex_count_or_more() {
    let (mut landed, mut tries) = (0, 0);
    for seed in 0..400 {
        let mut g = radio_game(seed);
        radio_up(&mut g);
        g.play(&Command::Call { hex: Pos::new(3, 2) }).expect("legal");
        let mut events = Events::all();
        g.land_fire(&mut events);
        tries += 1;
        landed += usize::from(rolls(&events).iter().any(|r| r.purpose == Purpose::HighExplosive && r.succeeded()));
    }
    // 5 hexes: 5, 6, 7 or 8 on a D8 is 4 in 8.
    let rate = landed as f64 / tries as f64;
    assert!((0.42..0.58).contains(&rate), "{rate}");
}

#[test]
fn calls_that_cannot_be_made_are_refused_and_change_nothing() {
    let mut g = radio_game(5);
    card_next(&mut g, 1);
    g.play(&Command::Turn).expect("a card turns");
    let before = g.clone();
    let e = g.play(&Command::Call { hex: Pos::new(3, 2) }).expect_err("not the radio man");
    assert!(e.reason().contains("only the man with the radio"), "{e}");
    assert_eq!(g, before);

    let mut g = radio_game(5);
    radio_up(&mut g);
    let before = g.clone();
    for (hex, why) in [(Pos::new(3, 7), "1 to 8 hexes"), (Pos::new(9, 9), "off the map")] {
        let e = g.play(&Command::Call { hex }).expect_err("refused");
        assert!(e.reason().contains(why), "{hex}: {e}");
        assert_eq!(g, before);
    }
    g.fire_missions = 2;
    let e = g.play(&Command::Call { hex: Pos::new(3, 2) }).expect_err("no missions left");
    assert!(e.reason().contains("every mission"), "{e}");
    g.fire_missions = 0;
    g.radio = false;
    let e = g.play(&Command::Call { hex: Pos::new(3, 2) }).expect_err("no radio");
    assert!(e.reason().contains("no radio"), "{e}");
    // As written there is no radio at all, whatever the patrol's orders say.
    g.radio = true;
    crate::engine::ruleset::house::set(std::sync::Arc::make_mut(&mut g.book), "radio", false).unwrap();
    let e = g.play(&Command::Call { hex: Pos::new(3, 2) }).expect_err("no radio as written");
    assert!(e.reason().contains("house rule radio is off"), "{e}");
}

#[test]
fn the_guns_reach_eight_hexes_and_the_caller_must_see_the_hex() {
    let rows = ["..........", "..........", "..........", "....T.....", "..........", ".........."];
    let mut g = game_on(&rows, (0, 5), &squad(2), 1);
    g.radio = true;
    with_radio(&mut g);
    add_enemy(&mut g, "rifle", (9, 0));
    begin_action(&mut g);
    assert!(g.fire_call_check(Memo::default(), 0, Pos::new(8, 5)).is_ok(), "8 hexes is in reach");
    let far = g.fire_call_check(Memo::default(), 0, Pos::new(9, 5)).expect_err("9 hexes is not");
    assert!(far.contains("1 to 8"), "{far}");
    let mut g = game_on(&rows, (4, 5), &squad(2), 1);
    g.radio = true;
    with_radio(&mut g);
    add_enemy(&mut g, "rifle", (9, 0));
    begin_action(&mut g);
    assert!(g.fire_call_check(Memo::default(), 0, Pos::new(4, 4)).is_ok(), "in front of the wood");
    let hidden = g.fire_call_check(Memo::default(), 0, Pos::new(4, 1)).expect_err("behind the wood at 4,3");
    assert!(hidden.contains("cannot be seen"), "{hidden}");
}

#[test]
fn movement_and_hard_cover_raise_the_need() {
    let rows = ["..B.....", "........", "........", "........", "........"];
    let mut g = game_on(&rows, (2, 4), &squad(2), 1);
    g.radio = true;
    with_radio(&mut g);
    let e = add_enemy(&mut g, "rifle", (2, 0));
    begin_action(&mut g);
    let mission = FireMission { hex: Pos::new(2, 0), caller: "Able".into(), distance: 4, called: Default::default() };
    let need = |g: &Game| g.fire_mission_need(&mission).map(|(b, m)| b + m.iter().map(|m| m.value).sum::<i32>());
    assert_eq!(need(&g), Some(5), "4 hexes, +1 hard cover");
    g.soldiers[e].moved = true;
    assert_eq!(need(&g), Some(6), "+1 the target moved");
    let odds =
        g.odds(&Cache::new(), &crate::engine::odds::OddsQuery::Call { hex: Pos::new(2, 0) }).expect("odds for a call");
    assert_eq!(odds.roll.chance().map(|c| (c.ways, c.of)), Some((3, 8)), "6, 7 or 8 on a D8");
}

#[test]
fn a_booby_trap_wounds_the_man_the_template_picks_at_once() {
    let mut seen_wound = false;
    for seed in 0..40 {
        let mut g = game_on(&OPEN, (3, 3), &squad(6), seed);
        let mut events = Events::all();
        g.booby_trap(Pos::new(3, 3), &mut events);
        let r = rolls(&events);
        assert_eq!(r[0].purpose, Purpose::BoobyTrap);
        assert_eq!(r[0].dice.to_string().as_str(), "1d6", "the six-triangle template");
        let hit = r.len() > 1;
        if hit {
            assert_eq!(r[1].purpose, Purpose::Casualty, "the wound is rolled at once");
            let wounded = events.iter().any(|e| matches!(e, Event::Wounded { .. }));
            assert!(wounded);
            seen_wound = true;
        }
        assert!(!g.map.is_minefield(Pos::new(3, 3)), "a booby trap does not mark the hex");
    }
    assert!(seen_wound, "six men fill every triangle: somebody is always hit");
}
