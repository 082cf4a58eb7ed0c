//! The hex map: terrain per hex, known minefields and the home edge. Sight
//! across it is in `sight`, the ways across it in `path`.

pub(in crate::engine) mod form;
pub(in crate::engine) mod path;
pub(in crate::engine) mod placement;
pub(in crate::engine) mod sight;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::book::scenario::Edge;
use crate::engine::book::{Cover, RuleBook, Terrain};
use crate::engine::vocabulary::pos::Pos;

/// Written in a save as `form::Written`: its terrain as rows of text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "form::Written", try_from = "form::Written")]
pub struct Map {
    pub width: i32,
    pub height: i32,
    /// Index into the rule book's terrain list, row by row. Shared by the
    /// copies of a map, since it never changes: a `Cache` holds on to it to
    /// know the ground its answers are about.
    terrain: Arc<[u8]>,
    /// Hexes marked as minefields, kept sorted.
    minefields: Vec<Pos>,
    pub home_edge: Edge,
}

impl Map {
    /// Builds the map from rows of terrain indices; `rules/` has checked
    /// that every row has `width` entries.
    pub fn new(rows: Vec<Vec<u8>>, home_edge: Edge) -> Self {
        let height = rows.len() as i32;
        let width = rows.first().map_or(0, |r| r.len() as i32);
        Self { width, height, terrain: rows.into_iter().flatten().collect(), minefields: Vec::new(), home_edge }
    }

    /// Checks a map read from a file: its size, terrain and minefields.
    ///
    /// # Errors
    /// What does not hold together.
    pub fn check(&self, book: &RuleBook) -> Result<(), String> {
        use crate::engine::vocabulary::limits::{MAP_SIDE, TERRAIN_TYPES};
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
    /// The place in the rule book's terrain list of the hex with index `i`
    /// (row order, `Map::index`).
    pub(super) fn terrain_index(&self, i: usize) -> Option<usize> {
        self.terrain.get(i).map(|&t| t as usize)
    }

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

    /// The ground this map is drawn on, shared by its copies: what a
    /// `Cache` remembers its answers are about.
    pub(super) fn ground(&self) -> &Arc<[u8]> {
        &self.terrain
    }

    /// Every hex of the map, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Pos::new(col, row)))
    }
}

impl From<Map> for form::Written {
    fn from(map: Map) -> Self {
        let width = usize::try_from(map.width).unwrap_or(0).max(1);
        let rows = map.ground().chunks(width).map(|row| row.iter().map(|&t| form::terrain_char(t)).collect()).collect();
        form::Written {
            width: map.width,
            height: map.height,
            terrain: form::Ground::Rows(rows),
            minefields: map.minefields().to_vec(),
            home_edge: map.home_edge,
        }
    }
}

impl TryFrom<form::Written> for Map {
    type Error = String;

    /// Rows must each be a row of the map; the size itself, and whether
    /// every number is a terrain of the rule book, are `Map::check`'s.
    fn try_from(w: form::Written) -> Result<Self, String> {
        let terrain: Arc<[u8]> = match w.terrain {
            form::Ground::Numbers(numbers) => numbers.into(),
            form::Ground::Rows(rows) => {
                if rows.len() as u64 != u64::try_from(w.height).unwrap_or(u64::MAX) {
                    return Err(format!("the map is {} hexes high but has {} rows", w.height, rows.len()));
                }
                let mut terrain = Vec::with_capacity(rows.iter().map(String::len).sum());
                for (k, row) in rows.iter().enumerate() {
                    let before = terrain.len();
                    form::read_row(row, &mut terrain)
                        .map_err(|c| format!("row {} of the map: '{c}' is no terrain", k + 1))?;
                    let hexes = terrain.len() - before;
                    if hexes as u64 != u64::try_from(w.width).unwrap_or(u64::MAX) {
                        return Err(format!("row {} of the map has {hexes} hexes; the map is {} wide", k + 1, w.width));
                    }
                }
                terrain.into()
            }
        };
        Ok(Map { width: w.width, height: w.height, terrain, minefields: w.minefields, home_edge: w.home_edge })
    }
}

#[cfg(test)]
mod tests;
