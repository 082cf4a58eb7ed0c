//! When a save was written, in words: the listing of campaigns and of a
//! campaign's backups show it. A file of its own, below both, since each
//! of them uses it.

/// A time stamp as `YYYY-MM-DD HH:MM` UTC.
pub fn when(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Civil date from days since 1970 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{d:02} {h:02}:{m:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::when(0), "1970-01-01 00:00");
        assert_eq!(super::when(1_796_000_000), "2026-11-30 00:53");
        assert_eq!(super::when(951_782_400), "2000-02-29 00:00");
    }
}
