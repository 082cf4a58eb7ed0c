//! Heavy support weapons as the article states them (section XIII): a gun
//! shield saves its crew 5+ from the front only, any other heavy weapon's
//! crew 6+, a mortar's none; heavy weapons move as in difficult ground;
//! t- and a-class guns fire at nothing nearer than 6".

use super::*;
use crate::engine::dice::Dice;
use crate::engine::dice::roll::Roll;
use crate::engine::ruleset::european::European;
use crate::engine::ruleset::european::fire::volley;
use crate::engine::ruleset::european::indirect::step;
use crate::engine::ruleset::european::tables::European as Book;
use crate::engine::ruleset::european::tests::{book, loaded, rolls};
use crate::engine::ruleset::{Aim, Firer, Rules};
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Pressure, Side};

const GUN: Pos = Pos::new(8, 6);

fn man(book: &RuleBook, id: &str, role: &str, side: Side, weapon: &str, at: Pos) -> Soldier {
    let mut m = Soldier::new(book, id.into(), role.into(), side, weapon.into(), Some(at));
    m.squad = Some(if side == Side::Enemy { 7 } else { 1 });
    m
}

/// A gun's crew at `GUN`: its gunner with `weapon` and a loader.
fn crew(b: &RuleBook, weapon: &str) -> Vec<Soldier> {
    vec![man(b, "G1", "Pak gunner", Side::Enemy, weapon, GUN), man(b, "G2", "Pak loader", Side::Enemy, "rifle", GUN)]
}

/// The rolls of `firers`' fire at `targets` (each in `ground`), with these faces.
fn fired(b: &RuleBook, firers: &[Soldier], targets: &[Soldier], ground: &str, faces: &[&[u8]]) -> Vec<Roll> {
    let t: &Book = crate::engine::ruleset::european::tables_in(b).unwrap();
    let terrain = b.terrain.iter().find(|x| x.key == ground).unwrap();
    let fire = SquadFire {
        firers: firers.iter().map(|m| Firer { man: m, moved: false }).collect(),
        targets: targets
            .iter()
            .map(|m| TargetTeam { man: m, terrain, distance: firers[0].pos.unwrap().distance(GUN) })
            .collect(),
        squad: targets.iter().collect(),
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut events = Events::all();
    volley(t, b, &mut loaded(faces), &fire, &mut events).expect("the squad fires");
    rolls(events)
}

/// A save as the tests read it: its purpose, who rolled it, its need and its words.
type Save<'a> = (Purpose, Option<&'a str>, Option<i32>, Option<&'a str>);

fn saves(rolls: &[Roll]) -> Vec<Save<'_>> {
    rolls
        .iter()
        .filter(|r| matches!(r.purpose, Purpose::EbSave | Purpose::EbCrewSave))
        .map(|r| (r.purpose, r.soldier.as_deref(), r.need, r.result.as_deref()))
        .collect()
}

#[test]
fn a_gun_shield_saves_its_crew_5_up_from_the_front_only() {
    let b = book();
    let targets = crew(&b, "at_gun");
    // Two riflemen: Able three hexes north of the gun, Baker four south-east.
    // The gun faces the nearer, Able: his hit strikes the shield (5+), and
    // Baker's strikes the crew from the flank (6+). A hit each (5 and 1),
    // the first on the gunner, the second on the loader; both saves fail (2).
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    let baker = man(&b, "Baker", "Pvt", Side::Friendly, "rifle", step(GUN, 3, 4));
    let rolls =
        fired(&b, &[able.clone(), baker.clone()], &targets, "open", &[&[5, 1], &[5, 1], &[2], &[1], &[2], &[1]]);
    assert_eq!(
        saves(&rolls),
        [
            (Purpose::EbCrewSave, Some("G1"), Some(5), Some("gun shield")),
            (Purpose::EbCrewSave, Some("G2"), Some(6), Some("crew")),
        ]
    );
    // Baker three hexes off and Able four: the gun faces Baker now, so
    // Able's hit is the flank's 6+ and Baker's the shield's 5+.
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 4));
    let baker = man(&b, "Baker", "Pvt", Side::Friendly, "rifle", step(GUN, 3, 3));
    let rolls = fired(&b, &[able, baker], &targets, "open", &[&[5, 1], &[5, 1], &[2], &[1], &[2], &[1]]);
    let needs: Vec<Option<i32>> = saves(&rolls).iter().map(|s| s.2).collect();
    assert_eq!(needs, [Some(6), Some(5)]);
}

