//! The endless campaign (`--generated`) driven as a user drives it: played
//! straight, and saved mid-patrol and resumed, with the same events; its
//! save holding one patrol to come however far it goes; the simulator
//! playing it to a cap; and `check --generated`.

mod common;
use common::hexpatrol;

use std::path::Path;

use serde_json::Value;

fn lines(out: &std::process::Output) -> Vec<String> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(str::to_string).collect()
}

fn path(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// Two patrols and part of a third, straight; then the same stopped in the
/// middle of patrol 2, saved, loaded and played on: the same events, line
/// for line, and every patrol on other ground with other orders.
#[test]
fn an_endless_campaign_saved_mid_patrol_and_resumed_plays_on_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let (straight, saved) = (dir.path().join("straight.ron"), dir.path().join("saved.ron"));
    let script = "auto 100000\nbegin\nauto 25\nauto 100000\nbegin\nauto 30\n";
    let all = lines(&hexpatrol(&["script", "--generated", "--seed", "8", "--save", &path(&straight)], script, None));
    let first = lines(&hexpatrol(
        &["script", "--generated", "--seed", "8", "--save", &path(&saved)],
        "auto 100000\nbegin\nauto 25\n",
        None,
    ));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("endless:"), "the save keeps the generator");
    let rest = lines(&hexpatrol(
        &["script", "--load", &path(&saved), "--save", &path(&saved)],
        "auto 100000\nbegin\nauto 30\n",
        None,
    ));
    let mut joined = first.clone();
    joined.extend(rest);
    assert_eq!(joined, all, "the same events with the save as without");
    // The same save too, but for when it was written.
    let body = |p: &Path| {
        let text = std::fs::read_to_string(p).unwrap();
        text.lines().filter(|l| !l.trim_start().starts_with("saved_at:")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body(&saved), body(&straight));

    let events: Vec<Value> = all.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let starts: Vec<&Value> = events.iter().filter(|e| e["event"] == "start").collect();
    assert_eq!(starts.len(), 3, "three patrols set out");
    let debriefs: Vec<&Value> = events.iter().filter(|e| e["event"] == "debrief").collect();
    assert!(debriefs.len() >= 2, "two patrols ended (the third may have, too)");
    // Each debrief names the next patrol, made on new ground.
    let names: Vec<String> = starts.iter().map(|s| s["scenario"].as_str().unwrap_or_default().to_string()).collect();
    assert!(names[0].starts_with("1. ") && names[1].starts_with("2. ") && names[2].starts_with("3. "), "{names:?}");
    assert_eq!(debriefs[0]["next"], names[1].as_str());
    assert!(!events.iter().any(|e| e["event"] == "campaign_end"), "it does not end while the squad lasts");
}

/// The save holds the patrol to come and no more, however many are played.
#[test]
fn the_save_does_not_grow_patrol_by_patrol() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("long.ron");
    // Played again to a save each time: the size of the save after 2 and after 8.
    let measure = |patrols: usize| {
        let script = vec!["auto 100000"; patrols].join("\nbegin\n");
        let out = hexpatrol(&["script", "--generated", "--seed", "3", "--save", &path(&save)], &script, None);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&save).unwrap();
        let _ = std::fs::remove_file(&save);
        (text.matches("rows:").count(), text.len())
    };
    let (maps2, _) = measure(2);
    let (maps8, len8) = measure(8);
    // The patrol to come (or under way), and at most the one it set out on for take-backs.
    assert!(maps2 <= 2 && maps8 <= 2, "{maps2} and {maps8} maps in the save");
    assert!(len8 < 200_000, "{len8} bytes");
}

