//! The game's words, shared by every part of the engine: positions and
//! names, the two sides and their soldiers, the phase a patrol is in and its
//! cards, the commands a player gives, the events the engine reports and
//! the list they go to, and the limits a game is held to.

pub mod command;
pub mod composition;
pub mod enemy_ids;
pub mod event;
pub(in crate::engine) mod fields;
pub mod limits;
pub mod name;
pub(in crate::engine) mod phase;
pub mod pos;
pub(in crate::engine) mod side;
pub mod sink;
pub mod soldier;
