//! Indirect fire as the article states it (section XIII): a 1 over the
//! horizon and a 6 on the point; a hit scatters 1d6", a miss 2d6", off-board
//! guns a die more unless a rangefinder man is by; a target that moved is
//! harder to hit; who is under the template, and what it does to them.

use crate::engine::ruleset::european::tests::{book, loaded, rolls};

use super::*;
use crate::engine::book::RuleBook;
use crate::engine::dice::roll::Roll;
use crate::engine::vocabulary::soldier::{Side, State};

fn man(book: &RuleBook, id: &str, rank: &str, side: Side, at: Pos) -> Soldier {
    Soldier::new(book, id.into(), rank.into(), side, "rifle".into(), Some(at))
}

const AIM: Pos = Pos::new(8, 6);

fn shot<'a>(gun: Gun<'a>, spotter: &'a Soldier, men: &'a [Soldier]) -> Shot<'a> {
    Shot { gun, spotter: Some(spotter), aim: AIM, target_moved: false, rangefinder: false, smoke: false, men }
}

/// Where `shot` lands with these faces, and the rolls it made.
fn landing(shot: &Shot<'_>, faces: &[&[u8]]) -> (Option<Pos>, Vec<Roll>) {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let mut events = Events::all();
    let at = land(t, t.indirect.as_ref().unwrap(), &mut loaded(faces), shot, &mut events);
    (at, rolls(events))
}

#[test]
fn a_one_goes_over_the_horizon_and_a_six_lands_on_the_point() {
    let b = book();
    let gunner = man(&b, "G1", "Mortar gunner", Side::Enemy, Pos::new(8, 0));
    let s = shot(Gun::Weapon("mortar"), &gunner, &[]);
    let (at, rolls) = landing(&s, &[&[1]]);
    assert_eq!(at, None);
    assert_eq!(rolls.len(), 1, "nothing scatters: {rolls:?}");
    assert_eq!((rolls[0].purpose, rolls[0].result.as_deref()), (Purpose::EbIndirect, Some("over the horizon")));
    let (at, rolls) = landing(&s, &[&[6]]);
    assert_eq!(at, Some(AIM));
    assert_eq!(rolls.len(), 1, "on the point, no scatter: {rolls:?}");
    assert_eq!(rolls[0].result.as_deref(), Some("on the point"));
}

#[test]
fn a_hit_scatters_one_die_and_a_miss_two_along_a_hex_direction() {
    let b = book();
    // The Soldat shoots 5+: a 5 hits, a 3 misses.
    let gunner = man(&b, "G1", "Mortar gunner", Side::Enemy, Pos::new(8, 0));
    let s = shot(Gun::Weapon("mortar"), &gunner, &[]);
    // A hit: 1d6 of 4" is one hex (3" a hex), the die's 1 is north.
    let (at, rolls) = landing(&s, &[&[5], &[4], &[1]]);
    assert_eq!(at, Some(AIM.neighbour(4)));
    assert_eq!(AIM.neighbour(4), Pos::new(8, 5), "north is a row up");
    assert_eq!(rolls[1].purpose, Purpose::EbScatter);
    assert_eq!((rolls[1].dice.count, rolls[1].result.as_deref()), (1, Some("1 hex")));
    assert_eq!((rolls[2].purpose, rolls[2].result.as_deref()), (Purpose::EbDirection, Some("north")));
    // A miss: 2d6 of 3 and 4 is 7", two hexes; the die's 4 is south.
    let (at, rolls) = landing(&s, &[&[3], &[3, 4], &[4]]);
    assert_eq!(at, Some(Pos::new(8, 8)));
    assert_eq!((rolls[0].success, rolls[1].dice.count), (Some(false), 2));
    // Under a hex of scatter it lands where it was aimed: no direction rolled.
    let (at, rolls) = landing(&s, &[&[3], &[1, 1]]);
    assert_eq!((at, rolls.len()), (Some(AIM), 2));
}

#[test]
fn off_board_guns_scatter_a_die_more_unless_a_rangefinder_man_is_by() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let ind = t.indirect.as_ref().unwrap();
    let radio = man(&b, "Ames", "Cpl", Side::Friendly, Pos::new(8, 11));
    let mut s = shot(Gun::Battery, &radio, &[]);
    // The corporal shoots 4+: a 2 misses, a 4 hits.
    for (faces, dice, with_rangefinder) in [(2u8, 3u8, 2u8), (4, 2, 1)] {
        s.rangefinder = false;
        let (_, rolls) = landing(&s, &[&[faces], &vec![1; usize::from(dice)], &[1]]);
        assert_eq!(rolls[1].dice.count, dice, "a {faces} to hit, no rangefinder");
        s.rangefinder = true;
        let (_, rolls) = landing(&s, &[&[faces], &vec![1; usize::from(with_rangefinder)], &[1]]);
        assert_eq!(rolls[1].dice.count, with_rangefinder, "a {faces} to hit, the rangefinder by");
    }
    // The mortar on the map never throws the extra die.
    assert_eq!(scatter_dice(ind, Gun::Weapon("mortar"), false, false), 2);
    assert_eq!(scatter_dice(ind, Gun::Battery, false, false), 3);
    assert_eq!(scatter_dice(ind, Gun::Battery, true, true), 1);
}

