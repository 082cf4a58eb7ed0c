//! The headless runner: commands in, one per line; events out as JSON Lines.
//!
//! Besides the game's commands (see `Command`), a line may be `auto N` (the
//! patrol-leader policy makes the next N decisions), `begin` (the
//! campaign's next patrol sets out) or `odds QUESTION` (the exact odds of a
//! roll, which changes nothing). Blank lines and lines
//! starting with `#` are skipped. A line that does not parse or is not legal
//! now is reported on the error stream with its line number and changes nothing.

use std::io::{self, BufRead, Write};

use serde::Serialize;

use crate::engine::campaign::Campaign;
use crate::engine::name::format_name;
use crate::engine::{Command, Event, OddsAnswer, OddsQuery, RuleError, policy};
use crate::save::{SaveError, Slot};

/// What the runner does with one line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Skip,
    Play(Command),
    Auto(u32),
    /// Begin the campaign's next patrol.
    Begin,
    /// A question about the odds: answered, and nothing changes.
    Odds(OddsQuery),
}

/// Parses a line of the command language.
///
/// # Errors
/// The 1-based column and what was wrong.
pub fn parse_line(text: &str) -> Result<Line, crate::engine::command::ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(Line::Skip);
    }
    if trimmed.eq_ignore_ascii_case("begin") {
        return Ok(Line::Begin);
    }
    let mut words = trimmed.split_whitespace();
    let verb = words.next().unwrap_or("");
    if verb.eq_ignore_ascii_case("odds") {
        // The question follows the word; its columns are counted from the line's start.
        let (head, question) = text.split_at(text.len() - text.trim_start().len() + verb.len());
        let shift = head.chars().count();
        return question
            .parse()
            .map(Line::Odds)
            .map_err(|e| crate::engine::command::ParseError { column: e.column + shift, message: e.message });
    }
    if verb.eq_ignore_ascii_case("auto") {
        let indent = text.len() - text.trim_start().len();
        let col = indent + 6;
        let n = words.next().ok_or(crate::engine::command::ParseError {
            column: col,
            message: "expected how many decisions, e.g. auto 10".into(),
        })?;
        if let Some(extra) = words.next() {
            return Err(crate::engine::command::ParseError {
                column: col + n.len() + 1,
                message: format!("unexpected '{extra}' after the command"),
            });
        }
        return n.parse().map(Line::Auto).map_err(|_| crate::engine::command::ParseError {
            column: col,
            message: format!("'{n}' is not a number of decisions"),
        });
    }
    text.parse().map(Line::Play)
}

/// Lets the patrol leader make up to `n` decisions (fewer if the patrol
/// ends). Returns the events, each chosen command announced by an `auto`
/// event, and the error if the game refused a command the policy chose (a
/// bug in the policy); the events before it stand.
pub fn auto(campaign: &mut Campaign, n: u32) -> (Vec<Event>, Option<RuleError>) {
    if campaign.patrol.is_none() {
        let why =
            if campaign.is_over() { "the campaign is over" } else { "no patrol is under way: begin the next one" };
        return (Vec::new(), Some(RuleError(why.into())));
    }
    let mut events = Vec::new();
    for _ in 0..n {
        let Some(command) = campaign.patrol.as_ref().and_then(policy::decide) else { break };
        events.push(Event::Auto { command: format_name!("{command}") });
        match campaign.apply(&command) {
            Ok(more) => events.extend(more),
            Err(e) => return (events, Some(e)),
        }
    }
    (events, None)
}

/// Carries out one parsed line against the campaign. `odds` lines are
/// questions, not moves: `ask` answers them.
///
/// # Errors
/// Why the line was refused; events played before a refusal inside `auto` come back too.
pub fn play_line(campaign: &mut Campaign, line: Line) -> Result<Vec<Event>, (Vec<Event>, RuleError)> {
    match line {
        Line::Skip => Ok(Vec::new()),
        Line::Play(command) => campaign.apply(&command).map_err(|e| (Vec::new(), e)),
        Line::Begin => campaign.begin().map_err(|e| (Vec::new(), e)),
        Line::Odds(query) => ask(campaign, &query).map(|_| Vec::new()).map_err(|e| (Vec::new(), e)),
        Line::Auto(k) => match auto(campaign, k) {
            (events, None) => Ok(events),
            (events, Some(e)) if !events.is_empty() => {
                Err((events, RuleError(format!("the patrol leader's order was refused: {e}"))))
            }
            (events, Some(e)) => Err((events, e)),
        },
    }
}

