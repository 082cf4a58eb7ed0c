//! The hexpatrol command line.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use hexpatrol::engine::Game;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::ruleset::house;
use hexpatrol::save::{self, Slot};
use hexpatrol::session::start::{self, Choice, Opened};
use hexpatrol::tui::{self, Ended, Start, theme::Theme};
use hexpatrol::{check, report, rules, script, session, sim};

#[derive(Parser)]
#[command(
    name = "hexpatrol",
    version,
    about = "A solo WWII patrol wargame on a hex map (Lone Warrior rules)",
    after_help = "With no command, the title screen, which takes the options above. Each command takes the ones it \
                  uses (`hexpatrol COMMAND --help`); given before the command, they are its own."
)]
struct Cli {
    // The title screen's options. Each command takes only the options it
    // uses; given before a command (`hexpatrol --ascii new`), they are its own.
    #[command(flatten)]
    folder: Folder,
    #[command(flatten)]
    own_rules: OwnRules,
    #[command(flatten)]
    look: Look,
    #[command(subcommand)]
    command: Option<Mode>,
}

#[derive(clap::Args, Clone, Default)]
struct Folder {
    /// Folder for saved campaigns (default: HEXPATROL_DATA_DIR, else the platform's data folder).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(clap::Args, Clone, Default)]
struct OwnRules {
    /// A rules file of your own, in place of the built-in Lone Warrior rules, for new games.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// A house rule for new games: NAME=VALUE (true/false, on/off, yes/no), NAME alone (on), or a
    /// preset (as-written, gentler, classic). Repeatable, applied in order: a preset, then single switches.
    #[arg(long = "house-rule", value_name = "NAME=VALUE|PRESET")]
    house_rules: Vec<String>,
}

#[derive(clap::Args, Clone, Default)]
struct Look {
    /// Draw the game with plain ASCII, for terminals without box drawing.
    #[arg(long)]
    ascii: bool,
}

#[derive(Subcommand)]
enum Mode {
    /// Start a new campaign (or a single patrol) and play it.
    New {
        /// A built-in campaign or the path of a campaign file (default: bocage).
        #[arg(long)]
        campaign: Option<String>,
        /// Play one patrol of this built-in scenario or scenario file instead of a campaign.
        #[arg(long, conflicts_with = "campaign")]
        scenario: Option<String>,
        /// Play the endless campaign: patrol after patrol on ground made from the seed, until the squad is gone.
        #[arg(long, conflicts_with_all = ["campaign", "scenario"])]
        generated: bool,
        /// The campaign's save name (letters, digits, - and _; not - first).
        #[arg(long)]
        name: Option<String>,
        /// Seed for the dice; the same seed and commands give the same campaign.
        #[arg(long)]
        seed: Option<u64>,
        /// Iron man: no order of this campaign can be taken back (U, undo).
        #[arg(long)]
        iron_man: bool,
        /// Real dice: throw every roll with your own dice and type the faces (D switches it in the game).
        #[arg(long)]
        real_dice: bool,
        /// Plain mode: the game as lines of text, no redraws or boxes, for screen readers and braille displays.
        #[arg(long)]
        plain: bool,
        #[command(flatten)]
        folder: Folder,
        #[command(flatten)]
        own_rules: OwnRules,
        #[command(flatten)]
        look: Look,
    },
    /// Go on with a saved campaign (the most recent if none is named). `play` is another name for it.
    #[command(visible_alias = "play")]
    Resume {
        name: Option<String>,
        /// Put the newest valid backup in place of a campaign file that will not load.
        #[arg(long)]
        backup: bool,
        /// Plain mode: the game as lines of text, no redraws or boxes, for screen readers and braille displays.
        #[arg(long)]
        plain: bool,
        #[command(flatten)]
        folder: Folder,
        #[command(flatten)]
        look: Look,
    },
    /// List the saved campaigns.
    List {
        #[command(flatten)]
        folder: Folder,
    },
    /// Check a save, scenario, campaign, rules, forces or patrol record file and report any problem.
    Check {
        #[arg(required_unless_present = "generated")]
        file: Option<PathBuf>,
        /// Instead of a file, make N generated patrol maps and check each (for CI).
        #[arg(long, value_name = "N", conflicts_with = "file", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        generated: Option<u32>,
    },
    /// Watch a patrol of a campaign again, order by order, forwards and back.
    Replay {
        /// The campaign's save name (see `hexpatrol list`).
        name: String,
        /// The patrol (numbered from 1; the one under way too). Default: the last one finished.
        #[arg(long, value_name = "K")]
        patrol: Option<u32>,
        #[command(flatten)]
        folder: Folder,
        #[command(flatten)]
        look: Look,
    },
    /// Write the after-action report of a campaign (or of one of its patrols) as Markdown.
    Report {
        /// The campaign's save name (see `hexpatrol list`).
        name: String,
        /// Only this patrol (numbered from 1), not the whole campaign.
        #[arg(long, value_name = "K")]
        patrol: Option<u32>,
        /// Write the report to this file rather than to standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        folder: Folder,
    },
    /// Headless: read commands from standard input, write events as JSON Lines.
    Script {
        #[command(flatten)]
        setup: Setup,
        /// A built-in campaign or a campaign file to play instead of a single scenario.
        #[arg(long, conflicts_with_all = ["scenario", "load"])]
        campaign: Option<String>,
        /// Play the endless campaign (patrols on generated ground) instead of a single scenario.
        #[arg(long, conflicts_with_all = ["scenario", "load", "campaign"])]
        generated: bool,
        /// Go on from this campaign file instead of starting afresh.
        #[arg(long, value_name = "FILE", conflicts_with = "seed")]
        load: Option<PathBuf>,
        /// Save the campaign to this file after every command.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        #[command(flatten)]
        own_rules: OwnRules,
    },
    /// Play many patrols (or whole campaigns) with the built-in policies on both sides and sum them up.
    Sim(SimArgs),
}

#[derive(clap::Args)]
struct SimArgs {
    /// How many patrols to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), required_unless_present_any = ["campaign", "generated"])]
    patrols: Option<u64>,
    /// The run's seed; patrol (or campaign) K plays with a seed made from this and K alone.
    /// Needed for patrols; campaigns play with seed 1 if none is given.
    #[arg(long, required_unless_present_any = ["campaign", "generated"])]
    seed: Option<u64>,
    /// The number of the first patrol (or campaign), to play one part of a longer run.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    first: u64,
    /// A built-in scenario name or the path of a scenario file.
    #[arg(long, conflicts_with = "campaign")]
    scenario: Option<String>,
    /// Play whole campaigns of this built-in campaign or campaign file instead of patrols.
    #[arg(long, conflicts_with = "patrols", requires = "campaigns")]
    campaign: Option<String>,
    /// Play whole endless campaigns (patrols on generated ground), each stopped at the squad's end or
    /// after --patrols-per-campaign patrols.
    #[arg(long, conflicts_with_all = ["patrols", "campaign", "scenario"], requires = "campaigns")]
    generated: bool,
    /// How many campaigns to play (with --campaign or --generated).
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    campaigns: Option<u64>,
    /// With --generated: stop each endless campaign after this many patrols (default 10).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1000))]
    patrols_per_campaign: Option<u32>,
    /// Print the summary as one JSON object.
    #[arg(long, conflicts_with = "events")]
    json: bool,
    /// Instead of a summary, stream every patrol's (or campaign's) events as JSON Lines.
    #[arg(long)]
    events: bool,
    /// Threads to play on (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..1025))]
    threads: Option<u64>,
    #[command(flatten)]
    own_rules: OwnRules,
}

impl Mode {
    /// The options this command takes (None for one it does not), as given after it.
    fn options(&self) -> (Option<Folder>, Option<OwnRules>, Option<Look>) {
        match self {
            Mode::New { folder, own_rules, look, .. } => {
                (Some(folder.clone()), Some(own_rules.clone()), Some(look.clone()))
            }
            Mode::Resume { folder, look, .. } | Mode::Replay { folder, look, .. } => {
                (Some(folder.clone()), None, Some(look.clone()))
            }
            Mode::List { folder } | Mode::Report { folder, .. } => (Some(folder.clone()), None, None),
            Mode::Check { .. } => (None, None, None),
            Mode::Script { own_rules, .. } | Mode::Sim(SimArgs { own_rules, .. }) => {
                (None, Some(own_rules.clone()), None)
            }
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Mode::New { .. } => "new",
            Mode::Resume { .. } => "resume",
            Mode::List { .. } => "list",
            Mode::Check { .. } => "check",
            Mode::Report { .. } => "report",
            Mode::Replay { .. } => "replay",
            Mode::Script { .. } => "script",
            Mode::Sim(_) => "sim",
        }
    }
}

impl Cli {
    /// The options in force: the command's own, or the title screen's with
    /// no command. An option given before a command that does not take it
    /// is refused rather than quietly ignored.
    fn options(&self) -> Result<(Folder, OwnRules, Look), String> {
        let Some(mode) = &self.command else {
            return Ok((self.folder.clone(), self.own_rules.clone(), self.look.clone()));
        };
        let (folder, own_rules, look) = mode.options();
        let data_dir = carry("--data-dir", mode.name(), self.folder.data_dir.clone(), folder.map(|f| f.data_dir))?;
        let rules =
            carry("--rules", mode.name(), self.own_rules.rules.clone(), own_rules.as_ref().map(|r| r.rules.clone()))?;
        // Given both before and after the command, the ones after win, as for any option.
        let before = Some(self.own_rules.house_rules.clone()).filter(|h| !h.is_empty());
        let after = own_rules.map(|r| Some(r.house_rules).filter(|h| !h.is_empty()));
        let house_rules = carry("--house-rule", mode.name(), before, after)?.unwrap_or_default();
        let ascii = carry_flag("--ascii", mode.name(), self.look.ascii, look.map(|l| l.ascii))?;
        Ok((Folder { data_dir }, OwnRules { rules, house_rules }, Look { ascii }))
    }
}

/// An option's value given before the command (`before`) and after it
/// (`after`, None if the command does not take the option): the one after
/// wins, and one before a command that does not take it is refused.
fn carry<T>(option: &str, command: &str, before: Option<T>, after: Option<Option<T>>) -> Result<Option<T>, String> {
    match (before, after) {
        (before, Some(after)) => Ok(after.or(before)),
        (None, None) => Ok(None),
        (Some(_), None) => Err(format!("{option} does nothing for `hexpatrol {command}`")),
    }
}

/// `carry` for a flag: set before or after the command.
fn carry_flag(option: &str, command: &str, before: bool, after: Option<bool>) -> Result<bool, String> {
    carry(option, command, before.then_some(()), after.map(|a| a.then_some(()))).map(|set| set.is_some())
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

/// A count of at least one, for `--campaigns`.
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("0 campaigns: give at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a number of campaigns (a whole number from 1)")),
    }
}

