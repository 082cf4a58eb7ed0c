use proptest::prelude::*;

use super::*;
use crate::engine::Cache;
use crate::engine::{Command, Event, Pos, Target, players::leader};

fn fresh(seed: u64) -> Campaign {
    let book = crate::rules::rule_book().unwrap();
    let s = crate::rules::scenario("hedgerow", &book).unwrap();
    let mut c = Campaign::single(&s, seed, book);
    c.begin().unwrap();
    c
}

fn campaign(seed: u64) -> Campaign {
    let book = crate::rules::rule_book().unwrap();
    let d = crate::rules::campaign(crate::rules::default_campaign_name(), &book).unwrap();
    d.start(seed, book)
}

fn round_trip(c: &Campaign) -> Campaign {
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 7, campaign: c.clone() };
    let text = to_text(&save).unwrap();
    let back = parse(Path::new("t.ron"), &text).unwrap();
    assert_eq!(back, save);
    back.campaign
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// One decision of the patrol leader, or `begin` between patrols.
fn step(c: &mut Campaign, cache: &mut Cache) -> Option<Vec<Event>> {
    if c.patrol.is_none() {
        return c.begin().ok();
    }
    let cmd = leader::decide(c.patrol.as_ref()?, cache)?;
    Some(c.apply(&cmd, cache).unwrap())
}

#[test]
fn a_save_mid_action_reads_back_identical() {
    let mut c = fresh(9);
    while !matches!(c.patrol.as_ref().map(|g| g.phase()), Some(crate::engine::Phase::Action(_))) {
        step(&mut c, &mut Cache::new()).unwrap();
    }
    round_trip(&c);
}

fn any_command() -> impl Strategy<Value = Command> {
    let pos = (0i32..16, 0i32..12).prop_map(|(c, r)| Pos::new(c, r));
    let name =
        prop::sample::select(vec!["A", "B", "Baker", "Ruiz", "G1", "G2"]).prop_map(crate::engine::Name::new_static);
    prop_oneof![
        3 => Just(Command::Turn),
        2 => (prop::option::of(name.clone()), pos.clone()).prop_map(|(section, to)| Command::Move { section, to }),
        1 => name.clone().prop_map(|n| Command::Fire { target: Target::Soldier(n) }),
        1 => Just(Command::Hold),
        1 => prop::collection::vec(name, 1..3).prop_map(|soldiers| Command::Split { soldiers }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Saving and loading at any point, then going on, gives the same events
    /// as never saving: loading draws no random number and re-rolls nothing.
    /// The game played straight keeps one cache; the one read back starts
    /// a new one, as a resumed game does.
    #[test]
    fn saving_and_loading_anywhere_changes_nothing(
        seed in 0u64..500,
        plan in prop::collection::vec((any_command(), 0u8..6), 1..50),
        cut in 0usize..50,
    ) {
        let mut straight = campaign(seed);
        let mut reloaded = campaign(seed);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let (mut kept, mut new) = (Cache::new(), Cache::new());
        for (k, (command, autos)) in plan.iter().enumerate() {
            if k == cut {
                reloaded = round_trip(&reloaded);
                new = Cache::new();
            }
            for (c, cache, out) in [(&mut straight, &mut kept, &mut a), (&mut reloaded, &mut new, &mut b)] {
                if let Ok(e) = c.apply(command, cache) {
                    out.extend(e);
                }
                for _ in 0..*autos {
                    if let Some(e) = step(c, cache) {
                        out.extend(e);
                    }
                }
            }
        }
        prop_assert_eq!(a, b);
        prop_assert_eq!(straight, reloaded);
    }
}

#[test]
fn a_finished_patrol_is_archived_once_and_leaves_the_save() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = campaign(3);
    let mut cache = Cache::new();
    c.begin().unwrap();
    let mut guard = 0;
    while c.finished == 0 {
        step(&mut c, &mut cache).unwrap();
        guard += 1;
        assert!(guard < 20_000);
    }
    let record = c.unarchived.clone().expect("the record waits to be archived");
    assert!(c.log.is_empty(), "the finished patrol's events move to its record");
    slot.save(&mut c, 1).unwrap();
    assert!(c.unarchived.is_none());
    let records = slot.records();
    assert_eq!(records.len(), 1);
    let text = std::fs::read_to_string(&records[0]).unwrap();
    let back: PatrolRecord = ron::from_str(&text).unwrap();
    assert_eq!(back, record);
    assert!(back.events.iter().any(|e| matches!(e, Event::PatrolEnd { .. })));
    // The save itself holds no finished patrol: it is as small as a fresh one.
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(!saved.contains("patrol_end"));
    assert_eq!(slot.load().unwrap(), c);
}

/// A campaign saved by a version that did not count how its patrols ended
/// is counted from its records when it is loaded; without them it is left
/// uncounted, and its end will say so.
#[test]
fn an_old_campaign_is_counted_from_its_records() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = campaign(3);
    let mut cache = Cache::new();
    for patrol in 1..=2 {
        c.begin().unwrap();
        while c.finished < patrol {
            step(&mut c, &mut cache).unwrap();
        }
        slot.save(&mut c, 1).unwrap();
    }
    let counted = c.outcomes;
    assert_eq!(counted.counted, 2);
    assert_eq!(counted.success + counted.failed + counted.lost, 2);
    // As an older version saved it: nothing counted.
    c.outcomes = Default::default();
    slot.save(&mut c, 2).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("outcomes"));
    assert_eq!(slot.load().unwrap().outcomes, counted);
    // A record gone: it cannot be counted, and is not guessed.
    std::fs::remove_file(&slot.records()[1]).unwrap();
    assert_eq!(slot.load().unwrap().outcomes, Default::default());
}

