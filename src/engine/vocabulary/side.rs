//! The two sides of a fight: the patrol and the enemy.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Friendly,
    Enemy,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Friendly => "friendly",
            Side::Enemy => "enemy",
        }
    }

    /// The side it fights.
    pub fn other(self) -> Side {
        match self {
            Side::Friendly => Side::Enemy,
            Side::Enemy => Side::Friendly,
        }
    }
}
