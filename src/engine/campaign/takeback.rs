//! Take-backs with honest dice: `undo` takes back the player's last orders
//! in the patrol under way. The patrol is played again from where it set
//! out, with every order but those, so the dice are where they were before
//! them: an order taken back and given again meets the numbers it met
//! before, and no order can fish for a better roll.

use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::campaign::history::History;
use crate::engine::dice::hand::Order;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;

/// Turning a card is no decision (it is all there is to do then): taking
/// back an order takes back the cards turned after it too.
/// (A card turned with the player's dice is written `dice 4 3; turn`.)
fn is_decision(order: &str) -> bool {
    order != "turn" && !order.ends_with("; turn")
}

impl Campaign {
    /// How many of the patrol's orders so far can be taken back.
    pub fn orders_to_take_back(&self) -> usize {
        self.history.as_ref().map_or(0, |h| h.orders.iter().filter(|o| is_decision(o)).count())
    }

    /// Takes back the last `n` decisions of the patrol under way (and the
    /// cards turned after them). Returns the `TakenBack` event: the orders
    /// taken back and the rolls they made, which come up again as they were.
    ///
    /// # Errors
    /// Take-backs are off, no patrol is under way, there are fewer than `n`
    /// orders to take back, or the kept history does not play back to the
    /// patrol as it is (then nothing changes).
    pub fn undo(&mut self, n: usize, cache: &mut Cache) -> Result<Vec<Event>, RuleError> {
        if !self.take_backs {
            return refuse(RuleError::TakeBack, "this is an iron-man campaign: orders cannot be taken back");
        }
        if self.patrol.is_none() {
            return refuse(RuleError::TakeBack, "no patrol is under way: a finished patrol's orders stand");
        }
        if let Some(w) = &self.waiting {
            return refuse(RuleError::TakeBack, format!("'{w}' waits for its dice: withdraw it first (dice cancel)"));
        }
        let Some(history) = &self.history else {
            return refuse(RuleError::TakeBack, "this patrol began before take-backs were kept: its orders stand");
        };
        if n == 0 {
            return refuse(RuleError::TakeBack, "take back at least one order");
        }
        let have = self.orders_to_take_back();
        if have < n {
            return refuse(
                RuleError::TakeBack,
                match have {
                    0 => "no order of this patrol to take back".to_string(),
                    1 => "only one order of this patrol to take back".to_string(),
                    _ => format!("only {have} orders of this patrol to take back"),
                },
            );
        }
        // Where the orders kept end: before the n-th decision from the end.
        let mut cut = history.orders.len();
        let mut left = n;
        while left > 0 {
            cut -= 1;
            if is_decision(&history.orders[cut]) {
                left -= 1;
            }
        }
        // Every kept order is played again: the patrol at the cut is what
        // is kept, and the whole replay must give the very patrol and events
        // there are now; else the history is not this patrol's (a save edited
        // by hand), and nothing changes.
        let (game, log, end) = replay(history, cut, &self.log[..history.opening], cache)?;
        if self.patrol.as_ref() != Some(&end.0) || self.log != end.1 {
            return refuse(
                RuleError::TakeBack,
                "the orders kept do not play back to this patrol: nothing was taken back",
            );
        }
        let rolls = self.log[log.len()..]
            .iter()
            .filter_map(|e| match e {
                Event::Roll(r) => Some(r.clone()),
                _ => None,
            })
            .collect();
        let Some(history) = &mut self.history else { unreachable!("checked above") };
        let taken: Vec<String> = history.orders.drain(cut..).collect();
        // Faces thrown by hand for the orders taken back stand: the next
        // throws of the same dice take them, as software dice come up again.
        let thrown = taken.iter().filter_map(|o| o.parse::<Order>().ok()).flat_map(|o| o.thrown);
        self.owed.extend(thrown.flatten());
        self.owed.truncate(crate::engine::vocabulary::limits::THROWS_KEPT);
        let orders = taken.iter().map(|o| Name::from(o.as_str())).collect();
        self.patrol = Some(game);
        self.log = log;
        Ok(vec![Event::TakenBack { orders, rolls }])
    }
}

/// The patrol of `history` played again from where it set out: as it was
/// after its first `cut` orders, with the log after `opening`, and as it is
/// after them all, with its log.
type Played = (Game, Vec<Event>);

fn replay(
    history: &History,
    cut: usize,
    opening: &[Event],
    cache: &mut Cache,
) -> Result<(Game, Vec<Event>, Played), RuleError> {
    let mut game = history.setout.clone();
    let mut log = opening.to_vec();
    let mut at_cut = None;
    for (k, order) in history.orders.iter().enumerate() {
        if k == cut {
            at_cut = Some((game.clone(), log.clone()));
        }
        let order: Order =
            order.parse().map_err(|e| RuleError::TakeBack(format!("a kept order '{order}' does not read: {e}")))?;
        let mut events = Events::all();
        game.apply_order(&order, cache, &mut events)
            .map_err(|e| RuleError::TakeBack(format!("a kept order '{order}' no longer plays: {e}")))?;
        log.extend(events.into_vec());
    }
    let (kept, kept_log) = at_cut.unwrap_or_else(|| (game.clone(), log.clone()));
    Ok((kept, kept_log, (game, log)))
}

#[cfg(test)]
#[path = "takeback_tests.rs"]
mod tests;
