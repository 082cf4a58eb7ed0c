//! The patrol's battery under European Battlefield: who may call it, the
//! air strike's steps, smoke banks drifting, clearing and blocking sight,
//! and the enemy's mortar firing by the scatter rules.

use std::collections::VecDeque;

use super::*;
use crate::engine::cache::memo::Memo;
use crate::engine::dice::hand::Hand;
use crate::engine::testing::{Play, add_enemy, begin_action, card_next, rolls};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::soldier::State;

/// The Guns at Le Mesnil: the patrol at 7,11 (Ames the radio operator,
/// Lucas the rangefinder), an enemy rifleman up the lane at 7,4; in action.
fn mesnil() -> Game {
    let b = crate::rules::rule_book().unwrap();
    let s = crate::rules::scenario("mesnil", &b).unwrap();
    let mut g = Game::new(b, &s, 1).unwrap();
    add_enemy(&mut g, "rifle", (7, 4));
    begin_action(&mut g);
    g
}

const AMES: usize = 4;
const LANE: Pos = Pos::new(7, 4);

fn load(g: &mut Game, throws: &[&[u8]]) {
    let given: VecDeque<_> = throws.iter().map(|f| Some(f.to_vec().into())).collect();
    g.dice.lend(Hand { given, ..Hand::default() });
}

fn mission(called: Called) -> FireMission {
    FireMission { hex: LANE, caller: "Ames".into(), distance: 7, called }
}

#[test]
fn only_the_radio_operator_calls_and_nobody_when_he_is_down() {
    let mut g = mesnil();
    let memo = Memo::default();
    assert_eq!(g.radio_man(), Some(AMES));
    assert_eq!(g.battery_call_check(memo, AMES, LANE, Called::Shells), Ok(7));
    let e = g.battery_call_check(memo, 0, LANE, Called::Shells).unwrap_err();
    assert!(e.contains("only the radio operator"), "{e}");
    g.soldiers[AMES].state = State::KnockedOver;
    assert_eq!(g.radio_man(), None, "nobody takes up his radio");
    let e = g.battery_call_check(memo, 1, LANE, Called::Shells).unwrap_err();
    assert!(e.contains("Ames is down"), "{e}");
}

#[test]
fn a_call_spends_his_card_and_a_mission_and_comes_down_at_stop() {
    let mut g = mesnil();
    card_next(&mut g, AMES);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&"call smoke 7,4".parse().unwrap()).expect("Ames calls smoke");
    assert!(matches!(&events[0], Event::FireCalled { called: Called::Smoke, missions_left: 2, .. }), "{events:?}");
    assert_eq!((g.battery_missions_left(), g.fire_pending.len()), (2, 1));
    // The STOP card: the smoke comes down on the point; no bank stood
    // before it to drift.
    if let crate::engine::vocabulary::phase::Phase::Action(a) = &mut g.phase {
        a.deck.push(crate::engine::vocabulary::phase::Card::Stop);
    }
    load(&mut g, &[&[6]]);
    let events = g.play(&Command::Turn).unwrap();
    let landed = events.iter().find(|e| matches!(e, Event::Landed { .. }));
    assert_eq!(landed, Some(&Event::Landed { by: "Ames".into(), aim: LANE, at: Some(LANE), radius: 1, smoke: true }));
    assert!(!rolls(&events).iter().any(|r| r.purpose == Purpose::EbSmokeClear), "laid this turn: it stands");
    assert_eq!(g.smoke(), &[SmokeBank { hex: LANE, radius: 1 }]);
}

