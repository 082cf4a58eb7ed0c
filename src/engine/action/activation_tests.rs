//! European Battlefield's priority phase in the loop: the deck laid out by
//! the side that won it, squad by squad; a squad rolling once to act; and
//! the command points spent on a rally, a longer move and a second round of
//! fire, one a squad.

use crate::engine::ruleset::RuleSet;
use crate::engine::testing::*;
use crate::engine::vocabulary::command::PointUse;
use crate::engine::vocabulary::command::{Command, Target};
use crate::engine::vocabulary::soldier::Pressure;

/// A European Battlefield game on open ground: the patrol's men, each
/// (name, rank, squad), at 4,7; two Germans of one squad at 4,3 and 5,3.
fn european_game(seed: u64) -> Game {
    european_game_on(&OPEN, seed)
}

/// The same on the map `rows`.
fn european_game_on(rows: &[&str], seed: u64) -> Game {
    let men = [("Hale", "Sgt", 1), ("Lucas", "Pvt", 1), ("Weiss", "Pvt", 1), ("Reyes", "Lt", 2)];
    let squad = men.iter().map(|&(n, rank, s)| member(n, rank, "rifle", Some(s))).collect();
    let rules = RuleSet::named("EuropeanBattlefield").expect("European Battlefield is built in");
    let scenario = test_scenario(rules, rows, (4, 7), squad);
    let mut g = Game::new(book(), &scenario, seed).expect("a European Battlefield test scenario");
    for at in [(4, 3), (5, 3)] {
        let e = add_enemy(&mut g, "rifle", at);
        g.soldiers[e].squad = Some(7);
    }
    g
}

/// A game whose first turn the side `side` won, with at least `points`.
fn won_by(side: Side, points: u8) -> (Game, Vec<Event>) {
    (1..200)
        .map(|seed| {
            let mut g = european_game(seed);
            let events = begin_action(&mut g);
            (g, events)
        })
        .find(|(g, _)| g.command_points().is_some_and(|(s, p)| s == side && p >= points))
        .expect("some seed gives it")
}

fn deck(g: &Game) -> Vec<Option<usize>> {
    match &g.phase {
        Phase::Action(a) => a.deck.iter().rev().map(|c| c.owner()).collect(),
        _ => panic!("in an action"),
    }
}

#[test]
fn the_side_that_wins_priority_turns_its_cards_first_squad_by_squad_then_stop() {
    let (g, events) = won_by(Side::Friendly, 1);
    // Hale leads squad 1, Reyes is squad 2, then the Germans, then STOP.
    assert_eq!(deck(&g), [Some(0), Some(1), Some(2), Some(3), Some(4), Some(5), None]);
    let (side, points) = g.command_points().unwrap();
    assert!(
        events.iter().any(|e| matches!(e, Event::Priority { side: s, points: p } if s == "friendly" && *p == points))
    );
    let throw = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Roll(r) if r.purpose == Purpose::EbPriority => Some(r.clone()),
            _ => None,
        })
        .unwrap();
    // One a squad: the patrol has two.
    assert_eq!((side, points), (Side::Friendly, (throw.faces[0] - throw.faces[1]).min(2)), "{throw:?}");
    let (g, _) = won_by(Side::Enemy, 1);
    assert_eq!(deck(&g), [Some(4), Some(5), Some(0), Some(1), Some(2), Some(3), None]);
}

#[test]
fn a_squad_rolls_once_a_turn_to_act_and_the_roll_holds_for_every_man_of_it() {
    let (mut g, _) = won_by(Side::Friendly, 1);
    let hale = g.play(&Command::Turn).unwrap();
    let rolled = |events: &[Event]| {
        events.iter().filter(|e| matches!(e, Event::Roll(r) if r.purpose == Purpose::EbActivation)).count()
    };
    assert_eq!(rolled(&hale), 1, "the squad's first card rolls");
    let leave = match &g.phase {
        Phase::Action(a) => a.leave,
        _ => unreachable!(),
    };
    g.play(&Command::Hold).unwrap();
    let lucas = g.play(&Command::Turn).unwrap();
    assert_eq!(g.card_up(), Some(1));
    assert_eq!(rolled(&lucas), 0, "the rest of the squad rolls nothing");
    match &g.phase {
        Phase::Action(a) => assert_eq!(a.leave, leave, "Hale's roll holds for Lucas"),
        _ => unreachable!(),
    }
    g.play(&Command::Hold).unwrap();
    g.play(&Command::Turn).unwrap();
    g.play(&Command::Hold).unwrap();
    let reyes = g.play(&Command::Turn).unwrap();
    assert_eq!((g.card_up(), rolled(&reyes)), (Some(3), 1), "squad 2 rolls its own");
}