#[test]
fn bad_files_say_where_and_what() {
    let p = Path::new("bad.ron");
    let good = to_text(&SaveFile { format_version: 1, saved_at: 0, campaign: fresh(1) }).unwrap();
    let err = |text: &str| parse(p, text).unwrap_err().to_string();
    assert!(err("").contains("the file is empty"), "{}", err(""));
    assert!(err("   \n").contains("the file is empty"));
    let truncated = &good[..good.len() / 2];
    assert!(err(truncated).starts_with("bad.ron:"), "{}", err(truncated));
    assert!(err("garbage!").starts_with("bad.ron:1:"), "{}", err("garbage!"));
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert!(err(&nested).starts_with("bad.ron:1:"), "deep nesting is refused, not a stack overflow");
    let edited = good.replacen("incidents: 0", "incidents: -3", 1);
    assert!(err(&edited).starts_with("bad.ron:"), "{}", err(&edited));
    let newer = good.replacen("format_version: 1", "format_version: 99", 1);
    assert_eq!(parse(p, &newer).unwrap_err(), SaveError::TooNew { path: "bad.ron".into(), found: 99 });
}

#[test]
fn a_newer_save_is_refused_and_left_alone() {
    let dir = tmp();
    let path = dir.path().join("new.ron");
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: fresh(2) }).unwrap();
    let next = FORMAT_VERSION + 1;
    let newer = text.replacen(&format!("format_version: {FORMAT_VERSION}"), &format!("format_version: {next}"), 1);
    std::fs::write(&path, &newer).unwrap();
    let slot = Slot::open(&path).unwrap();
    assert!(matches!(slot.load(), Err(SaveError::TooNew { found, .. }) if found == next));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
}

