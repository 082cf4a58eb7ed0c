//! Autosave and load, for a campaign at its first patrol and for one with
//! 100 finished patrols: the cost must not grow with the campaign's length.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

use hexpatrol::engine::campaign::{Campaign, PatrolPlan};
use hexpatrol::engine::{Cache, players::leader};
use hexpatrol::rules;
use hexpatrol::save::{self, Slot};

/// The bocage campaign repeated to `patrols` patrols.
fn long_campaign(patrols: usize, seed: u64) -> Campaign {
    let book = rules::rule_book().unwrap();
    let def = rules::campaign("bocage", &book).unwrap();
    let plans: Vec<PatrolPlan> = def.plans.iter().cycle().take(patrols).cloned().collect();
    Campaign::new(&def.title, &def.briefing, seed, book, plans, &def.squad, def.replacements)
}

/// Plays `finished` whole patrols with the patrol leader, archiving each
/// record as the game would, then `decisions` more into the next patrol.
fn played(finished: u32, decisions: usize, slot: &Slot) -> Campaign {
    let mut c = long_campaign(finished as usize + 1, 77);
    let mut cache = Cache::new();
    while c.finished < finished {
        if c.patrol.is_none() {
            c.begin().unwrap();
        }
        let g = c.patrol.as_ref().unwrap();
        let cmd = leader::decide(g, &cache).unwrap();
        c.apply(&cmd, &mut cache).unwrap();
        if c.unarchived.is_some() {
            slot.save(&mut c, 0).unwrap();
        }
    }
    c.begin().unwrap();
    for _ in 0..decisions {
        let Some(cmd) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) else { break };
        c.apply(&cmd, &mut cache).unwrap();
    }
    c
}

fn bench(c: &mut Criterion) {
    // On the project's own disk, not a memory file system: fsync must cost what it costs.
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-saves");
    let _ = std::fs::remove_dir_all(&root);
    let mut group = c.benchmark_group("autosave");
    group.sample_size(30);
    for finished in [0u32, 100] {
        let path = root.join(format!("at-{finished}.ron"));
        let slot = Slot::open(&path).unwrap();
        let mut campaign = played(finished, 120, &slot);
        slot.save(&mut campaign, 0).unwrap();
        let bytes = std::fs::metadata(&path).unwrap().len();
        eprintln!(
            "campaign after {finished} patrols: save file {bytes} bytes, {} events in the current patrol",
            campaign.log.len()
        );
        group.bench_function(format!("save, {finished} patrols finished"), |b| {
            b.iter(|| slot.save(black_box(&mut campaign), 0).unwrap())
        });
        let file = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: campaign.clone() };
        group.bench_function(format!("to text only, {finished} patrols finished"), |b| {
            b.iter(|| black_box(save::to_text(black_box(&file)).unwrap()))
        });
        group.bench_function(format!("load, {finished} patrols finished"), |b| {
            b.iter(|| black_box(save::read(&path).unwrap()))
        });
    }
    group.finish();
}

/// Rows of a `side` by `side` map: the hedgerow map's rows, repeated both ways.
fn big_rows(side: usize) -> Vec<String> {
    let book = rules::rule_book().unwrap();
    let hedgerow = rules::scenario("hedgerow", &book).unwrap().rows;
    (0..side).map(|r| hedgerow[r % hedgerow.len()].chars().cycle().take(side).collect()).collect()
}

