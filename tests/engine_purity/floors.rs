//! The engine's own floors: its parts stacked as the game is built up,
//! each using only the floors below it (docs/ARCHITECTURE.md draws them).
//! The names and places at the bottom, the dice, the tables (the rule
//! book, and each rule set's own tables and the state it keeps of a man
//! and of a game), the state a game is made of, the map, the game itself,
//! the rule sets' rules, the loop, the campaign, the engine's own players,
//! and its face (`engine/mod.rs`, which says what the rest of the crate
//! may use) on top.
//!
//! A file's floor is given by the most particular pattern below that
//! holds its module (`*` stands for one rule set's folder): a rule set's
//! `tables`, `man` and `state` are on the tables' floor by their names.

use super::cycles::{Graph, Source};

/// Each floor, lowest first, with the modules under `crate::engine` on it.
const FLOORS: &[(&str, &[&str])] = &[
    (
        "names",
        &[
            "vocabulary::name",
            "vocabulary::pos",
            "vocabulary::side",
            "vocabulary::limits",
            "vocabulary::enemy_ids",
            "vocabulary::composition",
            "vocabulary::command",
            "vocabulary::fields",
        ],
    ),
    ("dice", &["dice"]),
    (
        "tables",
        &[
            "book",
            "ruleset::registry",
            "ruleset::own_state",
            "ruleset::*::tables",
            "ruleset::*::man",
            "ruleset::*::state",
            "ruleset::lone_warrior::arsenal",
            "ruleset::lone_warrior::call",
            "ruleset::combat_patrol::flight",
        ],
    ),
    ("state", &["vocabulary", "ruleset::pressure", "ruleset::odds"]),
    ("ground", &["map", "generate", "cache::memo", "cache::arms"]),
    ("game", &["game", "cache", "reading", "sides", "consistency"]),
    ("rule sets", &["ruleset"]),
    ("loop", &["patrol", "action"]),
    ("campaign", &["campaign"]),
    ("players", &["players", "odds"]),
    ("face", &[""]),
];

/// The floor of the engine's module `module` (its path under
/// `crate::engine`), by the most particular pattern that holds it.
fn floor(module: &[String]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, patterns)) in FLOORS.iter().enumerate() {
        for pattern in *patterns {
            let parts: Vec<&str> = pattern.split("::").filter(|p| !p.is_empty()).collect();
            // The empty pattern is the engine's root alone (its face).
            let holds = if parts.is_empty() {
                module.is_empty()
            } else {
                parts.len() <= module.len() && parts.iter().zip(module).all(|(p, m)| *p == "*" || p == m)
            };
            if holds && best.is_none_or(|(_, n)| parts.len() > n) {
                best = Some((i, parts.len()));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// Each use of a floor above its own by a file of the engine, as
/// `file:line uses module: why`, and each file on no floor. Empty when the
/// floors keep their order.
pub(crate) fn floor_breaks(sources: &[Source], graph: &Graph) -> Vec<String> {
    let under = |s: &Source| s.module[2.min(s.module.len())..].to_vec();
    let mut found = Vec::new();
    for (from, source) in sources.iter().enumerate() {
        let Some(own) = floor(&under(source)) else {
            found.push(format!("{}: on no floor of tests/engine_purity/floors.rs", source.shown));
            continue;
        };
        for (&to, line) in &graph.uses[from] {
            let Some(other) = floor(&under(&sources[to])) else { continue };
            if other > own {
                found.push(format!(
                    "{}:{line} uses {}: the floor {} may not use {}, which is above it",
                    source.shown,
                    sources[to].module.join("::"),
                    FLOORS[own].0,
                    FLOORS[other].0
                ));
            }
        }
    }
    found
}
