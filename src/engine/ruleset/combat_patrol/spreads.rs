//! The exact chances of Combat Patrol's table rolls, as the simulator
//! compares what it observes with them (`Rules::table_spread`): the wound
//! chart in a blast, a man near a blast, the medic's try, a grenade's throw, an arc's bullets
//! and a magazine's reload die. Each is read from its total exactly as the
//! roll itself reads it.

use crate::engine::dice::Purpose;
use crate::engine::dice::chance::{Chance, spread};
use crate::engine::ruleset::combat_patrol::ammo::BULLETS;
use crate::engine::ruleset::combat_patrol::tables::{CombatPatrol as Book, Feed};
use crate::engine::ruleset::combat_patrol::wounds::care;

/// The chance of each result of the roll `purpose` whose modifiers total
/// `modifier`, or None for a roll these rules do not make so.
pub(super) fn table_spread(t: &Book, purpose: Purpose, modifier: i32) -> Option<(String, Vec<(&'static str, Chance)>)> {
    let (count, sides) = t.wound_dice;
    let d10 = format!("1d{}", t.sides);
    Some(match purpose {
        Purpose::CpBlast if modifier == i32::from(t.grenade.wound_bonus) => (
            format!("{count}d{sides}"),
            spread(count, sides, |total| t.chart(total + u32::from(t.grenade.wound_bonus)).name()),
        ),
        Purpose::CpNear if modifier == 0 => {
            let near = &t.grenade.near;
            let read = |total: u32| if total <= u32::from(near.struck) { "struck" } else { "clear" };
            (format!("1d{}", near.sides), spread(1, near.sides, read))
        }
        Purpose::CpMedic if modifier == 0 || modifier == t.medic.trained => (
            format!("1d{}", t.medic.sides),
            spread(1, t.medic.sides, |total| care(t, i64::from(total) + i64::from(modifier)).name()),
        ),
        Purpose::CpGrenade if modifier <= 0 => {
            let inverted = i64::from(modifier).abs();
            let read = |total: u32| match (total <= u32::from(t.grenade.dropped_on), i64::from(total) <= inverted) {
                (true, _) => "dropped",
                (false, true) => "on_target",
                (false, false) => "scatters",
            };
            (d10, spread(1, t.sides, read))
        }
        Purpose::CpBullets if modifier == 0 => {
            let b = &t.machine_gun.bullets;
            let read = |total: u32| BULLETS[(total.saturating_sub(u32::from(b.less)) as usize).min(BULLETS.len() - 1)];
            (format!("{}d{}", b.dice, b.sides), spread(b.dice, b.sides, read))
        }
        Purpose::CpReload if modifier == 0 => {
            // One die for every magazine: the book's first magazine's.
            let (sides, again) = t.ammunition.iter().find_map(|a| match a.feed {
                Feed::Magazine { sides, again, .. } => Some((sides, again)),
                _ => None,
            })?;
            let read = |total: u32| if total <= u32::from(again) { "one_more_action" } else { "loaded" };
            (format!("1d{sides}"), spread(1, sides, read))
        }
        _ => return None,
    })
}

#[cfg(test)]
#[path = "spreads_tests.rs"]
mod tests;
