use super::*;

#[test]
fn odd_columns_sit_half_a_hex_lower() {
    // (1,0) is in an odd column, so it touches (0,0) and (0,1) on its left.
    let p = Pos::new(1, 0);
    assert!(p.is_adjacent(Pos::new(0, 0)));
    assert!(p.is_adjacent(Pos::new(0, 1)));
    assert!(!p.is_adjacent(Pos::new(0, 2)));
    // (2,1) in an even column touches (1,0) and (1,1).
    let q = Pos::new(2, 1);
    assert!(q.is_adjacent(Pos::new(1, 0)));
    assert!(q.is_adjacent(Pos::new(1, 1)));
    assert!(!q.is_adjacent(Pos::new(1, 2)));
}

#[test]
fn offset_round_trip_and_distance() {
    for col in 0..16 {
        for row in 0..12 {
            let p = Pos::new(col, row);
            assert_eq!(Pos::from_hex(p.hex()), p);
        }
    }
    assert_eq!(Pos::new(0, 0).distance(Pos::new(0, 4)), 4);
    assert_eq!(Pos::new(0, 0).distance(Pos::new(4, 0)), 4);
    assert_eq!(Pos::new(3, 3).distance(Pos::new(3, 3)), 0);
}

#[test]
fn distance_is_hexx_distance() {
    for (c1, r1) in (-5..20).flat_map(|c| (-5..15).map(move |r| (c, r))) {
        let a = Pos::new(c1, r1);
        assert_eq!(a.axial(), [a.hex().x, a.hex().y], "{a}");
        for (c2, r2) in (-5..20).flat_map(|c| (-5..15).map(move |r| (c, r))) {
            let b = Pos::new(c2, r2);
            assert_eq!(a.distance(b), a.hex().unsigned_distance_to(b.hex()), "{a} to {b}");
        }
    }
}

#[test]
fn neighbours_are_hexx_neighbours_in_its_order() {
    for col in -5..20 {
        for row in -5..15 {
            let p = Pos::new(col, row);
            assert_eq!(p.neighbours(), p.hex().all_neighbors().map(Pos::from_hex), "{p}");
        }
    }
}

#[test]
fn the_steps_nearer_are_the_neighbours_a_hex_nearer() {
    for (c1, r1) in (-3..12).flat_map(|c| (-3..10).map(move |r| (c, r))) {
        let a = Pos::new(c1, r1);
        for (c2, r2) in (-3..12).flat_map(|c| (-3..10).map(move |r| (c, r))) {
            let b = Pos::new(c2, r2);
            let nearer = a.neighbours().into_iter().enumerate().filter(|(_, n)| n.distance(b) + 1 == a.distance(b));
            assert_eq!(a.steps_nearer(b), nearer.fold(0, |bits, (k, _)| bits | 1 << k), "{a} to {b}");
        }
    }
}

#[test]
fn between_excludes_both_ends() {
    let a = Pos::new(0, 0);
    assert!(a.between(Pos::new(0, 1)).is_empty());
    assert_eq!(a.between(Pos::new(0, 3)), vec![Pos::new(0, 1), Pos::new(0, 2)]);
}
