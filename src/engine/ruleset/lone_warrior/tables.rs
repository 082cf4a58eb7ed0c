//! Lone Warrior's own tables: aimed fire by range band, the casualty roll,
//! hand to hand by the difference of two dice, and the six-triangle
//! template of shells and mines. Every rule book holds them (they are the
//! article's, which the built-in books begin with); the company level and
//! European Battlefield borrow the casualty roll and hand to hand.

use crate::engine::book::ground::Cover;
use crate::engine::book::weapons::Band;
use crate::engine::book::wound::Wound;
use serde::{Deserialize, Serialize};

/// To hit on a D6 by range band (short 3+, medium 4+, long 5+).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    pub short: u8,
    pub medium: u8,
    pub long: u8,
    /// A target in this cover or better counts one band longer.
    pub cover_from: Cover,
}

impl FireTable {
    pub fn need(&self, band: Band) -> u8 {
        match band {
            Band::Short => self.short,
            Band::Medium => self.medium,
            Band::Long => self.long,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyEntry {
    pub rolls: (u8, u8),
    pub wound: Wound,
}

/// One die each; a difference in `knock_out` knocks the loser over, one of
/// `kill_from` or more kills him; a tie settles nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandToHand {
    pub sides: u8,
    pub knock_out: (u8, u8),
    pub kill_from: u8,
}

/// The six-triangle hex template used by mortar, H.E. and mines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    pub triangles: u8,
}
