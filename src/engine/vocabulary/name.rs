//! Names in the game's state and its events: soldiers, sections, terrain,
//! weapons, incidents, and the fixed words events are written with; and the
//! keys the rule book's tables are searched by.
//!
//! Events name the men and things they concern, and a patrol makes hundreds
//! of them: held as `String`s, every copy of a name was an allocation, and
//! copies are made all the time (docs/PERFORMANCE.md has the history).
//! A `Name` is a `SmolStr`: a text of up to 23 bytes (every name the rules and
//! scenarios use) is kept inline, a longer one is shared behind an `Arc`, and
//! a `&'static str` is kept as it is, so copying a name never allocates and
//! costs no atomic count either. It reads as a `&str` and serializes as a
//! plain string: the event stream and the saves do not change.

pub type Name = smol_str::SmolStr;

/// A name written with `format!`'s syntax, kept inline when short enough.
pub use smol_str::format_smolstr as format_name;

/// Whether a table's key `k` is `key`. The rules' keys are a few bytes
/// long, and the tables are searched in order for every weapon weighed or
/// fired: a call to `memcmp` for every key of the same length cost more
/// than the comparison itself, and so did comparing byte by byte. A key of
/// 4 to 8 bytes is compared as two 4-byte words, its first and its last
/// four bytes (which may overlap).
pub(in crate::engine) fn is_key(k: &str, key: &str) -> bool {
    let (a, b) = (k.as_bytes(), key.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    match a.len() {
        4..=8 => a.first_chunk::<4>() == b.first_chunk() && a.last_chunk::<4>() == b.last_chunk(),
        _ => a.iter().zip(b).all(|(x, y)| x == y),
    }
}

#[cfg(test)]
#[path = "name_tests.rs"]
mod tests;
