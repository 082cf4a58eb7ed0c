//! What the fire a man comes under does to him beside his wounds, and what
//! he may do on his card: the part of the seam the reaction, suppression,
//! pinning and activation rules of a rule set answer. Lone Warrior has none
//! of them: its men are always `Steady` and may always act.

use serde::{Deserialize, Serialize};

use crate::engine::dice::Roll;
use crate::engine::ruleset::registry::Kit;
pub use crate::engine::vocabulary::soldier::Pressure;

/// A reaction test, a rally or a suppression: the roll, if the rule rolls
/// one, the pressure the man is under after it, and his rule set's own
/// state of him after it where the rule changes that too (None: as it was).
#[derive(Clone, Debug, PartialEq)]
pub struct Reaction {
    pub roll: Option<Roll>,
    pub pressure: Pressure,
    pub kit: Option<Kit>,
}

/// What a man may be asked to do on his card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deed {
    /// Step, carry a comrade, leave the map.
    Move,
    /// Aimed fire, indirect fire, calling the guns.
    Fire,
    /// A step into a hex where an able enemy stands: hand to hand (asked
    /// beside `Move`, which it needs too).
    Charge,
}

/// What a man may do on the card that is up, as his activation left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leave {
    pub may_move: bool,
    pub may_fire: bool,
}

impl Leave {
    /// Anything his state allows: no activation rule held him back.
    pub const FREE: Leave = Leave { may_move: true, may_fire: true };

    pub fn is_free(&self) -> bool {
        *self == Leave::FREE
    }

    pub fn allows(self, deed: Deed) -> bool {
        match deed {
            Deed::Move | Deed::Charge => self.may_move,
            Deed::Fire => self.may_fire,
        }
    }
}

impl Default for Leave {
    fn default() -> Self {
        Leave::FREE
    }
}
