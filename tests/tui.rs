//! The real binary played in a pseudo-terminal, as a player would: a new
//! game with a fixed seed, its rules chosen, a step, cards turned, help
//! opened and closed, quit; then the save is there and the terminal is back
//! as it was.
//!
//! Unix only: expectrl drives a pseudo-terminal there, and the checks read
//! the escape codes a Unix terminal gets. On Windows the same game goes
//! through the console API, which no test here can watch (docs/SAVES.md
//! and README.md say what was checked there and how).

#![cfg(unix)]

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::Session;
use expectrl::process::unix::{PtyStream, UnixProcess, WaitStatus};

type Pty = Session<UnixProcess, PtyStream>;

/// The terminal as a player sees it: everything the game wrote, run
/// through a terminal emulator.
struct Screen {
    pty: Pty,
    parser: vt100::Parser,
    /// Every byte written, for the checks on the escape codes.
    raw: Vec<u8>,
}

fn size(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size above zero")
}

impl Screen {
    fn start(data_dir: &Path, args: &[&str]) -> Screen {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexpatrol"));
        cmd.arg("--data-dir").arg(data_dir).args(args).env("TERM", "xterm-256color").env_remove("NO_COLOR");
        let mut pty = Session::spawn(cmd).expect("the game starts in a pseudo-terminal");
        pty.get_process_mut().set_window_size(100, 32).expect("the window size is set");
        Screen { pty, parser: vt100::Parser::new(size(32), size(100), 0), raw: Vec::new() }
    }

    /// Reads what the game wrote until the screen shows `text`.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut buf = [0u8; 8192];
        while !self.parser.screen().contents().contains(text) {
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen shows:\n{}",
                self.parser.screen().contents()
            );
            match self.pty.try_read(&mut buf) {
                Ok(0) => std::thread::sleep(Duration::from_millis(10)),
                Ok(n) => {
                    self.parser.process(&buf[..n]);
                    self.raw.extend_from_slice(&buf[..n]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => panic!("reading the terminal: {e}; the screen shows:\n{}", self.parser.screen().contents()),
            }
        }
    }

    /// Reads whatever the game has written so far, without waiting.
    fn pump(&mut self) {
        let mut buf = [0u8; 8192];
        while let Ok(n) = self.pty.try_read(&mut buf) {
            if n == 0 {
                break;
            }
            self.parser.process(&buf[..n]);
            self.raw.extend_from_slice(&buf[..n]);
        }
    }

    fn keys(&mut self, keys: &str) {
        self.pty.write_all(keys.as_bytes()).expect("keys are sent");
        self.pty.flush().expect("keys are sent");
    }

    /// Reads to the end, once the game has quit.
    fn finish(mut self) -> (Vec<u8>, WaitStatus) {
        let mut rest = Vec::new();
        let _ = self.pty.read_to_end(&mut rest);
        self.raw.extend_from_slice(&rest);
        let status = self.pty.get_process().wait().expect("the game ends");
        (self.raw, status)
    }
}

#[test]
fn a_new_game_is_played_and_quit_in_a_real_terminal() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = Screen::start(dir.path(), &["new", "--scenario", "hedgerow", "--seed", "42", "--name", "e2e"]);
    // The rules in play first: Enter takes the article as written.
    s.wait_for("Rules in play: One patrol: Hedgerow Farm");
    s.keys("\r");
    s.wait_for("Map");
    s.wait_for("Roster");
    s.wait_for("9,11 road");
    // One hex north, then Enter: the section steps and the dice are rolled.
    s.keys("k\r");
    s.wait_for("moves 9,11 -> 9,10");
    s.wait_for("[incident] 2d6 rolled");
    // The patrol leader walks on until an action deals the cards; the
    // incident that brings them pauses play until Enter.
    for _ in 0..200 {
        s.pump();
        let shown = s.parser.screen().contents();
        if shown.contains("face down") {
            break;
        }
        s.keys(if shown.contains("Enter, Space or Esc: go on") { "\r" } else { "a" });
        std::thread::sleep(Duration::from_millis(30));
    }
    s.wait_for("face down");
    s.keys(" ");
    s.keys("?");
    s.wait_for("Help: j/k scroll, Esc closes");
    s.keys("\x1b");
    s.keys("q");
    let (raw, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "the game quits cleanly: {status:?}");
    let text = String::from_utf8_lossy(&raw);
    let entered = text.rfind("\x1b[?1049h").expect("the game took the alternate screen");
    let left = text.rfind("\x1b[?1049l").expect("the game gave the alternate screen back");
    assert!(left > entered, "the alternate screen was left last");
    let save = std::fs::read_to_string(dir.path().join("campaigns/e2e.ron")).expect("the game was saved");
    assert!(save.contains("moved"), "the step is in the save");
}

