//! Every key of the game in one table: what it does and the words the help
//! screen and the status bar show for it. The app never matches on a key
//! anywhere else.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A direction on the hex grid (flat-topped hexes, odd columns half a hex lower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    North,
    South,
    /// The hex beside in the same row, to the west or east: on this grid it
    /// is always a neighbour (up-left or down-left by the column).
    West,
    East,
    NorthWest,
    NorthEast,
    SouthWest,
    SouthEast,
}

/// What a key asks the game to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    Cursor(Dir),
    /// Act on the hex under the cursor: step there, fire at it, exit from it.
    Act,
    /// Turn the next card.
    Turn,
    /// Next section (patrol movement) or next target (tactical action).
    Next,
    Fire,
    /// Fire at the cursor hex by the weapon's special method (Combat Patrol's burst).
    FireSpecial,
    /// Throw a hand grenade at the cursor hex (Combat Patrol).
    Throw,
    Reload,
    Move,
    Hold,
    Exit,
    Carry,
    Capture,
    /// The radio man calls H.E. fire on the cursor hex.
    Call,
    /// Set out on the campaign's next patrol.
    Begin,
    /// The patrol leader takes the next decision.
    Leader,
    /// Take back the last order of the patrol under way.
    Undo,
    /// Write the full odds of acting on the cursor hex into the log.
    Odds,
    /// Open the command line, for any command of the headless runner.
    Command,
    Help,
    Cancel,
    Quit,
    LogUp,
    LogDown,
    /// Whether every STOP card pauses play, or only those that bring enemy.
    Pause,
    /// The whole campaign's log, full-screen and searchable.
    FullLog,
    /// The after-action report of the last finished patrol, full-screen.
    Report,
    /// The campaign's after-action report, full-screen.
    CampaignReport,
    /// The campaign so far between patrols: its patrols, service records, roll of honour.
    Service,
    /// What every mark on the map means.
    Legend,
    /// Show or hide the sight of the man whose card is up.
    Sight,
    /// Throw every roll with the player's own dice, or let the game throw.
    Dice,
}

/// A key, the message it sends, and what the help screen says of it.
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub msg: Msg,
    /// The keys as the help screen writes them.
    pub label: &'static str,
    pub help: &'static str,
}

const fn bind(keys: &'static [KeyCode], msg: Msg, label: &'static str, help: &'static str) -> Binding {
    Binding { keys, msg, label, help }
}

use KeyCode::{BackTab, Char, Down, Enter, Esc, Left, PageDown, PageUp, Right, Tab, Up};

