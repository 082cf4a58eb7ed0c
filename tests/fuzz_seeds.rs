//! The fuzz targets' checks (fuzz/fuzz_targets/checks.rs), run on their
//! seed files and on every prefix-cut of them at a few points, and on the
//! inputs kept from fuzzing (fuzz/regressions/TARGET/): cargo-fuzz is not
//! needed to keep what the fuzzers found fixed.

#[path = "../fuzz/fuzz_targets/checks.rs"]
mod checks;

use std::path::Path;

/// The files of `dir` (relative to the crate) whose names end in `ext`.
fn files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut paths: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.to_string_lossy().ends_with(ext)).collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Each seed whole, cut short at a few points, and the kept inputs.
fn run(target: &str, seeds: Vec<Vec<u8>>, check: fn(&[u8])) {
    assert!(!seeds.is_empty(), "{target}: no seed files");
    for seed in &seeds {
        check(seed);
        for k in 1..8 {
            check(&seed[..seed.len() * k / 8]);
        }
    }
    for kept in files(&format!("fuzz/regressions/{target}"), "") {
        check(&kept);
    }
}

#[test]
fn save_seeds() {
    run("load_save", files("saves/v1", ".ron"), checks::save);
}

#[test]
fn scenario_seeds() {
    run("scenario", files("assets/scenarios", ".ron"), checks::scenario);
}

#[test]
fn campaign_seeds() {
    run("campaign", files("assets/campaigns", ".ron"), checks::campaign);
}

#[test]
fn rules_seeds() {
    run("rules", files("assets/rules", ".ron"), checks::rules);
}

#[test]
fn script_seeds() {
    run("script", files("tests/scripts", ".txt"), checks::script);
}
