//! Colours and glyphs. Colour only ever repeats what a glyph or a letter
//! already says, so `NO_COLOR` (and a terminal without colour) loses nothing;
//! `--ascii` swaps every box-drawing and symbol character for plain ASCII.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub ascii: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything (no-color.org), and
    /// box drawing unless the player asked for ASCII.
    pub fn from_env(no_color: Option<&str>, ascii: bool) -> Self {
        Self { color: no_color.is_none_or(str::is_empty), ascii }
    }

    fn fg(self, c: Color) -> Style {
        if self.color { Style::new().fg(c) } else { Style::new() }
    }

    /// The colour of a terrain by its key in the rules data; the glyph says
    /// the same thing.
    pub fn terrain(self, key: &str) -> Style {
        self.fg(match key {
            "woods" => Color::Green,
            "hedgerow" => Color::LightGreen,
            "buildings" => Color::LightRed,
            "crops" => Color::Yellow,
            "water" => Color::Blue,
            "road" => Color::Gray,
            _ => Color::DarkGray,
        })
    }

    pub fn friend(self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }

    pub fn enemy(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// Men down, minefields: things to notice.
    pub fn warn(self) -> Style {
        self.fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
    }

    pub fn objective(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    pub fn home(self) -> Style {
        self.fg(Color::LightGreen)
    }

    pub fn outline(self) -> Style {
        self.fg(Color::DarkGray)
    }

    pub fn dim(self) -> Style {
        if self.color { Style::new().fg(Color::DarkGray) } else { Style::new().add_modifier(Modifier::DIM) }
    }

    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The cursor and the chosen line of a menu: reversed, which needs no colour.
    pub fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn key(self) -> Style {
        self.fg(Color::LightYellow).add_modifier(Modifier::BOLD)
    }

    pub fn stop(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    pub fn border(self) -> border::Set<'static> {
        if self.ascii {
            border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            }
        } else {
            border::PLAIN
        }
    }

    /// A hex in the sight of the man whose card is up (`v`): tinted, with colour.
    pub fn sight(self) -> Style {
        if self.color { Style::new().bg(Color::Indexed(236)) } else { Style::new() }
    }

    /// What fills the empty room of a hex in sight, so that it shows without colour.
    pub fn sight_mark(self) -> char {
        if self.ascii { ':' } else { '·' }
    }

    /// The mark of the home edge under a hex of it.
    pub fn home_mark(self) -> char {
        if self.ascii { '^' } else { '⌂' }
    }

    /// The back of a face-down card, in the deck's stack.
    pub fn card_back(self) -> &'static str {
        if self.ascii { "#" } else { "▒" }
    }
}
