//! Answers about the map worked out once and kept: sight between two hexes
//! (see `Map::line_of_sight`), the patrol leader's way across the map (the
//! first step toward a hex, the nearest hex of the home edge), the hexes
//! an enemy group may be placed in around a hex, and the need of an aimed
//! shot from one hex at a man in another (see `shot::Marksman`).
//!
//! Each depends on the map's ground, the rule book and the rule set, which
//! a patrol never changes (minefields, which it marks, are allowed for
//! where an answer is read), while the patrol leader asks again at every
//! step, in every patrol of a simulator run. None of it is part of the
//! game: it lives in a `Cache` the caller owns (see `cache`), made for one
//! ground, book and rule set, and shared by the copies of that cache (the
//! simulator starts all patrols from one map, so they share what any of
//! them worked out).

use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::engine::book::RuleBook;
use crate::engine::cache::arms::Arms;
use crate::engine::map::Map;
use crate::engine::map::placement::Spots;
use crate::engine::vocabulary::pos::Pos;

/// The costs of the cheapest walks to one set of goals (`tactics::cheapest_step`):
/// to a goal from each hex, and of entering each hex.
#[derive(Debug)]
pub(in crate::engine) struct Route {
    pub(in crate::engine) goals: Box<[Pos]>,
    pub(in crate::engine) cost: Box<[u32]>,
    pub(in crate::engine) enter: Box<[u32]>,
}

/// Every answer kept about one map, made as it is first asked for.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct MapMemo {
    /// Sight between every pair of hexes: 0 not known yet, 1 clear, 2 blocked.
    pub(in crate::engine) sight: Cells<AtomicU8>,
    /// The first step of the path between every pair of hexes, with the
    /// path's length.
    steps: Cells<AtomicU32>,
    /// The nearest home-edge hex from every hex, with its distance.
    homeward: Cells<AtomicU64>,
    /// Where enemy groups may be placed around a hex (see `placement`).
    pub(in crate::engine) spots: Slots<(u32, u32), Spots>,
    /// The patrol leader's cheapest walks on the march (see `tactics`),
    /// kept at the hex of their first goal, by the earlier incidents'
    /// modifier, the number of goals and a key of them all.
    pub(in crate::engine) routes: Slots<(i32, u32, u64), Arc<Route>>,
    /// The need of an aimed shot between every pair of hexes, for each
    /// aimed weapon of the rule book and way of firing it.
    aims: Cells<OnceLock<Box<[AtomicU8]>>>,
    /// The weapon each of the rule book's weapons is aimed with (see
    /// `arms`): made with the memo for the book of the cache that holds it,
    /// none in a memo made without one.
    arms: Option<Arc<Arms>>,
}

/// The answers kept for the map a question is about, if the caller's cache
/// was made for it; else none, and every answer is worked out afresh (the
/// same answer, more slowly). Passed by value to whatever asks. It knows
/// the ground it was made for, and gives its answers only about that
/// ground: handed to a question about another map, it gives none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memo<'a>(Option<(&'a MapMemo, &'a Arc<[u8]>)>);

impl<'a> Memo<'a> {
    /// The answers kept in `memo` about the ground `ground`.
    pub(in crate::engine) fn of(memo: &'a MapMemo, ground: &'a Arc<[u8]>) -> Self {
        Memo(Some((memo, ground)))
    }

    /// The kept answers, if they are about `map`'s ground.
    #[inline]
    pub(in crate::engine) fn about(self, map: &Map) -> Option<&'a MapMemo> {
        self.0.filter(|(_, ground)| Arc::ptr_eq(ground, map.ground())).map(|(memo, _)| memo)
    }

    /// The table of `book`'s weapons, if the kept answers have one for that book.
    #[inline]
    pub(in crate::engine) fn arms(self, book: &Arc<RuleBook>) -> Option<&'a Arms> {
        self.0?.0.arms.as_deref().filter(|a| a.is_for(book))
    }
}

impl MapMemo {
    /// No answers yet, for a map of a game with rule book `book`.
    pub(in crate::engine) fn for_book(book: &Arc<RuleBook>) -> Self {
        MapMemo { arms: Some(Arc::new(Arms::of(book))), ..MapMemo::default() }
    }
}

