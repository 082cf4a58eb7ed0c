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

/// A game whose events go to a list that keeps only what a summary counts
/// plays exactly as one whose list keeps them all: the same state at the end, the same counted events in
/// the same order, the others only left out, and so the same tally.
#[test]
fn a_game_reporting_for_a_summary_plays_and_counts_as_a_full_one() {
    let book = crate::rules::rule_book().unwrap();
    for name in [crate::rules::default_scenario_name(), "crossroads", "river"] {
        let scenario = crate::rules::scenario(name, &book).unwrap();
        let start = first_game(&book, &scenario, &Plan { seed: 9, first: 1, patrols: 1 }).unwrap();
        let (mut full_tally, mut brief_tally) = (Tally::default(), Tally::default());
        let mut left_out = 0;
        for k in 1..=25 {
            let mut full = start.reseeded(patrol_seed(9, k));
            let mut brief = full.clone();
            let (mut full_events, mut brief_events) = (Vec::new(), Vec::new());
            let full_end = play_out(&mut full, &mut Cache::new(), Keep::All, |g, e| {
                full_tally.observe(g, e);
                full_events.push(e.clone());
            });
            let brief_end = play_out(&mut brief, &mut Cache::new(), Keep::Summary, |g, e| {
                brief_tally.observe(g, e);
                brief_events.push(e.clone());
            });
            assert_eq!(full_end, brief_end, "{name} patrol {k}");
            full_tally.close(k, &full, full_end.0, full_end.1);
            brief_tally.close(k, &brief, brief_end.0, brief_end.1);
            assert_eq!(serde_json::to_value(&full).unwrap(), serde_json::to_value(&brief).unwrap(), "{name} {k}");
            // The brief stream is the full one with events outside the summary left out.
            let mut rest = full_events.iter();
            for e in &brief_events {
                loop {
                    let f = rest.next().unwrap_or_else(|| panic!("{name} {k}: {e:?} is not in the full stream"));
                    if f == e {
                        break;
                    }
                    assert!(!f.in_summary(), "{name} {k}: {f:?} left out");
                    left_out += 1;
                }
            }
            for skipped in rest {
                assert!(!skipped.in_summary(), "{name} {k}: {skipped:?} left out at the end");
                left_out += 1;
            }
        }
        assert_eq!(full_tally, brief_tally, "{name}");
        assert!(left_out > 1000, "{name}: only {left_out} events left out");
    }
}

mod campaigns {
    use super::super::campaign::{CampaignTally, Run, play, run};
    use crate::engine::campaign::Campaign;
    use crate::engine::{Cache, Event};

    fn bocage() -> Campaign {
        let book = crate::rules::rule_book().unwrap();
        crate::rules::campaign("bocage", &book).unwrap().start(0, book)
    }

    #[test]
    fn one_thread_and_many_count_the_same_and_a_split_run_adds_up() {
        let start = bocage();
        let whole = Run { seed: 3, first: 1, campaigns: 12, cap: None };
        let one = super::in_pool(1, || run(&start, &whole, &|| {}).unwrap());
        let many = super::in_pool(3, || run(&start, &whole, &|| {}).unwrap());
        assert_eq!(one, many);
        assert_eq!(one.campaigns, 12);
        assert_eq!(one.won.iter().sum::<u64>(), 12);
        assert_eq!(one.patrols.len(), 5);
        for p in &one.patrols {
            assert_eq!(p.played, 12, "every campaign plays every patrol");
            assert_eq!(p.success + p.failed + p.lost + p.unfinished, p.played);
        }
        assert_eq!(one.started, 12 * 9);
        let a = run(&start, &Run { seed: 3, first: 1, campaigns: 5, cap: None }, &|| {}).unwrap();
        let b = run(&start, &Run { seed: 3, first: 6, campaigns: 7, cap: None }, &|| {}).unwrap();
        assert_eq!(b.merge(a), one, "two parts add up to the whole");
        assert_ne!(run(&start, &Run { seed: 4, ..whole }, &|| {}).unwrap(), one, "another seed, other campaigns");
    }

