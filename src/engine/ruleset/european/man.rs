//! What European Battlefield gives each of its men beyond what every man
//! has: digging in, the transport he rides with, and a vehicle dodged.

use crate::engine::vocabulary::name::Name;

/// A man's own state under European Battlefield (his `Kit`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Man {
    /// Dug in (the special move): prone by choice, he saves as a prone man
    /// and does not move until he gets up.
    pub dug_in: bool,
    /// The vehicle he rides with (the transports), in it or out of it.
    pub transport: Option<Name>,
    /// Inside his transport now (off the map, `pos` None, while it is on it).
    pub aboard: bool,
    /// He dodged a vehicle running him over this turn: he may not fire
    /// until STOP.
    pub dodged: bool,
}

impl Man {
    /// A man as he sets out.
    pub const START: Man = Man { dug_in: false, transport: None, aboard: false, dodged: false };
}
