use super::*;

/// Steered the same way at every move, a grenade ends up over another
/// hex: ten inches towards a hex two hexes off at five inches a hex
/// reach it.
#[test]
fn a_move_goes_towards_the_hex_it_is_steered_at() {
    let (aim, goal) = (Pos::new(4, 4), Pos::new(4, 6));
    let mut f = Flight::new(0, Pos::new(4, 2), aim, 10, 5, [2, 1], 0);
    while !f.landed() {
        f.step(goal);
    }
    assert_eq!(f.over(), goal);
    // Steered back at the aim, it stays over it.
    let mut f = Flight::new(0, Pos::new(4, 2), aim, 10, 5, [2, 1], 0);
    while !f.landed() {
        f.step(aim);
    }
    assert_eq!(f.over(), aim);
}

/// An inch at a time, the opponent's two and then the thrower's one, as
/// the article's table lays them out; the last turn is cut short.
#[test]
fn the_inches_go_opposing_opposing_controlling() {
    let whose = |points| {
        let f = Flight::new(0, Pos::new(2, 2), Pos::new(4, 2), points, 5, [2, 1], 0);
        f.walk_by_rule().0.iter().map(|s| if s.0 { 'O' } else { 'C' }).collect::<String>()
    };
    assert_eq!(whose(6), "OOCOOC");
    assert_eq!(whose(4), "OOCO");
    let mut f = Flight::new(0, Pos::new(2, 2), Pos::new(4, 2), 4, 5, [2, 1], 0);
    assert_eq!(f.inch_of_turn(), (1, 2));
    f.step(Pos::new(2, 2));
    assert_eq!(f.inch_of_turn(), (2, 2));
    f.step(Pos::new(2, 2));
    assert_eq!((f.opponent_next, f.inch_of_turn()), (false, (1, 1)));
    f.step(Pos::new(4, 2));
    assert_eq!((f.opponent_next, f.inch_of_turn()), (true, (1, 1)), "one inch left: a turn of one");
}

#[test]
fn a_dropped_grenade_is_over_the_throwers_hex() {
    let f = Flight::dropped(0, Pos::new(3, 5), Pos::new(5, 5), 5, 0);
    assert!(f.landed());
    assert_eq!(f.over(), Pos::new(3, 5));
}

#[test]
fn a_flight_past_what_a_die_gives_is_refused() {
    let f = Flight::new(0, Pos::new(2, 2), Pos::new(4, 2), 10, 5, [2, 1], 0);
    assert!(f.check(10).is_ok());
    assert!(f.check(9).unwrap_err().contains("more than a D9"));
    let mut moved = f.clone();
    moved.step(Pos::new(9, 9));
    assert!(moved.check(10).is_ok(), "1 moved and 9 to go");
    moved.left = 10;
    assert!(moved.check(10).is_err(), "1 moved and 10 to go");
    moved.left = 9;
    moved.into_turn = 2;
    assert!(moved.check(10).unwrap_err().contains("2 inches into a turn of 2"));
    // A place hand-edited to the far end of the numbers is refused, not overflowed.
    let mut far = f.clone();
    far.at = [i64::MAX, 0];
    assert!(far.check(10).is_err());
    far.at = [i64::MIN, i64::MIN];
    assert!(far.check(10).is_err());
}
