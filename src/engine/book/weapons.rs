//! The weapons a rule book knows, and the range bands of aimed fire.

use crate::engine::vocabulary::name::Name;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub key: Name,
    pub name: Name,
    pub kind: WeaponKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WeaponKind {
    /// Aimed fire: the longest distance, in hexes, of each range band.
    /// A band whose limit equals the one before it does not exist for the weapon.
    Direct { short: u32, medium: u32, long: u32 },
    /// Indirect fire on a hex: need the hex count or more on a D6.
    Mortar { max_range: u32 },
    /// An anti-tank weapon (its ranges are in the arsenal's A/T table); at
    /// men its man fires his side arm.
    AntiTank { side_arm: Name },
    /// A gun (a tank's, an anti-tank gun's): at a hex of men it fires H.E.
    /// by the arsenal's H.E. rules; at one man, its side arm if it has one
    /// (a tank's hull MG).
    Gun { side_arm: Option<Name> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Band {
    Short,
    Medium,
    Long,
}

impl Band {
    pub fn name(self) -> &'static str {
        match self {
            Band::Short => "short",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }

    /// The next longer band, or None past long.
    pub fn longer(self) -> Option<Band> {
        match self {
            Band::Short => Some(Band::Medium),
            Band::Medium => Some(Band::Long),
            Band::Long => None,
        }
    }
}
