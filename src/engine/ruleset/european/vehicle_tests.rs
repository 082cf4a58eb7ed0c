//! European Battlefield's vehicles, each rule as the article states it:
//! the turret roll, armour by facing, the class modifiers against armour,
//! the wound chart against armour, wounds counting down, the KO chart, the
//! crew's bail-out test, and a vehicle's own guns.

use super::vehicles::{self, strength_against};
use super::*;
use crate::engine::ruleset::european::tables::vehicles::{Hurt, Ko};
use crate::engine::ruleset::european::tables::{Class, WoundNeed};
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::ruleset::{Firer, TargetTeam};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Side, Vehicle};

fn book() -> RuleBook {
    let full = crate::rules::rule_book().expect("the built-in rules");
    crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield
        .book_for(&full)
        .expect("European Battlefield's own book")
}

fn man(book: &RuleBook, id: &str, rank: &str, side: Side, weapon: &str, at: (i32, i32)) -> Soldier {
    Soldier::new(book, id.into(), rank.into(), side, weapon.into(), Some(Pos::new(at.0, at.1)))
}

/// A vehicle of `kind` (its man's role `role`) at `at`, facing `facing`.
fn vehicle(book: &RuleBook, role: &str, kind: &str, weapon: &str, at: (i32, i32), facing: u8) -> Soldier {
    let mut v = man(book, "V1", role, Side::Enemy, weapon, at);
    v.vehicle = Some(Vehicle { kind: kind.into(), facing, damage: Damage::None, turns: 0, hurt: Hurt::default() });
    v
}

fn panzer(book: &RuleBook, facing: u8) -> Soldier {
    vehicle(book, "Panzer IV", "medium_tracked", "tank_gun", (3, 0), facing)
}

/// Novak's bazooka fired at `target` from `from`: the fire, and its events.
fn bazooka_at(b: &RuleBook, target: &Soldier, from: (i32, i32), seed: u64) -> (Fired, Vec<Event>) {
    let t = tables_in(b).unwrap();
    let novak = man(b, "Novak", "Pfc", Side::Friendly, "bazooka", from);
    let open = b.terrain.iter().find(|t| t.key == "open").unwrap();
    let distance = novak.pos.unwrap().distance(target.pos.unwrap());
    let fire = SquadFire {
        firers: vec![Firer { man: &novak, moved: false }],
        targets: vec![TargetTeam { man: target, terrain: open, distance }],
        squad: vec![target],
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut events = Events::all();
    let fired = vehicles::volley(t, b, &mut Dice::new(seed), &fire, &mut events).unwrap();
    (fired, events.into_vec())
}

fn rolls_of(events: &[Event]) -> Vec<&Roll> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll(r) => Some(r),
            _ => None,
        })
        .collect()
}

#[test]
fn the_profiles_and_the_articles_numbers_are_the_tables() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let v = vehicles::tables(t).unwrap();
    assert_eq!((v.turret_need, v.min_inches_ta, v.min_inches_h), (4, 6, 12));
    assert_eq!((v.armour_t, v.armour_h, v.armour_a, v.last_wound_ko, v.bail_pass), (0, -1, -2, 6, 10));
    let p = v.profile("medium_tracked", "Panzer IV").unwrap();
    assert_eq!((p.armour, p.wounds, p.courage, p.turret, p.mgs), (Some((7, 5)), 3, 4, true, 2));
    assert_eq!(p.cards, 1, "one card, as a man");
    // Three inches a hex: t-class no nearer than 2 hexes (6"), h-class 4 (12").
    let mut w = t.weapon("bazooka").unwrap().clone();
    assert_eq!(vehicles::min_hexes(t, v, &w), 2);
    w.class = vec![Class::H];
    assert_eq!(vehicles::min_hexes(t, v, &w), 4);
    w.class = vec![Class::S];
    assert_eq!(vehicles::min_hexes(t, v, &w), 0);
    // The roster: armour, wounds left, courage.
    assert_eq!(European.profile(&b, &panzer(&b, 0)).as_deref(), Some("A7/5 W3/3 C4"));
}

