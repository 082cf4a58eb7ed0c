//! The simulator: whole patrols played by the built-in policies on both
//! sides (the patrol leader for the squad, the engine's own enemy), summed
//! up or streamed as events.
//!
//! Patrol K of a run with seed S plays with `patrol_seed(S, K)`: the K-th
//! number of a SplitMix64 generator started at S. Patrol K therefore comes
//! out the same alone or inside any run, split or whole, on any number of
//! threads. Patrols run on every core (rayon); a summary is made of plain
//! counts whose sums do not depend on the order the threads finish in, and
//! an event stream is written in patrol order. Nothing is kept per patrol
//! except, for `--events`, the lines of the patrols in flight.

pub mod campaign;
mod campaign_report;
mod report;
mod tally;

pub use campaign::{CampaignTally, Run};
pub use campaign_report::{CampaignSummary, write_campaign_text};
pub use report::{Summary, write_text};
pub use tally::{CheckKey, Checks, Counts, Tally};

use std::io::{self, Write};
use std::ops::Range;

use rayon::prelude::*;
use serde::Serialize;

use std::sync::Arc;

use crate::engine::campaign::Campaign;
use crate::engine::{Cache, Command, Event, Events, Game, Keep, RuleBook, Scenario, players::leader};
use crate::session;

/// Decisions a patrol may take before it is given up as unfinished; the
/// patrol leader ends a Hedgerow Farm patrol in a few hundred at most.
pub const MAX_DECISIONS: u32 = 100_000;

/// Patrols whose event lines are held at once when streaming, so the
/// stream can be written in order while every core keeps busy.
const STREAM_BATCH: u64 = 256;

/// Which patrols to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Plan {
    pub seed: u64,
    /// The number of the first patrol; patrols are numbered from 1.
    pub first: u64,
    pub patrols: u64,
}

impl Plan {
    /// The numbers of the patrols, or None if they would run past the largest number.
    pub fn numbers(&self) -> Option<Range<u64>> {
        Some(self.first..self.first.checked_add(self.patrols)?)
    }
}

/// Patrol `k`'s seed in a run with seed `seed`: the `k`-th output of
/// SplitMix64 (Steele, Lea and Flood 2014) started at `seed`, i.e. the
/// finaliser applied to `seed + k * 0x9E3779B97F4A7C15` (wrapping).
pub fn patrol_seed(seed: u64, k: u64) -> u64 {
    use crate::engine::dice::{GOLDEN_GAMMA, mix64};
    mix64(seed.wrapping_add(k.wrapping_mul(GOLDEN_GAMMA)))
}

/// Why a run of the simulator cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("the patrol numbers run past the largest there is")]
    PatrolNumbers,
    #[error("the campaign numbers run past the largest there is")]
    CampaignNumbers,
    /// The engine refuses to set the scenario's patrol out (what it says).
    #[error("{scenario}: {why}")]
    Scenario { scenario: String, why: String },
}

/// The game every patrol starts from; each is this with its own seed.
///
/// # Errors
/// The engine refusing the scenario.
fn first_game(book: &Arc<RuleBook>, scenario: &Scenario, plan: &Plan) -> Result<Game, SimError> {
    Game::new(book.clone(), scenario, plan.seed)
        .map_err(|e| SimError::Scenario { scenario: scenario.name.to_string(), why: e.to_string() })
}

/// The events `play_out` makes room for from the start: a command seldom
/// makes more (an action's end, with its casualty rolls, makes the most).
const EVENTS_ROOM: usize = 64;

/// Plays `game` to its end with the patrol leader deciding, showing each
/// event `keep` keeps to `seen`. Returns the decisions taken and why the patrol stopped
/// short of its end, if it did.
pub fn play_out(
    game: &mut Game,
    cache: &mut Cache,
    keep: Keep,
    mut seen: impl FnMut(&Game, &Event),
) -> (u64, Option<String>) {
    // One list for every command's events, cleared after each is seen. Its
    // room is enough for nearly every command at once, so it seldom grows.
    let mut events = Events::with_capacity(keep, EVENTS_ROOM);
    for n in 0..u64::from(MAX_DECISIONS) {
        let Some(command) = leader::decide(game, cache) else { return (n, None) };
        match game.apply(&command, cache, &mut events) {
            Ok(()) => {
                events.iter().for_each(|e| seen(game, e));
                events.clear();
            }
            Err(e) => return (n + 1, Some(format!("the patrol leader's '{command}' was refused: {e}"))),
        }
        // Most decisions turn a card: a `Turn` holds nothing to free, so it
        // is let go without a call to drop a command (some 20 instructions).
        if matches!(command, Command::Turn) {
            std::mem::forget(command);
        }
    }
    (u64::from(MAX_DECISIONS), Some(format!("no end after {MAX_DECISIONS} decisions")))
}

