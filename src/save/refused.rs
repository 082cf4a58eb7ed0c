//! Hand-edited saves that the engine could not play on from, each refused
//! by the loader (and so by `check`) with what is wrong.

use std::path::Path;

use super::*;
use crate::engine::book::scenario::{Encounter, Objective};
use crate::engine::{Card, Game, Phase, Pos, Side};
use crate::rules::Unsound;

fn mid_action() -> (String, Campaign) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v1/bocage-mid-action.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let c = parse(&path, &text).unwrap().campaign;
    (text, c)
}

/// The loader's refusal of the campaign as edited by `edit`.
fn refused(c: Campaign) -> SaveError {
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap();
    parse(Path::new("e.ron"), &text).unwrap_err()
}

/// The words of what the engine's check finds in the campaign as edited by
/// `edit`: a save that does not hold together, refused as such.
fn refusal(edit: impl FnOnce(&mut Game)) -> String {
    let (_, mut c) = mid_action();
    edit(c.patrol.as_mut().unwrap());
    let e = refused(c);
    assert!(matches!(&e, SaveError::Unsound { why, .. } if matches!(**why, Unsound::Engine(_))), "{e:?}");
    e.to_string()
}

/// A change made to the game before it is saved.
type Edit = Box<dyn FnOnce(&mut Game)>;

fn water(g: &Game) -> Pos {
    g.map().hexes().find(|p| !g.map().passable(g.book(), *p)).expect("the map has water")
}

#[test]
fn a_game_that_does_not_hold_together_is_refused() {
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|g| {
                let e = g.soldiers().iter().position(|s| s.side == Side::Enemy).unwrap();
                g.sections_mut()[0].members.push(e);
            }),
            "is an enemy in section",
        ),
        (Box::new(|g| g.sections_mut().clear()), "no section"),
        (
            Box::new(|g| {
                if let Phase::Action(a) = g.phase_mut() {
                    a.deck.retain(|c| *c != Card::Stop);
                    a.turned.retain(|c| *c != Card::Stop);
                }
            }),
            "0 STOP cards",
        ),
        (
            Box::new(|g| {
                if let Phase::Action(a) = g.phase_mut() {
                    a.deck.extend([Card::Stop, Card::Stop]);
                }
            }),
            "3 STOP cards",
        ),
        (Box::new(|g| *g.objective_mut() = Objective::Reach(Pos::new(99, 3))), "objective 99,3 is off the map"),
        (Box::new(|g| *g.objective_mut() = Objective::Reach(water(g))), "cannot be entered"),
        (Box::new(|g| *g.objective_mut() = Objective::Reconnoitre(Vec::new())), "names no hex"),
        (Box::new(|g| *g.visited_mut() = vec![Pos::new(-1, 0)]), "no hex of the objective"),
        (Box::new(|g| g.soldiers_mut()[0].pos = None), "not on the map"),
        (Box::new(|g| g.soldiers_mut()[0].pos = Some(water(g))), "where nobody can be"),
        (Box::new(|g| *g.phase_mut() = Phase::Patrol), "yet no action is under way"),
        (
            Box::new(|g| {
                g.waiting_mut().push(Encounter {
                    at: Pos::new(1, 1),
                    group: "patrol".into(),
                    min: 3,
                    max: 2,
                    carrying: None,
                })
            }),
            "placed 3 to 2 hexes away",
        ),
    ];
    for (edit, want) in cases {
        let e = refusal(edit);
        assert!(e.contains("does not hold together") && e.contains(want), "wanted '{want}': {e}");
    }
}

