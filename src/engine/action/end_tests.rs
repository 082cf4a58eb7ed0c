//! The casualty table and hand-to-hand, at their edges and in play.

use crate::engine::testing::*;

#[test]
fn casualty_table_at_its_edges() {
    let b = book();
    let expected = [Wound::Flesh, Wound::Flesh, Wound::Serious, Wound::Serious, Wound::Dead, Wound::Dead];
    for (face, wound) in (1..=6).zip(expected) {
        assert_eq!(b.wound_for(face), Some(wound), "face {face}");
    }
    assert_eq!(b.wound_for(0), None);
    assert_eq!(b.wound_for(7), None);
}

#[test]
fn hand_to_hand_by_difference() {
    let b = book();
    assert_eq!(melee_outcome(&b, 0), Melee::Tie);
    assert_eq!(melee_outcome(&b, 1), Melee::KnockedOut);
    assert_eq!(melee_outcome(&b, 2), Melee::KnockedOut);
    assert_eq!(melee_outcome(&b, 3), Melee::Killed);
    assert_eq!(melee_outcome(&b, 5), Melee::Killed);
}

#[test]
fn hand_to_hand_in_play_matches_the_dice() {
    for seed in 0..30 {
        let mut g = game_on(&OPEN, (3, 7), &squad(2), seed);
        add_enemy(&mut g, "rifle", (3, 7));
        begin_action(&mut g);
        card_next(&mut g, 0);
        g.play(&Command::Turn).unwrap();
        // Fire into one's own hex is refused; fight instead.
        assert!(g.play(&Command::Fire { target: Target::Soldier("G1".into()) }).is_err());
        let events = g.play(&Command::Fight { target: "G1".into() }).unwrap();
        let r = rolls(&events);
        assert_eq!((r[0].purpose, r[1].purpose), (Purpose::HandToHand, Purpose::HandToHand));
        let diff = r[0].total.abs_diff(r[1].total);
        let Some(Event::HandToHand { outcome, difference, loser, .. }) =
            events.iter().find(|e| matches!(e, Event::HandToHand { .. }))
        else {
            panic!("no hand_to_hand event")
        };
        assert_eq!(*difference, diff);
        let expected = match diff {
            0 => "tie",
            1 | 2 => "knocked_out",
            _ => "killed",
        };
        assert_eq!(outcome, expected);
        assert_eq!(loser.is_none(), diff == 0);
        if diff >= 3 {
            let l = g.find(loser.as_ref().unwrap()).unwrap();
            assert_eq!(g.soldiers[l].state, State::Dead);
        }
    }
}

#[test]
fn casualties_are_rolled_for_both_sides_when_the_action_ends() {
    let mut g = game_on(&OPEN, (3, 7), &squad(2), 9);
    let e = add_enemy(&mut g, "rifle", (3, 3));
    begin_action(&mut g);
    g.soldiers[1].state = State::KnockedOver;
    g.soldiers[e].state = State::KnockedOver;
    let mut events = Events::all();
    assert!(g.check_action_over(&mut events));
    let cas: Vec<_> = rolls(&events).into_iter().filter(|r| r.purpose == Purpose::Casualty).collect();
    assert_eq!(cas.len(), 2);
    assert_eq!(cas[0].soldier.as_deref(), Some("Baker"));
    assert_eq!(cas[1].soldier.as_deref(), Some("G1"));
    let want = |face: u32| match face {
        1 | 2 => State::FleshWound,
        3 | 4 => State::SeriousWound,
        _ => State::Dead,
    };
    assert_eq!(g.soldiers[1].state, want(cas[0].total));
    assert_eq!(g.soldiers[e].state, want(cas[1].total));
    assert!(matches!(g.phase, Phase::Patrol));
}
