//! European Battlefield's army list (the article's section XV, fitted to
//! the patrol loop): the support units bought beside the enemy an incident
//! brings, and its off-board artillery. Read with the rest of its tables
//! (`european.rs`).

use serde::{Deserialize, Serialize};

use crate::engine::vocabulary::name::Name;

/// How the enemy met at an incident is bought (`European::army`): the
/// incident's own group is the core unit; then a die is rolled for each
/// support unit, at most `supports_per_core`, each bought if the points
/// left pay for it, until one cannot be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// The points an enemy met is bought to, unless the scenario gives its
    /// own (`Scenario::enemy_points`).
    pub budget: u32,
    /// The most support units to a core unit (the article: two).
    pub supports_per_core: u32,
    /// The support units, groups of `forces`; a die's six faces are shared
    /// among them in order (three: two faces each).
    pub support: Vec<Name>,
    /// The article's artillery units: an off-board battery, bought as one
    /// of a core unit's supports when its force has a radio operator.
    /// Tables written before it buy none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery: Option<Artillery>,
}

/// The enemy's off-board battery (`Army::artillery`): what it costs, who
/// calls it, and how many missions it fires.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    /// The name the `force` event gives it.
    pub name: Name,
    pub points: u32,
    /// The role of the radio operator who calls it (the Funker): it is
    /// bought only when the force has one, and called only while one is able.
    pub radio: String,
    /// Fire missions it fires in an action.
    pub missions: u32,
}

/// The words a support roll gives, by the place in `Army::support` it picks.
pub const SUPPORT_ROLLS: [&str; 6] = ["support_1", "support_2", "support_3", "support_4", "support_5", "support_6"];

impl Army {
    /// The place in `support` a die showing `face` picks.
    pub fn pick(&self, face: u32) -> usize {
        (face.clamp(1, 6) as usize - 1) * self.support.len() / 6
    }
}
