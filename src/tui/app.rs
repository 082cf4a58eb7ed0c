//! The terminal game's update: a key's message in, the model (`model.rs`)
//! moved on through the same commands the headless runner reads. Nothing
//! here draws or touches the terminal; `view` draws and `run` does the I/O.

use std::cell::Cell;
use std::collections::VecDeque;

use super::keymap::{Dir, Msg, PromptKey};
use super::model::{App, MapView, Overlay, PAGE, Page};
use super::moment;
use super::orders::Refusal;
use super::report;
use super::theme::Theme;
use crate::engine::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::{Command, Event, Game, Phase, Pos};
use crate::narrate::{describe_all, describe_odds};
use crate::session::{Line, ask, parse_typed, play_line};

impl App {
    pub fn new(campaign: Campaign, name: &str, theme: Theme) -> Self {
        let mut app = Self {
            campaign,
            cache: Cache::new(),
            name: name.to_string(),
            theme,
            cursor: Pos::new(0, 0),
            section: 0,
            log: Vec::new(),
            log_back: 0,
            overlay: Overlay::None,
            notice: None,
            quit: false,
            unsaved: false,
            map_view: Cell::new(MapView::default()),
            fallen: Vec::new(),
            help_last: Cell::new(u16::MAX),
            log_last: Cell::new(usize::MAX),
            moment_last: Cell::new(0),
            legend_last: Cell::new(u16::MAX),
            page_last: Cell::new(u16::MAX),
            report_last: Cell::new(u16::MAX),
            pending: VecDeque::new(),
            pause_at_stop: true,
            settings_changed: false,
            fresh: Vec::new(),
            swept: Vec::new(),
            records: Vec::new(),
            sight: false,
            replay: None,
        };
        app.log = app.rebuilt_log(None);
        app.cursor_to_section();
        // A game saved while an order waited for dice asks for the same roll.
        app.ask_dice();
        app
    }

