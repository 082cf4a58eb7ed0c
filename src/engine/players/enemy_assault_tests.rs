//! The company enemy going in: its whole move, then its squad's fire, an
//! assault where it stands beside a patrol team.

use crate::engine::ruleset::RuleSet;
use crate::engine::testing::*;
use crate::engine::vocabulary::command::Command;

/// A company-level game on open ground, the patrol's one rifle team at
/// `at` and an enemy team of `weapon` at `enemy`, the enemy's card next.
fn company_game(at: (i32, i32), weapon: &str, enemy: (i32, i32), seed: u64) -> (Game, usize) {
    let rules = RuleSet::named("Company").expect("the company level is built in");
    let scenario = test_scenario(rules, &OPEN, (4, 7), vec![member("Able", "Sgt", "rifle_team", Some(1))]);
    let mut g = Game::new(book(), &scenario, seed).expect("a company-level test scenario");
    g.soldiers[0].pos = Some(at.into());
    let e = add_enemy(&mut g, weapon, enemy);
    g.soldiers[e].squad = Some(7);
    begin_action(&mut g);
    card_next(&mut g, e);
    (g, e)
}

/// The events of the enemy's card.
fn enemy_card(g: &mut Game) -> Vec<Event> {
    let mut events = Events::all();
    g.apply(&Command::Turn, &mut Cache::new(), &mut events).unwrap();
    events.into_vec()
}

/// An SMG team three hexes off has no shot (it reaches 1): it moves its
/// two hexes to stand beside the patrol's team and fires its three dice
/// in an assault, where the grenade face hits.
#[test]
fn an_smg_team_out_of_reach_moves_its_whole_move_and_assaults() {
    let (mut g, _) = company_game((4, 4), "smg_team", (4, 1), 1);
    let events = enemy_card(&mut g);
    let steps = events.iter().filter(|x| matches!(x, Event::Moved { .. })).count();
    assert_eq!(steps, 2, "{events:?}");
    let end = events.iter().rev().find_map(|x| match x {
        Event::Moved { to, .. } => Some(*to),
        _ => None,
    });
    assert_eq!(end.map(|p| p.distance((4, 4).into())), Some(1), "it stands beside Able: {events:?}");
    let fire = events.iter().find_map(|x| match x {
        Event::SquadFire { assault, .. } => Some(*assault),
        _ => None,
    });
    assert_eq!(fire, Some(true), "it fires, an assault: {events:?}");
    let roll = events.iter().find_map(|x| match x {
        Event::Roll(r) if r.purpose == crate::engine::dice::Purpose::CompanyFire => Some(r),
        _ => None,
    });
    let roll = roll.expect("the firing dice");
    assert_eq!(roll.faces.len(), 3, "an SMG team's three dice, unaffected by moving");
    assert!(roll.modifiers.iter().flatten().any(|m| m.name == "grenade"), "the grenade face hits: {roll:?}");
}

/// A rifle team (no moving fire) with a shot fires where it stands; one
/// out of reach moves its whole move and does not fire.
#[test]
fn a_rifle_team_fires_where_it_stands_or_moves_without_firing() {
    let (mut g, _) = company_game((4, 4), "rifle_team", (4, 1), 1);
    let events = enemy_card(&mut g);
    assert!(!events.iter().any(|x| matches!(x, Event::Moved { .. })), "{events:?}");
    assert!(events.iter().any(|x| matches!(x, Event::SquadFire { assault: false, .. })), "{events:?}");
    // Seven hexes off, out of its reach, it moves two and holds its fire.
    let (mut g, _) = company_game((4, 7), "rifle_team", (4, 0), 1);
    let events = enemy_card(&mut g);
    assert_eq!(events.iter().filter(|x| matches!(x, Event::Moved { .. })).count(), 2, "{events:?}");
    assert!(!events.iter().any(|x| matches!(x, Event::SquadFire { .. })), "{events:?}");
}
