//! What the company level gives each of its teams beyond what every man
//! has: whether it is green.

use crate::engine::ruleset::own_state::own_state;

own_state! {
    /// A team's own state under the company level (its `Kit`).
    pub struct Man {
        /// Green troops (conscripts): never saved by concealment, and, under
        /// the house rule `pinning_by_experience`, easier to pin.
        pub conscript: bool = false,
    }
}
