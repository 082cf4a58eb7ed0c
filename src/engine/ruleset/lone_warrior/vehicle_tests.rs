//! Vehicles in play: cards, fire at them and from them, damage, sight.

use super::*;
use crate::engine::cache::Cache;
use crate::engine::cache::memo::Memo;
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::testing::Play;
use crate::engine::testing::{OPEN, add_enemy, begin_action, card_next, game_on, rolls};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::command::Target;
use crate::engine::vocabulary::name::format_name;
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;

/// Adds an enemy vehicle of `kind` with `weapon` at `at`, facing north.
fn add_vehicle(g: &mut Game, kind: &str, weapon: &str, at: (i32, i32)) -> usize {
    let i = add_enemy(g, weapon, at);
    g.soldiers[i].id = crate::engine::vocabulary::name::format_name!("V{i}");
    g.soldiers[i].vehicle =
        Some(Vehicle { kind: kind.into(), facing: 0, damage: Damage::None, turns: 0, hurt: Default::default() });
    g.vehicles_block_sight |= g.book.arsenal.vehicle(kind).is_some_and(|t| t.blocks_sight);
    i
}

fn squad_with_bazooka() -> Vec<(&'static str, &'static str)> {
    vec![("Able", "rifle"), ("Baker", "bazooka"), ("Charlie", "rifle")]
}

fn deck_count(g: &Game, i: usize) -> usize {
    match &g.phase {
        Phase::Action(a) => a.deck.iter().filter(|&&c| c == Card::soldier(i)).count(),
        _ => 0,
    }
}

#[test]
fn a_vehicle_brings_its_types_cards_and_fewer_when_damaged() {
    for (kind, cards) in [("armoured_car", 3), ("halftrack", 2), ("slow_tracked", 1), ("fast_tracked", 3)] {
        let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), 1);
        let v = add_vehicle(&mut g, kind, "mg", (3, 2));
        begin_action(&mut g);
        assert_eq!(deck_count(&g, v), cards, "{kind}");
        assert_eq!(deck_count(&g, 0), 2, "a man still has two");
        g.soldiers[v].vehicle.as_mut().expect("a vehicle").damage = Damage::Light;
        let mut events = Events::all();
        g.deal(&mut events);
        assert_eq!(deck_count(&g, v), cards.saturating_sub(1).max(1), "{kind} with light damage");
    }
}

#[test]
fn only_anti_tank_weapons_can_fire_at_a_vehicle() {
    let mut g = game_on(&OPEN, (3, 5), &squad_with_bazooka(), 1);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 3));
    begin_action(&mut g);
    let e = g.shot_odds(Memo::default(), 0, v).expect_err("a rifle cannot");
    assert!(e.contains("only anti-tank weapons and H.E."), "{e}");
    assert_eq!(g.shot_need(Memo::default(), 0, v), None, "the leader does not weigh rifle shots at it");
    // The bazooka at 2 hexes, at the vehicle's front (it faces south, toward
    // him): extreme range, the count 2 +1 for a short weapon at extreme.
    g.soldiers[v].vehicle.as_mut().expect("a vehicle").facing = 3;
    let odds = g.shot_odds(Memo::default(), 1, v).expect("the bazooka can");
    assert_eq!((odds.sides, odds.need()), (8, 3));
    let (_, band) = g.at_odds(Memo::default(), 1, v).expect("in range");
    assert_eq!(band, AtBand::Extreme);
    // At the rear: the vehicle faces north, the shooter is south of it.
    g.soldiers[v].vehicle.as_mut().expect("a vehicle").facing = 0;
    g.soldiers[1].pos = Some(Pos::new(3, 4));
    let (odds, band) = g.at_odds(Memo::default(), 1, v).expect("adjacent");
    assert_eq!(band, AtBand::PointBlank);
    let names: Vec<&str> = odds.modifiers.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["rear"]);
    assert_eq!(odds.need(), 0, "1 hex, -1 at the rear");
}

