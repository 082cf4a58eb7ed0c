//! What a rule set says of special firing methods that reach more than the
//! man aimed at, and of ammunition that runs out (`Rules::method`,
//! `Rules::ammo`, `Rules::reload`). The loop finds the men a method reaches
//! and spends and reloads the ammunition; the rule set gives the numbers
//! and rolls its dice.

use crate::engine::dice::Roll;

/// What a weapon's special firing method does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// More shots, or other shots, at the one man aimed at: the volley,
    /// told it is the special method.
    Shots,
    /// No shot is rolled: every man within `radius` hexes of the target's
    /// hex, the target too, of either side, takes the reaction test
    /// (`Rules::suppressed`) `worse` harder.
    Spray { radius: u32, worse: i32 },
    /// An arc of fire: every man the gunner sees in a hex within `degrees`
    /// of the line to the target and within `reach` hexes, of either side,
    /// is fired at `Rules::bullets` times, and one no bullet hits takes the
    /// reaction test `worse` harder. The target must be within `reach`.
    Arc { degrees: u32, reach: u32, worse: i32 },
}

impl Method {
    /// The name reaction tests and events give a method that reaches more
    /// men than one, and how much harder its reaction test is.
    pub fn reach(self) -> Option<(&'static str, i32)> {
        match self {
            Method::Shots => None,
            Method::Spray { worse, .. } => Some(("spray", worse)),
            Method::Arc { worse, .. } => Some(("machine_gun", worse)),
        }
    }
}

/// A man's weapon's ammunition, as the rule set reads it from what he has
/// spent (`Soldier::spent`, `Soldier::reloaded`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ammo {
    /// Uses left before it must be reloaded (limited ammunition: for the game).
    pub left: u8,
    /// The uses a full load holds.
    pub load: u8,
    /// Every use spends it (limited ammunition), or only the special method.
    pub every_use: bool,
    /// Reload actions done and the least still to do, for ammunition that
    /// is reloaded; None for limited ammunition.
    pub reload: Option<(u8, u8)>,
}

impl Ammo {
    /// Whether firing by the special method (`special`) or the standard one
    /// spends a use.
    pub fn spent_by(&self, special: bool) -> bool {
        self.every_use || special
    }

    /// As the roster shows it: "2/4", "empty 1/3" while reloading, "out".
    pub fn words(&self) -> String {
        match (self.left, self.reload) {
            (0, Some((done, more))) => format!("empty {done}/{}", done.saturating_add(more)),
            (0, None) => "out".into(),
            (left, _) => format!("{left}/{}", self.load),
        }
    }
}

/// One reload action (`Rules::reload`): the roll it took, if any, and
/// whether the weapon is now loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct Reloading {
    pub roll: Option<Roll>,
    pub loaded: bool,
}