#[test]
fn the_ko_chart_has_three_bands() {
    let b = book();
    let v = vehicles::tables(tables_in(&b).unwrap()).unwrap();
    let got: Vec<Option<Ko>> = (1..=6).map(|f| v.ko(f)).collect();
    use Ko::*;
    assert_eq!(got, [Some(Immobile), Some(Immobile), Some(MustMove), Some(MustMove), Some(Explodes), Some(Explodes)]);
    let spread = vehicles::ko_spread(v).1;
    assert!(spread.iter().all(|(_, c)| (c.ways, c.of) == (2, 6)), "{spread:?}");
}

#[test]
fn a_weapons_class_changes_its_strength_against_armour() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let v = vehicles::tables(t).unwrap();
    let p = v.profile("medium_tracked", "").unwrap().clone();
    let mut w = t.weapon("bazooka").unwrap().clone();
    w.strength = 6;
    for (class, want) in [
        (vec![Class::T], Some((6, 7))),
        (vec![Class::H], Some((5, 7))),
        (vec![Class::A], Some((4, 7))),
        (vec![Class::H, Class::T], Some((6, 7))),
        (vec![Class::S], None),
        (vec![Class::S, Class::A], None),
    ] {
        w.class = class.clone();
        assert_eq!(strength_against(v, &w, &p, false), want, "{class:?}");
    }
    // The flank is the second armour.
    w.class = vec![Class::T];
    assert_eq!(strength_against(v, &w, &p, true), Some((6, 5)));
    // Without armour: armour all the same to t-class (at its defense), a man to the rest.
    let soft = v.profile("jeep", "").unwrap().clone();
    assert_eq!(strength_against(v, &w, &soft, false), Some((6, 5)));
    w.class = vec![Class::S];
    assert_eq!(strength_against(v, &w, &soft, false), Some((6, 5)));
    w.class = vec![Class::A];
    assert_eq!(strength_against(v, &w, &soft, false), Some((4, 5)), "a-class two weaker, as against men");
    // A rifle cannot fire at armour; at a vehicle without it, it can.
    let rifleman = man(&b, "Lucas", "Pvt", Side::Friendly, "rifle", (0, 0));
    let e = vehicles::shot(t, &b, &rifleman, &panzer(&b, 0), 3).unwrap_err();
    assert!(e.contains("cannot hurt the Panzer IV's armour"), "{e}");
    let jeep = vehicle(&b, "Kübelwagen", "jeep", "mg", (3, 0), 0);
    assert_eq!(vehicles::shot(t, &b, &rifleman, &jeep, 3).map(|o| o.need()), Ok(5));
}

#[test]
fn a_bazooka_fires_no_nearer_than_its_minimum_nor_past_its_reach() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let novak = man(&b, "Novak", "Pfc", Side::Friendly, "bazooka", (0, 0));
    let tank = panzer(&b, 0);
    assert!(vehicles::shot(t, &b, &novak, &tank, 1).unwrap_err().contains("no nearer than 2"));
    assert_eq!(vehicles::shot(t, &b, &novak, &tank, 2).map(|o| o.need()), Ok(5), "the GI's Shoot 5+");
    assert_eq!(vehicles::shot(t, &b, &novak, &tank, 6).map(|o| o.need()), Ok(5));
    assert!(vehicles::shot(t, &b, &novak, &tank, 7).unwrap_err().contains("reaches 6"));
}

