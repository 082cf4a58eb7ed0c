//! Campaign files. The save layer owns all file I/O for campaigns: where the
//! files live, their format and versions, durable writes, backups and locks.
//!
//! One campaign is one RON file (`NAME.ron`). Beside it: `NAME.records/`
//! with one file per finished patrol (written once, never rewritten, so an
//! autosave costs the same at patrol 100 as at patrol 1), `NAME.ron.1` to
//! `NAME.ron.3` (backups, newest first), `NAME.ron.patrol` (a backup of the
//! patrol under way; `backups.rs`) and `NAME.ron.lock` (held while a
//! program has the campaign open; on Unix removed when it closes it).

mod backups;
mod durable;
mod locate;
mod settings;
mod stamp;
mod store;

use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::campaign::{Campaign, PatrolRecord};
use crate::engine::vocabulary::limits::FILE_BYTES;
use crate::rules::Unsound;

#[cfg(test)]
use backups::backup_path;
pub use backups::{BACKUPS, PATROL_BACKUP_ORDERS, backup_files, holds, newest_backup, newest_valid_backup};
pub use durable::write_atomic;
pub use settings::{Settings, load_settings, save_settings, settings_path};
pub use stamp::when;
pub use store::{
    Listing, campaign_path, check_folder, data_dir, list, most_recent, name_taken, read_named, valid_name,
};

/// The save format this program writes. Older formats are migrated on load;
/// newer ones are refused and never overwritten. 2 added the house rules'
/// switches to the rule book, take-backs (`take_backs`, `history`) and the
/// pressure a man is under; a version-1 file reads as version 2 with every
/// switch at its old behaviour and no history. 3 saves a man's weapon as its
/// place in his game's rule book rather than its key (`migrate_to_3`). 4
/// writes each map's terrain as rows of characters, one a hex, where the
/// older formats wrote a number a hex (`engine::map_form`, which reads both).
pub const FORMAT_VERSION: u32 = 4;

/// A campaign file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format_version: u32,
    /// Seconds since 1970 when it was written (for `hexpatrol list`).
    pub saved_at: u64,
    pub campaign: Campaign,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("{path}:{line}:{col}: {message}")]
    Parse { path: String, line: usize, col: usize, message: String },
    #[error("{path}: {message}")]
    File { path: String, message: String },
    #[error(
        "{path}: written by a newer hexpatrol (save format {found}; this one reads up to {FORMAT_VERSION}). It has not been touched."
    )]
    TooNew { path: String, found: u32 },
    #[error("{path}: the campaign is open in another hexpatrol; close that one first")]
    Locked { path: String },
    #[error("{0}")]
    NoDataDir(String),
    /// A campaign file that reads but does not hold together: where in it
    /// (when the part it names can be found), and why.
    #[error("{}does not hold together: {why}", place(.path, .at))]
    Unsound { path: String, at: Option<(usize, usize)>, why: Box<Unsound> },
    /// A save not written, as it could not be loaded again; the last good
    /// one on disk is left as it was.
    #[error("{path}: not saved, as it could not be loaded again: {why}. The last good save is kept")]
    Refused { path: String, why: Refusal },
    /// A campaign asked for by a name no campaign may have.
    #[error("'{name}' is not a campaign name: see `hexpatrol list`")]
    NotAName { name: String },
    /// No campaign of that name in the data folder `dir`.
    #[error("no campaign called '{name}' in {dir}: see `hexpatrol list`")]
    NoSuchCampaign { name: String, dir: String },
}

/// Why a save was not written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("it does not hold together: {0}")]
    Unsound(Box<Unsound>),
    #[error("it would be {bytes} bytes, more than the {limit} a save may have")]
    TooBig { bytes: usize, limit: u64 },
}

/// A file and, where known, its line and column, as an error begins.
fn place(path: &str, at: &Option<(usize, usize)>) -> String {
    match at {
        Some((line, col)) => format!("{path}:{line}:{col}: "),
        None => format!("{path}: "),
    }
}

