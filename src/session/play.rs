//! A parsed line played against a campaign: a command applied, a patrol
//! begun, the patrol leader's decisions taken, or a question about the odds
//! answered.

use crate::engine::campaign::Campaign;
use crate::engine::vocabulary::name::format_name;
use crate::engine::{Cache, Event, OddsAnswer, OddsQuery, RuleError, players::leader};

use super::Line;

/// Every function here takes the `Cache` its front end keeps beside the
/// campaign: what the engine works out about the map, kept from one line
/// to the next (it never changes what happens).
///
/// Lets the patrol leader make up to `n` decisions (fewer if the patrol
/// ends). Returns the events, each chosen command announced by an `auto`
/// event, and the error if the game refused a command the policy chose (a
/// bug in the policy); the events before it stand.
pub fn auto(campaign: &mut Campaign, cache: &mut Cache, n: u32) -> (Vec<Event>, Option<RuleError>) {
    if campaign.patrol.is_none() {
        let why =
            if campaign.is_over() { "the campaign is over" } else { "no patrol is under way: begin the next one" };
        return (Vec::new(), Some(RuleError::Campaign(why.into())));
    }
    if let Some(w) = &campaign.waiting {
        return (Vec::new(), Some(RuleError::Dice(format!("'{w}' waits for its dice: throw them first (dice 4 3)"))));
    }
    let mut events = Vec::new();
    for _ in 0..n {
        let Some(command) = campaign.patrol.as_ref().and_then(|g| leader::decide(g, cache)) else { break };
        events.push(Event::Auto { command: format_name!("{command}") });
        match campaign.apply(&command, cache) {
            Ok(more) => events.extend(more),
            Err(e) => return (events, Some(e)),
        }
        // The leader's order waits for the player's dice: he stops there.
        if campaign.waiting.is_some() {
            break;
        }
    }
    (events, None)
}

/// Carries out one parsed line against the campaign. `odds` lines are
/// questions, not moves: `ask` answers them.
///
/// # Errors
/// Why the line was refused; events played before a refusal inside `auto` come back too.
pub fn play_line(
    campaign: &mut Campaign,
    cache: &mut Cache,
    line: Line,
) -> Result<Vec<Event>, (Vec<Event>, RuleError)> {
    match line {
        Line::Skip => Ok(Vec::new()),
        Line::Play(command) => campaign.apply(&command, cache).map_err(|e| (Vec::new(), e)),
        Line::Begin => campaign.begin().map_err(|e| (Vec::new(), e)),
        Line::Issue { weapon, man } => campaign.issue(&weapon, &man).map_err(|e| (Vec::new(), e)),
        Line::Odds(query) => ask(campaign, cache, &query).map(|_| Vec::new()).map_err(|e| (Vec::new(), e)),
        Line::Undo(n) => campaign.undo(n, cache).map_err(|e| (Vec::new(), e)),
        Line::Dice(throw) => campaign.give(throw, cache).map_err(|e| (Vec::new(), e)),
        Line::Withdraw => campaign.withdraw().map(|_| Vec::new()).map_err(|e| (Vec::new(), e)),
        Line::RealDice(on) => campaign.set_real_dice(on, cache).map_err(|e| (Vec::new(), e)),
        Line::Auto(k) => match auto(campaign, cache, k) {
            (events, None) => Ok(events),
            (events, Some(e)) if !events.is_empty() => {
                Err((events, RuleError::Order(format!("the patrol leader's order was refused: {e}"))))
            }
            (events, Some(e)) => Err((events, e)),
        },
    }
}

/// Answers an odds question about the patrol under way; changes nothing.
///
/// # Errors
/// No patrol is under way, or the question does not apply now.
pub fn ask(campaign: &Campaign, cache: &Cache, query: &OddsQuery) -> Result<OddsAnswer, RuleError> {
    match &campaign.patrol {
        Some(game) => game.odds(cache, query),
        None => Err(RuleError::Odds("no patrol is under way: begin the next one".into())),
    }
}
