use std::collections::VecDeque;

use proptest::prelude::*;

use super::*;
use crate::engine::book::scenario::Edge;

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
        let book = crate::engine::testing::book();
        let n = width * height;
        let cells: Vec<u8> = seed_cells.iter().cycle().take(n).copied().collect();
        let mines: Vec<usize> = mines.into_iter().map(|i| i % n).collect();
        let m = map(&cells, width, &mines);
        let at = |i: usize| Pos::new(((i % n) % width) as i32, ((i % n) / width) as i32);
        let (from, to) = (at(ends.0), at(ends.1));
        let ours = m.path(&book, from, to);
        prop_assert_eq!(&ours, &reference(&m, &book, from, to));
        let walk = ours.as_ref().and_then(|p| Some((p.len() as u32 - 1, *p.get(1)?)));
        prop_assert_eq!(m.walk(&book, from, to), walk, "the walk is the path's");
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
        let mut g = crate::engine::testing::default_game(seed);
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
    let g = crate::engine::testing::default_game(1);
    let hexes: Vec<Pos> = g.map.hexes().collect();
    for &a in hexes.iter().step_by(7) {
        for &b in &hexes {
            assert_eq!(g.map.path(&g.book, a, b), reference(&g.map, &g.book, a, b), "{a} to {b}");
        }
    }
}