/// Stands in for a campaign's key where `--generated` was given: the
/// endless campaign. No file or built-in campaign can be called so (a key
/// has no spaces).
const GENERATED: &str = "(generated)";

/// Exit code for input that cannot be used (a bad file, no terminal).
const UNUSABLE: u8 = 2;

/// A fresh seed when the player gives none; shown at the start so a game can be replayed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

// The engine reports every step as events made of many small strings; the
// simulator plays hundreds of thousands of them a second, and mimalloc makes
// and frees them in well under half the time of the system allocator
// (docs/PERFORMANCE.md). Without the feature, the system's allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The player's own rules file and house rules, if any were given.
static RULES_FILE: std::sync::OnceLock<OwnRules> = std::sync::OnceLock::new();

/// The rule book for a new game: the player's own file if given, else the
/// built-in one, with the `--house-rule` arguments applied in order.
fn rule_book() -> Result<std::sync::Arc<hexpatrol::engine::RuleBook>, String> {
    let own = RULES_FILE.get().cloned().unwrap_or_default();
    let book = match &own.rules {
        Some(path) => {
            let text = rules::read_text(path, || "no such rules file".into()).map_err(|e| e.to_string())?;
            let file = path.display().to_string();
            rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
                .map(std::sync::Arc::new)
                .map_err(|e| e.to_string())?
        }
        None => rules::rule_book().map_err(|e| e.to_string())?,
    };
    with_house_rules(book, &own.house_rules)
}

