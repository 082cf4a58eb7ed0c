//! Names in the game's state and its events: soldiers, sections, terrain,
//! weapons, incidents, and the fixed words events are written with.
//!
//! Events name the men and things they concern, and a patrol makes some 500
//! of them: held as `String`s, those names were copied about a thousand times
//! a patrol, and the allocations were the largest single cost of playing one.
//! A `Name` is a `SmolStr`: a text of up to 23 bytes (every name the rules and
//! scenarios use) is kept inline, a longer one is shared behind an `Arc`, and
//! a `&'static str` is kept as it is, so copying a name never allocates and
//! costs no atomic count either. It reads as a `&str` and serializes as a
//! plain string: the event stream and the saves do not change.

pub type Name = smol_str::SmolStr;

/// A name written with `format!`'s syntax, kept inline when short enough.
pub use smol_str::format_smolstr as format_name;
