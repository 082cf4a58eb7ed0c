//! The simulator is a function of the seed and the patrol numbers alone.

use std::sync::Arc;

use super::*;
use crate::engine::RuleBook;

fn setup() -> (Arc<RuleBook>, Scenario) {
    let book = crate::rules::rule_book().unwrap();
    let scenario = crate::rules::scenario(crate::rules::default_scenario_name(), &book).unwrap();
    (book, scenario)
}

fn tally(plan: Plan) -> Tally {
    let (book, scenario) = setup();
    run(&book, &scenario, &plan, &|| {}).unwrap()
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
}

fn events(plan: Plan) -> Vec<u8> {
    let (book, scenario) = setup();
    let mut out = Vec::new();
    stream(&book, &scenario, &plan, &mut out, &|| {}).unwrap();
    out
}

#[test]
fn patrol_seeds_are_splitmix64() {
    // SplitMix64 started at 0 gives 0xE220A8397B1DCDAF first, then 0x6E789E6AA1B965F4.
    assert_eq!(patrol_seed(0, 1), 0xE220_A839_7B1D_CDAF);
    assert_eq!(patrol_seed(0, 2), 0x6E78_9E6A_A1B9_65F4);
    assert_ne!(patrol_seed(1, 1), patrol_seed(0, 1));
    assert_eq!(patrol_seed(u64::MAX, u64::MAX), patrol_seed(u64::MAX, u64::MAX), "no overflow");
}

#[test]
fn one_thread_and_many_count_the_same() {
    let plan = Plan { seed: 77, first: 1, patrols: 40 };
    let one = in_pool(1, || tally(plan));
    let many = in_pool(4, || tally(plan));
    assert_eq!(one, many);
    assert_eq!(one.patrols, 40);
    assert_eq!(one.outcomes.total(), 40);
    assert!(one.incidents > 0 && one.actions > 0 && !one.checks.is_empty());
    assert_eq!(tally(plan), one, "and again on the default pool");
    assert_ne!(tally(Plan { seed: 78, ..plan }), one, "another seed, other patrols");
}

#[test]
fn a_run_split_in_two_adds_up_to_the_whole() {
    let whole = tally(Plan { seed: 5, first: 1, patrols: 30 });
    let a = tally(Plan { seed: 5, first: 1, patrols: 12 });
    let b = tally(Plan { seed: 5, first: 13, patrols: 18 });
    assert_eq!(a.clone().merge(b.clone()), whole);
    assert_eq!(b.merge(a), whole, "in either order");
}

#[test]
fn patrol_k_alone_is_patrol_k_in_a_run() {
    let whole = in_pool(3, || events(Plan { seed: 9, first: 1, patrols: 6 }));
    let text = String::from_utf8(whole).unwrap();
    let parts: Vec<&str> = text.split("{\"event\":\"patrol_start\"").skip(1).collect();
    assert_eq!(parts.len(), 6);
    for k in [1u64, 4, 6] {
        let alone = String::from_utf8(in_pool(1, || events(Plan { seed: 9, first: k, patrols: 1 }))).unwrap();
        assert_eq!(alone, format!("{{\"event\":\"patrol_start\"{}", parts[k as usize - 1]), "patrol {k}");
        assert!(alone.starts_with(&format!("{{\"event\":\"patrol_start\",\"patrol\":{k}}}\n")));
        let seed = format!("\"seed\":{}", patrol_seed(9, k));
        assert!(alone.lines().nth(1).is_some_and(|l| l.contains(&seed)), "patrol {k} plays with its own seed");
    }
}

#[test]
fn the_summary_reads_the_tally() {
    let (book, scenario) = setup();
    let plan = Plan { seed: 3, first: 1, patrols: 25 };
    let t = tally(plan);
    let game = Game::new(book, &scenario, 3).unwrap();
    let s = Summary::new(t.clone(), plan, &game);
    assert_eq!(s.came_home + s.outcomes.get("lost").copied().unwrap_or(0), 25);
    assert_eq!(s.incidents.total, t.incidents);
    assert_eq!(s.incidents.by_terrain.values().sum::<u64>(), t.incidents);
    // Every 2D6 incident check's exact chance is the count of the dice.
    for c in s.checks.iter().filter(|c| c.purpose == crate::engine::Purpose::Incident) {
        assert_eq!(c.exact, crate::engine::Chance::at_least(2, 6, c.need));
        assert!(c.successes <= c.rolls);
    }
    let casualty: u64 =
        s.tables.iter().filter(|r| r.purpose == crate::engine::Purpose::Casualty).map(|r| r.count).sum();
    assert!(casualty > 0);
    let mut text = Vec::new();
    write_text(&s, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("Hedgerow Farm: 25 patrols (numbers 1 to 25), seed 3\n"), "{text}");
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["patrols"], 25);
    assert_eq!(json["checks"][0]["exact"]["of"], 36);
}
