use super::*;
use crate::engine::testing::book;

fn tables() -> Book {
    let mut t = crate::engine::ruleset::european::tables_in(&book())
        .cloned()
        .expect("the built-in book has European Battlefield");
    t.activation = Activation::Priority;
    t
}

#[test]
fn the_higher_die_goes_first_by_the_difference_and_ties_are_thrown_again() {
    let t = tables();
    let (mut ties, mut tried) = (0, 0);
    for seed in 0..300 {
        let mut events = Events::all();
        let (side, points) = roll(&t, &mut Dice::new(seed), &mut events).unwrap();
        let throws: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Roll(r) => Some(r.clone()),
                _ => None,
            })
            .collect();
        let last = throws.last().unwrap();
        let (ours, theirs) = (last.faces[0], last.faces[1]);
        assert_ne!(ours, theirs, "the last throw decides");
        assert_eq!(side, if ours > theirs { Side::Friendly } else { Side::Enemy });
        assert_eq!(u32::from(points), u32::from(ours.abs_diff(theirs)));
        for r in &throws[..throws.len() - 1] {
            assert_eq!(r.faces[0], r.faces[1], "only a tie is thrown again");
            assert_eq!(r.result.as_deref(), Some("tie"));
        }
        ties += throws.len() - 1;
        tried += throws.len();
        assert_eq!(last.result.as_deref(), Some(result(ours, theirs)));
    }
    // A sixth of the throws tie: about 60 of 360.
    assert!((30..=100).contains(&ties), "{ties} ties in {tried} throws");
}

#[test]
fn the_deck_played_as_a_house_rule_has_no_priority_phase() {
    let mut t = tables();
    t.activation = Activation::Deck;
    let mut events = Events::all();
    assert_eq!(roll(&t, &mut Dice::new(1), &mut events), None);
    assert!(events.is_empty(), "no die is thrown");
}

#[test]
fn the_spread_is_the_article_s_two_dice() {
    let (dice, chances) = spread();
    assert_eq!(dice, "2d6");
    let of = |r: &str| chances.iter().find(|(k, _)| *k == r).map(|(_, c)| (c.ways, c.of)).unwrap();
    assert_eq!(of("tie"), (6, 36));
    assert_eq!(of("patrol_by_1"), (5, 36));
    assert_eq!(of("enemy_by_5"), (1, 36));
    assert_eq!(chances.iter().map(|(_, c)| c.ways).sum::<u64>(), 36);
}
