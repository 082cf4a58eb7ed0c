//! Plain mode driven through `run` with lines in and text out.

use super::*;
use crate::session::start::{Choice, Table, new_game};

fn game(dir: &std::path::Path, table: Table) -> Opened {
    let book = crate::rules::rule_book().unwrap();
    new_game(dir, book, &Choice::Scenario("hedgerow".into()), Some("t"), 3, table).unwrap()
}

fn played(opened: Opened, input: &str, width: usize) -> String {
    let mut out = Vec::new();
    let ended = run(opened, input.as_bytes(), &mut out, width).unwrap();
    assert!(matches!(ended, Ended::Quit));
    String::from_utf8(out).unwrap()
}

#[test]
fn long_sentences_wrap_at_a_space_and_no_line_passes_the_width() {
    let mut out = Vec::new();
    say(&mut out, "one two three four five six seven eight nine ten eleven twelve", 24).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, "one two three four five\n  six seven eight nine\n  ten eleven twelve\n");
}

#[test]
fn steps_orders_and_words_of_its_own_play_and_the_game_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let text = played(game(dir.path(), Table::default()), "n\nwhere\nroster\nbogus\nx y\n", 60);
    assert!(text.contains("Section A moves 9,11 -> 9,10"), "{text}");
    assert!(text.contains("Section A is at 9,10, road."), "{text}");
    assert!(text.contains("Lt Brennan, pistol: fit, at 9,10."), "{text}");
    assert!(text.contains("Cannot read 'bogus' (column 1)"), "{text}");
    assert!(text.contains("End of input: the game is saved."), "{text}");
    assert!(text.lines().all(|l| l.strip_prefix("> ").unwrap_or(l).chars().count() <= 60), "{text}");
    let saved = crate::session::start::open_game(dir.path(), "t").unwrap();
    assert!(saved.campaign.log.iter().any(|e| matches!(e, Event::Moved { .. })), "the step was saved");
}

#[test]
fn with_real_dice_the_roll_is_asked_for_and_its_faces_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let opened = game(dir.path(), Table { take_backs: true, real_dice: true });
    let text = played(opened, "n\nfour\n1 1 1\ncancel\nquit\n", 80);
    assert!(text.contains("Roll 2d6 for the incident check: incident on 7+. Type the faces"), "{text}");
    assert!(text.contains("Not a throw: 'four' is not a face"), "{text}");
    assert!(text.contains("but 3 faces were given"), "{text}");
    assert!(text.contains("Saved. hexpatrol resume --plain"), "{text}");
    let saved = crate::session::start::open_game(dir.path(), "t").unwrap();
    assert!(saved.campaign.waiting.is_none(), "cancel withdrew the order");
}

/// A whole campaign of two patrols in plain mode: after each patrol the
/// campaign so far, before the next the squad; a weapon handed out; the
/// campaign's end with its summary.
#[test]
fn between_patrols_plain_mode_says_the_campaign_and_the_squad_and_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let book = crate::rules::rule_book().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/campaigns/two_patrols.ron");
    let opened = new_game(dir.path(), book, &Choice::Campaign(file.into()), Some("c"), 3, Table::default()).unwrap();
    let text = played(opened, "auto 5000\nissue bazooka Nobody\nsquad\nbegin\nauto 5000\ncampaign\n", 200);
    let after = text.split("Patrol 1 is over").nth(1).expect("the first patrol ends");
    for part in ["Patrols", " 1 1. The Farm", "Service record", "Roll of honour (", "The squad for patrol 2 of 2"] {
        assert!(after.contains(part), "{part:?} after the first patrol:\n{after}");
    }
    assert!(text.contains("Not now: nobody called 'Nobody' is on the roster"), "{text}");
    assert!(text.contains("CAMPAIGN OVER: Two Patrols (test). 2 patrols"), "{text}");
    assert!(text.contains("Two Patrols (test): 2 of 2 patrols made"), "{text}");
}
