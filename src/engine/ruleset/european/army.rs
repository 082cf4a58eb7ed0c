//! The article's army lists, as the patrol loop meets them: the enemy an
//! incident brings is bought to a points budget. The incident's own group
//! is the core unit; a die is then rolled for each support unit, up to the
//! list's number a core unit, each bought while the points left pay for it.

use crate::engine::chance::{Chance, spread as spread_of};
use crate::engine::data::RuleBook;
use crate::engine::data::european::{European as Book, SUPPORT_ROLLS};
use crate::engine::dice::{Dice, Purpose};
use crate::engine::event::Event;
use crate::engine::name::Name;
use crate::engine::sink::Events;

/// The support units bought beside `core` (a group of the book's forces)
/// to `budget` (the rule set's own if None), their rolls and the `Force`
/// event said; empty, with no die thrown, without an army list.
pub fn muster(
    t: &Book,
    book: &RuleBook,
    dice: &mut Dice,
    (core, budget): (&str, Option<u32>),
    events: &mut Events,
) -> Vec<Name> {
    let (Some(army), Some(group)) = (&t.army, book.forces.get(core)) else { return Vec::new() };
    let budget = budget.unwrap_or(army.budget);
    let cost = |key: &str| book.forces.get(key).map_or(u32::MAX, |g| t.cost(g));
    let cheapest = army.support.iter().map(|k| cost(k)).min().unwrap_or(u32::MAX);
    let mut spent = t.cost(group);
    let mut bought: Vec<Name> = Vec::new();
    for _ in 0..army.supports_per_core {
        // Nothing on the list can be paid for: no die is rolled.
        if budget.saturating_sub(spent) < cheapest {
            break;
        }
        let mut roll = dice.thrown(Purpose::EbForce, 1, 6);
        let k = army.pick(roll.total);
        roll.result = Some(Name::new_static(SUPPORT_ROLLS[k]));
        events.push(Event::Roll(roll));
        let key = &army.support[k];
        if spent.saturating_add(cost(key)) > budget {
            break;
        }
        spent += cost(key);
        bought.push(key.clone());
    }
    let mut support: Vec<Name> =
        bought.iter().map(|k| book.forces.get(k.as_str()).map_or_else(|| k.clone(), |g| g.name.clone())).collect();
    // The artillery: with a support left to buy, the points for it, and a
    // radio operator in the force, the enemy buys its battery (no die: a
    // decision, any commander with a radio would).
    if let Some(a) = &army.artillery {
        let forces = std::iter::once(core).chain(bought.iter().map(|k| k.as_str()));
        let radio = forces.filter_map(|k| book.forces.get(k)).flat_map(|g| &g.men).any(|m| m.role == a.radio);
        if radio && (bought.len() as u32) < army.supports_per_core && spent.saturating_add(a.points) <= budget {
            spent += a.points;
            support.push(a.name.clone());
            bought.push(Name::from(ARTILLERY));
        }
    }
    events.push(Event::Force { core: group.name.clone(), support, points: spent, budget });
    bought
}

/// What `muster` returns for the artillery it bought: no group to place,
/// but the enemy's battery (`Game::enemy_battery`).
pub const ARTILLERY: &str = "artillery";

/// The chance of each result of a support roll, for the simulator.
pub fn spread(t: &Book) -> Option<(String, Vec<(&'static str, Chance)>)> {
    let army = t.army.as_ref()?;
    Some(("1d6".to_string(), spread_of(1, 6, |face| SUPPORT_ROLLS[army.pick(face)])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::data::european::Army;
    use crate::engine::ruleset::Rules;
    use crate::engine::ruleset::european::European;

    fn book(budget: u32) -> (RuleBook, Book) {
        let full = crate::rules::rule_book().expect("the built-in rules");
        let mut own = European.book_for(&full).expect("European Battlefield's own book");
        let mut t = own.european.as_deref().cloned().unwrap();
        t.army = Some(Army {
            budget,
            supports_per_core: 2,
            support: ["mg_team", "sniper", "squad"].map(Name::new_static).to_vec(),
            artillery: None,
        });
        own.european = Some(Box::new(t.clone()));
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
}
