use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::engine::book::scenario::Member;
use crate::engine::game::Game;

fn book() -> Arc<RuleBook> {
    crate::rules::rule_book().unwrap()
}

fn squad() -> Vec<Member> {
    let b = book();
    crate::rules::campaign(crate::rules::default_campaign_name(), &b).unwrap().squad
}

/// Glyph by terrain key, from the built-in book.
fn glyph(book: &RuleBook, key: &str) -> char {
    book.terrain.iter().find(|t| t.key == key).unwrap().glyph
}

/// A map of `rows` (glyphs of the built-in book), home to the south.
fn map_of(book: &RuleBook, rows: &[&str]) -> Map {
    let cells = rows.iter().map(|r| r.chars().map(|c| book.terrain_by_glyph(c).unwrap() as u8).collect()).collect();
    Map::new(cells, Edge::South)
}

fn road(book: &RuleBook) -> usize {
    book.terrain.iter().position(|t| t.key == "road").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever the seed and patrol, the map made passes its check read
    /// afresh from the game's own map, the squad can set out on it, and
    /// the game's own path-finder walks from the start to every objective
    /// hex and from each back to the home edge.
    #[test]
    fn every_map_made_passes_its_check_and_its_objective_can_be_walked_to(seed in any::<u64>(), number in 1u32..60) {
        let book = book();
        let made = patrol(&book, seed, number).unwrap();
        let s = Scenario { squad: squad(), ..made.scenario.clone() };
        prop_assert_eq!(s.rows.len(), HEIGHT as usize);
        prop_assert!(s.rows.iter().all(|r| r.chars().count() == WIDTH as usize));
        let game = Game::new(book.clone(), &s, 1).unwrap();
        let map = game.map();
        let hexes = s.objective.hexes();
        let measures = survey::survey(map, &book, s.start, &hexes, road(&book)).unwrap();
        prop_assert_eq!(measures, made.survey.measures);
        prop_assert!(map.on_home_edge(s.start));
        for &o in &hexes {
            prop_assert!(map.path(&book, s.start, o).is_some(), "no path to {}", o);
            prop_assert!(map.hexes().filter(|&p| map.on_home_edge(p)).any(|p| map.path(&book, o, p).is_some()));
        }
        let text = ron::to_string(&s).unwrap();
        prop_assert!(crate::rules::check_scenario(&s, &book, "generated", &text).is_ok());
    }
}

#[test]
fn the_same_seed_and_patrol_make_the_same_map_and_others_make_others() {
    let book = book();
    let a = patrol(&book, 11, 3).unwrap();
    assert_eq!(patrol(&book, 11, 3).unwrap(), a);
    assert_ne!(patrol(&book, 11, 4).unwrap().scenario.rows, a.scenario.rows);
    assert_ne!(patrol(&book, 12, 3).unwrap().scenario.rows, a.scenario.rows);
    assert!(a.scenario.name.starts_with("3. "), "{}", a.scenario.name);
}

/// Maps vary: every home edge, every kind of objective, a stream with a
/// ford, a hamlet and a farm, a crossroads, and each kind of ground, all
/// turn up in a hundred patrols.
#[test]
fn the_ground_and_the_orders_vary() {
    let book = book();
    let made: Vec<Made> = (1..=100).map(|k| patrol(&book, 5, k).unwrap()).collect();
    let edges: std::collections::BTreeSet<String> =
        made.iter().map(|m| format!("{:?}", m.scenario.home_edge)).collect();
    assert_eq!(edges.len(), 4, "{edges:?}");
    let kinds = |f: fn(&Objective) -> bool| made.iter().filter(|m| f(&m.scenario.objective)).count();
    use crate::engine::book::scenario::Objective;
    assert!(kinds(|o| matches!(o, Objective::Reach(_))) > 10);
    assert!(kinds(|o| matches!(o, Objective::Reconnoitre(_))) > 10);
    assert!(kinds(|o| matches!(o, Objective::Prisoner(_))) > 10);
    let said = |w: &str| made.iter().filter(|m| m.scenario.briefing.contains(w)).count();
    for w in ["fords it at", "hamlet", "farm", "crossroads", "wood", "radio"] {
        assert!(said(w) > 0, "no briefing says '{w}'");
    }
    for key in ["open", "road", "woods", "buildings", "hedgerow", "crops", "water"] {
        let g = glyph(&book, key);
        let with = made.iter().filter(|m| m.scenario.rows.iter().any(|r| r.contains(g))).count();
        // Every map has open ground and a road; woods, hedgerows and crops nearly every one.
        let least = match key {
            "open" | "road" => 100,
            "woods" | "hedgerow" | "crops" => 90,
            _ => 30,
        };
        assert!(with >= least, "{key}: {with} maps of 100");
    }
    assert!(made.iter().any(|m| !m.scenario.forces.is_empty()));
}

