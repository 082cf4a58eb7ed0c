//! The tactical action: the deck, the cards turned, and what men on both
//! sides do on them.

use crate::engine::testing::*;

// --- The deck -------------------------------------------------------------

#[test]
fn the_deck_is_two_cards_per_able_man_and_stop() {
    let mut g = game_on(&OPEN, (3, 7), &squad(5), 8);
    g.soldiers[4].state = State::SeriousWound;
    add_enemy(&mut g, "rifle", (3, 2));
    add_enemy(&mut g, "mg", (4, 2));
    let down = add_enemy(&mut g, "rifle", (5, 2));
    g.soldiers[down].state = State::KnockedOver;
    let events = begin_action(&mut g);
    let Event::Deck { size, composition, .. } = &events[0] else { panic!("deck event first") };
    assert_eq!(*size, 2 * (4 + 2) + 1);
    assert_eq!(composition.get("STOP"), Some(1));
    assert_eq!(composition.get("Able"), Some(2));
    assert_eq!(composition.get("Easy"), None);
    assert_eq!(composition.get("G3"), None);
    assert_eq!(composition.total() as usize, *size);
}

#[test]
fn a_stop_card_ends_the_turn_checks_for_incidents_and_deals_again() {
    let mut g = game_on(&OPEN, (3, 7), &squad(2), 11);
    add_enemy(&mut g, "rifle", (3, 2));
    begin_action(&mut g);
    if let Phase::Action(a) = &mut g.phase {
        a.deck.push(Card::Stop);
    }
    let events = g.play(&Command::Turn).unwrap();
    assert_eq!(events[0], Event::Card { card: "STOP".into(), side: "none".into() });
    assert_eq!(events[1], Event::Stop { turn: 1 });
    let check = rolls(&events)[0];
    assert_eq!((check.purpose, check.need), (Purpose::Incident, Some(7)));
    assert!(check.modifiers.as_ref().unwrap().is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::Deck { .. })) || !matches!(g.phase, Phase::Action(_)));
}

#[test]
fn a_friendly_card_waits_for_an_order() {
    let mut g = game_on(&OPEN, (3, 7), &squad(2), 11);
    add_enemy(&mut g, "rifle", (3, 1));
    begin_action(&mut g);
    card_next(&mut g, 1);
    let events = g.play(&Command::Turn).unwrap();
    assert_eq!(events, vec![Event::Card { card: "Baker".into(), side: "friendly".into() }]);
    assert_eq!(g.card_up(), Some(1));
    let before = g.clone();
    let up = g.play(&Command::Turn).unwrap_err();
    assert!(matches!(&up, RuleError::NotNow(r) if r.contains("Baker's card is up")), "{up:?}");
    assert!(g.play(&Command::Move { section: None, to: Pos::new(0, 0) }).is_err());
    assert_eq!(g, before);
    assert_eq!(g.play(&Command::Hold).unwrap(), vec![Event::Hold { soldier: "Baker".into() }]);
    assert_eq!(g.card_up(), None);
}

#[test]
fn a_down_mans_card_passes() {
    let mut g = game_on(&OPEN, (3, 7), &squad(2), 11);
    add_enemy(&mut g, "rifle", (3, 1));
    begin_action(&mut g);
    g.soldiers[1].state = State::KnockedOver;
    card_next(&mut g, 1);
    let events = g.play(&Command::Turn).unwrap();
    assert_eq!(events[1], Event::CardLost { soldier: "Baker".into(), reason: "knocked over".into() });
    assert_eq!(g.card_up(), None);
}

#[test]
fn two_fit_men_carry_a_seriously_wounded_comrade() {
    let mut g = game_on(&OPEN, (3, 7), &squad(3), 11);
    add_enemy(&mut g, "rifle", (3, 0));
    g.soldiers[2].state = State::SeriousWound;
    begin_action(&mut g);
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&"carry Charlie 3,6".parse().unwrap()).unwrap();
    // As written Baker, the second bearer, spends a card too.
    assert!(matches!(&events[0], Event::CardLost { soldier, .. } if soldier == "Baker"), "{events:?}");
    assert_eq!(
        events[1],
        Event::Carried {
            wounded: "Charlie".into(),
            bearers: vec!["Able".into(), "Baker".into()],
            from: Pos::new(3, 7),
            to: Pos::new(3, 6)
        }
    );
    assert!((0..3).all(|i| g.soldiers[i].pos == Some(Pos::new(3, 6))));
}

#[test]
fn enemy_patrol_closes_in_by_cover() {
    let mut g =
        game_on(&["........", "........", "....T...", "........", "........", "........"], (4, 5), &squad(1), 1);
    let e = add_enemy(&mut g, "rifle", (4, 0));
    begin_action(&mut g);
    card_next(&mut g, e);
    let events = g.play(&Command::Turn).unwrap();
    // Out of rifle range (5 hexes): he steps nearer, and a wood is nearer only by a step later.
    assert!(matches!(events[1], Event::Moved { .. }), "{events:?}");
    assert_eq!(g.soldiers[e].pos.unwrap().distance(Pos::new(4, 5)), 4);
}
