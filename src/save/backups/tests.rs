//! The patrol's backup: when it is written, what a damaged file is offered,
//! and that it never costs a rotating backup or a save.

use super::*;
use crate::engine::{Cache, players::leader};
use crate::save::FORMAT_VERSION;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// The default campaign, its first patrol begun.
fn begun(seed: u64) -> Campaign {
    let book = crate::rules::rule_book().unwrap();
    let def = crate::rules::campaign(crate::rules::default_campaign_name(), &book).unwrap();
    let mut c = def.start(seed, book);
    c.begin().unwrap();
    c
}

/// One decision of the patrol leader, or `begin` between patrols.
fn step(c: &mut Campaign, cache: &mut Cache) {
    if c.patrol.is_none() {
        c.begin().unwrap();
        return;
    }
    let game = c.patrol.as_ref().unwrap();
    let command = leader::decide(game, cache).expect("the leader always has a decision in a patrol");
    c.apply(&command, cache).unwrap();
}

fn ended(c: &Campaign) -> usize {
    c.log.iter().filter(|e| matches!(e, Event::ActionEnd { .. })).count()
}

fn save_of(c: &Campaign, saved_at: u64) -> String {
    super::super::to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at, campaign: c.clone() }).unwrap()
}

/// Saved after every decision, a patrol that has fought an action and gone
/// on is put back as it was when the action ended, not as it was at the
/// last patrol's end, which `.1` holds and keeps.
#[test]
fn a_file_damaged_mid_patrol_comes_back_as_the_last_action_ended() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = begun(3);
    let mut cache = Cache::new();
    let mut now = 0;
    // The first patrol played out, saved after every decision.
    while c.finished == 0 {
        step(&mut c, &mut cache);
        now += 1;
        slot.save(&mut c, now).unwrap();
    }
    let patrol_end = std::fs::read(backup_path(&path, 1)).unwrap();
    assert!(read(&backup_path(&path, 1)).unwrap().campaign.patrol.is_none(), ".1 holds the patrol's end");
    // Into the second: the save just after its first action ended, then a
    // few decisions more, fewer than would make the backup due again.
    let mut when_it_ended = None;
    while when_it_ended.is_none() || c.log.len() < when_it_ended.as_ref().map_or(0, |w: &Campaign| w.log.len()) + 3 {
        step(&mut c, &mut cache);
        assert_eq!(c.finished, 1, "the second patrol ends before an action does: pick another seed");
        now += 1;
        slot.save(&mut c, now).unwrap();
        if when_it_ended.is_none() && ended(&c) == 1 {
            when_it_ended = Some(c.clone());
        }
    }
    let when_it_ended = when_it_ended.unwrap();
    assert_ne!(when_it_ended, c, "played on past it");
    std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(100).unwrap();
    assert!(slot.load().is_err());
    assert_eq!(slot.restore_backup().unwrap(), patrol_backup_path(&path));
    let back = slot.load().unwrap();
    assert_eq!(back, when_it_ended);
    assert_eq!((back.finished, ended(&back)), (1, 1), "the second patrol, its first action over");
    assert!(matches!(back.patrol.as_ref().map(|g| g.phase()), Some(Phase::Patrol)), "under way, on the move");
    assert!(std::fs::read(backup_path(&path, 1)).unwrap() == patrol_end, "the patrol's end is still kept");
    assert!(patrol_backup_path(&path).exists(), "a backup put back stays");
    // Opened again to play on, nothing is rotated: the state is kept already.
    let rotated: Vec<Option<Vec<u8>>> = (1..=BACKUPS).map(|k| std::fs::read(backup_path(&path, k)).ok()).collect();
    slot.backup().unwrap();
    assert!((1..=BACKUPS).map(|k| std::fs::read(backup_path(&path, k)).ok()).eq(rotated), "no backup pushed out");
}

/// With no action ending, the patrol is kept every `PATROL_BACKUP_ORDERS`
/// saves, counted from the last backup; none is kept between patrols.
#[test]
fn the_patrol_is_kept_every_so_many_saves() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = begun(3);
    assert!(matches!(c.patrol.as_ref().unwrap().phase(), Phase::Patrol));
    let kept = || read(&patrol_backup_path(&path)).map(|s| s.saved_at).ok();
    for now in 1..PATROL_BACKUP_ORDERS {
        slot.save(&mut c, u64::from(now)).unwrap();
    }
    assert_eq!(kept(), None);
    slot.save(&mut c, 100).unwrap();
    assert_eq!(kept(), Some(100));
    for now in 1..PATROL_BACKUP_ORDERS {
        slot.save(&mut c, 200 + u64::from(now)).unwrap();
    }
    assert_eq!(kept(), Some(100), "counted again from the last backup");
    slot.save(&mut c, 300).unwrap();
    assert_eq!(kept(), Some(300));
    // Between patrols nothing is counted.
    let mut cache = Cache::new();
    while c.finished == 0 {
        step(&mut c, &mut cache);
    }
    slot.save(&mut c, 400).unwrap();
    for now in 1..=PATROL_BACKUP_ORDERS * 2 {
        slot.save(&mut c, 400 + u64::from(now)).unwrap();
    }
    assert_eq!(kept(), Some(300));
}

