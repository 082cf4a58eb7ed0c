//! The hex grid's shape on the screen, at each size the map can be drawn:
//! where a hex's box sits, which cells are inside it, and how big a map is.
//!
//! A flat-topped hex is drawn with a top edge of `top` underscores and
//! slanted sides `slant` rows high; neighbours share their sides, and odd
//! columns sit half a hex lower, as on the scenario's grid:
//!
//! ```text
//!  ___          _____          _____
//! /   \        /     \        /     \
//! \___/        \_____/       /       \
//!                            \       /
//!  small        wide          \_____/   big
//! ```
//!
//! A terminal's cell is about twice as tall as it is wide, so the wide hex
//! is the truest to shape; the small one is the one that fits most.

use crate::engine::Pos;

/// One size of hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Rows each slanted side takes.
    pub slant: i32,
    /// Underscores along the top edge.
    pub top: i32,
}

/// Five characters wide, three high: the size that fits most.
pub const SMALL: Scale = Scale { slant: 1, top: 3 };
/// Seven wide, three high: room for the terrain on both sides of who is there.
pub const WIDE: Scale = Scale { slant: 1, top: 5 };
/// Nine wide, five high: room for the hex's own name as well.
pub const BIG: Scale = Scale { slant: 2, top: 5 };

/// The sizes, biggest first: the map is drawn at the first that fits.
pub const SCALES: [Scale; 3] = [BIG, WIDE, SMALL];

impl Default for Scale {
    fn default() -> Self {
        SMALL
    }
}

impl Scale {
    /// Characters across and down that a map of `width` x `height` hexes takes.
    pub fn canvas(self, width: i32, height: i32) -> (u16, u16) {
        let w = (self.step() * width.max(0) + self.slant).min(i32::from(u16::MAX));
        let h = (2 * self.slant * height.max(0) + self.slant + 1).min(i32::from(u16::MAX));
        (w as u16, h as u16)
    }

    /// Characters from one column of hexes to the next.
    pub fn step(self) -> i32 {
        self.slant + self.top
    }

    /// A hex's box, across and down, sides included.
    pub fn span(self) -> (i32, i32) {
        (2 * self.slant + self.top, 2 * self.slant + 1)
    }

    /// The canvas cell of the top-left corner of a hex's box.
    pub fn corner(self, p: Pos) -> (i32, i32) {
        (self.step() * p.col, 2 * self.slant * p.row + self.slant * p.col.rem_euclid(2))
    }

    /// The cells inside a hex on row `dy` of its box (1 to 2 x slant), as
    /// the first and last offset across from its corner; the bottom edge's
    /// underscores are inside.
    pub fn inside(self, dy: i32) -> (i32, i32) {
        let (s, a) = (self.slant, self.top);
        if dy <= s { (s - dy + 1, s + a + dy - 2) } else { (dy - s, 3 * s + a - dy - 1) }
    }

    /// The hex whose inside holds canvas cell (x, y), if any (the slanted
    /// sides and the top edges belong to no one hex).
    pub fn hex_at(self, x: u16, y: u16) -> Option<Pos> {
        let (x, y) = (i32::from(x), i32::from(y));
        let first = x / self.step();
        (first - 1..=first).filter(|&col| col >= 0).find_map(|col| {
            let (cx, _) = self.corner(Pos::new(col, 0));
            let down = y - self.slant * col.rem_euclid(2);
            if down < 1 {
                return None;
            }
            let row = (down - 1) / (2 * self.slant);
            let dy = down - 2 * self.slant * row;
            let (from, to) = self.inside(dy);
            (from..=to).contains(&(x - cx)).then(|| Pos::new(col, row))
        })
    }

    /// Where the map's outline goes: every cell of every hex's top edge and
    /// slanted sides, with its character. A hex's bottom edge is the top
    /// edge of the hex below, or drawn with its marks.
    pub fn outline(self, p: Pos, mut put: impl FnMut(i32, i32, char)) {
        let (x, y) = self.corner(p);
        let (s, a) = (self.slant, self.top);
        for i in 0..a {
            put(x + s + i, y, '_');
        }
        for k in 0..s {
            put(x + s - 1 - k, y + 1 + k, '/');
            put(x + s + a + k, y + 1 + k, '\\');
            put(x + k, y + s + 1 + k, '\\');
            put(x + 2 * s + a - 1 - k, y + s + 1 + k, '/');
        }
    }

    /// The largest size at which a map of `width` x `height` hexes fits in
    /// `room` (across, down); the small one when none does.
    pub fn fitting(room: (u16, u16), width: i32, height: i32) -> Scale {
        SCALES
            .into_iter()
            .find(|s| {
                let (w, h) = s.canvas(width, height);
                w <= room.0 && h <= room.1
            })
            .unwrap_or(SMALL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_hex_is_the_one_the_map_always_had() {
        assert_eq!(SMALL.canvas(16, 12), (65, 26));
        assert_eq!(SMALL.corner(Pos::new(3, 2)), (12, 5));
        assert_eq!(WIDE.canvas(16, 12), (97, 26));
        assert_eq!(BIG.canvas(16, 12), (114, 51));
    }

    #[test]
    fn every_inside_cell_finds_its_hex_at_every_size() {
        for scale in SCALES {
            let (_, high) = scale.span();
            for col in 0..6 {
                for row in 0..5 {
                    let p = Pos::new(col, row);
                    let (x, y) = scale.corner(p);
                    for dy in 1..high {
                        let (from, to) = scale.inside(dy);
                        assert!(from <= to, "{scale:?} row {dy}");
                        for dx in from..=to {
                            let at = scale.hex_at((x + dx) as u16, (y + dy) as u16);
                            assert_eq!(at, Some(p), "{scale:?}: {p} at +{dx},+{dy}");
                        }
                        // The sides on either hand are nobody's.
                        if x + from > 0 {
                            assert_eq!(scale.hex_at((x + from - 1) as u16, (y + dy) as u16), None, "{scale:?} {p}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn neighbours_share_their_sides() {
        for scale in SCALES {
            let mut cells = std::collections::HashMap::new();
            for col in 0..4 {
                for row in 0..3 {
                    scale.outline(Pos::new(col, row), |x, y, ch| {
                        let old = cells.insert((x, y), ch);
                        assert!(old.is_none_or(|o| o == ch), "{scale:?}: {ch} over {old:?} at {x},{y}");
                    });
                }
            }
        }
    }

    #[test]
    fn the_largest_size_that_fits_is_chosen() {
        assert_eq!(Scale::fitting((200, 60), 16, 12), BIG);
        assert_eq!(Scale::fitting((110, 40), 16, 12), WIDE);
        assert_eq!(Scale::fitting((80, 40), 16, 12), SMALL);
        assert_eq!(Scale::fitting((20, 10), 16, 12), SMALL, "scrolled when nothing fits");
    }
}
