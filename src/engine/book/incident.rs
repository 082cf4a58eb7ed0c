//! The incident check and table every patrol is played with, and the
//! enemy groups an incident brings.

use crate::engine::vocabulary::fields::yes;
use crate::engine::vocabulary::name::Name;
use serde::{Deserialize, Serialize};

/// The incident check made for every hex entered: 2D6, incident on `base`
/// or more; each earlier incident of the patrol lowers the need by one, down
/// to `max_earlier` of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentCheck {
    pub dice: u8,
    pub sides: u8,
    pub base: u8,
    pub per_earlier_incident: i32,
    pub max_earlier: u32,
    /// Whether a false alarm counts as an earlier incident. The rule says
    /// "each previous incident"; its example speaks of an encounter with the
    /// enemy. Set false to count only the incidents that were not false alarms.
    #[serde(default = "yes")]
    pub false_alarms_count: bool,
    /// Whether the check at a STOP card counts earlier incidents too. The
    /// terrain modifiers never apply there: nobody entered a hex.
    pub earlier_incidents_at_stop: bool,
    /// House rule: a minefield or booby trap rolled at a STOP card goes off
    /// in the hex of the first able man. Off, nobody stepped anywhere and
    /// nothing happens.
    #[serde(default = "yes")]
    pub mines_at_stop: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentEntry {
    /// Inclusive range of 2D6 totals that give this result.
    pub rolls: (u8, u8),
    pub name: Name,
    pub kind: IncidentKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum IncidentKind {
    FalseAlarm,
    Minefield,
    /// A booby trap: the template picks who sets it off; he rolls for his
    /// wound at once. The hex is not marked.
    BoobyTrap,
    /// An enemy group joins, placed between `min` and `max` hexes away.
    Enemy {
        group: Name,
        min: u32,
        max: u32,
    },
}

/// An enemy group from the forces list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: Name,
    /// Snipers, MG teams and mortars hold their ground.
    pub stays_put: bool,
    /// Placed where it can see the patrol, if such a hex is free.
    pub wants_sight: bool,
    pub men: Vec<Man>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Man {
    pub role: Name,
    pub weapon: Name,
    /// The first shot of a sniper or MG card misses only on a 1.
    #[serde(default)]
    pub first_shot: bool,
    /// A vehicle of this type (a key of the arsenal), its crew included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle: Option<Name>,
}
