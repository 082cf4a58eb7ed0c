//! The hexpatrol command line.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use hexpatrol::engine::Game;
use hexpatrol::{console, rules, script};

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Mode::Play(Setup::default())) {
        Mode::Play(setup) => play(&setup),
        Mode::Script(setup) => run_script(&setup),
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
