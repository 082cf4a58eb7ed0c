//! The checker's own tests: small sources, each with something it must
//! catch (or must let pass), checked as a file of the engine.

use std::fs;

use super::cycles::{Source, cycles};
use super::tree::check_engine;
use super::walk::check_source;

const SOME_FILE: &[&str] = &["crate", "engine", "shot"];

fn lines(source: &str) -> Vec<usize> {
    check_source(source, SOME_FILE).iter().map(|v| v.line).collect()
}

fn caught(source: &str) -> Vec<String> {
    let found = check_source(source, SOME_FILE);
    assert!(!found.is_empty(), "nothing caught in:\n{source}");
    found.into_iter().map(|v| v.what).collect()
}

#[test]
fn a_grouped_import_is_caught_for_each_part() {
    let found = caught("use std::{fs, io};\n");
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(caught("use std::{collections::HashMap, io::{self, Write}};").iter().any(|w| w.contains("std::io")));
}

#[test]
fn code_after_a_test_module_is_still_checked() {
    let source = "#[cfg(test)]\nmod t {}\n\nfn clock() -> u64 {\n    std::env::args().count() as u64\n}\n";
    assert_eq!(lines(source), [5]);
}

#[test]
fn an_alias_is_caught_and_followed() {
    caught("use std::fs as f;");
    assert_eq!(lines("use std as s;\n"), [1], "renaming std is refused on its own");
    caught("use core as c;");
    // The alias itself is harmless; what is reached through it is not.
    let found = caught("use super::super as up;\nfn f() { up::tui::draw(); }\n");
    assert!(found.iter().any(|w| w.contains("crate::tui")), "{found:?}");
}

#[test]
fn a_clock_in_an_expression_is_caught() {
    let found = caught("fn f() { let t = std::time::Instant::now(); }");
    assert!(found.iter().any(|w| w.contains("std::time")), "{found:?}");
    assert!(found.iter().any(|w| w.contains("Instant")), "{found:?}");
}

#[test]
fn printing_is_caught() {
    caught("fn f() { println!(\"hello\"); }");
    caught("fn f() { std::eprint!(\"hello\"); }");
    caught("const RULES: &str = include_str!(\"rules.ron\");");
}

#[test]
fn a_test_module_may_use_what_it_likes() {
    assert_eq!(lines("#[cfg(test)]\nmod tests {\n    use std::fs;\n}\n"), Vec::<usize>::new());
    assert_eq!(lines("#[cfg(all(test, unix))]\nfn f() { println!(); }\n"), Vec::<usize>::new());
    assert_eq!(lines("#[cfg(any(test, unix))]\nfn f() { println!(); }\n"), [2], "any(test, ..) is not tests alone");
}

#[test]
fn paths_inside_macro_tokens_and_types_and_patterns_are_caught() {
    caught("fn f() -> String { format!(\"{:?}\", std::env::var(\"X\")) }");
    caught("fn f() { assert!(matches!(x, ::std::io::ErrorKind::Other)); }");
    caught("fn f(x: std::net::TcpStream) {}");
    caught("fn f(x: E) { if let std::io::ErrorKind::Other = x {} }");
    caught("macro_rules! m { () => { $crate::save::write() }; }");
    caught("fn f() { let r = rand::rng(); }");
    caught("fn f() { let r = Pcg32::from_os_rng(); }");
    caught("fn f() { let r = x.from_entropy(); }");
}

#[test]
fn the_outer_layers_and_their_crates_are_caught_however_reached() {
    for source in [
        "use crate::session::Line;",
        "use super::super::sim;",
        "use hexpatrol::check;",
        "use super::super::*;",
        "use crate::*;",
        "use ratatui::Frame;",
        "fn f() { serde_json::to_string(&1); }",
        "extern crate rand;",
        "fn f() { r#std::fs::remove_file(\"x\"); }",
    ] {
        caught(source);
    }
    // From the engine's root, one `super` is enough.
    assert!(!check_source("use super::rules::Book;", &["crate", "engine"]).is_empty());
    assert!(check_source("use super::rules::Book;", &["crate", "engine", "odds", "parse"]).is_empty());
}

