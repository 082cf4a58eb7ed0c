//! Transports: a group carried (off the map, no cards, no target), the
//! dismount chart, mounting within 6" (2 hexes), carry points, and the men
//! inside and the crew of a vehicle out of the fight.

use crate::engine::cache::memo::Memo;
use crate::engine::dice::{Dice, Purpose};
use crate::engine::game::Game;
use crate::engine::ruleset::european::tables::vehicles::{Hurt, Ko};
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::ruleset::{Deed, RuleSet, VehicleHurt};
use crate::engine::testing::{OPEN, add_enemy, begin_action, book, member, rolls, test_scenario};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Pressure, Side, State, Vehicle};

/// A European Battlefield game on open ground: Hale, Lucas and Weiss at
/// `patrol`, and the enemy's vehicle `role` of `kind` at `at`, facing
/// north, in an action.
pub(crate) fn with_vehicle(role: &str, kind: &str, at: (i32, i32), patrol: (i32, i32), seed: u64) -> (Game, usize) {
    with_vehicle_on(&OPEN, role, kind, at, patrol, seed)
}

/// `with_vehicle` on the map `rows`.
pub(crate) fn with_vehicle_on(
    rows: &[&str],
    role: &str,
    kind: &str,
    at: (i32, i32),
    patrol: (i32, i32),
    seed: u64,
) -> (Game, usize) {
    let squad = ["Hale", "Lucas", "Weiss"].map(|n| member(n, "Pvt", "rifle", Some(1))).to_vec();
    let rules = RuleSet::named("EuropeanBattlefield").expect("built in");
    let mut g = Game::new(book(), &test_scenario(rules, rows, patrol, squad), seed).expect("a test scenario");
    let v = add_enemy(&mut g, "mg", at);
    g.soldiers[v].rank = role.into();
    g.soldiers[v].squad = Some(99);
    g.soldiers[v].vehicle =
        Some(Vehicle { kind: kind.into(), facing: 0, damage: Damage::None, turns: 0, hurt: Hurt::default() });
    g.vehicles_block_sight = true;
    begin_action(&mut g);
    (g, v)
}

/// The halftrack at 4,2 with the Panzergrenadiers inside, the patrol at `patrol`.
pub(crate) fn halftrack_carrying(patrol: (i32, i32), seed: u64) -> (Game, usize, Vec<usize>) {
    let (mut g, v) = with_vehicle("Sd.Kfz. 251", "halftrack", (4, 2), patrol, seed);
    let mut events = Events::all();
    g.embark_group(v, "panzergrenadiers", &mut events);
    let inside = g.carried(v);
    (g, v, inside)
}

#[test]
fn a_carried_group_is_inside_off_the_map_with_no_cards_and_no_target() {
    let (mut g, v, inside) = halftrack_carrying((4, 7), 1);
    assert_eq!(inside.len(), 4, "the squad's four men");
    for &i in &inside {
        let s = &g.soldiers[i];
        assert_eq!((s.pos, s.kit.european().transport.as_deref()), (None, Some(g.soldiers[v].id.as_str())));
        assert_eq!(g.inside(i), Some(v));
        assert_eq!(s.squad, g.soldiers[inside[0]].squad, "a squad of their own");
    }
    assert_ne!(g.soldiers[inside[0]].squad, g.soldiers[v].squad, "not the vehicle's squad");
    // 6 carry points of the halftrack's 10: three men 1 each, the MG gunner 3.
    assert_eq!(g.load(v), Some((6, 10)));
    // Not targets, not firing: no man inside is able, and a new deal gives him no card.
    assert!(g.able(Side::Enemy).all(|i| !inside.contains(&i)));
    let mut events = Events::all();
    g.deal(&mut events);
    let Phase::Action(a) = &g.phase else { panic!("in action") };
    assert!(inside.iter().all(|&i| !a.deck.contains(&Card::soldier(i))), "no cards inside");
    assert!(a.deck.contains(&Card::soldier(v)));
    g.check_consistent().expect("a save holds men inside");
    // The vehicle gone, nobody is inside any more.
    g.soldiers[v].pos = None;
    assert!(inside.iter().all(|&i| g.inside(i).is_none()));
}

