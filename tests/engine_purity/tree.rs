//! The engine's files, or the whole crate's: the module tree read from its
//! `mod` declarations (which says what is compiled for tests alone), and
//! any file beside it.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use syn::{Item, Meta};

use super::walk::{cfg_test, check_source};

/// Where a file's `mod x;` children live: beside a `mod.rs`, in a folder
/// named after any other file.
fn children_dir(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") => dir,
        Some(stem) => dir.join(stem),
        None => dir,
    }
}

/// Every module file reached from `file` by `mod x;`, with its module path
/// and whether it is compiled for tests alone.
fn module_files(file: &Path, module: Vec<String>, test_only: bool, out: &mut BTreeMap<PathBuf, (Vec<String>, bool)>) {
    // Kept even if it cannot be read or parsed: the check reports it then.
    out.insert(file.to_path_buf(), (module.clone(), test_only));
    let Ok(source) = fs::read_to_string(file) else { return };
    let Ok(parsed) = syn::parse_file(&source) else { return };
    // `#![cfg(test)]` at a file's head makes it, and what it declares, tests alone.
    let test_only = test_only || cfg_test(&parsed.attrs);
    out.insert(file.to_path_buf(), (module.clone(), test_only));
    declared(file, &parsed.items, &children_dir(file), &module, test_only, out);
}

/// The `mod` declarations among `items`, inline modules followed into.
fn declared(
    file: &Path,
    items: &[Item],
    dir: &Path,
    module: &[String],
    test_only: bool,
    out: &mut BTreeMap<PathBuf, (Vec<String>, bool)>,
) {
    for item in items {
        let Item::Mod(m) = item else { continue };
        let test_only = test_only || cfg_test(&m.attrs);
        let mut inner = module.to_vec();
        inner.push(m.ident.to_string());
        let name = m.ident.to_string();
        let named_path = m.attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
            Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        match (&m.content, named_path) {
            (Some((_, items)), _) => declared(file, items, &dir.join(&name), &inner, test_only, out),
            (None, Some(path)) => {
                // `#[path]` is taken from the declaring file's folder.
                let base = file.parent().unwrap_or(Path::new(""));
                module_files(&base.join(path), inner, test_only, out);
            }
            (None, None) => {
                let flat = dir.join(format!("{name}.rs"));
                let nested = dir.join(&name).join("mod.rs");
                let found = if flat.exists() { flat } else { nested };
                module_files(&found, inner, test_only, out);
            }
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path a file would have from where it lies under `root`,
/// the folder of the module `base` (`crate::engine` for the engine's).
fn module_by_place(root: &Path, base: &[String], file: &Path) -> Vec<String> {
    let mut module = base.to_vec();
    if let Ok(rel) = file.strip_prefix(root) {
        let parts: Vec<String> = rel.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
        module.extend(parts.into_iter().filter(|p| p != "mod" && p != "lib"));
    }
    module
}

/// The engine whose root module is `root/mod.rs`: every file the module
/// tree reaches (wherever it lies), and every other `.rs` file under `root`,
/// which the compiler would not see but a later `mod` could bring in. Each
/// with its module path and whether it is compiled for tests alone.
pub(crate) fn engine_files(root: &Path) -> BTreeMap<PathBuf, (Vec<String>, bool)> {
    files_under(root, "mod.rs", &["crate", "engine"])
}

/// The whole crate, `src/lib.rs` and every file it reaches, and every other
/// `.rs` file under `src`: `src/main.rs`, the binary, is among them as the
/// module `crate::main` (its `hexpatrol::` paths are read as `crate::`).
pub(crate) fn crate_files(src: &Path) -> BTreeMap<PathBuf, (Vec<String>, bool)> {
    files_under(src, "lib.rs", &["crate"])
}

/// The files of the module `base` whose root file is `root/top`, as
/// `engine_files` and `crate_files` say.
fn files_under(root: &Path, top: &str, base: &[&str]) -> BTreeMap<PathBuf, (Vec<String>, bool)> {
    let base: Vec<String> = base.iter().map(ToString::to_string).collect();
    let mut tree = BTreeMap::new();
    module_files(&root.join(top), base.clone(), false, &mut tree);
    let mut files = Vec::new();
    rust_files(root, &mut files);
    for file in files {
        tree.entry(file.clone()).or_insert_with(|| (module_by_place(root, &base, &file), false));
    }
    tree
}

/// A file named from the folder above `src`, with `/` between its parts.
pub(crate) fn shown(src: &Path, file: &Path) -> String {
    let base = src.parent().unwrap_or(Path::new(""));
    let rel = file.strip_prefix(base).unwrap_or(file);
    rel.iter().map(|p| p.to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Checks every file of the engine whose root module is `root/mod.rs` (see
/// `engine_files`) but those compiled for tests alone. Returns
/// `file:line: what` for each violation.
pub(crate) fn check_engine(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (file, (module, test_only)) in engine_files(root) {
        if test_only {
            continue;
        }
        let shown = shown(root.parent().unwrap_or(Path::new("")), &file);
        let Ok(source) = fs::read_to_string(&file) else {
            found.push(format!("{shown}: declared as a module but not found"));
            continue;
        };
        let module: Vec<&str> = module.iter().map(String::as_str).collect();
        for v in check_source(&source, &module) {
            found.push(format!("{shown}:{}: {}", v.line, v.what));
        }
    }
    found
}
