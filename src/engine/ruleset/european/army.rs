//! The article's army lists, as the patrol loop meets them: the enemy an
//! incident brings is bought to a points budget. The incident's own group
//! is the core unit; a die is then rolled for each support unit, up to the
//! list's number a core unit, each bought while the points left pay for it.

use crate::engine::book::RuleBook;
use crate::engine::dice::chance::{Chance, spread as spread_of};
use crate::engine::dice::{Dice, Purpose};
use crate::engine::ruleset::european::tables::{European as Book, SUPPORT_ROLLS};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;

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
#[path = "army_tests.rs"]
mod tests;
