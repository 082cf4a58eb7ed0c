//! A campaign's orders played with the player's own dice (`hand.rs` says
//! how a throw takes them). An order is played on a copy of the patrol
//! with the throws typed so far; if the copy wanted a throw the player has
//! not made, the copy is let go, the order waits (`Campaign::waiting`, kept
//! in the save, so a resumed game asks for the same roll) and the front end
//! asks for exactly that roll; the faces typed (`Campaign::give`) are added
//! and the order is played again, until nothing is wanted.

use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::dice::hand::{Hand, Order, Throw, Wanted, fits};
use crate::engine::dice::roll::Faces;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::limits::THROWS_KEPT;
use crate::engine::vocabulary::sink::Events;

impl Game {
    /// Plays `command` with the player's dice lent as `hand`: the game as
    /// it would be, its events, and what the hand found (the throws used,
    /// the faces owed still, the throw wanted). `self` is not changed.
    pub(in crate::engine) fn try_by_hand(
        &self,
        command: &Command,
        hand: Hand,
        cache: &mut Cache,
    ) -> (Result<(Game, Events), RuleError>, Hand) {
        let mut next = self.clone();
        next.dice.lend(hand);
        let mut events = Events::all();
        let done = next.apply(command, cache, &mut events);
        let hand = next.dice.take_back().unwrap_or_default();
        (done.map(|()| (next, events)), hand)
    }

    /// Plays a kept order (a take-back's or a replay's), its throws typed
    /// by hand given back to the same rolls.
    ///
    /// # Errors
    /// The command is not legal now, or its throws do not fit its rolls (a
    /// history or record that is not this patrol's); nothing changes.
    pub fn apply_order(&mut self, order: &Order, cache: &mut Cache, events: &mut Events) -> Result<(), RuleError> {
        if order.thrown.is_empty() {
            return self.apply(&order.command, cache, events);
        }
        let hand = Hand { given: order.thrown.iter().cloned().collect(), ..Hand::default() };
        let (done, hand) = self.try_by_hand(&order.command, hand, cache);
        let (next, new) = done?;
        if hand.wanted.is_some() || !hand.given.is_empty() {
            return refuse(RuleError::Dice, format!("the dice kept with '{order}' do not fit its rolls"));
        }
        *self = next;
        for e in new.into_vec() {
            events.push(e);
        }
        Ok(())
    }
}

/// What became of an order played with the player's dice.
enum Played {
    /// It was carried out: the patrol after it, its events, and the order as kept.
    Done(Box<Game>, Events, Vec<Throw>, Vec<Faces>),
    /// It waits for this throw.
    Wanted(Wanted),
    /// The faces given do not fit the rolls, and why: they are let go.
    Refused(String),
}

impl Campaign {
    /// Plays `command` on the patrol under way: with the player's
    /// dice on a copy when any are lent, else as it is. Its events and the
    /// throws typed for it; None when it waits for the player's dice.
    ///
    /// # Errors
    /// Another order waits for dice, faces given do not fit (they are let
    /// go), or the command is not legal now; nothing else changes.
    pub(in crate::engine) fn play(
        &mut self,
        command: &Command,
        cache: &mut Cache,
    ) -> Result<Option<(Events, Vec<Throw>)>, RuleError> {
        if let Some(w) = &self.waiting
            && *w != command.to_string()
        {
            return refuse(
                RuleError::Dice,
                format!("'{w}' waits for its dice: type what they show (e.g. dice 4 3), or withdraw it (dice cancel)"),
            );
        }
        if !(self.real_dice || !self.typed.is_empty() || !self.owed.is_empty()) {
            let mut events = Events::all();
            if let Some(game) = self.patrol.as_mut() {
                game.apply(command, cache, &mut events)?;
            }
            self.waiting = None;
            return Ok(Some((events, Vec::new())));
        }
        let Some(game) = self.patrol.as_ref() else { return refuse(RuleError::Dice, "no patrol is under way") };
        match self.play_by_hand(game, command, cache)? {
            Played::Wanted(_) => {
                self.waiting = Some(command.to_string());
                Ok(None)
            }
            Played::Refused(why) => {
                self.typed.clear();
                refuse(RuleError::Dice, format!("{why}; nothing changed, and the faces given were let go"))
            }
            Played::Done(game, events, thrown, owed) => {
                (self.owed, self.waiting) = (owed, None);
                self.typed.clear();
                self.patrol = Some(*game);
                Ok(Some((events, thrown)))
            }
        }
    }

    /// Keeps an order played, for take-backs and the record: as the command
    /// language writes it, after the throws typed for it (`Order`). One that
    /// would not read back the same (a name from an old save with a `#` in
    /// it) ends take-backs for this patrol rather than keep a history that
    /// cannot be played again.
    pub(in crate::engine) fn keep_order(&mut self, thrown: &[Throw], command: &Command) {
        if let Some(h) = &mut self.history {
            let written = Order::write(thrown, command);
            let reads_back = match thrown.is_empty() {
                true => written.parse::<Command>().is_ok_and(|again| again == *command),
                false => {
                    written.parse::<Order>().is_ok_and(|again| again.thrown == thrown && again.command == *command)
                }
            };
            match reads_back {
                true => h.orders.push(written),
                false => self.history = None,
            }
        } else if !self.take_backs {
            self.iron_orders.push(Order::write(thrown, command));
        }
    }

