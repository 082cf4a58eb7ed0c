//! Plain mode played through the real binary in a pseudo-terminal, as a
//! screen reader's user would: a new game, a few orders, quit; then resumed
//! where it was left. What the game writes is lines of text: no escape
//! codes (no cursor addressing, no colour, no redraws), nothing past 80
//! columns.

#![cfg(unix)]

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::Session;
use expectrl::process::unix::{PtyStream, UnixProcess, WaitStatus};

struct Plain {
    pty: Session<UnixProcess, PtyStream>,
    text: String,
}

impl Plain {
    fn start(data_dir: &Path, args: &[&str]) -> Plain {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexpatrol"));
        cmd.arg("--data-dir").arg(data_dir).args(args).env("TERM", "xterm-256color").env_remove("NO_COLOR");
        let mut pty = Session::spawn(cmd).expect("the game starts in a pseudo-terminal");
        pty.get_process_mut().set_window_size(80, 24).expect("the window size is set");
        Plain { pty, text: String::new() }
    }

    /// Reads until the game has written `text` since `from`; returns where it ends.
    fn wait_for(&mut self, text: &str, from: usize) -> usize {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut buf = [0u8; 8192];
        loop {
            if let Some(at) = self.text[from.min(self.text.len())..].find(text) {
                return from + at + text.len();
            }
            assert!(Instant::now() < deadline, "waited for {text:?}; the game wrote:\n{}", self.text);
            match self.pty.try_read(&mut buf) {
                Ok(0) => std::thread::sleep(Duration::from_millis(10)),
                Ok(n) => self.text.push_str(&String::from_utf8_lossy(&buf[..n])),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => panic!("reading the terminal: {e}; the game wrote:\n{}", self.text),
            }
        }
    }

    fn line(&mut self, line: &str) {
        self.pty.write_all(format!("{line}\r").as_bytes()).expect("a line is sent");
        self.pty.flush().expect("a line is sent");
    }

    fn finish(mut self) -> (String, WaitStatus) {
        let mut rest = Vec::new();
        let _ = self.pty.read_to_end(&mut rest);
        self.text.push_str(&String::from_utf8_lossy(&rest));
        let status = self.pty.get_process().wait().expect("the game ends");
        (self.text, status)
    }
}

/// What the game wrote is plain lines, none past 80 columns.
fn plain_lines(text: &str) {
    assert!(!text.contains('\x1b'), "no escape codes in plain mode:\n{text}");
    // The prompt "> " may sit before the next line in what the test reads
    // (the line was sent before the prompt came): the game wrote them apart.
    for line in text.lines().map(|l| l.trim_end_matches('\r')).map(|l| l.strip_prefix("> ").unwrap_or(l)) {
        assert!(line.chars().count() <= 80, "a line past 80 columns: {line:?}");
    }
}

#[test]
fn a_game_in_plain_lines_is_played_quit_and_resumed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let args = ["new", "--plain", "--scenario", "hedgerow", "--seed", "3", "--name", "pl"];
    let mut p = Plain::start(dir.path(), &args);
    let at = p.wait_for("Type help for every command.", 0);
    let at = p.wait_for("Patrol movement. Section A is at 9,11. Type a step (n ne se s sw nw)", at);
    p.line("help");
    let at = p.wait_for("map: the map, a line a row, with a key.", at);
    p.line("n");
    let at = p.wait_for("Section A moves 9,11 -> 9,10", at);
    let at = p.wait_for("[incident] 2d6 rolled 2+1 = 3, need 7+: no incident", at);
    p.line("map");
    let at = p.wait_for("row 10: ..BB....h@..T...", at);
    p.line("move 3,3");
    let at = p.wait_for("Not now:", at);
    p.line("dice real");
    let at = p.wait_for("You throw the dice now.", at);
    p.line("ne");
    let at = p.wait_for("Roll 2d6 for the incident check: incident on 7+. Type", at);
    p.line("7 1");
    let at = p.wait_for("cannot show 7", at);
    // Quit while the roll is asked for: the game is saved as it stands.
    p.line("quit");
    p.wait_for("Saved. hexpatrol resume --plain goes on from here.", at);
    let (text, status) = p.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "plain mode quits cleanly: {status:?}");
    plain_lines(&text);
    // Resumed (`play` is `resume`): where it was, asking for the same roll.
    let mut p = Plain::start(dir.path(), &["play", "--plain", "pl"]);
    let at = p.wait_for("Section A is at 9,10, road.", 0);
    let at = p.wait_for("Section A moves 9,11 -> 9,10", at);
    let at = p.wait_for("Roll 2d6 for the incident check: incident on 7+. Type", at);
    p.line("2 2");
    let at = p.wait_for("[incident] 2d6 thrown by hand 2+2 = 4, need 7+: no incident", at);
    p.line("roster");
    let at = p.wait_for("Sgt Baker, sub-machine gun: fit, at", at);
    p.line("undo");
    let at = p.wait_for("Taken back", at);
    p.line("quit");
    p.wait_for("Saved.", at);
    let (text, status) = p.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    plain_lines(&text);
}
