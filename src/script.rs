//! The headless runner: commands in, one per line; events out as JSON Lines.
//!
//! The runner is only the reading and the writing: each line is parsed and
//! played by the command layer every front end shares (`session`: the
//! language, `auto`, `begin`, `odds`), and what it made is written out. A
//! line that does not parse or is not legal now is reported on the error
//! stream with its line number and changes nothing.

use std::io::{self, BufRead, Write};

use crate::engine::Cache;
use crate::engine::campaign::Campaign;
use crate::save::{SaveError, Slot};
use crate::session::{self, Line};

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
    // What the engine works out about the map, kept from line to line.
    let mut cache = Cache::new();
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
        let parsed = match session::parse_line(line) {
            Ok(Line::Skip) => continue,
            Ok(parsed) => parsed,
            Err(e) => {
                failed += 1;
                writeln!(err, "line {number}:{}: {}", e.column, echo(&e.message))?;
                continue;
            }
        };
        if let Line::Odds(query) = &parsed {
            match session::ask(campaign, &cache, query) {
                Ok(answer) => session::write_odds(&mut out, &answer)?,
                Err(e) => {
                    failed += 1;
                    writeln!(err, "line {number}: {}: {}", echo(line), echo(&e.to_string()))?;
                }
            }
            continue;
        }
        let (events, error) = match session::play_line(campaign, &mut cache, parsed) {
            Ok(events) => (events, None),
            Err((events, e)) => (events, Some(e)),
        };
        // Events are printed once their save is on disk: a command whose save
        // failed printed nothing, as the game goes on from the last good save.
        if let Some(slot) = slot
            && !events.is_empty()
            && let Err(e) = slot.save(campaign, session::now())
        {
            out.flush()?;
            return Ok(Stop::SaveFailed(e));
        }
        session::write_events(&mut out, &events)?;
        if let Some(e) = error {
            failed += 1;
            writeln!(err, "line {number}: {}: {}", echo(line), echo(&e.to_string()))?;
        }
    }
    out.flush()?;
    Ok(Stop::Done(failed))
}