/// `book` with each `--house-rule` argument applied, in the order given.
fn with_house_rules(
    book: std::sync::Arc<hexpatrol::engine::RuleBook>,
    arguments: &[String],
) -> Result<std::sync::Arc<hexpatrol::engine::RuleBook>, String> {
    if arguments.is_empty() {
        return Ok(book);
    }
    let mut book = (*book).clone();
    for a in arguments {
        house::apply_argument(&mut book, a).map_err(|e| format!("--house-rule {a}: {e}"))?;
    }
    Ok(std::sync::Arc::new(book))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (folder, own_rules, look) = match cli.options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("hexpatrol: {message}");
            return ExitCode::from(UNUSABLE);
        }
    };
    let house_rules_given = !own_rules.house_rules.is_empty();
    let _ = RULES_FILE.set(own_rules);
    // A house rule that cannot be applied is reported before anything else is tried.
    if house_rules_given && let Err(message) = rule_book() {
        eprintln!("hexpatrol: {message}");
        return ExitCode::from(UNUSABLE);
    }
    let data_dir = || {
        let env = std::env::var("HEXPATROL_DATA_DIR").ok();
        save::data_dir(folder.data_dir.as_deref(), env.as_deref()).map_err(|e| e.to_string())
    };
    let theme = Theme::from_env(std::env::var("NO_COLOR").ok().as_deref(), look.ascii);
    let result = match cli.command {
        None => data_dir().and_then(|d| title(d, theme)),
        Some(Mode::New { campaign, scenario, generated, name, seed, iron_man, real_dice, plain, .. }) => {
            let choice = match (scenario, campaign) {
                _ if generated => Choice::Generated,
                (Some(s), _) => Choice::Scenario(s),
                (None, c) => Choice::Campaign(c.unwrap_or_else(|| rules::default_campaign_name().to_string())),
            };
            let given = (house_rules_given, start::Table { take_backs: !iron_man, real_dice });
            match plain {
                true => data_dir().and_then(|d| new_plain(&d, &choice, name.as_deref(), seed, given.1)),
                false => data_dir().and_then(|d| new_campaign(&d, &choice, name.as_deref(), seed, given, theme)),
            }
        }
        Some(Mode::Resume { name, backup, plain: true, .. }) => {
            data_dir().and_then(|d| resume_plain(&d, name.as_deref(), backup))
        }
        Some(Mode::Resume { name, backup, .. }) => data_dir().and_then(|d| resume(&d, name.as_deref(), backup, theme)),
        Some(Mode::List { .. }) => data_dir().and_then(|d| list(&d)),
        Some(Mode::Check { generated: Some(n), .. }) => Ok(check_generated(n)),
        Some(Mode::Check { file: Some(file), .. }) => Ok(check_file(&file)),
        // clap asks for one of them; a message all the same, never a panic.
        Some(Mode::Check { .. }) => Err("give a FILE to check, or --generated N".into()),
        Some(Mode::Replay { name, patrol, .. }) => data_dir().and_then(|d| replay(&d, &name, patrol, theme)),
        Some(Mode::Report { name, patrol, output, .. }) => {
            data_dir().and_then(|d| write_report(&d, &name, patrol, output.as_deref()))
        }
        // A saved campaign keeps the house rules it began with.
        Some(Mode::Script { load: Some(_), .. }) if house_rules_given => {
            Err("--house-rule does nothing with --load: a saved campaign plays on by the house rules it began with"
                .into())
        }
        Some(Mode::Script { setup, campaign, generated, load, save, .. }) => {
            let campaign = if generated { Some(GENERATED) } else { campaign.as_deref() };
            run_script(&setup, campaign, load.as_deref(), save.as_deref())
        }
        Some(Mode::Sim(args)) => run_sim(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("hexpatrol: {message}");
            ExitCode::from(UNUSABLE)
        }
    }
}

