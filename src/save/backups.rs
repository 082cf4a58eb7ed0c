//! Backups of a campaign file, and putting one back.
//!
//! Two kinds are kept beside `NAME.ron`:
//!
//! - `NAME.ron.1` to `NAME.ron.3`, newest first: rotated when a campaign is
//!   opened and when a patrol ends, so they hold where play began and the
//!   last patrols' ends.
//! - `NAME.ron.patrol`: the patrol under way, written over (never rotated)
//!   when one of its actions has ended and every `PATROL_BACKUP_ORDERS`
//!   saves, so a file damaged in the middle of a long patrol costs at most
//!   those last orders, not the whole patrol. It never pushes a patrol's end
//!   out of the rotation.
//!
//! A file that will not load is offered the backup that is furthest on in
//! play (`progress`), whichever kind it is: not the first by its number,
//! and not by the clock alone, which can go backwards.

use std::path::{Path, PathBuf};

use crate::engine::Phase;
use crate::engine::campaign::Campaign;
use crate::engine::vocabulary::event::Event;

use super::{SaveError, SaveFile, Slot, durable, read, write_atomic};

/// Rotating backups kept beside a campaign file.
pub const BACKUPS: usize = 3;

/// Saves inside a patrol between two backups of it, when no action ends
/// in between. A patrol of the built-in scenarios takes some 200 of the
/// leader's decisions, each a save (15 to 519 in fifteen patrols of
/// Hedgerow, Crossroads and The Orchard, seeds 1 to 5: 3,232 in all), and
/// an action ends every 70 or so (47 in those patrols), so the ends of
/// actions alone would leave long stretches uncovered; twenty caps what a
/// damaged file costs at a few minutes of play. A backup is a second
/// write of the save's own text (about a millisecond, mostly its `fsync`):
/// with the ends of actions, some 13 in a patrol of 200 saves, 6% more
/// work for the disk, where a backup every save would double it.
pub const PATROL_BACKUP_ORDERS: u32 = 20;

/// The `k`th rotating backup of the campaign file at `path` (`NAME.ron.k`).
pub(crate) fn backup_path(path: &Path, k: usize) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(format!(".{k}"));
    PathBuf::from(s)
}

/// The backup of the patrol under way (`NAME.ron.patrol`).
pub(crate) fn patrol_backup_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".patrol");
    PathBuf::from(s)
}

/// Every backup the campaign file at `path` may have, there or not: the
/// rotating ones, newest first, then the patrol's.
pub fn backup_files(path: &Path) -> Vec<PathBuf> {
    (1..=BACKUPS).map(|k| backup_path(path, k)).chain([patrol_backup_path(path)]).collect()
}

/// How far play had gone when `save` was written: the patrols finished,
/// then whether one is under way, then the events of the patrol (its own
/// log grows with every order), and only last the clock. Play moves each
/// forward, so a later save of one campaign is never less, whatever the
/// clock said; only an order taken back makes the log shorter, and then a
/// backup from before the take-back counts as further on.
fn progress(save: &SaveFile) -> (u32, bool, usize, u64) {
    let c = &save.campaign;
    (c.finished, c.patrol.is_some(), c.log.len(), save.saved_at)
}

/// The backup of `path` that loads and is furthest on in play, with what
/// it holds; of two as far on, the rotating one of the lowest number.
pub fn newest_backup(path: &Path) -> Option<(PathBuf, SaveFile)> {
    // `max_by_key` keeps the last of equals: reversed, that is the first.
    backup_files(path)
        .into_iter()
        .rev()
        .filter_map(|b| read(&b).ok().map(|save| (b, save)))
        .max_by_key(|(_, save)| progress(save))
}

/// The backup of `path` that loads and is furthest on in play, if any.
pub fn newest_valid_backup(path: &Path) -> Option<PathBuf> {
    newest_backup(path).map(|(b, _)| b)
}

/// Where a save stands, in words for the player choosing to put it back:
/// "patrol 2 of 5 under way, in its 3rd action; saved 2026-12-02 15:40".
pub fn holds(save: &SaveFile) -> String {
    let c = &save.campaign;
    let at = match &c.patrol {
        Some(game) => {
            let actions = c.log.iter().filter(|e| matches!(e, Event::ActionStart { .. })).count();
            let patrol = format!("patrol {}{} under way", c.finished + 1, c.of_total());
            match (game.phase(), actions) {
                (Phase::Action(_), n) => format!("{patrol}, in its {} action", ordinal(n)),
                (_, 0) => format!("{patrol}, no action fought yet"),
                (_, 1) => format!("{patrol}, after its 1st action"),
                (_, n) => format!("{patrol}, {n} actions fought"),
            }
        }
        None if c.is_over() => "the campaign over".to_string(),
        None => format!("between patrols, {}{} done", c.finished, c.of_total()),
    };
    format!("{at}; saved {}", super::stamp::when(save.saved_at))
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What the saves of a slot so far say about the patrol's backup.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Pace {
    /// Whether the state last saved or loaded was in an action; None
    /// between patrols or before the slot has seen one.
    in_action: Option<bool>,
    /// Saves of the patrol under way since its backup was last written (or
    /// since the campaign was loaded).
    saves: u32,
}

