//! The game's limits, in one list. Each is enforced in the same way by the
//! checks on data files (`rules/`), by the checks on a save read back or
//! about to be written (`consistency`, `save/`) and by play, so that what
//! one part accepts no other part refuses.
//!
//! Each limit is set so that play cannot carry a game past it, or, where
//! play could (a patrol's log grows with every card), so that the save
//! layer refuses to write the file with a message and keeps the last good
//! one, rather than writing one it would refuse to read.

/// The most hexes a map may have along either side. A map's hexes are
/// also counted against `CAMPAIGN_HEXES`.
pub const MAP_SIDE: i32 = 1000;

/// The most terrain types a rule book may list: a map keeps each hex's
/// terrain as a byte, an index into that list.
pub const TERRAIN_TYPES: usize = 256;

/// The most patrols a campaign may have, finished and to come. Playing a
/// patrol moves it from the ones to come to the finished ones, so the sum
/// never grows. A thousand patrols is years of evenings (the built-in
/// campaigns have a handful), and their plans come to some 0.6 MB of a
/// save: with every other limit reached as well, a save begins well under
/// `FILE_BYTES` and leaves most of it to the patrol under way.
pub const PATROLS: usize = 1_000;

/// The most hexes of all the maps of a campaign's patrols to come, put
/// together: a save holds every one of those maps as text, and this keeps
/// them to some 4 MB, four maps of the largest size. (A campaign file's
/// patrols use the built-in maps; only a hand-made save comes near this.)
pub const CAMPAIGN_HEXES: usize = 4_000_000;

/// The most men a squad, a roster or a list of replacements may have.
pub const MEN: usize = 1_000;

/// How far past the enemies already met a game may number the next one
/// (`next_enemy`). An enemy met takes the next number and joins the
/// roster, so the difference never grows in play, and with the roster
/// bounded by `FILE_BYTES` the number itself cannot run out.
pub const ENEMY_NUMBERS: u32 = 1_000_000;

/// The most a campaign's counters may hold (a man's experience, hits and
/// patrols; rookies and replacements used), so that adding to one never
/// runs past 32 bits. A patrol adds to each at most its events' worth
/// times `EXPERIENCE_STEP`, and a rule book gives at most that much a hit
/// or a patrol.
pub const COUNTER: u32 = 1 << 30;

/// `count` with `more` added, held at `COUNTER`: play keeps every counter
/// within what a save may hold, so a campaign at its limits still saves.
pub fn counted(count: u32, more: u32) -> u32 {
    count.saturating_add(more).min(COUNTER)
}

/// The most throws of the player's own dice a campaign keeps waiting to be
/// used (typed ahead, or owed after a take-back): far more than any order
/// rolls, and a bound on what a save may hold.
pub const THROWS_KEPT: usize = 10_000;

/// The most experience a rule book may give for a patrol or for a hit.
pub const EXPERIENCE_STEP: u32 = 1_000;

/// The most bytes a hexpatrol file may have: a bigger one is refused before
/// it is read, and a save that would be bigger is refused before it is
/// written (the last good save is kept). Set by how long a file takes to
/// load: RON reads the slowest things a save holds (a patrol's events, the
/// plans of the patrols to come) at some 30 to 60 MB a second on the
/// 2-core machine, with a load of 5 to 2 beside it, so that a save of
/// 8 MiB of events loads in 0.21 s to 0.13 s (docs/SAVES.md, "At the
/// limits"); at 64 MiB it took 1.4 s even once the version was read
/// without reading the whole file. What play
/// keeps is far smaller: a save that play makes at every other limit at
/// once is under 4 MB (a campaign file's patrols are on the built-in maps;
/// a scenario's map of 1000 by 1000 hexes is 1 MB each time a save holds
/// it: the plan, the patrol, the patrol as it set out), which
/// leaves room for a patrol of some 20,000 events, more than three times
/// the longest of 6,000 simulated. The save of a longer one is not written:
/// the game stops with a message, and the last good save is kept.
pub const FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The most bytes of one line of a script that are read: a longer line is
/// reported from its start and passed over without being held whole (a
/// command naming every man of the largest squad is far shorter).
pub const SCRIPT_LINE_BYTES: usize = 1 << 20;

/// For `skip_serializing_if`: a count still at nought.
pub fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
#[path = "limits_tests.rs"]
mod tests;
