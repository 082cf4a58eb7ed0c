//! The hex map: terrain per hex, known minefields, the home edge, and line
//! of sight along the hex line between centres.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::data::{Cover, Edge, RuleBook, Terrain};
use super::memo::{ListMemo, Memo};
use super::pos::Pos;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Map {
    pub width: i32,
    pub height: i32,
    /// Index into the rule book's terrain list, row by row.
    terrain: Vec<u8>,
    /// Hexes marked as minefields, kept sorted.
    minefields: Vec<Pos>,
    pub home_edge: Edge,
    /// Sight between every pair of hexes: 0 not known yet, 1 clear, 2 blocked.
    #[serde(skip)]
    sight: Memo<AtomicU8>,
    /// The first step of the path between every pair of hexes, with the
    /// path's length (see `memo`).
    #[serde(skip)]
    pub(super) steps: Memo<AtomicU32>,
    /// The nearest home-edge hex from every hex, with its distance (see `memo`).
    #[serde(skip)]
    pub(super) homeward: Memo<AtomicU64>,
    /// Where enemy groups may be placed around a hex (see `incident`).
    #[serde(skip)]
    pub(super) spots: ListMemo<(u32, u32), super::incident::Spots>,
    /// The need of an aimed shot between every pair of hexes, for each
    /// aimed weapon of the rule book and way of firing it (see `memo`).
    #[serde(skip)]
    pub(super) aims: Memo<OnceLock<Box<[AtomicU8]>>>,
}

/// The most hexes a map may have for its sight to be kept pair by pair.
const MAX_SIGHT_HEXES: usize = 4096;

impl Map {
    /// Builds the map from rows of terrain indices; `rules/` has checked
    /// that every row has `width` entries.
    pub fn new(rows: Vec<Vec<u8>>, home_edge: Edge) -> Self {
        let height = rows.len() as i32;
        let width = rows.first().map_or(0, |r| r.len() as i32);
        Self {
            width,
            height,
            terrain: rows.into_iter().flatten().collect(),
            minefields: Vec::new(),
            home_edge,
            sight: Memo::default(),
            steps: Memo::default(),
            homeward: Memo::default(),
            spots: ListMemo::default(),
            aims: Memo::default(),
        }
    }

    /// Checks a map read from a file: its size, terrain and minefields.
    ///
    /// # Errors
    /// What does not hold together.
    pub fn check(&self, book: &RuleBook) -> Result<(), String> {
        use super::limits::{MAP_SIDE, TERRAIN_TYPES};
        if self.width <= 0 || self.height <= 0 || self.width > MAP_SIDE || self.height > MAP_SIDE {
            return Err(format!("a map of {}x{} hexes (each side 1 to {MAP_SIDE})", self.width, self.height));
        }
        if book.terrain.len() > TERRAIN_TYPES {
            return Err(format!("{} terrain types (at most {TERRAIN_TYPES})", book.terrain.len()));
        }
        if self.terrain.len() != (self.width * self.height) as usize {
            return Err(format!("the map is {}x{} but has {} hexes", self.width, self.height, self.terrain.len()));
        }
        if let Some(t) = self.terrain.iter().find(|&&t| usize::from(t) >= book.terrain.len()) {
            return Err(format!("terrain number {t} is not in the rule book"));
        }
        if let Some(p) = self.minefields.iter().find(|p| !self.contains(**p)) {
            return Err(format!("the minefield at {p} is off the map"));
        }
        if !self.minefields.is_sorted() {
            return Err("the minefields are not in order".into());
        }
        Ok(())
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.col >= 0 && p.row >= 0 && p.col < self.width && p.row < self.height
    }