#[test]
fn a_bazooka_hit_rolls_for_damage_and_can_destroy() {
    let mut destroyed = 0;
    for seed in 0..60 {
        let mut g = game_on(&OPEN, (3, 4), &squad_with_bazooka(), seed);
        let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 3));
        add_enemy(&mut g, "rifle", (0, 0));
        begin_action(&mut g);
        card_next(&mut g, 1);
        g.play(&Command::Turn).expect("a card turns");
        let events = g.play(&Command::Fire { target: Target::Soldier(format_name!("V{v}")) }).expect("legal");
        let shot = events.iter().find_map(|e| match e {
            Event::Shot { weapon, band, .. } => Some((weapon.to_string(), band.to_string())),
            _ => None,
        });
        assert_eq!(shot, Some(("bazooka".into(), "point_blank".into())));
        let r = rolls(&events);
        assert_eq!(r[0].purpose, Purpose::Fire);
        assert!(r[0].succeeded(), "adjacent, the count is 1: a D8 never misses");
        assert_eq!(r[1].purpose, Purpose::Damage);
        let damage = g.soldiers[v].vehicle.as_ref().expect("a vehicle").damage;
        let expected = match r[1].total {
            1 | 2 => Damage::Light,
            3 | 4 => Damage::Heavy,
            _ => Damage::Destroyed,
        };
        assert_eq!(damage, expected, "face {}", r[1].total);
        if damage == Damage::Destroyed {
            destroyed += 1;
            assert_eq!(g.soldiers[v].state, State::Dead);
        }
    }
    assert!(destroyed > 0);
}

#[test]
fn a_man_cannot_fight_a_vehicle_hand_to_hand() {
    let mut g = game_on(&OPEN, (3, 3), &squad_with_bazooka(), 1);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 3));
    begin_action(&mut g);
    card_next(&mut g, 0);
    g.play(&Command::Turn).expect("a card turns");
    let e = g.play(&Command::Fight { target: g.soldiers[v].id.clone() }).expect_err("no");
    assert!(e.reason().contains("is a vehicle"), "{e}");
}

#[test]
fn a_tank_blocks_sight_between_the_hexes_either_side() {
    let mut g = game_on(&OPEN, (3, 6), &squad_with_bazooka(), 1);
    let man = add_enemy(&mut g, "rifle", (3, 2));
    assert!(g.can_see(Memo::default(), Pos::new(3, 6), Pos::new(3, 2)));
    add_vehicle(&mut g, "medium_tracked", "tank_gun", (3, 4));
    assert!(!g.can_see(Memo::default(), Pos::new(3, 6), Pos::new(3, 2)), "the tank stands between");
    assert!(g.can_see(Memo::default(), Pos::new(3, 6), Pos::new(3, 4)), "the tank itself can be seen");
    assert_eq!(g.shot_need(Memo::default(), 0, man), None);
    let mut g = game_on(&OPEN, (3, 6), &squad_with_bazooka(), 1);
    add_enemy(&mut g, "rifle", (3, 2));
    add_vehicle(&mut g, "armoured_car", "mg", (3, 4));
    assert!(g.can_see(Memo::default(), Pos::new(3, 6), Pos::new(3, 2)), "an armoured car does not block sight");
}

#[test]
fn he_destroys_soft_skins_and_open_tops_on_their_faces_and_never_closed_armour() {
    // The armoured car (an Sd.Kfz. 222) is open-topped as written.
    for (kind, from) in [("jeep", Some(4)), ("halftrack", Some(6)), ("armoured_car", Some(6)), ("medium_tracked", None)]
    {
        for seed in 0..30 {
            let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), seed);
            let v = add_vehicle(&mut g, kind, "mg", (3, 2));
            let from: Option<i32> = from;
            let mut events = Events::all();
            g.he_on_vehicles(Pos::new(3, 2), &"Able".into(), &mut events);
            let r = rolls(&events);
            let destroyed = g.soldiers[v].state == State::Dead;
            let Some(from) = from else {
                assert!(r.is_empty(), "{kind}: closed armour rolls nothing");
                assert!(!destroyed);
                continue;
            };
            assert_eq!(r.len(), 1, "{kind}: one effect die");
            assert_eq!((r[0].purpose, r[0].dice.to_string().as_str(), r[0].need), (Purpose::Damage, "1d6", Some(from)));
            assert_eq!(destroyed, r[0].total as i32 >= from, "{kind} face {}", r[0].total);
        }
    }
}