#[test]
fn a_command_point_lifts_a_suppression_once_a_squad_and_is_the_winners_alone() {
    let (mut g, _) = won_by(Side::Friendly, 2);
    let mut cache = Cache::new();
    let points = g.command_points().unwrap().1;
    g.play(&Command::Turn).unwrap();
    let rally = Command::Spend { on: PointUse::Rally };
    let e = g.apply(&rally, &mut cache, &mut Events::all()).unwrap_err();
    assert!(e.reason().contains("no suppression"), "{e}");
    for i in 0..3 {
        g.soldiers[i].pressure = Pressure::Pinned;
    }
    let events = g.play(&rally).unwrap();
    assert!(events.iter().any(
        |e| matches!(e, Event::CommandPoint { on, points_left, .. } if on == "rally" && *points_left == points - 1)
    ));
    assert!(g.soldiers[..3].iter().all(|s| s.pressure == Pressure::Suppressed(2)), "pinned is three suppressions");
    assert_eq!(g.card_up(), Some(0), "his card is still up for his order");
    let e = g.apply(&rally, &mut cache, &mut Events::all()).unwrap_err();
    assert!(e.reason().contains("a squad spends one a turn"), "{e}");
    // The enemy's points are not the patrol's.
    let (mut g, _) = won_by(Side::Enemy, 1);
    while g.card_up().is_none() {
        g.play(&Command::Turn).unwrap();
    }
    let e = g.apply(&Command::Spend { on: PointUse::Move }, &mut cache, &mut Events::all()).unwrap_err();
    assert!(e.reason().contains("the enemy won priority"), "{e}");
}

/// The first game (by seed) whose first turn the patrol won and whose
/// leader's first card, turned, passes `ok`.
pub(in crate::engine) fn hale_up(ok: impl Fn(&Game) -> bool) -> Game {
    hale_up_on(&OPEN, ok)
}

/// `hale_up` on the map `rows`.
pub(in crate::engine) fn hale_up_on(rows: &[&str], ok: impl Fn(&Game) -> bool) -> Game {
    (1..400)
        .filter_map(|seed| {
            let mut g = european_game_on(rows, seed);
            begin_action(&mut g);
            (g.command_points()?.0 == Side::Friendly).then_some(g)
        })
        .find_map(|mut g| {
            g.play(&Command::Turn).unwrap();
            ok(&g).then_some(g)
        })
        .expect("some seed gives it")
}

#[test]
fn a_command_point_on_the_move_gives_the_squad_half_a_move_more() {
    let mut g = hale_up(|g| g.may(0, crate::engine::ruleset::Deed::Move));
    g.play(&Command::Spend { on: PointUse::Move }).unwrap();
    for to in [(4, 6), (4, 5), (4, 4)] {
        g.play(&Command::Move { section: None, to: to.into() }).unwrap();
        // A save here holds a move of three steps.
        g.check_consistent().unwrap();
    }
    assert_eq!(g.soldiers[0].pos, Some((4, 4).into()), "three hexes, not two");
    let e = g.play(&Command::Move { section: None, to: (4, 3).into() }).unwrap_err();
    assert!(e.reason().contains("used the move"), "and no more: {e}");
    // Without the point, two.
    let mut g = hale_up(|g| g.may(0, crate::engine::ruleset::Deed::Move));
    for to in [(4, 6), (4, 5)] {
        g.play(&Command::Move { section: None, to: to.into() }).unwrap();
    }
    assert!(g.play(&Command::Move { section: None, to: (4, 4).into() }).is_err());
}

