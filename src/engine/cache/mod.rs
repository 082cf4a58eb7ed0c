//! What only makes the engine faster, kept beside the game rather than in it.
//!
//! A `Cache` holds answers about one map worked out once (sight, the way
//! across it, where enemy groups may stand, the needs of aimed shots; see
//! `memo`), for the ground, rule book and rule set it was made for. The
//! caller owns it and hands it to `Game::apply` and to the questions that
//! read it; `apply` makes it over for the game's map when it was made for
//! another, and a question asked with a cache made for another map works
//! the answer out afresh. Dropping a cache, or using a new one, never
//! changes an answer or an event: only how long they take.

pub(in crate::engine) mod arms;
pub(in crate::engine) mod memo;

use std::sync::Arc;

use crate::engine::book::RuleBook;
use crate::engine::book::scenario::Edge;
use crate::engine::cache::memo::{MapMemo, Memo};
use crate::engine::map::Map;
use crate::engine::ruleset::registry::RuleSet;

/// Kept answers about one map, and what they were worked out for.
///
/// Cloning shares the answers (they are kept in atomic cells, filled as
/// they are first asked for), so the simulator's threads, each with its
/// clone, fill one memo between them.
#[derive(Clone, Debug, Default)]
pub struct Cache {
    made_for: Option<MadeFor>,
    memo: MapMemo,
}

/// Everything the kept answers depend on. The ground and the book are held,
/// not only their addresses, so that no other map or book can come to
/// stand at the same address while this cache remembers it.
#[derive(Clone, Debug)]
struct MadeFor {
    ground: Arc<[u8]>,
    width: i32,
    home_edge: Edge,
    book: Arc<RuleBook>,
    rules: RuleSet,
}

/// A game as a cache sees it: its map, its rule book and its rule set,
/// the three a cache is made for (`Game` is the one there is).
pub trait Played {
    fn map(&self) -> &Map;
    fn book(&self) -> &Arc<RuleBook>;
    fn rules(&self) -> RuleSet;
}

impl MadeFor {
    fn of(game: &impl Played) -> Self {
        let map = game.map();
        MadeFor {
            ground: map.ground().clone(),
            width: map.width,
            home_edge: map.home_edge,
            book: game.book().clone(),
            rules: game.rules(),
        }
    }

    ///
    /// The map's width and home edge are not compared again: they are set
    /// with its ground (`Map::new`, or read from a save into a ground of its
    /// own) and a game's map never changes them, so a game on this ground
    /// has them as they were (as `Memo::about` assumes too).
    #[inline]
    fn fits(&self, game: &impl Played) -> bool {
        let map = game.map();
        debug_assert!(
            !Arc::ptr_eq(&self.ground, map.ground()) || (self.width == map.width && self.home_edge == map.home_edge),
            "a game whose map has this cache's ground with another shape"
        );
        Arc::ptr_eq(&self.ground, map.ground()) && Arc::ptr_eq(&self.book, game.book()) && self.rules == game.rules()
    }
}

impl Cache {
    /// An empty cache, made for no map yet.
    pub fn new() -> Self {
        Cache::default()
    }

    /// Makes this cache over for `game`'s map if it was made for another
    /// (or for none): the answers kept for the other are let go. Returns
    /// the kept answers, now `game`'s.
    #[inline]
    pub fn fit(&mut self, game: &impl Played) -> Memo<'_> {
        if !self.fits(game) {
            self.make_over(game);
        }
        let ground = &self.made_for.as_ref().expect("made for a game just now").ground;
        Memo::of(&self.memo, ground)
    }

    /// This cache made over for `game`, with no answers kept yet. Out of
    /// line: `fit` is asked at every command, and seldom does this.
    #[cold]
    #[inline(never)]
    fn make_over(&mut self, game: &impl Played) {
        *self = Cache { made_for: Some(MadeFor::of(game)), memo: MapMemo::for_book(game.book()) };
    }

    /// Whether this cache was made for `game`'s map, book and rule set.
    #[inline]
    pub fn fits(&self, game: &impl Played) -> bool {
        self.made_for.as_ref().is_some_and(|m| m.fits(game))
    }

    /// The kept answers for `game`, or none if this cache was made for another.
    #[inline]
    pub fn memo(&self, game: &impl Played) -> Memo<'_> {
        match &self.made_for {
            Some(m) if m.fits(game) => Memo::of(&self.memo, &m.ground),
            _ => Memo::default(),
        }
    }
}

#[cfg(test)]
mod tests;
