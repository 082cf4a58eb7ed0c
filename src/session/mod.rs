//! The command layer every front end shares: the command language, and
//! playing a line of it against a campaign.
//!
//! The terminal game, the headless runner, the simulator and the start of a
//! campaign all go through here, so that a key, a typed command and a script
//! line do exactly the same thing. None of those front ends imports another;
//! what two of them need lives here.
//!
//! - [`line`]: a line of text into a [`Line`]: a command, `auto N`, `begin`, `odds ...`;
//!   the one parser of the command language, for every front end.
//! - [`play`]: a [`Line`] played against a campaign, the patrol leader's
//!   decisions ([`auto`]) and the odds of a roll ([`ask`]).
//! - [`jsonl`]: events and odds written as JSON Lines, the form the runner
//!   prints and the simulator streams.
//! - [`clock`]: the time of day a save is stamped with.
//! - [`replay`]: a patrol played again order by order from where it set
//!   out, a frame after each order (`hexpatrol replay`).
//! - [`start`]: a new campaign started and saved, or a saved one opened:
//!   what the command line and the title screen both do.

pub mod clock;
pub mod jsonl;
pub mod line;
pub mod play;
pub mod replay;
pub mod start;

pub use clock::now;
pub use jsonl::{write_events, write_odds};
pub use line::{Line, LineError, parse_line, parse_typed};
pub use play::{ask, auto, play_line};
