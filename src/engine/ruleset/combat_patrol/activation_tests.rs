//! A man's card as the article's "fire and combat move" activation: a shot
//! and a move of one hex in either order, a shot after the move a snap fire
//! by the standard method, the article's fire-then-reload example, a drag
//! as the move half of two cards, and the house rule `one_deed_a_card`.

use std::sync::Arc;

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::RuleSet;
use crate::engine::testing::{OPEN, Play, add_enemy, begin_action, book, card_next, member, test_scenario};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::State;

/// Able (rifle), Baker (the MG, its belt spent) and Cole (rifle) at 3,6,
/// and a German rifleman, G1, two hexes off at 3,4; house rules `on`.
fn squad_against_one(on: &[&str]) -> Game {
    let mut b = (*book()).clone();
    for key in on {
        crate::engine::ruleset::house::set(&mut b, key, true).unwrap();
    }
    let men = vec![
        member("Able", "Pvt", "rifle", None),
        member("Baker", "Pvt", "mg", None),
        member("Cole", "Pvt", "rifle", None),
    ];
    let scenario = test_scenario(RuleSet::CombatPatrol, &OPEN, (3, 6), men);
    let mut g = Game::new(Arc::new(b), &scenario, 7).expect("a valid test scenario");
    add_enemy(&mut g, "rifle", (3, 4));
    g.soldiers[1].kit.combat_patrol_mut().spent = 4;
    begin_action(&mut g);
    g
}

/// Soldier `i`'s card turned up.
fn card_up(g: &mut Game, i: usize) {
    card_next(g, i);
    g.play(&"turn".parse().unwrap()).unwrap();
    assert_eq!(g.card_up(), Some(i));
}

fn order(g: &mut Game, order: &str) -> Result<Vec<Event>, String> {
    g.play(&order.parse().unwrap()).map_err(|e| e.to_string())
}

/// The article's example: a man beside an empty machine gun fires, then
/// spends the move part of his activation to reload it; his card is then over.
#[test]
fn a_man_fires_then_helps_reload_on_one_card() {
    let mut g = squad_against_one(&[]);
    card_up(&mut g, 0);
    let shot = order(&mut g, "fire G1").unwrap();
    assert!(shot.iter().any(|e| matches!(e, Event::Roll(r) if r.purpose == Purpose::CpFire)), "{shot:?}");
    assert_eq!(g.card_up(), Some(0), "his card stays up for its move half");
    let again = order(&mut g, "fire G1").unwrap_err();
    assert!(again.contains("has fired on this card"), "{again}");
    let reload = order(&mut g, "reload Baker").unwrap();
    assert!(reload.iter().any(|e| matches!(e, Event::Reload { by, .. } if by.as_str() == "Able")), "{reload:?}");
    assert_eq!(g.soldiers[1].kit.combat_patrol().reloaded, 1, "one of the belt's three actions");
    assert_eq!(g.card_up(), None, "both halves spent: the card is over");
}

/// A shot after the move is a snap fire: the standard method only.
#[test]
fn a_shot_after_the_move_is_a_snap_fire_by_the_standard_method() {
    let mut g = squad_against_one(&[]);
    card_up(&mut g, 0);
    order(&mut g, "move 3,5").unwrap();
    assert_eq!(g.card_up(), Some(0), "his card stays up for its fire half");
    let step = order(&mut g, "move 3,6").unwrap_err();
    assert!(step.contains("has made his combat move"), "{step}");
    let spray = order(&mut g, "fire G1 special").unwrap_err();
    assert!(spray.contains("snap fire"), "{spray}");
    order(&mut g, "fire G1").unwrap();
    assert_eq!(g.card_up(), None);
    // Fired first, his move is still his, and his shot was no snap fire.
    card_up(&mut g, 2);
    order(&mut g, "fire G1 special").unwrap();
    order(&mut g, "move 3,5").unwrap();
    assert_eq!(g.card_up(), None);
}

/// His own gun takes the whole card to reload: not after he has moved.
#[test]
fn reloading_his_own_gun_takes_the_gunners_whole_card() {
    let mut g = squad_against_one(&[]);
    card_up(&mut g, 1);
    order(&mut g, "move 3,5").unwrap();
    let half = order(&mut g, "reload").unwrap_err();
    assert!(half.contains("takes the whole"), "{half}");
    order(&mut g, "hold").unwrap();
    card_up(&mut g, 1);
    order(&mut g, "reload").unwrap();
    assert_eq!(g.card_up(), None, "a whole card spent");
    assert_eq!(g.soldiers[1].kit.combat_patrol().reloaded, 1);
}

/// A drag is the move half of this card and of the dragger's next, and the
/// man dragged fires one worse this turn.
#[test]
fn a_drag_takes_two_move_halves_and_the_man_dragged_fires_one_worse() {
    let mut g = squad_against_one(&[]);
    g.soldiers[2].state = State::LightWound;
    card_up(&mut g, 0);
    let carried = order(&mut g, "carry Cole 3,7").unwrap();
    assert!(carried.iter().any(|e| matches!(e, Event::Carried { .. })), "{carried:?}");
    assert_eq!((g.soldiers[0].pos, g.soldiers[2].pos), (Some(Pos::new(3, 7)), Some(Pos::new(3, 7))));
    assert_eq!(g.card_up(), Some(0), "his fire half is left");
    let spray = order(&mut g, "fire G1 special").unwrap_err();
    assert!(spray.contains("snap fire"), "{spray}");
    order(&mut g, "hold").unwrap();
    // His next card: the drag has its move half.
    card_up(&mut g, 0);
    let step = order(&mut g, "move 3,6").unwrap_err();
    assert!(step.contains("has made his combat move"), "{step}");
    order(&mut g, "fire G1").unwrap();
    assert_eq!(g.card_up(), None);
    // Cole, lightly wounded and dragged this turn: one worse for each.
    card_up(&mut g, 2);
    let shot = order(&mut g, "fire G1").unwrap();
    let mods: Vec<String> = shot
        .iter()
        .find_map(|e| match e {
            Event::Roll(r) if r.purpose == Purpose::CpFire => {
                Some(r.modifiers.iter().flatten().map(|m| m.name.to_string()).collect())
            }
            _ => None,
        })
        .expect("a shot");
    assert!(mods.contains(&"light_wound".to_string()) && mods.contains(&"dragged".to_string()), "{mods:?}");
}

/// Under `one_deed_a_card` a card is one deed, as hexpatrol played it.
#[test]
fn by_the_house_rule_a_card_is_one_deed() {
    let mut g = squad_against_one(&["one_deed_a_card"]);
    card_up(&mut g, 0);
    order(&mut g, "fire G1").unwrap();
    assert_eq!(g.card_up(), None, "the shot ends his card");
    card_up(&mut g, 0);
    order(&mut g, "move 3,5").unwrap();
    assert_eq!(g.card_up(), None, "the step ends his card");
}
