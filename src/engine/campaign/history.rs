//! What taking orders back needs to keep (`takeback.rs`): the patrol as it
//! set out and the orders played since. Its check is the campaign's
//! (`check.rs`).

use serde::{Deserialize, Serialize};

use crate::engine::game::Game;

/// What taking orders back in the patrol under way needs: the patrol as it
/// set out and every order played in it since, in the command language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct History {
    pub setout: Game,
    /// How many events of the campaign's log came before the first order
    /// (replacements, reissued weapons, the start).
    pub opening: usize,
    pub orders: Vec<String>,
}