#[test]
fn without_a_terminal_the_game_says_so_and_exits_2() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = Command::new(env!("CARGO_BIN_EXE_hexpatrol"))
        .arg("--data-dir")
        .arg(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the game runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
}

#[test]
fn sigterm_gives_the_terminal_back_and_the_game_resumes_where_it_was() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = Screen::start(
        dir.path(),
        &["new", "--scenario", "hedgerow", "--seed", "42", "--name", "sig", "--house-rule", "as-written"],
    );
    s.wait_for("9,11 road");
    s.keys("k\r");
    s.wait_for("moves 9,11 -> 9,10");
    s.pty.get_process_mut().signal(expectrl::process::unix::Signal::SIGTERM).expect("the signal is sent");
    let (raw, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 143)), "128 + SIGTERM: {status:?}");
    let text = String::from_utf8_lossy(&raw);
    assert!(text.rfind("\x1b[?1049l") > text.rfind("\x1b[?1049h"), "the alternate screen was left");
    // Back in: the step is there, in the log and on the map.
    let mut s = Screen::start(dir.path(), &["resume", "sig"]);
    s.wait_for("moves 9,11 -> 9,10");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

/// A paste arrives as one burst of keys: all of it is read at once, the
/// Enter at its end included, without waiting for another key.
#[test]
fn a_long_paste_into_the_prompt_is_read_whole() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = Screen::start(
        dir.path(),
        &["new", "--scenario", "hedgerow", "--seed", "42", "--name", "paste", "--house-rule", "as-written"],
    );
    s.wait_for("Roster");
    s.keys(":");
    std::thread::sleep(Duration::from_millis(200));
    s.keys(&format!("{}zq\r", "x".repeat(4000)));
    s.wait_for("Cannot read");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "the game quits cleanly: {status:?}");
}

/// The title screen's new game goes through the rules in play: "gentler"
/// chosen there is what the help names and what the save keeps.
#[test]
fn a_new_campaign_chooses_its_house_rules_and_keeps_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = Screen::start(dir.path(), &[]);
    s.wait_for("New campaign or patrol");
    s.keys("\r");
    s.wait_for("What to play:");
    // The first game in the list is the default campaign.
    s.keys("\r");
    s.wait_for("Rules in play: Campaign:");
    s.wait_for("Gentler      kinder to the patrol");
    // Down to "Gentler", Enter: the campaign begins with that set.
    s.keys("j\r");
    s.wait_for("Roster");
    s.keys("?");
    s.wait_for("Rules in play: gentler, 7 house rules");
    s.keys("\x1b");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "the game quits cleanly: {status:?}");
    let save = dir.path().join("campaigns/bocage.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_hexpatrol")).arg("check").arg(&save).output().expect("check runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("House rules: gentler"), "the save keeps the set: {said}");
}

/// The log panel as the screen shows it: the rows inside its border.
fn log_panel(screen: &vt100::Screen) -> Vec<String> {
    let rows: Vec<Vec<char>> = screen.contents().lines().map(|l| l.chars().collect()).collect();
    let Some((top, left)) = rows.iter().enumerate().find_map(|(y, r)| {
        let text: String = r.iter().collect();
        text.find("┌ Log").map(|byte| (y, text[..byte].chars().count()))
    }) else {
        panic!("no log panel on the screen:\n{}", screen.contents());
    };
    let right = (left + 1..rows[top].len()).find(|&x| rows[top][x] == '┐').expect("the panel's corner");
    rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left) != Some(&'└'))
        .map(|r| r[left + 1..right.min(r.len())].iter().collect())
        .collect()
}

