//! What the company level gives each of its teams beyond what every man
//! has: whether it is green.

/// A team's own state under the company level (its `Kit`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Man {
    /// Green troops (conscripts): easier to pin, and never saved by
    /// concealment.
    pub conscript: bool,
}

impl Man {
    /// A team as it sets out.
    pub const START: Man = Man { conscript: false };
}
