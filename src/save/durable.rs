//! Durable replacement of a file: write a temporary file in the same folder,
//! flush it to disk, rename it over the old one, then flush the folder so
//! the rename itself survives a crash. The old file is never deleted first,
//! so at every moment one complete version is on disk.
//!
//! The same on every platform, with two differences. The rename: on Unix
//! `rename(2)`; on Windows tempfile's `persist` calls `MoveFileExW` with
//! `MOVEFILE_REPLACE_EXISTING`, and `std::fs::rename` (for the backups)
//! that or `SetFileInformationByHandle`; each replaces the old file in one
//! step. Flushing the folder: only Unix
//! can open a folder to flush it; on Windows a rename is as lasting as the
//! file system makes it (NTFS keeps it in its journal), without a call of
//! ours. docs/SAVES.md says what each platform guarantees.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

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
    let mut tries = 1;
    loop {
        match tmp.persist(path) {
            Ok(_) => break,
            Err(e) if held_by_another(&e.error, tries) => {
                tmp = e.file;
                tries += 1;
            }
            Err(e) => return Err(e.error),
        }
    }
    sync_dir(dir)
}

/// Renames `from` over `to`, replacing it, with the same patience as
/// `write_atomic` on Windows.
///
/// # Errors
/// As `std::fs::rename`.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    let mut tries = 1;
    loop {
        match std::fs::rename(from, to) {
            Err(e) if held_by_another(&e, tries) => tries += 1,
            done => return done,
        }
    }
}

/// Renames to try before a failure is final.
#[cfg(windows)]
const RENAME_TRIES: u32 = 8;
#[cfg(not(windows))]
const RENAME_TRIES: u32 = 1;

/// Whether a rename that failed with `e` at try number `tries` should be
/// tried again, after a pause. Windows refuses to replace a file that
/// another program (a virus scanner, the search indexer, a backup or sync
/// tool) has open for a moment without letting it be deleted, and says
/// "access denied"; such a moment passes. On Unix a rename never waits for
/// readers, so it is tried once.
fn held_by_another(e: &io::Error, tries: u32) -> bool {
    let again = tries < RENAME_TRIES && e.kind() == io::ErrorKind::PermissionDenied;
    if again {
        // 20, 40, ... 140 ms: about half a second in all before giving up.
        std::thread::sleep(Duration::from_millis(20 * u64::from(tries)));
    }
    again
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

/// On macOS `sync_all` asks the disk itself to flush (`F_FULLFSYNC`), as
/// it does for the file. Some file systems (network shares, some FUSE
/// ones) cannot flush a folder and say so (`EINVAL`, `ENOTSUP`): the file
/// is already whole and renamed by then, so that is no reason to stop the
/// game, and only the rename's surviving a power cut is left to them.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    match std::fs::File::open(dir)?.sync_all() {
        Err(e) if matches!(e.kind(), io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported) => Ok(()),
        done => done,
    }
}

/// Windows documents no way to flush a folder's entries (FlushFileBuffers
/// is for files and volumes); NTFS records the rename in its journal and
/// writes that out on its own. So there is nothing to do here.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}
