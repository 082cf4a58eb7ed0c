use super::*;

#[test]
fn lists_are_kept_by_hex_and_key_up_to_the_slots_and_the_map_size() {
    let memo: Slots<u32, u32> = Slots::default();
    let kept = |c: &Cow<'_, u32>| matches!(c, Cow::Borrowed(_));
    // The first time made and kept; then read, work not called.
    assert_eq!((*memo.get(10, 3, 7, || 70), kept(&memo.get(10, 3, 7, || unreachable!()))), (70, true));
    // Another key at that hex takes the next slot; another hex its own.
    assert_eq!(*memo.get(10, 3, 8, || 80), 80);
    assert_eq!(*memo.get(10, 4, 7, || 71), 71);
    assert_eq!(*memo.get(10, 3, 7, || unreachable!()), 70);
    // A hex's slots full: a fifth key is made every time.
    for key in 9..=10 {
        memo.get(10, 3, key, || key * 10);
    }
    assert!(!kept(&memo.get(10, 3, 11, || 110)) && !kept(&memo.get(10, 3, 11, || 110)));
    // A map too big to keep lists for: always made.
    let big: Slots<u32, u32> = Slots::default();
    for _ in 0..2 {
        let list = big.get(MAX_LIST_HEXES + 1, 0, 1, || 5);
        assert_eq!((*list, kept(&list)), (5, false));
    }
    assert_eq!(*big.get(MAX_LIST_HEXES, 0, 1, || 6), 6);
    assert!(kept(&big.get(MAX_LIST_HEXES, 0, 1, || unreachable!())));
}

#[test]
fn kept_steps_and_homes_are_the_ones_worked_out() {
    let g = crate::engine::testing::default_game(1);
    let (book, hexes) = (&g.book, g.map.hexes().collect::<Vec<_>>());
    let kept = MapMemo::default();
    let memo = Memo::of(&kept, g.map.ground());
    let mut mined = g.map.clone();
    mined.mark_minefield(Pos::new(9, 9));
    // Twice each, the second time from the memo; the mined map shares it but may not use it.
    for _ in 0..2 {
        for map in [&g.map, &mined] {
            for &a in hexes.iter().step_by(5) {
                assert_eq!(map.nearest_home(book, memo, a), map.nearest(book, a, |p| p.row == 11).map(|(_, p)| p));
                for &b in &hexes {
                    let step = map.path(book, a, b).and_then(|p| p.get(1).copied());
                    assert_eq!(map.first_step(book, memo, a, b), step, "{a} to {b}");
                }
            }
        }
    }
}

#[test]
fn steps_past_minefields_are_the_ones_searched_for() {
    let g = crate::engine::testing::default_game(1);
    let (book, hexes) = (&g.book, g.map.hexes().collect::<Vec<_>>());
    let kept = MapMemo::default();
    let memo = Memo::of(&kept, g.map.ground());
    // Fill the memo from the map without minefields, as the simulator's
    // first patrols do; then every mined map reads it where it may.
    let pairs: Vec<(Pos, Pos)> =
        hexes.iter().step_by(7).flat_map(|&a| hexes.iter().step_by(3).map(move |&b| (a, b))).collect();
    for &(a, b) in &pairs {
        g.map.first_step(book, memo, a, b);
    }
    for (k, &m) in hexes.iter().enumerate().step_by(5) {
        let mut mined = g.map.clone();
        mined.mark_minefield(m);
        if k % 2 == 0 {
            mined.mark_minefield(hexes[(k * 7 + 5) % hexes.len()]);
        }
        for &(a, b) in &pairs {
            let searched = mined.path(book, a, b).and_then(|p| p.get(1).copied());
            assert_eq!(mined.first_step(book, memo, a, b), searched, "{a} to {b}, mines {:?}", mined.minefields());
        }
    }
}

#[test]
fn the_way_home_past_minefields_is_the_one_searched_for() {
    let g = crate::engine::testing::default_game(1);
    let (book, hexes) = (&g.book, g.map.hexes().collect::<Vec<_>>());
    let kept = MapMemo::default();
    let memo = Memo::of(&kept, g.map.ground());
    // Fill the memo from the map without minefields, as the simulator's
    // first patrols do; then every mined map reads it where it may.
    for &a in &hexes {
        g.map.nearest_home(book, memo, a);
    }
    for (k, &m) in hexes.iter().enumerate() {
        let mut mined = g.map.clone();
        mined.mark_minefield(m);
        if k % 3 == 0 {
            mined.mark_minefield(hexes[(k * 7 + 5) % hexes.len()]);
        }
        for &a in &hexes {
            let searched = mined.nearest(book, a, |p| mined.on_home_edge(p)).map(|(_, p)| p);
            assert_eq!(mined.nearest_home(book, memo, a), searched, "from {a}, mines {:?}", mined.minefields());
        }
    }
}
