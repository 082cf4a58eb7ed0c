//! Map positions. The player names hexes by column and row (offset
//! coordinates on a flat-topped grid, odd columns shifted down half a hex);
//! distance, neighbours and lines are done in hexx's axial coordinates.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex on the map, by column and row. Ordered, so maps keyed by it
/// serialize in a fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Pos {
    pub col: i32,
    pub row: i32,
}

const MODE: OffsetHexMode = OffsetHexMode::Odd;
const ORIENTATION: HexOrientation = HexOrientation::Flat;

impl Pos {
    pub const fn new(col: i32, row: i32) -> Self {
        Self { col, row }
    }

    pub fn hex(self) -> Hex {
        Hex::from_offset_coordinates([self.col, self.row], MODE, ORIENTATION)
    }

    pub fn from_hex(hex: Hex) -> Self {
        let [col, row] = hex.to_offset_coordinates(MODE, ORIENTATION);
        Self { col, row }
    }

    /// Hexes between the two centres, counting the target but not the start.
    ///
    /// Worked out here rather than by hexx (`self.hex().unsigned_distance_to(..)`,
    /// which a test compares it with): distances are asked for thousands of
    /// times a patrol, and this is the same sum without hexx's branches.
    pub fn distance(self, other: Pos) -> u32 {
        let ([q1, r1], [q2, r2]) = (self.axial(), other.axial());
        let (dq, dr) = (q1 - q2, r1 - r2);
        (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
    }

    /// Axial coordinates, as `hex` gives them: odd columns sit half a hex
    /// lower, so the row counts back by half the column, rounded down.
    const fn axial(self) -> [i32; 2] {
        [self.col, self.row - (self.col >> 1)]
    }

    /// The six hexes around, in hexx's order (`Hex::all_neighbors`), which
    /// the paths found depend on. Worked out from the axial coordinates by
    /// hand: every step of a search asks for them.
    pub fn neighbours(self) -> [Pos; 6] {
        std::array::from_fn(|k| self.neighbour(k))
    }

    /// The `k`th of the `neighbours`, alone: the closing step looks at the
    /// few neighbours that come nearer and works out no others.
    #[inline]
    pub fn neighbour(self, k: usize) -> Pos {
        // hexx's `Hex::NEIGHBORS_COORDS`, in axial coordinates.
        const AROUND: [[i32; 2]; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
        let ([q, r], [dq, dr]) = (self.axial(), AROUND[k]);
        let col = q + dq;
        Pos { col, row: r + dr + (col >> 1) }
    }

    /// Which of the six `neighbours` are a hex nearer `to`, as bits (bit k
    /// for neighbour k). A step changes two of the three cube coordinates,
    /// one up and one down; it comes nearer exactly when `to` lies that way
    /// in both: the same as comparing distances (a test checks), without them.
    pub fn steps_nearer(self, to: Pos) -> u8 {
        let ([q1, r1], [q2, r2]) = (self.axial(), to.axial());
        let (q, r) = (q2 - q1, r2 - r1);
        let s = -q - r;
        // In the order of `neighbours`: +q -s, +r -s, +r -q, +s -q, +s -r, +q -r.
        let ways = [q > 0 && s < 0, r > 0 && s < 0, r > 0 && q < 0, s > 0 && q < 0, s > 0 && r < 0, q > 0 && r < 0];
        ways.iter().enumerate().fold(0, |bits, (k, &nearer)| bits | (u8::from(nearer) << k))
    }

    pub fn is_adjacent(self, other: Pos) -> bool {
        self.distance(other) == 1
    }

    /// The hexes strictly between the two centres along the hex line.
    pub fn between(self, other: Pos) -> Vec<Pos> {
        let line: Vec<Pos> = self.hex().line_to(other.hex()).map(Pos::from_hex).collect();
        if line.len() <= 2 {
            return Vec::new();
        }
        line[1..line.len() - 1].to_vec()
    }
}

impl From<(i32, i32)> for Pos {
    fn from((col, row): (i32, i32)) -> Self {
        Self { col, row }
    }
}

impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> Self {
        (p.col, p.row)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

#[cfg(test)]
#[path = "pos_tests.rs"]
mod tests;
