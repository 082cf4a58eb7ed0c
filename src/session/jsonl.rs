//! Events and odds as JSON Lines, one object per line: what the headless
//! runner prints and the simulator's `--events` streams. The two must match
//! byte for byte (a patrol of the simulator replays in the runner), so both
//! write through here.

use std::io::{self, Write};

use serde::Serialize;

use crate::engine::{Event, OddsAnswer};

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
