//! The company level in the loop, on a small map: the squad's fire as
//! `Game::volley` gathers it (the article's overloaded example laid out on
//! the map), and a pinned team unpinned only when its own next card ends.

use crate::engine::ruleset::RuleSet;
use crate::engine::testing::*;
use crate::engine::vocabulary::command::{Command, Target};
use crate::engine::vocabulary::soldier::Pressure;

/// A company-level game on open ground: the patrol's teams, each (name,
/// team, squad), all at `start`.
fn company_game(teams: &[(&str, &str, u32)], seed: u64) -> Game {
    let squad = teams.iter().map(|&(n, w, s)| member(n, "Sgt", w, Some(s))).collect();
    let rules = RuleSet::named("Company").expect("the company level is built in");
    let scenario = test_scenario(rules, &OPEN, (4, 7), squad);
    Game::new(book(), &scenario, seed).expect("a company-level test scenario")
}

/// The article's example: a German squad of two rifle/MG teams fires at an
/// American squad spread over two hexes, each holding two of its teams: 6 dice.
#[test]
fn the_articles_overloaded_squad_is_fired_at_with_six_dice() {
    let teams =
        [("Able", "rifle_team", 1), ("Baker", "rifle_team", 1), ("Charlie", "rifle_team", 1), ("Dog", "rifle_team", 1)];
    let mut g = company_game(&teams, 1);
    for (i, at) in [(0, (4, 4)), (1, (4, 4)), (2, (5, 4)), (3, (5, 4))] {
        g.soldiers[i].pos = Some(at.into());
    }
    let (g1, g2) = (add_enemy(&mut g, "rifle_mg_team", (4, 1)), add_enemy(&mut g, "rifle_mg_team", (5, 1)));
    for e in [g1, g2] {
        g.soldiers[e].squad = Some(7);
    }
    begin_action(&mut g);
    let cache = Cache::new();
    let v = g.volley(cache.memo(&g), g1, 0);
    assert_eq!(v.firers, vec![g1, g2], "both teams of the German squad fire");
    assert_eq!(v.overloaded, 2, "the target squad stands in two hexes of two teams each");
    assert_eq!(v.squad, vec![0, 1, 2, 3]);
    // Nearest first: Able and Baker (3 hexes from G1), then Charlie and Dog.
    let order: Vec<usize> = v.targets.iter().map(|&(_, m)| m).collect();
    assert_eq!(order, vec![0, 1, 2, 3], "{:?}", v.targets);
    assert!(!v.assault);
    let fire = g.squad_view(&v);
    let odds = g.rules.squad_fire_odds(&g.book, &fire).unwrap().unwrap();
    assert_eq!(odds.dice, 6, "2 x 2 + 2 = 6");
    // A team of another squad in one of those hexes still overloads it.
    g.soldiers[3].squad = Some(2);
    let v = g.volley(cache.memo(&g), g1, 0);
    assert_eq!((v.squad.len(), v.overloaded), (3, 2), "Dog is not of the squad, and his hex is still overloaded");
}

/// A team pinned before its card stays pinned through other cards and
/// unpins when its own card ends; a team pinned afresh after its card
/// waits for its next one.
#[test]
fn a_pinned_team_unpins_when_its_own_next_card_is_over() {
    let teams = [("Able", "rifle_team", 1), ("Baker", "rifle_team", 1)];
    let mut g = company_game(&teams, 3);
    g.soldiers[0].pos = Some((4, 4).into());
    g.soldiers[1].pos = Some((2, 4).into());
    let e = add_enemy(&mut g, "rifle_team", (4, 1));
    g.soldiers[e].squad = Some(9);
    begin_action(&mut g);
    let mut cache = Cache::new();
    g.soldiers[0].pressure = Pressure::Pinned;
    g.soldiers[1].pressure = Pressure::Pinned;
    // Baker's card first: he holds, and only he unpins.
    card_next(&mut g, 1);
    g.apply(&Command::Turn, &mut cache, &mut Events::all()).unwrap();
    assert_eq!(g.card_up(), Some(1));
    let e = g.apply(&Command::Move { section: None, to: (2, 3).into() }, &mut cache, &mut Events::all()).unwrap_err();
    assert!(e.reason().contains("Baker is pinned"), "{e}");
    g.apply(&Command::Hold, &mut cache, &mut Events::all()).unwrap();
    assert_eq!((g.soldiers[0].pressure, g.soldiers[1].pressure), (Pressure::Pinned, Pressure::Steady));
    // Able's card: pinned, he may still fire; once his card is over he unpins.
    card_next(&mut g, 0);
    g.apply(&Command::Turn, &mut cache, &mut Events::all()).unwrap();
    let mut events = Events::all();
    g.apply(&Command::Fire { target: Target::Soldier("G1".into()) }, &mut cache, &mut events).unwrap();
    assert_eq!(g.soldiers[0].pressure, Pressure::Steady, "his card is over: he unpins");
    let events = events.into_vec();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Pressure { soldier, pressure } if soldier == "Able" && pressure == "steady"))
    );
}
