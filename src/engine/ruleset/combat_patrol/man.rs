//! What Combat Patrol gives each of its men beyond what every man has: a
//! critical wound's course, the medic's training, the grenades he has
//! thrown, and his weapon's ammunition.

/// A man's own state under Combat Patrol (his `Kit`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Man {
    /// A critically wounded man's next death test: he dies on this or
    /// less; None until it has moved from the rule set's first need.
    pub dies_on: Option<u8>,
    /// A trained medic: better at saving the dying.
    pub medic: bool,
    /// Hand grenades he has thrown (each man carries the rule book's number).
    pub grenades_thrown: u8,
    /// Uses of his weapon's ammunition spent since it was last loaded (or,
    /// limited, in the game): `Rules::ammo` reads it.
    pub spent: u8,
    /// Reload actions done on his empty weapon.
    pub reloaded: u8,
}

impl Man {
    /// A man as he sets out.
    pub const START: Man = Man { dies_on: None, medic: false, grenades_thrown: 0, spent: 0, reloaded: 0 };
}