/// Answers an odds question about the patrol under way; changes nothing.
///
/// # Errors
/// No patrol is under way, or the question does not apply now.
pub fn ask(campaign: &Campaign, query: &OddsQuery) -> Result<OddsAnswer, RuleError> {
    match &campaign.patrol {
        Some(game) => game.odds(query),
        None => Err(RuleError("no patrol is under way: begin the next one".into())),
    }
}

/// An odds answer as the runner prints it: `{"event":"odds", ...}`.
#[derive(Serialize)]
struct OddsLine<'a> {
    event: &'static str,
    #[serde(flatten)]
    answer: &'a OddsAnswer,
}

/// Writes an odds answer as one JSON line.
///
/// # Errors
/// Only failures to write.
pub fn write_odds(out: &mut impl Write, answer: &OddsAnswer) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &OddsLine { event: "odds", answer }).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Writes events as JSON Lines, one object per line.
///
/// # Errors
/// Only failures to write.
pub fn write_events(out: &mut impl Write, events: &[Event]) -> io::Result<()> {
    for e in events {
        serde_json::to_writer(&mut *out, e).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Seconds since 1970, for the save's time stamp.
pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A line, or a message that quotes one, as an error shows it: at most
/// its first 200 characters.
fn echo(line: &str) -> String {
    const SHOWN: usize = 200;
    let line = line.trim();
    match line.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &line[..end]),
        None => line.to_string(),
    }
}

/// How a script run ended.
#[derive(Debug)]
pub enum Stop {
    /// Every line was read; this many failed.
    Done(usize),
    /// The campaign could not be saved; the run stopped there.
    SaveFailed(SaveError),
}

/// Runs a script against `campaign`, saving after every line to `slot` if given.
///
/// # Errors
/// Only failures to read input or write output.
pub fn run(
    campaign: &mut Campaign,
    slot: Option<&Slot>,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<Stop> {
    let mut failed = 0;
    for (n, bytes) in input.split(b'\n').enumerate() {
        let number = n + 1;
        let line = match String::from_utf8(bytes?) {
            Ok(text) => text,
            Err(_) => {
                failed += 1;
                writeln!(err, "line {number}: not valid UTF-8 text")?;
                continue;
            }
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        let line = if number == 1 { line.strip_prefix('\u{feff}').unwrap_or(line) } else { line };
        let parsed = match parse_line(line) {
            Ok(Line::Skip) => continue,
            Ok(parsed) => parsed,
            Err(e) => {
                failed += 1;
                writeln!(err, "line {number}:{}: {}", e.column, echo(&e.message))?;
                continue;
            }
        };
        if let Line::Odds(query) = &parsed {
            match ask(campaign, query) {
                Ok(answer) => write_odds(&mut out, &answer)?,
                Err(e) => {
                    failed += 1;
                    writeln!(err, "line {number}: {}: {}", echo(line), echo(&e.to_string()))?;
                }
            }
            continue;
        }
        let (events, error) = match play_line(campaign, parsed) {
            Ok(events) => (events, None),
            Err((events, e)) => (events, Some(e)),
        };
        // Events are printed once their save is on disk: a command whose save
        // failed printed nothing, as the game goes on from the last good save.
        if let Some(slot) = slot
            && !events.is_empty()
            && let Err(e) = slot.save(campaign, now())
        {
            out.flush()?;
            return Ok(Stop::SaveFailed(e));
        }
        write_events(&mut out, &events)?;
        if let Some(e) = error {
            failed += 1;
            writeln!(err, "line {number}: {}: {}", echo(line), echo(&e.to_string()))?;
        }
    }
    out.flush()?;
    Ok(Stop::Done(failed))
}
