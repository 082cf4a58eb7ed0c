//! The terminal game (ratatui): the title screen, then the map, deck,
//! roster and log panels with a status bar. Keys become `Msg`s through the
//! keymap, messages become the headless runner's commands in `App`, and the
//! campaign is saved after every change.
//!
//! The terminal is given back as it was on quit, on a panic (ratatui's own
//! hook, wrapped to release the mouse too), on SIGTERM, SIGHUP and SIGINT
//! (Unix), and on the console's Ctrl-Break and close events (Windows; there
//! Ctrl-C reaches the game as a key in raw mode, and quits like `q`). A
//! signal is met on a thread of its own, because the main thread may be
//! inside crossterm's read, which never returns once the terminal has hung
//! up: that thread waits for any save under way, gives the terminal back
//! and ends the program. Every change is saved as it is made, so nothing is
//! lost.

pub mod app;
pub mod deck;
pub mod help;
pub mod hexes;
pub mod history;
pub mod keymap;
pub mod log;
pub mod map;
pub mod model;
pub mod moment;
pub mod orders;
pub mod pages;
pub mod reference;
pub mod replay;
pub mod report;
pub mod roster;
pub mod rules_in_play;
pub mod status;
pub mod theme;
pub mod title;
pub mod view;

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, MouseEventKind,
};
use ratatui::crossterm::execute;

use crate::engine::RuleBook;
use crate::save::SaveError;
use crate::session::start::{self, Opened};
use keymap::Msg;
use model::{App, Overlay};
use theme::Theme;
use title::{Chosen, Title};

/// Where the terminal game starts.
pub enum Start {
    /// The title screen, with the data folder its lists come from, the rules
    /// for new games, and the seed offered for a new one.
    Title { data_dir: PathBuf, book: Arc<RuleBook>, seed: u64 },
    /// Straight into a campaign.
    Game(Box<Opened>),
    /// A new game the command line chose, once its rules are chosen on the
    /// "Rules in play" page: the choice, its words and its seed, and the
    /// save name given.
    NewGame {
        data_dir: PathBuf,
        book: Arc<RuleBook>,
        new: (start::Choice, String, u64),
        name: Option<String>,
        /// `new --iron-man`, `--real-dice`: the page starts with them chosen.
        table: start::Table,
    },
    /// A patrol played again (`hexpatrol replay`): the campaign it is of,
    /// the campaign's save name, and the replay. Nothing is saved.
    Replay(Box<(crate::engine::campaign::Campaign, String, crate::session::replay::Replay)>),
}

/// How a session at the terminal ended.
#[derive(Debug)]
pub enum Ended {
    /// The player quit (or a signal asked the game to stop); all is saved.
    Quit,
    /// A save failed: the game stopped with the last good save intact.
    SaveFailed(SaveError),
}

/// Held while a save is written, so that a signal never ends the program
/// halfway through one.
static SAVING: Mutex<()> = Mutex::new(());

/// Waits for any save under way, gives the terminal back and ends the program.
fn stop(code: i32) -> ! {
    let _saved = SAVING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    give_back();
    std::process::exit(code);
}

/// Ends the program on SIGTERM, SIGHUP or SIGINT, with the terminal given
/// back and 128 + the signal as the exit code, as a shell reports it.
#[cfg(unix)]
fn watch_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            stop(128 + signal);
        }
    });
    Ok(())
}

/// Ends the program on the console's Ctrl-C, Ctrl-Break and close events,
/// with the terminal given back. ctrlc cannot say which event came, so the
/// exit code is the one Windows gives a program that Ctrl-C ends
/// (STATUS_CONTROL_C_EXIT). On a close, Windows ends the process itself as
/// soon as ctrlc's handler has answered, perhaps before `stop` runs: the
/// console is gone by then anyway, and the last save is whole because every
/// save replaces the file in one rename (docs/SAVES.md).
#[cfg(windows)]
fn watch_signals() -> io::Result<()> {
    // The bits of 0xC000013A, which Windows reads as an unsigned code.
    const CONTROL_C_EXIT: i32 = 0xC000_013A_u32 as i32;
    match ctrlc::set_handler(|| stop(CONTROL_C_EXIT)) {
        // A second game in one process keeps the handler of the first.
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Ok(()),
        Err(e) => Err(io::Error::other(e)),
    }
}

