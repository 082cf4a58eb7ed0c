//! Manoeuvres: a turretless vehicle's pivot and its cost, running men over
//! both ways, heavy weapons not run over, and pushing a hulk (not a burning one).

use crate::engine::dice::Purpose;
use crate::engine::ruleset::Deed;
use crate::engine::ruleset::european::tables::vehicles::Ko;
use crate::engine::ruleset::european::transports::tests::{with_vehicle, with_vehicle_on};
use crate::engine::testing::rolls;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

#[test]
fn a_turretless_vehicle_pivots_free_to_one_sextant_then_pays_inches() {
    // The halftrack at 4,3 faces north.
    let (mut g, v) = with_vehicle("Sd.Kfz. 251", "halftrack", (4, 3), (4, 7), 1);
    assert_eq!(g.pivot_needed(v, Pos::new(4, 0)), Some(0), "straight ahead");
    assert_eq!(g.pivot_needed(v, Pos::new(4, 6)), Some(3), "straight behind: half a turn");
    let mut events = Events::all();
    assert_eq!(g.pivot(v, Pos::new(4, 6), &mut events), 2, "180 degrees: 90 free, then 2 of 45");
    assert!(g.soldiers[v].moved, "it counts as moving");
    assert_eq!(g.vehicle(v).unwrap().facing, 3, "it faces south now");
    assert!(matches!(events.into_vec().as_slice(), [Event::Pivoted { from: 0, to: 3, inches: 2, .. }]));
    // One sextant (60 degrees) is free, and does not count as moving.
    let (mut g, v) = with_vehicle("Sd.Kfz. 251", "halftrack", (4, 3), (4, 7), 1);
    let ne = Pos::new(4, 3).neighbours().into_iter().find(|p| g.pivot_needed(v, *p) == Some(1)).unwrap();
    assert_eq!(g.pivot(v, ne, &mut Events::all()), 0);
    assert!(!g.soldiers[v].moved);
    // The Panzer IV turns its turret: no pivot.
    let (g, v) = with_vehicle("Panzer IV", "medium_tracked", (4, 3), (4, 7), 1);
    assert_eq!(g.pivot_needed(v, Pos::new(4, 6)), None);
    assert!(g.can_bear(v, Pos::new(4, 6)));
    // An immobile halftrack fires only in its front arc.
    let (mut g, v) = with_vehicle("Sd.Kfz. 251", "halftrack", (4, 3), (4, 7), 1);
    g.soldiers[v].vehicle.as_mut().unwrap().hurt.ko = Some(Ko::Immobile);
    assert!(g.can_bear(v, Pos::new(4, 0)) && !g.can_bear(v, Pos::new(4, 6)));
}

#[test]
fn a_man_run_over_dodges_on_a_passed_courage_test_or_dies() {
    let (mut seen_dodge, mut seen_death) = (false, false);
    for seed in 1..80 {
        // Hale beside the Panzer IV at 4,3.
        let (mut g, v) = with_vehicle("Panzer IV", "medium_tracked", (4, 3), (4, 4), seed);
        let hale = 0;
        let mut events = Events::all();
        assert!(g.run_over(v, &mut events));
        assert_eq!(g.soldiers[v].pos, Some(Pos::new(4, 4)), "it drove into his hex");
        let events = events.into_vec();
        let r = rolls(&events).into_iter().find(|r| r.soldier.as_deref() == Some("Hale")).expect("his test");
        assert_eq!((r.purpose, r.faces.len()), (Purpose::EbRunOver, 2));
        // 2d6 and his courage (3) against 10: 7 or more.
        assert_eq!(r.need, Some(7));
        if r.succeeded() {
            assert_eq!(g.soldiers[hale].pos, Some(Pos::new(4, 3)), "he dodged into the hex it left");
            assert!(g.soldiers[hale].kit.european().dodged && !g.may(hale, Deed::Fire), "and does not fire this turn");
            assert!(g.may(hale, Deed::Move));
            seen_dodge = true;
        } else {
            assert_eq!(g.soldiers[hale].state, State::Dead);
            seen_death = true;
        }
    }
    assert!(seen_dodge && seen_death);
}

#[test]
fn heavy_weapons_are_not_run_over_and_nobody_is_when_it_cannot_move() {
    let (mut g, v) = with_vehicle("Panzer IV", "medium_tracked", (4, 3), (4, 4), 1);
    let b = g.book().clone();
    for i in 0..3 {
        let s = &g.soldiers[i];
        g.soldiers[i] = crate::engine::vocabulary::soldier::Soldier::new(
            &b,
            s.id.clone(),
            s.rank.clone(),
            Side::Friendly,
            "mortar".into(),
            s.pos,
        );
    }
    let mut events = Events::all();
    assert!(!g.run_over(v, &mut events) && events.is_empty());
    assert_eq!(g.soldiers[v].pos, Some(Pos::new(4, 3)));
    let (mut g, v) = with_vehicle("Panzer IV", "medium_tracked", (4, 3), (4, 4), 1);
    g.soldiers[v].vehicle.as_mut().unwrap().hurt.ko = Some(Ko::Immobile);
    assert!(!g.run_over(v, &mut Events::all()));
}

/// A road through woods, north to south down column 4: the only way.
const ROAD: [&str; 8] = ["TTTT=TTT"; 8];

#[test]
fn a_hulk_on_the_road_is_pushed_aside_and_a_burning_one_is_not() {
    let (mut g, v) = with_vehicle_on(&ROAD, "Panzer IV", "medium_tracked", (4, 0), (4, 7), 1);
    // The halftrack's hulk at 4,1 bars the road.
    let w = crate::engine::testing::add_enemy(&mut g, "mg", (4, 1));
    g.soldiers[w].vehicle = g.soldiers[v].vehicle.clone();
    g.soldiers[w].state = State::Dead;
    assert_eq!(g.vehicle_step(Pos::new(4, 0), true), None, "no way round");
    let way = g.push_way(Pos::new(4, 0)).expect("pushed");
    assert_eq!(way, (w, Pos::new(4, 1), Pos::new(4, 2)));
    let mut events = Events::all();
    g.push_hulk(v, way, &mut events);
    assert_eq!((g.soldiers[v].pos, g.soldiers[w].pos), (Some(Pos::new(4, 1)), Some(Pos::new(4, 2))));
    assert!(events.iter().any(|e| matches!(e, Event::HulkPushed { .. })));
    assert!(g.hulk_at(Pos::new(4, 2)), "still a hulk, a hex on");
    // Burning: untouchable.
    g.soldiers[w].vehicle.as_mut().unwrap().hurt.ko = Some(Ko::Explodes);
    assert_eq!(g.push_way(Pos::new(4, 1)), None);
}