#[test]
fn what_the_engine_may_do_passes() {
    let source = r#"
        use std::collections::{BTreeMap, HashMap};
        use std::iter::repeat;
        use std::sync::Arc;
        use super::dice::Dice;
        use crate::engine::rules_data::Table;
        /// Never std::fs; never println!.
        fn f(x: &str) -> String { let s = "std::fs::read and println!"; format!("{x}{s}") }
    "#;
    assert_eq!(check_source(source, SOME_FILE), Vec::new());
}

#[test]
fn a_file_declared_for_tests_is_skipped_by_its_declaration_not_its_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().join("src").join("engine");
    fs::create_dir_all(root.join("odds")).unwrap();
    fs::write(root.join("mod.rs"), "mod odds;\n#[cfg(test)]\nmod helpers;\nmod tests;\nmod lost;\n").unwrap();
    fs::write(root.join("odds").join("mod.rs"), "#[cfg(test)]\nmod fixtures;\n").unwrap();
    // Test-only by declaration: skipped.
    fs::write(root.join("helpers.rs"), "use std::fs;\n").unwrap();
    fs::write(root.join("odds").join("fixtures.rs"), "use std::fs;\n").unwrap();
    // Called tests.rs but declared for every build: checked.
    fs::write(root.join("tests.rs"), "use std::env;\n").unwrap();
    // Declared by nobody: checked all the same.
    fs::write(root.join("stray.rs"), "use std::io;\n").unwrap();
    // `lost` is declared with no file: said so, not passed over in silence.
    assert_eq!(
        check_engine(&root),
        [
            "src/engine/lost/mod.rs: declared as a module but not found",
            "src/engine/stray.rs:1: std::io reaches std::io",
            "src/engine/tests.rs:1: std::env reaches std::env",
        ]
    );
}

/// Files given as `(module below crate::engine, source)`.
fn graph(files: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<Source> = files
        .iter()
        .map(|(module, text)| {
            let mut path = vec!["crate".to_string(), "engine".to_string()];
            path.extend(module.split("::").filter(|p| !p.is_empty()).map(str::to_string));
            Source { shown: format!("{module}.rs"), module: path, text: text.to_string() }
        })
        .collect();
    cycles(&sources)
}