/// Elsewhere no signal is watched: quitting, and the panic hook, still give
/// the terminal back.
#[cfg(not(any(unix, windows)))]
fn watch_signals() -> io::Result<()> {
    Ok(())
}

/// Takes the terminal: raw mode, the alternate screen and the mouse.
fn take_terminal() -> io::Result<DefaultTerminal> {
    let terminal = ratatui::try_init().inspect_err(|_| ratatui::restore())?;
    // ratatui's hook gives the screen back on a panic; the mouse goes first.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        hook(info);
    }));
    if let Err(e) = execute!(io::stdout(), EnableMouseCapture) {
        give_back();
        return Err(e);
    }
    Ok(terminal)
}

fn give_back() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
}

/// Gives the terminal back however the loop ends, even by `?`.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        give_back();
    }
}

/// The screen being played.
enum Screen {
    Title(Title),
    /// The game, its campaign's file and the data folder it is in.
    Game(Box<App>, Box<(crate::save::Slot, PathBuf)>),
    /// A replay watched: the game's screen, but nothing is played or saved.
    Replay(Box<App>),
}

/// How long to look for more input before drawing the next frame.
const DRAIN_WAIT: Duration = Duration::from_millis(1);

/// Plays at the terminal until the player quits.
///
/// # Errors
/// The terminal could not be taken or written; a campaign chosen on the
/// title screen is not an error (the title screen says what went wrong).
pub fn run(start: Start, theme: Theme) -> io::Result<Ended> {
    watch_signals()?;
    let mut terminal = take_terminal()?;
    let _guard = Guard;
    let mut screen = match start {
        Start::Title { data_dir, book, seed } => Screen::Title(Title::new(data_dir, book, theme, seed)),
        Start::Game(opened) => open(*opened, theme),
        Start::NewGame { data_dir, book, new, name, table } => {
            Screen::Title(Title::choosing_rules(data_dir, book, theme, new, (name, table)))
        }
        Start::Replay(parts) => {
            let (campaign, name, replay) = *parts;
            Screen::Replay(Box::new(App::replaying(campaign, &name, replay, theme)))
        }
    };
    loop {
        terminal.draw(|frame| match &screen {
            Screen::Title(t) => frame.render_widget(t, frame.area()),
            Screen::Game(app, _) | Screen::Replay(app) => frame.render_widget(&**app, frame.area()),
        })?;
        // Wait for input, then take every event already waiting before the
        // next frame, so that a held key never queues up frames.
        // Below the smallest size the screen only says so: no key but quit acts unseen.
        let size = terminal.size()?;
        let small = size.width < view::MIN_WIDTH || size.height < view::MIN_HEIGHT;
        loop {
            let ev = event::read()?;
            let unseen = small
                && match &ev {
                    Event::Key(k) => keymap::message(*k) != Some(Msg::Quit),
                    Event::Mouse(_) => true,
                    _ => false,
                };
            if !unseen && let Some(next) = handle(&mut screen, ev) {
                screen = next;
            }
            // The /dev/tty reader (see Cargo.toml) looks at the terminal
            // only for a wait above zero: a millisecond, paid once a frame,
            // finds all input waiting, a paste of any length included.
            if !event::poll(DRAIN_WAIT)? {
                break;
            }
        }
        match &mut screen {
            Screen::Game(app, slot) => {
                if app.settings_changed {
                    app.settings_changed = false;
                    // A setting that cannot be kept still holds for this session.
                    if let Err(e) = crate::save::save_settings(&slot.1, &settings(app)) {
                        app.notice = Some(format!("The setting holds until you quit, but was not kept: {e}"));
                    }
                }
                if app.unsaved {
                    let _saving = SAVING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    if let Err(e) = slot.0.save(&mut app.campaign, crate::session::now()) {
                        return Ok(Ended::SaveFailed(e));
                    }
                    app.unsaved = false;
                    if app.campaign.patrol.is_none() {
                        app.records = slot.0.records();
                        app.fallen = report::fallen(&app.records);
                    }
                }
                if app.quit {
                    return Ok(Ended::Quit);
                }
            }
            Screen::Replay(app) if app.quit => return Ok(Ended::Quit),
            Screen::Replay(_) => {}
            Screen::Title(t) if t.quit => return Ok(Ended::Quit),
            Screen::Title(_) => {}
        }
    }
}