/// The version is read from the head of a file as the game writes it,
/// without reading the rest: a newer file is refused whatever follows. A
/// file that begins otherwise is read whole for it, with the same result.
#[test]
fn the_version_is_read_from_the_head_or_else_from_the_whole_file() {
    for (head, version) in [
        ("(\n    format_version: 4,\n", Some(4)),
        ("\u{feff}  SaveFile ( format_version : 12 )", Some(12)),
        ("(format_version:3,", Some(3)),
        ("// a note\n(format_version: 4,", None),
        ("(saved_at: 0, format_version: 4,", None),
        ("(format_version: 3_0,", None),
        ("(format_version: 4.5,", None),
        ("(format_version: 99999999999,", None),
        ("(format_version: ,", None),
        ("(r#format_version: 4,", None),
    ] {
        let head = head.trim_start_matches('\u{feff}');
        assert_eq!(version_at_the_head(head), version, "{head:?}");
    }
    let p = Path::new("n.ron");
    let newer = format!("(format_version: {}, campaign: {{ not RON at all", FORMAT_VERSION + 1);
    assert!(matches!(parse(p, &newer), Err(SaveError::TooNew { found, .. }) if found == FORMAT_VERSION + 1));
    // Read whole: the fields in another order, or a note before them.
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 9, campaign: fresh(2) }).unwrap();
    let head = format!("(\n    format_version: {FORMAT_VERSION},\n    saved_at: 9,\n");
    assert!(text.starts_with(&head), "{}", &text[..60]);
    let swapped = text.replacen(&head, &format!("(\n    saved_at: 9,\n    format_version: {FORMAT_VERSION},\n"), 1);
    let noted = format!("// my campaign\n{text}");
    for edited in [swapped, noted] {
        assert_eq!(parse(p, &edited).unwrap(), parse(p, &text).unwrap());
    }
    let newer = text.replacen(&head, &format!("(\n    saved_at: 9,\n    format_version: {},\n", FORMAT_VERSION + 1), 1);
    assert!(matches!(parse(p, &newer), Err(SaveError::TooNew { .. })));
    // A second version further on is refused, as before.
    let twice = text.replacen("saved_at: 9,", "saved_at: 9, format_version: 1,", 1);
    let e = parse(p, &twice).unwrap_err().to_string();
    assert!(e.contains("format_version"), "{e}");
}

#[test]
fn an_enormous_file_is_refused_before_reading() {
    let dir = tmp();
    let path = dir.path().join("huge.ron");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(crate::rules::MAX_FILE_BYTES + 1).unwrap();
    assert!(read(&path).unwrap_err().to_string().contains("too big"));
}

#[test]
fn a_second_program_cannot_open_the_same_campaign() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let first = Slot::open(&path).unwrap();
    assert_eq!(Slot::open(&path).err(), Some(SaveError::Locked { path: path.display().to_string() }));
    let lock = dir.path().join("c.ron.lock");
    assert!(lock.exists(), "the lock file is there while the campaign is open");
    drop(first);
    // Windows keeps the file, unlocked (see `Drop for Slot`).
    assert_eq!(lock.exists(), !cfg!(unix), "gone when it is closed, on Unix");
    let again = Slot::open(&path).expect("the lock goes with the program");
    if !cfg!(unix) {
        return;
    }
    // A program that opened the old lock file before it was removed, and
    // locks it after, holds a file no longer in the folder: the next one
    // to open the campaign must not be let in beside it.
    let stale = std::fs::File::options().write(true).open(&lock).unwrap();
    drop(again);
    stale.try_lock().expect("the removed file's lock is free");
    assert!(!still_in_folder(&stale, &lock));
    let third = Slot::open(&path).expect("a new lock file is made");
    assert!(still_in_folder(&third._lock, &lock));
    assert_eq!(Slot::open(&path).err(), Some(SaveError::Locked { path: path.display().to_string() }));
}

#[test]
fn backups_rotate_and_the_newest_good_one_can_be_restored() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = fresh(4);
    for t in 1..=5 {
        slot.save(&mut c, t).unwrap();
        slot.backup().unwrap();
    }
    for k in 1..=BACKUPS {
        assert!(backup_path(&path, k).exists());
    }
    assert!(!backup_path(&path, BACKUPS + 1).exists());
    assert_eq!(read(&backup_path(&path, 1)).unwrap().saved_at, 5);
    assert_eq!(read(&backup_path(&path, 3)).unwrap().saved_at, 3);
    // Spoil the file and the newest backup: the next good one comes back.
    std::fs::write(&path, "SaveFile(format_version: 1, sav").unwrap();
    std::fs::write(backup_path(&path, 1), "").unwrap();
    assert_eq!(newest_valid_backup(&path), Some(backup_path(&path, 2)));
    assert_eq!(slot.restore_backup().unwrap(), backup_path(&path, 2));
    assert_eq!(slot.load().unwrap(), c);
    let mut broken = path.as_os_str().to_owned();
    broken.push(".broken");
    assert_eq!(std::fs::read_to_string(broken).unwrap(), "SaveFile(format_version: 1, sav");
}