#[test]
fn the_air_strike_must_come_may_be_mistaken_and_strikes_at_four() {
    let mut g = mesnil();
    let mut events = Events::all();
    // A 4: it does not come.
    load(&mut g, &[&[4]]);
    g.battery_lands(&mission(Called::Air), &mut events);
    let got = events.into_vec();
    assert_eq!(
        rolls(&got).iter().map(|r| (r.purpose, r.success)).collect::<Vec<_>>(),
        [(Purpose::EbAirArrive, Some(false))]
    );
    assert!(!got.iter().any(|e| matches!(e, Event::Landed { .. })));
    // A 5 comes; a 4 is not mistaken; it strikes at 4+ (not Ames's Shoot) and a 6 is on the point.
    let mut events = Events::all();
    load(&mut g, &[&[5], &[4], &[6], &[1], &[1]]);
    g.battery_lands(&mission(Called::Air), &mut events);
    let got = events.into_vec();
    let r = rolls(&got);
    assert_eq!(
        r.iter().map(|r| r.purpose).take(3).collect::<Vec<_>>(),
        [Purpose::EbAirArrive, Purpose::EbAirMistaken, Purpose::EbIndirect]
    );
    assert_eq!((r[2].need, r[2].soldier.as_ref()), (Some(4), None));
    assert!(got.iter().any(|e| matches!(e, Event::Landed { at: Some(LANE), smoke: false, .. })));
    // Mistaken (a 5): the enemy puts it on the patrol's hex with the most men.
    let mut g = mesnil();
    let mut events = Events::all();
    load(&mut g, &[&[5], &[5], &[6]]);
    g.battery_lands(&mission(Called::Air), &mut events);
    let got = events.into_vec();
    let patrol = Pos::new(7, 11);
    assert!(
        got.iter().any(|e| matches!(e, Event::Landed { aim, at: Some(at), .. } if *aim == patrol && *at == patrol))
    );
    assert!(rolls(&got).iter().any(|r| r.purpose == Purpose::EbWound), "the patrol's men are hit");
}

#[test]
fn one_air_strike_a_patrol() {
    let mut g = mesnil();
    assert_eq!(g.air_strikes_left(), 1);
    card_next(&mut g, AMES);
    g.play(&Command::Turn).unwrap();
    g.play(&Command::CallAir { hex: LANE }).expect("the air strike is called");
    assert_eq!(g.air_strikes_left(), 0);
    g.fire_pending.clear();
    let e = g.battery_call_check(Memo::default(), AMES, LANE, Called::Air).unwrap_err();
    assert!(e.contains("had its air strike"), "{e}");
    assert_eq!(g.battery_missions_left(), 3, "the guns' missions are apart");
}

#[test]
fn smoke_drifts_clears_and_blocks_sight() {
    let mut g = mesnil();
    let memo = Memo::default();
    let (patrol, lane) = (Pos::new(7, 11), LANE);
    assert!(g.can_see(memo, patrol, lane));
    g.smoke = vec![SmokeBank { hex: Pos::new(7, 7), radius: 0 }];
    assert!(!g.can_see(memo, patrol, lane) && !g.can_see(memo, lane, patrol), "through it, either way");
    g.smoke = vec![SmokeBank { hex: lane, radius: 0 }];
    assert!(!g.can_see(memo, patrol, lane), "into it");
    assert!(g.can_see(memo, patrol, Pos::new(7, 6)), "short of it");
    // Four banks at STOP: 1+1 clears; 3+4 stays and drifts: a 6 is 3", a
    // hex, south (a 4); a 5 is 2", under a hex: it holds; the last drifts
    // north off the map and is gone.
    g.smoke = vec![
        SmokeBank { hex: Pos::new(7, 7), radius: 1 },
        SmokeBank { hex: Pos::new(3, 3), radius: 0 },
        SmokeBank { hex: Pos::new(2, 2), radius: 0 },
        SmokeBank { hex: Pos::new(10, 0), radius: 0 },
    ];
    load(&mut g, &[&[1, 1], &[3, 4], &[6], &[4], &[3, 4], &[5], &[6, 6], &[6], &[1]]);
    let mut events = Events::all();
    g.smoke_drifts(&mut events);
    let got = events.into_vec();
    assert_eq!(
        g.smoke,
        vec![SmokeBank { hex: Pos::new(3, 4), radius: 0 }, SmokeBank { hex: Pos::new(2, 2), radius: 0 }]
    );
    assert!(got.contains(&Event::SmokeCleared { hex: Pos::new(7, 7) }));
    assert!(got.contains(&Event::SmokeDrifted { from: Pos::new(3, 3), to: Pos::new(3, 4) }));
    assert!(got.contains(&Event::SmokeDrifted { from: Pos::new(10, 0), to: Pos::new(10, -1) }));
    let clears: Vec<_> =
        rolls(&got).iter().filter(|r| r.purpose == Purpose::EbSmokeClear).map(|r| r.result.clone()).collect();
    assert_eq!(clears, [Some("clears".into()), Some("stays".into()), Some("stays".into()), Some("stays".into())]);
}