#[test]
fn carry_points_limit_the_load() {
    // A Kübelwagen carries 3: the Unteroffizier and two Grenadiers, not the MG gunner (3).
    let (mut g, v) = with_vehicle("Kübelwagen", "jeep", (4, 2), (4, 7), 1);
    g.embark_group(v, "panzergrenadiers", &mut Events::all());
    let ranks: Vec<&str> = g.carried(v).iter().map(|&i| g.soldiers[i].rank.as_str()).collect();
    assert_eq!(ranks, ["Unteroffizier", "Grenadier", "Grenadier"]);
    assert_eq!(g.load(v), Some((3, 3)));
    // The Panzer IV carries nobody.
    let (mut g, v) = with_vehicle("Panzer IV", "medium_tracked", (4, 2), (4, 7), 1);
    g.embark_group(v, "panzergrenadiers", &mut Events::all());
    assert!(g.carried(v).is_empty() && g.load(v).is_none());
}

#[test]
fn the_dismount_chart_lets_out_a_man_on_2_or_more_behind_the_vehicle() {
    let mut both = (false, false);
    for seed in 1..60 {
        // The patrol 3 hexes off (9", within the 12"), in sight: time to get out.
        let (mut g, v, inside) = halftrack_carrying((4, 5), seed);
        let mut events = Events::all();
        assert!(g.dismount_if_due(Memo::default(), v, &mut events));
        let events = events.into_vec();
        let rolled = rolls(&events);
        assert_eq!(rolled.len(), 4, "a die a man");
        for (r, &i) in rolled.iter().zip(&inside) {
            assert_eq!((r.purpose, r.need, r.faces.len()), (Purpose::EbDismount, Some(2), 1));
            let out = r.faces[0] >= 2;
            assert_eq!(r.succeeded(), out);
            // Out behind it (it faces north: the hex south of it), or still inside.
            let want = if out { Some(Pos::new(4, 3)) } else { None };
            assert_eq!(g.soldiers[i].pos, want, "seed {seed}");
            assert_eq!(g.inside(i).is_some(), !out);
            both.0 |= out;
            both.1 |= !out;
        }
        assert!(g.soldiers[v].moved, "half its move: it counts as moving");
        g.check_consistent().unwrap();
        // A man out who then leaves the map (routed off it) is not inside again.
        let out: Vec<usize> = inside.iter().copied().filter(|&i| g.soldiers[i].pos.is_some()).collect();
        for i in out {
            g.soldiers[i].pos = None;
            assert_eq!(g.inside(i), None);
        }
    }
    assert!(both.0 && both.1, "some get out, some stay");
    // The patrol far off and the vehicle unhurt: they stay in, no die thrown.
    let (mut g, v, _) = halftrack_carrying((4, 7), 1);
    g.soldiers[v].pos = Some(Pos::new(4, 0));
    let mut events = Events::all();
    assert!(!g.dismount_if_due(Memo::default(), v, &mut events) && events.is_empty());
    // Damaged, they get out wherever the patrol is.
    g.soldiers[v].vehicle.as_mut().unwrap().hurt.wounds = 1;
    assert!(g.dismount_if_due(Memo::default(), v, &mut events));
}

#[test]
fn men_within_2_hexes_mount_and_farther_do_not() {
    let (mut g, v, inside) = halftrack_carrying((4, 7), 1);
    for (k, &i) in inside.iter().enumerate() {
        g.soldiers[i].pos = Some(Pos::new(4, 2 + k as i32 + 1));
    }
    // At 1, 2, 3 and 4 hexes from the halftrack: the first two get in.
    let mut events = Events::all();
    assert!(g.mount(v, &inside, &mut events));
    let got: Vec<bool> = inside.iter().map(|&i| g.inside(i).is_some()).collect();
    assert_eq!(got, [true, true, false, false]);
    assert!(matches!(events.into_vec().as_slice(), [Event::Embarked { soldiers, .. }] if soldiers.len() == 2));
    assert!(g.soldiers[v].moved);
    // Routed men of its own within 2 hexes get back in on its card.
    let (mut g, v, inside) = halftrack_carrying((4, 7), 1);
    for &i in &inside {
        g.soldiers[i].pos = Some(Pos::new(3, 2));
        g.soldiers[i].pressure = Pressure::Routed;
    }
    g.soldiers[inside[3]].pressure = Pressure::Steady;
    assert!(g.mount_routed(v, &mut Events::all()));
    assert_eq!(g.carried(v), inside[..3], "the routed three, not the steady man");
    // Routed, they stay inside when the time comes to get out.
    g.soldiers[v].vehicle.as_mut().unwrap().hurt.wounds = 1;
    let mut events = Events::all();
    assert!(!g.dismount_if_due(Memo::default(), v, &mut events) && events.is_empty());
    assert_eq!(g.carried(v), inside[..3]);
}

