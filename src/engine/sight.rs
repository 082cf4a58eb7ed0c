//! Line of sight along the hex line between centres, traced over the map's
//! terrain and kept in the map's memo.

use std::sync::atomic::Ordering;

use super::data::RuleBook;
use super::map::Map;
use super::memo::{MapMemo, Memo};
use super::pos::Pos;

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
mod tests {
    use super::*;
    use crate::engine::scenario::Edge;

    #[test]
    fn sight_is_the_hexes_between_read_one_by_one() {
        // The line of sight as first written, gathering the hexes between.
        let g = crate::engine::tests::default_game(1);
        let (map, book) = (&g.map, &g.book);
        let clear =
            |a: Pos, b: Pos| a.between(b).into_iter().all(|p| map.terrain(book, p).is_none_or(|t| !t.blocks_sight));
        // Traced, then traced and kept, then read from what was kept.
        let kept = MapMemo::default();
        let memo = Memo::of(&kept, map.ground());
        for memo in [Memo::default(), memo, memo] {
            for a in map.hexes() {
                for b in map.hexes() {
                    assert_eq!(map.line_of_sight(book, memo, a, b), clear(a, b) || clear(b, a), "{a} to {b}");
                }
            }
        }
    }

    /// What is kept about one map is never read for another, even one of
    /// more hexes (whose pairs would lie past the end of what was kept).
    #[test]
    fn a_memo_of_one_map_gives_no_answers_about_another() {
        let g = crate::engine::tests::default_game(1);
        let book = &g.book;
        let small = Map::new(vec![vec![0u8; 3]; 3], Edge::South);
        let kept = MapMemo::default();
        let memo = Memo::of(&kept, small.ground());
        assert!(small.line_of_sight(book, memo, Pos::new(0, 0), Pos::new(2, 2)));
        let big = &g.map;
        for a in big.hexes().step_by(7) {
            for b in big.hexes().step_by(5) {
                assert_eq!(big.line_of_sight(book, memo, a, b), big.line_of_sight(book, Memo::default(), a, b));
            }
        }
        assert!(memo.about(big).is_none() && memo.about(&small).is_some());
    }

    #[test]
    fn a_huge_map_traces_sight_without_keeping_every_pair() {
        // 200x200 hexes: a memo of every pair would be 1.6 GB.
        let book = crate::engine::tests::book();
        let woods = book.terrain_by_glyph('T').expect("woods") as u8;
        let mut rows = vec![vec![0u8; 200]; 200];
        rows[100][100] = woods;
        let map = Map::new(rows, Edge::South);
        assert!(
            !map.line_of_sight(&book, Memo::default(), Pos::new(100, 98), Pos::new(100, 102)),
            "the wood is between"
        );
        assert!(map.line_of_sight(&book, Memo::default(), Pos::new(0, 0), Pos::new(199, 0)));
    }
}
