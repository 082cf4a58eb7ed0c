//! Take-backs: the patrol as it was, the dice as they fell.

use super::*;
use crate::engine::dice::Roll;
use crate::engine::players::leader;
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::phase::Phase;

fn campaign(seed: u64) -> Campaign {
    let book = crate::rules::rule_book().expect("the built-in rules load");
    let scenario = crate::rules::scenario(crate::rules::default_scenario_name(), &book).unwrap();
    let mut c = Campaign::single(&scenario, seed, book);
    c.begin().unwrap();
    c
}

/// Plays the patrol leader's next `n` decisions.
fn lead(c: &mut Campaign, cache: &mut Cache, n: usize) {
    for _ in 0..n {
        let Some(command) = c.patrol.as_ref().and_then(|g| leader::decide(g, cache)) else { return };
        c.apply(&command, cache).unwrap();
    }
}

#[test]
fn an_order_taken_back_leaves_the_patrol_as_it_was() {
    let mut cache = Cache::new();
    let mut c = campaign(4);
    lead(&mut c, &mut cache, 6);
    // On to the leader's next order that is not a card turned.
    while c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) == Some(Command::Turn) {
        lead(&mut c, &mut cache, 1);
    }
    let before = c.clone();
    let step = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)).unwrap();
    let events = c.apply(&step, &mut cache).unwrap();
    let back = c.undo(1, &mut cache).unwrap();
    assert_eq!(c.patrol, before.patrol);
    assert_eq!(c.log, before.log);
    assert_eq!(c.history, before.history);
    let rolled: Vec<&Roll> =
        events.iter().filter_map(|e| if let Event::Roll(r) = e { Some(r) } else { None }).collect();
    match &back[..] {
        [Event::TakenBack { orders, rolls }] => {
            assert_eq!(orders[0], step.to_string());
            assert_eq!(rolls.iter().collect::<Vec<_>>(), rolled, "the rolls that order made");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_same_order_given_again_meets_the_same_dice() {
    // Every decision of a whole patrol, taken back and given again, plays as before.
    let mut cache = Cache::new();
    let mut c = campaign(9);
    let mut checked = 0;
    while let Some(command) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) {
        let first = c.apply(&command, &mut cache).unwrap();
        if c.patrol.is_none() || command.to_string() == "turn" {
            continue;
        }
        if checked % 5 == 0 {
            c.undo(1, &mut cache).unwrap();
            let again = c.apply(&command, &mut cache).unwrap();
            assert_eq!(first, again, "{command}");
        }
        checked += 1;
    }
    assert!(checked > 10, "a patrol of some length: {checked}");
}

#[test]
fn cards_turned_after_an_order_go_back_with_it() {
    let mut cache = Cache::new();
    let mut c = campaign(2);
    // Lead into the first action, to a moment just after a friendly order.
    for _ in 0..2000 {
        lead(&mut c, &mut cache, 1);
        let in_action =
            c.patrol.as_ref().is_some_and(|g| matches!(g.phase(), Phase::Action(_)) && g.card_up().is_none());
        let last = c.history.as_ref().and_then(|h| h.orders.last().cloned()).unwrap_or_default();
        if in_action && last != "turn" && c.orders_to_take_back() > 0 {
            break;
        }
    }
    let before = c.clone();
    let k = c.history.as_ref().unwrap().orders.len();
    // Two cards turned, then the order before them taken back: all three go.
    c.apply(&Command::Turn, &mut cache).unwrap();
    if c.patrol.as_ref().is_some_and(|g| g.card_up().is_none()) {
        c.apply(&Command::Turn, &mut cache).ok();
    }
    let turned = c.history.as_ref().unwrap().orders.len() - k;
    c.undo(1, &mut cache).unwrap();
    assert_eq!(c.history.as_ref().unwrap().orders.len(), k - 1, "the order and the {turned} turns after it");
    assert_ne!(c.patrol, before.patrol);
}

#[test]
fn take_backs_are_refused_where_they_cannot_be_honest() {
    let mut cache = Cache::new();
    let mut c = campaign(3);
    assert!(c.undo(1, &mut cache).unwrap_err().reason().contains("no order of this patrol"));
    lead(&mut c, &mut cache, 3);
    let have = c.orders_to_take_back();
    assert!(have > 0);
    let e = c.undo(have + 1, &mut cache).unwrap_err();
    assert!(e.reason().contains(&format!("only {have} orders")), "{e}");
    // A history that is not this patrol's changes nothing.
    let mut edited = c.clone();
    edited.history.as_mut().unwrap().orders[0] = "move A 0,0".into();
    let untouched = edited.clone();
    assert!(edited.undo(1, &mut cache).is_err());
    assert_eq!(edited, untouched);
    // An iron-man campaign keeps no history and takes nothing back.
    let book = crate::rules::rule_book().unwrap();
    let scenario = crate::rules::scenario(crate::rules::default_scenario_name(), &book).unwrap();
    let mut iron = Campaign::single(&scenario, 3, book);
    iron.take_backs = false;
    iron.begin().unwrap();
    assert!(iron.history.is_none());
    lead(&mut iron, &mut cache, 3);
    assert!(iron.undo(1, &mut cache).unwrap_err().reason().contains("iron-man"));
    // A finished patrol's orders stand.
    lead(&mut c, &mut cache, 100_000);
    assert!(c.patrol.is_none());
    assert!(c.history.is_none());
    assert!(c.undo(1, &mut cache).unwrap_err().reason().contains("no patrol is under way"));
}
