//! The article as written against each house rule: every switch of
//! `engine::house` played both ways. The built-in book is the article as
//! written; `with_house` turns a switch on in a game's own copy.

use crate::engine::ruleset::house;
use crate::engine::testing::*;

/// `g` played with house rule `key` set to `on`.
fn with_house(g: &mut Game, key: &str, on: bool) {
    let mut book = (*g.book).clone();
    house::set(&mut book, key, on).unwrap();
    g.book = Arc::new(book);
}

/// Two men at 3,6 on open ground, with house rule `key` set to `on`.
fn pair_with(key: &str, on: bool, seed: u64) -> Game {
    let mut g = game_on(&OPEN, (3, 6), &squad(2), seed);
    with_house(&mut g, key, on);
    g
}

/// An action against a rifleman far off, turned straight to its STOP card:
/// the events of that card.
fn stop_at_once(g: &mut Game) -> Vec<Event> {
    add_enemy(g, "rifle", (0, 0));
    begin_action(g);
    if let Phase::Action(a) = &mut g.phase {
        a.deck = vec![Card::Stop];
    }
    g.play(&Command::Turn).unwrap()
}

fn fire_rolls(events: &[Event]) -> Vec<&Roll> {
    rolls(events).into_iter().filter(|r| r.purpose == dice::Purpose::Fire).collect()
}

fn aim(book: &RuleBook, weapon: &str, distance: u32, cover: book::Cover) -> Result<Odds, String> {
    let w = book.weapon(weapon).unwrap().clone();
    RuleSet::default().aimed(
        book,
        &Aim {
            weapon: &w,
            distance,
            cover,
            first_shot: true,
            veteran: false,
            side: Side::Friendly,
            state: State::Fit,
            dragged: false,
            special: false,
        },
    )
}

#[test]
fn a_first_shot_misses_only_on_a_one_wherever_the_weapon_reaches() {
    let b = book();
    // As written: long range in cover, the shot the table forbids, is a 2+.
    let odds = aim(&b, "rifle", 4, book::Cover::Soft).unwrap();
    assert_eq!((odds.need(), odds.band), (2, Some(Band::Long)));
    assert_eq!(odds.modifiers, vec![Modifier::new("first_shot", -3)]);
    assert_eq!(aim(&b, "mg", 5, book::Cover::Hard).unwrap().need(), 2);
    // Still not past the weapon's reach.
    assert!(aim(&b, "rifle", 5, book::Cover::None).unwrap_err().contains("out of range"));
    // The house rule keeps the table: long in cover cannot be hit, the rest only needs less.
    let mut by_table = (*b).clone();
    house::set(&mut by_table, "first_shot_by_the_table", true).unwrap();
    assert!(aim(&by_table, "rifle", 4, book::Cover::Soft).is_err());
    assert_eq!(aim(&by_table, "rifle", 3, book::Cover::Soft).unwrap().need(), 2);
}

#[test]
fn the_stop_check_counts_earlier_incidents_unless_the_house_rule_says_bare() {
    for (bare, need) in [(false, 5), (true, 7)] {
        let mut g = pair_with("bare_stop_check", bare, 3);
        g.incidents = 2;
        g.encounters = 2;
        let events = stop_at_once(&mut g);
        let check = rolls(&events).into_iter().find(|r| r.purpose == dice::Purpose::Incident).unwrap();
        assert_eq!(check.need, Some(need), "bare_stop_check={bare}");
    }
}

#[test]
fn only_encounters_count_as_earlier_incidents_unless_false_alarms_do() {
    for (count, need) in [(false, 6), (true, 5)] {
        let mut g = pair_with("false_alarms_count", count, 3);
        // Two incidents so far, one of them a false alarm.
        g.incidents = 2;
        g.encounters = 1;
        assert_eq!(g.incident_odds(Pos::new(3, 5)).need(), need, "false_alarms_count={count}");
    }
}

#[test]
fn men_who_come_to_share_a_hex_fight_at_once_and_cannot_walk_away() {
    let mut g = game_on(&OPEN, (3, 6), &squad(2), 5);
    let foe = add_enemy(&mut g, "rifle", (3, 5));
    begin_action(&mut g);
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&Command::Move { section: None, to: Pos::new(3, 5) }).unwrap();
    let fights: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::HandToHand { .. })).collect();
    assert_eq!(fights.len(), 1, "Able fights the man whose hex he entered: {events:?}");
    assert!(!(g.soldiers[0].can_act() && g.soldiers[foe].can_act()) || fights.len() == 1);
}