/// Plays the plan's patrols and counts what happened. `tick` is called
/// once for each patrol played, from whichever thread played it.
///
/// # Errors
/// The scenario cannot be played, or the plan runs past the last patrol number.
pub fn run(
    book: &Arc<RuleBook>,
    scenario: &Scenario,
    plan: &Plan,
    tick: &(dyn Fn() + Sync),
) -> Result<Tally, SimError> {
    let numbers = plan.numbers().ok_or(SimError::PatrolNumbers)?;
    let start = first_game(book, scenario, plan)?;
    // Every patrol plays on the one map: what is worked out about it is shared.
    let mut shared = Cache::new();
    shared.fit(&start);
    Ok(numbers
        .into_par_iter()
        .fold(
            || (Tally::default(), shared.clone()),
            |(mut tally, mut cache), k| {
                let mut game = start.reseeded(patrol_seed(plan.seed, k));
                // The tally counts only what a summary does: the rest need not be made.
                let (decisions, problem) = play_out(&mut game, &mut cache, Keep::Summary, |g, e| tally.observe(g, e));
                tally.close(k, &game, decisions, problem);
                tick();
                (tally, cache)
            },
        )
        .map(|(tally, _)| tally)
        .reduce(Tally::default, Tally::merge))
}

/// The lines `--events` writes for patrol `k`: a `patrol_start` line, then
/// exactly what `hexpatrol script --seed SEED` prints for `auto` played to the end.
fn patrol_lines(book: &Arc<RuleBook>, scenario: &Scenario, plan: &Plan, k: u64) -> io::Result<Vec<u8>> {
    #[derive(Serialize)]
    struct PatrolStart {
        event: &'static str,
        patrol: u64,
    }
    // Played as the runner plays a scenario: a campaign of one patrol.
    let mut campaign = Campaign::single(scenario, patrol_seed(plan.seed, k), book.clone());
    let mut out = Vec::new();
    serde_json::to_writer(&mut out, &PatrolStart { event: "patrol_start", patrol: k }).map_err(io::Error::other)?;
    out.push(b'\n');
    session::write_events(&mut out, &campaign.begin().map_err(|e| io::Error::other(e.reason()))?)?;
    let (events, _) = session::auto(&mut campaign, &mut Cache::new(), MAX_DECISIONS);
    session::write_events(&mut out, &events)?;
    Ok(out)
}

/// Streams every patrol's events as JSON Lines, in patrol order.
///
/// # Errors
/// Failures to write, or a plan that runs past the last patrol number.
pub fn stream(
    book: &Arc<RuleBook>,
    scenario: &Scenario,
    plan: &Plan,
    out: impl Write,
    tick: &(dyn Fn() + Sync),
) -> io::Result<()> {
    let numbers = plan.numbers().ok_or_else(|| io::Error::other("the patrol numbers run past the largest there is"))?;
    // Fail here, once, if the scenario cannot be played at all.
    first_game(book, scenario, plan).map_err(io::Error::other)?;
    stream_in_order(numbers, STREAM_BATCH, out, tick, |k| patrol_lines(book, scenario, plan, k))
}

/// Writes `lines(k)` for every number of `numbers`, in order, made `batch`
/// at a time on all cores: the patrols' stream and the campaigns' alike.
/// `tick` is called as each is made.
fn stream_in_order(
    numbers: Range<u64>,
    batch: u64,
    mut out: impl Write,
    tick: &(dyn Fn() + Sync),
    lines: impl Fn(u64) -> io::Result<Vec<u8>> + Sync,
) -> io::Result<()> {
    let mut next = numbers.start;
    while next < numbers.end {
        let end = numbers.end.min(next.saturating_add(batch));
        let made: Vec<io::Result<Vec<u8>>> = (next..end)
            .into_par_iter()
            .map(|k| {
                let made = lines(k);
                tick();
                made
            })
            .collect();
        for lines in made {
            out.write_all(&lines?)?;
        }
        next = end;
    }
    out.flush()
}

#[cfg(test)]
mod tests;