pub const KEYMAP: &[Binding] = &[
    bind(&[Up, Char('k')], Msg::Cursor(Dir::North), "k Up", "cursor to the hex above"),
    bind(&[Down, Char('j')], Msg::Cursor(Dir::South), "j Down", "cursor to the hex below"),
    bind(&[Left, Char('h')], Msg::Cursor(Dir::West), "h Left", "cursor to the hex beside, west"),
    bind(&[Right, Char('l')], Msg::Cursor(Dir::East), "l Right", "cursor to the hex beside, east"),
    bind(&[Char('y')], Msg::Cursor(Dir::NorthWest), "y u", "cursor up-left, up-right"),
    bind(&[Char('u')], Msg::Cursor(Dir::NorthEast), "", ""),
    bind(&[Char('b')], Msg::Cursor(Dir::SouthWest), "b n", "cursor down-left, down-right"),
    bind(&[Char('n')], Msg::Cursor(Dir::SouthEast), "", ""),
    bind(&[Enter], Msg::Act, "Enter", "act on the cursor hex: step there, fire at it, exit from it"),
    bind(&[Char(' ')], Msg::Turn, "Space", "turn the next card"),
    bind(&[Tab, BackTab], Msg::Next, "Tab", "next section (patrol) or next target (action)"),
    bind(&[Char('m')], Msg::Move, "m", "move to the cursor hex"),
    bind(&[Char('f')], Msg::Fire, "f", "fire at the cursor hex"),
    bind(&[Char('F')], Msg::FireSpecial, "F", "fire by the special method (Combat Patrol: burst, spray, MG arc)"),
    bind(&[Char('t')], Msg::Throw, "t", "throw a hand grenade at the cursor hex (Combat Patrol)"),
    bind(&[Char('R')], Msg::Reload, "R", "reload an empty MG, yours or one in your hex (Combat Patrol)"),
    bind(&[Char('.')], Msg::Hold, ".", "hold: the man whose card is up does nothing"),
    bind(&[Char('x')], Msg::Exit, "x", "exit the map from the home edge"),
    bind(&[Char('c')], Msg::Carry, "c", "carry a wounded man of your hex to the cursor hex"),
    bind(&[Char('p')], Msg::Capture, "p", "take a seriously wounded enemy in your hex prisoner"),
    bind(&[Char('r')], Msg::Call, "r", "radio: call H.E. fire on the cursor hex (lands at the STOP card)"),
    bind(&[Char('B')], Msg::Begin, "B", "set out on the next patrol"),
    bind(&[Char('a')], Msg::Leader, "a", "let the patrol leader take the next decision"),
    // `u` is the cursor's up-right (y u b n): taking back is the capital, or Backspace.
    bind(
        &[Char('U'), KeyCode::Backspace],
        Msg::Undo,
        "U Bksp",
        "take back your last order (the dice stay as they fell)",
    ),
    bind(&[Char('o')], Msg::Odds, "o", "write the exact odds for the cursor hex in the log"),
    bind(&[Char(':')], Msg::Command, ":", "type a command (split, join, odds, auto N ...)"),
    bind(&[PageUp, Char('K')], Msg::LogUp, "PgUp K", "scroll the log back"),
    bind(&[PageDown, Char('J')], Msg::LogDown, "PgDn J", "scroll the log forward"),
    bind(&[Char('L')], Msg::FullLog, "L", "the log full-screen: every patrol of the campaign, searchable (/)"),
    bind(&[Char('A')], Msg::Report, "A", "the after-action report of the last patrol finished, full-screen"),
    bind(
        &[Char('S')],
        Msg::Service,
        "S",
        "between patrols: the campaign so far (patrols, service records, roll of honour)",
    ),
    bind(&[Char('C')], Msg::CampaignReport, "C", "the campaign's after-action report, full-screen"),
    bind(&[Char('v')], Msg::Sight, "v", "show the sight of the man up (or the cursor's hex), with the need to hit"),
    bind(
        &[Char('D')],
        Msg::Dice,
        "D",
        "real dice: throw every roll with your own dice and type the faces, or let the game throw again",
    ),
    bind(&[Char('g')], Msg::Legend, "g", "the map's legend: what every mark means"),
    bind(
        &[Char('P')],
        Msg::Pause,
        "P",
        "pause at every STOP card, or only at those that bring enemy (kept for the next game)",
    ),
    bind(&[Char('?'), KeyCode::F(1)], Msg::Help, "?", "this help"),
    bind(&[Esc], Msg::Cancel, "Esc", "close, cancel"),
    bind(&[Char('q')], Msg::Quit, "q", "save and quit"),
];

/// The keys of the title screen's pages, as its last line shows them.
pub const TITLE_KEYS: &[(&str, &str)] =
    &[("Up/Down (j/k)", "choose"), ("Enter", "go"), ("Esc", "back"), ("?", "rules"), ("q", "quit")];

/// The keys of the "Rules in play" page of a new game (the same messages
/// as the keys above: Space sends `Turn`, Enter `Act`).
pub const RULES_IN_PLAY_KEYS: &[(&str, &str)] =
    &[("j/k", "choose"), ("Enter", "begin with a set / flip"), ("Space", "flip / load a set"), ("Esc", "back")];

/// The message of a key press or repeat, if the key means anything.
///
/// Releases are ignored: the Windows console reports one for every key
/// (and so do terminals that speak the kitty keyboard protocol), and a key
/// must act once. A held key repeats, as a player expects of the cursor.
/// Ctrl-C quits like `q` (the game is saved after every move anyway).
///
/// Alt alone changes nothing: terminals send Alt-k as Esc followed by `k`,
/// which is also what Esc and `k` pressed quickly look like, and macOS
/// sends Option-k that way when Option is set to act as Meta (otherwise
/// Option types a letter such as `˚`, bound to nothing). Control with Alt
/// on a character is AltGr on Windows, which types that character.
pub fn message(key: KeyEvent) -> Option<Msg> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if control(key) {
        return matches!(key.code, Char('c') | Char('q')).then_some(Msg::Quit);
    }
    KEYMAP.iter().find(|b| b.keys.contains(&key.code)).map(|b| b.msg)
}

/// A key typed while the command line is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKey {
    Char(char),
    Backspace,
    Enter,
    Cancel,
}

