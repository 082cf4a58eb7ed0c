use super::*;
use crate::engine::testing::{OPEN, add_enemy, game_on, squad};

/// One patrol man at 3,4 (the rest off the map) and the hex next to him.
fn one_man() -> (Game, Pos) {
    let mut g = game_on(&OPEN, (3, 4), &squad(3), 1);
    g.soldiers[1].pos = None;
    g.soldiers[2].pos = None;
    (g, Pos::new(3, 4).neighbours()[0])
}

#[test]
fn riflemen_charge_a_hex_they_outnumber_where_the_shot_is_poor() {
    let (mut g, next) = one_man();
    let e = add_enemy(&mut g, "rifle", (next.col, next.row));
    assert_eq!(g.enemy_charge_hex(e, None), None, "one against one: no charge");
    add_enemy(&mut g, "rifle", (next.col, next.row));
    assert_eq!(g.enemy_charge_hex(e, None), Some(Pos::new(3, 4)), "two against one");
    assert_eq!(g.enemy_charge_hex(e, Some(4)), None, "a shot on 4+ is taken instead");
    g.soldiers[e].stays_put = true;
    assert_eq!(g.enemy_charge_hex(e, None), None, "a man at a post keeps it");
}

#[test]
fn a_sniper_outflanked_falls_back_away_from_the_patrol() {
    let (mut g, next) = one_man();
    let e = add_enemy(&mut g, "rifle", (next.col, next.row));
    g.soldiers[e].stays_put = true;
    assert_eq!(g.fall_back_step(e), None, "one man next to him is no outflanking");
    g.soldiers[1].pos = Some(Pos::new(3, 4));
    let back = g.fall_back_step(e).expect("two patrol men next to a lone sniper");
    assert_eq!(back.distance(Pos::new(3, 4)), 2, "a hex farther off");
    g.soldiers[e].stays_put = false;
    assert_eq!(g.fall_back_step(e), None, "a rifleman does not fall back");
}
