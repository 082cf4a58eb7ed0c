//! Starting and opening saved campaigns: the one way the command line and
//! the title screen both do it, so it lives in the layer they share.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::RuleBook;
use crate::engine::campaign::Campaign;
use crate::rules::{self, DataError, EndlessError};
use crate::save::{self, SaveError, Slot};

/// Why a new campaign did not start, or a saved one did not open.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The campaign or scenario chosen will not load (its file, line and column).
    #[error(transparent)]
    Data(#[from] DataError),
    #[error(transparent)]
    Endless(#[from] EndlessError),
    /// A save name given that no campaign may have.
    #[error("'{0}' cannot be a campaign name: use letters, digits, - and _ (not - first)")]
    BadName(String),
    /// The save name is a campaign's already (or its backups' or records').
    #[error(
        "the name '{name}' is in use in {dir} (a campaign, its backups or its records); resume it or pick another --name"
    )]
    NameTaken { name: String, dir: String },
    /// A campaign to open asked for by a name no campaign may have.
    #[error("'{0}' is not a campaign name: see `hexpatrol list`")]
    NotAName(String),
    /// No campaign of that name in the data folder `dir`.
    #[error("no campaign called '{name}' in {dir} (see `hexpatrol list`)")]
    NoSuchCampaign { name: String, dir: String },
    /// The first patrol did not set out (what the engine says).
    #[error("{0}")]
    SetOut(String),
    /// A lock, a write or a backup the save layer refused.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A saved campaign that will not load: the save layer's error, and the
    /// words that say it with the way back through a backup (`bad_save`).
    #[error("{words}")]
    BadSave { error: SaveError, words: String },
}

/// What a new game plays: a campaign of several patrols, or one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A built-in campaign's key or the path of a campaign file.
    Campaign(String),
    /// A built-in scenario's key or the path of a scenario file, played as
    /// a campaign of one patrol.
    Scenario(String),
    /// The endless campaign: patrol after patrol on generated ground.
    Generated,
}

impl Choice {
    /// The key or file the player named.
    pub fn key(&self) -> &str {
        match self {
            Choice::Campaign(k) | Choice::Scenario(k) => k,
            Choice::Generated => "endless",
        }
    }
}

/// How a new campaign is played at the table, chosen when it is made:
/// whether orders may be taken back (not iron man), and whether the
/// player throws every roll with his own dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub take_backs: bool,
    pub real_dice: bool,
}

impl Default for Table {
    fn default() -> Self {
        Self { take_backs: true, real_dice: false }
    }
}

/// A campaign ready to play, with the file it is saved in.
pub struct Opened {
    pub name: String,
    pub campaign: Campaign,
    pub slot: Slot,
    /// The data folder it lives in, where the player's settings are kept too.
    pub data_dir: PathBuf,
}

/// Starts a new campaign (or single scenario), sets out on its first
/// patrol, and saves it under `name`, or under a free name made from its key.
///
/// # Errors
/// A campaign or scenario that will not load, a name that cannot be used or
/// is taken, or a save that failed; the error says which.
pub fn new_game(
    data_dir: &Path,
    book: Arc<RuleBook>,
    choice: &Choice,
    name: Option<&str>,
    seed: u64,
    table: Table,
) -> Result<Opened, StartError> {
    let campaign = match choice {
        Choice::Campaign(key) => rules::campaign(key, &book)?.start(seed, book),
        Choice::Scenario(key) => {
            let scenario = rules::scenario(key, &book)?;
            Campaign::single(&scenario, seed, book)
        }
        Choice::Generated => rules::endless(book, seed)?,
    };
    let name = save_name(data_dir, choice, name)?;
    let slot = Slot::open(&save::campaign_path(data_dir, &name))?;
    let mut campaign = campaign;
    campaign.take_backs = table.take_backs;
    campaign.real_dice = table.real_dice;
    campaign.begin().map_err(|e| StartError::SetOut(e.to_string()))?;
    slot.save(&mut campaign, super::now())?;
    slot.backup()?;
    Ok(Opened { name, campaign, slot, data_dir: data_dir.to_path_buf() })
}