    /// Carries out one message from a key or the mouse.
    pub fn update(&mut self, msg: Msg) {
        if let Overlay::Confirm { command, .. } = &self.overlay {
            let command = command.clone();
            self.overlay = Overlay::None;
            if matches!(msg, Msg::Exit | Msg::Act) {
                self.run(Line::Play(command));
            } else {
                self.notice = Some("Nobody leaves the map.".into());
            }
            return;
        }
        match (&mut self.overlay, msg) {
            (Overlay::Help { scroll }, Msg::Cursor(Dir::South)) => {
                *scroll = scroll.saturating_add(1).min(self.help_last.get());
            }
            (Overlay::Help { scroll }, Msg::Cursor(Dir::North)) => *scroll = scroll.saturating_sub(1),
            // PgDn and PgUp: the reference is long, so they go a page at a time.
            (Overlay::Help { scroll }, Msg::LogDown) => {
                *scroll = scroll.saturating_add(PAGE).min(self.help_last.get());
            }
            (Overlay::Help { scroll }, Msg::LogUp) => *scroll = scroll.saturating_sub(PAGE),
            // The last patrol's report, with the campaign's end, can be longer than its panel.
            (Overlay::Report { scroll, .. }, Msg::Cursor(Dir::South)) => {
                *scroll = scroll.saturating_add(1).min(self.report_last.get());
            }
            (Overlay::Report { scroll, .. }, Msg::Cursor(Dir::North)) => *scroll = scroll.saturating_sub(1),
            (Overlay::Report { scroll, .. }, Msg::LogDown) => {
                *scroll = scroll.saturating_add(PAGE).min(self.report_last.get());
            }
            (Overlay::Report { scroll, .. }, Msg::LogUp) => *scroll = scroll.saturating_sub(PAGE),
            (Overlay::Help { .. } | Overlay::Report { .. }, Msg::Help | Msg::Cancel | Msg::Act) => self.close(),
            // The debrief of the patrol just over opens into its whole report.
            (Overlay::Report { .. }, Msg::Report) => {
                self.close();
                self.open_report(false);
            }
            (Overlay::Legend { .. }, Msg::Legend | Msg::Help | Msg::Cancel | Msg::Act) => self.close(),
            (Overlay::Legend { scroll }, Msg::Cursor(Dir::South) | Msg::LogDown) => {
                *scroll = scroll.saturating_add(1).min(self.legend_last.get());
            }
            (Overlay::Legend { scroll }, Msg::Cursor(Dir::North) | Msg::LogUp) => *scroll = scroll.saturating_sub(1),
            (Overlay::Page { scroll, .. }, Msg::Cursor(Dir::South)) => {
                *scroll = scroll.saturating_add(1).min(self.page_last.get());
            }
            (Overlay::Page { scroll, .. }, Msg::Cursor(Dir::North)) => *scroll = scroll.saturating_sub(1),
            (Overlay::Page { scroll, .. }, Msg::LogDown) => {
                *scroll = scroll.saturating_add(PAGE).min(self.page_last.get());
            }
            (Overlay::Page { scroll, .. }, Msg::LogUp) => *scroll = scroll.saturating_sub(PAGE),
            // The squad page: Enter sets out; the command line hands out weapons.
            (Overlay::Page { page: Page::Squad, .. }, Msg::Act | Msg::Begin) => {
                self.close();
                self.run(Line::Begin);
            }
            (Overlay::Page { page: Page::Squad, .. }, Msg::Command) => {
                self.overlay = Overlay::Prompt { text: String::new() };
            }
            (Overlay::Page { page: Page::Squad, .. }, Msg::Service) => self.open_page(Page::Campaign),
            (Overlay::Page { .. }, Msg::Act | Msg::Cancel | Msg::Help | Msg::Service) => self.close(),
            (Overlay::Page { .. }, Msg::Quit) => self.quit = true,
            (Overlay::Page { .. }, _) => {}
            // A pause goes on with Enter, Space or Esc; the log scrolls under it.
            (Overlay::Moment(_), Msg::Act | Msg::Turn | Msg::Cancel) => self.close(),
            // The whole log over a pause, which comes back when it closes.
            (Overlay::Moment(_), Msg::FullLog) => {
                let moment = std::mem::replace(&mut self.overlay, Overlay::None);
                self.pending.push_front(moment);
                self.open_history();
            }
            (Overlay::Moment(_), Msg::LogUp | Msg::LogDown | Msg::Pause) => self.play(msg),
            // j/k scroll a pause longer than its panel.
            (Overlay::Moment(m), Msg::Cursor(Dir::South)) => m.scroll = (m.scroll + 1).min(self.moment_last.get()),
            (Overlay::Moment(m), Msg::Cursor(Dir::North)) => m.scroll = m.scroll.saturating_sub(1),
            (
                Overlay::Help { .. } | Overlay::Report { .. } | Overlay::Moment(_) | Overlay::Legend { .. },
                Msg::Quit,
            ) => {
                self.quit = true;
            }
            (Overlay::Help { .. } | Overlay::Report { .. } | Overlay::Moment(_) | Overlay::Legend { .. }, _) => {}
            (Overlay::Prompt { .. } | Overlay::Dice { .. } | Overlay::History(_) | Overlay::Confirm { .. }, _) => {}
            (Overlay::None, msg) => self.play(msg),
        }
    }

    /// Closes the overlay, opening what waits behind it.
    pub(super) fn close(&mut self) {
        self.overlay = self.pending.pop_front().unwrap_or(Overlay::None);
    }

    /// Opens a page between patrols over whatever is open.
    pub fn open_page(&mut self, page: Page) {
        let lines = page.lines(self);
        self.overlay = Overlay::Page { page, lines, scroll: 0 };
    }

    /// Shows `overlay` now if nothing else is open, else after what is.
    fn show(&mut self, overlay: Overlay) {
        if self.overlay == Overlay::None {
            self.overlay = overlay;
        } else {
            self.pending.push_back(overlay);
        }
    }

    /// A typed character or key while the command line is open.
    pub fn prompt_key(&mut self, key: PromptKey) {
        if let Overlay::Dice { .. } = self.overlay {
            return self.dice_key(key);
        }
        let Overlay::Prompt { text } = &mut self.overlay else { return };
        match key {
            PromptKey::Char(c) => text.push(c),
            PromptKey::Backspace => {
                text.pop();
            }
            PromptKey::Cancel => self.overlay = Overlay::None,
            PromptKey::Enter => {
                let typed = std::mem::take(text);
                self.overlay = Overlay::None;
                if matches!(typed.trim(), "help" | "?") {
                    self.overlay = Overlay::Help { scroll: 0 };
                    return;
                }
                match parse_typed(&typed, false) {
                    Ok(Line::Skip) => {}
                    Ok(line) => self.run(line),
                    Err(e) => self.notice = Some(e.says(&typed)),
                }
            }
        }
    }