/// The halftrack carrying its squad, out of the fight with `hurt`: the events.
fn out_with(hurt: Hurt, seed: u64) -> (Game, usize, Vec<usize>, Vec<Event>) {
    let (mut g, v, _) = halftrack_carrying((4, 7), seed);
    let before = g.soldiers.len();
    let mut events = Events::all();
    g.vehicle_hurt(v, VehicleHurt { target: 0, hurt, out: true }, &mut events);
    let crew = (before..g.soldiers.len()).collect::<Vec<_>>();
    assert!(crew.iter().all(|&i| g.soldiers[i].pos == Some(Pos::new(4, 3))));
    (g, v, crew, events.into_vec())
}

#[test]
fn a_vehicle_destroyed_lets_each_man_and_crewman_out_on_4_plus() {
    let mut seen = (false, false);
    for seed in 1..40 {
        let (g, v, crew, events) = out_with(Hurt { wounds: 2, ko: None, bailed: false }, seed);
        assert_eq!(g.soldiers[v].state, State::Dead, "a hulk");
        let rolled = rolls(&events);
        assert_eq!(rolled.len(), 6, "four men inside and a crew of two");
        assert!(rolled.iter().all(|r| r.purpose == Purpose::EbEscape && r.need == Some(4)));
        let passengers: Vec<usize> =
            (0..g.soldiers.len()).filter(|&i| g.soldiers[i].kit.european().transport.is_some()).collect();
        for (r, &i) in rolled.iter().zip(&passengers) {
            let s = &g.soldiers[i];
            match r.succeeded() {
                true => assert!(s.can_act() && s.pos == Some(Pos::new(4, 3))),
                false => assert_eq!(s.state, State::Dead),
            }
            seen.0 |= r.succeeded();
            seen.1 |= !r.succeeded();
        }
        // The crew that got out: men on foot, a squad of their own, the first with a SMG.
        let saved = rolled[4..].iter().filter(|r| r.succeeded()).count();
        assert_eq!(crew.len(), saved);
        let b = g.book();
        for (k, &i) in crew.iter().enumerate() {
            let s = &g.soldiers[i];
            assert!(s.can_act() && s.side == Side::Enemy && s.vehicle.is_none());
            assert_eq!(s.weapon(b), if k == 0 { "smg" } else { "pistol" });
            assert_eq!(s.squad, g.soldiers[crew[0]].squad);
            assert!(g.may(i, Deed::Fire));
        }
        g.check_consistent().unwrap();
    }
    assert!(seen.0 && seen.1);
}

#[test]
fn an_exploding_vehicle_kills_everyone_in_it_and_a_bailing_crew_takes_its_men_out() {
    let (g, _, crew, events) = out_with(Hurt { wounds: 2, ko: Some(Ko::Explodes), bailed: false }, 1);
    assert!(rolls(&events).is_empty() && crew.is_empty(), "no die, no crew");
    assert!(g.soldiers.iter().filter(|s| s.kit.european().transport.is_some()).all(|s| s.state == State::Dead));
    assert!(events.iter().any(|e| matches!(e, Event::KilledInside { soldiers, .. } if soldiers.len() == 4)));
    // A crew that failed its courage: all out, no roll, the men inside with them.
    let (g, _, crew, events) = out_with(Hurt { wounds: 1, ko: None, bailed: true }, 1);
    assert!(rolls(&events).is_empty());
    assert_eq!(crew.len(), 2, "the halftrack's crew of two");
    assert!(g.soldiers.iter().filter(|s| s.kit.european().transport.is_some()).all(|s| s.can_act()));
}

#[test]
fn the_escape_roll_needs_4_on_one_die() {
    let full = book();
    let b = crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield.book_for(&full).unwrap();
    let (_, _, tr) = crate::engine::ruleset::european::transport::rules(&b).unwrap();
    let mut dice = Dice::new(5);
    for _ in 0..30 {
        let r = crate::engine::ruleset::european::transport::escape(tr, &mut dice, &"G1".into(), &"V1".into());
        assert_eq!(r.succeeded(), r.faces[0] >= 4);
    }
}