/// A key for the command line: characters as typed (AltGr's too),
/// Backspace, Enter, and Esc or Ctrl-C to give up. Other Control keys type
/// nothing.
pub fn prompt_key(key: KeyEvent) -> Option<PromptKey> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    match key.code {
        Char('c') if control(key) => Some(PromptKey::Cancel),
        Char(_) if control(key) => None,
        Char(c) => Some(PromptKey::Char(c)),
        KeyCode::Backspace => Some(PromptKey::Backspace),
        Enter => Some(PromptKey::Enter),
        Esc => Some(PromptKey::Cancel),
        _ => None,
    }
}

/// Control held, and not as half of AltGr: the Windows console reports a
/// character typed with AltGr (`@`, `{`, `\` on many European layouts)
/// with both Control and Alt.
fn control(key: KeyEvent) -> bool {
    let altgr = key.modifiers.contains(KeyModifiers::CONTROL | KeyModifiers::ALT) && matches!(key.code, Char(_));
    key.modifiers.contains(KeyModifiers::CONTROL) && !altgr
}

/// The label of the key that sends `msg`, for the status bar.
pub fn label(msg: Msg) -> &'static str {
    KEYMAP.iter().find(|b| b.msg == msg).map_or("", |b| b.label.split(' ').next().unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen = Vec::new();
        for b in KEYMAP {
            for k in b.keys {
                assert!(!seen.contains(k), "{k:?} is bound twice");
                seen.push(*k);
            }
        }
    }

    #[test]
    fn keys_send_their_messages() {
        let press = |code| message(KeyEvent::new(code, KeyModifiers::NONE));
        assert_eq!(press(Char('k')), Some(Msg::Cursor(Dir::North)));
        assert_eq!(press(Enter), Some(Msg::Act));
        assert_eq!(press(Char(' ')), Some(Msg::Turn));
        assert_eq!(press(Char('Z')), None);
        assert_eq!(message(KeyEvent::new(Char('c'), KeyModifiers::CONTROL)), Some(Msg::Quit));
        let mut release = KeyEvent::new(Enter, KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(message(release), None);
    }

    fn with(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> KeyEvent {
        KeyEvent::new_with_kind(code, modifiers, kind)
    }

    #[test]
    fn a_held_key_repeats_and_a_released_one_does_nothing() {
        let none = KeyModifiers::NONE;
        assert_eq!(message(with(Char('k'), none, KeyEventKind::Repeat)), Some(Msg::Cursor(Dir::North)));
        for code in [Char('k'), Char('q'), Char(' '), Enter, Esc, Tab] {
            assert_eq!(message(with(code, none, KeyEventKind::Release)), None, "{code:?}");
            assert_eq!(prompt_key(with(code, none, KeyEventKind::Release)), None, "{code:?}");
        }
        let ctrl_c_up = with(Char('c'), KeyModifiers::CONTROL, KeyEventKind::Release);
        assert_eq!(message(ctrl_c_up), None);
    }

    #[test]
    fn alt_and_altgr_and_macos_option_keys() {
        let press = |code, modifiers| message(KeyEvent::new(code, modifiers));
        // Alt (or Esc and a key at once, or Option as Meta) reads as the key.
        assert_eq!(press(Char('k'), KeyModifiers::ALT), Some(Msg::Cursor(Dir::North)));
        assert_eq!(press(Enter, KeyModifiers::ALT), Some(Msg::Act));
        // Option typing a letter of its own: bound to nothing, and harmless.
        assert_eq!(press(Char('˚'), KeyModifiers::NONE), None);
        assert_eq!(press(Char('œ'), KeyModifiers::ALT), None);
        // AltGr on Windows: Control and Alt with the character typed.
        let altgr = KeyModifiers::CONTROL | KeyModifiers::ALT;
        assert_eq!(press(Char('?'), altgr), Some(Msg::Help));
        assert_eq!(press(Char(':'), altgr), Some(Msg::Command));
        assert_eq!(prompt_key(KeyEvent::new(Char('@'), altgr)), Some(PromptKey::Char('@')));
        // Control alone is not typed; Ctrl-C gives up the command line.
        assert_eq!(press(Char('k'), KeyModifiers::CONTROL), None);
        assert_eq!(prompt_key(KeyEvent::new(Char('c'), KeyModifiers::CONTROL)), Some(PromptKey::Cancel));
        assert_eq!(prompt_key(KeyEvent::new(Char('w'), KeyModifiers::CONTROL)), None);
        assert_eq!(prompt_key(KeyEvent::new(Char('é'), KeyModifiers::NONE)), Some(PromptKey::Char('é')));
    }
}
