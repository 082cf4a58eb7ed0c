//! Real dice through the headless runner, as another program drives it:
//! `dice` lines give the faces, bad ones are refused by line and column,
//! a save made while an order waits for dice asks for the same roll when
//! loaded, and a replay shows the faces typed.

mod common;
use common::hexpatrol;

use serde_json::Value;

fn rolls(out: &std::process::Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("each line is JSON"))
        .filter(|e| e["event"] == "roll")
        .collect()
}

#[test]
fn dice_lines_give_the_faces_and_mark_the_rolls_thrown_by_hand() {
    let out = hexpatrol(&["script", "--seed", "3"], "dice 4 3\nmove A 9,10\n", None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r = rolls(&out);
    assert_eq!(r[0]["faces"], serde_json::json!([4, 3]));
    assert_eq!(r[0]["total"], 7);
    assert_eq!(r[0]["physical"], true);
    assert!(r[1..].iter().all(|r| r.get("physical").is_none()), "the game threw the rest, unmarked");
    // The same order with the game's dice: no roll carries the field at all.
    let soft = hexpatrol(&["script", "--seed", "3"], "move A 9,10\n", None);
    assert!(rolls(&soft).iter().all(|r| r.get("physical").is_none()));
}

#[test]
fn bad_faces_are_refused_with_where_and_why_and_change_nothing() {
    let input = "dice 4 x\ndice 7 1\nmove A 9,10\ndice 4\nmove A 9,10\ndice 1 2 3\nmove A 9,10\n";
    let out = hexpatrol(&["script", "--seed", "3"], input, None);
    assert_eq!(out.status.code(), Some(1), "failed lines are counted");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1:6: 'x' is not a face of a die"), "{err}");
    assert!(err.contains("line 3:1: move A 9,10: roll 2d6 for the incident check: incident on 7+: a d6 shows 1 to 6: it cannot show 7; nothing changed"), "{err}");
    assert!(err.contains("line 5:1: move A 9,10: roll 2d6 for the incident check: incident on 7+: 2d6 is 2 faces, one a die, but 1 face was given"), "{err}");
    assert!(err.contains("line 7:1: move A 9,10: roll 2d6 for the incident check: incident on 7+: 2d6 is 2 faces, one a die, but 3 faces were given"), "{err}");
    let events: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(events.len(), 1, "only the start: no step was taken: {events:?}");
}

#[test]
fn a_save_made_while_an_order_waits_asks_the_same_roll_when_loaded_and_replays_show_the_faces() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("hand.ron");
    let save = save.to_str().unwrap();
    let first = hexpatrol(&["script", "--seed", "3", "--save", save], "dice real\nmove A 9,10\n", None);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let asked = "'move A 9,10' waits for dice: roll 2d6 for the incident check: incident on 7+";
    assert!(String::from_utf8_lossy(&first.stderr).contains(&format!("line 2:1: {asked}")));
    // Loaded: the first line is answered as the roll waited for.
    let again = hexpatrol(&["script", "--load", save, "--save", save], "dice 4 3\ndice 6 6\ndice -\n", None);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("line 1:1: 'move A 9,10' waits for dice: roll 2d6 for the incident table roll"), "{err}");
    let r = rolls(&again);
    assert_eq!((r[0]["faces"].clone(), r[0]["physical"].clone()), (serde_json::json!([4, 3]), Value::Bool(true)));
    assert_eq!((r[1]["faces"].clone(), r[1]["physical"].clone()), (serde_json::json!([6, 6]), Value::Bool(true)));
    assert!(r[2].get("physical").is_none(), "dice - lets the game throw: {}", r[2]);
    // Played again from its orders, the patrol shows the faces typed.
    let file = hexpatrol::save::read(std::path::Path::new(save)).expect("the save loads");
    let replay = hexpatrol::session::replay::Replay::of_patrol_under_way(&file.campaign).expect("it replays");
    let order = replay.frames[1].order.clone().unwrap();
    assert_eq!(order, "dice 4 3; dice 6 6; move A 9,10");
    let lines = hexpatrol::narrate::describe_all(&replay.events, &file.campaign.book);
    assert!(lines.iter().any(|l| l.starts_with("[incident] 2d6 thrown by hand 4+3 = 7")), "{lines:?}");
}
