//! The crate's layers use one another one way: `main` on top, the front
//! ends under it, then the command layer, then what it reads and writes,
//! the engine at the bottom (docs/ARCHITECTURE.md draws it). A layer is a
//! module just under the crate (`crate::tui`, a folder or a file); the
//! binary, `src/main.rs`, is the layer `main`.
//!
//! Every use between two files of different layers (drawn as `cycles.rs`
//! draws them: every whole path, an imported name followed to the file that
//! defines it) is held against the table below, which says what each layer
//! may use. Since the table points one way, no use it allows can close a
//! cycle between layers; a use it does not allow is named by its file and
//! line. Files of one layer are held to no order among themselves, only to
//! having no cycle (`cycles.rs`).

use std::collections::BTreeMap;

use super::cycles::{Graph, Source, components};

/// The layers that talk to a person or a program: none uses another.
pub(crate) const FRONT_ENDS: &[&str] = &["tui", "plain", "script", "sim", "check"];

/// Below the front ends, as far as the engine.
const BELOW_FRONT_ENDS: &[&str] = &["session", "report", "save", "rules", "narrate", "engine"];

/// Each layer and the layers it may use (those further down, never one above).
pub(crate) const LAYERS: &[(&str, &[&str])] = &[
    ("main", &["tui", "plain", "script", "sim", "check", "session", "report", "save", "rules", "narrate", "engine"]),
    ("tui", BELOW_FRONT_ENDS),
    ("plain", BELOW_FRONT_ENDS),
    ("script", BELOW_FRONT_ENDS),
    ("sim", BELOW_FRONT_ENDS),
    ("check", BELOW_FRONT_ENDS),
    // The command layer: a line played, a campaign started or opened.
    ("session", &["report", "save", "rules", "narrate", "engine"]),
    // After-action reports: the campaign file and its records, in words.
    ("report", &["save", "rules", "narrate", "engine"]),
    // The save layer asks the rules layer whether a campaign holds together.
    ("save", &["rules", "engine"]),
    ("rules", &["engine"]),
    ("narrate", &["engine"]),
    ("engine", &[]),
];

/// The layer a module is in: the name just under the crate; none for the
/// crate's root (`lib.rs`), which only declares the layers.
fn layer(module: &[String]) -> Option<&str> {
    module.get(1).map(String::as_str)
}

/// Each use of a layer by a file of a layer that may not use it, as
/// `file:line uses module: why`, and each file in a layer the table does
/// not know. Empty when the layers keep their order.
pub(crate) fn layer_breaks(sources: &[Source], graph: &Graph) -> Vec<String> {
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut found = Vec::new();
    for (from, source) in sources.iter().enumerate() {
        let Some(own) = layer(&source.module) else { continue };
        let Some(may) = allowed.get(own) else {
            found.push(format!(
                "{}: the layer {own} is not in the layers' table (tests/engine_purity/layers.rs)",
                source.shown
            ));
            continue;
        };
        for (&to, line) in &graph.uses[from] {
            let Some(other) = layer(&sources[to].module) else { continue };
            if other == own || may.contains(&other) {
                continue;
            }
            let why = if FRONT_ENDS.contains(&own) && FRONT_ENDS.contains(&other) {
                format!("no front end uses another ({own} uses {other})")
            } else {
                format!("{own} may not use {other}, which is not below it")
            };
            found.push(format!("{}:{line} uses {}: {why}", source.shown, sources[to].module.join("::")));
        }
    }
    found
}

/// Whether the table itself points one way: each cycle among its layers.
pub(crate) fn table_cycles() -> Vec<Vec<&'static str>> {
    let index: BTreeMap<&str, usize> = LAYERS.iter().enumerate().map(|(i, (name, _))| (*name, i)).collect();
    let edges: Vec<BTreeMap<usize, usize>> =
        LAYERS.iter().map(|(_, below)| below.iter().filter_map(|b| index.get(b)).map(|&i| (i, 0)).collect()).collect();
    components(&edges)
        .into_iter()
        .filter(|c| c.len() > 1 || edges[c[0]].contains_key(&c[0]))
        .map(|c| c.into_iter().map(|i| LAYERS[i].0).collect())
        .collect()
}
