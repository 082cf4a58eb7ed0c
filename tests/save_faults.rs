//! Issue 14 through the real binary: a refused command touches no file,
//! events are printed once their save is on disk, `list` names every bad
//! file and only names `resume` takes, and a link to a campaign is followed.
//! And a campaign file damaged in the middle of a patrol: the player is
//! offered the backup of the patrol under way, not of its start.

mod common;
use common::hexpatrol;

use std::path::Path;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A campaign called `name` in `data`, a few decisions in.
fn campaign(data: &Path, name: &str) -> std::path::PathBuf {
    let path = data.join("campaigns").join(format!("{name}.ron"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let out =
        hexpatrol(&["script", "--campaign", "bocage", "--seed", "8", "--save", path.to_str().unwrap()], "auto 5", data);
    assert!(out.status.success(), "{}", text(&out.stderr));
    path
}

#[test]
fn resume_without_a_terminal_touches_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = campaign(dir.path(), "mine");
    let listing = |d: &Path| {
        let mut names: Vec<String> =
            std::fs::read_dir(d).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    let before = listing(path.parent().unwrap());
    let bytes = std::fs::read(&path).unwrap();
    // A file made and removed again (a lock, a backup) changes the folder's time.
    let folder_time = || std::fs::metadata(path.parent().unwrap()).unwrap().modified().unwrap();
    let (folder_before, file_before) = (folder_time(), std::fs::metadata(&path).unwrap().modified().unwrap());
    for args in [&["resume", "mine"][..], &["resume"], &["resume", "mine", "--backup"]] {
        let out = hexpatrol(args, "", dir.path());
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("needs a terminal"), "{}", text(&out.stderr));
        assert_eq!(listing(path.parent().unwrap()), before, "{args:?} made or moved a file");
        assert_eq!(folder_time(), folder_before, "{args:?} made or removed a file");
        assert_eq!(std::fs::metadata(&path).unwrap().modified().unwrap(), file_before, "{args:?} wrote the file");
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }
}

#[test]
fn list_marks_names_resume_would_refuse_and_a_folder_that_is_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = campaign(dir.path(), "good");
    // `-lead` would be read as an option: `hexpatrol resume -lead` fails.
    let bad_names = ["CON", "a.b", "with space", "-lead"];
    for bad in bad_names {
        std::fs::copy(&good, good.with_file_name(format!("{bad}.ron"))).unwrap();
    }
    let out = hexpatrol(&["list"], "", dir.path());
    assert!(out.status.success());
    let listed = text(&out.stdout);
    for bad in bad_names {
        let line = listed.lines().find(|l| l.starts_with(bad)).unwrap_or_else(|| panic!("{bad} listed: {listed}"));
        assert!(line.contains("not a name a campaign can have"), "{line}");
    }
    // A bare resume goes on with a campaign it can open by name, or none.
    std::fs::remove_file(&good).unwrap();
    assert_eq!(hexpatrol::save::most_recent(dir.path()), None);
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let out = hexpatrol(&["list", "--data-dir", file.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not a folder"), "{}", text(&out.stderr));
}

/// A save that cannot be written prints none of its command's events:
/// going on from the last good save prints them once.
#[test]
fn events_are_printed_only_once_their_save_is_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.ron");
    let f = path.to_str().unwrap();
    // The records folder is a file: the save at the patrol's end fails.
    std::fs::write(dir.path().join("c.records"), "in the way").unwrap();
    let out =
        hexpatrol(&["script", "--campaign", "bocage", "--seed", "21", "--save", f], "auto 30\nauto 2000", dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("last good save is intact"), "{}", text(&out.stderr));
    let first = text(&out.stdout);
    assert!(!first.contains("patrol_end"), "the failed command's events were printed");
    std::fs::remove_file(dir.path().join("c.records")).unwrap();
    let out = hexpatrol(&["script", "--load", f, "--save", f], "auto 2000", dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let straight = hexpatrol(&["script", "--campaign", "bocage", "--seed", "21"], "auto 30\nauto 2000", dir.path());
    assert_eq!(first + &text(&out.stdout), text(&straight.stdout));
}

#[test]
fn a_script_error_shows_the_start_of_a_long_line() {
    let long = format!("fire {}", "x".repeat(5000));
    let out = hexpatrol(&["script", "--seed", "1"], &long, None);
    let err = text(&out.stderr);
    assert!(err.len() < 500, "{err}");
    assert!(err.contains(&format!("fire {}...", "x".repeat(195))), "{err}");
}

#[cfg(unix)]
#[test]
fn a_link_to_a_campaign_is_followed_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("S.ron");
    let link = dir.path().join("L.ron");
    let f = file.to_str().unwrap();
    let l = link.to_str().unwrap();
    hexpatrol(&["script", "--seed", "3", "--save", f], "auto 3", dir.path());
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("S.ron", &link).unwrap();
    // While one program has the file open, one through the link is refused.
    let mut first = Command::new(env!("CARGO_BIN_EXE_hexpatrol"))
        .args(["script", "--load", f, "--save", f])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let lock = dir.path().join("S.ron.lock");
    for _ in 0..500 {
        if lock.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let second = hexpatrol(&["script", "--load", l, "--save", l], "auto 1", dir.path());
    assert_eq!(second.status.code(), Some(2));
    assert!(text(&second.stderr).contains("open in another hexpatrol"), "{}", text(&second.stderr));
    drop(first.stdin.take());
    first.wait().unwrap();
    // Alone, it saves through the link into the file, and leaves the link a link.
    let out = hexpatrol(&["script", "--load", l, "--save", l], "auto 3", dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640, "the file's mode is kept");
    assert!(hexpatrol::save::read(&file).is_ok());
    // A link that leads nowhere is refused with what it leads to.
    let dangling = dir.path().join("D.ron");
    std::os::unix::fs::symlink("gone.ron", &dangling).unwrap();
    let out = hexpatrol(&["script", "--seed", "3", "--save", dangling.to_str().unwrap()], "auto 1", dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is a link to gone.ron"), "{}", text(&out.stderr));
}

/// Three patrols of Bocage played and a fourth two actions in, saved after
/// every decision as the game saves: the file cut short at 100 bytes (as
/// `truncate -s 100` would) is reported with the patrol's backup, which
/// puts back the fourth patrol as its second action ended; the three
/// patrols' ends are still kept as `.1` to `.3`, after the game opens it too.
#[test]
fn a_file_damaged_mid_patrol_is_offered_the_patrols_backup() {
    use hexpatrol::engine::campaign::Campaign;
    use hexpatrol::engine::{Cache, Event, Phase, players::leader};
    let ended = |c: &Campaign| c.log.iter().filter(|e| matches!(e, Event::ActionEnd { .. })).count();
    let dir = tempfile::tempdir().unwrap();
    let path = hexpatrol::save::campaign_path(dir.path(), "mine");
    let slot = hexpatrol::save::Slot::open(&path).unwrap();
    let book = hexpatrol::rules::rule_book().unwrap();
    let mut c = hexpatrol::rules::campaign("bocage", &book).unwrap().start(8, book);
    let mut cache = Cache::new();
    let mut now = 1_796_000_000;
    let mut saved = Vec::new();
    c.begin().unwrap();
    // Saved after every decision, and a few decisions past the fourth
    // patrol's second action (fewer than would make its backup due again).
    let mut second_over: Option<usize> = None;
    while second_over.is_none_or(|k| saved.len() < k + 4) {
        match &c.patrol {
            None => drop(c.begin().unwrap()),
            Some(game) => drop(c.apply(&leader::decide(game, &cache).unwrap(), &mut cache).unwrap()),
        }
        assert!(c.finished <= 3, "the fourth patrol ends before its second action: pick another seed");
        now += 60;
        slot.save(&mut c, now).unwrap();
        saved.push(c.clone());
        if c.finished == 3 && second_over.is_none() && ended(&c) == 2 {
            second_over = Some(saved.len() - 1);
        }
    }
    drop(slot);
    let backup = |k: usize| path.with_file_name(format!("mine.ron.{k}"));
    let ends: Vec<Vec<u8>> = (1..=3).map(|k| std::fs::read(backup(k)).unwrap()).collect();
    for (k, kept) in ends.iter().enumerate() {
        let kept = hexpatrol::save::parse(&backup(k + 1), &String::from_utf8_lossy(kept)).unwrap().campaign;
        assert_eq!((kept.finished, kept.patrol.is_some()), (3 - k as u32, false), ".{} holds a patrol's end", k + 1);
    }
    std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(100).unwrap();
    // What the player is told.
    let out = hexpatrol(&["resume", "mine"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("mine.ron:"), "names the file: {err}");
    assert!(
        err.contains("The newest backup that loads is")
            && err.contains("mine.ron.patrol (patrol 4 of 5 under way, 2 actions fought; saved 2026-11-30"),
        "offers the patrol's backup and says what it holds: {err}"
    );
    assert!(err.contains("hexpatrol resume mine --backup"), "{err}");
    // What `resume mine --backup` puts back (it needs a terminal to go on).
    let slot = hexpatrol::save::Slot::open(&path).unwrap();
    assert_eq!(slot.restore_backup().unwrap(), path.with_file_name("mine.ron.patrol"));
    let back = slot.load().unwrap();
    let k = second_over.unwrap();
    assert_eq!(back, saved[k], "as the second action ended");
    assert_eq!((back.finished, ended(&back)), (3, 2), "the fourth patrol, two actions in");
    assert!(matches!(back.patrol.as_ref().map(|g| g.phase()), Some(Phase::Patrol)), "under way, on the move");
    assert!(back.log.len() < saved.last().unwrap().log.len(), "the last few decisions are lost");
    drop(slot);
    // Opened to play on (as `resume` goes on to do), the state put back is
    // the patrol's backup already: the rotation keeps the patrols' ends.
    let opened = hexpatrol::session::start::open_game(dir.path(), "mine").unwrap();
    assert_eq!(opened.campaign, back);
    for (k, kept) in ends.iter().enumerate() {
        assert!(&std::fs::read(backup(k + 1)).unwrap() == kept, ".{} is still there", k + 1);
    }
    let broken = std::fs::read(path.with_file_name("mine.ron.broken")).unwrap();
    assert_eq!(broken.len(), 100, "the damaged file is kept aside");
}
