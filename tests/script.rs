//! The headless runner, driven as another program would drive it.

mod common;
use common::hexpatrol;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn events(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

fn script(seed: &str, input: &str) -> Output {
    hexpatrol(&["script", "--seed", seed], input, None)
}

#[test]
fn auto_plays_a_whole_patrol_and_every_event_has_the_published_shape() {
    let out = script("7", "auto 20000\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ev = events(&out);
    assert_eq!(ev[0]["event"], "start");
    assert_eq!(ev[ev.len() - 2]["event"], "patrol_end");
    assert_eq!(ev.last().unwrap()["event"], "debrief");
    let mut purposes = std::collections::BTreeSet::new();
    for e in &ev {
        let kind = e["event"].as_str().expect("every event names itself");
        match kind {
            "roll" => {
                purposes.insert(e["purpose"].as_str().unwrap().to_string());
                let dice = e["dice"].as_str().unwrap();
                let (n, sides) = dice.split_once('d').unwrap();
                let faces = e["faces"].as_array().unwrap();
                assert_eq!(faces.len(), n.parse::<usize>().unwrap(), "{e}");
                let sides: u64 = sides.parse().unwrap();
                assert!(faces.iter().all(|f| (1..=sides).contains(&f.as_u64().unwrap())));
                let total: u64 = faces.iter().map(|f| f.as_u64().unwrap()).sum();
                assert_eq!(e["total"].as_u64(), Some(total));
                if let Some(need) = e.get("need") {
                    let base_and_mods = e["modifiers"].as_array().expect("pass/fail rolls list modifiers");
                    assert!(base_and_mods.iter().all(|m| m["name"].is_string() && m["value"].is_i64()));
                    assert_eq!(e["success"].as_bool(), Some(total as i64 >= need.as_i64().unwrap()), "{e}");
                    assert!(e.get("result").is_none());
                } else {
                    assert!(e["result"].is_string(), "a table roll carries its result: {e}");
                }
            }
            "deck" => {
                let comp = e["composition"].as_object().unwrap();
                assert_eq!(comp["STOP"], 1);
                let sum: u64 = comp.values().map(|v| v.as_u64().unwrap()).sum();
                assert_eq!(e["size"].as_u64(), Some(sum));
            }
            "card" => {
                let side = e["side"].as_str().unwrap();
                assert!(["friendly", "enemy", "none"].contains(&side));
                assert_eq!(side == "none", e["card"] == "STOP");
            }
            _ => {}
        }
    }
    for p in ["incident", "incident_table", "fire", "casualty"] {
        assert!(purposes.contains(p), "seed 7's patrol rolls for {p}: {purposes:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_events() {
    let a = script("42", "auto 300\nauto 300\n");
    let b = script("42", "auto 600\n");
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, script("43", "auto 600\n").stdout);
}

#[test]
fn bad_lines_are_reported_with_their_number_and_change_nothing() {
    let good = "move 9,10\nmove 9,9\n";
    let bad = "move 9,10\nfly 9,9\n# a comment\n\nmove 9,8\nmove 9,9\n";
    // Seed 4: neither step brings an incident that starts an action.
    let clean = script("4", good);
    let out = script("4", bad);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err, "line 2:1: unknown command 'fly'\nline 5:1: move 9,8: 9,8 is not next to 9,10: one hex at a time\n",
        "one line per failure, nothing else"
    );
    // The bad lines did nothing: the good ones played exactly as without them.
    assert_eq!(out.stdout, clean.stdout);
}

#[test]
fn a_broken_scenario_file_is_unusable_input() {
    let dir = std::env::temp_dir().join(format!("hexpatrol-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.ron");
    std::fs::write(&path, "Scenario(\n  name: \"x\",\n  rows: [\"..Q\"],\n)").unwrap();
    let out = hexpatrol(&["script", "--scenario", path.to_str().unwrap()], "", None);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.ron:"), "names the file: {err}");
    assert_eq!(err.lines().count(), 1, "one clear line: {err}");
}

#[test]
fn playing_without_a_terminal_is_refused_cleanly() {
    let out = hexpatrol(&[], "", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
}

#[test]
fn golden_event_stream_for_seed_2024() {
    let out = script("2024", "auto 20000\n");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/seed2024_auto.jsonl");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &out.stdout).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file exists (UPDATE_GOLDEN=1 writes it)");
    let now = String::from_utf8_lossy(&out.stdout);
    for (n, (a, b)) in golden.lines().zip(now.lines()).enumerate() {
        assert_eq!(a, b, "first difference at event line {}", n + 1);
    }
    assert_eq!(golden.lines().count(), now.lines().count());
}

#[test]
fn a_whole_patrol_in_explicit_commands() {
    let text = include_str!("scripts/seed3_patrol.txt");
    assert!(!text.lines().any(|l| l.trim_start().starts_with("auto")), "no auto in this script");
    let out = script("3", text);
    assert!(out.status.success(), "every line is legal: {}", String::from_utf8_lossy(&out.stderr));
    let ev = events(&out);
    let count = |kind: &str| ev.iter().filter(|e| e["event"] == kind).count();
    assert!(count("incident") >= 3, "several incidents");
    assert!(count("action_start") >= 2, "several tactical actions");
    assert_eq!(count("patrol_end"), 1);
}

#[test]
fn a_closed_pipe_ends_the_runner_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexpatrol"))
        .args(["script", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    // Enough output to fill any pipe buffer.
    let _ = child.stdin.take().unwrap().write_all("auto 500\n".repeat(50).as_bytes());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_byte_order_mark_and_bad_bytes_in_a_script() {
    let mut input = "\u{feff}move 9,10\n".as_bytes().to_vec();
    input.extend_from_slice(b"\xff\xfe\nmove 9,9\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexpatrol"))
        .args(["script", "--seed", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "line 2:1: not valid UTF-8 text\n");
    assert_eq!(out.stdout, script("4", "move 9,10\nmove 9,9\n").stdout);
}

#[test]
fn odds_lines_answer_and_change_nothing() {
    let plain = "move 9,10\nmove 9,9\nauto 30\n";
    let asking =
        "odds move 9,10\nmove 9,10\nodds casualty\nodds move A 9,9\nmove 9,9\nodds stop\nauto 30\nodds casualty Ruiz\n";
    // Seed 3: the first step is quiet, the second starts an action that is
    // still going after 30 decisions.
    let (a, b) = (script("3", plain), script("3", asking));
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let answers: Vec<Value> = events(&b).into_iter().filter(|e| e["event"] == "odds").collect();
    let others: Vec<Value> = events(&b).into_iter().filter(|e| e["event"] != "odds").collect();
    assert_eq!(others, events(&a), "the answers are the only difference");
    assert_eq!(answers[0]["query"], "move 9,10");
    assert_eq!(answers[0]["purpose"], "incident");
    assert_eq!(answers[0]["need"], 7);
    assert_eq!(answers[0]["chance"], serde_json::json!({"ways": 21, "of": 36, "p": 21.0 / 36.0}));
    assert_eq!(answers[1]["outcomes"].as_array().map(Vec::len), Some(3), "three wounds on the casualty table");
    assert_eq!(answers.last().unwrap()["soldier"], "Ruiz");
}

#[test]
fn a_bad_odds_question_is_reported_like_any_bad_line() {
    let out = script("1", "odds\n  odds move 3;4\nodds fire Nobody G1\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "line 1:5: expected what to ask about: move, fire, fight, throw, bombard, call, stop or casualty\n\
         line 2:13: '3;4' is not a hex; write it as COL,ROW, e.g. 9,10\n\
         line 3:1: odds fire Nobody G1: there is nobody called 'Nobody'\n"
    );
    assert_eq!(events(&out).len(), 1, "only the start event");
}

/// House rules given to a new game are saved with it; a saved campaign
/// keeps its own and refuses new ones.
#[test]
fn house_rules_go_into_the_save_and_a_loaded_campaign_keeps_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("gentle.ron");
    let save = save.to_str().unwrap();
    let out = hexpatrol(&["script", "--seed", "3", "--house-rule", "gentler", "--save", save], "auto 5\n", None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let check = hexpatrol(&["check", save], "", None);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(said.contains("House rules: gentler"), "{said}");
    assert!(said.contains("  contact_breaks: "), "{said}");

    let again = hexpatrol(&["script", "--load", save, "--save", save, "--house-rule", "classic"], "auto 1\n", None);
    assert_eq!(again.status.code(), Some(2));
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("--house-rule does nothing with --load"), "{err}");

    let bad = hexpatrol(&["script", "--seed", "3", "--house-rule", "ammo=on"], "auto 1\n", None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no house rule called 'ammo'"));
    assert!(bad.stdout.is_empty(), "nothing played");
}

/// `undo` takes orders back with honest dice, across a save and a resume:
/// taking back three orders and letting the leader give them again ends
/// in the very campaign that never took them back.
#[test]
fn orders_taken_back_and_given_again_make_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let (straight, saved, again) =
        (dir.path().join("straight.ron"), dir.path().join("saved.ron"), dir.path().join("again.ron"));
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    // Seed 13: the patrol is still under way after 40 decisions.
    let out = hexpatrol(&["script", "--seed", "13", "--save", &path(&straight)], "auto 40\n", None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = hexpatrol(&["script", "--seed", "13", "--save", &path(&saved)], "auto 37\n", None);
    assert!(out.status.success());
    // Resumed from the save, three decisions taken back.
    let out = hexpatrol(&["script", "--load", &path(&saved), "--save", &path(&again)], "undo 3\n", None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ev = events(&out);
    let back = ev.iter().find(|e| e["event"] == "taken_back").expect("a taken_back event");
    let orders = back["orders"].as_array().unwrap().len();
    assert!(orders >= 3, "three decisions and the cards turned after them: {back}");
    // Given again by the leader: the same campaign as 40 decisions straight.
    let redo = format!("auto {}\n", orders + 3);
    let out = hexpatrol(&["script", "--load", &path(&again), "--save", &path(&again)], &redo, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let body = |p: &std::path::Path| {
        let text = std::fs::read_to_string(p).unwrap();
        text[text.find("campaign:").unwrap()..].to_string()
    };
    assert_eq!(body(&again), body(&straight));
    // Nothing is left to take back past the patrol's start, and a bad count is refused by column.
    let out = hexpatrol(&["script", "--load", &path(&again)], "undo 100000\nundo none\n", None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1:1: undo 100000: only "), "{err}");
    assert!(err.contains("line 2:6: 'none' is not a number of orders to take back"), "{err}");
}
