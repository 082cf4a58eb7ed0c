//! The engine stays pure: no terminal, file, clock, environment, process or
//! global RNG, and nothing from the project's outer layers.

use std::fs;
use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "std::fs",
    "std::io",
    "std::env",
    "std::time",
    "std::process",
    "std::net",
    "std::thread",
    "Instant",
    "SystemTime",
    "thread_rng",
    "rand::rng",
    "OsRng",
    "from_os_rng",
    "from_entropy",
    "println!",
    "eprintln!",
    "print!",
    "dbg!",
    "ratatui",
    "crossterm",
    "crate::rules",
    "crate::script",
    "crate::start",
    "crate::narrate",
    "crate::tui",
    "crate::save",
];

/// Test modules (`tests.rs`, `shortcut_tests.rs`) are compiled only for
/// tests, which may use what they like.
fn is_test_module(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
}

fn scan(dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") && !is_test_module(&path) {
            let text = fs::read_to_string(&path).unwrap();
            // Unit tests at the foot of a file may use what they like.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                let line = line.split("//").next().unwrap_or("");
                for word in FORBIDDEN {
                    if line.contains(word) {
                        found.push(format!("{}:{}: {word}", path.display(), n + 1));
                    }
                }
            }
        }
    }
}

#[test]
fn the_engine_does_no_io_and_has_no_hidden_randomness() {
    let mut found = Vec::new();
    scan(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"), &mut found);
    assert!(found.is_empty(), "the engine must stay pure:\n{}", found.join("\n"));
}

#[test]
fn the_scan_would_catch_an_import() {
    let dir = std::env::temp_dir().join(format!("hexpatrol-purity-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("bad.rs"), "use std::fs::File;\n").unwrap();
    let mut found = Vec::new();
    scan(&dir, &mut found);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1);
}