/// One atomic cell per question, 0 while not known yet, made the first time
/// any is asked and shared by the clones of the `MapMemo` that holds them.
pub(in crate::engine) struct Cells<A>(Arc<OnceLock<Box<[A]>>>);

impl<A: Default> Cells<A> {
    /// The cells, `len` of them the first time.
    pub(in crate::engine) fn cells(&self, len: usize) -> &[A] {
        self.0.get_or_init(|| (0..len).map(|_| A::default()).collect())
    }
}

impl<A> Default for Cells<A> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

impl<A> Clone for Cells<A> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<A> fmt::Debug for Cells<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Cells")
    }
}

/// How many keys a hex of a `Slots` keeps (the rule books place enemies
/// at three bands of distance).
const KEYS_A_HEX: usize = 4;

/// Maps of more hexes than this keep no lists: the table has room for every
/// hex from the first question (some 400 bytes a hex, 1.7 MB at this size;
/// the scenarios have 192 hexes), and a 1000 by 1000 map would want 400 MB.
const MAX_LIST_HEXES: usize = 4096;

/// Values kept for each hex of the map and a few keys for each, made the
/// first time each is asked and shared by the clones of the `MapMemo` that
/// holds them. A hex's slots are read without a lock (a placement
/// asks for one): the first slot holding the key, or the first empty one,
/// which this key then fills.
pub(in crate::engine) struct Slots<K, T>(Cells<[OnceLock<(K, T)>; KEYS_A_HEX]>);

impl<K: Copy + PartialEq, T: Clone> Slots<K, T> {
    /// The value kept for `key` at the hex of index `hex` (of `hexes`), made
    /// by `work` if there is none yet; made and not kept if the hex's slots
    /// are all taken by other keys, or the map is too big to keep lists for.
    pub(in crate::engine) fn get(&self, hexes: usize, hex: usize, key: K, work: impl FnOnce() -> T) -> Cow<'_, T> {
        if hexes > MAX_LIST_HEXES {
            return Cow::Owned(work());
        }
        for slot in &self.0.cells(hexes)[hex] {
            match slot.get() {
                Some((k, value)) if *k == key => return Cow::Borrowed(value),
                Some(_) => {}
                None => {
                    // Made outside the slot; a thread that raced in with
                    // another key keeps its own, and this one is not kept.
                    let value = work();
                    return match slot.get_or_init(|| (key, value.clone())) {
                        (k, kept) if *k == key => Cow::Borrowed(kept),
                        _ => Cow::Owned(value),
                    };
                }
            }
        }
        Cow::Owned(work())
    }
}

impl<K, T> Default for Slots<K, T> {
    fn default() -> Self {
        Self(Cells::default())
    }
}

impl<K, T> Clone for Slots<K, T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<K, T> fmt::Debug for Slots<K, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Slots")
    }
}

/// Maps of more hexes than this keep no memo of steps, which holds a number
/// for every pair of hexes (4 MB at this size; the scenarios have 192 hexes).
const MAX_HEXES_KEPT: usize = 1024;

// A kept step packs a hex index and a path's length into 16 bits each.
const _: () = assert!(MAX_HEXES_KEPT + 2 <= 1 << 16);

/// Maps of more hexes than this keep no aimed needs, a byte for every pair of
/// hexes for each weapon and way of firing it (256 KB a way at this size).
const MAX_AIM_HEXES: usize = 512;

