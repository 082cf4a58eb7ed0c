//! The ground a rule book knows: each kind of terrain, how it is drawn,
//! the cover it gives and whether it blocks sight or the way.

use crate::engine::vocabulary::name::Name;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    None,
    Soft,
    Hard,
}

impl Cover {
    /// For choosing hexes: hard cover first (0), then soft, then none.
    pub fn preference(self) -> u8 {
        match self {
            Cover::Hard => 0,
            Cover::Soft => 1,
            Cover::None => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub key: Name,
    pub name: Name,
    /// The character that stands for this terrain in a scenario's map rows.
    pub glyph: char,
    /// Added to the incident need when a section enters (woods and buildings: -1).
    pub incident_modifier: i32,
    pub cover: Cover,
    pub blocks_sight: bool,
    pub passable: bool,
}