impl Pace {
    /// The pace of a campaign just loaded or just saved at a patrol's end.
    pub(super) fn loaded(campaign: &Campaign) -> Self {
        Pace { in_action: in_action(campaign), saves: 0 }
    }
}

fn in_action(campaign: &Campaign) -> Option<bool> {
    campaign.patrol.as_ref().map(|g| matches!(g.phase(), Phase::Action(_)))
}

impl Slot {
    /// Writes `text`, the save of `campaign` about to be written, to the
    /// patrol's backup if one is due: an action has ended since the last
    /// save, or this is the `PATROL_BACKUP_ORDERS`th save since the last
    /// backup. Returns the pace once the save is written.
    ///
    /// # Errors
    /// The backup cannot be written; nothing else has been touched.
    pub(super) fn keep_patrol(&self, campaign: &Campaign, text: &str) -> Result<Pace, SaveError> {
        let was = self.pace.get();
        let Some(now) = in_action(campaign) else { return Ok(Pace::default()) };
        let action_ended = was.in_action == Some(true) && !now;
        let saves = was.saves.saturating_add(1);
        if !action_ended && saves < PATROL_BACKUP_ORDERS {
            return Ok(Pace { in_action: Some(now), saves });
        }
        let to = patrol_backup_path(&self.path);
        write_atomic(&to, text.as_bytes()).map_err(|e| SaveError::file(&to, format!("cannot keep a backup: {e}")))?;
        Ok(Pace { in_action: Some(now), saves: 0 })
    }

    /// Rotates the backups: the current file becomes `.1`, `.1` becomes `.2`, ...
    /// The patrol's backup is left as it is.
    ///
    /// # Errors
    /// The folder cannot be written.
    pub fn backup(&self) -> Result<(), SaveError> {
        if !self.path.exists() {
            return Ok(());
        }
        let fail = |p: &Path, e: std::io::Error| SaveError::file(p, format!("cannot keep a backup: {e}"));
        let bytes = std::fs::read(&self.path).map_err(|e| fail(&self.path, e))?;
        let first = backup_path(&self.path, 1);
        // The same state twice would only push an older, different one out:
        // a state `.1` holds, or the patrol's backup (a campaign opened just
        // after it was put back, or quit as an action ended), is kept already.
        let kept = |b: &Path| std::fs::read(b).is_ok_and(|b| b == bytes);
        if kept(&first) || kept(&patrol_backup_path(&self.path)) {
            return Ok(());
        }
        for k in (1..BACKUPS).rev() {
            let from = backup_path(&self.path, k);
            if from.exists() {
                durable::rename(&from, &backup_path(&self.path, k + 1)).map_err(|e| fail(&from, e))?;
            }
        }
        write_atomic(&first, &bytes).map_err(|e| fail(&first, e))
    }

    /// Puts the backup furthest on in play (`newest_backup`), of either
    /// kind, in place of a campaign file that will not load. The bad file
    /// is first copied aside (`NAME.ron.broken`, or `.broken-2` and so on if
    /// that is taken); then the backup replaces it in one rename, so there
    /// is never a moment without the campaign file. The backup itself stays.
    ///
    /// # Errors
    /// The file loads (there is nothing to restore), there is no valid
    /// backup, or the folder cannot be written.
    pub fn restore_backup(&self) -> Result<PathBuf, SaveError> {
        if self.path.exists() && self.load().is_ok() {
            return Err(SaveError::file(
                &self.path,
                "loads as it is: a backup is only put back for a file that will not load",
            ));
        }
        let Some(backup) = newest_valid_backup(&self.path) else {
            return Err(SaveError::file(&self.path, "there is no backup that loads"));
        };
        if let Ok(bad) = std::fs::read(&self.path) {
            let aside = (1..)
                .map(|k| {
                    let mut name = self.path.as_os_str().to_owned();
                    name.push(if k == 1 { ".broken".to_string() } else { format!(".broken-{k}") });
                    PathBuf::from(name)
                })
                .find(|p| !p.exists())
                .unwrap_or_else(|| self.path.with_extension("broken"));
            write_atomic(&aside, &bad).map_err(|e| SaveError::file(&aside, e.to_string()))?;
        }
        let bytes = std::fs::read(&backup).map_err(|e| SaveError::file(&backup, e.to_string()))?;
        write_atomic(&self.path, &bytes).map_err(|e| SaveError::file(&self.path, e.to_string()))?;
        Ok(backup)
    }
}

#[cfg(test)]
mod tests;
