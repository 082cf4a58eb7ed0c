//! The engine's own players: the built-in patrol leader (`auto`, the
//! simulator) and its judgement, and the enemy, which plays itself.

pub(in crate::engine) mod enemy;
pub(in crate::engine) mod enemy_assault;
pub(in crate::engine) mod enemy_moves;
pub mod leader;
pub(in crate::engine) mod tactics;
