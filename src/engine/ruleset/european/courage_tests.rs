//! European Battlefield's courage in play: the squad's courage test and
//! who lends it, the rally at STOP, a man's courage to move, and the tests
//! a squad takes when it loses its leader or a commander falls.

use super::fire::volley;
use super::tests::{book, man, rolls, taken, terrain};
use super::*;
use crate::engine::ruleset::{Firer, TargetTeam};
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

/// The courage test: 2d6 and the leader's courage, 10 or more; the
/// leader is the bravest man left (a dead leader's next), a pinned squad
/// one worse, and a double 1 routs.
#[test]
fn the_courage_test_is_two_dice_and_the_leaders_courage() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let sgt = man(&b, "Hale", "Sgt", Side::Friendly, "smg");
    let pvt = man(&b, "Lucas", "Pvt", Side::Friendly, "rifle");
    let (mut passed, mut routed) = (0, 0);
    for seed in 0..400 {
        let mut dice = Dice::new(seed);
        let (r, pass, rout) = courage_test(t, &mut dice, (&[&pvt, &sgt], &[]), Pressure::Steady, false).unwrap();
        assert_eq!(r.soldier.as_deref(), Some("Hale"), "the NCO leads");
        assert_eq!(r.need, Some(6), "10 less the NCO's courage 4");
        assert_eq!(pass, r.total + 4 >= 10);
        assert_eq!(rout, r.faces[..] == [1, 1]);
        passed += usize::from(pass);
        routed += usize::from(rout);
        // The NCO dead, the private leads: 10 less 3; pinned, one worse.
        let mut dice = Dice::new(seed);
        let (r, ..) = courage_test(t, &mut dice, (&[&pvt], &[]), Pressure::Pinned, false).unwrap();
        assert_eq!((r.soldier.as_deref(), r.need), (Some("Lucas"), Some(8)));
    }
    assert!(passed > 250 && routed > 0, "{passed} passed, {routed} routed of 400");
    assert!(courage_test(t, &mut Dice::new(1), (&[], &[]), Pressure::Steady, false).is_none(), "nobody left, no test");
}

/// A squad within 6" (2 hexes) of its platoon or company commander tests
/// by his courage where it is the higher; farther off, by its own leader's.
#[test]
fn a_commander_near_lends_his_courage() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let at = |m: &Soldier, col: i32| {
        let mut m = m.clone();
        m.pos = Some(Pos::new(col, 0));
        m
    };
    let sgt = at(&man(&b, "Hale", "Sgt", Side::Friendly, "smg"), 0);
    let lt = man(&b, "Reyes", "Lt", Side::Friendly, "pistol");
    for (col, by, need) in [(2, "Reyes", 5), (3, "Hale", 6)] {
        let lt = at(&lt, col);
        let (r, ..) = courage_test(t, &mut Dice::new(1), (&[&sgt], &[&lt]), Pressure::Steady, false).unwrap();
        assert_eq!((r.soldier.as_deref(), r.need), (Some(by), Some(need)), "the officer {col} hexes off");
    }
    // The company commander (a Capt) lends his as the platoon's does.
    let capt = at(&man(&b, "Ward", "Capt", Side::Friendly, "pistol"), 2);
    let (r, ..) = courage_test(t, &mut Dice::new(1), (&[&sgt], &[&capt]), Pressure::Steady, false).unwrap();
    assert_eq!((r.soldier.as_deref(), r.need), (Some("Ward"), Some(5)), "the captain 2 hexes off");
    // A brave man of another squad who commands nobody lends nothing.
    let mut brave = at(&man(&b, "Ames", "Pvt", Side::Friendly, "rifle"), 1);
    brave.rank = "Pvt".into();
    let (r, ..) = courage_test(t, &mut Dice::new(1), (&[&sgt], &[&brave]), Pressure::Steady, false).unwrap();
    assert_eq!(r.soldier.as_deref(), Some("Hale"));
}

#[test]
fn a_squad_under_fire_rallies_at_stop_by_its_courage() {
    let b = book();
    let mut a = man(&b, "Hale", "Sgt", Side::Friendly, "smg");
    let mut c = man(&b, "Lucas", "Pvt", Side::Friendly, "rifle");
    assert_eq!(
        European.squad_rally(&b, &mut Dice::new(1), (&[&a, &c], &[]), false),
        None,
        "a steady squad has nothing to shake off"
    );
    for p in [Pressure::Suppressed(1), Pressure::Pinned, Pressure::Prone] {
        (a.pressure, c.pressure) = (p, p);
        for seed in 0..50 {
            let r = European.squad_rally(&b, &mut Dice::new(seed), (&[&a, &c], &[]), false).unwrap();
            let roll = r.roll.unwrap();
            let want = match (roll.faces[..] == [1, 1], roll.succeeded()) {
                (true, _) => Pressure::Routed,
                (_, true) => Pressure::Steady,
                _ => p,
            };
            assert_eq!(r.pressure, want);
        }
    }
    // A double 1 at the rally routs the squad, as any courage test's does.
    (a.pressure, c.pressure) = (Pressure::Suppressed(1), Pressure::Suppressed(1));
    let routs = (0..400)
        .filter_map(|seed| European.squad_rally(&b, &mut Dice::new(seed), (&[&a, &c], &[]), false))
        .filter(|r| r.roll.as_ref().is_some_and(|r| r.faces[..] == [1, 1]))
        .inspect(|r| assert_eq!(r.pressure, Pressure::Routed))
        .count();
    assert!(routs > 0, "no double 1 in 400 rallies");
    (a.pressure, c.pressure) = (Pressure::Routed, Pressure::Routed);
    assert_eq!(European.squad_rally(&b, &mut Dice::new(1), (&[&a, &c], &[]), false), None, "a routed squad runs on");
}

