//! What European Battlefield gives each of its men beyond what every man
//! has: digging in, the transport he rides with, and a vehicle dodged.

use crate::engine::ruleset::own_state::own_state;
use crate::engine::vocabulary::name::Name;

own_state! {
    /// A man's own state under European Battlefield (his `Kit`).
    pub struct Man {
        /// Dug in (the special move): prone by choice, he saves as a prone
        /// man and does not move until he gets up.
        pub dug_in: bool = false,
        /// The vehicle he rides with (the transports), in it or out of it.
        pub transport: Option<Name> = None,
        /// Inside his transport now (off the map, `pos` None, while it is on it).
        pub aboard: bool = false,
        /// He dodged a vehicle running him over this turn: he may not fire
        /// until STOP.
        pub dodged: bool = false,
    }
}