fn need_terminal() -> Result<(), String> {
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        Ok(())
    } else {
        Err("playing needs a terminal; for scripted play use `hexpatrol script`".into())
    }
}

/// With no command: the title screen.
fn title(data_dir: PathBuf, theme: Theme) -> Result<ExitCode, String> {
    need_terminal()?;
    let book = rule_book()?;
    play(Start::Title { data_dir, book, seed: clock_seed() }, theme)
}

/// `hexpatrol new`: with `--house-rule`, straight into the game; without,
/// through the "Rules in play" page first. Either way a game that cannot
/// begin is refused before the terminal is taken.
fn new_campaign(
    data_dir: &Path,
    choice: &Choice,
    name: Option<&str>,
    seed: Option<u64>,
    (house_rules_given, table): (bool, start::Table),
    theme: Theme,
) -> Result<ExitCode, String> {
    need_terminal()?;
    let book = rule_book()?;
    let seed = seed.unwrap_or_else(clock_seed);
    if house_rules_given {
        let opened = start::new_game(data_dir, book, choice, name, seed, table).map_err(|e| e.to_string())?;
        return play(Start::Game(Box::new(opened)), theme);
    }
    let words = start::check_new(data_dir, &book, choice, name).map_err(|e| e.to_string())?;
    let new = (choice.clone(), words, seed);
    let name = name.map(str::to_string);
    play(Start::NewGame { data_dir: data_dir.to_path_buf(), book, new, name, table }, theme)
}

