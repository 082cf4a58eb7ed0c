use super::*;
use crate::engine::book::scenario::Edge;

#[test]
fn sight_is_the_hexes_between_read_one_by_one() {
    // The line of sight as first written, gathering the hexes between.
    let g = crate::engine::testing::default_game(1);
    let (map, book) = (&g.map, &g.book);
    let clear = |a: Pos, b: Pos| a.between(b).into_iter().all(|p| map.terrain(book, p).is_none_or(|t| !t.blocks_sight));
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
    let g = crate::engine::testing::default_game(1);
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
    let book = crate::engine::testing::book();
    let woods = book.terrain_by_glyph('T').expect("woods") as u8;
    let mut rows = vec![vec![0u8; 200]; 200];
    rows[100][100] = woods;
    let map = Map::new(rows, Edge::South);
    assert!(!map.line_of_sight(&book, Memo::default(), Pos::new(100, 98), Pos::new(100, 102)), "the wood is between");
    assert!(map.line_of_sight(&book, Memo::default(), Pos::new(0, 0), Pos::new(199, 0)));
}