#[test]
fn the_enemy_mortar_fires_by_the_scatter_rules() {
    let mut g = mesnil();
    let e = add_enemy(&mut g, "mortar", (7, 2));
    let mut events = Events::all();
    load(&mut g, &[&[6]]);
    g.enemy_acts(Memo::default(), e, &mut events);
    let got = events.into_vec();
    assert!(matches!(&got[0], Event::Bombard { hex, .. } if *hex == Pos::new(7, 11)), "{got:?}");
    let r = rolls(&got);
    assert_eq!((r[0].purpose, r[0].need), (Purpose::EbIndirect, Some(5)), "the Soldat's 5+");
    assert!(!r.iter().any(|r| matches!(r.purpose, Purpose::Mortar | Purpose::Template)));
    assert!(got.iter().any(|e| matches!(e, Event::Landed { at: Some(p), radius: 0, .. } if *p == Pos::new(7, 11))));
    // Nearer than its least range (12", four hexes) it does not fire at all.
    let mut g = mesnil();
    let e = add_enemy(&mut g, "mortar", (7, 8));
    let w = g.weapon_of(&g.soldiers[e]).unwrap().clone();
    assert_eq!(g.bombard_target(e, &w), None);
}

#[test]
fn the_odds_of_a_call_are_the_battery_s_rolls() {
    use crate::engine::{Cache, Chance, OddsQuery};
    let g = mesnil();
    let ask = |text: &str| g.odds(&Cache::new(), &text.parse::<OddsQuery>().unwrap()).unwrap();
    // The guns: Ames's Shoot 4+, no template roll (where it falls is the dice's).
    let a = ask("call 7,4");
    assert_eq!(
        (a.roll.purpose, a.roll.chance(), a.then.is_none()),
        (Purpose::EbIndirect, Some(Chance::new(3, 6)), true)
    );
    assert_eq!(ask("call smoke 7,4").roll.chance(), Some(Chance::new(3, 6)));
    // The air strike: it comes on 5+, then strikes at 4+.
    let a = ask("call air 7,4");
    assert_eq!((a.roll.purpose, a.roll.chance()), (Purpose::EbAirArrive, Some(Chance::new(2, 6))));
    let then = a.then.expect("its strike");
    assert_eq!((then.purpose, then.chance()), (Purpose::EbIndirect, Some(Chance::new(3, 6))));
}

#[test]
fn a_save_holds_the_battery_s_calls_and_sane_smoke() {
    let mut g = mesnil();
    // Called from further than the radio H.E.'s 8 hexes, and on his own hex: both load.
    g.fire_pending = vec![FireMission { distance: 11, ..mission(Called::Air) }];
    assert_eq!(g.check_consistent(), Ok(()));
    g.fire_pending = vec![FireMission { distance: 0, ..mission(Called::Shells) }];
    assert_eq!(g.check_consistent(), Ok(()));
    g.smoke = vec![SmokeBank { hex: Pos::new(40, 40), radius: 0 }];
    assert!(g.check_consistent().unwrap_err().contains("smoke bank"));
    g.smoke = vec![SmokeBank { hex: LANE, radius: 7 }];
    assert!(g.check_consistent().is_err());
    g.smoke.clear();
    g.battery = None;
    g.fire_pending = vec![mission(Called::Smoke)];
    assert!(g.check_consistent().unwrap_err().contains("no battery"));
}

#[test]
fn smoke_scattered_off_the_map_lays_no_bank() {
    let mut g = mesnil();
    let edge = Pos::new(0, 5);
    // A 3 misses Ames's 4+; Lucas stands by him, so two dice: 6", two hexes, north-west: off the map.
    load(&mut g, &[&[3], &[3, 3], &[6]]);
    let mut events = Events::all();
    g.battery_lands(&FireMission { hex: edge, ..mission(Called::Smoke) }, &mut events);
    let got = events.into_vec();
    assert_eq!(rolls(&got)[1].dice.count, 2, "the rangefinder by: no extra die");
    assert!(got.iter().any(|e| matches!(e, Event::Landed { at: Some(p), smoke: true, .. } if !g.map.contains(*p))));
    assert!(g.smoke.is_empty());
}
