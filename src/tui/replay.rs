//! A finished patrol (or the one under way) played again in the game's own
//! panels, order by order, forwards and back (`hexpatrol replay`). Each
//! frame is the patrol as it stood after an order, rebuilt by playing its
//! orders again from where it set out (`session::replay`); nothing is
//! saved and no order can be given.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use super::model::{App, Viewing};
use super::theme::Theme;
use crate::engine::campaign::Campaign;
use crate::narrate::describe_all;
use crate::session::replay::Replay;

/// The keys of a replay, as the status bar shows them.
pub const KEYS: &[(&str, &str)] =
    &[("l Right Space", "next"), ("h Left", "back"), ("J K", "10 on, back"), ("g G", "first, last"), ("q", "quit")];

impl App {
    /// The game's screen showing `replay` of a patrol of `campaign`, at its first frame.
    pub fn replaying(campaign: Campaign, name: &str, replay: Replay, theme: Theme) -> Self {
        let words = describe_all(&replay.events, &campaign.book);
        let mut app = App::new(campaign, name, theme);
        app.replay = Some(Viewing { replay, at: 0, words });
        app.show_frame();
        app
    }

    /// Puts the frame at `at` on the screen: its patrol on the map, the
    /// deck and the roster, its events in the log.
    fn show_frame(&mut self) {
        let Some(v) = &self.replay else { return };
        let Some(frame) = v.replay.frames.get(v.at) else { return };
        let last = v.replay.frames.len() - 1;
        let order = match &frame.order {
            None => "as it set out".to_string(),
            Some(o) => format!("order {} of {last}: {o}", v.at),
        };
        let state = if v.replay.finished { "" } else { " (under way)" };
        let mut log = vec![format!("Replay of patrol {}: {}{state}", v.replay.number, v.replay.name)];
        log.extend(v.words[..frame.events.min(v.words.len())].iter().cloned());
        let notice = format!("Replay of patrol {}, {order}", v.replay.number);
        self.campaign.patrol = Some(frame.game.clone());
        self.log = log;
        self.log_back = 0;
        self.notice = Some(notice);
        self.section = 0;
        self.cursor_to_section();
    }

    /// A key while a replay is watched: it steps, or quits; nothing else.
    pub fn replay_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let Some(v) = &mut self.replay else { return };
        let last = v.replay.frames.len() - 1;
        let at = v.at;
        v.at = match key.code {
            KeyCode::Right | KeyCode::Char('l' | ' ' | 'n') | KeyCode::Enter => (at + 1).min(last),
            KeyCode::Left | KeyCode::Char('h' | 'p') | KeyCode::Backspace => at.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char('J') => (at + 10).min(last),
            KeyCode::PageUp | KeyCode::Char('K') => at.saturating_sub(10),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => last,
            KeyCode::Char('q') | KeyCode::Esc => {
                self.quit = true;
                return;
            }
            _ => at,
        };
        self.show_frame();
        if let Some(v) = &self.replay {
            if v.at == at && at == last {
                self.notice = Some(format!("The end of the replay ({last} orders). h goes back, q quits."));
            } else if v.at == at && at == 0 {
                self.notice = Some("The start of the replay: the patrol as it set out. l goes on.".into());
            }
        }
    }
}
