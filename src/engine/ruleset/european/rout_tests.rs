//! Rout movement as the article writes it: a routed squad runs 2d6 inches a
//! turn for the nearest edge of the table, and is gone once off it; under
//! the house rule `rout_leaves_at_once` an enemy squad routed leaves at once.

use crate::engine::dice::Dice;
use crate::engine::ruleset::european::European;
use crate::engine::ruleset::{Deed, Reaction, RuleSet, Rules};
use crate::engine::testing::*;
use crate::engine::vocabulary::soldier::Pressure;

/// The patrol at 4,7 (Hale, Lucas, Weiss); two Germans of one squad at
/// `germans`; an action begun.
fn game_with(rows: &[&str], germans: [(i32, i32); 2]) -> Game {
    let men = [("Hale", "Sgt"), ("Lucas", "Pvt"), ("Weiss", "Pvt")];
    let squad = men.iter().map(|&(n, rank)| member(n, rank, "rifle", Some(1))).collect();
    let scenario = test_scenario(RuleSet::EuropeanBattlefield, rows, (4, 7), squad);
    let mut g = Game::new(book(), &scenario, 1).expect("a European Battlefield test scenario");
    for at in germans {
        let e = add_enemy(&mut g, "rifle", at);
        g.soldiers[e].squad = Some(7);
    }
    begin_action(&mut g);
    g
}

/// Dice whose next throw of 2d6 comes to `total`.
fn two_dice_making(total: u32) -> Dice {
    (0..10_000u64)
        .find(|&seed| Dice::new(seed).thrown(Purpose::EbRout, 2, 6).total == total)
        .map(Dice::new)
        .expect("some seed throws it")
}

/// Both Germans routed, the next card the STOP card, and the dice's next
/// 2d6 `total`: the STOP card turned.
fn routed_at_stop(g: &mut Game, total: u32) -> Vec<Event> {
    for s in g.soldiers.iter_mut().filter(|s| s.side == Side::Enemy) {
        s.pressure = Pressure::Routed;
    }
    if let Phase::Action(a) = &mut g.phase {
        a.deck = vec![Card::Stop];
    }
    g.dice = two_dice_making(total);
    g.play(&Command::Turn).unwrap()
}

#[test]
fn a_routed_squad_runs_its_two_dice_in_inches_for_the_nearest_edge_at_stop() {
    // One column from the west edge, 7 from the others' nearest.
    let mut g = game_with(&OPEN, [(1, 3), (1, 4)]);
    let events = routed_at_stop(&mut g, 5);
    let rout: Vec<&Roll> = rolls(&events).into_iter().filter(|r| r.purpose == Purpose::EbRout).collect();
    assert_eq!(rout.len(), 1, "one throw for the squad: {events:?}");
    assert_eq!((rout[0].faces.len(), rout[0].total), (2, 5));
    assert_eq!(rout[0].result.as_deref(), Some("1 hex"), "5\" at 3\" a hex");
    // 5": a hex to the edge (3"), and 2" left, short of stepping off.
    for (e, col) in [(3, 0), (4, 0)] {
        let s = &g.soldiers[e];
        assert_eq!((s.pos.map(|p| p.col), s.pressure), (Some(col), Pressure::Routed), "{}", s.id);
    }
    // Next STOP, 6" or more takes them off the map: gone, and the action with them.
    let events = routed_at_stop(&mut g, 6);
    assert!(g.soldiers[3].pos.is_none() && g.soldiers[4].pos.is_none());
    assert!(events.iter().any(|e| matches!(e, Event::Gone { soldiers } if soldiers.len() == 1)));
    assert!(events.iter().any(|e| matches!(e, Event::ActionEnd { .. })), "every enemy is gone");
}

#[test]
fn difficult_ground_halves_the_run_and_no_router_steps_into_an_enemys_hex() {
    // Woods all along the west edge: a hex of it costs 6".
    let woods = ["T......."; 8];
    let mut g = game_with(&woods, [(1, 3), (1, 4)]);
    routed_at_stop(&mut g, 5);
    assert_eq!(g.soldiers[3].pos, Some((1, 3).into()), "5\" is short of a hex of woods");
    let mut g = game_with(&woods, [(1, 3), (1, 4)]);
    routed_at_stop(&mut g, 7);
    assert_eq!(g.soldiers[3].pos.map(|p| p.col), Some(0), "7\": into the woods, and 1\" left");
    // A man of the patrol in every hex nearer the edge bars the way.
    let mut g = game_with(&OPEN, [(1, 3), (7, 7)]);
    for (k, at) in [(0, 3), (0, 4)].into_iter().enumerate() {
        g.soldiers[k].pos = Some(at.into());
    }
    routed_at_stop(&mut g, 12);
    assert_eq!(g.soldiers[3].pos, Some((1, 3).into()), "he does not run into the patrol");
}

#[test]
fn a_routed_man_has_no_card_and_makes_no_move_of_his_own() {
    let mut g = game_with(&OPEN, [(1, 3), (1, 4)]);
    let squad = [3, 4];
    let mut events = Events::all();
    g.squad_pressed(&squad, Pressure::Routed, &mut events);
    assert!(g.soldiers[3].pos.is_some(), "as written he stays, to run at STOP");
    assert!(!European.may(g.book(), &g.soldiers[3], Deed::Move));
    assert!(!European.may(g.book(), &g.soldiers[3], Deed::Fire));
    assert_eq!(European.cards(g.book(), &g.soldiers[3]), 0);
    // The patrol's men likewise: the dice run them, not the player.
    g.pressed(1, Reaction { roll: None, pressure: Pressure::Routed, kit: None }, &mut events);
    card_next(&mut g, 1);
    g.play(&Command::Turn).unwrap();
    let e = g.play(&Command::Move { section: None, to: (4, 6).into() }).unwrap_err();
    assert!(e.reason().contains("routed"), "{e}");
}

#[test]
fn a_man_of_the_patrol_routed_off_the_map_has_left_it() {
    let mut g = game_with(&OPEN, [(4, 3), (5, 3)]);
    // Lucas on the south edge (row 7), routed, his squad alone.
    g.soldiers[1].squad = Some(2);
    g.soldiers[1].pressure = Pressure::Routed;
    if let Phase::Action(a) = &mut g.phase {
        a.deck = vec![Card::Stop];
    }
    g.dice = two_dice_making(3);
    let events = g.play(&Command::Turn).unwrap();
    assert!(g.soldiers[1].pos.is_none());
    assert!(events.iter().any(|e| matches!(e, Event::Exited { soldiers, .. } if soldiers[0] == "Lucas")));
}

#[test]
fn under_the_house_rule_a_routed_enemy_squad_leaves_at_once() {
    let mut g = game_with(&OPEN, [(1, 3), (1, 4)]);
    let mut book = (**g.book()).clone();
    crate::engine::ruleset::house::set(&mut book, "rout_leaves_at_once", true).unwrap();
    g.book = Arc::new(book);
    let mut events = Events::all();
    g.squad_pressed(&[3, 4], Pressure::Routed, &mut events);
    assert!(g.soldiers[3].pos.is_none() && g.soldiers[4].pos.is_none());
    assert!(matches!(events.into_vec().last(), Some(Event::Gone { soldiers }) if soldiers.len() == 2));
    // And the patrol's routed men go where they are ordered.
    let mut lucas = g.soldiers[1].clone();
    lucas.pressure = Pressure::Routed;
    assert!(European.may(g.book(), &lucas, Deed::Move) && !European.may(g.book(), &lucas, Deed::Fire));
}