/// The save name a new game will take: `name`, or a free one made from its key.
fn save_name(data_dir: &Path, choice: &Choice, name: Option<&str>) -> Result<String, StartError> {
    let name = match name {
        Some(n) if save::valid_name(n) => n.to_string(),
        Some(n) => return Err(StartError::BadName(n.to_string())),
        None => free_name(data_dir, choice.key()),
    };
    if save::name_taken(data_dir, &name) {
        return Err(StartError::NameTaken { name, dir: data_dir.display().to_string() });
    }
    Ok(name)
}

/// A new game in the words a list of games shows: "Campaign: TITLE (N
/// patrols)" or "One patrol: NAME", and the rule set its firefights are
/// fought by when it is not Lone Warrior's ("One patrol: NAME, fought by
/// Combat Patrol").
///
/// # Errors
/// The campaign or scenario will not load with `book`.
pub fn describe_choice(choice: &Choice, book: &RuleBook) -> Result<String, StartError> {
    Ok(match choice {
        Choice::Campaign(key) => {
            let def = rules::campaign(key, book)?;
            format!("Campaign: {} ({} patrols)", def.title, def.plans.len())
        }
        Choice::Scenario(key) => {
            let s = rules::scenario(key, book)?;
            match s.rules.is_default() {
                true => format!("One patrol: {}", s.name),
                false => format!("One patrol: {}, fought by {}", s.name, s.rules.words()),
            }
        }
        // Made with the book, as the game would make it, so a book it cannot be drawn with is refused here.
        Choice::Generated => {
            rules::endless(std::sync::Arc::new(book.clone()), 1)?;
            format!("Endless campaign: {}, on new ground every patrol", rules::ENDLESS_TITLE)
        }
    })
}

/// Checks a new game before its rules are chosen, writing nothing: that
/// it loads and that the save name can be used. Returns its words.
///
/// # Errors
/// As `new_game` would refuse it.
pub fn check_new(data_dir: &Path, book: &RuleBook, choice: &Choice, name: Option<&str>) -> Result<String, StartError> {
    let words = describe_choice(choice, book)?;
    save_name(data_dir, choice, name)?;
    Ok(words)
}

/// A save name made from a campaign key or file: the key itself, or with
/// -2, -3 ... if that name is taken.
pub fn free_name(data_dir: &Path, key: &str) -> String {
    let stem = Path::new(key).file_stem().and_then(|s| s.to_str()).unwrap_or(key);
    let stem: String = stem.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').take(30).collect();
    let stem = if stem.is_empty() { "campaign".to_string() } else { stem };
    (1..)
        .map(|k| if k == 1 { stem.clone() } else { format!("{stem}-{k}") })
        .find(|n| !save::name_taken(data_dir, n))
        .unwrap_or(stem)
}

/// Opens the saved campaign `name` and loads it, keeping a backup of it as
/// it was when play began.
///
/// # Errors
/// No such campaign, a file that is locked or will not load (with the way
/// back through a backup, if one loads).
pub fn open_game(data_dir: &Path, name: &str) -> Result<Opened, StartError> {
    let path = existing(data_dir, name)?;
    let slot = Slot::open(&path)?;
    let campaign = slot.load().map_err(|e| bad_save_error(e, &path, &restore_how(data_dir, name)))?;
    slot.backup()?;
    Ok(Opened { name: name.to_string(), campaign, slot, data_dir: data_dir.to_path_buf() })
}

/// The path of the saved campaign `name`, if it is a name and there is one.
fn existing(data_dir: &Path, name: &str) -> Result<std::path::PathBuf, StartError> {
    if !save::valid_name(name) {
        return Err(StartError::NotAName(name.to_string()));
    }
    let path = save::campaign_path(data_dir, name);
    if !path.exists() {
        return Err(StartError::NoSuchCampaign { name: name.to_string(), dir: data_dir.display().to_string() });
    }
    Ok(path)
}

