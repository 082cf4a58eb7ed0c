//! One Shot's own tables: a D12 fire table by distance, and the numbers of
//! its men's nerve. A rule book holds them in its field `one_shot` (a save
//! writes them there), and a game whose book has none plays by the ones
//! here (`OneShotTables::built_in`, put in its book by `Rules::fit_book`).

use serde::{Deserialize, Serialize};

/// The rule set's tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OneShotTables {
    /// The fire table, nearest first: an aimed shot at a man at most
    /// `within` hexes away hits on `need` or more on a D12.
    pub fire: Vec<FireRow>,
    /// A man shot at and missed keeps his nerve on this or more on a D6,
    /// one more for each time he has been shaken (`Man::shaken`).
    pub nerve: i32,
    /// The most a man can be shaken.
    pub most_shaken: u8,
    /// A pinned man rallies at a STOP card on this or more on a D6.
    pub rally: i32,
}

/// A row of the fire table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    pub within: u32,
    pub need: i32,
}

/// The sides of the fire table's die.
pub const FIRE_DIE: u8 = 12;

impl OneShotTables {
    /// The tables a One Shot game plays by unless its book gives others.
    pub fn built_in() -> OneShotTables {
        OneShotTables {
            fire: vec![
                FireRow { within: 2, need: 5 },
                FireRow { within: 6, need: 8 },
                FireRow { within: 99, need: 11 },
            ],
            nerve: 4,
            most_shaken: 2,
            rally: 4,
        }
    }

    /// The D12 need of an aimed shot at `distance` hexes, None beyond the table.
    pub fn need(&self, distance: u32) -> Option<i32> {
        self.fire.iter().find(|r| distance <= r.within).map(|r| r.need)
    }
}
