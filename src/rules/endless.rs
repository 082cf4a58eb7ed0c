//! The endless campaign (`hexpatrol new --generated`): the default
//! campaign's squad and replacements, sent out patrol after patrol on
//! ground the map generator makes (`engine/generate`).

use std::sync::Arc;

use crate::engine::RuleBook;
use crate::engine::campaign::Campaign;

/// The endless campaign's title, as saves and lists show it.
pub const ENDLESS_TITLE: &str = "Patrols without end";

const ENDLESS_BRIEFING: &str = "Second Squad holds the line in the bocage. Every day Battalion sends it out again, \
     over ground it has not seen, with new orders, until the squad is gone or you stop.";

/// A new endless campaign of dice seed `seed`, its first patrol's ground made.
///
/// # Errors
/// The default campaign will not load with `book`, or the generator
/// cannot draw with it (a terrain it draws with is missing).
pub fn endless(book: Arc<RuleBook>, seed: u64) -> Result<Campaign, String> {
    let def = super::campaign(super::default_campaign_name(), &book).map_err(|e| e.to_string())?;
    Campaign::endless((ENDLESS_TITLE, ENDLESS_BRIEFING), seed, book, &def.squad, def.replacements)
}