/// The backup offered is the one furthest on in play: a later patrol over
/// an earlier one, more of a patrol over less, whatever the clock said
/// when each was written, and never one that will not load.
#[test]
fn the_backup_furthest_on_is_offered_whatever_the_clock() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let mut c = begun(3);
    let mut cache = Cache::new();
    let set_out = c.clone();
    for _ in 0..5 {
        step(&mut c, &mut cache);
    }
    let on = c.clone();
    while c.finished == 0 {
        step(&mut c, &mut cache);
    }
    c.unarchived = None;
    let between = c.clone();
    step(&mut c, &mut cache);
    let next = c.clone();
    let put = |file: PathBuf, c: &Campaign, at: u64| write_atomic(&file, save_of(c, at).as_bytes()).unwrap();
    let patrol = patrol_backup_path(&path);
    // The clock went back: the patrol's backup, written later, says 50.
    put(backup_path(&path, 1), &set_out, 100);
    put(patrol.clone(), &on, 50);
    assert_eq!(newest_valid_backup(&path), Some(patrol.clone()));
    // A patrol's end is further on than any moment of that patrol.
    put(backup_path(&path, 2), &between, 10);
    assert_eq!(newest_valid_backup(&path), Some(backup_path(&path, 2)));
    // And the next patrol's start further on still, in whichever file.
    put(patrol.clone(), &next, 1);
    assert_eq!(newest_valid_backup(&path), Some(patrol.clone()));
    // A backup that will not load is passed over.
    std::fs::write(&patrol, "SaveFile(").unwrap();
    assert_eq!(newest_valid_backup(&path), Some(backup_path(&path, 2)));
    // Of two the same, the rotating one of the lowest number.
    put(backup_path(&path, 3), &between, 10);
    put(patrol.clone(), &between, 10);
    assert_eq!(newest_valid_backup(&path), Some(backup_path(&path, 2)));
    // Only the clock tells two saves of the same moment apart.
    put(patrol.clone(), &between, 11);
    assert_eq!(newest_valid_backup(&path), Some(patrol));
}

/// A backup of the patrol that cannot be written fails the save before
/// the campaign file is touched, and the next try keeps it.
#[test]
fn a_backup_that_cannot_be_written_fails_the_save_and_keeps_the_file() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = begun(3);
    let mut cache = Cache::new();
    // A folder where the backup should go: a file cannot be renamed over it.
    std::fs::create_dir(patrol_backup_path(&path)).unwrap();
    for now in 1..PATROL_BACKUP_ORDERS {
        step(&mut c, &mut cache);
        slot.save(&mut c, u64::from(now)).unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    step(&mut c, &mut cache);
    let e = slot.save(&mut c, 99).unwrap_err().to_string();
    assert!(e.contains("c.ron.patrol") && e.contains("cannot keep a backup"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "the last good save is kept");
    std::fs::remove_dir(patrol_backup_path(&path)).unwrap();
    slot.save(&mut c, 100).unwrap();
    assert_eq!(read(&patrol_backup_path(&path)).unwrap().saved_at, 100, "still due, and kept");
    assert_eq!(read(&path).unwrap().campaign, c);
}

#[test]
fn a_patrols_backup_keeps_its_name_in_use() {
    let dir = tmp();
    let path = crate::save::campaign_path(dir.path(), "mine");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(patrol_backup_path(&path), "x").unwrap();
    assert!(crate::save::name_taken(dir.path(), "mine"));
    assert!(!crate::save::name_taken(dir.path(), "other"));
    assert!(crate::save::list(dir.path()).is_empty(), "a backup is not listed as a campaign");
}

#[test]
fn what_a_backup_holds_in_words() {
    let mut c = begun(3);
    let mut cache = Cache::new();
    let words = |c: &Campaign| holds(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c.clone() });
    let total = c.total_patrols();
    assert_eq!(words(&c), format!("patrol 1 of {total} under way, no action fought yet; saved 1970-01-01 00:00"));
    while !matches!(c.patrol.as_ref().unwrap().phase(), Phase::Action(_)) {
        step(&mut c, &mut cache);
    }
    assert!(words(&c).starts_with(&format!("patrol 1 of {total} under way, in its 1st action;")), "{}", words(&c));
    while matches!(c.patrol.as_ref().map(|g| g.phase()), Some(Phase::Action(_))) {
        step(&mut c, &mut cache);
    }
    if c.patrol.is_some() {
        assert!(words(&c).contains("after its 1st action"), "{}", words(&c));
    }
    while c.finished == 0 {
        step(&mut c, &mut cache);
    }
    assert!(words(&c).starts_with(&format!("between patrols, 1 of {total} done;")), "{}", words(&c));
    assert_eq!(
        [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal).join(" "),
        "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th"
    );
}
