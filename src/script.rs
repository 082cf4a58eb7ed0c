//! The headless runner: commands in, one per line; events out as JSON Lines.
//!
//! Besides the game's commands (see `Command`), a line may be `auto N`: the
//! patrol-leader policy makes the next N decisions; or `odds QUESTION`: the
//! exact odds of a roll, which changes nothing. Blank lines and lines
//! starting with `#` are skipped. A line that does not parse or is not legal
//! now is reported on the error stream with its line number and changes nothing.

use std::io::{self, BufRead, Write};

use serde::Serialize;

use crate::engine::{Command, Event, Game, OddsAnswer, OddsQuery, policy};

/// What the runner does with one line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Skip,
    Play(Command),
    Auto(u32),
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
pub fn auto(game: &mut Game, n: u32) -> (Vec<Event>, Option<crate::engine::RuleError>) {
    let mut events = Vec::new();
    for _ in 0..n {
        let Some(command) = policy::decide(game) else { break };
        events.push(Event::Auto { command: command.to_string() });
        match game.apply(&command) {
            Ok(more) => events.extend(more),
            Err(e) => return (events, Some(e)),
        }
    }
    (events, None)
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

/// Runs a script against `game`. Returns how many lines failed.
///
/// # Errors
/// Only failures to read input or write output.
pub fn run(game: &mut Game, input: impl BufRead, mut out: impl Write, mut err: impl Write) -> io::Result<usize> {
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
        let error = match parse_line(line) {
            Ok(Line::Skip) => None,
            Ok(Line::Play(command)) => match game.apply(&command) {
                Ok(events) => write_events(&mut out, &events).map(|()| None)?,
                Err(e) => Some(format!("line {number}: {}: {e}", line.trim())),
            },
            Ok(Line::Odds(query)) => match game.odds(&query) {
                Ok(answer) => write_odds(&mut out, &answer).map(|()| None)?,
                Err(e) => Some(format!("line {number}: {}: {e}", line.trim())),
            },
            Ok(Line::Auto(k)) => {
                let (events, refused) = auto(game, k);
                write_events(&mut out, &events)?;
                refused.map(|e| format!("line {number}: auto: the patrol leader's order was refused: {e}"))
            }
            Err(e) => Some(format!("line {number}:{}: {}", e.column, e.message)),
        };
        if let Some(message) = error {
            failed += 1;
            writeln!(err, "{message}")?;
        }
    }
    out.flush()?;
    Ok(failed)
}
