//! What a hit did to a man, as a casualty table or a wound chart says it.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    Flesh,
    Serious,
    Dead,
    /// Combat Patrol's light wound: no moving on his own, -1 to shooting.
    Light,
    /// Combat Patrol's critical wound: dies without aid.
    Critical,
}

impl Wound {
    pub fn name(self) -> &'static str {
        match self {
            Wound::Flesh => "flesh_wound",
            Wound::Serious => "serious_wound",
            Wound::Dead => "dead",
            Wound::Light => "light_wound",
            Wound::Critical => "critical_wound",
        }
    }
}