impl SaveError {
    fn file(path: &Path, message: impl Into<String>) -> Self {
        SaveError::File { path: path.display().to_string(), message: message.into() }
    }
}

/// Only the version, read before anything else so that a newer file is
/// refused before its contents are judged.
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
struct Header {
    format_version: u32,
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(64)
}

fn parse_error(path: &Path, e: &ron::error::SpannedError) -> SaveError {
    SaveError::Parse {
        path: path.display().to_string(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: crate::rules::ron_message(&e.code),
    }
}

/// `parse_error` for a campaign file's `text`: one that leaves a bracket
/// open says so, whatever RON made of its last words (a field name cut in
/// two reads as an unknown field): cut short where it stops inside a value,
/// a bracket missing where it ends with one closed.
fn save_parse_error(path: &Path, text: &str, e: &ron::error::SpannedError) -> SaveError {
    let mut error = parse_error(path, e);
    if let SaveError::Parse { message, .. } = &mut error {
        match locate::left_open(text) {
            0 => {}
            _ if !text.trim_end().ends_with([')', ']', '}']) => {
                message.push_str(" (the file stops inside a value, with brackets left open: it looks cut short)");
            }
            n => message.push_str(&format!(
                " (the file ends with {n} bracket{} left open: one may be missing)",
                if n == 1 { "" } else { "s" }
            )),
        }
    }
    error
}

/// Reads a campaign file from text; `path` is for messages.
///
/// # Errors
/// Empty, not RON, the wrong shape, or from a newer program.
pub fn parse(path: &Path, text: &str) -> Result<SaveFile, SaveError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(SaveError::file(path, "the file is empty: expected a campaign save"));
    }
    let format_version = match version_at_the_head(text) {
        Some(v) => v,
        None => ron_options().from_str::<Header>(text).map_err(|e| save_parse_error(path, text, &e))?.format_version,
    };
    if format_version > FORMAT_VERSION {
        return Err(SaveError::TooNew { path: path.display().to_string(), found: format_version });
    }
    if format_version == 0 {
        return Err(SaveError::file(path, "format_version 0 was never written by hexpatrol"));
    }
    // Format 1 is the first; later formats migrate older files here, one step at a time.
    let mut save: SaveFile = ron_options().from_str(text).map_err(|e| save_parse_error(path, text, &e))?;
    if save.format_version < 3 {
        migrate_to_3(&mut save);
    }
    crate::rules::campaign_holds(&save.campaign).map_err(|why| SaveError::Unsound {
        path: path.display().to_string(),
        at: locate::locate(text, &save.campaign, &why),
        why: Box::new(why),
    })?;
    Ok(save)
}

/// The format version, if the file begins as the game writes it: an
/// opening parenthesis (perhaps after `SaveFile`) and `format_version` as
/// its first field, with nothing but white space between. Reading it so
/// costs nothing, where reading `Header` reads the whole file; a file that
/// begins otherwise (edited by hand, with comments) is read as `Header`.
/// Either way the number is the same one: the whole file is read next,
/// and a second `format_version` in it is refused there.
fn version_at_the_head(text: &str) -> Option<u32> {
    let rest = text.trim_start();
    let rest = rest.strip_prefix("SaveFile").unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix('(')?.trim_start();
    let rest = rest.strip_prefix("format_version")?.trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    // What follows the number must end it: `3_0` or `3.5` is for RON to judge.
    let after = rest[digits..].trim_start();
    if digits == 0 || !(after.starts_with(',') || after.starts_with(')')) {
        return None;
    }
    rest[..digits].parse().ok()
}

