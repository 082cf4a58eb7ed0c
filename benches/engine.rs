//! How fast the engine plays: one command applied, whole patrols, and a
//! 10,000-patrol simulator run. `cargo bench`; the numbers and the machine
//! they were taken on are in docs/PERFORMANCE.md.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

use hexpatrol::engine::{Cache, Command, Events, Game, Keep, Phase, RuleBook, Scenario, players::leader};
use hexpatrol::{rules, sim};

// The same allocator as the binary, so the numbers are the ones a player gets.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn setup() -> (Arc<RuleBook>, Scenario, Game) {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario(rules::default_scenario_name(), &book).expect("the default scenario loads");
    let game = Game::new(book.clone(), &scenario, 2024).expect("the default scenario plays");
    (book, scenario, game)
}

/// Plays the leader's decisions until `stop` holds, or the patrol ends.
fn play_until(game: &mut Game, cache: &mut Cache, stop: impl Fn(&Game) -> bool) {
    while !stop(game) {
        let Some(c) = leader::decide(game, cache) else { return };
        game.apply(&c, cache, &mut Events::all()).expect("the leader's commands are legal");
    }
}

/// `command` applied to `game` with `cache`, its events kept.
fn apply(mut game: Game, cache: &mut Cache, command: &Command) -> Events {
    let mut events = Events::all();
    black_box(game.apply(command, cache, &mut events)).expect("a legal command");
    events
}

fn one_command(c: &mut Criterion) {
    let (_, _, start) = setup();
    let mut cache = Cache::new();
    let mut g = c.benchmark_group("apply");
    // A step in patrol movement: the move, its incident check, and whatever it brings.
    let step = leader::decide(&start, &cache).expect("a first step");
    g.bench_function("patrol step", |b| {
        b.iter_batched(|| start.clone(), |game| black_box(apply(game, &mut cache, &step)), BatchSize::SmallInput)
    });
    // A card turned in the first action of seed 2024: an enemy card is played at once.
    let mut action = start.clone();
    play_until(&mut action, &mut cache, |g| matches!(&g.phase(), Phase::Action(a) if a.up.is_none() && a.turn > 1));
    g.bench_function("card turn", |b| {
        b.iter_batched(
            || action.clone(),
            |game| black_box(apply(game, &mut cache, &Command::Turn)),
            BatchSize::SmallInput,
        )
    });
    // The patrol leader's choice of order for a man whose card is up.
    let mut order = action.clone();
    play_until(&mut order, &mut cache, |g| matches!(&g.phase(), Phase::Action(a) if a.up.is_some()));
    g.bench_function("leader's order", |b| b.iter(|| black_box(leader::decide(black_box(&order), &cache))));
    g.finish();
}

fn whole_patrols(c: &mut Criterion) {
    let (_, _, start) = setup();
    let mut g = c.benchmark_group("patrol");
    g.throughput(Throughput::Elements(100));
    // A hundred different patrols (seeds 1 to 100), so one lucky or unlucky
    // patrol does not decide the number; the rate is patrols per second.
    let mut cache = Cache::new();
    g.bench_function("100 patrols, one thread", |b| {
        b.iter(|| {
            for seed in 1..=100 {
                let mut game = start.reseeded(seed);
                black_box(sim::play_out(&mut game, &mut cache, Keep::All, |_, e| {
                    black_box(e);
                }));
            }
        })
    });
    g.finish();
}

fn simulator(c: &mut Criterion) {
    let (book, scenario, _) = setup();
    let plan = sim::Plan { seed: 1, first: 1, patrols: 10_000 };
    let mut g = c.benchmark_group("sim");
    g.sample_size(10);
    g.throughput(Throughput::Elements(plan.patrols));
    for threads in [1, 0] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("threads start");
        let name =
            if threads == 1 { "10000 patrols, one thread".to_string() } else { "10000 patrols, all cores".into() };
        g.bench_function(name, |b| {
            b.iter(|| pool.install(|| black_box(sim::run(&book, &scenario, &plan, &|| {}).expect("the run plays"))))
        });
    }
    g.finish();
}

criterion_group!(benches, one_command, whole_patrols, simulator);
criterion_main!(benches);
