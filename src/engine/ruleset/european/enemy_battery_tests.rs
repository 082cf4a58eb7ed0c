//! The enemy's off-board battery: bought only beside a radio operator,
//! called by him while he is able, landing at STOP by the off-board guns'
//! rules, gone with the action, and kept by a save.

use std::collections::VecDeque;

use super::*;
use crate::engine::dice::hand::Hand;
use crate::engine::dice::{Dice, Purpose};
use crate::engine::ruleset::Rules;
use crate::engine::ruleset::european::European;
use crate::engine::testing::{add_enemy, begin_action, rolls};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::State;

/// Le Mesnil in action: the patrol, eight men at 7,11, and a Funker up the
/// lane at 7,4 whose force bought a battery.
fn mesnil() -> (Game, usize) {
    let b = crate::rules::rule_book().unwrap();
    let s = crate::rules::scenario("mesnil", &b).unwrap();
    let mut g = Game::new(b, &s, 1).unwrap();
    let f = add_enemy(&mut g, "rifle", (7, 4));
    g.soldiers[f].rank = "Funker".into();
    begin_action(&mut g);
    assert!(g.buys_battery(ARTILLERY));
    (g, f)
}

#[test]
fn the_army_list_buys_a_battery_only_beside_a_radio_operator() {
    let full = crate::rules::rule_book().unwrap();
    let b = crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield.book_for(&full).unwrap();
    let bought = |core: &str, budget: u32| {
        let mut events = Events::all();
        let got = European.muster(&b, &mut Dice::new(1), core, Some(budget), &mut events);
        let force = events.into_vec().into_iter().find_map(|e| match e {
            Event::Force { support, points, .. } => Some((support, points)),
            _ => None,
        });
        (got, force.unwrap())
    };
    // The German squad (25 points) has its Funker: 5 points more buy the battery.
    let (got, (support, points)) = bought("squad", 30);
    assert_eq!((got, support, points), (vec![Name::from(ARTILLERY)], vec![Name::from("off-board battery")], 30));
    // Without the points, none.
    assert!(bought("squad", 29).0.is_empty());
    // A sniper (10) has no radio operator: with 15 points and nothing else to
    // pay for, no battery.
    let (got, (_, points)) = bought("sniper", 15);
    assert_eq!((got.len(), points), (0, 10));
    // Not a group to place: the loop gives the enemy its battery.
    let (mut g, _) = mesnil();
    assert_eq!(g.enemy_battery().map(|b| b.missions), Some(3));
    assert!(g.buys_battery(ARTILLERY), "a second adds its missions");
    assert_eq!(g.enemy_battery().map(|b| b.missions), Some(6));
    assert!(!g.buys_battery("squad"));
}

#[test]
fn the_radio_operator_calls_while_he_is_able_and_nobody_else() {
    let (mut g, f) = mesnil();
    let memo = Memo::default();
    assert_eq!(g.enemy_battery_target(memo, f), Some(Pos::new(7, 11)), "eight men under the template");
    // Another German never calls.
    let other = add_enemy(&mut g, "rifle", (7, 3));
    assert_eq!(g.enemy_battery_target(memo, other), None);
    // Too near his own men: a German under the template or a hex beyond it.
    let near = add_enemy(&mut g, "rifle", (7, 8));
    assert_eq!(g.enemy_battery_target(memo, f), Some(Pos::new(7, 11)), "three hexes off: clear");
    g.soldiers[near].pos = Some(Pos::new(7, 9));
    assert_eq!(g.enemy_battery_target(memo, f), None);
    g.soldiers[near].pos = None;
    // Down, he calls nothing, and nobody takes up his radio.
    g.soldiers[f].state = State::KnockedOver;
    assert_eq!(g.enemy_battery_target(memo, f), None);
    assert!(!g.enemy_battery_call(memo, f, &mut Events::all()));
    assert!(!g.is_enemy_radio(other));
}

#[test]
fn a_call_lands_at_stop_at_his_shoot_value_with_the_extra_die() {
    let (mut g, f) = mesnil();
    let memo = Memo::default();
    let mut events = Events::all();
    assert!(g.enemy_battery_call(memo, f, &mut events));
    let called = events.into_vec();
    assert!(
        matches!(&called[..], [Event::FireCalled { hex, missions_left: 2, called: Called::Shells, .. }] if *hex == Pos::new(7, 11))
    );
    // One call at a time.
    assert_eq!(g.enemy_battery_target(memo, f), None);
    // At STOP: a 5 hits at the Funker's 5+; the scatter is 1d6 and the
    // off-board die (no rangefinder): 1 and 1, 2", under a hex: on the aim.
    let given: VecDeque<_> = [&[5u8][..], &[1, 1]].iter().map(|x| Some(x.to_vec().into())).collect();
    g.dice.lend(Hand { given, ..Hand::default() });
    let mut events = Events::all();
    g.enemy_battery_lands(&mut events);
    let got = events.into_vec();
    let r = rolls(&got);
    assert_eq!((r[0].purpose, r[0].need, r[0].soldier.as_deref()), (Purpose::EbIndirect, Some(5), Some("G1")));
    assert_eq!((r[1].purpose, r[1].dice.count), (Purpose::EbScatter, 2));
    assert!(got.iter().any(|e| matches!(e, Event::Landed { at: Some(at), .. } if *at == Pos::new(7, 11))));
    assert!(r.iter().any(|r| r.purpose == Purpose::EbWound), "the patrol's men under it are hit");
    assert_eq!(g.enemy_battery().and_then(|b| b.pending.clone()), None);
}

#[test]
fn a_save_keeps_a_call_on_its_way_and_the_action_ends_the_battery() {
    let (mut g, f) = mesnil();
    assert!(g.enemy_battery_call(Memo::default(), f, &mut Events::all()));
    let text = ron::to_string(&g).unwrap();
    let back: Game = ron::from_str(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.check_consistent(), Ok(()));
    // A call by a man of the patrol is no save of this game.
    let mut bad = back.clone();
    bad.enemy_battery.as_mut().unwrap().pending = Some((Pos::new(7, 11), "Ames".into()));
    assert!(bad.check_consistent().is_err());
    g.end_action("test", &mut Events::all());
    assert_eq!(g.enemy_battery(), None);
}