/// A file of format 1 or 2 read as format 3: each man of the patrol under way
/// (and of the patrol as it set out, kept for take-backs) carried his
/// weapon by its key, which now stands in the place the game's own rule
/// book gives it. The file's version is left as read (the next save writes
/// the current one).
fn migrate_to_3(save: &mut SaveFile) {
    let c = &mut save.campaign;
    let setout = c.history.as_mut().map(|h| &mut h.setout);
    for game in c.patrol.iter_mut().chain(setout) {
        game.weapons_by_place();
    }
}

/// Reads a campaign file from disk without taking its lock (to check or list it).
///
/// # Errors
/// As `parse`, and when the file cannot be read.
pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
    let text = crate::rules::read_text(path, || "no such campaign file".into()).map_err(|e| match e {
        crate::rules::DataError::File { file, message } => SaveError::File { path: file, message },
        crate::rules::DataError::At { file, line, col, message } => SaveError::Parse { path: file, line, col, message },
    })?;
    parse(path, &text)
}

/// The text of a save, one event per line in the logs so that a person can
/// read it and a diff stays small. Without struct names: RON cannot read
/// them back inside the internally tagged events.
pub fn to_text(save: &SaveFile) -> Result<String, SaveError> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    ron::ser::to_string_pretty(save, pretty)
        .map_err(|e| SaveError::File { path: String::new(), message: e.to_string() })
}

/// The text of a save about to be written, once it is sure to load back:
/// the checks the loader makes are made on it first, and it is within the
/// size the loader reads. A state the loader would refuse is a bug of the
/// game: it is reported, and the last good save is left as it was.
///
/// # Errors
/// The campaign does not hold together, or its text is too big.
pub fn writable(path: &Path, save: &SaveFile) -> Result<String, SaveError> {
    writable_within(path, save, FILE_BYTES)
}

/// `writable`, with the most bytes a save may have given (a test gives a
/// small one rather than play a patrol of 64 MiB).
fn writable_within(path: &Path, save: &SaveFile, limit: u64) -> Result<String, SaveError> {
    let refused = |why: Refusal| SaveError::Refused { path: path.display().to_string(), why };
    crate::rules::campaign_holds(&save.campaign).map_err(|e| refused(Refusal::Unsound(Box::new(e))))?;
    let text = to_text(save)?;
    if text.len() as u64 > limit {
        return Err(refused(Refusal::TooBig { bytes: text.len(), limit }));
    }
    Ok(text)
}

fn records_dir(path: &Path) -> PathBuf {
    path.with_extension("records")
}

/// The record files of the campaign file at `path` (`NAME.records/`), in
/// order of their names (`patrol-001.ron`, ...); none if it has no folder.
/// Only files named as records are: not a write's temporary file left by
/// a crash, nor a note of the player's.
pub fn record_files(path: &Path) -> Vec<PathBuf> {
    let named = |p: &PathBuf| {
        p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("patrol-") && n.ends_with(".ron"))
    };
    let mut found: Vec<PathBuf> = std::fs::read_dir(records_dir(path))
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).filter(named).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// Reads a finished patrol's record from text; `path` is for messages.
///
/// # Errors
/// Empty, not RON, or not the shape of a record: the message names the
/// file, and the line and column where it can.
pub fn parse_record(path: &Path, text: &str) -> Result<PatrolRecord, SaveError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(SaveError::file(path, "the file is empty: expected the record of a patrol"));
    }
    ron_options().from_str(text).map_err(|e| parse_error(path, &e))
}

/// Reads a finished patrol's record from disk.
///
/// # Errors
/// As `parse_record`, and when the file cannot be read.
pub fn read_record(path: &Path) -> Result<PatrolRecord, SaveError> {
    let text = crate::rules::read_text(path, || "no such record".into()).map_err(|e| match e {
        crate::rules::DataError::File { file, message } => SaveError::File { path: file, message },
        crate::rules::DataError::At { file, line, col, message } => SaveError::Parse { path: file, line, col, message },
    })?;
    parse_record(path, &text)
}