#[test]
fn the_simulator_plays_endless_campaigns_to_the_cap() {
    let out = hexpatrol(
        &["sim", "--generated", "--campaigns", "20", "--seed", "4", "--patrols-per-campaign", "3", "--json"],
        "",
        None,
    );
    let v: Value = serde_json::from_slice(&lines(&out).join("\n").into_bytes()).unwrap();
    assert_eq!(v["campaign"], "Patrols without end");
    assert_eq!(v["patrols_per_campaign"], 3);
    let rows = v["patrols"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "no campaign goes past the cap");
    assert_eq!(rows[0]["played"], 20);
    assert_eq!(rows[2]["name"], "3. new ground");
    for r in rows {
        let sum = r["success"].as_u64().unwrap() + r["failed"].as_u64().unwrap() + r["lost"].as_u64().unwrap();
        assert_eq!(sum, r["played"].as_u64().unwrap());
    }
    // Each campaign its own ground: the same run again is the same, another seed another.
    let again = hexpatrol(
        &["sim", "--generated", "--campaigns", "20", "--seed", "4", "--patrols-per-campaign", "3", "--json"],
        "",
        None,
    );
    assert_eq!(again.stdout, out.stdout);
    // The cap is only for endless campaigns.
    let bad = hexpatrol(&["sim", "--campaign", "bocage", "--campaigns", "2", "--patrols-per-campaign", "3"], "", None);
    assert_eq!(bad.status.code(), Some(2), "{}", String::from_utf8_lossy(&bad.stdout));
    let bad = hexpatrol(&["sim", "--campaigns", "2"], "", None);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn check_makes_and_checks_generated_maps() {
    let out = hexpatrol(&["check", "--generated", "200"], "", None);
    let text = lines(&out).join("\n");
    assert!(text.contains("200 generated maps: every one passed its check"), "{text}");
    let out = hexpatrol(&["check", "--generated", "0"], "", None);
    assert_eq!(out.status.code(), Some(2));
    let out = hexpatrol(&["check"], "", None);
    assert_eq!(out.status.code(), Some(2));
}

/// An endless campaign ends only when the squad is gone: its end comes
/// right after a patrol from which nobody came home (with nobody at home
/// wounded), and no patrol sets out after it; every other campaign plays
/// on to the simulator's cap.
#[test]
fn an_endless_campaign_ends_when_the_squad_is_gone_and_only_then() {
    let out = hexpatrol(
        &["sim", "--generated", "--campaigns", "60", "--seed", "2", "--patrols-per-campaign", "3", "--events"],
        "",
        None,
    );
    let all = lines(&out);
    let mut campaigns: Vec<Vec<Value>> = Vec::new();
    for l in &all {
        let v: Value = serde_json::from_str(l).unwrap();
        if v["event"] == "campaign_start" {
            campaigns.push(Vec::new());
        } else {
            campaigns.last_mut().unwrap().push(v);
        }
    }
    assert_eq!(campaigns.len(), 60);
    let mut ended = 0;
    for events in &campaigns {
        let starts = events.iter().filter(|e| e["event"] == "start").count();
        match events.iter().position(|e| e["event"] == "campaign_end") {
            Some(at) => {
                ended += 1;
                assert_eq!(at, events.len() - 1, "nothing after the campaign's end");
                let last = events.iter().rev().find(|e| e["event"] == "patrol_end").unwrap();
                assert!(last["home"].as_array().unwrap().is_empty(), "nobody came home: {last}");
                assert_eq!(events[at]["patrols"].as_u64().unwrap() as usize, starts);
            }
            None => assert_eq!(starts, 3, "played on to the cap"),
        }
    }
    assert!(ended > 0, "some squad is lost whole in 60 campaigns (some 8% of first patrols are)");
}

/// An endless campaign has no last patrol: its pages say "patrol 2", never
/// "patrol 2 of 2"; a written campaign says how many it has.
#[test]
fn an_endless_campaign_counts_its_patrols_without_a_last_one() {
    let book = hexpatrol::rules::rule_book().unwrap();
    let c = hexpatrol::rules::endless(book.clone(), 3).unwrap();
    assert_eq!(c.of_total(), "");
    let page = hexpatrol::report::screens::squad(&c).join("\n");
    assert!(page.contains("The squad for patrol 1,") && !page.contains("patrol 1 of"), "{page}");
    let written = hexpatrol::rules::campaign("bocage", &book).unwrap().start(3, book);
    assert_eq!(written.of_total(), " of 5");
}