/// A STOP card pauses play until a key; quit there and resume: the log is
/// the one that was left.
#[test]
fn a_stop_pauses_play_and_the_log_is_the_same_after_a_resume() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = Screen::start(
        dir.path(),
        // Seed 45 comes to a STOP card soon (seed 42's patrol, since issue 17, meets none).
        &["new", "--scenario", "hedgerow", "--seed", "45", "--name", "stop", "--house-rule", "as-written"],
    );
    s.wait_for("9,11 road");
    // The leader plays on; an incident's pause is gone past with Enter, until a STOP card pauses.
    for _ in 0..300 {
        s.pump();
        let shown = s.parser.screen().contents();
        if shown.contains("STOP: turn") {
            break;
        }
        s.keys(if shown.contains("INCIDENT: ") { "\r" } else { "a" });
        std::thread::sleep(Duration::from_millis(30));
    }
    s.wait_for("STOP: turn");
    s.wait_for("Enter, Space or Esc: go on");
    // Under the pause nothing is played: the leader's key does nothing.
    let paused = log_panel(s.parser.screen());
    s.keys("a");
    std::thread::sleep(Duration::from_millis(300));
    s.pump();
    assert_eq!(log_panel(s.parser.screen()), paused, "a key under the pause played nothing");
    s.keys("\r");
    let deadline = Instant::now() + Duration::from_secs(10);
    while s.parser.screen().contents().contains("Enter, Space or Esc: go on") {
        assert!(Instant::now() < deadline, "Enter goes on:\n{}", s.parser.screen().contents());
        std::thread::sleep(Duration::from_millis(20));
        s.pump();
    }
    let before = log_panel(s.parser.screen());
    assert!(before.iter().any(|l| l.contains("The deck is shuffled")), "the STOP's deal is in the log: {before:?}");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    let mut s = Screen::start(dir.path(), &["resume", "stop"]);
    s.wait_for("Roster");
    s.wait_for(before.last().map_or("Log", |l| l.trim()));
    let after = log_panel(s.parser.screen());
    assert_eq!(after, before, "the log after the resume is the one left");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

/// `P` is the player's setting: kept in the data folder when changed, and
/// in force when a game is next opened.
#[test]
fn the_pause_setting_is_kept_for_the_next_game() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let args = ["new", "--scenario", "hedgerow", "--seed", "42", "--name", "pset", "--house-rule", "as-written"];
    let mut s = Screen::start(dir.path(), &args);
    s.wait_for("9,11 road");
    s.keys("P");
    s.wait_for("Only a STOP card that brings enemy");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    let kept = std::fs::read_to_string(dir.path().join("settings.ron")).expect("the setting was written");
    assert!(kept.contains("pause_at_quiet_stop: false"), "{kept}");
    // Opened again, the game has it off: P turns it back on.
    let mut s = Screen::start(dir.path(), &["resume", "pset"]);
    s.wait_for("9,11 road");
    s.keys("P");
    s.wait_for("Every STOP card pauses play");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    let kept = std::fs::read_to_string(dir.path().join("settings.ron")).expect("the setting was written");
    assert!(kept.contains("pause_at_quiet_stop: true"), "{kept}");
}

