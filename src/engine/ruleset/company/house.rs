//! The company level's house rules: where hexpatrol's company game may
//! depart from the design notes, each a switch of the company tables.

use crate::engine::ruleset::company::{tables_in, tables_in_mut};
use crate::engine::ruleset::house::HouseRule;

/// The company level's house rules, in the order a player meets them.
pub const RULES: &[HouseRule] = &[
    HouseRule {
        key: "pinning_by_experience",
        at: "company.pinning.by_experience",
        says: "company level: the hits that pin a squad grow with its experience (1, 1.5, 2 a stand), the author's musing",
        as_written: false,
        gentler: false,
        classic: true,
        // Only a book with the company level's tables has the switch.
        get: |b| tables_in(b).map(|t| t.pinning.by_experience),
        set: |b, v| tables_in_mut(b).map(|t| t.pinning.by_experience = v).is_some(),
    },
    HouseRule {
        key: "assault_strips_cover",
        at: "company.assault_strips_cover",
        says: "company level: in an assault, teams beside a firing team get no save from their cover",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| tables_in(b).map(|t| t.assault_strips_cover),
        set: |b, v| tables_in_mut(b).map(|t| t.assault_strips_cover = v).is_some(),
    },
];