/// What the engine keeps true between cards and between moves, broken by
/// hand: a man acting on a card that is not the one turned, and in patrol
/// movement a section spread over two hexes, or a man of the patrol on the
/// map in none (who could never move again).
#[test]
fn cards_and_sections_out_of_step_are_refused() {
    let e = refusal(|g| {
        let up = g.card_up().expect("a card is up in this fixture");
        let other = (0..9).find(|&k| k != up && g.soldiers()[k].can_act()).unwrap();
        if let Phase::Action(a) = g.phase_mut() {
            a.up = Some(other);
        }
    });
    assert!(e.contains("card is up, but it is not the card turned last"), "{e}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v2/bocage-patrol1-start.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let moving = parse(&path, &text).unwrap().campaign;
    assert!(matches!(moving.patrol.as_ref().unwrap().phase(), Phase::Patrol));
    let patrol_refusal = |edit: Edit| {
        let mut c = moving.clone();
        edit(c.patrol.as_mut().unwrap());
        let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap();
        parse(Path::new("e.ron"), &text).unwrap_err().to_string()
    };
    let apart = patrol_refusal(Box::new(|g| {
        let at = g.soldiers()[1].pos.unwrap();
        g.soldiers_mut()[1].pos = Some(at.neighbours().into_iter().find(|p| g.map().passable(g.book(), *p)).unwrap());
    }));
    assert!(apart.contains("Baker of section A stands apart from the section's hex"), "{apart}");
    let alone = patrol_refusal(Box::new(|g| g.sections_mut()[0].members.retain(|&i| i != 2)));
    assert!(alone.contains("Ruiz is on the map, yet in no section"), "{alone}");
}

/// Counts that play would carry past a limit, or wrap, are refused on
/// reading: a save that loads never becomes one that does not by play.
#[test]
fn counts_play_would_carry_too_far_are_refused() {
    let (text, _) = mid_action();
    for (from, to, want) in [
        ("next_enemy: 3,", "next_enemy: 4294967295,", "next_enemy 4294967295 is more than"),
        ("finished: 0,", "finished: 1000000,", "1000000 patrols finished"),
        ("finished: 0,", "finished: 9999,", "patrols finished and"),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "{from}");
        let e = parse(Path::new("e.ron"), &edited).unwrap_err().to_string();
        assert!(e.contains(want), "wanted '{want}': {e}");
    }
}

/// A save that would pass the size limit is refused before it is written,
/// with a message, and the file on disk is the last good one.
#[test]
fn a_save_past_the_size_limit_is_not_written() {
    let (text, c) = mid_action();
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c };
    let written = to_text(&save).unwrap();
    assert!(writable_within(Path::new("big.ron"), &save, written.len() as u64).is_ok());
    let limit = written.len() as u64 - 1;
    let e = writable_within(Path::new("big.ron"), &save, limit).unwrap_err();
    let why = Refusal::TooBig { bytes: written.len(), limit };
    assert_eq!(e, SaveError::Refused { path: "big.ron".into(), why });
    let e = e.to_string();
    assert!(e.contains("not saved") && e.contains("more than the") && e.contains("last good save is kept"), "{e}");
    assert!(text.len() as u64 <= crate::rules::MAX_FILE_BYTES);
}

/// The roster is checked as a squad once (with the first patrol to come),
/// not with every patrol: a man of it with a name no squad may have is
/// still refused.
#[test]
fn a_roster_man_no_squad_may_have_is_refused() {
    let (_, mut c) = mid_action();
    assert!(c.plans.len() > 1);
    c.roster[3].name = "Kow alski".into();
    // Checked as the first patrol's squad.
    let e = refused(c);
    let SaveError::Unsound { why, .. } = &e else { panic!("{e:?}") };
    let Unsound::Plan { message, .. } = &**why else { panic!("refused with the first patrol to come: {e:?}") };
    assert!(message.starts_with("squad: 'Kow alski' cannot be a name"), "{message}");
}

/// The support weapons reissued between patrols (`kit`) are ones a man of
/// the squad may carry: a mortar, or a weapon the book does not have, would
/// be handed to a rifleman once the patrol is over, and that campaign could
/// not be saved or go on.
#[test]
fn a_kit_no_man_may_carry_is_refused() {
    for (weapon, want) in [("mortar", "cannot carry the mortar"), ("nuke", "unknown weapon 'nuke'")] {
        let (_, mut c) = mid_action();
        c.kit.push(weapon.into());
        let e = refused(c);
        let SaveError::Unsound { why, .. } = &e else { panic!("{e:?}") };
        let Unsound::Carried(carried) = &**why else { panic!("{e:?}") };
        assert_eq!(carried.man(), ("kit", "the rifleman it is reissued to"));
        let e = e.to_string();
        assert!(e.contains("kit: the rifleman it is reissued to") && e.contains(want), "{e}");
    }
}

/// A replacement joins the squad as named when the next patrol sets out:
/// one whose name no man of a squad may have is refused as the save is
/// read, not once he has joined and the campaign can no longer be saved.
/// One called as enemies are is passed over when he would join, and loads.
#[test]
fn a_replacement_no_squad_may_have_is_refused() {
    for (name, refused) in [("Wal sh", true), ("STOP", true), ("a,b", true), ("G7", false)] {
        let (_, mut c) = mid_action();
        c.replacements[0].name = name.into();
        let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap();
        match parse(Path::new("e.ron"), &text) {
            Err(SaveError::Unsound { why, .. }) if refused && matches!(*why, Unsound::ReplacementName { .. }) => {
                let e = why.to_string();
                assert!(e.contains(&format!("replacements: '{name}' cannot be")), "{e}");
            }
            Ok(_) if !refused => {}
            other => panic!("{name}: {:?}", other.map(|_| ())),
        }
    }
}