fn restore_how(data_dir: &Path, name: &str) -> String {
    format!("{}\nputs it back (the bad file is kept beside it as {name}.ron.broken)", restore_command(data_dir, name))
}

/// The command that puts back the newest backup of campaign `name` that
/// loads, naming the data folder where it is not the one the command would
/// find by itself (`HEXPATROL_DATA_DIR`, else the platform's).
pub fn restore_command(data_dir: &Path, name: &str) -> String {
    let env = std::env::var("HEXPATROL_DATA_DIR").ok();
    let found = save::data_dir(None, env.as_deref()).ok();
    if found.as_deref() == Some(data_dir) {
        return format!("hexpatrol resume {name} --backup");
    }
    let dir = data_dir.display().to_string();
    let plain = !dir.is_empty() && dir.chars().all(|c| c.is_alphanumeric() || "/\\._-:~".contains(c));
    let dir = if plain { dir } else { format!("'{}'", dir.replace('\'', "'\\''")) };
    format!("hexpatrol resume {name} --backup --data-dir {dir}")
}

/// Whether the saved campaign `name` would open, found by reading it
/// alone: no lock is taken and no backup made, so a command refused after
/// this (for want of a terminal) has touched no file.
///
/// # Errors
/// As `open_game`, but for a campaign open in another program.
pub fn check_game(data_dir: &Path, name: &str) -> Result<(), StartError> {
    let path = existing(data_dir, name)?;
    save::read(&path).map(|_| ()).map_err(|e| bad_save_error(e, &path, &restore_how(data_dir, name)))
}

/// A save that will not load, with `bad_save`'s words.
fn bad_save_error(error: SaveError, path: &Path, how: &str) -> StartError {
    let words = bad_save(&error, path, how);
    StartError::BadSave { error, words }
}

/// The message for a save that will not load, with the way back (`how`)
/// if there is a backup that loads.
pub fn bad_save(e: &SaveError, path: &Path, how: &str) -> String {
    // No file: nothing to leave untouched, and no backup of it to put back.
    if !path.exists() {
        return e.to_string();
    }
    match save::newest_backup(path) {
        // A newer file says so in its own message.
        _ if matches!(e, SaveError::TooNew { .. }) => e.to_string(),
        Some((b, kept)) => format!(
            "{e}\nThe file has not been touched. The newest backup that loads is {} ({}):\n  {how}",
            b.display(),
            save::holds(&kept)
        ),
        None => format!("{e}\nThe file has not been touched."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_that_cannot_be_used_and_a_campaign_that_is_not_there_are_told_apart() {
        let dir = tempfile::tempdir().expect("a folder");
        let book = rules::rule_book().expect("the built-in rules load");
        let hedgerow = Choice::Scenario("hedgerow".into());
        let bad = new_game(dir.path(), book.clone(), &hedgerow, Some("-x"), 1, Table::default()).err();
        assert_eq!(bad, Some(StartError::BadName("-x".into())));
        new_game(dir.path(), book.clone(), &hedgerow, Some("mine"), 1, Table::default()).expect("a new game");
        let dir_words = dir.path().display().to_string();
        match check_new(dir.path(), &book, &hedgerow, Some("mine")) {
            Err(StartError::NameTaken { name, dir }) => assert_eq!((name.as_str(), dir), ("mine", dir_words.clone())),
            other => panic!("the name is taken: {other:?}"),
        }
        let nobody = check_game(dir.path(), "nobody").unwrap_err();
        assert_eq!(nobody, StartError::NoSuchCampaign { name: "nobody".into(), dir: dir_words.clone() });
        assert_eq!(nobody.to_string(), format!("no campaign called 'nobody' in {dir_words} (see `hexpatrol list`)"));
        assert_eq!(check_game(dir.path(), "../x").err(), Some(StartError::NotAName("../x".into())));
        let scenario = describe_choice(&Choice::Scenario("nowhere".into()), &book).unwrap_err();
        assert!(matches!(scenario, StartError::Data(_)), "{scenario:?}");
    }
}
