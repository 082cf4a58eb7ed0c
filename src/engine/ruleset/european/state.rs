//! What a European Battlefield game keeps beside its men, as the game's
//! state holds it and a save writes it: the smoke banks on the map
//! (`barrage.rs` lays them and lets them drift) and the enemy's off-board
//! battery (`enemy_battery.rs` calls it). Plain values, so that the game's
//! state is read without the rules that change it.

use serde::{Deserialize, Serialize};

use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

/// A bank of smoke on the map: its template's hexes around `hex`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmokeBank {
    pub hex: Pos,
    pub radius: u32,
}

impl SmokeBank {
    pub fn covers(&self, p: Pos) -> bool {
        self.hex.distance(p) <= self.radius
    }
}

/// The enemy's battery, while it has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyBattery {
    /// Fire missions it will still fire this action.
    pub missions: u32,
    /// A call on its way, landing at STOP: the hex and who called it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<(Pos, Name)>,
}
