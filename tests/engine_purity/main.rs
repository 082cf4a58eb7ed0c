//! The engine stays pure: no terminal, file, clock, environment, process or
//! global RNG, and nothing from the project's outer layers. And the whole
//! crate keeps its shape: no two files use each other, directly or round a
//! loop, and each layer uses only the layers below it (no front end another).
//!
//! A complete check, not a search of the text. Every file of `src/engine/`
//! is parsed (syn) and its whole tree walked: every `use` is flattened into
//! whole paths (groups, nested groups, renames, globs), every path in an
//! expression, a type, a pattern, an attribute or a macro (its name and the
//! paths among its tokens) is made whole (`self::`, `super::`, names brought
//! in by `use`), and each is held against the lists below. Only code that is
//! compiled for tests alone is passed over: an item carrying `#[cfg(test)]`,
//! and a file its parent declares as `#[cfg(test)] mod x;` (found by reading
//! the parent's `mod` declarations, whatever the file is called). The
//! crate's files are walked the same way for what they use of one another.
//!
//! `walk.rs` walks one file, `uses.rs` flattens its `use` items, `tree.rs`
//! finds the engine's files (or the crate's) and which of them are for
//! tests alone, `cycles.rs` checks that the files use one another without a
//! cycle, `layers.rs` that the crate's layers use one another one way, and
//! `floors.rs` that the engine's own parts do.

mod checker_tests;
mod cycles;
mod floors;
mod layers;
mod tree;
mod uses;
mod walk;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use cycles::{Source, cycles, cycles_in, graph};
use floors::floor_breaks;
use layers::{LAYERS, layer_breaks, table_cycles};
use tree::{check_engine, crate_files, engine_files, shown};

/// Paths the engine may not reach, nor anything under them.
pub(crate) const FORBIDDEN_PATHS: &[&str] =
    &["std::fs", "std::io", "std::env", "std::time", "std::process", "std::net", "std::thread", "std::os", "rand::rng"];

/// Names that mean a clock or a random number from outside the game, as
/// any segment of any path, or as a method.
pub(crate) const FORBIDDEN_NAMES: &[&str] =
    &["Instant", "SystemTime", "thread_rng", "OsRng", "from_os_rng", "from_entropy", "getrandom"];

/// Macros that print, read files or the environment at build time, or pull
/// in source the check would not see (`include!`).
pub(crate) const FORBIDDEN_MACROS: &[&str] =
    &["println", "eprintln", "print", "eprint", "dbg", "include_str", "include_bytes", "include", "env", "option_env"];

/// Crates of the terminal, the file system, threads and JSON: the outer layers' tools.
pub(crate) const FORBIDDEN_CRATES: &[&str] =
    &["ratatui", "crossterm", "signal_hook", "directories", "tempfile", "serde_json", "rayon", "indicatif", "mimalloc"];

/// The project's layers above the engine: `crate::X` for each.
pub(crate) const OUTER_LAYERS: &[&str] =
    &["rules", "script", "narrate", "tui", "plain", "report", "save", "sim", "check", "session"];

/// The files of `files` (as `tree.rs` finds them) that are not for tests
/// alone, read, each shown by its path from the project's root.
fn read(files: BTreeMap<PathBuf, (Vec<String>, bool)>) -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    files
        .into_iter()
        .filter(|(_, (_, test_only))| !test_only)
        .map(|(file, (module, _))| Source {
            shown: shown(&src, &file),
            module,
            text: fs::read_to_string(&file).unwrap_or_default(),
        })
        .collect()
}

#[test]
fn the_engine_does_no_io_and_has_no_hidden_randomness() {
    let found = check_engine(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"));
    assert!(found.is_empty(), "the engine must stay pure:\n{}", found.join("\n"));
}

#[test]
fn the_engine_files_use_one_another_without_cycles() {
    let sources = read(engine_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")));
    assert!(sources.len() > 50, "the engine's files were not found: {}", sources.len());
    let found = cycles(&sources);
    assert!(found.is_empty(), "the engine's files must not use one another in a cycle:\n{}", found.join("\n"));
}

#[test]
fn the_engine_floors_use_only_the_floors_below() {
    let sources = read(engine_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")));
    let found = floor_breaks(&sources, &graph(&sources));
    assert!(sources.len() > 50, "the engine's files were not found: {}", sources.len());
    assert!(found.is_empty(), "the engine's floors must use one another downwards:\n{}", found.join("\n"));
}

#[test]
fn the_layers_use_one_another_one_way_and_no_files_in_a_cycle() {
    let sources = read(crate_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")));
    let layers: std::collections::BTreeSet<&str> =
        sources.iter().filter_map(|s| s.module.get(1)).map(String::as_str).collect();
    assert!(layers.len() == LAYERS.len(), "the crate's layers were not all found: {layers:?}");
    let drawn = graph(&sources);
    let mut found = cycles_in(&sources, &drawn);
    found.extend(layer_breaks(&sources, &drawn));
    assert!(found.is_empty(), "the crate's files and layers must use one another one way:\n{}", found.join("\n"));
}

#[test]
fn the_layers_table_points_one_way() {
    assert_eq!(table_cycles(), Vec::<Vec<&str>>::new());
}

/// Adding a rule set touches its own folder and its registration alone:
/// One Shot, the tests' fifth rule set with tables and a state of its
/// own, is named nowhere but in `ruleset/one_shot/`, its variant in
/// `ruleset/registry.rs`, its arm in `RuleSet::rules` (`ruleset/handle.rs`)
/// and its `mod` line in `ruleset/mod.rs`.
#[test]
fn a_fifth_rule_set_is_its_folder_and_its_registration() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed = ["src/engine/ruleset/registry.rs", "src/engine/ruleset/handle.rs", "src/engine/ruleset/mod.rs"];
    let mut named = Vec::new();
    let files = crate_files(&src);
    assert!(files.len() > 100, "the crate's files were not found");
    for file in files.into_keys() {
        let at = shown(&src, &file);
        if at.starts_with("src/engine/ruleset/one_shot/") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        if (text.contains("OneShot") || text.contains("one_shot")) && !allowed.contains(&at.as_str()) {
            named.push(at);
        }
    }
    assert!(named.is_empty(), "One Shot is named outside its folder and registration: {named:?}");
}
