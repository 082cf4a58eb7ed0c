//! Starting and opening saved campaigns: the one way the command line and
//! the title screen both do it, so it lives in the layer they share.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::RuleBook;
use crate::engine::campaign::Campaign;
use crate::rules;
use crate::save::{self, SaveError, Slot};

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
/// is taken, or a save that failed; the message says which.
pub fn new_game(
    data_dir: &Path,
    book: Arc<RuleBook>,
    choice: &Choice,
    name: Option<&str>,
    seed: u64,
    table: Table,
) -> Result<Opened, String> {
    let campaign = match choice {
        Choice::Campaign(key) => rules::campaign(key, &book).map_err(|e| e.to_string())?.start(seed, book),
        Choice::Scenario(key) => {
            let scenario = rules::scenario(key, &book).map_err(|e| e.to_string())?;
            Campaign::single(&scenario, seed, book)
        }
        Choice::Generated => rules::endless(book, seed)?,
    };
    let name = save_name(data_dir, choice, name)?;
    let slot = Slot::open(&save::campaign_path(data_dir, &name)).map_err(|e| e.to_string())?;
    let mut campaign = campaign;
    campaign.take_backs = table.take_backs;
    campaign.real_dice = table.real_dice;
    campaign.begin().map_err(|e| e.to_string())?;
    slot.save(&mut campaign, super::now()).map_err(|e| e.to_string())?;
    slot.backup().map_err(|e| e.to_string())?;
    Ok(Opened { name, campaign, slot, data_dir: data_dir.to_path_buf() })
}

/// The save name a new game will take: `name`, or a free one made from its key.
fn save_name(data_dir: &Path, choice: &Choice, name: Option<&str>) -> Result<String, String> {
    let name = match name {
        Some(n) if save::valid_name(n) => n.to_string(),
        Some(n) => return Err(format!("'{n}' cannot be a campaign name: use letters, digits, - and _ (not - first)")),
        None => free_name(data_dir, choice.key()),
    };
    if save::name_taken(data_dir, &name) {
        return Err(format!(
            "the name '{name}' is in use in {} (a campaign, its backups or its records); resume it or pick another --name",
            data_dir.display()
        ));
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
pub fn describe_choice(choice: &Choice, book: &RuleBook) -> Result<String, String> {
    match choice {
        Choice::Campaign(key) => rules::campaign(key, book)
            .map(|def| format!("Campaign: {} ({} patrols)", def.title, def.plans.len()))
            .map_err(|e| e.to_string()),
        Choice::Scenario(key) => rules::scenario(key, book)
            .map(|s| match s.rules.is_default() {
                true => format!("One patrol: {}", s.name),
                false => format!("One patrol: {}, fought by {}", s.name, s.rules.words()),
            })
            .map_err(|e| e.to_string()),
        // Made with the book, as the game would make it, so a book it cannot be drawn with is refused here.
        Choice::Generated => rules::endless(std::sync::Arc::new(book.clone()), 1)
            .map(|_| format!("Endless campaign: {}, on new ground every patrol", rules::ENDLESS_TITLE)),
    }
}

/// Checks a new game before its rules are chosen, writing nothing: that
/// it loads and that the save name can be used. Returns its words.
///
/// # Errors
/// As `new_game` would refuse it.
pub fn check_new(data_dir: &Path, book: &RuleBook, choice: &Choice, name: Option<&str>) -> Result<String, String> {
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
pub fn open_game(data_dir: &Path, name: &str) -> Result<Opened, String> {
    let path = existing(data_dir, name)?;
    let slot = Slot::open(&path).map_err(|e| e.to_string())?;
    let campaign = slot.load().map_err(|e| bad_save(&e, &path, &restore_how(data_dir, name)))?;
    slot.backup().map_err(|e| e.to_string())?;
    Ok(Opened { name: name.to_string(), campaign, slot, data_dir: data_dir.to_path_buf() })
}

/// The path of the saved campaign `name`, if it is a name and there is one.
fn existing(data_dir: &Path, name: &str) -> Result<std::path::PathBuf, String> {
    if !save::valid_name(name) {
        return Err(format!("'{name}' is not a campaign name: see `hexpatrol list`"));
    }
    let path = save::campaign_path(data_dir, name);
    if !path.exists() {
        return Err(format!("no campaign called '{name}' in {} (see `hexpatrol list`)", data_dir.display()));
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
pub fn check_game(data_dir: &Path, name: &str) -> Result<(), String> {
    let path = existing(data_dir, name)?;
    save::read(&path).map(|_| ()).map_err(|e| bad_save(&e, &path, &restore_how(data_dir, name)))
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
