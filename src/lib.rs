//! hexpatrol: a solo WWII patrol wargame on a hex map, after the Lone
//! Warrior solo patrol rules.
//!
//! - [`engine`]: the rules as a pure, deterministic state machine.
//! - [`rules`]: the rules data under `assets/`, loaded and checked.
//! - [`script`]: the headless runner, text commands in and JSON Lines out.
//! - [`sim`]: many patrols played by the built-in policies, summed up.
//! - [`narrate`]: events in words, for people.
//! - [`console`]: a plain line-by-line way to play in a terminal.

pub mod check;
pub mod console;
pub mod engine;
pub mod narrate;
pub mod rules;
pub mod save;
pub mod script;
pub mod sim;