    /// Plays `command` on a copy of the patrol, with the throws typed so
    /// far and the faces owed.
    fn play_by_hand(&self, game: &Game, command: &Command, cache: &mut Cache) -> Result<Played, RuleError> {
        let hand = Hand {
            all: self.real_dice,
            given: self.typed.iter().cloned().collect(),
            owed: self.owed.clone(),
            ..Hand::default()
        };
        let (done, hand) = game.try_by_hand(command, hand, cache);
        if let Some(wanted) = hand.wanted {
            if let Some(why) = &wanted.refused {
                return Ok(Played::Refused(format!("{}: {why}", wanted.ask())));
            }
            return Ok(Played::Wanted(wanted));
        }
        let (next, events) = done?;
        if !hand.given.is_empty() {
            let rolls = |n: usize| if n == 1 { "1 roll".to_string() } else { format!("{n} rolls") };
            return Ok(Played::Refused(format!(
                "'{command}' threw {} by hand, but {} were given with `dice`",
                rolls(self.typed.len() - hand.given.len()),
                rolls(self.typed.len())
            )));
        }
        Ok(Played::Done(Box::new(next), events, hand.recorded(), hand.owed))
    }

    /// The roll the order waiting for dice wants now, if an order waits:
    /// what a resumed game asks for.
    pub fn wanted(&self, cache: &mut Cache) -> Option<Wanted> {
        let (game, waiting) = (self.patrol.as_ref()?, self.waiting.as_ref()?);
        let command: Command = waiting.parse().ok()?;
        match self.play_by_hand(game, &command, cache) {
            Ok(Played::Wanted(w)) => Some(w),
            _ => None,
        }
    }

    /// A throw the player typed (`dice 4 3`, or `dice -` to let the game
    /// throw it): the answer to the roll an order waits for, which is then
    /// played again, or kept for the next order's first roll.
    ///
    /// # Errors
    /// No patrol is under way, or the faces do not fit the roll wanted
    /// (nothing changes), or the order refused them.
    pub fn give(
        &mut self,
        throw: Throw,
        cache: &mut Cache,
    ) -> Result<Vec<crate::engine::vocabulary::event::Event>, RuleError> {
        if self.patrol.is_none() {
            return refuse(RuleError::Dice, "no patrol is under way: no dice to throw");
        }
        if self.typed.len() >= THROWS_KEPT {
            return refuse(RuleError::Dice, format!("{THROWS_KEPT} throws are typed already: play an order first"));
        }
        let Some(waiting) = self.waiting.clone() else {
            self.typed.push(throw);
            return Ok(Vec::new());
        };
        if let (Some(w), Some(faces)) = (self.wanted(cache), &throw) {
            fits(w.dice, faces).map_err(|why| RuleError::Dice(format!("{}: {why}", w.ask())))?;
        }
        let command: Command =
            waiting.parse().map_err(|e| RuleError::Dice(format!("the order waiting, '{waiting}': {e}")))?;
        self.typed.push(throw);
        let played = self.apply(&command, cache);
        if played.is_err() {
            self.typed.pop();
        }
        played
    }

    /// Withdraws the order that waits for dice. Faces already typed for it
    /// stand: the next throws of the same dice take them, so withdrawing
    /// an order cannot fish for a better throw.
    ///
    /// # Errors
    /// No order waits.
    pub fn withdraw(&mut self) -> Result<String, RuleError> {
        let Some(order) = self.waiting.take() else { return refuse(RuleError::Dice, "no order waits for dice") };
        let typed = std::mem::take(&mut self.typed);
        self.owed.extend(typed.into_iter().flatten());
        self.owed.truncate(THROWS_KEPT);
        Ok(order)
    }

    /// Turns real dice on or off for the campaign. An order waiting for
    /// dice when they are turned off is played on at once, the game
    /// throwing the rolls not yet typed.
    ///
    /// # Errors
    /// The order waiting is refused now (it waits on).
    pub fn set_real_dice(
        &mut self,
        on: bool,
        cache: &mut Cache,
    ) -> Result<Vec<crate::engine::vocabulary::event::Event>, RuleError> {
        self.real_dice = on;
        match self.waiting.clone() {
            Some(waiting) if !on => {
                let command: Command =
                    waiting.parse().map_err(|e| RuleError::Dice(format!("the order waiting, '{waiting}': {e}")))?;
                self.apply(&command, cache)
            }
            _ => Ok(Vec::new()),
        }
    }
}

#[cfg(test)]
#[path = "by_hand_tests.rs"]
mod tests;
