use super::*;
use crate::engine::ruleset::european::tables::Army;

fn book(budget: u32) -> (RuleBook, Book) {
    let full = crate::rules::rule_book().expect("the built-in rules");
    let mut own = crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield
        .book_for(&full)
        .expect("European Battlefield's own book");
    let mut t = crate::engine::ruleset::european::tables_in(&own).cloned().unwrap();
    t.army = Some(Army {
        budget,
        supports_per_core: 2,
        support: ["mg_team", "sniper", "squad"].map(Name::new_static).to_vec(),
        artillery: None,
    });
    own.set_own(crate::engine::ruleset::Tables::EuropeanBattlefield(Box::new(t.clone())));
    (own, t)
}

#[test]
fn a_unit_costs_its_mens_points() {
    let (b, t) = book(40);
    // An Unteroffizier (10) and three Soldaten (5 each); two Soldaten; a Scharfschütze (10).
    assert_eq!(t.cost(&b.forces["squad"]), 25);
    assert_eq!(t.cost(&b.forces["mg_team"]), 10);
    assert_eq!(t.cost(&b.forces["sniper"]), 10);
}

#[test]
fn supports_are_bought_while_the_points_last_and_never_past_the_budget() {
    let (b, t) = book(40);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut events = Events::all();
        let bought = muster(&t, &b, &mut Dice::new(seed), ("squad", None), &mut events);
        let cost: u32 = bought.iter().map(|k| t.cost(&b.forces[k.as_str()])).sum();
        // A squad (25) leaves 15: a MG team or a sniper, never a second squad.
        assert!(cost <= 15 && bought.len() <= 1, "seed {seed}: {bought:?}");
        let rolls: Vec<_> = events.iter().filter(|e| matches!(e, Event::Roll(_))).collect();
        let Some(Event::Force { points, budget, support, .. }) = events.last() else {
            panic!("the force is said last")
        };
        assert_eq!((*points, *budget, support.len()), (25 + cost, 40, bought.len()));
        // A first roll of a squad (5-6) buys nothing and ends the buying;
        // a first roll of 1-4 buys, and leaves 5 points: no second roll.
        assert_eq!(rolls.len(), 1, "seed {seed}");
        seen.insert(bought.len());
    }
    assert_eq!(seen.len(), 2, "some squads come alone, some with support");
    // The scenario's own budget: 100 points buy two supports whatever is rolled.
    let bought = muster(&t, &b, &mut Dice::new(3), ("squad", Some(100)), &mut Events::all());
    assert_eq!(bought.len(), 2);
    // A budget the core unit spends whole rolls nothing.
    let mut events = Events::all();
    assert!(muster(&t, &b, &mut Dice::new(3), ("squad", Some(20)), &mut events).is_empty());
    assert!(!events.iter().any(|e| matches!(e, Event::Roll(_))), "no die for what cannot be paid");
}

#[test]
fn a_support_roll_shares_the_die_among_the_list() {
    let (_, t) = book(40);
    let (dice, chances) = spread(&t).unwrap();
    assert_eq!(dice, "1d6");
    let ways: Vec<(&str, u64)> = chances.iter().map(|(k, c)| (*k, c.ways)).collect();
    assert_eq!(ways, [("support_1", 2), ("support_2", 2), ("support_3", 2)]);
    // Without an army list, nothing is bought and no die thrown.
    let (b, mut t) = book(40);
    t.army = None;
    let mut events = Events::all();
    assert!(muster(&t, &b, &mut Dice::new(1), ("squad", None), &mut events).is_empty());
    assert!(events.is_empty());
}