#[test]
fn any_other_heavy_weapons_crew_saves_6_up_and_a_mortars_none() {
    let b = book();
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    // The Flak has no shield: 6+ from the front as from anywhere.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "aa_gun"), "open", &[&[5, 5], &[6], &[6]]);
    assert_eq!(
        saves(&rolls),
        [
            (Purpose::EbCrewSave, Some("G1"), Some(6), Some("crew")),
            (Purpose::EbCrewSave, Some("G2"), Some(6), Some("crew")),
        ]
    );
    assert!(rolls.iter().all(|r| r.purpose != Purpose::EbWound), "both saved: no wound rolled");
    // A mortar's crew in the open has no save: the hit goes to the wound chart.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "mortar"), "open", &[&[5, 1], &[1]]);
    assert_eq!(saves(&rolls), []);
    assert_eq!(rolls.iter().filter(|r| r.purpose == Purpose::EbWound).count(), 1);
    // A loader away from his gun is no crew.
    let mut away = crew(&b, "aa_gun");
    away[1].pos = Some(GUN.neighbour(0));
    let rolls = fired(&b, std::slice::from_ref(&able), &away[1..], "open", &[&[5, 1], &[1]]);
    assert_eq!(saves(&rolls), []);
}

#[test]
fn the_better_save_counts_with_take_cover_and_prone() {
    let b = book();
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    // In woods the crew has taken cover, 4+: better than the shield's 5+.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "at_gun")[..1], "woods", &[&[5, 1], &[4]]);
    assert_eq!(saves(&rolls), [(Purpose::EbSave, Some("G1"), Some(4), None)]);
    // Prone (5+) against the Flak crew's 6+: the prone save.
    let mut down = crew(&b, "aa_gun");
    down[0].pressure = Pressure::Prone;
    let rolls = fired(&b, std::slice::from_ref(&able), &down[..1], "open", &[&[5, 1], &[5]]);
    assert_eq!(saves(&rolls), [(Purpose::EbSave, Some("G1"), Some(5), None)]);
}

#[test]
fn under_shells_the_crew_saves_6_up_and_never_the_shield() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    assert_eq!(shelled_save(t, &b, &pak[1], &pak, false), Some((6, Purpose::EbCrewSave)));
    assert_eq!(shelled_save(t, &b, &pak[1], &pak, true), Some((5, Purpose::EbSave)), "prone is better");
    let mortar = crew(&b, "mortar");
    assert_eq!(shelled_save(t, &b, &mortar[0], &mortar, false), None);
    let rifleman = man(&b, "Able", "Pvt", Side::Friendly, "rifle", GUN);
    assert_eq!(shelled_save(t, &b, &rifleman, std::slice::from_ref(&rifleman), false), None);
}

#[test]
fn a_heavy_weapon_moves_as_in_difficult_ground_and_not_as_it_fires() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    let moves = |m: &Soldier| European.moves(&b, m).map(|m| (m.open, m.difficult));
    assert_eq!(moves(&pak[0]), Some((1, 1)), "the gun: a hex, as in difficult ground");
    assert_eq!(moves(&pak[1]), Some((2, 1)), "its loader walks");
    let gun = t.weapon("at_gun").unwrap();
    assert_eq!((gun.dice(false), gun.dice(true)), (1, 0), "no moving and shooting");
    assert!(gun.shield && !t.weapon("aa_gun").unwrap().shield && heavy(t.weapon("aa_gun").unwrap()));
}

#[test]
fn t_and_a_class_guns_fire_at_nothing_nearer_than_6_inches() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    assert_eq!(least_at_men(t, t.weapon("at_gun").unwrap()), 2);
    assert_eq!(least_at_men(t, t.weapon("aa_gun").unwrap()), 2);
    assert_eq!(least_at_men(t, t.weapon("rifle").unwrap()), 0);
    let weapon = b.weapon("at_gun").unwrap();
    let aim = |distance| Aim {
        weapon,
        distance,
        cover: crate::engine::book::Cover::None,
        first_shot: false,
        veteran: false,
        side: Side::Enemy,
        state: crate::engine::vocabulary::soldier::State::Fit,
        special: false,
    };
    assert!(European.aimed(&b, &aim(1)).is_err());
    assert!(European.aimed(&b, &aim(2)).is_ok());
    // The gunner's fire at a man a hex off is refused; no die is thrown.
    let near = man(&b, "Able", "Pvt", Side::Friendly, "rifle", GUN.neighbour(0));
    let terrain = b.terrain.iter().find(|x| x.key == "open").unwrap();
    let fire = SquadFire {
        firers: vec![Firer { man: &pak[0], moved: false }],
        targets: vec![TargetTeam { man: &near, terrain, distance: 1 }],
        squad: vec![&near],
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut events = Events::all();
    assert!(volley(t, &b, &mut Dice::new(1), &fire, &mut events).is_err());
    assert!(events.is_empty());
}