#[test]
fn a_man_sharing_a_hex_with_an_able_enemy_can_only_fight() {
    // Baker and a rifleman in one hex (as after a tie): on Baker's card,
    // every order but a fight is refused, and says why.
    let mut g = game_on(&OPEN, (3, 6), &squad(2), 5);
    let foe = add_enemy(&mut g, "rifle", (3, 6));
    add_enemy(&mut g, "rifle", (3, 2));
    begin_action(&mut g);
    card_next(&mut g, 1);
    g.play(&Command::Turn).unwrap();
    let before = g.clone();
    for order in [
        Command::Move { section: None, to: Pos::new(3, 5) },
        Command::Hold,
        Command::Fire { target: Target::Soldier("G2".into()) },
    ] {
        let err = g.play(&order).unwrap_err();
        assert!(err.reason().contains("fight hand to hand before anything else (fight G1)"), "{order}: {err}");
        assert_eq!(g, before, "a refused order changes nothing");
    }
    let events = g.play(&Command::Fight { target: g.soldiers[foe].id.clone() }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::HandToHand { .. })));
    // By the house rule he may hold, or walk away.
    let mut g = before.clone();
    with_house(&mut g, "hand_to_hand_by_choice", true);
    g.play(&Command::Move { section: None, to: Pos::new(3, 5) }).unwrap();
}

#[test]
fn a_tie_fights_again_and_every_pair_in_the_hex_fights() {
    // Seeds until the entering man meets two enemies and both fights happen.
    let mut seen_two = false;
    for seed in 0..40 {
        let mut g = game_on(&OPEN, (3, 6), &squad(1), seed);
        add_enemy(&mut g, "rifle", (3, 5));
        add_enemy(&mut g, "rifle", (3, 5));
        begin_action(&mut g);
        card_next(&mut g, 0);
        g.play(&Command::Turn).unwrap();
        let events = g.play(&Command::Move { section: None, to: Pos::new(3, 5) }).unwrap();
        let fights = events.iter().filter(|e| matches!(e, Event::HandToHand { .. })).count();
        // He fights the first; if he is still standing, the second too.
        let first_left_him_up = events.iter().find_map(|e| match e {
            Event::HandToHand { loser, .. } => Some(loser.as_deref() != Some("Able")),
            _ => None,
        });
        assert_eq!(fights, if first_left_him_up == Some(true) { 2 } else { 1 }, "seed {seed}: {events:?}");
        seen_two |= fights == 2;
    }
    assert!(seen_two);
}

#[test]
fn by_the_house_rule_a_man_may_walk_out_of_an_enemys_hex() {
    let mut g = pair_with("hand_to_hand_by_choice", true, 5);
    add_enemy(&mut g, "rifle", (3, 5));
    begin_action(&mut g);
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    let events = g.play(&Command::Move { section: None, to: Pos::new(3, 5) }).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::HandToHand { .. })));
    card_next(&mut g, 0);
    g.play(&Command::Turn).unwrap();
    g.play(&Command::Move { section: None, to: Pos::new(3, 6) }).unwrap();
}

/// A patrol man in woods no enemy can see, and a sniper far off: quiet turns.
fn quiet_game(seed: u64) -> (Game, usize) {
    let rows = ["........", "........", "........", "........", "........", "...T....", "........", "........"];
    let g = game_on(&rows, (3, 5), &squad(1), seed);
    quiet(g)
}

/// `g` with a sniper at 3,0 and no incident at STOP to bring anyone else.
fn quiet(mut g: Game) -> (Game, usize) {
    let mut book = (*g.book).clone();
    book.incident.base = 13;
    g.book = Arc::new(book);
    let sniper = add_enemy(&mut g, "rifle", (3, 0));
    g.soldiers[sniper].stays_put = true;
    begin_action(&mut g);
    (g, sniper)
}

/// Turns cards (the patrol holding) until the action ends or `limit` STOPs.
fn hold_until_over(g: &mut Game, limit: u32) -> Vec<Event> {
    let mut all = Vec::new();
    let mut stops = 0;
    while matches!(g.phase, Phase::Action(_)) && stops < limit {
        let command = if g.card_up().is_some() { Command::Hold } else { Command::Turn };
        let events = g.play(&command).unwrap();
        stops += events.iter().filter(|e| matches!(e, Event::Stop { .. })).count() as u32;
        all.extend(events);
    }
    all
}

