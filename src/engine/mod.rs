//! The rules of hexpatrol, played out: a pure, deterministic state machine.
//!
//! `Game::apply` takes a `Command` and returns the `Event`s it caused, or a
//! `RuleError` saying why the command is not legal now. An illegal command
//! changes nothing: every handler checks first and acts after. This module
//! touches no terminal, file, clock, environment or global RNG; all chance
//! comes from the `Dice` kept in the game state.

pub mod action;
pub mod book;
mod patrol;
pub mod players;
pub mod vocabulary;

pub mod cache;
pub mod campaign;
pub mod dice;
pub mod generate;
pub mod map;
pub mod ruleset;

mod consistency;
mod game;
mod odds;
mod reading;
mod sides;

pub use action::shot::Marksman;
pub use book::RuleBook;
pub use book::scenario::Scenario;
pub use cache::Cache;
pub use cache::memo::Memo;
pub use dice::chance::Chance;
pub use dice::{DiceSet, Faces, Modifier, Modifiers, Purpose, Roll};
pub use game::{Game, RuleError};
pub use map::Map;
pub use odds::{OddsAnswer, OddsQuery, Outcome, RollOdds, Spread};
pub use ruleset::{Odds, RuleSet};
pub use vocabulary::command::PointUse;
pub use vocabulary::command::{Command, Target};
pub use vocabulary::composition::Composition;
pub use vocabulary::event::Event;
pub use vocabulary::name::Name;
pub use vocabulary::phase::{Action, Card, Phase, Priority};
pub use vocabulary::pos::Pos;
pub use vocabulary::sink::{Events, Keep};
pub use vocabulary::soldier::{Section, Side, Soldier, State};

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