/// The text of a campaign at the limits: `plans` patrols to come, each on a
/// `side` by `side` map, the first under way, and a roster of `men` (the
/// built-in squad if fewer).
fn campaign_text(plans: usize, side: usize, men: usize) -> String {
    let book = rules::rule_book().unwrap();
    let def = rules::campaign("bocage", &book).unwrap();
    let rows = big_rows(side);
    let at = |col, row| hexpatrol::engine::Pos::new(col, row);
    let plans: Vec<PatrolPlan> = def
        .plans
        .iter()
        .cycle()
        .take(plans)
        .map(|p| {
            let mut p = p.clone();
            if side > 16 {
                p.scenario.rows = rows.clone();
                p.scenario.start = at(9, side as i32 - 1);
                p.scenario.home_edge = hexpatrol::engine::book::scenario::Edge::South;
                p.scenario.objective = hexpatrol::engine::book::scenario::Objective::Reach(at(12, 5));
                p.scenario.encounters.clear();
            }
            p
        })
        .collect();
    let mut squad = def.squad.clone();
    let rifleman = squad.last().unwrap().clone();
    squad.extend(
        (squad.len()..men)
            .map(|k| hexpatrol::engine::book::scenario::Member { name: format!("Man{k}"), ..rifleman.clone() }),
    );
    let mut c = Campaign::new(&def.title, &def.briefing, 5, book, plans, &squad, def.replacements);
    c.begin().unwrap();
    save::to_text(&save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap()
}

/// The text of a campaign whose patrol under way has a log of `events`
/// events and a kept order for each of them that was one: the leader's
/// decisions of the bocage campaign's first patrol, up to the last before
/// it ends (at most 300), repeated.
/// (No check looks into a log's events: the repeats load as a long patrol.)
fn long_patrol_text(events: usize) -> String {
    let mut c = long_campaign(1, 77);
    c.begin().unwrap();
    let mut cache = Cache::new();
    for _ in 0..300 {
        let Some(cmd) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) else { break };
        let before = c.clone();
        c.apply(&cmd, &mut cache).unwrap();
        if c.patrol.is_none() {
            c = before;
            break;
        }
    }
    let history = c.history.as_mut().unwrap();
    let played = c.log[history.opening..].to_vec();
    let orders = history.orders.clone();
    while c.log.len() < events {
        let more = played.len().min(events - c.log.len());
        c.log.extend(played[..more].iter().cloned());
        history.orders.extend(orders[..orders.len() * more / played.len()].iter().cloned());
    }
    save::to_text(&save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap()
}

/// Reading a save, and checking a scenario file, at sizes up to the limits:
/// the time must grow with the size of the file, no faster.
fn at_the_limits(c: &mut Criterion) {
    let mut group = c.benchmark_group("load at the limits");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(3));
    let most = hexpatrol::engine::vocabulary::limits::PATROLS;
    let cases = [(1, 16, 0), (most, 16, 0), (most, 16, 1000), (1, 250, 0), (1, 500, 0), (1, 1000, 0), (4, 1000, 0)];
    for (plans, side, men) in cases {
        let text = campaign_text(plans, side, men);
        eprintln!("{plans} patrols on {side}x{side} maps, {men} men: a save of {} bytes", text.len());
        group.throughput(criterion::Throughput::Bytes(text.len() as u64));
        let men = if men > 0 { format!(", {men} men") } else { String::new() };
        group.bench_function(format!("{plans} patrols, {side}x{side}{men}"), |b| {
            b.iter(|| black_box(save::parse(Path::new("big.ron"), black_box(&text)).unwrap()))
        });
    }
    // A patrol's log grows with every card: up to the most a save may hold.
    let small = long_patrol_text(1000).len();
    let per_event = (long_patrol_text(2000).len() - small) / 1000;
    let most = 1000 + (hexpatrol::engine::vocabulary::limits::FILE_BYTES as usize - small) / per_event;
    for events in [10_000, 30_000, most * 49 / 50] {
        let text = long_patrol_text(events);
        eprintln!("a patrol of {events} events: a save of {} bytes", text.len());
        group.throughput(criterion::Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("a patrol of {events} events"), |b| {
            b.iter(|| black_box(save::parse(Path::new("big.ron"), black_box(&text)).unwrap()))
        });
    }
    let book = rules::rule_book().unwrap();
    for side in [250, 500, 1000] {
        let rows: Vec<String> = big_rows(side).iter().map(|r| format!("        \"{r}\",\n")).collect();
        let text = rules::SCENARIOS[0].1.replacen("rows: [", &format!("rows: [\n{}", rows.concat()), 1);
        // The map's own rows follow the new ones: drop them.
        let new_rows = rows.concat();
        let start = text.find(&new_rows).unwrap() + new_rows.len();
        let end = start + text[start..].find(']').unwrap();
        let text = format!("{}{}", &text[..start], &text[end..]).replacen(
            "start: (9, 11)",
            &format!("start: (9, {})", side - 1),
            1,
        );
        group.throughput(criterion::Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("scenario file, {side}x{side}"), |b| {
            b.iter(|| black_box(rules::parse_scenario("big.ron", black_box(&text), &book).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, at_the_limits);
criterion_main!(benches);
