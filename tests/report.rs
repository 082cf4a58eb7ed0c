//! `hexpatrol report` and `hexpatrol check` on the records of a campaign,
//! through the real binary: a campaign played headless with a seed, the
//! save fixtures, and the faults a player's files may have.

mod common;

use std::path::Path;

use common::hexpatrol;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Plays two patrols of the Bocage campaign with seed 11, the leader making
/// every decision, saved as `NAME` in `data`.
fn play_two_patrols(data: &Path, name: &str) {
    let save = data.join("campaigns").join(format!("{name}.ron"));
    std::fs::create_dir_all(save.parent().unwrap()).unwrap();
    let save = save.to_str().unwrap();
    let out = hexpatrol(
        &["script", "--campaign", "bocage", "--seed", "11", "--save", save],
        "auto 5000\nbegin\nauto 5000\n",
        data,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

fn record(data: &Path, name: &str, k: u32) -> std::path::PathBuf {
    data.join("campaigns").join(format!("{name}.records")).join(format!("patrol-{k:03}.ron"))
}

#[test]
fn a_campaign_played_headless_reports_the_same_every_time() {
    let dir = tempfile::tempdir().unwrap();
    play_two_patrols(dir.path(), "bocage11");
    let campaign = hexpatrol(&["report", "bocage11"], "", dir.path());
    assert!(campaign.status.success(), "{}", text(&campaign.stderr));
    let campaign = text(&campaign.stdout);
    insta::assert_snapshot!("campaign_report", campaign);

    let patrol = hexpatrol(&["report", "bocage11", "--patrol", "2"], "", dir.path());
    assert!(patrol.status.success(), "{}", text(&patrol.stderr));
    let patrol = text(&patrol.stdout);
    insta::assert_snapshot!("patrol_2_report", patrol);

    // -o writes the same report to a file, and nothing to standard output.
    let file = dir.path().join("aar.md");
    let out = hexpatrol(&["report", "bocage11", "--patrol", "2", "-o", file.to_str().unwrap()], "", dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), patrol);
}

#[test]
fn a_record_is_a_file_check_knows() {
    let dir = tempfile::tempdir().unwrap();
    play_two_patrols(dir.path(), "known");
    let path = record(dir.path(), "known", 1);
    let out = hexpatrol(&["check", path.to_str().unwrap()], "", None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("a good patrol record"), "{said}");
    assert!(said.contains("The record of patrol 1 of campaign 'known': 1. The Farm, "), "{said}");
    assert!(said.contains("keeps the patrol's map"), "{said}");
}

#[test]
fn a_broken_record_is_named_with_its_line_and_column_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    play_two_patrols(dir.path(), "broken");
    let path = record(dir.path(), "broken", 1);
    let good = std::fs::read_to_string(&path).unwrap();
    // The third line loses its comma and gains a word RON cannot read.
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    lines[2] = format!("{} oops", lines[2].trim_end_matches(','));
    let bad = lines.join("\n");
    std::fs::write(&path, &bad).unwrap();
    let out = hexpatrol(&["check", path.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(said.contains(&format!("{}:3:", path.display())), "{said}");
    // The report of the campaign names the same file and place, and changes nothing.
    let out = hexpatrol(&["report", "broken"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(&format!("{}:3:", path.display())), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);

    // A record under another patrol's name is refused: a report finds patrol K by it.
    std::fs::write(&path, &good).unwrap();
    let second = record(dir.path(), "broken", 2);
    std::fs::copy(&path, &second).unwrap();
    let out = hexpatrol(&["check", second.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("holds the record of patrol 1, but its name says patrol 2"));
    // One whose orders were changed by hand does not play back to its events, and says where.
    let at = good.find("    orders: [\n").expect("the record keeps its orders") + "    orders: [\n".len();
    let line_end = at + good[at..].find('\n').expect("an order's line");
    std::fs::write(&second, format!("{}        \"hold\",{}", &good[..at], &good[line_end..])).unwrap();
    std::fs::rename(&second, &path).unwrap();
    let out = hexpatrol(&["check", path.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(said.contains("patrol 1's orders do not play back to its events (order 1 of "), "{said}");
    assert!(said.contains(&path.display().to_string()), "{said}");
    std::fs::write(&path, &good).unwrap();
    // An empty one says so.
    std::fs::write(&second, "").unwrap();
    let out = hexpatrol(&["check", second.to_str().unwrap()], "", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("empty"), "{}", text(&out.stderr));
}

#[test]
fn a_bad_name_or_patrol_is_refused_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    play_two_patrols(dir.path(), "few");
    let refused = |args: &[&str], says: &str| {
        let out = hexpatrol(args, "", dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    };
    refused(&["report", "nobody"], "no campaign called 'nobody'");
    refused(&["report", "../few"], "is not a campaign name");
    refused(
        &["report", "few", "--patrol", "3"],
        "campaign 'few' has finished patrols 1 to 2: there is no record of patrol 3",
    );
    refused(&["report", "few", "--patrol", "0"], "there is no record of patrol 0");
    let out = hexpatrol(&["report", "few", "--patrol", "x"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    // What else lies in the records folder (a write's temporary file left
    // by a crash, a note of the player's) is not a record and is passed over.
    let records = record(dir.path(), "few", 1).parent().unwrap().to_path_buf();
    std::fs::write(records.join(".patrol-003.ron.x1y2.tmp"), "(number: 3, half writ").unwrap();
    std::fs::write(records.join("notes.txt"), "Kowalski deserved a medal").unwrap();
    let out = hexpatrol(&["report", "few"], "", dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn the_save_fixtures_report_what_they_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v3");
    for (file, snapshot) in
        [("bocage-between-patrols.ron", "fixture_between_patrols"), ("bocage-mid-action.ron", "fixture_mid_action")]
    {
        let dir = tempfile::tempdir().unwrap();
        let campaigns = dir.path().join("campaigns");
        std::fs::create_dir_all(&campaigns).unwrap();
        std::fs::copy(root.join(file), campaigns.join("fixture.ron")).unwrap();
        let out = hexpatrol(&["report", "fixture"], "", dir.path());
        assert!(out.status.success(), "{file}: {}", text(&out.stderr));
        insta::assert_snapshot!(snapshot, text(&out.stdout));
        let out = hexpatrol(&["report", "fixture", "--patrol", "1"], "", dir.path());
        assert_eq!(out.status.code(), Some(2), "{file}: no record of patrol 1 is there");
    }
}

#[test]
fn a_replay_of_a_patrol_that_is_not_there_is_refused_before_the_terminal_is_taken() {
    let dir = tempfile::tempdir().unwrap();
    play_two_patrols(dir.path(), "seen");
    let refused = |args: &[&str], says: &str| {
        let out = hexpatrol(args, "", dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    };
    refused(&["replay", "nobody"], "no campaign called 'nobody'");
    refused(&["replay", "seen", "--patrol", "7"], "there is no record of patrol 7");
    // A patrol that is there is played back, then it needs a terminal.
    refused(&["replay", "seen", "--patrol", "2"], "playing needs a terminal");
    // A record that keeps no orders (an older one) cannot be replayed, and says why.
    let path = record(dir.path(), "seen", 1);
    let text_of = std::fs::read_to_string(&path).unwrap();
    let start = text_of.find("    orders: [").expect("the record keeps its orders");
    let end = start + text_of[start..].find("],\n").expect("the end of the orders") + 3;
    std::fs::write(&path, format!("{}{}", &text_of[..start], &text_of[end..])).unwrap();
    refused(&["replay", "seen", "--patrol", "1"], "keeps no orders (it was recorded before records kept them)");
}

/// `saves/records/`: a campaign and the record of its first patrol as the
/// build before records kept their scenario and orders wrote them (main at
/// 2405ebc, Bocage, seed 11, the leader's decisions). It still reads: check
/// knows it and says what it lacks, the report has no briefing or map, and
/// it cannot be replayed.
#[test]
fn a_record_from_before_records_kept_their_map_is_checked_and_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/records");
    let dir = tempfile::tempdir().unwrap();
    let campaigns = dir.path().join("campaigns");
    std::fs::create_dir_all(campaigns.join("old.records")).unwrap();
    std::fs::copy(root.join("bocage-old.ron"), campaigns.join("old.ron")).unwrap();
    let record = campaigns.join("old.records/patrol-001.ron");
    std::fs::copy(root.join("bocage-old.records/patrol-001.ron"), &record).unwrap();

    let out = hexpatrol(&["check", record.to_str().unwrap()], "", None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("The record of patrol 1 of campaign 'old': 1. The Farm, "), "{said}");
    assert!(said.contains("Written by an older hexpatrol: it keeps no map, briefing or squad"), "{said}");
    assert!(said.contains("It keeps no orders (it was recorded before records kept them)"), "{said}");

    let out = hexpatrol(&["report", "old", "--patrol", "1"], "", dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("older hexpatrol, which did not keep the patrol's briefing, map or squad"));
    assert!(!report.contains("## The ground"));
    insta::assert_snapshot!("fixture_old_record", report);

    let out = hexpatrol(&["replay", "old", "--patrol", "1"], "", dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("written before records kept their map and squad"), "{}", text(&out.stderr));
}
