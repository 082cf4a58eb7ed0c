//! Combat Patrol's house rules: where hexpatrol may depart from the
//! article, or reads more into it than it says, each a switch of its
//! tables. Off, each is the article's measure at the scale of a 5-inch hex.

use crate::engine::ruleset::combat_patrol::{tables_in, tables_in_mut};
use crate::engine::ruleset::house::HouseRule;

/// Combat Patrol's house rules, in the order a player meets them.
pub const RULES: &[HouseRule] = &[
    HouseRule {
        key: "one_deed_a_card",
        at: "combat_patrol.one_deed",
        says: "Combat Patrol: a man's card is one deed (a step, a shot, a reload or a drag), not a fire and a combat move",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| tables_in(b).map(|t| t.one_deed),
        set: |b, v| tables_in_mut(b).map(|t| t.one_deed = v).is_some(),
    },
    HouseRule {
        key: "pinned_until_rallied",
        at: "combat_patrol.reaction.until_rallied",
        says: "Combat Patrol: a man who fails a reaction test stays pinned until he passes it again at a STOP card",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| tables_in(b).map(|t| t.reaction.until_rallied),
        set: |b, v| tables_in_mut(b).map(|t| t.reaction.until_rallied = v).is_some(),
    },
    HouseRule {
        key: "spray_reaches_around",
        at: "combat_patrol.spray.around",
        says: "Combat Patrol: a spray tests the men of the six hexes around the target's too (3 inches rounded up to a hex)",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| tables_in(b).map(|t| t.spray.around),
        set: |b, v| tables_in_mut(b).map(|t| t.spray.around = v).is_some(),
    },
    HouseRule {
        key: "grenade_blast_whole_hex",
        at: "combat_patrol.grenade.whole_hex",
        says: "Combat Patrol: a grenade's blast strikes every man in the hex it lands in, not the man it lands on and those near",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| tables_in(b).map(|t| t.grenade.whole_hex),
        set: |b, v| tables_in_mut(b).map(|t| t.grenade.whole_hex = v).is_some(),
    },
];