#[test]
fn a_target_that_moved_is_one_harder_to_hit_and_the_extremes_hold() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let ind = t.indirect.as_ref().unwrap();
    let gunner = man(&b, "G1", "Mortar gunner", Side::Enemy, Pos::new(8, 0));
    let mut s = shot(Gun::Weapon("mortar"), &gunner, &[]);
    let need = |s: &Shot<'_>| hit_need(t, ind, s).map(|(base, m)| base + m.total());
    assert_eq!(need(&s), Some(5));
    s.target_moved = true;
    assert_eq!(need(&s), Some(6));
    // A 5 now misses, and scatters two dice.
    let (_, rolls) = landing(&s, &[&[5], &[1, 1]]);
    assert_eq!((rolls[0].success, rolls[0].need), (Some(false), Some(6)));
    assert_eq!(rolls[1].dice.count, 2);
    // A pinned gunner at a target that moved needs 7: the extremes hold it at 6.
    let mut pinned = gunner.clone();
    pinned.pressure = Pressure::Pinned;
    let s = Shot { spotter: Some(&pinned), ..s };
    assert_eq!(need(&s), Some(7));
    let (at, rolls) = landing(&s, &[&[6]]);
    assert_eq!((at, rolls[0].need), (Some(AIM), Some(6)));
    assert!(rolls[0].modifiers.as_ref().unwrap().iter().any(|m| m.name == "extremes"));
    // An air strike strikes at 4+, whoever called it.
    let air = Shot { gun: Gun::AirStrike, spotter: None, target_moved: false, ..s };
    assert_eq!(need(&air), Some(4));
}

#[test]
fn the_template_covers_the_men_able_within_its_reach() {
    let b = book();
    let mut men = vec![
        man(&b, "Hale", "Sgt", Side::Friendly, AIM),
        man(&b, "G1", "Grenadier", Side::Enemy, AIM),
        man(&b, "Ortiz", "Cpl", Side::Friendly, AIM.neighbour(2)),
        man(&b, "G2", "Grenadier", Side::Enemy, Pos::new(8, 8)),
        man(&b, "Weiss", "Pvt", Side::Friendly, AIM),
    ];
    men[4].state = State::KnockedOver;
    // The mortar's template is the hex; the battery's the hex and its six neighbours.
    assert_eq!(under(&men, AIM, 0), vec![0, 1], "friend and foe alike; a man down is a casualty already");
    assert_eq!(under(&men, AIM, 1), vec![0, 1, 2]);
    let t = book();
    let t = crate::engine::ruleset::european::tables_in(&t).unwrap();
    let ind = t.indirect.as_ref().unwrap();
    assert_eq!(t.weapon("mortar").unwrap().template, Some(0));
    assert_eq!((ind.battery.template, ind.air.strike.template), (Some(1), Some(1)));
}

#[test]
fn everyone_under_it_is_hit_prone_men_save_and_cover_does_not() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    // Two of one squad of four in the hex, the squad gone to ground.
    let mut men: Vec<Soldier> = [("Hale", "Sgt"), ("Ortiz", "Cpl"), ("Lucas", "Pvt"), ("Doyle", "Pvt")]
        .iter()
        .map(|(n, r)| man(&b, n, r, Side::Friendly, Pos::new(1, 1)))
        .collect();
    for m in &mut men {
        (m.squad, m.pressure) = (Some(1), Pressure::Prone);
    }
    men[0].pos = Some(AIM);
    men[1].pos = Some(AIM);
    let gunner = man(&b, "G1", "Mortar gunner", Side::Enemy, Pos::new(8, 0));
    let s = shot(Gun::Weapon("mortar"), &gunner, &men);
    // On the point. Prone, each saves on 5+: Hale fails with a 2, and rolls
    // the wound chart at 4 against 4, 4+: wounded; Ortiz saves. One of four
    // lost, a quarter: a courage test, 2d6 and the bravest man left (Ortiz, 4).
    let mut dice = loaded(&[&[6], &[2], &[4], &[5], &[3, 3]]);
    let mut events = Events::all();
    let shelled = fire(t, &b, &mut dice, &s, &mut events).expect("the mortar fires");
    let rolls = rolls(events);
    let kinds: Vec<Purpose> = rolls.iter().map(|r| r.purpose).collect();
    let want = [Purpose::EbIndirect, Purpose::EbSave, Purpose::EbWound, Purpose::EbSave, Purpose::EbCourage];
    assert_eq!(kinds, want);
    assert_eq!((rolls[1].soldier.as_deref(), rolls[1].need), (Some("Hale"), Some(5)));
    assert_eq!(rolls[2].soldier.as_deref(), Some("Hale"));
    assert_eq!((rolls[3].soldier.as_deref(), rolls[3].success), (Some("Ortiz"), Some(true)));
    assert_eq!((shelled.landed, shelled.radius, shelled.lost.clone()), (Some(AIM), 0, vec![0]));
    // 3+3 and courage 4 is 10: passed; gone to ground, the squad stays so.
    assert_eq!((rolls[4].soldier.as_deref(), rolls[4].success), (Some("Ortiz"), Some(true)));
    assert_eq!(shelled.pressed, vec![]);
    // A steady squad: nobody saves (taking cover does not save against
    // h-class), both wound rolls fail, and the squad is suppressed once.
    for m in &mut men {
        m.pressure = Pressure::Steady;
    }
    let s = shot(Gun::Weapon("mortar"), &gunner, &men);
    let mut dice = loaded(&[&[6], &[3], &[3]]);
    let shelled = fire(t, &b, &mut dice, &s, &mut Events::all()).unwrap();
    assert_eq!(shelled.lost, Vec::<usize>::new(), "both wound rolls failed, no save thrown");
    assert_eq!(shelled.pressed, vec![(vec![0, 1, 2, 3], Pressure::Suppressed(1))]);
    assert_eq!(suppress(t, Pressure::Suppressed(2)), Pressure::Pinned);
}

