//! The Lone Warrior article's worked examples, played through the binary
//! (`hexpatrol script` and its `odds` questions) on small scenario files.

mod common;
use common::hexpatrol;

use hexpatrol::engine::Pos;
use serde_json::Value;

/// A scenario file: woods at 2,1 (and at 3,1 if `two_woods`), the patrol
/// (Brennan with a rifle) at 2,2 on open ground, and a group waiting at
/// `encounter` placed `min`..=`max` hexes off.
fn scenario(two_woods: bool, encounter: (i32, i32), min: u32, max: u32) -> String {
    let woods = if two_woods { "..TT...." } else { "..T....." };
    format!(
        r#"Scenario(
    name: "Worked example",
    briefing: "The article's examples.",
    rows: ["........", "{woods}", "........", "........", "........", "........"],
    start: (2, 2),
    objective: Reach((7, 0)),
    home_edge: South,
    encounters: [(at: {encounter:?}, group: "patrol", min: {min}, max: {max})],
    squad: [(name: "Brennan", rank: "Sgt", weapon: "rifle")],
)"#
    )
}

/// Plays `lines` on the scenario with `seed`; the events it wrote and what
/// it said of the lines it refused.
fn play_refused(scenario: &str, seed: u64, lines: &str) -> (Vec<Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.ron");
    std::fs::write(&path, scenario).unwrap();
    let seed = seed.to_string();
    let out = hexpatrol(&["script", "--seed", &seed, "--scenario", path.to_str().unwrap()], lines, None);
    let events = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (events, String::from_utf8(out.stderr).unwrap())
}

/// `play_refused` where every line is legal.
fn play(scenario: &str, seed: u64, lines: &str) -> Vec<Value> {
    let (events, refused) = play_refused(scenario, seed, lines);
    assert!(refused.is_empty(), "{refused}");
    events
}

fn answers(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["event"] == "odds").collect()
}

/// "Squad moving across open ground need to score 7+ for an incident. They
/// move into a wood so an incident takes place on a score of 6+. If they had
/// had one previous encounter with the enemy before entering the wood an
/// incident would have taken place on a score of 5+."
#[test]
fn the_incident_example_open_7_woods_6_woods_after_an_encounter_5() {
    // The group waiting at 3,2 cannot be placed 20 hexes off on this map: the
    // encounter happens (it counts as one) and no action starts.
    let events =
        play(&scenario(true, (3, 2), 20, 20), 1, "odds move A 2,3\nodds move A 2,1\nmove A 3,2\nodds move A 3,1\n");
    let a = answers(&events);
    assert_eq!(a.len(), 3);
    assert_eq!((a[0]["need"].as_i64(), a[0]["modifiers"].as_array().map(Vec::len)), (Some(7), Some(0)), "open: 7+");
    assert_eq!(a[1]["need"], 6, "into a wood: 6+");
    assert_eq!(a[1]["modifiers"], serde_json::json!([{"name": "woods", "value": -1}]));
    assert!(events.iter().any(|e| e["event"] == "enemy_unplaced"), "the encounter came: {events:?}");
    assert_eq!(a[2]["need"], 5, "into a wood after one encounter: 5+");
    assert_eq!(
        a[2]["modifiers"],
        serde_json::json!([{"name": "woods", "value": -1}, {"name": "earlier_incidents", "value": -1}])
    );
}

/// "If target is in cover go to next longest range... Targets at long range
/// in cover cannot be hit": the enemy patrol's rifleman fires at Brennan in
/// the woods; and at a STOP card, as written, the earlier encounter counts.
#[test]
fn the_cover_example_and_the_stop_check_as_written() {
    let mut seen = [false; 3];
    for (seed, distance) in (1..13).map(|seed| (seed, 1 + seed as u32 % 4)) {
        let (events, refused) = play_refused(
            &scenario(false, (2, 1), distance, distance),
            seed,
            "move A 2,1\nodds fire G3 Brennan\nodds stop\n",
        );
        let Some(appeared) = events.iter().find(|e| e["event"] == "enemy_appears") else { continue };
        let hex = &appeared["hex"];
        let (col, row) = (hex[0].as_i64().unwrap() as i32, hex[1].as_i64().unwrap() as i32);
        let distance = Pos::new(col, row).distance(Pos::new(2, 1));
        let a = answers(&events);
        // The rifle: short to 2, medium 3, long 4; Brennan in the woods counts one band longer.
        match distance {
            1 | 2 => {
                assert!(refused.is_empty(), "{refused}");
                assert_eq!(a[0]["need"], 4, "short in cover is medium: seed {seed}");
                assert_eq!(a[0]["modifiers"], serde_json::json!([{"name": "cover", "value": 1}]));
                seen[0] = true;
            }
            3 => {
                assert!(refused.is_empty(), "{refused}");
                assert_eq!(a[0]["need"], 5, "medium in cover is long: seed {seed}");
                seen[1] = true;
            }
            _ => {
                assert!(
                    refused.contains("line 2:") && refused.contains("cannot be hit"),
                    "long in cover: seed {seed}: {refused}"
                );
                assert_eq!(a.len(), 1, "only the STOP answered");
                seen[2] = true;
            }
        }
        // The STOP check: 7+ less one for the encounter, no terrain.
        let stop = a.last().unwrap();
        assert_eq!(stop["need"], 6, "seed {seed}: {stop}");
        assert_eq!(stop["modifiers"], serde_json::json!([{"name": "earlier_incidents", "value": -1}]));
    }
    assert_eq!(seen, [true; 3], "the patrol was met at short, medium and long range");
}
