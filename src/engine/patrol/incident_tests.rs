//! The incident check (the source's worked example), and the minefield an
//! incident can bring.

use crate::engine::testing::*;

// --- The source's worked example and the incident check -------------------

#[test]
fn incident_need_follows_the_source_example() {
    let mut g = game_on(&["..T", "...", "..."], (0, 2), &squad(2), 1);
    let (open, woods) = (Pos::new(0, 1), Pos::new(2, 0));
    // Open ground 7+; into a wood 6+; into a wood after one earlier incident 5+.
    assert_eq!(g.incident_odds(open).need(), 7);
    assert_eq!(g.incident_odds(woods).need(), 6);
    // "If they had had one previous encounter with the enemy": as written,
    // an encounter counts, a false alarm does not.
    (g.incidents, g.encounters) = (1, 0);
    assert_eq!(g.incident_odds(woods).need(), 6);
    (g.incidents, g.encounters) = (1, 1);
    assert_eq!(g.incident_odds(woods).need(), 5);
    // Earlier incidents count at most twice.
    (g.incidents, g.encounters) = (2, 2);
    assert_eq!(g.incident_odds(woods).need(), 4);
    (g.incidents, g.encounters) = (5, 5);
    assert_eq!(g.incident_odds(woods).need(), 4);
    assert_eq!(g.incident_odds(open).need(), 5);
    let mods = g.incident_odds(woods).modifiers;
    assert_eq!(mods, vec![Modifier::new("woods", -1), Modifier::new("earlier_incidents", -2)]);
}

#[test]
fn false_alarms_count_as_earlier_incidents_only_by_the_house_rule() {
    let mut g = game_on(&["...", "..."], (0, 1), &squad(1), 1);
    g.incidents = 2;
    g.encounters = 1;
    assert_eq!(g.incident_odds(Pos::new(0, 0)).need(), 6);
    Arc::make_mut(&mut g.book).incident.false_alarms_count = true;
    assert_eq!(g.incident_odds(Pos::new(0, 0)).need(), 5);
}

#[test]
fn buildings_lower_the_need_like_woods_and_roads_do_not() {
    let g = game_on(&["B=h,", "...."], (0, 1), &squad(1), 1);
    assert_eq!(g.incident_odds(Pos::new(0, 0)).need(), 6);
    assert_eq!(g.incident_odds(Pos::new(1, 0)).need(), 7);
    assert_eq!(g.incident_odds(Pos::new(2, 0)).need(), 7);
    assert_eq!(g.incident_odds(Pos::new(3, 0)).need(), 7);
}

#[test]
fn every_hex_entered_rolls_the_incident_check() {
    let mut g = game_on(&OPEN, (3, 7), &squad(3), 4);
    let events = g.play(&Command::Move { section: None, to: Pos::new(3, 6) }).unwrap();
    let check = rolls(&events)[0];
    assert_eq!(check.purpose, Purpose::Incident);
    assert_eq!(check.dice.to_string(), "2d6");
    assert_eq!(check.need, Some(7));
    assert_eq!(check.success, Some(check.total >= 7));
    assert_eq!(check.hex, Some(Pos::new(3, 6)));
}

#[test]
fn exact_incident_chances() {
    let g = game_on(&["T."], (1, 0), &squad(1), 1);
    // Woods: 2D6 for 6 or more, 26 of the 36 throws; open ground 7+, 21 of 36.
    let woods = g.incident_odds(Pos::new(0, 0));
    assert_eq!((woods.need(), woods.exact()), (6, Chance::new(26, 36)));
    assert_eq!(g.incident_odds(Pos::new(1, 0)).exact(), Chance::new(21, 36));
    assert_eq!(woods.chance(), 26.0 / 36.0);
}

// --- Minefield ------------------------------------------------------------

#[test]
fn a_minefield_wounds_seriously_and_is_marked() {
    let mut g = game_on(&OPEN, (3, 7), &squad(4), 3);
    let mut events = Events::all();
    g.minefield(Pos::new(3, 7), &mut events);
    let r = rolls(&events)[0];
    assert_eq!(r.purpose, Purpose::Minefield);
    let tri = r.total as usize;
    for k in 0..4 {
        let want = if k % 6 + 1 == tri { State::SeriousWound } else { State::Fit };
        assert_eq!(g.soldiers[k].state, want);
    }
    assert!(g.map.is_minefield(Pos::new(3, 7)));
    // Nobody knowingly walks back into it.
    g.soldiers.iter_mut().for_each(|s| s.state = State::Fit);
    g.play(&Command::Move { section: None, to: Pos::new(3, 6) }).unwrap();
    if matches!(g.phase, Phase::Patrol) {
        let err = g.play(&Command::Move { section: None, to: Pos::new(3, 7) }).unwrap_err();
        assert!(err.reason().contains("minefield"));
    }
}
