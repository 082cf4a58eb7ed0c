//! `hexpatrol sim --campaign`, driven as a user would drive it.

mod common;
use common::hexpatrol;

use std::process::Output;

use serde_json::Value;

fn sim(args: &[&str]) -> Output {
    let mut all = vec!["sim"];
    all.extend_from_slice(args);
    hexpatrol(&all, "", None)
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Each campaign's stream is what the runner prints for the campaign's seed
/// with the patrol leader playing every patrol (`auto`, then `begin` for
/// the next), and it ends with the campaign's end, which sums up its debriefs.
#[test]
fn the_events_are_the_runners_events_for_each_campaigns_seed() {
    let out = sim(&["--campaign", "bocage", "--campaigns", "2", "--seed", "7", "--events"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "no progress bar without a terminal");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().peekable();
    for k in 1..=2u64 {
        let head: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(head["event"], "campaign_start");
        assert_eq!(head["campaign"], k);
        let seed = head["seed"].as_u64().unwrap().to_string();
        let mut mine = Vec::new();
        while let Some(l) = lines.next_if(|l| !l.starts_with("{\"event\":\"campaign_start\"")) {
            mine.push(l);
        }
        let script = ["auto 100000"; 5].join("\nbegin\n");
        let runner = hexpatrol(&["script", "--campaign", "bocage", "--seed", &seed], &script, None);
        assert!(runner.status.success(), "{}", String::from_utf8_lossy(&runner.stderr));
        assert_eq!(String::from_utf8(runner.stdout).unwrap(), format!("{}\n", mine.join("\n")), "campaign {k}");

        let events: Vec<Value> = mine.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
        let end = events.last().unwrap();
        assert_eq!(end["event"], "campaign_end", "the last line");
        assert_eq!(events.iter().filter(|e| e["event"] == "campaign_end").count(), 1);
        assert_eq!(end["campaign"], "Bocage, June 1944");
        assert_eq!(end["patrols"], 5);
        for outcome in ["success", "failed", "lost"] {
            let n = events.iter().filter(|e| e["event"] == "debrief" && e["outcome"] == outcome).count();
            assert_eq!(end[outcome], n as u64, "campaign {k}: {outcome}");
        }
        let lost: usize = events
            .iter()
            .filter(|e| e["event"] == "patrol_end")
            .map(|e| e["dead"].as_array().unwrap().len() + e["left_behind"].as_array().unwrap().len())
            .sum();
        assert_eq!(end["men_lost"], lost as u64);
        // Who came through went out on the last patrol or sat it out wounded; nobody lost is among them.
        let last_start = events.iter().rfind(|e| e["event"] == "start").unwrap();
        for man in end["came_through"].as_array().unwrap() {
            let name = &man["name"];
            let out = man["out"].as_u64().unwrap();
            assert!(out > 0 || last_start["squad"].as_array().unwrap().contains(name), "{man}");
            assert!(
                events
                    .iter()
                    .filter(|e| e["event"] == "patrol_end")
                    .all(|e| !e["dead"].as_array().unwrap().contains(name))
            );
        }
    }
}

#[test]
fn the_summary_is_the_same_for_a_seed_on_any_number_of_threads() {
    let args = ["--campaign", "bocage", "--campaigns", "6", "--seed", "4", "--json"];
    let a = sim(&args);
    let v = json(&a);
    assert_eq!(a.stdout.iter().filter(|&&b| b == b'\n').count(), 1, "one line");
    assert_eq!((v["campaigns"].as_u64(), v["seed"].as_u64(), v["first"].as_u64()), (Some(6), Some(4), Some(1)));
    assert_eq!(v["campaign"], "Bocage, June 1944");
    assert_eq!(v["house_rules"], "as-written");
    let patrols = v["patrols"].as_array().unwrap();
    assert_eq!(patrols.len(), 5);
    for p in patrols {
        let n = |k: &str| p[k].as_u64().unwrap();
        assert_eq!(n("played"), 6);
        assert_eq!(n("success") + n("failed") + n("lost") + n("unfinished"), 6, "{p}");
        assert!(n("men_lost") <= n("men_out"));
    }
    let won: u64 = v["patrols_won"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(won, 6);
    assert_eq!(v["men"]["started"], 54);
    for threads in ["1", "3"] {
        let mut again = args.to_vec();
        again.extend(["--threads", threads]);
        assert_eq!(sim(&again).stdout, a.stdout, "{threads} threads");
    }
    let other = sim(&["--campaign", "bocage", "--campaigns", "6", "--seed", "5", "--json"]);
    assert_ne!(other.stdout, a.stdout, "another seed");
    let text = sim(&["--campaign", "bocage", "--campaigns", "6", "--seed", "4"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.starts_with("Bocage, June 1944: 6 campaigns (numbers 1 to 6), seed 4\n"), "{text}");
    assert!(text.contains("1. The Farm") && text.contains("Patrols won:"), "{text}");
}

/// Campaign K's first patrol plays with the seed patrol K of a scenario run
/// plays with: Bocage begins at Hedgerow Farm with the same squad, so its
/// first patrols end exactly as that many patrols of Hedgerow Farm.
#[test]
fn a_campaigns_first_patrol_is_the_scenarios_patrol_of_its_number() {
    // Night Drop begins with The Orchard, its objective and its squad.
    let campaigns = json(&sim(&["--campaign", "night_drop", "--campaigns", "15", "--seed", "9", "--json"]));
    let patrols = json(&sim(&["--scenario", "orchard", "--patrols", "15", "--seed", "9", "--json"]));
    let first = &campaigns["patrols"][0];
    for outcome in ["success", "failed", "lost"] {
        assert_eq!(first[outcome], patrols["outcomes"].get(outcome).cloned().unwrap_or(Value::from(0)), "{outcome}");
    }
}

#[test]
fn house_rules_and_a_rules_file_work_as_for_patrols() {
    let v = json(&sim(&["--campaign", "bocage", "--campaigns", "2", "--json", "--house-rule", "gentler"]));
    assert_eq!(v["house_rules"], "gentler");
    assert_eq!(v["seed"], 1, "seed 1 when none is given");
    let out = sim(&["--campaign", "bocage", "--campaigns", "2", "--rules", "/nowhere/rules.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nowhere/rules.ron"));
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "Campaign(\n    name: \"X\",\n    squad: oops,\n)\n").unwrap();
    let broken = broken.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--campaign", "nosuch", "--campaigns", "3"],
            "nosuch: not a built-in campaign (bocage, night_drop, hill_122, seine)",
        ),
        (vec!["--campaign", "bocage", "--campaigns", "0"], "0 campaigns: give at least 1"),
        (vec!["--campaign", "bocage", "--campaigns", "many"], "'many' is not a number of campaigns"),
        (vec!["--campaign", "bocage"], "--campaigns"),
        (vec!["--campaigns", "3"], "--campaign"),
        (vec!["--campaign", "bocage", "--campaigns", "3", "--patrols", "4"], "--patrols"),
        (vec!["--campaign", "bocage", "--campaigns", "3", "--scenario", "river"], "--scenario"),
        (vec!["--campaign", "bocage", "--campaigns", "3", "--json", "--events"], "--events"),
        (vec!["--campaign", "bocage", "--campaigns", "2", "--first", "18446744073709551615"], "past the last campaign"),
        (vec!["--campaign", broken, "--campaigns", "2"], &format!("{broken}:3:")),
    ] {
        let out = sim(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A campaign saved between patrols by a version that did not count how
/// patrols ended plays on to its end, which says so: all five patrols, four of
/// them counted.
#[test]
fn an_old_save_ends_its_campaign_counting_what_it_can() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let save = root.join("saves/v2/bocage-between-patrols.ron");
    let script = ["begin\nauto 100000"; 4].join("\n");
    let out = hexpatrol(&["script", "--load", save.to_str().unwrap()], &script, None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let end: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(end["event"], "campaign_end");
    assert_eq!(end["patrols"], 5);
    let counted = ["success", "failed", "lost"].iter().map(|k| end[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(counted, 4);
}