/// From the front, a hit on a tank with a turret rolls for the turret: on
/// 4+ its flank armour (5), else its front (7); the wound roll's need is
/// the chart's, strength 6 against that armour.
#[test]
fn a_hit_rolls_for_the_turret_and_then_the_wound_chart_against_that_armour() {
    let b = book();
    let t = tables_in(&b).unwrap();
    // The tank at 3,0 faces south (3): Novak at 3,3 is in front of it.
    let tank = panzer(&b, 3);
    let (mut turret, mut front) = (0, 0);
    for seed in 0..400 {
        let (_, events) = bazooka_at(&b, &tank, (3, 3), seed);
        let rolls = rolls_of(&events);
        let hit = rolls[0].faces[0] >= 5;
        assert_eq!(rolls[0].purpose, Purpose::EbFire);
        if !hit {
            assert_eq!(rolls.len(), 1, "seed {seed}: a miss is all");
            continue;
        }
        let (tr, wound) = (rolls[1], rolls[2]);
        assert_eq!((tr.purpose, tr.need), (Purpose::EbTurret, Some(4)));
        assert_eq!(wound.purpose, Purpose::EbArmour);
        let (armour, need) = if tr.succeeded() { ("flank armour 5", 4) } else { ("front armour 7", 5) };
        assert_eq!(wound.result.as_deref(), Some(format!("strength 6 against {armour}").as_str()), "seed {seed}");
        assert_eq!(wound.need, Some(need), "seed {seed}: the chart's 6 against {armour}");
        assert_eq!(t.wound_need(6, if tr.succeeded() { 5 } else { 7 }), WoundNeed::N(need as u8));
        if tr.succeeded() {
            turret += 1;
        } else {
            front += 1;
        }
    }
    assert!(turret > 10 && front > 10, "{turret} turret hits, {front} front");
}

/// From behind (the sextant opposite the way it faces) a hit strikes the
/// flank armour with no turret roll; a vehicle without a turret is struck
/// on its front from anywhere else.
#[test]
fn a_shot_from_behind_strikes_the_flank_armour() {
    let b = book();
    // The tank at 3,0 faces north (0): Novak at 3,3, south of it, is behind it.
    let tank = panzer(&b, 0);
    let halftrack = vehicle(&b, "Sd.Kfz. 251", "halftrack", "mg", (3, 0), 3);
    let mut seen = 0;
    for seed in 0..200 {
        for (car, want) in [(&tank, "flank armour 5"), (&halftrack, "front armour 4")] {
            let (_, events) = bazooka_at(&b, car, (3, 3), seed);
            let rolls = rolls_of(&events);
            assert!(rolls.iter().all(|r| r.purpose != Purpose::EbTurret), "seed {seed}: no turret roll");
            if let Some(w) = rolls.iter().find(|r| r.purpose == Purpose::EbArmour) {
                assert!(w.result.as_deref().is_some_and(|r| r.ends_with(want)), "seed {seed}: {:?}", w.result);
                seen += 1;
            }
        }
    }
    assert!(seen > 20, "{seen}");
}

