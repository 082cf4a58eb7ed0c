//! The terminal game's model: the state every frame is drawn from, and
//! what each overlay holds. The panels (`deck.rs`, `map.rs`, `roster.rs`,
//! `log.rs`, `status.rs` ...) read it; the update (`app.rs`, with
//! `orders.rs`, `history.rs`, `replay.rs`) changes it. It uses none of
//! them, so that they all stand on it and none on another's update.

use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;

use ratatui::layout::Rect;

use super::hexes::Scale;
use super::theme::Theme;
use crate::engine::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::{Command, Game, Pos};
use crate::session::replay::Replay;

/// How far PgUp and PgDn scroll the help, in lines.
pub const PAGE: u16 = 10;

/// What covers the game screen, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// The keys and the rules of the current phase; `scroll` lines down.
    Help {
        scroll: u16,
    },
    /// The command line: a command of the headless runner being typed.
    Prompt {
        text: String,
    },
    /// An order waits for the player's dice: `ask` says the roll, `text`
    /// is the faces typed so far.
    Dice {
        ask: String,
        text: String,
    },
    /// The after-action report of the patrol just over; `scroll` rows down.
    Report {
        lines: Vec<String>,
        scroll: u16,
    },
    /// Play stops to show what a STOP card or an incident brought.
    Moment(Moment),
    /// The log full-screen, every patrol of the campaign.
    History(History),
    /// The map's legend.
    /// The map's legend, scrolled down `scroll` rows (j/k) where the screen is short.
    Legend {
        scroll: u16,
    },
    /// A page between patrols (`pages.rs`): the squad about to set out, or
    /// the campaign so far; `scroll` lines down.
    Page {
        page: Page,
        lines: Vec<String>,
        scroll: u16,
    },
    /// Leaving the map would cost the patrol these: x or Enter leaves anyway,
    /// any other key stays.
    Confirm {
        reasons: Vec<String>,
        command: Command,
    },
}

/// Where the last frame put the map, so a mouse click can find its hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapView {
    /// The map panel's inside, on the screen.
    pub area: Rect,
    /// The map's character cell at the area's top left.
    pub origin: (u16, u16),
    /// The size its hexes were drawn at.
    pub scale: Scale,
}

pub struct App {
    pub campaign: Campaign,
    /// What the engine works out about the map, kept between commands
    /// (never saved; see `Cache`).
    pub cache: Cache,
    /// The save name, shown in the title.
    pub name: String,
    pub theme: Theme,
    pub cursor: Pos,
    /// The section that moves in patrol movement.
    pub section: usize,
    /// Every event of the patrol in words, and the game's own notes.
    pub log: Vec<String>,
    /// How many lines the log is scrolled back from the newest.
    pub log_back: usize,
    pub overlay: Overlay,
    /// The answer to the last key: why a command was refused, what to do next.
    pub notice: Option<String>,
    pub quit: bool,
    /// Something changed since the last save.
    pub unsaved: bool,
    pub map_view: Cell<MapView>,
    /// The roll of honour: the men the campaign has lost, from its records.
    pub fallen: Vec<String>,
    /// How far the help can scroll, as the last frame found it.
    pub help_last: Cell<u16>,
    /// How far a page between patrols can scroll, as the last frame found it.
    pub page_last: Cell<u16>,
    /// How far the after-action report can scroll, in rows, as the last frame found it.
    pub report_last: Cell<u16>,
    /// How far a pause can scroll, in rows, as the last frame found it.
    pub moment_last: Cell<u16>,
    /// How far the legend can scroll, as last drawn.
    pub legend_last: Cell<u16>,
    /// How far back the log can scroll, in lines, as the last frame found it.
    pub log_last: Cell<usize>,
    /// What waits to be shown once the overlay open now is closed.
    pub pending: VecDeque<Overlay>,
    /// Whether a STOP card that brought no enemy pauses play too (P): the
    /// player's setting, kept in the data folder's settings file.
    pub pause_at_stop: bool,
    /// The player's settings changed since they were last written.
    pub settings_changed: bool,
    /// Where enemy appeared at the last order: marked on the map until the next.
    pub fresh: Vec<Pos>,
    /// Hexes the last order's fire swept (a spray, a machine gun's arc, a
    /// grenade's scatter and blast), each with the marks under it: marked
    /// until the next order.
    pub swept: Vec<(Pos, [char; 3])>,
    /// The records of the campaign's finished patrols, oldest first.
    pub records: Vec<PathBuf>,
    /// Whether the map shows the sight of the man whose card is up (or of the cursor's hex).
    pub sight: bool,
    /// A replay being watched, not a game being played (`replay.rs`).
    pub replay: Option<Viewing>,
}

impl App {
    pub fn game(&self) -> Option<&Game> {
        self.campaign.patrol.as_ref()
    }

    /// The hex of the man whose card is up, or of the section that moves.
    pub fn active_pos(&self) -> Option<Pos> {
        let game = self.game()?;
        match game.card_up() {
            Some(i) => game.soldiers()[i].pos,
            None => game.sections().get(self.section).and_then(|s| game.section_pos(s)),
        }
    }
}

/// One pause: what it is called, what happened, and where enemy appeared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub title: String,
    /// The turn a STOP card ended (none for an incident in patrol movement).
    pub stop: Option<u32>,
    /// What happened, a log line each, as the log words it.
    pub lines: Vec<String>,
    /// Hexes where enemy appeared.
    pub fresh: Vec<Pos>,
    /// The template rolls among them: the hex, the triangle hit and who was in it.
    pub templates: Vec<(Pos, u8, String)>,
    /// Where indirect fire that scatters came down (European Battlefield).
    pub landed: Vec<Pos>,
    /// Rows scrolled down (j/k), where it is longer than its panel.
    pub scroll: u16,
}

/// The full-screen log: its lines, the first one shown, and the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// What it shows: the log of the campaign, or a report.
    pub title: String,
    pub lines: Vec<String>,
    /// The line at the top of the screen.
    pub top: usize,
    /// What is searched for (found without regard to case).
    pub search: String,
    /// The search is being typed.
    pub typing: bool,
    /// Lines shown at once, as the last frame found it (a page).
    pub page: std::cell::Cell<usize>,
    /// The top line that shows the last line at the bottom of the page,
    /// long lines wrapped, as the last frame found it (None before one).
    pub bottom: std::cell::Cell<Option<usize>>,
    /// The line found last, shown in the middle of the page where it can be.
    pub at: Option<usize>,
}

/// Which page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The squad the next patrol sets out with: Enter sets out.
    Squad,
    /// The campaign so far: Enter or Esc closes.
    Campaign,
}

/// A replay being watched: its frames, the one shown, and every event in words.
#[derive(Clone, Debug)]
pub struct Viewing {
    pub replay: Replay,
    pub at: usize,
    /// `replay.events` in words, an entry for each event.
    pub(super) words: Vec<String>,
}