/// A map that fails its check is let go for the next seed, and the record
/// says which seed failed and why.
#[test]
fn a_map_refused_is_in_the_record_and_the_next_seed_is_tried() {
    let book = book();
    let made = (1..200).map(|seed| patrol(&book, seed, 1).unwrap()).find(|m| !m.survey.refused.is_empty()).unwrap();
    let tried = made.survey.refused.len() as u32;
    let first = made.survey.refused[0].seed;
    assert!((1..200).any(|seed| map_seed(seed, 1, 0) == first), "the first try is the seed's own");
    let seed = (1..200).find(|&seed| map_seed(seed, 1, 0) == first).unwrap();
    assert_eq!(made.survey.seed, map_seed(seed, 1, tried), "then the next, in order");
    assert!(made.survey.refused.iter().all(|r| !r.why.is_empty()));
}

#[test]
fn the_check_refuses_ground_in_pieces() {
    let book = book();
    let map = map_of(&book, &["......", "~~~~~~", "..=..."]);
    let e = survey::survey(&map, &book, Pos::new(2, 2), &[Pos::new(2, 0)], road(&book)).unwrap_err();
    assert!(e.contains("in pieces"), "{e}");
    // A ford joins it.
    let map = map_of(&book, &["..=...", "~~=~~~", "..=..."]);
    assert!(survey::survey(&map, &book, Pos::new(2, 2), &[Pos::new(2, 0)], road(&book)).is_ok());
}

#[test]
fn the_check_refuses_an_objective_that_cannot_be_reached_or_sees_nothing() {
    let book = book();
    let map = map_of(&book, &["....~.", "....~~", "..=..."]);
    let e = survey::survey(&map, &book, Pos::new(2, 2), &[Pos::new(5, 0)], road(&book)).unwrap_err();
    assert!(e.contains("in pieces") || e.contains("reaches"), "{e}");
    // Walled in by woods: sight blocked all round.
    let rows = ["TTTTTTT", "TTTTTTT", "TTT.TTT", "TTTTTTT", "TTTTTTT", "TTT=TTT"];
    let map = map_of(&book, &rows);
    let e = survey::survey(&map, &book, Pos::new(3, 5), &[Pos::new(3, 2)], road(&book)).unwrap_err();
    assert!(e.contains("sees") && e.contains("at least 25%"), "{e}");
    // Open ground sees all.
    let map = map_of(&book, &[".......", ".......", "...=..."]);
    let m = survey::survey(&map, &book, Pos::new(3, 2), &[Pos::new(3, 0)], road(&book)).unwrap();
    assert_eq!((m.out, m.view), (2, 100));
}

#[test]
fn the_check_refuses_roads_that_do_not_meet_or_lead_nowhere() {
    let book = book();
    let map = map_of(&book, &["=.....", "......", "..=..."]);
    let e = survey::survey(&map, &book, Pos::new(2, 2), &[Pos::new(4, 0)], road(&book)).unwrap_err();
    assert!(e.contains("joins no other road"), "{e}");
    let map = map_of(&book, &["......", "..=...", "......"]);
    let e = survey::survey(&map, &book, Pos::new(1, 2), &[Pos::new(4, 0)], road(&book)).unwrap_err();
    assert!(e.contains("lead nowhere"), "{e}");
}

#[test]
fn a_book_without_the_terrain_drawn_with_is_refused_in_words() {
    let mut book = (*book()).clone();
    book.terrain.retain(|t| t.key != "crops");
    let e = patrol(&book, 1, 1).unwrap_err();
    assert!(e.contains("no terrain 'crops'"), "{e}");
}