/// `hexpatrol new --plain`: the game begins at once (the rules in play are
/// the defaults, or `--house-rule`'s), in plain lines.
fn new_plain(
    data_dir: &Path,
    choice: &Choice,
    name: Option<&str>,
    seed: Option<u64>,
    table: start::Table,
) -> Result<ExitCode, String> {
    let book = rule_book()?;
    let seed = seed.unwrap_or_else(clock_seed);
    let opened = start::new_game(data_dir, book, choice, name, seed, table).map_err(|e| e.to_string())?;
    play_plain(opened)
}

/// The campaign `resume` opens: the one named, else the most recent; with
/// `backup`, its last good save restored first.
fn name_to_resume(data_dir: &Path, name: Option<&str>, backup: bool) -> Result<String, String> {
    let name = match name {
        Some(n) => n.to_string(),
        None => {
            save::most_recent(data_dir).ok_or("there is no campaign to go on with: start one with `hexpatrol new`")?
        }
    };
    if backup {
        if !save::valid_name(&name) {
            return Err(format!("'{name}' is not a campaign name: see `hexpatrol list`"));
        }
        let path = save::campaign_path(data_dir, &name);
        let slot = Slot::open(&path).map_err(|e| e.to_string())?;
        let from = slot.restore_backup().map_err(|e| e.to_string())?;
        let held = save::read(&from).map(|kept| format!(" ({})", save::holds(&kept))).unwrap_or_default();
        println!("Restored {} from {}{held}.", path.display(), from.display());
    }
    Ok(name)
}

/// `hexpatrol resume --plain` (or `play --plain`).
fn resume_plain(data_dir: &Path, name: Option<&str>, backup: bool) -> Result<ExitCode, String> {
    let name = name_to_resume(data_dir, name, backup)?;
    let opened = start::open_game(data_dir, &name).map_err(|e| e.to_string())?;
    play_plain(opened)
}

/// Plays in plain lines on standard input and output, wrapped to the
/// terminal's width (80 columns when it cannot be told).
fn play_plain(opened: Opened) -> Result<ExitCode, String> {
    let width = ratatui::crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
    let width = if io::stdout().is_terminal() { width } else { 80 };
    match hexpatrol::plain::run(opened, io::stdin().lock(), io::stdout().lock(), width) {
        Ok(hexpatrol::plain::Ended::Quit) => Ok(ExitCode::SUCCESS),
        Ok(hexpatrol::plain::Ended::SaveFailed(e)) => {
            Err(format!("{e}\nThe game stopped here; the last good save is intact."))
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.to_string()),
    }
}

fn resume(data_dir: &Path, name: Option<&str>, backup: bool, theme: Theme) -> Result<ExitCode, String> {
    // Refused before anything is touched: restoring a backup and opening a
    // campaign write files. A file that will not load is reported all the
    // same, as reading it changes nothing.
    if backup {
        need_terminal()?;
    }
    let name = name_to_resume(data_dir, name, backup)?;
    start::check_game(data_dir, &name).map_err(|e| e.to_string())?;
    need_terminal()?;
    let opened: Opened = start::open_game(data_dir, &name).map_err(|e| e.to_string())?;
    play(Start::Game(Box::new(opened)), theme)
}