/// Wounds count down: each wound taken is one of the vehicle's fewer, the
/// last destroys it (a hulk), a damaged one's crew tests 2d6 + its courage
/// against 10 or bails out, and a 6 on a wound roll that needed less rolls
/// the KO chart, each band doing what it says.
#[test]
fn wounds_count_down_to_a_hulk_and_sixes_roll_the_ko_chart() {
    let b = book();
    let mut bands = std::collections::BTreeSet::new();
    let (mut hulks, mut bailed, mut stayed) = (0, 0, 0);
    for seed in 0..3000 {
        let mut tank = panzer(&b, 0);
        // One wound left, or all three.
        let had = if seed % 2 == 0 { 2 } else { 0 };
        tank.vehicle.as_mut().unwrap().hurt.wounds = had;
        let (fired, events) = bazooka_at(&b, &tank, (3, 3), seed);
        let rolls = rolls_of(&events);
        let wounded = rolls.iter().any(|r| r.purpose == Purpose::EbArmour && r.succeeded());
        let Some(hit) = fired.vehicles.first() else {
            assert!(!wounded, "seed {seed}: a wound is kept");
            continue;
        };
        assert_eq!(hit.target, 0);
        let six = rolls.iter().any(|r| r.purpose == Purpose::EbArmour && r.faces[..] == [6]);
        let ko = rolls.iter().find(|r| r.purpose == Purpose::EbKo);
        let last = rolls.iter().find(|r| r.purpose == Purpose::EbLastWound);
        let bail = rolls.iter().find(|r| r.purpose == Purpose::EbBailOut);
        assert!(wounded);
        assert_eq!(hit.hurt.wounds, had + 1, "seed {seed}: one wound more");
        if had == 2 {
            // The last wound: a hulk; the KO chart by a 6 (on the wound roll that needed 4, or the last-wound die).
            assert!(hit.out, "seed {seed}: the last wound destroys it");
            assert!(bail.is_none(), "seed {seed}: a destroyed vehicle's crew does not test");
            assert_eq!(last.is_some(), !six, "seed {seed}: a 6 on the wound roll is the KO roll already");
            assert_eq!(ko.is_some(), six || last.is_some_and(|r| r.faces[..] == [6]), "seed {seed}");
            hulks += 1;
        } else {
            assert!(last.is_none());
            // Strength 6 against flank 5: 4+, so a 6 rolls the KO chart.
            assert_eq!(ko.is_some(), six, "seed {seed}");
            let exploded = ko.is_some_and(|r| r.total >= 5);
            assert_eq!(bail.is_none(), exploded, "seed {seed}: a damaged vehicle's crew tests, unless it exploded");
            if let Some(r) = bail {
                assert_eq!((r.dice.count, r.need), (2, Some(6)), "2d6 + courage 4 against 10");
                assert_eq!(hit.hurt.bailed, !r.succeeded());
                if r.succeeded() { stayed += 1 } else { bailed += 1 }
            }
            assert_eq!(hit.out, exploded || hit.hurt.bailed, "seed {seed}");
        }
        if let Some(r) = ko {
            let want = match r.total {
                1 | 2 => Ko::Immobile,
                3 | 4 => Ko::MustMove,
                _ => Ko::Explodes,
            };
            assert_eq!(hit.hurt.ko, Some(want), "seed {seed}");
            assert_eq!(hit.hurt.burning(), want == Ko::Explodes);
            bands.insert(r.total.div_ceil(2));
        }
    }
    assert_eq!(bands.len(), 3, "every band of the KO chart came: {bands:?}");
    assert!(hulks > 0 && bailed > 0 && stayed > 0, "{hulks} hulks, {bailed} bailed, {stayed} stayed");
}

/// A tank fires its main gun standing, at a man past its minimum range,
/// and its machine guns with one more die for the second; on the move the
/// gun is silent and the machine guns (SA) halved.
#[test]
fn a_tank_fires_its_gun_standing_and_its_machine_guns_with_more_dice() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let tank = panzer(&b, 3);
    let dice = |moved, nearest| -> Vec<(String, u8, i32)> {
        vehicles::guns(t, &tank, moved, nearest).iter().map(|g| (g.weapon.weapon.clone(), g.dice, g.need)).collect()
    };
    assert_eq!(dice(false, 3), [("tank_gun".into(), 1, 4), ("mg".into(), 4, 4)]);
    assert_eq!(dice(false, 1), [("mg".into(), 4, 4)], "the gun fires no nearer than 6\"");
    assert_eq!(dice(true, 3), [("mg".into(), 2, 4)]);
    assert_eq!(European.shots(&b, &tank, false), 5);
    // Knocked out "must move to spot": it fires as one that moved.
    let mut stuck = tank.clone();
    stuck.vehicle.as_mut().unwrap().hurt.ko = Some(Ko::MustMove);
    assert_eq!(vehicles::guns(t, &stuck, false, 3).iter().map(|g| g.dice).collect::<Vec<_>>(), [2]);
    // Its cards are its profile's; it activates by its own courage.
    assert_eq!(European.cards(&b, &tank), 1);
}
