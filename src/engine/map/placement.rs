//! Where an enemy group may be placed: the six sectors around a hex, as the
//! placement roll names them, and the hexes of a band of distance around it
//! in the order placement prefers them. Placement itself, with its roll, is
//! played out in `incident`; the lists are kept in the map's memo.

use hexx::Hex;

use crate::engine::book::RuleBook;
use crate::engine::map::Map;
use crate::engine::vocabulary::pos::Pos;

/// The six directions of a flat-topped hex, clockwise from north, as the
/// placement roll names them (1 = north ... 6 = north-west).
pub(in crate::engine) const DIRECTIONS: [&str; 6] =
    ["north", "north-east", "south-east", "south", "south-west", "north-west"];

/// The six steps in cube coordinates: N, NE, SE, S, SW, NW (a test checks
/// them against the neighbours of a hex).
const SECTOR_STEPS: [[i32; 3]; 6] = [[0, -1, 1], [1, -1, 0], [1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1]];

/// Which of the six 60-degree sectors around a hex holds the hex `offset`
/// away from it (0 = north, clockwise): the direction whose step points most
/// nearly at it. Worked in whole cube coordinates, so every machine agrees; a
/// hex exactly between two sectors goes to the first of them clockwise from north.
pub(in crate::engine) fn sector_of(offset: Hex) -> usize {
    let v = [offset.x(), offset.y(), -offset.x() - offset.y()];
    let mut best = 0;
    let mut best_dot = i32::MIN;
    for (k, d) in SECTOR_STEPS.iter().enumerate() {
        let dot = v[0] * d[0] + v[1] * d[1] + v[2] * d[2];
        if dot > best_dot {
            best = k;
            best_dot = dot;
        }
    }
    best
}

/// The hexes `min..=max` away from `near` that a man can enter (known
/// minefields aside), as placement reads them. It depends on the map's
/// terrain alone, so the map's memo keeps it for every hex and band asked
/// (`MapMemo::spots`) rather than work it out for every group placed.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::engine) struct Spots {
    /// Every spot in the order placement prefers them after the sector and
    /// sight: hard cover before soft before none, then the nearer hex, then
    /// by row and column.
    pub(in crate::engine) all: Box<[Pos]>,
    /// The same spots sector by sector (north first), each sector's in the
    /// order of `all`: the rolled sector's are read alone, not picked out of
    /// `all`.
    by_sector: Box<[Pos]>,
    /// Where each sector's spots start in `by_sector`, and where they end.
    starts: [usize; 7],
}

impl Spots {
    /// The spots of `sector` (0 = north, clockwise), in order of preference.
    pub(in crate::engine) fn of_sector(&self, sector: usize) -> &[Pos] {
        &self.by_sector[self.starts[sector]..self.starts[sector + 1]]
    }
}

/// Works out the spots around `near` (see `Spots`).
pub(in crate::engine) fn spots(map: &Map, book: &RuleBook, near: Pos, min: u32, max: u32) -> Spots {
    // None lies farther than the map is wide and high.
    let reach = max.min((map.width.max(0) + map.height.max(0)) as u32) as i32;
    // Room from the start for every hex within reach, or of the map if fewer:
    // no more can be spots.
    let within = 3 * reach as usize * (reach as usize + 1) + 1;
    let mut spots = Vec::with_capacity(within.min((map.width.max(0) * map.height.max(0)) as usize));
    for q in -reach..=reach {
        for r in (-reach).max(-q - reach)..=reach.min(reach - q) {
            let step = Hex::new(q, r);
            let p = Pos::from_hex(near.hex() + step);
            let distance = step.ulength();
            if distance < min {
                continue;
            }
            // (A hex with terrain is on the map.)
            if let Some(terrain) = map.terrain(book, p).filter(|t| t.passable) {
                // The spot's place in the order as one number, worked out
                // once: cover, distance, row, column (a hex on the map has
                // neither below zero). No two spots share it.
                let key = u128::from(terrain.cover.preference()) << 96
                    | u128::from(distance) << 64
                    | u128::from(p.row as u32) << 32
                    | u128::from(p.col as u32);
                spots.push((key, p, sector_of(step)));
            }
        }
    }
    spots.sort_unstable_by_key(|&(key, ..)| key);
    let all: Box<[Pos]> = spots.iter().map(|&(_, p, _)| p).collect();
    // Each sector's spots in the order of `all`, laid out by counting.
    let mut starts = [0; 7];
    for &(_, _, sector) in &spots {
        starts[sector + 1] += 1;
    }
    for sector in 0..6 {
        starts[sector + 1] += starts[sector];
    }
    let (mut by_sector, mut next) = (all.clone(), starts);
    for &(_, p, sector) in &spots {
        by_sector[next[sector]] = p;
        next[sector] += 1;
    }
    Spots { all, by_sector, starts }
}

#[cfg(test)]
#[path = "placement_tests.rs"]
mod tests;
