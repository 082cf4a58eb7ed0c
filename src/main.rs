//! The hexpatrol command line.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use hexpatrol::engine::Game;
use hexpatrol::{console, rules, script, sim};

#[derive(Parser)]
#[command(name = "hexpatrol", version, about = "A solo WWII patrol wargame on a hex map (Lone Warrior rules)")]
struct Cli {
    #[command(subcommand)]
    command: Option<Mode>,
}

#[derive(Subcommand)]
enum Mode {
    /// Play a patrol at the prompt (the default).
    Play(Setup),
    /// Headless: read commands from standard input, write events as JSON Lines.
    Script(Setup),
    /// Play many patrols with the built-in policies on both sides and sum them up.
    Sim(SimArgs),
}

#[derive(clap::Args)]
struct SimArgs {
    /// How many patrols to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    patrols: u64,
    /// The run's seed; patrol K plays with a seed made from this and K alone.
    #[arg(long)]
    seed: u64,
    /// The number of the first patrol, to play one part of a longer run.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    first: u64,
    /// A built-in scenario name or the path of a scenario file.
    #[arg(long)]
    scenario: Option<String>,
    /// Print the summary as one JSON object.
    #[arg(long, conflicts_with = "events")]
    json: bool,
    /// Instead of a summary, stream every patrol's events as JSON Lines.
    #[arg(long)]
    events: bool,
    /// Threads to play on (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..1025))]
    threads: Option<u64>,
}

#[derive(clap::Args, Default)]
struct Setup {
    /// Seed for the dice; the same seed and commands give the same game.
    #[arg(long)]
    seed: Option<u64>,
    /// A built-in scenario name or the path of a scenario file.
    #[arg(long)]
    scenario: Option<String>,
}

/// Exit code for input that cannot be used (a bad file, no terminal).
const UNUSABLE: u8 = 2;

/// A new game and its scenario's briefing.
fn new_game(setup: &Setup) -> Result<(Game, String), String> {
    let book = rules::rule_book().map_err(|e| e.to_string())?;
    let name = setup.scenario.as_deref().unwrap_or(rules::default_scenario_name());
    let scenario = rules::scenario(name, &book).map_err(|e| e.to_string())?;
    let seed = setup.seed.unwrap_or_else(clock_seed);
    let game = Game::new(book, &scenario, seed).map_err(|e| format!("{name}: {e}"))?;
    Ok((game, scenario.briefing))
}

/// A fresh seed when the player gives none; shown at the start so a game can be replayed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

// The engine reports every step as events made of many small strings; the
// simulator plays hundreds of thousands of them a second, and mimalloc makes
// and frees them in well under half the time of the system allocator
// (docs/PERFORMANCE.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Mode::Play(Setup::default())) {
        Mode::Play(setup) => play(&setup),
        Mode::Script(setup) => run_script(&setup),
        Mode::Sim(args) => run_sim(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("hexpatrol: {message}");
            ExitCode::from(UNUSABLE)
        }
    }
}

fn play(setup: &Setup) -> Result<ExitCode, String> {
    if !io::stdin().is_terminal() {
        return Err("playing needs a terminal; for scripted play use `hexpatrol script`".into());
    }
    let (mut game, briefing) = new_game(setup)?;
    console::play(&mut game, &briefing, io::stdin().lock(), io::stdout().lock()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

fn run_script(setup: &Setup) -> Result<ExitCode, String> {
    let (mut game, _) = new_game(setup)?;
    let start = serde_json::to_string(&game.start_event()).map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    let ran =
        writeln!(out, "{start}").and_then(|()| script::run(&mut game, io::stdin().lock(), out, io::stderr().lock()));
    match ran {
        Ok(0) => Ok(ExitCode::SUCCESS),
        Ok(_) => Ok(ExitCode::from(1)),
        // The reader went away (`| head`): stop quietly, as other tools do.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.to_string()),
    }
}

/// A progress bar on standard error, drawn only when that is a terminal.
fn progress(len: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} patrols, {rate}, {eta} left") {
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} a second", state.per_sec());
        };
        bar.set_style(style.with_key("rate", rate));
    }
    bar
}

fn run_sim(args: &SimArgs) -> Result<ExitCode, String> {
    let book = rules::rule_book().map_err(|e| e.to_string())?;
    let name = args.scenario.as_deref().unwrap_or(rules::default_scenario_name());
    let scenario = rules::scenario(name, &book).map_err(|e| e.to_string())?;
    let game = Game::new(book.clone(), &scenario, args.seed).map_err(|e| format!("{name}: {e}"))?;
    let plan = sim::Plan { seed: args.seed, first: args.first, patrols: args.patrols };
    if plan.numbers().is_none() {
        return Err(format!("--first {} and --patrols {} run past the last patrol number", args.first, args.patrols));
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n as usize);
    }
    let pool = pool.build().map_err(|e| format!("cannot start the threads: {e}"))?;
    let bar = progress(args.patrols);
    let tick = || bar.inc(1);
    let written = if args.events {
        // The stream is written from the pool's thread, so it takes the unlocked handle.
        let out = io::BufWriter::with_capacity(1 << 16, io::stdout());
        pool.install(|| sim::stream(&book, &scenario, &plan, out, &tick))
    } else {
        let mut out = io::stdout().lock();
        let tally = pool.install(|| sim::run(&book, &scenario, &plan, &tick))?;
        let summary = sim::Summary::new(tally, plan, &game);
        if args.json {
            serde_json::to_writer(&mut out, &summary).map_err(io::Error::other).and_then(|()| writeln!(out))
        } else {
            sim::write_text(&summary, &mut out)
        }
    };
    bar.finish_and_clear();
    match written {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.to_string()),
    }
}
