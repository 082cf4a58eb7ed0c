//! hexpatrol: a solo WWII patrol wargame on a hex map, after the Lone
//! Warrior solo patrol rules.
//!
//! - [`engine`]: the rules as a pure, deterministic state machine.
//! - [`rules`]: the rules data under `assets/`, loaded and checked.
//! - [`session`]: the command layer every front end shares: the command
//!   language, a line played against a campaign, `auto`, the odds, and the
//!   starting and opening of campaigns.
//! - [`script`]: the headless runner, text commands in and JSON Lines out.
//! - [`sim`]: many patrols played by the built-in policies, summed up.
//! - [`narrate`]: events in words, for people.
//! - [`report`]: after-action reports of a patrol or a campaign, in Markdown.
//! - [`tui`]: the game at the terminal (ratatui).
//! - [`plain`]: the same game as plain lines of text, for screen readers.
//!
//! # Cargo features
//!
//! - `mimalloc` (on by default): the binary and the benchmarks allocate with
//!   mimalloc, which makes and frees the engine's many small strings in well
//!   under half the time of the system allocator. It is a C library, so its
//!   build needs a C compiler for the target; `--no-default-features` leaves
//!   it out (the cross-platform checks in `.ci/run` do). The library itself
//!   never picks an allocator.

pub mod check;
pub mod engine;
pub mod narrate;
pub mod plain;
pub mod report;
pub mod rules;
pub mod save;
pub mod script;
pub mod session;
pub mod sim;
pub mod tui;
