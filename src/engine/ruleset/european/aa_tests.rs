//! Anti-aircraft fire as the article states it (section XIV): the guns
//! fire at half their range; each hit rolls the wound chart against the
//! strike's defense 6 and a wound destroys it; hit and not destroyed, 4+
//! to press on, else it flees.

use std::collections::VecDeque;

use super::*;
use crate::engine::dice::hand::Hand;
use crate::engine::dice::roll::Roll;
use crate::engine::ruleset::european::tests::{book, loaded, rolls};

const AIM: Pos = Pos::new(8, 2);

/// A Flak gunner `hexes` south of the aim, and his loader.
fn flak(b: &RuleBook, hexes: i32) -> Vec<Soldier> {
    let at = Pos::new(8, 2 + hexes);
    vec![
        Soldier::new(b, "G1".into(), "Flak gunner".into(), Side::Enemy, "aa_gun".into(), Some(at)),
        Soldier::new(b, "G2".into(), "Flak loader".into(), Side::Enemy, "rifle".into(), Some(at)),
    ]
}

/// The strike's fate under `men`'s fire with these faces, and the rolls.
fn fired_at(b: &RuleBook, men: &[Soldier], faces: &[&[u8]]) -> (Strike, Vec<Roll>) {
    let t = crate::engine::ruleset::european::tables_in(b).unwrap();
    let mut events = Events::all();
    let fate = fire(t, b, &mut loaded(faces), (men, Side::Enemy), AIM, &mut events);
    (fate, rolls(events))
}

fn kinds(rolls: &[Roll]) -> Vec<(Purpose, Option<&str>)> {
    rolls.iter().map(|r| (r.purpose, r.result.as_deref())).collect()
}

#[test]
fn a_gun_fires_at_half_its_range_and_not_on_the_move() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    // The Flak reaches 36": half is 18", six hexes. Its loader's rifle is no AA gun.
    assert_eq!(guns(t, &b, &flak(&b, 6), Side::Enemy, AIM), [(0, 3, 5)]);
    assert_eq!(guns(t, &b, &flak(&b, 7), Side::Enemy, AIM), []);
    assert_eq!(guns(t, &b, &flak(&b, 6), Side::Friendly, AIM), [], "only the side struck at fires");
    let mut moved = flak(&b, 3);
    moved[0].moved = true;
    assert_eq!(guns(t, &b, &moved, Side::Enemy, AIM), [], "a heavy weapon cannot move and shoot");
    let mut pinned = flak(&b, 3);
    pinned[0].pressure = Pressure::Pinned;
    assert_eq!(guns(t, &b, &pinned, Side::Enemy, AIM), [(0, 3, 6)], "pinned, one worse");
    // Out of reach, nothing is thrown and the strike comes through.
    let (fate, rolls) = fired_at(&b, &flak(&b, 7), &[]);
    assert_eq!((fate, rolls.len()), (Strike::Through, 0));
}

#[test]
fn a_wound_on_the_chart_against_defense_6_shoots_it_down() {
    let b = book();
    // Three dice at 5+: a 5 hits. Strength 6, a-class two weaker: 4 against 6, 5+.
    let (fate, rolls) = fired_at(&b, &flak(&b, 4), &[&[5, 1, 2], &[5]]);
    assert_eq!(fate, Strike::Destroyed);
    assert_eq!(
        kinds(&rolls),
        [(Purpose::EbAaFire, Some("1 hit at 5+")), (Purpose::EbAaWound, Some("strength 4 against defense 6"))]
    );
    assert_eq!((rolls[1].need, rolls[1].success), (Some(5), Some(true)));
    assert!(!fate.strikes());
}

#[test]
fn hit_and_not_destroyed_it_presses_on_at_4_or_flees() {
    let b = book();
    let men = flak(&b, 4);
    // Two hits, neither wounds (4s against 5+); a 4 presses on.
    let (fate, rolls) = fired_at(&b, &men, &[&[5, 6, 1], &[4], &[4], &[4]]);
    assert_eq!(fate, Strike::PressesOn);
    let purposes: Vec<Purpose> = rolls.iter().map(|r| r.purpose).collect();
    assert_eq!(purposes, [Purpose::EbAaFire, Purpose::EbAaWound, Purpose::EbAaWound, Purpose::EbAirPressOn]);
    assert_eq!((rolls[3].need, rolls[3].result.as_deref()), (Some(4), Some("presses on")));
    assert!(fate.strikes());
    // A 3 to press on: it flees.
    let (fate, rolls) = fired_at(&b, &men, &[&[5, 1, 1], &[4], &[3]]);
    assert_eq!((fate, rolls[2].result.as_deref()), (Strike::Flees, Some("flees")));
    assert!(!fate.strikes());
    // Not hit: no roll to press on.
    let (fate, rolls) = fired_at(&b, &men, &[&[4, 1, 2]]);
    assert_eq!((fate, rolls.len()), (Strike::Through, 1));
}

/// At Le Mesnil, the patrol's air strike on the lane meets a Flak there:
/// shot down, it never lands.
#[test]
fn the_patrols_air_strike_is_fired_at_by_the_enemys_flak() {
    use crate::engine::ruleset::lone_warrior::call::{Called, FireMission};
    let b = crate::rules::rule_book().unwrap();
    let s = crate::rules::scenario("mesnil", &b).unwrap();
    let mut g = crate::engine::game::Game::new(b, &s, 1).unwrap();
    let gun = crate::engine::testing::add_enemy(&mut g, "aa_gun", (7, 4));
    crate::engine::testing::begin_action(&mut g);
    let mission = FireMission { hex: Pos::new(7, 4), caller: "Ames".into(), distance: 7, called: Called::Air };
    // It comes (5), is not mistaken (4); the Flak hits (6) and wounds (6).
    let given: VecDeque<_> = [&[5u8][..], &[4], &[6, 1, 1], &[6]].iter().map(|f| Some(f.to_vec().into())).collect();
    g.dice.lend(Hand { given, ..Hand::default() });
    let mut events = Events::all();
    g.battery_lands(&mission, &mut events);
    let got = events.into_vec();
    let r: Vec<Purpose> =
        got.iter().filter_map(|e| if let Event::Roll(r) = e { Some(r.purpose) } else { None }).collect();
    assert_eq!(r, [Purpose::EbAirArrive, Purpose::EbAirMistaken, Purpose::EbAaFire, Purpose::EbAaWound]);
    assert!(!got.iter().any(|e| matches!(e, Event::Landed { .. })), "shot down: it never lands");
    assert_eq!(g.soldiers[gun].id, "G1");
}