    /// A key while an order waits for dice: faces typed, Enter throws
    /// them (or `-`, the game's), Esc withdraws the order.
    fn dice_key(&mut self, key: PromptKey) {
        let Overlay::Dice { text, .. } = &mut self.overlay else { return };
        match key {
            // No die has a q: it quits, and the game asks again when resumed.
            PromptKey::Char('q') => self.quit = true,
            PromptKey::Char(c) => text.push(c),
            PromptKey::Backspace => {
                text.pop();
            }
            PromptKey::Cancel => self.withdraw(),
            // The faces; or, as plain mode takes them while dice are asked,
            // `cancel` or a `dice`, `undo` or `odds` line (`session::parse_typed`).
            PromptKey::Enter => {
                let typed = std::mem::take(text);
                match parse_typed(&typed, true) {
                    Ok(Line::Withdraw) => self.withdraw(),
                    Ok(line) => {
                        self.overlay = Overlay::None;
                        self.run(line);
                        // Odds change nothing: the order still waits, and its box comes back.
                        if self.overlay == Overlay::None {
                            self.ask_dice();
                        }
                    }
                    Err(e) => self.notice = Some(e.says(&typed)),
                }
            }
        }
    }

    /// Withdraws the order waiting for dice (Esc in the dice box).
    fn withdraw(&mut self) {
        self.overlay = Overlay::None;
        let owed = self.campaign.owed.len();
        self.run(Line::Withdraw);
        self.notice = Some(
            match self.campaign.owed.len() > owed {
                true => "Order withdrawn. The faces typed for it stand: the next throws of the same dice take them.",
                false => "Order withdrawn.",
            }
            .into(),
        );
    }

    /// Asks for the roll an order waits for, if one does.
    pub fn ask_dice(&mut self) {
        if let Some(w) = self.campaign.wanted(&mut self.cache) {
            let ask = w.ask();
            let ask = format!("{}{ask}", ask[..1].to_uppercase(), ask = &ask[1..]);
            self.show(Overlay::Dice { ask, text: String::new() });
        }
    }

    fn play(&mut self, msg: Msg) {
        self.notice = None;
        match msg {
            Msg::Cursor(d) => self.cursor = step(self.cursor, d, self.game()),
            Msg::Help => self.overlay = Overlay::Help { scroll: 0 },
            // Esc: back to the man whose card is up, or the section that moves.
            Msg::Cancel => self.cursor_to_section(),
            Msg::Quit => self.quit = true,
            Msg::Command => self.overlay = Overlay::Prompt { text: String::new() },
            Msg::FullLog => self.open_history(),
            Msg::Report => self.open_report(false),
            Msg::CampaignReport => self.open_report(true),
            Msg::Legend => self.overlay = Overlay::Legend { scroll: 0 },
            Msg::Dice => {
                self.run(Line::RealDice(!self.campaign.real_dice));
                self.unsaved = true;
                self.notice = Some(if self.campaign.real_dice {
                    "Real dice: the game says what to roll and you type the faces (D: the game throws again).".into()
                } else {
                    "The game throws the dice (D: your own dice). `dice 4 3` at the command line (:) throws the next \
                     roll by hand."
                        .into()
                });
            }
            Msg::Sight => {
                self.sight = !self.sight;
                self.notice = Some(if self.sight {
                    "Sight shown: hexes the man whose card is up sees (else the cursor's hex) dotted, \
                     the need to hit under each enemy he can hit. v hides it."
                        .into()
                } else {
                    "Sight hidden (v shows it).".into()
                });
            }
            Msg::LogUp => self.log_back = (self.log_back + 5).min(self.log_last.get()),
            Msg::LogDown => self.log_back = self.log_back.saturating_sub(5),
            Msg::Pause => {
                self.pause_at_stop = !self.pause_at_stop;
                self.settings_changed = true;
                self.notice = Some(if self.pause_at_stop {
                    "Every STOP card pauses play (P: only those that bring enemy or end the action).".into()
                } else {
                    "Only a STOP card that brings enemy or ends the action pauses play now (P: every one).".into()
                });
            }
            Msg::Next => self.next(),
            // Between patrols the squad is shown before it sets out.
            Msg::Begin | Msg::Act if self.game().is_none() && !self.campaign.is_over() => self.open_page(Page::Squad),
            Msg::Begin => self.run(Line::Begin),
            Msg::Service if self.game().is_none() => self.open_page(Page::Campaign),
            Msg::Service => self.notice = Some("The campaign's page opens between patrols (C: its report).".into()),
            Msg::Leader => self.run(Line::Auto(1)),
            Msg::Undo => self.run(Line::Undo(1)),
            Msg::Turn => self.run(Line::Play(Command::Turn)),
            Msg::Hold => self.run(Line::Play(Command::Hold)),
            Msg::Odds => match self.odds_query() {
                Ok(q) => self.run(Line::Odds(q)),
                Err(why) => self.notice = Some(why),
            },
            Msg::Act
            | Msg::Move
            | Msg::Fire
            | Msg::FireSpecial
            | Msg::Throw
            | Msg::Reload
            | Msg::Exit
            | Msg::Carry
            | Msg::Capture
            | Msg::Call => match self.order(msg) {
                Ok(line) => self.run(line),
                Err(Refusal::Say(why)) => self.notice = Some(why),
                Err(Refusal::Choose(section)) => {
                    self.section = section;
                    let name = self.game().and_then(|g| g.sections().get(section)).map(|s| s.name.clone());
                    self.notice = name.map(|n| format!("Section {n} chosen: it moves next."));
                }
                Err(Refusal::Confirm(reasons, command)) => self.overlay = Overlay::Confirm { reasons, command },
            },
        }
    }

