use super::*;
use crate::engine::testing::{OPEN, add_enemy, game_on, squad};

/// A patrol of `n` riflemen at 3,4 on open ground, all on the map.
fn patrol_of(n: usize) -> Game {
    let mut g = game_on(&OPEN, (3, 4), &squad(n), 1);
    for s in g.soldiers.iter_mut() {
        s.pos = Some(Pos::new(3, 4));
    }
    g
}

#[test]
fn a_man_charges_only_where_the_shot_is_poor_and_the_odds_are_two_to_one() {
    let next = Pos::new(3, 4).neighbours()[0];
    let mut g = patrol_of(2);
    add_enemy(&mut g, "rifle", (next.col, next.row));
    assert_eq!(g.charge_hex(0, None), Some(next), "no shot, two to one");
    assert_eq!(g.charge_hex(0, Some(5)), Some(next), "a shot on 5+ is poor");
    assert_eq!(g.charge_hex(0, Some(4)), None, "a shot on 4+ is taken instead");
    add_enemy(&mut g, "rifle", (next.col, next.row));
    assert_eq!(g.charge_hex(0, None), None, "two against two is no charge");
    let mut g = game_on(&OPEN, (3, 4), &[("Able", "bazooka"), ("Baker", "rifle")], 1);
    add_enemy(&mut g, "rifle", (next.col, next.row));
    assert!(g.carries_anti_tank(0) && !g.carries_anti_tank(1));
    assert_eq!(g.charge_hex(0, None), None, "the bazooka man is kept back");
    assert_eq!(g.charge_hex(1, None), Some(next));
}

#[test]
fn a_man_with_no_shot_advances_only_while_the_patrol_outnumbers_the_enemy() {
    let mut g = patrol_of(3);
    add_enemy(&mut g, "rifle", (3, 0));
    let step = g.advance_step(0).expect("three against one: he goes on");
    assert_eq!(step.distance(Pos::new(3, 0)), 3, "a step nearer");
    add_enemy(&mut g, "rifle", (4, 0));
    add_enemy(&mut g, "rifle", (5, 0));
    assert_eq!(g.advance_step(0), None, "three against three: he waits");
}

#[test]
fn the_march_goes_round_woods_when_it_costs_no_step() {
    // Across five columns there are several shortest walks: a wood on
    // the first step of one of them is gone round.
    let (from, goal) = (Pos::new(0, 2), Pos::new(4, 2));
    let d = from.distance(goal);
    let open = game_on(&OPEN, (0, 2), &squad(1), 1);
    let nearer: Vec<Pos> =
        from.neighbours().into_iter().filter(|&n| open.map.contains(n) && n.distance(goal) == d - 1).collect();
    assert!(nearer.len() >= 2, "{nearer:?}");
    let mut rows: Vec<Vec<u8>> = OPEN.iter().map(|r| r.as_bytes().to_vec()).collect();
    rows[nearer[0].row as usize][nearer[0].col as usize] = b'T';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let g = game_on(&rows, (0, 2), &squad(1), 1);
    let step = g.cheapest_step(Memo::default(), from, &[goal]).expect("a way");
    assert_ne!(step, nearer[0], "the wood brings incidents on 6+, open ground on 7+");
    assert_eq!(step.distance(goal), d - 1, "and the walk is no longer for it");
    // A wood on the only way is walked through.
    let g = game_on(&["~.~", "~T~", "~.~"], (1, 2), &squad(1), 1);
    assert_eq!(g.cheapest_step(Memo::default(), Pos::new(1, 2), &[Pos::new(1, 0)]), Some(Pos::new(1, 1)));
    assert_eq!(g.cheapest_step(Memo::default(), Pos::new(1, 0), &[Pos::new(1, 0)]), None, "already there");
}