    /// What one patrol of a campaign showed in its events.
    #[derive(Default)]
    struct Patrol {
        squad: Vec<String>,
        /// Before it set out.
        recovered: Vec<String>,
        /// Each man's last wound, as the casualty roll settled it.
        wounds: Vec<(String, String)>,
        home: Vec<String>,
        lost: Vec<String>,
    }

    fn patrols(events: &[Event]) -> Vec<Patrol> {
        let mut all = vec![Patrol::default()];
        for e in events {
            let p = all.last_mut().unwrap();
            match e {
                Event::Recovered { soldier } => p.recovered.push(soldier.to_string()),
                Event::Start { squad, .. } => p.squad = squad.iter().map(ToString::to_string).collect(),
                Event::Wounded { soldier, wound } => {
                    p.wounds.retain(|(s, _)| s != soldier.as_str());
                    p.wounds.push((soldier.to_string(), wound.to_string()));
                }
                Event::PatrolEnd { home, left_behind, dead, .. } => {
                    p.home = home.iter().map(ToString::to_string).collect();
                    p.lost = left_behind.iter().chain(dead).map(ToString::to_string).collect();
                }
                // Men back from hospital come back at the end of the patrol they sat out.
                Event::Debrief { .. } => all.push(Patrol::default()),
                _ => {}
            }
        }
        let back = all.pop().map(|p| p.recovered).unwrap_or_default();
        if let Some(p) = all.last_mut() {
            p.recovered.extend(back);
        }
        all
    }

    /// A man seriously wounded in one patrol sits out as many as the rules
    /// say and is back for the next; a man with a flesh wound or none goes
    /// out again at once; the dead and the missing never do; the squad is
    /// filled up to strength with replacements. Played through the
    /// simulator's own loop.
    #[test]
    fn the_roster_carries_over_as_the_rules_say() {
        let start = bocage();
        let rules = start.book.campaign.clone();
        let out = rules.serious_wound_patrols as usize;
        let (mut serious, mut flesh, mut lost, mut back) = (0, 0, 0, 0);
        for k in 1..=24 {
            let campaign = Campaign { seed: super::patrol_seed(11, k), ..start.clone() };
            let mut events = Vec::new();
            play(&campaign, k, &mut Cache::new(), &mut CampaignTally::default(), |e| events.extend_from_slice(e));
            let ps = patrols(&events);
            assert_eq!(ps.len(), 5, "campaign {k}");
            for (i, p) in ps.iter().enumerate() {
                let later = &ps[i + 1..];
                if i > 0 {
                    assert!(p.squad.len() >= rules.squad_size as usize, "campaign {k} patrol {}: {:?}", i + 1, p.squad);
                }
                for m in &p.lost {
                    lost += 1;
                    assert!(
                        later.iter().all(|q| !q.squad.contains(m)),
                        "campaign {k}: {m} lost in {} went out again",
                        i + 1
                    );
                }
                for m in &p.home {
                    let wound = p.wounds.iter().find(|(s, _)| s == m).map(|(_, w)| w.as_str());
                    match wound {
                        Some("serious_wound") => {
                            serious += 1;
                            let missed = later.iter().take(out);
                            assert!(missed.clone().all(|q| !q.squad.contains(m)), "campaign {k}: {m} out too soon");
                            if let Some(q) = later.get(out) {
                                back += 1;
                                assert!(q.squad.contains(m), "campaign {k}: {m} not back for patrol {}", i + 2 + out);
                                let before = &ps[i + out];
                                assert!(before.recovered.contains(m), "campaign {k}: {m} back unannounced");
                            }
                        }
                        Some("dead") => panic!("campaign {k}: {m} came home dead"),
                        wound => {
                            flesh += usize::from(wound == Some("flesh_wound"));
                            if let Some(q) = later.first() {
                                assert!(
                                    q.squad.contains(m),
                                    "campaign {k}: {m} ({wound:?}) left out of patrol {}",
                                    i + 2
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(serious > 0 && back > 0 && flesh > 0 && lost > 0, "seen: {serious} {back} {flesh} {lost}");
    }
}
