use proptest::prelude::*;

use super::*;

/// The closing step as first written: every neighbour weighed by its
/// distance to the nearest hex of them all.
fn closing_step_of_all(g: &Game, here: Pos, toward: Side, into_contact: bool) -> Option<Pos> {
    let targets = g.hexes_of(toward);
    let nearest = |p: Pos| targets.iter().map(|q| q.distance(p)).min();
    let now = nearest(here)?;
    let mut best: Option<(u8, u32, Pos)> = None;
    for p in here.neighbours() {
        let Some(d) = nearest(p).filter(|&d| d < now && (into_contact || d > 0)) else { continue };
        let Some(t) = g.map.terrain(&g.book, p).filter(|t| t.passable && !g.map.is_minefield(p)) else {
            continue;
        };
        let key = (t.cover.preference(), d, p);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, p)| p)
}

/// The mortar's hex as first chosen: the patrol's hexes gathered, then
/// each asked of the roster for a man who moved and for the men able.
fn bombard_target_by_hex(g: &Game, e: usize, weapon: &Weapon) -> Option<(Pos, Odds)> {
    let from = g.soldiers[e].pos?;
    let mut best: Option<(i32, usize, Pos, Odds)> = None;
    for hex in g.hexes_of(Side::Friendly) {
        let moved = g.in_hex(hex).any(|i| g.soldiers[i].side == Side::Friendly && g.soldiers[i].moved);
        let Some(odds) = g.rules.bombard_odds(&g.book, weapon, from.distance(hex), moved) else {
            continue;
        };
        if odds.need() > i32::from(odds.sides) {
            continue;
        }
        let men = g.in_hex(hex).filter(|&i| g.soldiers[i].side == Side::Friendly && g.soldiers[i].can_act()).count();
        let better = best
            .as_ref()
            .is_none_or(|(need, n, _, _)| (odds.need(), std::cmp::Reverse(men)) < (*need, std::cmp::Reverse(*n)));
        if better {
            best = Some((odds.need(), men, hex, odds));
        }
    }
    best.map(|(_, _, hex, odds)| (hex, odds))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The patrol scattered near a mortar, some moved, some hit or dead.
    #[test]
    fn the_mortar_picks_the_hex_it_picked_hex_by_hex(
        men in prop::collection::vec((0i32..6, 0i32..6, 0usize..6, any::<bool>()), 1..10),
        mortar in (0i32..16, 0i32..12),
    ) {
        let mut g = crate::engine::testing::default_game(1);
        for (k, &(col, row, state, moved)) in men.iter().enumerate().take(g.soldiers.len()) {
            let s = &mut g.soldiers[k];
            s.pos = (state != 5).then_some(Pos::new(col, row));
            s.state = [State::Fit, State::FleshWound, State::Fit, State::KnockedOver, State::Dead, State::Fit][state];
            s.moved = moved;
        }
        let e = crate::engine::testing::add_enemy(&mut g, "mortar", mortar);
        let weapon = g.book.weapon("mortar").expect("the rules have a mortar").clone();
        prop_assert_eq!(g.bombard_target(e, &weapon), bombard_target_by_hex(&g, e, &weapon));
    }

    /// Men of both sides scattered over the Hedgerow map (some hit, some
    /// gone), a minefield or two: from every hex, toward either side.
    #[test]
    fn the_step_weighs_only_the_nearest_as_all_would(
        men in prop::collection::vec((0i32..16, 0i32..12, 0usize..6, any::<bool>()), 1..14),
        mines in prop::collection::vec((0i32..16, 0i32..12), 0..3),
    ) {
        let mut g = crate::engine::testing::default_game(1);
        for (k, &(col, row, state, enemy)) in men.iter().enumerate() {
            let i = if enemy || k >= g.soldiers.len() {
                crate::engine::testing::add_enemy(&mut g, "rifle", (col, row))
            } else {
                k
            };
            let s = &mut g.soldiers[i];
            s.pos = (state != 5).then_some(Pos::new(col, row));
            s.state = [State::Fit, State::FleshWound, State::Fit, State::KnockedOver, State::Dead, State::Fit][state];
        }
        for (col, row) in mines {
            g.map.mark_minefield(Pos::new(col, row));
        }
        for here in g.map.hexes() {
            for toward in [Side::Friendly, Side::Enemy] {
                for into_contact in [false, true] {
                    prop_assert_eq!(
                        g.closing_step(here, toward, into_contact),
                        closing_step_of_all(&g, here, toward, into_contact),
                        "from {} toward {:?}", here, toward
                    );
                }
            }
        }
    }
}