#[test]
fn smoke_lays_a_bank_and_wounds_nobody() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let men = vec![man(&b, "Hale", "Sgt", Side::Friendly, AIM)];
    let radio = man(&b, "Ames", "Cpl", Side::Friendly, Pos::new(8, 11));
    let s = Shot { smoke: true, ..shot(Gun::Battery, &radio, &men) };
    let mut events = Events::all();
    let shelled = fire(t, &b, &mut loaded(&[&[6]]), &s, &mut events).unwrap();
    assert_eq!((shelled.landed, shelled.radius, shelled.lost.len()), (Some(AIM), 1, 0));
    assert_eq!(rolls(events).len(), 1, "no wound is rolled under smoke");
}

#[test]
fn the_spreads_are_the_rolls_own_reading() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let chance_of = |p: Purpose, m: i32, r: &str| {
        let (_, s) = table_spread(t, p, m).unwrap();
        s.into_iter().find(|(k, _)| *k == r).map(|(_, c)| (c.ways, c.of))
    };
    // 1d6" at 3" a hex: 1-2 stay, 3-5 one hex, 6 two.
    assert_eq!(chance_of(Purpose::EbScatter, 1, "0 hexes"), Some((2, 6)));
    assert_eq!(chance_of(Purpose::EbScatter, 1, "2 hexes"), Some((1, 6)));
    // 1d6-3": only a 6 drifts a whole hex.
    assert_eq!(chance_of(Purpose::EbSmokeDrift, 0, "1 hex"), Some((1, 6)));
    // 2 or 3 on 2d6 clears: 3 ways in 36.
    assert_eq!(chance_of(Purpose::EbSmokeClear, 0, "clears"), Some((3, 36)));
    assert_eq!(chance_of(Purpose::EbDirection, 0, "south-west"), Some((1, 6)));
    assert!(table_spread(t, Purpose::EbScatter, 0).is_none());
}

#[test]
fn a_squad_whose_men_under_the_shell_all_saved_is_not_hit_nor_suppressed() {
    let b = book();
    // Hale and Ortiz dug in under the bomb (5+ each), Lucas and Doyle away.
    let mut men: Vec<Soldier> = [("Hale", "Sgt"), ("Ortiz", "Cpl"), ("Lucas", "Pvt"), ("Doyle", "Pvt")]
        .iter()
        .map(|(n, r)| man(&b, n, r, Side::Friendly, Pos::new(1, 1)))
        .collect();
    for m in &mut men {
        m.squad = Some(1);
    }
    for m in &mut men[..2] {
        m.pos = Some(AIM);
        m.kit.european_mut().dug_in = true;
    }
    let gunner = man(&b, "G1", "Mortar gunner", Side::Enemy, Pos::new(8, 0));
    let s = shot(Gun::Weapon("mortar"), &gunner, &men);
    // On the point (6); both save (5 and 6): as written nobody was hit.
    let shelled = |b: &RuleBook, faces: &[&[u8]]| {
        let t = crate::engine::ruleset::european::tables_in(b).unwrap();
        fire(t, b, &mut loaded(faces), &s, &mut Events::all()).expect("the mortar fires")
    };
    assert_eq!(shelled(&b, &[&[6], &[5], &[6]]).pressed, vec![]);
    // One fails (a 2) and is not wounded (a 3): the squad was hit, once.
    assert_eq!(shelled(&b, &[&[6], &[5], &[2], &[3]]).pressed, vec![(vec![0, 1, 2, 3], Pressure::Suppressed(1))]);
    // House rule saved_hits_suppress: the shell suppresses all the same.
    let mut house = b.clone();
    crate::engine::ruleset::house::set(&mut house, "saved_hits_suppress", true).unwrap();
    assert_eq!(shelled(&house, &[&[6], &[5], &[6]]).pressed, vec![(vec![0, 1, 2, 3], Pressure::Suppressed(1))]);
}