#[test]
fn an_enemy_vehicle_fires_its_mg_closes_in_and_by_the_house_rule_pulls_back_when_damaged() {
    // In range and sight: the armoured car's MG fires at a man.
    let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), 2);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 4));
    begin_action(&mut g);
    let mut events = Events::all();
    g.vehicle_acts(Memo::default(), v, &mut events);
    assert!(events.iter().any(|e| matches!(e, Event::Shot { weapon, .. } if weapon == "mg")), "{events:?}");
    // Out of range: it closes, but no nearer than two hexes, and only on open ground or road.
    let rows = ["........", "........", "........", "........", "........", "........", "........", "........"];
    let mut g = game_on(&rows, (3, 7), &squad_with_bazooka(), 2);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 0));
    begin_action(&mut g);
    let mut events = Events::all();
    g.vehicle_acts(Memo::default(), v, &mut events);
    let moved = events.iter().any(|e| matches!(e, Event::Moved { .. }));
    assert!(moved, "{events:?}");
    assert!(g.soldiers[v].pos.is_some_and(|p| p.distance(Pos::new(3, 7)) < 7));
    // Damaged, by the house rule: it backs away, and from an edge hex it leaves.
    crate::engine::ruleset::house::set(std::sync::Arc::make_mut(&mut g.book), "vehicles_pull_back", true).unwrap();
    g.soldiers[v].vehicle.as_mut().expect("a vehicle").damage = Damage::Light;
    g.soldiers[v].pos = Some(Pos::new(3, 0));
    let mut events = Events::all();
    g.vehicle_acts(Memo::default(), v, &mut events);
    assert!(events.iter().any(|e| matches!(e, Event::Gone { .. })), "{events:?}");
    assert_eq!(g.soldiers[v].pos, None);
}

#[test]
fn a_tanks_gun_fires_he_at_a_hex_of_men() {
    let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), 4);
    let v = add_vehicle(&mut g, "medium_tracked", "tank_gun", (3, 2));
    begin_action(&mut g);
    let mut events = Events::all();
    g.vehicle_acts(Memo::default(), v, &mut events);
    let r = rolls(&events);
    assert_eq!(r[0].purpose, Purpose::HighExplosive, "three men in one hex: the gun");
    assert_eq!(r[0].need, Some(5), "5 hexes on a D8");
    assert_eq!(r.len() > 1, r[0].succeeded(), "the template only when it lands");
}

#[test]
fn vehicles_keep_to_their_terrain() {
    let rows = ["..TT....", "..TT....", "........"];
    let g = game_on(&rows, (0, 2), &squad_with_bazooka(), 1);
    assert!(g.vehicle_passable(Pos::new(0, 0)));
    assert!(!g.vehicle_passable(Pos::new(2, 0)), "no vehicle in woods");
}

#[test]
fn an_encounter_waits_at_its_hex_and_is_met_without_a_roll() {
    let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), 3);
    g.waiting.push(crate::engine::book::scenario::Encounter {
        at: Pos::new(3, 6),
        group: "armoured_car".into(),
        min: 2,
        max: 3,
        carrying: None,
    });
    let events = g.play(&Command::Move { section: None, to: Pos::new(3, 6) }).expect("a step");
    assert!(rolls(&events).iter().all(|r| r.purpose != Purpose::Incident), "no incident check there");
    assert!(events.iter().any(|e| matches!(e, Event::Incident { name, .. } if name == "armoured car")));
    let appeared = events.iter().find_map(|e| match e {
        Event::EnemyAppears { soldiers, hex, .. } => Some((soldiers.clone(), *hex)),
        _ => None,
    });
    let (soldiers, hex) = appeared.expect("the armoured car appears");
    assert_eq!(soldiers.len(), 1);
    assert!(soldiers[0].starts_with('V'), "{soldiers:?}");
    assert!((2..=3).contains(&hex.distance(Pos::new(3, 6))));
    assert!(matches!(g.phase, Phase::Action(_)), "an action begins");
    assert!(g.waiting.is_empty(), "met once");
}

#[test]
fn the_odds_of_a_bazooka_shot_give_the_damage_too() {
    let mut g = game_on(&OPEN, (3, 5), &squad_with_bazooka(), 1);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 3));
    g.soldiers[v].vehicle.as_mut().expect("a vehicle").facing = 3;
    begin_action(&mut g);
    let q = crate::engine::odds::OddsQuery::Fire {
        shooter: Some("Baker".into()),
        target: Target::Soldier(format_name!("V{v}")),
    };
    let answer = g.odds(&Cache::new(), &q).expect("odds");
    assert_eq!(answer.roll.dice.to_string().as_str(), "1d8");
    assert_eq!(answer.roll.chance().map(|c| (c.ways, c.of)), Some((6, 8)), "3+ on a D8");
    let then = answer.then.expect("the damage table follows");
    let spread: Vec<(String, u64)> = then.outcomes().iter().map(|o| (o.result.clone(), o.chance.ways)).collect();
    let expected = [("no_damage", 3), ("light_damage", 1), ("heavy_damage", 1), ("destroyed", 1)];
    assert_eq!(spread, expected.map(|(r, w)| (r.to_string(), w)), "extreme range");
}