#[test]
fn after_quiet_turns_the_enemy_closes_in_and_the_action_goes_on() {
    // The sniper, 5 hexes off a man in the open woods... he cannot see him:
    // the woods hex is cover at long range. After two quiet STOPs he leaves
    // his post and comes in.
    let (mut g, sniper) = quiet_game(7);
    let events = hold_until_over(&mut g, 2);
    assert!(!events.iter().any(|e| matches!(e, Event::ActionEnd { .. })), "{events:?}");
    assert!(g.closing_in(), "two quiet turns: the enemy closes in");
    let before = g.soldiers[sniper].pos.unwrap().distance(Pos::new(3, 5));
    // Turn by turn until his card comes up (a STOP may come first): the
    // action goes on, and on his card he steps nearer.
    let id = g.soldiers[sniper].id.clone();
    let mut events = Vec::new();
    for _ in 0..8 {
        events.extend(hold_until_over(&mut g, 1));
        if events.iter().any(|e| matches!(e, Event::Moved { soldiers, .. } if soldiers[0] == id)) {
            break;
        }
    }
    assert!(!events.iter().any(|e| matches!(e, Event::ActionEnd { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::Moved { soldiers, .. } if soldiers[0] == id)), "{events:?}");
    let after = g.soldiers[sniper].pos.expect("the sniper is still on the map").distance(Pos::new(3, 5));
    assert!(after < before, "he came nearer: {events:?}");
}

#[test]
fn the_action_does_not_end_while_the_enemy_could_still_close_in() {
    // Two quiet turns, then STOP first of the third: the sniper has not
    // had his card, but he could step nearer, so contact is not lost.
    for seed in 0..10 {
        let (mut g, sniper) = quiet_game(seed);
        hold_until_over(&mut g, 2);
        assert!(matches!(g.phase, Phase::Action(_)), "seed {seed}");
        if let Phase::Action(a) = &mut g.phase {
            a.deck.push(Card::Stop);
        }
        let events = g.play(&Command::Turn).unwrap();
        assert!(!events.iter().any(|e| matches!(e, Event::ActionEnd { .. })), "seed {seed}: {events:?}");
        assert!(g.soldiers[sniper].pos.is_some());
    }
}

#[test]
fn the_house_rule_breaks_contact_after_quiet_turns() {
    let (mut g, _) = quiet_game(7);
    with_house(&mut g, "contact_breaks", true);
    let events = hold_until_over(&mut g, 3);
    let reason = events.iter().find_map(|e| match e {
        Event::ActionEnd { reason } => Some(reason.as_str()),
        _ => None,
    });
    assert_eq!(reason, Some("contact broken: nobody could fire"));
}

#[test]
fn an_enemy_that_cannot_close_in_loses_contact() {
    // The sniper across water he cannot cross, the patrol man out of his sight.
    let rows = ["........", "~~~~~~~~", "........", "........", "........", "...T....", "........", "........"];
    let (mut g, _) = quiet(game_on(&rows, (3, 5), &squad(1), 7));
    let events = hold_until_over(&mut g, 10);
    let reason = events.iter().find_map(|e| match e {
        Event::ActionEnd { reason } => Some(reason.as_str()),
        _ => None,
    });
    assert_eq!(reason, Some("contact lost: the enemy cannot close in"), "{events:?}");
}

#[test]
fn every_bearer_spends_a_card_unless_the_house_rule_says_one() {
    for one_card in [false, true] {
        let mut g = game_on(&OPEN, (3, 6), &squad(3), 2);
        with_house(&mut g, "one_bearer_card", one_card);
        add_enemy(&mut g, "rifle", (0, 0));
        g.soldiers[2].state = State::SeriousWound;
        begin_action(&mut g);
        let cards = |g: &Game| match &g.phase {
            Phase::Action(a) => a.deck.iter().filter(|&&c| c == Card::soldier(1)).count(),
            _ => 0,
        };
        let before = cards(&g);
        card_next(&mut g, 0);
        g.play(&Command::Turn).unwrap();
        let events = g.play(&Command::Carry { wounded: "Charlie".into(), to: Pos::new(3, 7) }).unwrap();
        assert_eq!(cards(&g), if one_card { before } else { before - 1 }, "one_bearer_card={one_card}");
        let spent = events.iter().any(|e| matches!(e, Event::CardLost { soldier, .. } if soldier == "Baker"));
        assert_eq!(spent, !one_card);
        // With no card of his left this turn, Baker cannot help again.
        if !one_card {
            if let Phase::Action(a) = &mut g.phase {
                a.deck.retain(|&c| c != Card::soldier(1));
            }
            card_next(&mut g, 0);
            g.play(&Command::Turn).unwrap();
            let err = g.play(&Command::Carry { wounded: "Charlie".into(), to: Pos::new(3, 6) }).unwrap_err();
            assert!(err.reason().contains("with a card still to come this turn"), "{err}");
        }
    }
}

#[test]
fn a_mine_rolled_at_stop_goes_off_only_by_the_house_rule() {
    // Seeds whose STOP check brings a minefield; as written nothing happens.
    let mut seen = 0;
    for seed in 0..400 {
        for mines in [false, true] {
            let mut g = pair_with("mines_at_stop", mines, seed);
            // The default table has no minefield: the earlier one has.
            crate::engine::testing::with_full_table(&mut g);
            g.encounters = 2;
            let events = stop_at_once(&mut g);
            let mine =
                events.iter().any(|e| matches!(e, Event::Incident { name, .. } if name.starts_with("minefield")));
            if !mine {
                continue;
            }
            seen += 1;
            assert_eq!(g.map.is_minefield(Pos::new(3, 6)), mines, "seed {seed}");
            let spent =
                events.iter().any(|e| matches!(e, Event::Incident { name, .. } if name.contains("nothing happens")));
            assert_eq!(spent, !mines);
        }
        // A mine seen both ways, twice, is enough.
        if seen >= 4 {
            break;
        }
    }
    assert!(seen >= 4, "some seeds bring a mine at STOP");
}

#[test]
fn a_radio_calls_fire_only_by_the_house_rule() {
    let mut g = game_on(&OPEN, (3, 6), &squad(2), 1);
    g.radio = true;
    assert!(!g.radio(), "as written there is no radio");
    with_house(&mut g, "radio", true);
    assert!(g.radio());
}

#[test]
fn as_written_a_vehicle_fights_on_after_its_turns() {
    use crate::engine::ruleset::lone_warrior::arsenal::Damage;
    for pulls_back in [false, true] {
        let mut g = game_on(&OPEN, (3, 7), &squad(2), 2);
        with_house(&mut g, "vehicles_pull_back", pulls_back);
        let v = add_enemy(&mut g, "mg", (3, 3));
        g.soldiers[v].vehicle = Some(ruleset::lone_warrior::vehicle::Vehicle {
            kind: "armoured_car".into(),
            facing: 3,
            damage: Damage::Light,
            turns: 5,
            hurt: Default::default(),
        });
        begin_action(&mut g);
        card_next(&mut g, v);
        let events = g.play(&Command::Turn).unwrap();
        let fired = !fire_rolls(&events).is_empty();
        let moved_away = g.soldiers[v].pos.is_none_or(|p| p.distance(Pos::new(3, 7)) > 4);
        assert_eq!((fired, moved_away), (!pulls_back, pulls_back), "vehicles_pull_back={pulls_back}: {events:?}");
    }
}

/// Lone Warrior has no activation test, no reactions to fire and no rally:
/// whatever a man's wounds and whatever fire he were under, he may move and
/// fire, and no die is thrown for any of these questions.
#[test]
fn lone_warrior_has_no_activation_reaction_or_rally() {
    use crate::engine::ruleset::{Deed, LoneWarrior, Pressure, Rules};
    let mut g = default_game(3);
    let book = g.book().clone();
    let states = [State::Fit, State::FleshWound, State::KnockedOver, State::SeriousWound, State::Dead];
    for pressure in [Pressure::Steady, Pressure::Suppressed(2), Pressure::Pinned] {
        for state in states {
            let mut man = g.soldiers[0].clone();
            (man.pressure, man.state) = (pressure, state);
            let before = g.dice.clone();
            assert!(LoneWarrior.may(&book, &man, Deed::Move) && LoneWarrior.may(&book, &man, Deed::Fire));
            assert!(LoneWarrior.activate(&book, &mut g.dice, &man).is_none());
            assert!(LoneWarrior.under_fire(&book, &mut g.dice, &man, true).is_none());
            assert!(LoneWarrior.under_fire(&book, &mut g.dice, &man, false).is_none());
            assert!(LoneWarrior.rally(&book, &mut g.dice, &man).is_none());
            assert_eq!(g.dice, before, "no die is thrown");
        }
    }
}
