//! Autosave and load, for a campaign at its first patrol and for one with
//! 100 finished patrols: the cost must not grow with the campaign's length.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

use hexpatrol::engine::campaign::{Campaign, PatrolPlan};
use hexpatrol::engine::{Cache, policy};
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
        let cmd = policy::decide(g, &cache).unwrap();
        c.apply(&cmd, &mut cache).unwrap();
        if c.unarchived.is_some() {
            slot.save(&mut c, 0).unwrap();
        }
    }
    c.begin().unwrap();
    for _ in 0..decisions {
        let Some(cmd) = c.patrol.as_ref().and_then(|g| policy::decide(g, &cache)) else { break };
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

criterion_group!(benches, bench);
criterion_main!(benches);