    /// The terrain of a hex on the map.
    pub fn terrain<'a>(&self, book: &'a RuleBook, p: Pos) -> Option<&'a Terrain> {
        if !self.contains(p) {
            return None;
        }
        let i = (p.row * self.width + p.col) as usize;
        self.terrain.get(i).and_then(|&t| book.terrain.get(t as usize))
    }

    pub fn cover(&self, book: &RuleBook, p: Pos) -> Cover {
        self.terrain(book, p).map_or(Cover::None, |t| t.cover)
    }

    pub fn passable(&self, book: &RuleBook, p: Pos) -> bool {
        self.terrain(book, p).is_some_and(|t| t.passable)
    }

    pub fn is_minefield(&self, p: Pos) -> bool {
        self.minefields.binary_search(&p).is_ok()
    }

    pub fn mark_minefield(&mut self, p: Pos) {
        if let Err(i) = self.minefields.binary_search(&p) {
            self.minefields.insert(i, p);
        }
    }

    pub fn minefields(&self) -> &[Pos] {
        &self.minefields
    }

    /// A hex a soldier may step into: on the map, passable, not a known minefield.
    pub fn enterable(&self, book: &RuleBook, p: Pos) -> bool {
        self.passable(book, p) && !self.is_minefield(p)
    }

    pub fn on_home_edge(&self, p: Pos) -> bool {
        self.contains(p)
            && match self.home_edge {
                Edge::North => p.row == 0,
                Edge::South => p.row == self.height - 1,
                Edge::West => p.col == 0,
                Edge::East => p.col == self.width - 1,
            }
    }

    /// Line of sight: blocked by any sight-blocking hex strictly between the
    /// two centres. The firer's and the target's own hexes never block.
    /// Where the line runs exactly along a hex edge, rounding picks one of
    /// the two hexes, and which one depends on the direction; sight is clear
    /// if the line is clear either way, so it is always mutual.
    ///
    /// Sight depends on the terrain alone, which never changes, and the line
    /// between two hexes costs far more to trace than to look up: the answer
    /// is kept for the pair (see `memo`), which assumes the map is always
    /// asked with the one rule book of its game.
    pub fn line_of_sight(&self, book: &RuleBook, from: Pos, to: Pos) -> bool {
        let n = self.hex_count();
        // The memo holds a byte for every pair of hexes: kept only for maps
        // small enough that this stays a few megabytes (a 64x64 map is 16 MB).
        let (Some(a), Some(b), true) = (self.index(from), self.index(to), n <= MAX_SIGHT_HEXES) else {
            return self.trace_sight(book, from, to);
        };
        // Relaxed is enough: two threads that race both store the same answer.
        match self.sight.cells(n * n)[a * n + b].load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => self.keep_sight(book, (from, a), (to, b)),
        }
    }

    /// Sight between two hexes (with their indices) traced, and kept both
    /// ways. Apart from the look-up above, so that the look-up, made for
    /// nearly every shot, stays short.
    #[cold]
    #[inline(never)]
    fn keep_sight(&self, book: &RuleBook, (from, a): (Pos, usize), (to, b): (Pos, usize)) -> bool {
        let clear = self.trace_sight(book, from, to);
        let v = if clear { 1 } else { 2 };
        let n = self.hex_count();
        let memo = self.sight.cells(n * n);
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

    /// Every hex of the map, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Pos::new(col, row)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sight_is_the_hexes_between_read_one_by_one() {
        // The line of sight as first written, gathering the hexes between.
        let g = crate::engine::tests::default_game(1);
        let (map, book) = (&g.map, &g.book);
        let clear =
            |a: Pos, b: Pos| a.between(b).into_iter().all(|p| map.terrain(book, p).is_none_or(|t| !t.blocks_sight));
        for a in map.hexes() {
            for b in map.hexes() {
                assert_eq!(map.line_of_sight(book, a, b), clear(a, b) || clear(b, a), "{a} to {b}");
            }
        }
    }

    #[test]
    fn a_huge_map_traces_sight_without_keeping_every_pair() {
        // 200x200 hexes: a memo of every pair would be 1.6 GB.
        let book = crate::engine::tests::book();
        let woods = book.terrain_by_glyph('T').expect("woods") as u8;
        let mut rows = vec![vec![0u8; 200]; 200];
        rows[100][100] = woods;
        let map = Map::new(rows, Edge::South);
        assert!(!map.line_of_sight(&book, Pos::new(100, 98), Pos::new(100, 102)), "the wood is between");
        assert!(map.line_of_sight(&book, Pos::new(0, 0), Pos::new(199, 0)));
    }
}
