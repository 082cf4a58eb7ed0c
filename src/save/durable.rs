//! Durable replacement of a file: write a temporary file in the same folder,
//! flush it to disk, rename it over the old one, then flush the folder so
//! the rename itself survives a crash. The old file is never deleted first,
//! so at every moment one complete version is on disk.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// The start of the temporary files written beside `path`: one prefix per
/// target, so that a program holding a campaign's lock can sweep away what
/// a killed one left for that campaign without touching anybody else's.
fn temp_prefix(path: &Path) -> String {
    format!(".{}.", path.file_name().map_or("save".into(), |n| n.to_string_lossy().into_owned()))
}

/// Replaces `path` with `bytes`, durably.
///
/// # Errors
/// Any failure to write, flush or rename; the old file is then untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent(path);
    let mut tmp = tempfile::Builder::new().prefix(&temp_prefix(path)).suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    keep_mode(tmp.as_file(), path)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Gives the new file the permissions of the one it replaces (a temporary
/// file is made readable by its owner only).
#[cfg(unix)]
fn keep_mode(tmp: &File, path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(old) => tmp.set_permissions(old.permissions()),
        Err(_) => Ok(()),
    }
}

#[cfg(not(unix))]
fn keep_mode(_tmp: &File, _path: &Path) -> io::Result<()> {
    Ok(())
}

/// Removes temporary files a killed program left beside `path`. Call only
/// while holding the lock of `path`.
pub fn sweep_temporaries(path: &Path) {
    let prefix = temp_prefix(path);
    let Ok(entries) = std::fs::read_dir(parent(path)) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Flushes the folder that holds `path`, so that a new entry in it lasts.
pub fn sync_parent(path: &Path) -> io::Result<()> {
    sync_dir(parent(path))
}

fn parent(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Folders cannot be opened for syncing here; the rename is as durable as the platform makes it.
    Ok(())
}