#[test]
fn a_command_point_on_fire_makes_the_squads_fire_two_rounds() {
    // Seeds whose first round leaves a German standing: the second round fires.
    let mut twice = 0;
    for seed in 1..60 {
        let mut g = european_game(seed);
        begin_action(&mut g);
        if g.command_points().is_none_or(|(side, _)| side != Side::Friendly) {
            continue;
        }
        g.play(&Command::Turn).unwrap();
        g.play(&Command::Spend { on: PointUse::Fire }).unwrap();
        let events = g.play(&Command::Fire { target: Target::Soldier("G1".into()) }).unwrap();
        // The fire dice of each round: Hale, Lucas and Weiss throw in both.
        let rounds: Vec<usize> = events
            .split(|e| matches!(e, Event::SquadFire { .. }))
            .skip(1)
            .map(|round| round.iter().filter(|e| matches!(e, Event::Roll(r) if r.purpose == Purpose::EbFire)).count())
            .collect();
        let standing = |k: usize| g.soldiers[k].can_act() && g.soldiers[k].pos.is_some();
        match rounds.as_slice() {
            [3, 3] => twice += 1,
            [3] => assert!(!standing(4) && !standing(5), "seed {seed}: one round, and the Germans still stand"),
            other => panic!("seed {seed}: rounds of {other:?} dice"),
        }
        assert!(g.play(&Command::Spend { on: PointUse::Fire }).is_err(), "the card is over");
    }
    assert!(twice >= 5, "{twice} seeds fired two rounds");
}

/// The second round of a command point goes, when the squad fired at is
/// down, at the squad of the man the firers' leader has the best shot at:
/// the point is not spent for nothing while a target stands in reach.
#[test]
fn a_second_round_with_its_squad_down_fires_at_the_next_squad() {
    let mut moved_on = 0;
    for seed in 1..200 {
        let mut g = european_game(seed);
        let other = add_enemy(&mut g, "rifle", (6, 3));
        g.soldiers[other].squad = Some(8);
        begin_action(&mut g);
        if g.command_points().is_none_or(|(side, _)| side != Side::Friendly) {
            continue;
        }
        g.play(&Command::Turn).unwrap();
        if g.card_up() != Some(0) {
            continue;
        }
        g.play(&Command::Spend { on: PointUse::Fire }).unwrap();
        let events = g.play(&Command::Fire { target: Target::Soldier("G1".into()) }).unwrap();
        let volleys: Vec<&Vec<Name>> = events
            .iter()
            .filter_map(|e| match e {
                Event::SquadFire { targets, .. } => Some(targets),
                _ => None,
            })
            .collect();
        let g3 = g.soldiers[other].id.clone();
        assert!(!volleys[0].contains(&g3), "seed {seed}: the first round is at G1's squad: {volleys:?}");
        let squad_down = [4, 5].iter().all(|&k| !g.soldiers[k].can_act());
        match volleys.get(1) {
            Some(second) if second.contains(&g3) => {
                moved_on += 1;
                // Only once the first round had put G1's squad down: each of
                // its men hit, killed or gone (routed off) before it.
                let before: Vec<&Event> = events
                    .iter()
                    .take_while(|e| !matches!(e, Event::SquadFire { targets, .. } if targets.contains(&g3)))
                    .collect();
                for man in ["G1", "G2"] {
                    let down = before.iter().any(|e| match e {
                        Event::Hit { soldier, .. } | Event::Killed { soldier, .. } => soldier == man,
                        Event::Gone { soldiers } => soldiers.iter().any(|s| s == man),
                        _ => false,
                    });
                    assert!(down, "seed {seed}: {man} stood when the second round moved on: {events:?}");
                }
            }
            Some(_) => {}
            None => {
                assert!(squad_down && !g.soldiers[other].can_act(), "seed {seed}: a target stood, but no second round")
            }
        }
    }
    assert!(moved_on >= 1, "no seed's second round moved on to the next squad");
}