/// Plays at the terminal, and says afterwards where the game was left.
fn play(start: Start, theme: Theme) -> Result<ExitCode, String> {
    match tui::run(start, theme).map_err(|e| format!("the terminal failed: {e}"))? {
        Ended::Quit => Ok(ExitCode::SUCCESS),
        Ended::SaveFailed(e) => Err(format!("{e}\nThe game stopped here; the last good save is intact.")),
    }
}

fn list(data_dir: &Path) -> Result<ExitCode, String> {
    save::check_folder(data_dir).map_err(|e| e.to_string())?;
    let found = save::list(data_dir);
    if found.is_empty() {
        println!("No saved campaigns in {}.", data_dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    println!("{:<20} {:<28} {:<9} {:<16} last played", "name", "campaign", "patrol", "phase");
    for l in found {
        match l.problem {
            Some(p) => println!("{:<20} cannot be read: {p}", l.name),
            None => println!(
                "{:<20} {:<28} {:<9} {:<16} {}",
                l.name,
                l.title,
                format!("{} of {}", l.patrol, l.patrols),
                l.phase,
                save::when(l.saved_at)
            ),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn check_file(path: &Path) -> ExitCode {
    checked(check::check(path), |kind| format!("{}: a good {kind}", path.display()))
}

/// `hexpatrol check --generated N`.
fn check_generated(n: u32) -> ExitCode {
    checked(check::generated(n), |kind| format!("A good {kind}:"))
}

/// What `check` found, told: `heading` of the kind of thing checked and
/// its notes, or the problem (exit 2).
fn checked(found: Result<check::Checked, String>, heading: impl Fn(&str) -> String) -> ExitCode {
    match found {
        Ok(what) => {
            println!("{}", heading(what.kind));
            for line in &what.notes {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("hexpatrol: {message}");
            ExitCode::from(UNUSABLE)
        }
    }
}

/// `hexpatrol report`: the campaign's report, or one patrol's, to a file or standard output.
fn write_report(data_dir: &Path, name: &str, patrol: Option<u32>, output: Option<&Path>) -> Result<ExitCode, String> {
    let sources = report::Sources::load(data_dir, name).map_err(|e| e.to_string())?;
    let text = match patrol {
        Some(k) => sources.patrol(k).map_err(|e| e.to_string())?,
        None => sources.campaign(),
    };
    match output {
        Some(path) => {
            save::write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        None => written(io::stdout().lock().write_all(text.as_bytes())),
    }
}

/// `hexpatrol replay`: patrol K of the campaign (the last one finished if
/// none is named; the one under way if K is its number) played again from
/// its orders, and watched at the terminal. Nothing is written.
fn replay(data_dir: &Path, name: &str, patrol: Option<u32>, theme: Theme) -> Result<ExitCode, String> {
    use hexpatrol::session::replay::Replay;
    let (path, save) = save::read_named(data_dir, name).map_err(|e| e.to_string())?;
    let campaign = save.campaign;
    let under_way = campaign.patrol.is_some().then_some(campaign.finished + 1);
    let k = match (patrol, campaign.finished) {
        (Some(k), _) => k,
        (None, 0) => under_way.ok_or(format!("campaign '{name}' has no patrol to replay yet"))?,
        (None, n) => n,
    };
    let watched = if Some(k) == under_way {
        Replay::of_patrol_under_way(&campaign).map_err(|e| e.to_string())?
    } else {
        let record = match &campaign.unarchived {
            Some(r) if r.number == k => r.clone(),
            _ => {
                let file = path.with_extension("records").join(format!("patrol-{k:03}.ron"));
                if k == 0 || k > campaign.finished || !file.exists() {
                    let finished = match campaign.finished {
                        0 => "has no finished patrol".to_string(),
                        1 => "has finished patrol 1 only".to_string(),
                        n => format!("has finished patrols 1 to {n}"),
                    };
                    return Err(format!("campaign '{name}' {finished}: there is no record of patrol {k}"));
                }
                save::read_record(&file).map_err(|e| e.to_string())?
            }
        };
        Replay::of_record(&record, campaign.book.clone()).map_err(|e| e.to_string())?
    };
    need_terminal()?;
    play(Start::Replay(Box::new((campaign, name.to_string(), watched))), theme)
}

/// A one-patrol campaign of a scenario.
fn single(setup: &Setup) -> Result<Campaign, String> {
    let book = rule_book()?;
    let name = setup.scenario.as_deref().unwrap_or(rules::default_scenario_name());
    let scenario = rules::scenario(name, &book).map_err(|e| e.to_string())?;
    Ok(Campaign::single(&scenario, setup.seed.unwrap_or_else(clock_seed), book))
}

fn run_script(
    setup: &Setup,
    campaign: Option<&str>,
    load: Option<&Path>,
    save_to: Option<&Path>,
) -> Result<ExitCode, String> {
    // Never write over a campaign file that was not the one loaded.
    if let Some(to) = save_to.filter(|p| p.exists()) {
        let same = load.is_some_and(|from| from.canonicalize().ok() == to.canonicalize().ok());
        if !same {
            return Err(format!(
                "{} exists: to go on with it give --load {0} --save {0}; to start afresh, save somewhere new",
                to.display()
            ));
        }
    }
    // Take the lock before reading, so that nobody writes the file in between.
    let slot = save_to.map(Slot::open).transpose().map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    let mut opening = Vec::new();
    let mut game = match (load, campaign) {
        (Some(path), _) => {
            let how = format!("copy it over {} to go on from there", path.display());
            save::read(path).map_err(|e| start::bad_save(&e, path, &how))?.campaign
        }
        (None, Some(key)) => {
            let book = rule_book()?;
            let seed = setup.seed.unwrap_or_else(clock_seed);
            match key {
                GENERATED => rules::endless(book, seed).map_err(|e| e.to_string())?,
                _ => rules::campaign(key, &book).map_err(|e| e.to_string())?.start(seed, book),
            }
        }
        (None, None) => single(setup)?,
    };
    if load.is_none() {
        opening = game.begin().map_err(|e| e.to_string())?;
    }
    if let Some(slot) = &slot {
        slot.save(&mut game, session::now()).map_err(|e| e.to_string())?;
    }
    let ran = session::write_events(&mut out, &opening)
        .and_then(|()| script::run(&mut game, slot.as_ref(), io::stdin().lock(), out, io::stderr().lock()));
    match ran {
        Ok(script::Stop::Done(0)) => Ok(ExitCode::SUCCESS),
        Ok(script::Stop::Done(_)) => Ok(ExitCode::from(1)),
        Ok(script::Stop::SaveFailed(e)) => Err(format!("{e}\nStopped here; the last good save is intact.")),
        // The reader went away (`| head`): stop quietly, as other tools do.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.to_string()),
    }
}

/// A progress bar on standard error, drawn only when that is a terminal,
/// counting `what` (patrols, campaigns).
fn progress(len: u64, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template(&format!("{{bar:30}} {{pos}}/{{len}} {what}, {{rate}}, {{eta}} left"))
    {
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0} a second", state.per_sec());
        };
        bar.set_style(style.with_key("rate", rate));
    }
    bar
}

/// The JSON form of a summary, one object on a line.
fn write_json(out: &mut impl Write, summary: &impl serde::Serialize) -> io::Result<()> {
    // Keep the kind of an I/O error (a closed pipe ends quietly).
    let io_error = |e: serde_json::Error| match e.io_error_kind() {
        Some(kind) => io::Error::new(kind, e),
        None => io::Error::other(e),
    };
    serde_json::to_writer(&mut *out, summary).map_err(io_error).and_then(|()| writeln!(out))
}

/// What a run wrote, as the exit code: a reader that went away (`| head`) ends it quietly.
fn written(result: io::Result<()>) -> Result<ExitCode, String> {
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.to_string()),
    }
}

fn sim_pool(args: &SimArgs) -> Result<rayon::ThreadPool, String> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n as usize);
    }
    pool.build().map_err(|e| format!("cannot start the threads: {e}"))
}