/// A campaign file opened for writing: holds its lock while it lives.
#[derive(Debug)]
pub struct Slot {
    path: PathBuf,
    _lock: File,
    /// What the saves so far say about when the patrol's backup is due.
    pace: std::cell::Cell<backups::Pace>,
}

/// Times `Slot::open` takes a lock that turns out to be on a lock file
/// removed meanwhile, before it gives up as if the campaign were in use.
const LOCK_TRIES: usize = 5;

fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Whether the locked file `lock` is still the one named `name` in the folder.
#[cfg(unix)]
fn still_in_folder(lock: &File, name: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (lock.metadata(), std::fs::metadata(name)) {
        (Ok(held), Ok(there)) => (held.dev(), held.ino()) == (there.dev(), there.ino()),
        _ => false,
    }
}

/// Elsewhere the lock file is never removed (see `Drop for Slot`), so the
/// file locked is the one in the folder.
#[cfg(not(unix))]
fn still_in_folder(_lock: &File, _name: &Path) -> bool {
    true
}

/// The file a campaign path names: a link is followed to the file it
/// points at, so that the lock, the backups and every save are that file's,
/// whichever path a program opened it by, and the link itself is left as
/// it is. Only the last part of the path is a link to look at: a folder
/// that is a link leads to the same lock file either way.
///
/// # Errors
/// The link leads nowhere (or nowhere that can be reached).
fn resolve_link(path: &Path) -> Result<PathBuf, SaveError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            let to = std::fs::read_link(path).map_or_else(|_| "?".into(), |t| t.display().to_string());
            SaveError::file(
                path,
                format!("is a link to {to}, which cannot be opened ({e}): remove the link or restore its file"),
            )
        }),
        _ => Ok(path.to_path_buf()),
    }
}

impl Drop for Slot {
    /// On Unix, removes the lock file while the lock is still held, so that
    /// no file is left behind once the game is closed; the lock goes with
    /// the handle, and `still_in_folder` keeps out a program that locked the
    /// file just removed.
    ///
    /// On Windows the lock file stays, unlocked and harmless. Removing a
    /// file another program has open either leaves its name there, "delete
    /// pending", so that the next program cannot open it at all and would be
    /// told of an error rather than of a campaign in use; or (NTFS on newer
    /// Windows 10 and 11) takes the name away at once as on Unix, and std has
    /// no stable way to tell two files apart there to make `still_in_folder`.
    /// A file that is never removed has neither problem.
    fn drop(&mut self) {
        if cfg!(unix) {
            let _ = std::fs::remove_file(lock_path(&self.path));
        }
    }
}

