//! Line of sight along the hex line between centres, traced over the map's
//! terrain and kept in the map's memo.

use std::sync::atomic::Ordering;

use crate::engine::book::RuleBook;
use crate::engine::cache::memo::{MapMemo, Memo};
use crate::engine::map::Map;
use crate::engine::vocabulary::pos::Pos;

/// The most hexes a map may have for its sight to be kept pair by pair.
const MAX_SIGHT_HEXES: usize = 4096;

impl Map {
    /// Line of sight: blocked by any sight-blocking hex strictly between the
    /// two centres. The firer's and the target's own hexes never block.
    /// Where the line runs exactly along a hex edge, rounding picks one of
    /// the two hexes, and which one depends on the direction; sight is clear
    /// if the line is clear either way, so it is always mutual.
    ///
    /// Sight depends on the terrain alone, which never changes, and the line
    /// between two hexes costs far more to trace than to look up: the answer
    /// is kept for the pair in `memo` when there is one (see `memo`).
    pub fn line_of_sight(&self, book: &RuleBook, memo: Memo<'_>, from: Pos, to: Pos) -> bool {
        let n = self.hex_count();
        // The memo holds a byte for every pair of hexes: kept only for maps
        // small enough that this stays a few megabytes (a 64x64 map is 16 MB).
        let (Some(memo), Some(a), Some(b), true) =
            (memo.about(self), self.index(from), self.index(to), n <= MAX_SIGHT_HEXES)
        else {
            return self.trace_sight(book, from, to);
        };
        // Relaxed is enough: two threads that race both store the same answer.
        match memo.sight.cells(n * n)[a * n + b].load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => self.keep_sight(book, memo, (from, a), (to, b)),
        }
    }

    /// Sight between two hexes (with their indices) traced, and kept both
    /// ways. Apart from the look-up above, so that the look-up, made for
    /// nearly every shot, stays short.
    #[cold]
    #[inline(never)]
    fn keep_sight(&self, book: &RuleBook, memo: &MapMemo, (from, a): (Pos, usize), (to, b): (Pos, usize)) -> bool {
        let clear = self.trace_sight(book, from, to);
        let v = if clear { 1 } else { 2 };
        let n = self.hex_count();
        let memo = memo.sight.cells(n * n);
        memo[a * n + b].store(v, Ordering::Relaxed);
        memo[b * n + a].store(v, Ordering::Relaxed);
        clear
    }

    /// Line of sight worked out along the hex line.
    #[cold]
    #[inline(never)]
    fn trace_sight(&self, book: &RuleBook, from: Pos, to: Pos) -> bool {
        // `Pos::between` without gathering the hexes in a list: this runs for
        // every shot considered, and the list was most of its cost.
        let clear = |a: Pos, b: Pos| {
            let line = a.hex().line_to(b.hex());
            let inner = line.len().saturating_sub(2);
            line.skip(1).take(inner).all(|h| self.terrain(book, Pos::from_hex(h)).is_none_or(|t| !t.blocks_sight))
        };
        clear(from, to) || clear(to, from)
    }
}

#[cfg(test)]
#[path = "sight_tests.rs"]
mod tests;