#[test]
fn a_tank_blocks_sight_both_ways_and_cover_partly_hides_a_vehicle() {
    let mut g = game_on(&OPEN, (3, 6), &squad_with_bazooka(), 1);
    add_vehicle(&mut g, "medium_tracked", "tank_gun", (3, 4));
    assert_eq!(
        g.can_see(Memo::default(), Pos::new(3, 6), Pos::new(3, 2)),
        g.can_see(Memo::default(), Pos::new(3, 2), Pos::new(3, 6))
    );
    assert!(!g.can_see(Memo::default(), Pos::new(3, 2), Pos::new(3, 6)), "from the far side too");
    // In crops (soft cover) a vehicle is partly hidden: +1.
    let rows = ["........", "........", "...,....", "........", "........"];
    let mut g = game_on(&rows, (3, 4), &squad_with_bazooka(), 1);
    let v = add_vehicle(&mut g, "armoured_car", "mg", (3, 2));
    g.soldiers[v].vehicle.as_mut().expect("a vehicle").facing = 3;
    let (odds, _) = g.at_odds(Memo::default(), 1, v).expect("in range");
    let names: Vec<&str> = odds.modifiers.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["partly_hidden", "short_weapon_at_extreme"]);
    assert_eq!(odds.need(), 4);
    // The target or the firer moved: +1.
    g.soldiers[v].moved = true;
    assert_eq!(g.at_odds(Memo::default(), 1, v).expect("in range").0.need(), 5);
}

#[test]
fn fire_called_is_called_off_when_the_action_ends_before_stop() {
    let mut g = game_on(&OPEN, (3, 7), &squad_with_bazooka(), 1);
    g.radio = true;
    crate::engine::ruleset::house::set(std::sync::Arc::make_mut(&mut g.book), "radio", true).unwrap();
    let foe = add_enemy(&mut g, "rifle", (3, 2));
    begin_action(&mut g);
    card_next(&mut g, 0);
    g.play(&Command::Turn).expect("a card turns");
    g.play(&Command::Call { hex: Pos::new(3, 2) }).expect("the call");
    assert_eq!(g.fire_missions_left(), 1);
    // The last enemy falls before the STOP card: the action ends.
    g.soldiers[foe].state = State::KnockedOver;
    let mut events = Events::all();
    assert!(g.check_action_over(&mut events));
    assert!(g.fire_pending.is_empty(), "nothing lands later");
    assert_eq!(g.fire_missions_left(), 2, "the guns keep the mission");
    g.check_consistent().expect("the game's own state is consistent");
}

#[test]
fn every_hex_of_a_hex_line_is_on_a_shortest_way_between_its_ends() {
    // Sight past tanks relies on it to skip a vehicle off every shortest
    // way without walking the line; every pair of hexes of a 24x24 map.
    let hexes: Vec<Pos> = (0..24).flat_map(|c| (0..24).map(move |r| Pos::new(c, r))).collect();
    for &a in &hexes {
        for &b in &hexes {
            let d = a.distance(b);
            for p in a.between(b) {
                assert_eq!(a.distance(p) + p.distance(b), d, "{p} between {a} and {b}");
            }
        }
    }
}

#[test]
fn sight_past_tanks_is_the_tanks_between_read_one_by_one() {
    // Sight as first written: the living tanks but the two ends, and the
    // hexes between gathered, either way.
    let mut g = game_on(&OPEN, (0, 7), &crate::engine::testing::squad(2), 1);
    let tanks = [(3, 3), (4, 4), (2, 5), (5, 2)];
    for (k, &at) in tanks.iter().enumerate() {
        add_vehicle(&mut g, if k == 1 { "armoured_car" } else { "medium_tracked" }, "tank_gun", at);
    }
    let last = g.soldiers.len() - 1;
    g.soldiers[last].state = State::Dead;
    let plain = |g: &Game, from: Pos, to: Pos| {
        let blocking: Vec<Pos> = g
            .soldiers
            .iter()
            .filter(|s| s.state != State::Dead)
            .filter_map(|s| {
                let v = s.vehicle.as_ref()?;
                g.book.arsenal.vehicle(&v.kind).filter(|t| t.blocks_sight)?;
                s.pos.filter(|&p| p != from && p != to)
            })
            .collect();
        let clear = |a: Pos, b: Pos| !blocking.iter().any(|t| a.between(b).contains(t));
        g.map.line_of_sight(&g.book, Memo::default(), from, to)
            && (blocking.is_empty() || clear(from, to) || clear(to, from))
    };
    let hexes: Vec<Pos> = g.map.hexes().collect();
    let mut blocked = 0;
    for &a in &hexes {
        for &b in &hexes {
            assert_eq!(g.can_see(Memo::default(), a, b), plain(&g, a, b), "{a} to {b}");
            blocked += usize::from(!g.can_see(Memo::default(), a, b));
        }
    }
    assert!(blocked > 100, "the tanks block some sight ({blocked})");
}