#[test]
fn a_finished_patrol_is_replayed_forwards_and_back_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let save = dir.path().join("campaigns/watched.ron");
    std::fs::create_dir_all(save.parent().expect("a folder")).expect("the folder is made");
    let mut script = Command::new(env!("CARGO_BIN_EXE_hexpatrol"))
        .args(["script", "--campaign", "bocage", "--seed", "9", "--save"])
        .arg(&save)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the runner starts");
    script.stdin.take().expect("its input").write_all(b"auto 5000\n").expect("the orders are sent");
    assert!(script.wait().expect("the runner ends").success());
    let before = std::fs::read(&save).expect("the campaign is saved");
    let mut s = Screen::start(dir.path(), &["replay", "watched", "--patrol", "1"]);
    s.wait_for("Replay of patrol 1, as it set out");
    s.keys("G");
    s.wait_for("PATROL OVER");
    s.keys("h");
    s.wait_for("Replay of patrol 1, order ");
    s.keys("g");
    s.wait_for("Replay of patrol 1, as it set out");
    s.keys("l");
    s.wait_for("Replay of patrol 1, order 1 of ");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "the replay quits cleanly: {status:?}");
    assert_eq!(std::fs::read(&save).expect("the campaign is there"), before, "a replay writes nothing");
}

impl Screen {
    /// Presses Enter past the pauses, reports and pages the screen shows
    /// (any of `past`), once each time the screen has changed, until it
    /// shows `goal`.
    fn enter_until(&mut self, goal: &str, past: &[&str]) {
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut pressed_at: Option<(String, Instant)> = None;
        loop {
            self.pump();
            let shown = self.parser.screen().contents();
            if shown.contains(goal) {
                return;
            }
            assert!(Instant::now() < deadline, "waited for {goal:?}; the screen shows:\n{shown}");
            let fresh = pressed_at.as_ref().is_none_or(|(s, t)| *s != shown || t.elapsed() > Duration::from_secs(3));
            if fresh && past.iter().any(|p| shown.contains(p)) {
                self.keys("\r");
                pressed_at = Some((shown, Instant::now()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// One whole campaign (a test campaign of two short patrols) played in the
/// terminal as a player would: the rules chosen, the first patrol left to
/// the leader (`:auto`), past its pauses and report to the campaign page,
/// the squad page before the second, quit there and resumed, the second
/// patrol, and the campaign's end with its summary and last campaign page.
#[test]
fn a_whole_campaign_is_played_in_the_terminal_from_start_to_end() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/campaigns/two_patrols.ron");
    let mut s = Screen::start(dir.path(), &["new", "--campaign", file, "--seed", "3", "--name", "short"]);
    s.wait_for("Rules in play");
    s.keys("\r");
    s.wait_for("Patrol 1 of 2: 1. The Farm");
    s.keys(":auto 5000\r");
    let past = ["Enter, Space or Esc: go on", "Enter: go on; ", "After-action: Enter closes"];
    s.enter_until("The campaign so far", &past);
    let shown = s.parser.screen().contents();
    for part in ["Patrols", " 1 1. The Farm", "Service record", "Roll of honour ("] {
        assert!(shown.contains(part), "the campaign page shows {part:?}:\n{shown}");
    }
    // Enter closes it; Enter again shows the squad about to set out.
    s.keys("\r");
    s.wait_for("Between patrols (1 of 2 made)");
    s.keys("\r");
    s.wait_for("The squad for patrol 2 of 2, 2. The Farm Again");
    s.wait_for("Enter sets out");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "quit from the squad page: {status:?}");
    let mut s = Screen::start(dir.path(), &["resume", "short"]);
    s.wait_for("Between patrols (1 of 2 made)");
    s.keys("B");
    s.wait_for("The squad for patrol 2 of 2");
    s.keys("\r");
    s.wait_for("Patrol movement");
    s.keys(":auto 5000\r");
    s.enter_until("The campaign is over: Two Patrols (test)", &past);
    let shown = s.parser.screen().contents();
    assert!(shown.contains("2 patrols made:"), "the end's summary:\n{shown}");
    s.enter_until("The campaign so far", &past);
    assert!(s.parser.screen().contents().contains("Two Patrols (test): 2 of 2 patrols made"));
    s.keys("\r");
    s.wait_for("The campaign is over");
    s.keys("q");
    let (_, status) = s.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "the game quits cleanly: {status:?}");
    assert!(dir.path().join("campaigns/short.ron").exists(), "the campaign is saved");
}