#[test]
fn a_save_that_cannot_be_written_leaves_the_old_file() {
    let dir = tmp();
    let path = dir.path().join("c.ron");
    let slot = Slot::open(&path).unwrap();
    let mut c = fresh(5);
    let mut cache = Cache::new();
    slot.save(&mut c, 1).unwrap();
    let before = std::fs::read(&path).unwrap();
    // The records folder is a file: archiving must fail, cleanly.
    std::fs::write(records_dir(&path), "in the way").unwrap();
    while c.unarchived.is_none() {
        if step(&mut c, &mut cache).is_none() {
            break;
        }
    }
    let e = slot.save(&mut c, 2).unwrap_err();
    assert!(e.to_string().contains("cannot make the folder"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert!(c.unarchived.is_some(), "the record is kept for the next try");
    // A folder where the lock or the file should go is reported too.
    let blocked = dir.path().join("file-not-folder");
    std::fs::write(&blocked, "x").unwrap();
    assert!(Slot::open(&blocked.join("c.ron")).unwrap_err().to_string().contains("cannot make the folder"));
}

/// Every save format ever released loads, and plays on.
#[test]
fn every_fixture_loads_and_plays_on() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut seen = 0;
    for version in std::fs::read_dir(&root).unwrap() {
        let version = version.unwrap().path();
        if !version.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&version).unwrap() {
            let file = file.unwrap().path();
            // A campaign's records folder beside it (saves/records) holds records, not saves.
            if file.is_dir() {
                continue;
            }
            let mut c = read(&file).unwrap_or_else(|e| panic!("{e}")).campaign;
            let mut cache = Cache::new();
            // Loading migrates to the current format without losing anything.
            round_trip(&c);
            for _ in 0..50 {
                if c.is_over() {
                    break;
                }
                step(&mut c, &mut cache);
            }
            seen += 1;
        }
    }
    assert!(seen >= 3, "fixtures found: {seen}");
}

#[test]
fn a_save_that_parses_but_does_not_hold_together_is_refused() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v1/bocage-mid-action.ron");
    let good = std::fs::read_to_string(&root).unwrap();
    let p = Path::new("edited.ron");
    assert!(parse(p, &good).is_ok());
    let up = good.find("up: Some(").expect("a card is up in this fixture");
    let end = up + good[up..].find(')').unwrap();
    for (edited, want) in [
        (format!("{}up: Some(99{}", &good[..up], &good[end..]), "card number 99 is up"),
        (good.replacen("Soldier(", "Soldier(9999", 1), "a soldier who does not exist"),
        (good.replacen("sides: 6,", "sides: 0,", 1), "its rule book"),
        (good.replacen("squad_size: 9", "squad_size: 100000", 1), "squad_size"),
    ] {
        let e = parse(p, &edited).unwrap_err();
        assert!(matches!(&e, SaveError::Unsound { path, .. } if path == "edited.ron"), "{e:?}");
        let e = e.to_string();
        assert!(e.starts_with("edited.ron:") && e.contains(": does not hold together"), "{e}");
        assert!(e.contains(want), "wanted '{want}': {e}");
    }
    // A broken generator is refused as it is read, at its place in the file.
    let at = good.find("increment: ").unwrap() + "increment: ".len();
    let end = at + good[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let even = format!("{}0{}", &good[..at], &good[end..]);
    let e = parse(p, &even).unwrap_err().to_string();
    let line = good[..at].lines().count();
    assert!(e.starts_with(&format!("edited.ron:{line}:")), "{e}");
    assert!(e.contains("generator state") && e.contains("even stream increment"), "{e}");
}

