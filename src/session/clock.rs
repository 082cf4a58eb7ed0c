//! The clock. Reading it is I/O of a kind, so it lives here and never in the
//! engine, whose games must come out the same whenever they are played.

/// Seconds since 1970, for the save's time stamp.
pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