/// Patrols an endless campaign is stopped after in the simulator, unless
/// `--patrols-per-campaign` says otherwise.
const PATROLS_PER_CAMPAIGN: u32 = 10;

/// `sim --campaign` (or `--generated`: `key` is None): whole campaigns,
/// the roster carried over.
fn run_campaigns(args: &SimArgs, key: Option<&str>, campaigns: u64) -> Result<ExitCode, String> {
    let book = rule_book()?;
    let seed = args.seed.unwrap_or(1);
    // Every campaign is this one with its own seed.
    if key.is_some() && args.patrols_per_campaign.is_some() {
        return Err("--patrols-per-campaign is for --generated: a campaign of written patrols ends on its own".into());
    }
    let (start, cap) = match key {
        Some(key) => (rules::campaign(key, &book).map_err(|e| e.to_string())?.start(seed, book), None),
        None => (
            rules::endless(book, seed).map_err(|e| e.to_string())?,
            Some(args.patrols_per_campaign.unwrap_or(PATROLS_PER_CAMPAIGN)),
        ),
    };
    let run = sim::Run { seed, first: args.first, campaigns, cap };
    if run.numbers().is_none() {
        return Err(format!("--first {} and --campaigns {campaigns} run past the last campaign number", args.first));
    }
    let pool = sim_pool(args)?;
    let bar = progress(campaigns, "campaigns");
    let tick = || bar.inc(1);
    let result = if args.events {
        let out = io::BufWriter::with_capacity(1 << 16, io::stdout());
        pool.install(|| sim::campaign::stream(&start, &run, out, &tick))
    } else {
        let mut out = io::stdout().lock();
        let tally = pool.install(|| sim::campaign::run(&start, &run, &tick)).map_err(|e| e.to_string())?;
        let summary = sim::CampaignSummary::new(tally, run, &start);
        if args.json { write_json(&mut out, &summary) } else { sim::write_campaign_text(&summary, &mut out) }
    };
    bar.finish_and_clear();
    written(result)
}

