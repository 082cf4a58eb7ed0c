//! Where a command's events go: a list the caller gives `Game::apply`,
//! which says itself which kinds of event it keeps.
//!
//! The game plays the same whatever the list keeps: no die is rolled and no
//! choice is made for an event, and every event is made from the state as
//! it stands. A list that keeps only what a summary counts lets the engine
//! leave the other kinds unmade (`Events::keeps_all`), and drops any that
//! are made anyway, so what it holds never depends on which guards the
//! engine has.

use crate::engine::vocabulary::event::Event;

/// Which kinds of event a list keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every event: the game, the runner, a campaign's log.
    All,
    /// Only the kinds a summary of many patrols counts (`Event::in_summary`):
    /// the simulator's tally.
    Summary,
}

/// The events of one or more commands, in the order they happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Events {
    list: Vec<Event>,
    keep: Keep,
}

impl Default for Events {
    fn default() -> Self {
        Events::all()
    }
}

impl Events {
    /// A list that keeps every event.
    pub fn all() -> Self {
        Events { list: Vec::new(), keep: Keep::All }
    }

    /// A list that keeps `keep`, with room for `room` events.
    pub fn with_capacity(keep: Keep, room: usize) -> Self {
        Events { list: Vec::with_capacity(room), keep }
    }

    /// Whether every kind of event is kept: the engine asks before making
    /// an event that a summary does not count.
    #[inline]
    pub fn keeps_all(&self) -> bool {
        self.keep == Keep::All
    }

    /// Adds `event` if this list keeps its kind.
    #[inline]
    pub fn push(&mut self, event: Event) {
        if self.keep == Keep::All || event.in_summary() {
            self.list.push(event);
        }
    }

    /// Empties the list, keeping its room.
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// The events, as a plain list.
    pub fn into_vec(self) -> Vec<Event> {
        self.list
    }

    /// Forgets the events after the first `len`: a refused command leaves
    /// the list as it found it.
    pub(in crate::engine) fn truncate(&mut self, len: usize) {
        self.list.truncate(len);
    }
}

/// The events so far are read as a slice.
impl std::ops::Deref for Events {
    type Target = [Event];
    fn deref(&self) -> &[Event] {
        &self.list
    }
}

impl Extend<Event> for Events {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        for e in events {
            self.push(e);
        }
    }
}

impl<'a> IntoIterator for &'a Events {
    type Item = &'a Event;
    type IntoIter = std::slice::Iter<'a, Event>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

#[cfg(test)]
#[path = "sink_tests.rs"]
mod tests;