#[test]
fn a_man_rolls_his_courage_to_move_and_may_always_shoot() {
    let b = book();
    let pvt = man(&b, "Lucas", "Pvt", Side::Friendly, "rifle");
    for seed in 0..60 {
        let (roll, leave) = European.activate(&b, &mut Dice::new(seed), &pvt).unwrap();
        assert_eq!((roll.purpose, roll.need), (Purpose::EbActivation, Some(3)));
        assert_eq!(leave.may_move, roll.total <= 3, "seed {seed}");
        assert!(leave.may_fire);
    }
    let mut routed = pvt.clone();
    routed.pressure = Pressure::Routed;
    assert!(European.activate(&b, &mut Dice::new(1), &routed).is_none());
    assert!(!European.may(&b, &routed, Deed::Fire) && !European.may(&b, &routed, Deed::Move), "he runs at STOP");
    let mut prone = pvt;
    prone.pressure = Pressure::Prone;
    assert!(!European.may(&b, &prone, Deed::Move) && European.may(&b, &prone, Deed::Fire));
    let mut suppressed = prone;
    suppressed.pressure = Pressure::Suppressed(1);
    assert_eq!(European.moves(&b, &suppressed), Some(Moves { open: 1, difficult: 1 }), "halved");
}

/// A squad that loses its leader tests its courage, however few it lost
/// besides: one man of eight is not a quarter, unless he led it.
#[test]
fn a_squad_that_loses_its_leader_tests_its_courage() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let gunner = man(&b, "G1", "MG gunner", Side::Enemy, "mg");
    let mut squad = vec![man(&b, "Hale", "Sgt", Side::Friendly, "smg")];
    squad.extend((1..=7).map(|k| man(&b, &format!("P{k}"), "Pvt", Side::Friendly, "rifle")));
    let open = terrain(&b, "open");
    let (mut leader_only, mut private_only) = (0, 0);
    for seed in 0..400 {
        let fire = SquadFire {
            firers: vec![Firer { man: &gunner, moved: false }],
            targets: squad.iter().map(|m| TargetTeam { man: m, terrain: open, distance: 3 }).collect(),
            squad: squad.iter().collect(),
            others: vec![],
            overloaded: 0,
            assault: false,
            point: false,
        };
        let mut events = Events::all();
        let fired = volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
        let tested = rolls(events).iter().any(|r| r.purpose == Purpose::EbCourage);
        match taken(&fired)[..] {
            [0] => {
                assert!(tested, "seed {seed}: the sergeant fell and nobody tested");
                leader_only += 1;
            }
            [_] => {
                assert!(!tested, "seed {seed}: one private of eight is no test");
                private_only += 1;
            }
            _ => {}
        }
    }
    assert!(leader_only > 0 && private_only > 0, "{leader_only} leaders, {private_only} privates lost alone");
}

/// A fire that kills an officer who commands says so, and a squad of his
/// side, shaken, tests its courage: failing it goes to ground, a double 1
/// routs it, passing leaves it as it was.
#[test]
fn a_commander_killed_shakes_his_side() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let gunner = man(&b, "G1", "MG gunner", Side::Enemy, "mg");
    let lt = man(&b, "Reyes", "Lt", Side::Friendly, "pistol");
    let open = terrain(&b, "open");
    let mut killed = 0;
    for seed in 0..200 {
        let fire = SquadFire {
            firers: vec![Firer { man: &gunner, moved: false }],
            targets: vec![TargetTeam { man: &lt, terrain: open, distance: 3 }],
            squad: vec![&lt],
            others: vec![],
            overloaded: 0,
            assault: false,
            point: false,
        };
        let fired = volley(t, &b, &mut Dice::new(seed), &fire, &mut Events::all()).unwrap();
        assert_eq!(fired.commander_lost, taken(&fired) == [0], "seed {seed}");
        killed += usize::from(fired.commander_lost);
    }
    assert!(killed > 0);
    let sgt = man(&b, "Hale", "Sgt", Side::Friendly, "smg");
    let pvt = man(&b, "Lucas", "Pvt", Side::Friendly, "rifle");
    let mut outcomes = [0; 3];
    for seed in 0..400 {
        let r = European.shaken(&b, &mut Dice::new(seed), (&[&sgt, &pvt], &[]), false).unwrap();
        let roll = r.roll.unwrap();
        assert_eq!((roll.purpose, roll.need), (Purpose::EbCourage, Some(6)), "the sergeant's courage 4");
        let want = match (roll.faces[..] == [1, 1], roll.succeeded()) {
            (true, _) => Pressure::Routed,
            (_, true) => Pressure::Steady,
            _ => Pressure::Prone,
        };
        assert_eq!(r.pressure, want, "seed {seed}");
        outcomes[usize::from(want == Pressure::Prone) + 2 * usize::from(want == Pressure::Routed)] += 1;
    }
    assert!(outcomes.iter().all(|&n| n > 0), "{outcomes:?}");
}