impl Map {
    /// The first step of `path(from, to)`, if there is one.
    pub fn first_step(&self, book: &RuleBook, memo: Memo<'_>, from: Pos, to: Pos) -> Option<Pos> {
        let work = || self.walk(book, from, to);
        let n = self.hex_count();
        let (Some(memo), Some(a), Some(b), true) =
            (memo.about(self), self.index(from), self.index(to), n <= MAX_HEXES_KEPT)
        else {
            return work().map(|(_, p)| p);
        };
        // 0 not known yet, 1 no step (no path, or `from` is `to`), else the
        // path's length in steps in the high half and the index of its first
        // step plus 2 in the low one (both under 2^16 on a map this small).
        let cell = &memo.steps.cells(n * n)[a * n + b];
        let known = match cell.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(None),
            code => Some(Some((code >> 16, self.pos_at((code & 0xFFFF) as usize - 2)))),
        };
        if self.minefields().is_empty() {
            if let Some(answer) = known {
                return answer.map(|(_, p)| p);
            }
            let walk = work();
            let code = match walk {
                Some((len, p)) => self.index(p).map(|k| (len << 16) | (k as u32 + 2)),
                None => Some(1),
            };
            if let Some(code) = code {
                // Relaxed is enough: two threads that race both store the same answer.
                cell.store(code, Ordering::Relaxed);
            }
            return walk.map(|(_, p)| p);
        }
        // A minefield only takes hexes away: with no step before, there is
        // none now. Else the search on this map goes exactly as it went
        // without minefields, and finds the same path, if it never looks at
        // a minefield hex (the hex he starts from may be one: it is never
        // stepped into). A* takes from its heap only hexes whose steps so
        // far plus the distance left come to no more than the path's length
        // `len`, and looks at their neighbours, so a hex it looks at lies
        // within `len + 2` hexes of both ends together.
        match known {
            Some(None) => None,
            Some(Some((len, step)))
                if self.minefields().iter().all(|&m| m == from || from.distance(m) + m.distance(to) > len + 2) =>
            {
                Some(step)
            }
            _ => work().map(|(_, p)| p),
        }
    }

    /// The nearest hex of the home edge by walking from `from`, as `nearest` finds it.
    pub fn nearest_home(&self, book: &RuleBook, memo: Memo<'_>, from: Pos) -> Option<Pos> {
        let work = || self.nearest(book, from, |p| self.on_home_edge(p));
        let (Some(memo), Some(a)) = (memo.about(self), self.index(from)) else { return work().map(|(_, p)| p) };
        // 0 not known yet, 1 no hex, else the distance in the high half and
        // the hex's index plus 2 in the low one.
        let cell = &memo.homeward.cells(self.hex_count())[a];
        let known = match cell.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(None),
            code => Some(Some(((code >> 32) as u32, self.pos_at((code as u32 - 2) as usize)))),
        };
        if self.minefields().is_empty() {
            if let Some(answer) = known {
                return answer.map(|(_, p)| p);
            }
            let found = work();
            let code = found.map_or(Some(1), |(d, p)| self.index(p).map(|k| u64::from(d) << 32 | (k as u64 + 2)));
            if let Some(code) = code {
                // Relaxed is enough: two threads that race both store the same answer.
                cell.store(code, Ordering::Relaxed);
            }
            return found.map(|(_, p)| p);
        }
        // A minefield only takes hexes away, so no walk gets shorter. The
        // answer without minefields, `home` at `d` steps, still stands while
        // a walk of `d` steps leads to it: every other home-edge hex was
        // farther, or as near and later in order, and is no nearer now. It
        // does if no minefield can lie on such a walk (a hex on one is no
        // more than `d` hexes away counting to both ends; the hex he starts
        // from is never stepped into); else A* finds out, which looks at
        // far fewer hexes than the search for the nearest.
        match known {
            Some(None) => None,
            Some(Some((d, home)))
                if self.minefields().iter().all(|&m| m == from || from.distance(m) + m.distance(home) > d)
                    || self.walk(book, from, home).is_some_and(|(steps, _)| steps == d) =>
            {
                Some(home)
            }
            _ => work().map(|(_, p)| p),
        }
    }

    /// The kept needs of aimed shots from `from` at every hex of the map,
    /// for way of shooting `way` of `ways` (see `shot::Marksman`): 0 not
    /// known yet, else as `Marksman` writes them. None on a map too big to
    /// keep a byte for every pair of hexes for every way. The table of a way
    /// is made when first asked for: 37 KB on the scenarios' maps.
    #[inline]
    pub(in crate::engine) fn aims_from<'m>(
        &self,
        memo: Memo<'m>,
        ways: usize,
        way: usize,
        from: Pos,
    ) -> Option<&'m [AtomicU8]> {
        let (memo, a) = (memo.about(self)?, self.index(from)?);
        // `hex_count`, where a hex on the map says the width and height are positive.
        let n = (self.width * self.height) as usize;
        if n > MAX_AIM_HEXES {
            return None;
        }
        let table = memo.aims.cells(ways).get(way)?.get_or_init(|| (0..n * n).map(|_| AtomicU8::new(0)).collect());
        table.get(a * n..)?.get(..n)
    }
}

#[cfg(test)]
#[path = "memo_tests.rs"]
mod tests;
