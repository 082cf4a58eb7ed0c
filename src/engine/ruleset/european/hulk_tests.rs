//! Hulks and sight under rules with vehicles of their own (European
//! Battlefield): every vehicle blocks sight, and so does its hulk, which
//! also bars other vehicles' way; under Lone Warrior a wreck blocks nothing.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::RuleSet;
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::testing::{OPEN, add_enemy, game_on, squad};
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::State;
use crate::engine::vocabulary::soldier::Vehicle;

/// A game on open ground with a halftrack (a type Lone Warrior lets men
/// see past) at 3,4 between the patrol at 3,6 and a German at 3,2, played
/// by `rules`.
fn halftrack_between(rules: &str) -> (Game, usize) {
    let mut g = game_on(&OPEN, (3, 6), &squad(2), 1);
    g.rules = RuleSet::named(rules).expect("a rule set");
    add_enemy(&mut g, "rifle", (3, 2));
    let v = add_enemy(&mut g, "mg", (3, 4));
    g.soldiers[v].vehicle =
        Some(Vehicle { kind: "halftrack".into(), facing: 0, damage: Damage::None, turns: 0, hurt: Default::default() });
    // As an incident places it: every vehicle blocks sight under these rules.
    g.vehicles_block_sight = g.rules.vehicles();
    (g, v)
}

#[test]
fn a_hulk_blocks_sight_and_the_way_of_vehicles() {
    let (from, to, at) = (Pos::new(3, 6), Pos::new(3, 2), Pos::new(3, 4));
    let (mut g, v) = halftrack_between("EuropeanBattlefield");
    assert!(!g.can_see(Memo::default(), from, to), "a vehicle blocks sight");
    assert!(!g.hulk_at(at) && g.vehicle_passable(at));
    g.soldiers[v].state = State::Dead;
    assert!(g.hulk_at(at), "destroyed where it stood: a hulk");
    assert!(!g.can_see(Memo::default(), from, to), "its hulk blocks sight");
    assert!(!g.can_see(Memo::default(), to, from), "both ways");
    assert!(g.can_see(Memo::default(), from, at), "the hulk itself is seen");
    assert!(!g.vehicle_passable(at), "no vehicle drives through a hulk");
    assert_eq!(g.shot_need(Memo::default(), 0, 2), None, "no shot past it");
    // Lone Warrior: a halftrack does not block sight, nor does its wreck.
    let (mut g, v) = halftrack_between("LoneWarrior");
    assert!(g.can_see(Memo::default(), from, to));
    g.soldiers[v].state = State::Dead;
    assert!(!g.hulk_at(at) && g.can_see(Memo::default(), from, to));
}
