//! Where campaigns live: the platform's data folder (found with the
//! `directories` crate), or `--data-dir` / `HEXPATROL_DATA_DIR`.

use std::path::{Path, PathBuf};

use super::{SaveError, read};

/// The data folder: the flag if given, else `HEXPATROL_DATA_DIR`, else the
/// platform's: `~/.local/share/hexpatrol` on Linux, `~/Library/Application
/// Support/hexpatrol` on macOS, `%APPDATA%\hexpatrol\data` on Windows.
///
/// # Errors
/// None of them can be found (no home folder and no override).
pub fn data_dir(flag: Option<&Path>, env: Option<&str>) -> Result<PathBuf, SaveError> {
    if let Some(dir) = flag {
        return Ok(dir.to_path_buf());
    }
    if let Some(dir) = env.filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "hexpatrol").map(|p| p.data_dir().to_path_buf()).ok_or_else(|| {
        SaveError::NoDataDir(
            "cannot find a folder for saved campaigns (no home folder is known; on Linux and macOS, is HOME set?): give one with --data-dir DIR or HEXPATROL_DATA_DIR"
                .into(),
        )
    })
}

/// A campaign name is also its file name: letters, digits, `-` and `_`,
/// and none of the names Windows keeps for devices (CON, NUL, COM1 ...),
/// so that a campaign folder can be copied to any machine. It does not
/// begin with `-`, which the command line would read as an option
/// (`hexpatrol resume -x`).
pub fn valid_name(name: &str) -> bool {
    const DEVICES: &[&str] = &["con", "prn", "aux", "nul"];
    let lower = name.to_ascii_lowercase();
    let device = DEVICES.contains(&lower.as_str())
        || ((lower.starts_with("com") || lower.starts_with("lpt"))
            && lower.len() == 4
            && lower.as_bytes()[3].is_ascii_digit());
    !device
        && !name.is_empty()
        && !name.starts_with('-')
        && name.len() <= 40
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

pub fn campaign_path(data_dir: &Path, name: &str) -> PathBuf {
    data_dir.join("campaigns").join(format!("{name}.ron"))
}

/// The campaign `name` of the data folder, read to be looked at (a report,
/// a replay): its path and its save. Nothing is locked or written.
///
/// # Errors
/// Not a campaign name, no such campaign, or its file will not read (the
/// message names the file, and the line and column where it can).
pub fn read_named(data_dir: &Path, name: &str) -> Result<(PathBuf, super::SaveFile), SaveError> {
    if !valid_name(name) {
        return Err(SaveError::NotAName { name: name.to_string() });
    }
    let path = campaign_path(data_dir, name);
    if !path.exists() {
        return Err(SaveError::NoSuchCampaign { name: name.to_string(), dir: data_dir.display().to_string() });
    }
    let save = super::read(&path)?;
    Ok((path, save))
}

/// One line of `hexpatrol list`.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    pub name: String,
    pub title: String,
    /// The patrol in progress or next (from 1), and how many there are.
    pub patrol: u32,
    pub patrols: u32,
    /// `patrol`, `action`, `between patrols` or `over`.
    pub phase: String,
    pub saved_at: u64,
    /// Why the file would not load, if it would not.
    pub problem: Option<String>,
}

impl Listing {
    /// A campaign file listed by name only, with why it cannot be resumed.
    fn unreadable(name: String, problem: String) -> Self {
        Listing {
            name,
            title: String::new(),
            patrol: 0,
            patrols: 0,
            phase: String::new(),
            saved_at: 0,
            problem: Some(problem),
        }
    }
}

/// Whether the data folder can hold campaigns: it and its `campaigns`
/// folder are folders, where they are there at all.
///
/// # Errors
/// One of them is a file (or something else that is not a folder).
pub fn check_folder(data_dir: &Path) -> Result<(), SaveError> {
    for dir in [data_dir.to_path_buf(), data_dir.join("campaigns")] {
        if let Ok(meta) = std::fs::metadata(&dir)
            && !meta.is_dir()
        {
            return Err(SaveError::File {
                path: dir.display().to_string(),
                message: "is not a folder, so it holds no campaigns: give a folder with --data-dir".into(),
            });
        }
    }
    Ok(())
}

/// Every campaign in the data folder, most recently played first. Each
/// file is read with the loader's bound on its size, and one that will not
/// load, or whose name `resume` would not take, is listed with the reason.
pub fn list(data_dir: &Path) -> Vec<Listing> {
    let Ok(entries) = std::fs::read_dir(data_dir.join("campaigns")) else { return Vec::new() };
    let mut found: Vec<Listing> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|path| {
            let name = path.file_stem()?.to_string_lossy().into_owned();
            if !valid_name(&name) {
                return Some(Listing::unreadable(
                    name,
                    format!(
                        "{}: not a name a campaign can have (letters, digits, - and _, not - first; not a device name like CON): rename the file to resume it",
                        path.display()
                    ),
                ));
            }
            Some(match read(&path) {
                Ok(save) => {
                    let c = &save.campaign;
                    let phase = match &c.patrol {
                        Some(g) if matches!(g.phase(), crate::engine::Phase::Action(_)) => "action",
                        Some(_) => "patrol",
                        None if c.is_over() => "over",
                        None => "between patrols",
                    };
                    let patrols = c.total_patrols();
                    Listing {
                        name,
                        title: c.title.clone(),
                        patrol: (c.finished + 1).min(patrols),
                        patrols,
                        phase: phase.into(),
                        saved_at: save.saved_at,
                        problem: None,
                    }
                }
                Err(e) => Listing::unreadable(name, e.to_string()),
            })
        })
        .collect();
    found.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.name.cmp(&b.name)));
    found
}

/// The campaign played last that is not over, judged by the file's own time
/// so that one that will not load is not passed over in silence.
pub fn most_recent(data_dir: &Path) -> Option<String> {
    let modified = |name: &str| std::fs::metadata(campaign_path(data_dir, name)).and_then(|m| m.modified()).ok();
    list(data_dir)
        .into_iter()
        .filter(|l| l.phase != "over" && valid_name(&l.name))
        .max_by_key(|l| (modified(&l.name), l.saved_at))
        .map(|l| l.name)
}

/// Is the name in use: by a campaign file, its backups (the patrol's
/// too) or its records?
pub fn name_taken(data_dir: &Path, name: &str) -> bool {
    let path = campaign_path(data_dir, name);
    let mut taken = vec![path.clone(), path.with_extension("records")];
    taken.extend(super::backup_files(&path));
    // Names that differ only in case are one file on some systems.
    let same_but_case = std::fs::read_dir(data_dir.join("campaigns")).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let file = e.file_name();
            let stem = file.to_string_lossy();
            let stem = stem.split('.').next().unwrap_or("");
            stem.eq_ignore_ascii_case(name) && stem != name
        })
    });
    same_but_case || taken.iter().any(|p| p.exists())
}