    /// Runs one line of the command language, as the headless runner would,
    /// and writes what happened in the log.
    pub fn run(&mut self, line: Line) {
        // Odds are an answer, not something that happened: the status line shows them.
        if let Line::Odds(q) = &line {
            self.notice = Some(match ask(&self.campaign, &self.cache, q) {
                Ok(answer) => describe_odds(&answer).lines().map(str::trim_start).collect::<Vec<_>>().join(" | "),
                Err(e) => format!("No odds: {e}"),
            });
            return;
        }
        let begins = matches!(line, Line::Begin);
        let issues = matches!(line, Line::Issue { .. });
        self.notice = None;
        let (events, refused) = match play_line(&mut self.campaign, &mut self.cache, line) {
            Ok(events) => (events, None),
            Err((events, e)) => (events, Some(e)),
        };
        if begins && !events.is_empty() {
            self.log = report::patrol_opening(&self.campaign);
        }
        let book = self.campaign.book.clone();
        // The leader's choices are the session's, not the patrol's: a save
        // keeps only what they did, so the log does too.
        let events: Vec<Event> = events.into_iter().filter(|e| !matches!(e, Event::Auto { .. })).collect();
        // Orders taken back leave the saved history as if never given: the
        // log is written again from it, and the status line says what went.
        let taken_back = events.iter().find(|e| matches!(e, Event::TakenBack { .. }));
        if let Some(e) = taken_back {
            self.notice = Some(crate::narrate::describe(e, &book));
            self.log = self.rebuilt_log(None);
        } else {
            self.log.extend(describe_all(&events, &book));
        }
        if let Some(e) = refused {
            // The status line only: the log holds what happened.
            self.notice = Some(format!("Not now: {e}"));
        }
        // A weapon handed out: back to the squad, as it stands now.
        if issues && !events.is_empty() && self.overlay == Overlay::None {
            self.open_page(Page::Squad);
        }
        // The order waits for the player's dice: ask for the roll.
        if self.campaign.waiting.is_some() {
            self.unsaved = true;
            if matches!(self.overlay, Overlay::None) {
                self.ask_dice();
            }
        }
        if events.is_empty() {
            return;
        }
        let taken_back = events.iter().any(|e| matches!(e, Event::TakenBack { .. }));
        self.log_back = 0;
        self.fresh.clear();
        // A grenade steered on through the air: its scatter so far, from its throw.
        let steered = events.iter().find_map(|e| match e {
            Event::Grenade { .. } => Some(false),
            Event::Scatter { .. } => Some(true),
            _ => None,
        });
        let log = &self.campaign.log;
        self.swept = match steered.and_then(|_| log.iter().rposition(|e| matches!(e, Event::Grenade { .. }))) {
            Some(k) if steered == Some(true) => moment::swept(&log[k..]),
            _ => moment::swept(&events),
        };
        for m in moment::moments(&events, &book).into_iter().filter(|_| !taken_back) {
            self.fresh.extend(&m.fresh);
            if self.pause_at_stop || m.must_show() {
                self.show(Overlay::Moment(m));
            }
        }
        self.unsaved = true;
        let moved = events.iter().any(|e| matches!(e, Event::Start { .. } | Event::Sections { .. }));
        if moved || self.section >= self.game().map_or(0, |g| g.sections().len()) {
            self.section = 0;
        }
        if let Some(record) = &self.campaign.unarchived {
            let mut lines = report::debrief(record);
            // The last patrol's report goes on with the campaign's summary.
            for end in events.iter().filter(|e| matches!(e, Event::CampaignEnd { .. })) {
                lines.push(String::new());
                lines.extend(crate::narrate::campaign_end(end));
            }
            self.show(Overlay::Report { lines, scroll: 0 });
            // Then the campaign so far (the record just made is in it).
            let lines = Page::Campaign.lines(self);
            self.show(Overlay::Page { page: Page::Campaign, lines, scroll: 0 });
        }
        if self.campaign.patrol.is_none() {
            // Written again from the record, as a resume between patrols writes it.
            self.log = self.rebuilt_log(None);
        }
        // The man whose card came up, or the section after a step, is where the eye goes next.
        let card_up = self.game().and_then(Game::card_up).is_some();
        let stepped = events.iter().any(|e| matches!(e, Event::Moved { .. } | Event::Sections { .. }))
            && matches!(self.game().map(|g| g.phase()), Some(Phase::Patrol));
        if begins || card_up || stepped {
            self.cursor_to_section();
        }
        // Where the enemy appears is where the eye goes, when no man of ours waits for an order.
        let appeared = events.iter().rev().find_map(|e| match e {
            Event::EnemyAppears { hex, .. } => Some(*hex),
            _ => None,
        });
        if let (Some(hex), false, Some(_)) = (appeared, card_up, self.game()) {
            self.cursor = hex;
            self.notice = Some(format!("Enemy at {hex}. Esc brings the cursor back to your men."));
        }
    }

