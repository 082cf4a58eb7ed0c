//! The endless campaign (`hexpatrol new --generated`): the default
//! campaign's squad and replacements, sent out patrol after patrol on
//! ground the map generator makes (`engine/generate`).

use std::sync::Arc;

use super::DataError;
use crate::engine::RuleBook;
use crate::engine::campaign::Campaign;

/// The endless campaign's title, as saves and lists show it.
pub const ENDLESS_TITLE: &str = "Patrols without end";

const ENDLESS_BRIEFING: &str = "Second Squad holds the line in the bocage. Every day Battalion sends it out again, \
     over ground it has not seen, with new orders, until the squad is gone or you stop.";

/// Why an endless campaign cannot be made with a rule book.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndlessError {
    /// The default campaign, whose squad it sends out, will not load.
    #[error(transparent)]
    Campaign(#[from] DataError),
    /// The map generator cannot draw with the book (what the engine says).
    #[error("{0}")]
    Ground(String),
}

/// A new endless campaign of dice seed `seed`, its first patrol's ground made.
///
/// # Errors
/// The default campaign will not load with `book`, or the generator
/// cannot draw with it (a terrain it draws with is missing).
pub fn endless(book: Arc<RuleBook>, seed: u64) -> Result<Campaign, EndlessError> {
    let def = super::campaign(super::default_campaign_name(), &book)?;
    Campaign::endless((ENDLESS_TITLE, ENDLESS_BRIEFING), seed, book, &def.squad, def.replacements)
        .map_err(EndlessError::Ground)
}