impl Slot {
    /// Opens (or prepares to create) the campaign file at `path`, taking its lock.
    ///
    /// # Errors
    /// Another program holds the lock, or the folder cannot be made or written.
    pub fn open(path: &Path) -> Result<Self, SaveError> {
        let path = &resolve_link(path)?;
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| SaveError::file(dir, format!("cannot make the folder: {e}")))?;
        let lock_name = lock_path(path);
        // The holder removes the lock file as it lets go (see `Drop`), so a
        // lock won may be on a file already gone from the folder: then it
        // guards nothing, and the lock is taken again on the file there now.
        for _ in 0..LOCK_TRIES {
            let lock = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&lock_name)
                .map_err(|e| SaveError::file(&lock_name, format!("cannot open the lock file: {e}")))?;
            match lock.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(SaveError::Locked { path: path.display().to_string() });
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(SaveError::file(&lock_name, format!("cannot lock: {e}")));
                }
            }
            if still_in_folder(&lock, &lock_name) {
                durable::sweep_temporaries(path);
                return Ok(Self { path: path.to_path_buf(), _lock: lock, pace: Default::default() });
            }
        }
        Err(SaveError::Locked { path: path.display().to_string() })
    }

    /// Loads the campaign. Loading draws no random number: the game resumes
    /// exactly where it was saved.
    ///
    /// # Errors
    /// As `read`; the file is left as it is.
    pub fn load(&self) -> Result<Campaign, SaveError> {
        let mut campaign = read(&self.path)?.campaign;
        self.recount(&mut campaign);
        self.pace.set(backups::Pace::loaded(&campaign));
        Ok(campaign)
    }

    /// A campaign saved by a version that did not count how its patrols
    /// ended (`Campaign::outcomes`, for the summary at its end) is counted
    /// from its records, if every one is there and reads; else it is left
    /// as it is, and its end says how many patrols went uncounted.
    fn recount(&self, campaign: &mut Campaign) {
        if campaign.outcomes.counted >= campaign.finished {
            return;
        }
        let mut records: Vec<PatrolRecord> = self
            .records()
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter_map(|t| ron_options().from_str::<PatrolRecord>(&t).ok())
            .collect();
        records.extend(campaign.unarchived.clone());
        let mut outcomes = crate::engine::campaign::Outcomes::default();
        for n in 1..=campaign.finished {
            let Some(r) = records.iter().find(|r| r.number == n) else { return };
            outcomes.count(&r.outcome, r.men_lost());
        }
        campaign.outcomes = outcomes;
    }

    /// Saves the campaign: first the record of a patrol that has just ended
    /// (once, into its own file), then the campaign file itself, durably.
    /// A patrol's end rotates the backups (`backup`); inside a patrol, when
    /// an action has ended and every `PATROL_BACKUP_ORDERS` saves, the
    /// patrol's own backup is written first, with the same text.
    ///
    /// # Errors
    /// The folder cannot be written (read-only, full disk): the old file is
    /// intact. A failed backup of the patrol is such a failure, found before
    /// the campaign file is touched.
    pub fn save(&self, campaign: &mut Campaign, now: u64) -> Result<(), SaveError> {
        if let Some(record) = &campaign.unarchived {
            self.archive(record)?;
            campaign.unarchived = None;
            // A patrol is over: a good moment for a backup.
            let text = self.text(campaign, now)?;
            self.write(&text)?;
            self.pace.set(backups::Pace::loaded(campaign));
            return self.backup();
        }
        let text = self.text(campaign, now)?;
        let pace = self.keep_patrol(campaign, &text)?;
        self.write(&text)?;
        self.pace.set(pace);
        Ok(())
    }

    fn text(&self, campaign: &Campaign, now: u64) -> Result<String, SaveError> {
        let save = SaveFile { format_version: FORMAT_VERSION, saved_at: now, campaign: campaign.clone() };
        writable(&self.path, &save)
    }

    fn write(&self, text: &str) -> Result<(), SaveError> {
        write_atomic(&self.path, text.as_bytes()).map_err(|e| SaveError::file(&self.path, format!("cannot save: {e}")))
    }

    fn archive(&self, record: &PatrolRecord) -> Result<(), SaveError> {
        let dir = records_dir(&self.path);
        if !dir.is_dir() {
            std::fs::create_dir_all(&dir).map_err(|e| SaveError::file(&dir, format!("cannot make the folder: {e}")))?;
            // Make the new folder itself survive a crash.
            durable::sync_parent(&dir).map_err(|e| SaveError::file(&dir, format!("cannot make the folder: {e}")))?;
        }
        let path = dir.join(format!("patrol-{:03}.ron", record.number));
        let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
        let text = ron::ser::to_string_pretty(record, pretty).map_err(|e| SaveError::file(&path, e.to_string()))?;
        write_atomic(&path, text.as_bytes()).map_err(|e| SaveError::file(&path, format!("cannot save: {e}")))
    }

    /// The records of the finished patrols, in order.
    pub fn records(&self) -> Vec<PathBuf> {
        record_files(&self.path)
    }
}

#[cfg(test)]
mod invariant;
#[cfg(test)]
mod refused;
#[cfg(test)]
mod tests;
