//! What Combat Patrol gives each of its men beyond what every man has: a
//! critical wound's course, the medic's training, the grenades he has
//! thrown, his weapon's ammunition, and his part in a drag this turn.

use crate::engine::ruleset::own_state::own_state;

own_state! {
    /// A man's own state under Combat Patrol (his `Kit`).
    pub struct Man {
        /// A critically wounded man's next death test: he dies on this or
        /// less; None until it has moved from the rule set's first need.
        pub dies_on: Option<u8> = None,
        /// A trained medic: better at saving the dying.
        pub medic: bool = false,
        /// Hand grenades he has thrown (each man carries the rule book's number).
        pub grenades_thrown: u8 = 0,
        /// Uses of his weapon's ammunition spent since it was last loaded (or,
        /// limited, in the game): `Rules::ammo` reads it.
        pub spent: u8 = 0,
        /// Reload actions done on his empty weapon.
        pub reloaded: u8 = 0,
        /// Dragged by a comrade this turn: he fires one worse.
        pub dragged: bool = false,
        /// The move halves of his cards to come this turn that a drag has
        /// spent already (a dragged hex counts twice).
        pub moves_owed: u8 = 0,
    }
}