#[test]
fn campaign_names_are_file_names_on_every_system() {
    for good in ["bocage", "bocage-2", "my_campaign", "COM", "console", "com10", "Lpt"] {
        assert!(valid_name(good), "{good}");
    }
    for bad in
        ["", "CON", "con", "Nul", "aux", "PRN", "com1", "LPT9", "a b", "../x", "é", "-x", "--backup", &"x".repeat(41)]
    {
        assert!(!valid_name(bad), "{bad}");
    }
}

/// FNV-1a, 64 bits: enough to notice a changed byte.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The v1 fixtures stand for saves already on players' disks: they are
/// never regenerated. A new format gets a new folder.
#[test]
fn the_released_fixtures_never_change() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v1");
    let mut found: Vec<(String, u64)> = std::fs::read_dir(&dir)
        .expect("saves/v1 is there")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            (name, fnv(&std::fs::read(&p).expect("a readable fixture")))
        })
        .collect();
    found.sort();
    let pinned: Vec<(String, u64)> = FIXTURES.iter().map(|(n, h)| (n.to_string(), *h)).collect();
    assert_eq!(found, pinned);
}

const FIXTURES: &[(&str, u64)] = &[
    ("bocage-between-patrols.ron", 17_215_530_405_747_641_366),
    ("bocage-mid-action.ron", 9_881_950_374_254_664_094),
    ("bocage-patrol1-start.ron", 10_985_755_903_970_547_501),
    ("hedgerow-single-patrol.ron", 3_240_893_377_661_513_996),
];

/// Paths with spaces and letters outside ASCII, as user folders on Windows
/// and macOS often have ("C:\Users\Zoë Martin\AppData\..."): the campaign,
/// its records, backups and lock all live there and list by name.
#[test]
fn a_campaign_under_a_folder_with_a_space_and_accents_saves_and_loads() {
    let dir = tmp();
    let data = store::data_dir(Some(&dir.path().join("saved games").join("Zoë")), None).unwrap();
    let path = campaign_path(&data, "bocage-1");
    let slot = Slot::open(&path).unwrap();
    let mut c = fresh(6);
    let mut cache = Cache::new();
    slot.save(&mut c, 1).unwrap();
    while c.unarchived.is_none() {
        if step(&mut c, &mut cache).is_none() {
            break;
        }
    }
    assert!(c.unarchived.is_some(), "the patrol ends");
    slot.save(&mut c, 2).unwrap();
    assert_eq!(slot.load().unwrap(), c);
    assert_eq!(slot.records().len(), 1, "the patrol's record is there");
    assert!(backup_path(&path, 1).exists(), "and a backup");
    let listed = list(&data);
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].name.as_str(), listed[0].problem.as_ref()), ("bocage-1", None));
    drop(slot);
    assert_eq!(Slot::open(&path).unwrap().load().unwrap(), c, "opened again, by a new program");
}