fn run_sim(args: &SimArgs) -> Result<ExitCode, String> {
    let (patrols, seed) = match (&args.campaign, args.campaigns, args.patrols, args.seed) {
        (Some(key), Some(n), _, _) => return run_campaigns(args, Some(key), n),
        (None, Some(n), _, _) if args.generated => return run_campaigns(args, None, n),
        (None, Some(_), _, _) => return Err("--campaigns N needs --campaign NAME or --generated".into()),
        (None, _, Some(patrols), Some(seed)) => (patrols, seed),
        // clap asks for these; a message all the same, never a panic.
        _ => {
            return Err("give --patrols N --seed S, --campaign NAME --campaigns N, or --generated --campaigns N".into());
        }
    };
    let book = rule_book()?;
    let name = args.scenario.as_deref().unwrap_or(rules::default_scenario_name());
    let scenario = rules::scenario(name, &book).map_err(|e| e.to_string())?;
    let game = Game::new(book.clone(), &scenario, seed).map_err(|e| format!("{name}: {e}"))?;
    let plan = sim::Plan { seed, first: args.first, patrols };
    if plan.numbers().is_none() {
        return Err(format!("--first {} and --patrols {patrols} run past the last patrol number", args.first));
    }
    let pool = sim_pool(args)?;
    let bar = progress(patrols, "patrols");
    let tick = || bar.inc(1);
    let written_out = if args.events {
        // The stream is written from the pool's thread, so it takes the unlocked handle.
        let out = io::BufWriter::with_capacity(1 << 16, io::stdout());
        pool.install(|| sim::stream(&book, &scenario, &plan, out, &tick))
    } else {
        let mut out = io::stdout().lock();
        let tally = pool.install(|| sim::run(&book, &scenario, &plan, &tick)).map_err(|e| e.to_string())?;
        let summary = sim::Summary::new(tally, plan, &game);
        if args.json { write_json(&mut out, &summary) } else { sim::write_text(&summary, &mut out) }
    };
    bar.finish_and_clear();
    written(written_out)
}
