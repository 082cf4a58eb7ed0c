//! Walking the map: the shortest path between two hexes, and the walking
//! distance from one hex to all others.
//!
//! `Map::path` is hexx's `a_star` step for step: the same heuristic, the
//! same heap, the same order of neighbours, the same re-opening of hexes, so
//! among equally short paths it picks the very same one (the patrol's
//! recorded games depend on it). Only its bookkeeping differs: two arrays
//! over the map's hexes instead of two hash maps, which were most of the
//! simulator's time. A test checks both agree on many maps.

use std::collections::{BinaryHeap, VecDeque};

use hexx::Hex;

use super::data::RuleBook;
use super::map::Map;
use super::pos::Pos;

/// A hex waiting in the open set, ordered as hexx orders it: lowest score
/// first, and nothing else compared.
struct Node {
    coord: Hex,
    score: u32,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.score == other.score
    }
}

impl Eq for Node {}

impl PartialOrd for Node {
    fn partial_cmp(&self, rhs: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(rhs))
    }
}

impl Ord for Node {
    fn cmp(&self, rhs: &Self) -> std::cmp::Ordering {
        rhs.score.cmp(&self.score)
    }
}

const NONE: usize = usize::MAX;

impl Map {
    /// The index of a hex on the map in row order, or None off the map.
    pub(super) fn index(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| (p.row * self.width + p.col) as usize)
    }

    /// The hex with index `i` (see `index`).
    pub(super) fn pos_at(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.width, i as i32 / self.width)
    }

    pub(super) fn hex_count(&self) -> usize {
        (self.width.max(0) * self.height.max(0)) as usize
    }

    /// The shortest walk from `from` to `to` over enterable hexes, start
    /// included; where several are equally short, the one hexx's A* finds.
    pub fn path(&self, book: &RuleBook, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        let Some(start) = self.index(from) else {
            // Only a start off the map is outside the arrays; hexx itself answers that.
            let path = hexx::algorithms::a_star(from.hex(), to.hex(), |_, b| {
                let p = Pos::from_hex(b);
                (self.enterable(book, p) || p == from).then_some(1)
            })?;
            return Some(path.into_iter().map(Pos::from_hex).collect());
        };
        // The cost of stepping into a hex: 1, or None where a man cannot go.
        let step = |p: Pos| (self.enterable(book, p) || p == from).then_some(1u32);
        step(to)?;
        let end = to.hex();
        let heuristic = |h: Hex| h.unsigned_distance_to(end);
        let mut costs = vec![u32::MAX; self.hex_count()];
        let mut came_from = vec![NONE; self.hex_count()];
        let mut open = BinaryHeap::new();
        open.push(Node { coord: from.hex(), score: heuristic(from.hex()) + step(from)? });
        costs[start] = 0;
        while let Some(node) = open.pop() {
            let here = Pos::from_hex(node.coord);
            let Some(i) = self.index(here) else { continue };
            if node.coord == end {
                let mut path = vec![here];
                let mut at = i;
                while came_from[at] != NONE {
                    at = came_from[at];
                    path.push(self.pos_at(at));
                }
                path.reverse();
                return Some(path);
            }
            let current = costs[i];
            for neighbour in node.coord.all_neighbors() {
                let p = Pos::from_hex(neighbour);
                // Off the map nothing is enterable, so `step` is None there too.
                let (Some(cost), Some(n)) = (step(p), self.index(p)) else { continue };
                let cost = current + cost;
                if costs[n] > cost {
                    came_from[n] = i;
                    costs[n] = cost;
                    open.push(Node { coord: neighbour, score: cost + heuristic(neighbour) });
                }
            }
        }
        None
    }

    /// The nearest hex that is `wanted`, by steps over enterable hexes from
    /// `from` (not counting `from` itself), with its distance; of several
    /// equally near, the least by column, then row. None if none can be reached.
    ///
    /// A breadth-first search that stops once the hexes one step further than
    /// the first wanted hex are about to be looked at: by then every hex at that
    /// distance is found, so the answer is that of a search over the whole map.
    pub fn nearest(&self, book: &RuleBook, from: Pos, wanted: impl Fn(Pos) -> bool) -> Option<(u32, Pos)> {
        let mut seen = vec![false; self.hex_count()];
        seen[self.index(from)?] = true;
        let mut queue = VecDeque::from([(from, 0u32)]);
        let mut best: Option<(u32, Pos)> = None;
        while let Some((p, d)) = queue.pop_front() {
            if best.is_some_and(|(found, _)| d >= found) {
                break;
            }
            for n in p.neighbours() {
                let Some(i) = self.index(n) else { continue };
                if seen[i] || !self.enterable(book, n) {
                    continue;
                }
                seen[i] = true;
                queue.push_back((n, d + 1));
                if wanted(n) && best.is_none_or(|b| (d + 1, n) < b) {
                    best = Some((d + 1, n));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::engine::data::Edge;

    fn map(cells: &[u8], width: usize, mines: &[usize]) -> Map {
        let rows: Vec<Vec<u8>> = cells.chunks(width).map(<[u8]>::to_vec).collect();
        let mut m = Map::new(rows, Edge::South);
        for &i in mines {
            m.mark_minefield(Pos::new((i % width) as i32, (i / width) as i32));
        }
        m
    }

    impl Map {
        /// The number of steps from `from` to every hex of the map over
        /// enterable hexes (the start counts as enterable), in row order;
        /// None where no walk leads. A breadth-first search: every step costs 1.
        pub fn walking_distances(&self, book: &RuleBook, from: Pos) -> Vec<Option<u32>> {
            let mut dist = vec![None; self.hex_count()];
            let Some(start) = self.index(from) else { return dist };
            dist[start] = Some(0);
            let mut queue = VecDeque::from([(from, 0u32)]);
            while let Some((p, d)) = queue.pop_front() {
                for n in p.neighbours() {
                    if let Some(i) = self.index(n)
                        && dist[i].is_none()
                        && self.enterable(book, n)
                    {
                        dist[i] = Some(d + 1);
                        queue.push_back((n, d + 1));
                    }
                }
            }
            dist
        }
    }

    /// hexx's own A*, as the map used it before.
    fn reference(m: &Map, book: &RuleBook, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        let path = hexx::algorithms::a_star(from.hex(), to.hex(), |_, b| {
            let p = Pos::from_hex(b);
            (m.enterable(book, p) || p == from).then_some(1)
        })?;
        Some(path.into_iter().map(Pos::from_hex).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Terrain 0 is open ground and 6 water in the built-in rules; the
        /// maps are mostly open, with water and minefields in the way.
        #[test]
        fn the_same_path_as_hexx_finds(
            width in 2usize..12,
            height in 2usize..10,
            seed_cells in prop::collection::vec(prop::sample::select(vec![0u8, 0, 0, 1, 2, 3, 6, 6]), 120),
            mines in prop::collection::vec(0usize..120, 0..6),
            ends in (0usize..120, 0usize..120),
        ) {
            let book = crate::engine::tests::book();
            let n = width * height;
            let cells: Vec<u8> = seed_cells.iter().cycle().take(n).copied().collect();
            let mines: Vec<usize> = mines.into_iter().map(|i| i % n).collect();
            let m = map(&cells, width, &mines);
            let at = |i: usize| Pos::new(((i % n) % width) as i32, ((i % n) / width) as i32);
            let (from, to) = (at(ends.0), at(ends.1));
            let ours = m.path(&book, from, to);
            prop_assert_eq!(&ours, &reference(&m, &book, from, to));
            let dist = m.walking_distances(&book, from);
            let i = (to.row as usize) * width + to.col as usize;
            if from != to {
                prop_assert_eq!(ours.map(|p| p.len() as u32 - 1), dist[i], "A* is as short as the search");
            }
        }
    }

    #[test]
    fn the_nearest_wanted_hex_is_the_least_of_all_distances() {
        for seed in 0..3 {
            let mut g = crate::engine::tests::default_game(seed);
            if seed > 0 {
                for p in [Pos::new(9, 9), Pos::new(8, 10), Pos::new(10, 10)] {
                    g.map.mark_minefield(p);
                }
            }
            let (map, book) = (&g.map, &g.book);
            for from in map.hexes() {
                for edge in [|p: Pos| p.row == 11, |p: Pos| p.col == 0, |p: Pos| p == Pos::new(12, 5)] {
                    let dist = map.walking_distances(book, from);
                    let all = map
                        .hexes()
                        .zip(dist)
                        .filter(|&(p, _)| p != from && edge(p) && map.enterable(book, p))
                        .filter_map(|(p, d)| Some((d?, p)))
                        .min();
                    assert_eq!(map.nearest(book, from, edge), all, "from {from}");
                }
            }
        }
    }

    #[test]
    fn on_the_hedgerow_map_every_pair_agrees() {
        let g = crate::engine::tests::default_game(1);
        let hexes: Vec<Pos> = g.map.hexes().collect();
        for &a in hexes.iter().step_by(7) {
            for &b in &hexes {
                assert_eq!(g.map.path(&g.book, a, b), reference(&g.map, &g.book, a, b), "{a} to {b}");
            }
        }
    }
}
