//! Durable replacement of a file: write a temporary file in the same folder,
//! flush it to disk, rename it over the old one, then flush the folder so
//! the rename itself survives a crash. The old file is never deleted first,
//! so at every moment one complete version is on disk.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// Replaces `path` with `bytes`, durably.
///
/// # Errors
/// Any failure to write, flush or rename; the old file is then untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new().prefix(".hexpatrol-").suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
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