    /// Puts the cursor on the man whose card is up, or on the chosen section.
    pub(super) fn cursor_to_section(&mut self) {
        if let Some(p) = self.active_pos() {
            self.cursor = p;
        }
    }

    /// A click on the map: the first click on a hex puts the cursor there,
    /// a second acts on it.
    pub fn click(&mut self, column: u16, row: u16) {
        let view = self.map_view.get();
        let inside =
            column >= view.area.x && row >= view.area.y && column < view.area.right() && row < view.area.bottom();
        let Some(game) = self.game().filter(|_| inside && self.overlay == Overlay::None) else { return };
        let x = column - view.area.x + view.origin.0;
        let y = row - view.area.y + view.origin.1;
        if let Some(p) = view.scale.hex_at(x, y).filter(|&p| game.map().contains(p)) {
            if p == self.cursor {
                self.update(Msg::Act);
            } else {
                self.cursor = p;
                self.notice = None;
            }
        }
    }
}

/// The hex one step from `p` in direction `d`, kept on the map.
pub fn step(p: Pos, d: Dir, game: Option<&Game>) -> Pos {
    let odd = p.col.rem_euclid(2) == 1;
    let (dc, dr) = match d {
        Dir::North => (0, -1),
        Dir::South => (0, 1),
        Dir::West => (-1, 0),
        Dir::East => (1, 0),
        // Odd columns sit half a hex lower, so their upper neighbours share the row.
        Dir::NorthWest => (-1, if odd { 0 } else { -1 }),
        Dir::NorthEast => (1, if odd { 0 } else { -1 }),
        Dir::SouthWest => (-1, if odd { 1 } else { 0 }),
        Dir::SouthEast => (1, if odd { 1 } else { 0 }),
    };
    let to = Pos::new(p.col + dc, p.row + dr);
    match game {
        Some(g) if g.map().contains(to) => to,
        Some(_) => p,
        None => to,
    }
}
