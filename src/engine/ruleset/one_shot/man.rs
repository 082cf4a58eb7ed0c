//! What One Shot gives each of its men beyond what every man has: how
//! shaken he is by the fire that has missed him.

use crate::engine::ruleset::own_state::own_state;

own_state! {
    /// A man's own state under One Shot (his `Kit`).
    pub struct Man {
        /// Each miss at him shakes him one more (to the tables' most), and
        /// makes his nerve harder to keep; rallying steadies him again.
        pub shaken: u8 = 0,
    }
}
