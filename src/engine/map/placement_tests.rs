use super::*;

#[test]
fn the_sector_steps_are_the_six_neighbours() {
    // As seen from an even column: N, NE, SE, S, SW, NW.
    let origin = Pos::new(4, 4).hex();
    let steps = [(4, 3), (5, 3), (5, 4), (4, 5), (3, 4), (3, 3)].map(|(c, r)| {
        let a = Pos::new(c, r).hex() - origin;
        [a.x(), a.y(), -a.x() - a.y()]
    });
    assert_eq!(steps, SECTOR_STEPS);
}

#[test]
fn spots_are_every_enterable_hex_in_the_band_in_order_of_preference() {
    let g = crate::engine::testing::default_game(1);
    let (map, book) = (&g.map, &g.book);
    let memo = crate::engine::cache::memo::MapMemo::default();
    for near in map.hexes().step_by(3) {
        // One band more than a hex keeps: the last is worked out each time.
        for (min, max) in [(3, 4), (3, 5), (4, 6), (0, 40), (2, 4)] {
            let mut all: Vec<(Pos, usize)> = map
                .hexes()
                .filter(|&p| (min..=max).contains(&near.distance(p)) && map.passable(book, p))
                .map(|p| (p, sector(near, p)))
                .collect();
            all.sort_by_key(|&(p, _)| (map.cover(book, p).preference(), near.distance(p), p.row, p.col));
            let found = spots(map, book, near, min, max);
            assert_eq!(*found.all, *all.iter().map(|&(p, _)| p).collect::<Vec<_>>(), "around {near}, {min} to {max}");
            for d in 0..6 {
                let want: Vec<Pos> = all.iter().filter(|&&(_, s)| s == d).map(|&(p, _)| p).collect();
                assert_eq!(found.of_sector(d), want, "around {near}, {min} to {max}, sector {d}");
            }
            let i = map.index(near).unwrap();
            for _ in 0..2 {
                let kept = memo.spots.get(map.hex_count(), i, (min, max), || spots(map, book, near, min, max));
                assert_eq!(*kept, found);
            }
        }
    }
}

/// The sector around `from` that holds `to`.
fn sector(from: Pos, to: Pos) -> usize {
    sector_of(to.hex() - from.hex())
}

#[test]
fn sectors_run_clockwise_from_north() {
    let c = Pos::new(4, 4);
    assert_eq!(sector(c, Pos::new(4, 1)), 0);
    assert_eq!(sector(c, Pos::new(7, 2)), 1);
    assert_eq!(sector(c, Pos::new(7, 5)), 2);
    assert_eq!(sector(c, Pos::new(4, 8)), 3);
    assert_eq!(sector(c, Pos::new(1, 5)), 4);
    assert_eq!(sector(c, Pos::new(1, 2)), 5);
    // From an odd column too, and for every neighbour in turn.
    let odd = Pos::new(5, 4);
    assert_eq!(sector(odd, Pos::new(5, 1)), 0);
    assert_eq!(sector(odd, Pos::new(5, 7)), 3);
    let mut seen: Vec<usize> = c.neighbours().iter().map(|&n| sector(c, n)).collect();
    seen.sort_unstable();
    assert_eq!(seen, vec![0, 1, 2, 3, 4, 5], "each neighbour is its own direction");
}
