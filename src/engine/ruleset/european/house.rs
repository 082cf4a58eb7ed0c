//! European Battlefield's house rules: where hexpatrol may depart from
//! the article, each a switch of its tables.

use crate::engine::ruleset::european::tables::Activation;
use crate::engine::ruleset::european::{tables_in, tables_in_mut};
use crate::engine::ruleset::house::HouseRule;

/// European Battlefield's house rules, in the order a player meets them.
pub const RULES: &[HouseRule] = &[
    HouseRule {
        key: "activation_by_deck",
        at: "european.activation",
        says: "European Battlefield: no priority phase; a shuffled card a man, each rolling his own courage to move",
        as_written: false,
        gentler: false,
        classic: true,
        // Only a book with European Battlefield's tables has the switch.
        get: |b| tables_in(b).map(|e| e.activation == Activation::Deck),
        set: |b, v| {
            tables_in_mut(b).map(|e| e.activation = if v { Activation::Deck } else { Activation::Priority }).is_some()
        },
    },
    HouseRule {
        key: "dig_in_keeps_fire",
        at: "european.dig_in_keeps_fire",
        says: "European Battlefield: digging in and getting up do not count as moving: a man fires all his dice after",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| tables_in(b).map(|e| e.dig_in_keeps_fire),
        set: |b, v| tables_in_mut(b).map(|e| e.dig_in_keeps_fire = v).is_some(),
    },
    HouseRule {
        key: "saved_hits_suppress",
        at: "european.saved_hits_suppress",
        says: "European Battlefield: a hit saved still counts toward suppression (the five hits, or a shell's)",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| tables_in(b).map(|e| e.saved_hits_suppress),
        set: |b, v| tables_in_mut(b).map(|e| e.saved_hits_suppress = v).is_some(),
    },
    HouseRule {
        key: "rout_leaves_at_once",
        at: "european.rout_leaves_at_once",
        says: "European Battlefield: a routed enemy squad leaves at once; the patrol's routed men go where they are ordered",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| tables_in(b).map(|e| e.rout_leaves_at_once),
        set: |b, v| tables_in_mut(b).map(|e| e.rout_leaves_at_once = v).is_some(),
    },
];