#[test]
fn two_files_that_use_each_other_are_a_cycle() {
    let found = graph(&[
        ("", "mod a;\nmod b;\npub struct Game;"),
        ("a", "use super::b::B;\npub struct A;"),
        ("b", "\n\nfn f(x: super::a::A) {}\npub struct B;"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a.rs:1 uses crate::engine::b"), "{}", found[0]);
    assert!(found[0].contains("b.rs:3 uses crate::engine::a"), "{}", found[0]);
}

#[test]
fn a_cycle_through_a_facade_and_a_longer_ring_are_found() {
    // `c` reaches `a` through the parent's `pub use`, which names a's type.
    let found = graph(&[
        ("", "mod a;\nmod b;\nmod c;\npub use a::A;\npub struct Game;"),
        ("a", "use super::b::B;\npub struct A;"),
        ("b", "use crate::engine::c::C;\npub struct B;"),
        ("c", "pub struct C(crate::engine::A);"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("c.rs:1 uses crate::engine::a"), "{}", found[0]);
}

#[test]
fn using_the_parent_or_only_in_tests_is_no_cycle() {
    let found = graph(&[
        ("", "mod a;\nmod b;\nuse a::A;\nuse b::B;\npub struct Game;"),
        ("a", "use super::Game;\nuse super::b::B;\npub struct A;"),
        ("b", "use super::Game;\npub struct B;\n#[cfg(test)]\nmod tests { use super::super::a::A; }"),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_serde_path_written_as_a_string_is_a_use() {
    let found = graph(&[
        ("", "mod a;\nmod b;"),
        ("a", "#[derive(Deserialize)]\nstruct A {\n    #[serde(default = \"super::b::yes\")]\n    on: bool,\n}"),
        ("b", "use super::a::A;\npub fn yes() -> bool { true }"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a.rs:3 uses crate::engine::b"), "{}", found[0]);
}

#[test]
fn a_parents_private_import_a_rename_and_a_module_brought_in_are_followed() {
    // b reaches a through the parent's private `use`; c through a renamed
    // module; d through a module it brought in and a path below it.
    let ring = |b: &str| {
        graph(&[
            ("", "mod a;\nmod b;\nuse a::thing;"),
            ("a", "use super::b::B;\npub fn thing() {}\npub mod inner { pub struct X; }"),
            ("b", b),
        ])
    };
    for b in [
        "pub struct B;\nfn f() { super::thing(); }",
        "use super::a as other;\npub struct B;\nfn f() { other::thing(); }",
        "use super::a;\npub struct B(a::inner::X);",
    ] {
        let found = ring(b);
        assert_eq!(found.len(), 1, "{b}: {found:?}");
        assert!(found[0].contains("uses crate::engine::a"), "{b}: {}", found[0]);
    }
}

#[test]
fn a_glob_import_is_refused_as_it_cannot_be_followed() {
    let found = graph(&[("", "mod a;\nmod b;"), ("a", "pub struct A;"), ("b", "\nuse super::a::*;\n")]);
    assert_eq!(found, ["b.rs:2: a glob import hides which files it uses: name them"]);
}

#[test]
fn a_glob_of_another_crate_hides_no_file_of_this_one() {
    let found = graph(&[("", "mod a;"), ("a", "use rayon::prelude::*;\nuse std::io::*;\npub struct A;")]);
    assert!(found.is_empty(), "{found:?}");
}

/// Files given as `(module below crate, source)`, their layers checked.
fn layered(files: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<Source> = files
        .iter()
        .map(|(module, text)| {
            let mut path = vec!["crate".to_string()];
            path.extend(module.split("::").filter(|p| !p.is_empty()).map(str::to_string));
            Source { shown: format!("src/{}.rs", module.replace("::", "/")), module: path, text: text.to_string() }
        })
        .collect();
    let drawn = super::cycles::graph(&sources);
    let mut found = super::cycles::cycles_in(&sources, &drawn);
    found.extend(super::layers::layer_breaks(&sources, &drawn));
    found
}

#[test]
fn a_front_end_that_uses_another_is_named_by_its_line() {
    let found = layered(&[
        ("plain", "mod words;"),
        ("plain::words", "\n\nfn f() { crate::tui::roster::weapon_words(); }"),
        ("tui", "pub mod roster;"),
        ("tui::roster", "pub fn weapon_words() {}"),
    ]);
    assert_eq!(
        found,
        ["src/plain/words.rs:3 uses crate::tui::roster: no front end uses another (plain uses tui)"],
        "{found:?}"
    );
}

#[test]
fn a_layer_that_uses_one_above_it_is_named_and_the_way_down_passes() {
    let found = layered(&[
        ("rules", "use crate::save::SaveFile;\nuse crate::engine::Game;"),
        ("save", "pub struct SaveFile;\nfn f() { crate::rules::check(); }"),
        ("engine", "pub struct Game;"),
        ("main", "use hexpatrol::tui::run;\nuse hexpatrol::save::SaveFile;"),
        ("tui", "pub fn run() {}\nfn f(_: crate::session::Line) {}"),
        ("session", "pub struct Line;"),
    ]);
    // The two files use each other, and the one that uses upwards is named.
    assert_eq!(
        found,
        [
            "a cycle among src/rules.rs, src/save.rs:\n  src/rules.rs:1 uses crate::save\n  src/save.rs:2 uses crate::rules",
            "src/rules.rs:1 uses crate::save: rules may not use save, which is not below it",
        ],
        "{found:?}"
    );
}

#[test]
fn a_layer_missing_from_the_table_is_said() {
    let found = layered(&[("gui", "pub struct Window;")]);
    assert_eq!(found, ["src/gui.rs: the layer gui is not in the layers' table (tests/engine_purity/layers.rs)"]);
}

#[test]
fn files_of_one_layer_in_a_cycle_are_named_with_their_lines() {
    let found = layered(&[
        ("tui", "mod app;\nmod deck;"),
        ("tui::app", "use super::deck::render;\npub struct App;"),
        ("tui::deck", "\nuse super::app::App;\npub fn render(_: &App) {}"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("src/tui/app.rs:1 uses crate::tui::deck"), "{}", found[0]);
    assert!(found[0].contains("src/tui/deck.rs:2 uses crate::tui::app"), "{}", found[0]);
}
