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
use crate::engine::vocabulary::limits::SCRIPT_LINE_BYTES;
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

/// Reads the next line of `input` into `line`, without its newline, keeping
/// at most `SCRIPT_LINE_BYTES` of it: the rest of a longer line is read and
/// let go, so that memory stays bounded whatever the input. None at the end
/// of the input; else whether the line was kept whole.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let (mut whole, mut any) = (true, false);
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        let room = SCRIPT_LINE_BYTES.saturating_sub(line.len());
        whole &= part.len() <= room;
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = end.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            return Ok(Some(whole));
        }
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
    let mut input = input;
    let mut bytes = Vec::new();
    let mut number = 0;
    while let Some(whole) = next_line(&mut input, &mut bytes)? {
        number += 1;
        if !whole {
            failed += 1;
            let start = String::from_utf8_lossy(&bytes);
            writeln!(err, "line {number}:1: longer than {SCRIPT_LINE_BYTES} bytes, so no command: {}", echo(&start))?;
            continue;
        }
        let line = match std::str::from_utf8(&bytes) {
            Ok(text) => text,
            Err(_) => {
                failed += 1;
                writeln!(err, "line {number}:1: not valid UTF-8 text")?;
                continue;
            }
        };
        let line = line.strip_suffix('\r').unwrap_or(line);
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
                    writeln!(err, "line {number}:1: {}: {}", echo(line), echo(&e.to_string()))?;
                }
            }
            continue;
        }
        let dice = matches!(parsed, Line::Dice(_) | Line::Withdraw | Line::RealDice(_));
        let (events, error) = match session::play_line(campaign, &mut cache, parsed) {
            Ok(events) => (events, None),
            Err((events, e)) => (events, Some(e)),
        };
        // An order waiting for the player's dice, or dice given or switched,
        // are kept in the save as much as what happened.
        let wanted = campaign.wanted(&mut cache);
        let changed = !events.is_empty() || (error.is_none() && (dice || wanted.is_some()));
        // Events are printed once their save is on disk: a command whose save
        // failed printed nothing, as the game goes on from the last good save.
        if let Some(slot) = slot
            && changed
            && let Err(e) = slot.save(campaign, session::now())
        {
            out.flush()?;
            return Ok(Stop::SaveFailed(e));
        }
        session::write_events(&mut out, &events)?;
        if let Some(e) = error {
            failed += 1;
            writeln!(err, "line {number}:1: {}: {}", echo(line), echo(&e.to_string()))?;
        } else if let (Some(w), Some(order)) = (wanted, &campaign.waiting) {
            // Not a failure: the next line may be the throw.
            writeln!(err, "line {number}:1: '{order}' waits for dice: {} (give it with a `dice` line)", w.ask())?;
        }
    }
    out.flush()?;
    Ok(Stop::Done(failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line past the limit is reported from its start and passed over,
    /// without being held whole; the lines around it are read as ever, a
    /// last line without a newline included.
    #[test]
    fn a_line_past_the_limit_is_passed_over() {
        let long = "x".repeat(SCRIPT_LINE_BYTES * 3 + 5);
        let input = format!("hold\r\n{long}\n\nzzz");
        let mut reader = std::io::BufReader::with_capacity(4096, input.as_bytes());
        let mut line = Vec::new();
        let mut read = Vec::new();
        while let Some(whole) = next_line(&mut reader, &mut line).unwrap() {
            assert!(line.len() <= SCRIPT_LINE_BYTES);
            read.push((whole, line.len(), line.first().copied()));
        }
        assert_eq!(
            read,
            [(true, 5, Some(b'h')), (false, SCRIPT_LINE_BYTES, Some(b'x')), (true, 0, None), (true, 3, Some(b'z'))]
        );
        let book = crate::rules::rule_book().unwrap();
        let s = crate::rules::scenario(crate::rules::default_scenario_name(), &book).unwrap();
        let mut c = Campaign::single(&s, 1, book);
        c.begin().unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let input = format!("{long}\nauto 1\n");
        let stop = run(&mut c, None, input.as_bytes(), &mut out, &mut err).unwrap();
        assert!(matches!(stop, Stop::Done(1)), "{stop:?}");
        let err = String::from_utf8(err).unwrap();
        assert!(err.starts_with(&format!("line 1:1: longer than {SCRIPT_LINE_BYTES} bytes")), "{err}");
        assert!(err.len() < 300, "{err}");
        assert!(String::from_utf8(out).unwrap().contains("\"event\":\"auto\""), "line 2 was played");
    }
}
