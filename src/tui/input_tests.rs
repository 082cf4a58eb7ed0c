//! Terminal events through `handle`, as the Windows console sends them: a
//! release after every press. Each key must act once, on the map and on the
//! command line alike.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::model::App;
use super::theme::Theme;
use super::{Screen, handle};
use crate::engine::campaign::Campaign;
use crate::rules;

fn screen(dir: &std::path::Path) -> Screen {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario(rules::default_scenario_name(), &book).expect("the default scenario loads");
    let mut campaign = Campaign::single(&scenario, 7, book);
    campaign.begin().expect("a new patrol sets out");
    let app = App::new(campaign, "test", Theme { color: true, ascii: false });
    let slot = crate::save::Slot::open(&dir.join("test.ron")).expect("a campaign file can be opened");
    Screen::Game(Box::new(app), Box::new((slot, dir.to_path_buf())))
}

/// Presses each key and lets it go, as a Windows console reports it.
fn press_and_release(screen: &mut Screen, keys: impl IntoIterator<Item = KeyCode>) {
    for code in keys {
        for kind in [KeyEventKind::Press, KeyEventKind::Release] {
            let opened = handle(screen, Event::Key(KeyEvent::new_with_kind(code, KeyModifiers::NONE, kind)));
            assert!(opened.is_none(), "no new screen from a game");
        }
    }
}

fn app(screen: &Screen) -> &App {
    match screen {
        Screen::Game(app, _) | Screen::Replay(app) => app,
        Screen::Title(_) => panic!("a game is on the screen"),
    }
}

#[test]
fn a_key_pressed_and_released_acts_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = screen(dir.path());
    press_and_release(&mut s, [KeyCode::Char('k'), KeyCode::Enter]);
    let log = &app(&s).log;
    assert_eq!(log.iter().filter(|l| l.contains("moves 9,11 -> 9,10")).count(), 1, "{log:?}");
    assert!(!log.iter().any(|l| l.contains("9,9")), "the cursor went up one hex only: {log:?}");
}

#[test]
fn the_command_line_gets_each_character_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut s = screen(dir.path());
    press_and_release(&mut s, [KeyCode::Char(':')]);
    press_and_release(&mut s, "odds move 9,10".chars().map(KeyCode::Char));
    press_and_release(&mut s, [KeyCode::Enter]);
    let answer = app(&s).notice.clone().unwrap_or_default();
    assert!(answer.starts_with("Odds (move 9,10)"), "{answer}");
}