fn open(opened: Opened, theme: Theme) -> Screen {
    let mut app = App::new(opened.campaign, &opened.name, theme);
    app.remember(opened.slot.records());
    app.fallen = report::fallen(&app.records);
    // The player's settings, or the defaults with a word on why.
    match crate::save::load_settings(&opened.data_dir) {
        Ok(s) => app.pause_at_stop = s.pause_at_quiet_stop,
        Err(e) => app.notice = Some(format!("Settings not read, the defaults hold: {e}")),
    }
    Screen::Game(Box::new(app), Box::new((opened.slot, opened.data_dir)))
}

/// The settings the player has chosen in this game.
fn settings(app: &App) -> crate::save::Settings {
    crate::save::Settings { pause_at_quiet_stop: app.pause_at_stop }
}

/// One terminal event; returns the next screen when the title screen
/// opened a game.
fn handle(screen: &mut Screen, ev: Event) -> Option<Screen> {
    match (screen, ev) {
        (Screen::Game(app, _), Event::Key(key)) if key.kind != KeyEventKind::Release => {
            if let Overlay::Prompt { .. } | Overlay::Dice { .. } = app.overlay {
                if let Some(k) = keymap::prompt_key(key) {
                    app.prompt_key(k);
                }
            } else if let Overlay::History(_) = app.overlay {
                app.history_key(key);
            } else if let Some(msg) = keymap::message(key) {
                app.update(msg);
            } else if let Overlay::Confirm { .. } = app.overlay {
                // Any key at all that does not confirm leaving stays on the map.
                app.update(Msg::Cancel);
            }
            None
        }
        (Screen::Game(app, _), Event::Mouse(m)) => {
            match m.kind {
                MouseEventKind::Down(_) => app.click(m.column, m.row),
                MouseEventKind::ScrollUp => app.update(Msg::LogUp),
                MouseEventKind::ScrollDown => app.update(Msg::LogDown),
                _ => {}
            }
            None
        }
        (Screen::Replay(app), Event::Key(key)) => {
            app.replay_key(key);
            None
        }
        (Screen::Title(t), Event::Key(key)) if key.kind != KeyEventKind::Release => {
            let typed = match key.code {
                KeyCode::Char(c) => t.type_seed(Some(c)),
                KeyCode::Backspace => t.type_seed(None),
                _ => false,
            };
            if typed {
                return None;
            }
            match t.update(keymap::message(key)?)? {
                Chosen::Quit => {
                    t.quit = true;
                    None
                }
                Chosen::Open(name) => match start::open_game(&t.data_dir, &name) {
                    Ok(opened) => Some(open(opened, t.theme)),
                    Err(e) => {
                        t.message = Some(e.to_string());
                        None
                    }
                },
                Chosen::New(choice, seed, book, table) => {
                    match start::new_game(&t.data_dir, book, &choice, t.new_name.as_deref(), seed, table) {
                        Ok(opened) => Some(open(opened, t.theme)),
                        Err(e) => {
                            t.message = Some(e.to_string());
                            None
                        }
                    }
                }
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod battlefield_tests;
#[cfg(test)]
mod dice_tests;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod pages_tests;
#[cfg(test)]
mod screen_tests;
#[cfg(test)]
mod tests;
