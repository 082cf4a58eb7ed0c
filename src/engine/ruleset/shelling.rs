//! The part of the seam for rule sets whose indirect fire scatters and lays
//! a blast template over every man under it (European Battlefield): the
//! loop says who fires what at which hex, the rule set rolls where it lands
//! and what it does, and the loop applies it. Rule sets without it leave
//! `Rules::indirect` at its default, and their indirect fire is `bombard`'s
//! roll and the six-triangle hex template.

use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Pressure, Soldier};

/// What fires indirectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gun<'a> {
    /// A weapon on the map (a mortar), by the rule book's weapon key.
    Weapon(&'a str),
    /// The patrol's off-board battery, called by radio.
    Battery,
    /// An air strike.
    AirStrike,
}

/// Indirect fire as the loop gathers it for the rule set.
pub struct Shot<'a> {
    pub gun: Gun<'a>,
    /// The man whose Shoot value it fires at: the mortar's gunner, the radio
    /// operator who called the guns; none for an air strike.
    pub spotter: Option<&'a Soldier>,
    /// The hex aimed at.
    pub aim: Pos,
    /// A man on the map in the hex aimed at moved this turn.
    pub target_moved: bool,
    /// Off-board guns: a rangefinder man is beside the radio operator.
    pub rangefinder: bool,
    /// Smoke in place of shells.
    pub smoke: bool,
    /// The whole roster, both sides: the template falls on whoever is under it.
    pub men: &'a [Soldier],
}

/// Where a shot landed and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shelled {
    /// The hex it landed on; none when it went over the horizon.
    pub landed: Option<Pos>,
    /// The template's reach around that hex, in hexes.
    pub radius: u32,
    /// The men its wound rolls took (places in `Shot::men`).
    pub lost: Vec<usize>,
    /// Each squad it hit, by the places of its able men, with the pressure
    /// it is under now, where that changed.
    pub pressed: Vec<(Vec<usize>, Pressure)>,
    /// The vehicles it hurt (rule sets with vehicles of their own), each
    /// by its place in `Shot::men` (`VehicleHurt::target`).
    pub vehicles: Vec<crate::engine::ruleset::VehicleHurt>,
}
