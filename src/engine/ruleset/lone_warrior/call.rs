//! The patrol's guns on call, as data: the battery a scenario gives it,
//! a mission called and not yet landed, and what a call brings. What the
//! guns do is in `support.rs` (the radio's H.E.) and `barrage.rs` (shells
//! that scatter, smoke, the air strike).

use serde::{Deserialize, Serialize};

use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

/// The patrol's off-board battery (a scenario's `battery:`), and what it has
/// fired so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battery {
    /// The radio operator: only he calls the guns and the air strike.
    pub radio: Name,
    /// A man with a rangefinder: beside the radio operator, the guns do not
    /// scatter the extra die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rangefinder: Option<Name>,
    /// Fire missions called so far.
    #[serde(default)]
    pub missions: u32,
    /// Air strikes called so far.
    #[serde(default)]
    pub air_strikes: u32,
}

/// H.E. fire called and not yet landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireMission {
    pub hex: Pos,
    /// Who called it; the hex count is from where he stood.
    pub caller: Name,
    pub distance: u32,
    /// What the patrol's battery was called for (European Battlefield):
    /// shells, smoke or an air strike.
    #[serde(default, skip_serializing_if = "Called::is_shells")]
    pub called: Called,
}

/// What a call brings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Called {
    #[default]
    Shells,
    Smoke,
    Air,
}

impl Called {
    pub fn is_shells(&self) -> bool {
        *self == Called::Shells
    }
}
