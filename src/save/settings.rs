//! The player's own settings: how the terminal game shows play, the same
//! for every campaign in the data folder. They change no die and no event,
//! so they are no part of a campaign's save (which holds the game and
//! nothing else); a new campaign keeps the player's choice. One small RON
//! file, `settings.ron` in the data folder, replaced whole as a save is.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{SaveError, durable, parse_error, ron_options};

/// What the player has chosen; a setting missing from the file is at its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Whether a STOP card that brings no enemy and does not end the
    /// action pauses play too (`P`); new enemy and the action's end always do.
    pub pause_at_quiet_stop: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self { pause_at_quiet_stop: true }
    }
}

pub fn settings_path(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.ron")
}

/// The settings kept in `data_dir`: the defaults when there is no file.
///
/// # Errors
/// The file is there but cannot be read, or is not settings (the message
/// names the file, line and column).
pub fn load_settings(data_dir: &Path) -> Result<Settings, SaveError> {
    let path = settings_path(data_dir);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
        Err(e) => return Err(SaveError::file(&path, format!("cannot read the settings: {e}"))),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if text.trim().is_empty() {
        return Ok(Settings::default());
    }
    ron_options().from_str(text).map_err(|e| parse_error(&path, &e))
}

/// Writes the settings to `data_dir`, replacing the file whole.
///
/// # Errors
/// The folder cannot be made or the file written; the old file is then untouched.
pub fn save_settings(data_dir: &Path, settings: &Settings) -> Result<(), SaveError> {
    let path = settings_path(data_dir);
    std::fs::create_dir_all(data_dir).map_err(|e| SaveError::file(data_dir, format!("cannot make the folder: {e}")))?;
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .map_err(|e| SaveError::file(&path, format!("cannot write the settings: {e}")))?;
    durable::write_atomic(&path, format!("{text}\n").as_bytes())
        .map_err(|e| SaveError::file(&path, format!("cannot write the settings: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_kept_and_read_back() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert_eq!(load_settings(dir.path()), Ok(Settings::default()), "no file: the defaults");
        let off = Settings { pause_at_quiet_stop: false };
        save_settings(dir.path(), &off).expect("written");
        assert_eq!(load_settings(dir.path()), Ok(off));
    }

    #[test]
    fn a_broken_settings_file_is_named_with_its_line_and_column() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(settings_path(dir.path()), "(\n  pause_at_quiet_stop: maybe,\n)\n").expect("written");
        let e = load_settings(dir.path()).expect_err("refused");
        let said = e.to_string();
        assert!(said.contains("settings.ron:2:"), "{said}");
        std::fs::write(settings_path(dir.path()), "(volume: 11)").expect("written");
        assert!(load_settings(dir.path()).is_err(), "an unknown setting is refused");
        std::fs::write(settings_path(dir.path()), "()").expect("written");
        assert_eq!(load_settings(dir.path()), Ok(Settings::default()), "a missing setting is at its default");
    }
}