/// Format 2 named each man's weapon by its key; format 3 saves its place
/// in the game's rule book. A format-2 file reads with every weapon in its
/// place and saves again as format 3; a key is refused in a format-3 file,
/// and so is a place past the rule book's list.
#[test]
fn format_2_weapons_by_key_read_into_their_places() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v2/bocage-mid-action.ron");
    let old = std::fs::read_to_string(&path).unwrap();
    assert!(old.contains("side: friendly, weapon: \"bazooka\""), "the fixture names weapons by key");
    let read = parse(&path, &old).unwrap();
    let game = read.campaign.patrol.as_ref().expect("a patrol under way");
    let book = game.book();
    for s in game.soldiers() {
        let place = s.weapon_index().expect("every weapon in its place");
        assert_eq!(book.weapons[place].key, s.weapon(book), "{}", s.id);
    }
    let setout = &read.campaign.history.as_ref().expect("a take-back history").setout;
    assert!(setout.soldiers().iter().all(|s| s.weapon_index().is_some()), "the patrol as it set out too");
    // Saved again, the weapons are numbers, and read back the same.
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, ..read.clone() }).unwrap();
    assert!(!text.contains("side: friendly, weapon: \"") && text.contains("side: friendly, weapon: 5,"), "by place");
    assert_eq!(parse(&path, &text).unwrap().campaign, read.campaign);
    // A key in a format-3 file is not read as one, and a place past the list is refused.
    let p = Path::new("edited.ron");
    let keyed = old.replacen("format_version: 2", "format_version: 3", 1);
    let e = parse(p, &keyed).unwrap_err().to_string();
    assert!(e.contains("does not hold together") && e.contains("a weapon the rule book does not have"), "{e}");
    let past = text.replacen("side: friendly, weapon: 5,", "side: friendly, weapon: 999,", 1);
    let e = parse(p, &past).unwrap_err();
    let SaveError::Unsound { at: Some(at), why, .. } = &e else { panic!("refused at a place: {e:?}") };
    let crate::rules::Unsound::Engine(words) = &**why else { panic!("the engine's check refuses it: {e:?}") };
    assert!(words.contains("a weapon the rule book does not have (number 999)"), "{words}");
    let (at, e) = (*at, e.to_string());
    // It is refused at the place of the man who carries it: the `id` of his entry.
    let edit = past.find("weapon: 999").unwrap();
    let id = past[..edit].rfind("id: \"").unwrap();
    let line = past[..id].matches('\n').count() + 1;
    let col = id - past[..id].rfind('\n').map_or(0, |k| k + 1) + 1;
    let man = &past[id + 5..id + 5 + past[id + 5..].find('"').unwrap()];
    assert_eq!(at, (line, col), "{e}");
    assert!(
        e.starts_with(&format!("edited.ron:{line}:{col}: does not hold together: the patrol under way: {man} carries")),
        "at line {line}, column {col}, {man}: {e}"
    );
}

/// A save refused for a man of its roster names his place in the file.
#[test]
fn a_roster_man_refused_is_found_in_the_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v3/bocage-patrol1-start.ron");
    let good = std::fs::read_to_string(&path).unwrap();
    let roster = good.find("roster: [").expect("a roster");
    let name = roster + good[roster..].find("name: \"").unwrap();
    let end = name + 7 + good[name + 7..].find('"').unwrap();
    let edited = format!("{}name: \"G7{}", &good[..name], &good[end..]);
    let e = parse(Path::new("edited.ron"), &edited).unwrap_err();
    let line = edited[..name].matches('\n').count() + 1;
    let col = name - edited[..name].rfind('\n').map_or(0, |k| k + 1) + 1;
    assert!(matches!(&e, SaveError::Unsound { at: Some(at), .. } if *at == (line, col)), "{e:?}");
    let e = e.to_string();
    assert!(
        e.starts_with(&format!("edited.ron:{line}:{col}: does not hold together: G7 on the roster")),
        "line {line}, column {col}: {e}"
    );
}

/// A file cut short says so, wherever RON stops in it; one whole but
/// broken inside does not.
#[test]
fn a_save_cut_short_says_it_looks_cut_short() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v4/bocage-mid-action.ron");
    let good = std::fs::read_to_string(&path).unwrap();
    let p = Path::new("cut.ron");
    for keep in [200, 20_000, 30_000, good.len() - 4] {
        let mut at = keep.min(good.len());
        while !good.is_char_boundary(at) {
            at -= 1;
        }
        let e = parse(p, &good[..at]).unwrap_err().to_string();
        let said = e.contains("it looks cut short") || (keep > 30_000 && e.contains("left open"));
        assert!(e.starts_with("cut.ron:") && said, "cut at {at}: {e}");
    }
    let inside = good.find("),").expect("a bracket closed inside");
    let broken = format!("{}{}", &good[..inside], &good[inside + 1..]);
    let e = parse(p, &broken).unwrap_err().to_string();
    assert!(!e.contains("cut short") && e.contains("1 bracket left open: one may be missing"), "{e}");
    // Whole and well closed, no word of either.
    let e = parse(p, &good.replacen("format_version: 4", "format_version: x", 1)).unwrap_err().to_string();
    assert!(!e.contains("cut short") && !e.contains("left open"), "{e}");
}
