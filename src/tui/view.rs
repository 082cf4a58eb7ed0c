//! The whole screen: the four panels, the status bar, and whatever overlay
//! is open. Every panel draws into the area it is given and nothing else,
//! so any terminal size, down to nothing at all, draws without a panic.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::model::{App, Overlay};
use super::{deck, help, hexes, history, log, map, moment, roster, status};

/// The smallest terminal the game is drawn in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 18;

/// The panels' places on a screen of this size.
pub struct Areas {
    pub map: Rect,
    pub log: Rect,
    pub deck: Rect,
    pub roster: Rect,
    pub status: Rect,
}

/// The rows the log keeps when it runs under both columns.
const LOG_ROWS: u16 = 8;

/// The narrowest and widest the deck and roster's column is drawn.
const RIGHT_WIDTH: (u16, u16) = (34, 64);

pub fn areas(app: &App, area: Rect) -> Areas {
    let [main, status] = Layout::vertical([Constraint::Min(0), Constraint::Length(3)]).areas(area);
    // The deck's card is drawn large where there are rows enough, else in a line.
    let deck_height = if main.height >= 30 { 9 } else { 5 };
    if let Some(game) = app.game() {
        let (cols, rows) = (game.map().width, game.map().height);
        // Where the whole map fits above a log of its own, at the biggest
        // hexes that do, the log runs under both columns and takes every
        // row the map and the roster (shrunk to its men) leave.
        for scale in hexes::SCALES {
            let (w, h) = scale.canvas(cols, rows);
            let (map_width, map_height) = (w.saturating_add(2), h.saturating_add(2));
            if main.height < map_height.saturating_add(LOG_ROWS) || area.width < map_width.saturating_add(RIGHT_WIDTH.0)
            {
                continue;
            }
            let right_width = (area.width - map_width).clamp(RIGHT_WIDTH.0, RIGHT_WIDTH.1);
            let right_need = deck_height + roster::rows_wanted(game) + 2;
            let top = map_height.max(right_need.min(main.height - LOG_ROWS));
            let [upper, log] = Layout::vertical([Constraint::Length(top), Constraint::Min(0)]).areas(main);
            let [map, right] = Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(upper);
            let [deck, roster] = Layout::vertical([Constraint::Length(deck_height), Constraint::Min(0)]).areas(right);
            return Areas { map, log, deck, roster, status };
        }
    }
    // The map takes the width it needs (when the screen has it), the deck and roster the rest.
    // Between patrols the left holds the briefing and the right the roll: a
    // little more to the left.
    let map_width = app.game().map_or(area.width * 3 / 5, |g| map::canvas_size(g.map().width, g.map().height).0 + 2);
    let right_width = area.width.saturating_sub(map_width).clamp(RIGHT_WIDTH.0, RIGHT_WIDTH.1);
    let [left, right] = Layout::horizontal([Constraint::Min(0), Constraint::Length(right_width)]).areas(main);
    // The map takes what it needs if the log keeps eight rows, else two thirds; the log the rest.
    // Between patrols the briefing takes the rows it needs and the log the rest.
    let map_height = app.game().map_or_else(
        || u16::try_from(briefing(app).line_count(left.width.saturating_sub(2).max(1))).unwrap_or(u16::MAX) + 2,
        |g| map::canvas_size(g.map().width, g.map().height).1 + 2,
    );
    let log_rows = if app.game().is_some() { 8 } else { left.height.saturating_sub(map_height).max(5) };
    let room = left.height.saturating_sub(log_rows).max(left.height.saturating_mul(2) / 3);
    let map_height = map_height.min(room).max(left.height.min(8));
    let [map, log] = Layout::vertical([Constraint::Length(map_height), Constraint::Min(0)]).areas(left);
    let deck_height = if app.game().is_some() { deck_height } else { 0 };
    let [deck, roster] = Layout::vertical([Constraint::Length(deck_height), Constraint::Min(0)]).areas(right);
    Areas { map, log, deck, roster, status }
}

/// The campaign between patrols: its title, rules, briefing and the next patrol.
fn briefing(app: &App) -> Paragraph<'static> {
    let title = format!("{} | {}", app.campaign.title, app.name);
    let mut lines = vec![
        Line::styled(title, app.theme.title()),
        Line::from(super::report::rules_in_play(&app.campaign)),
        Line::from(app.campaign.briefing.clone()),
    ];
    // What comes next opens with a blank line of its own.
    lines.extend(super::report::between_patrols(&app.campaign).into_iter().map(Line::from));
    Paragraph::new(lines).wrap(Wrap { trim: true })
}

/// A bordered panel with its title; returns the inside.
fn panel(app: &App, title: &str, area: Rect, buf: &mut Buffer) -> Rect {
    let block = Block::bordered().border_set(app.theme.border()).title(format!(" {title} "));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let words = format!(
                "hexpatrol needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}. \
                 Make it bigger, or press q to save and quit.",
                area.width, area.height
            );
            Paragraph::new(words).wrap(Wrap { trim: true }).render(area, buf);
            return;
        }
        let a = areas(self, area);
        let inner = panel(self, if self.game().is_some() { "Map (g: legend)" } else { "Map" }, a.map, buf);
        match self.game() {
            Some(game) => map::render(self, game, inner, buf),
            None => briefing(self).render(inner, buf),
        }
        let inner = panel(self, &log::title(self), a.log, buf);
        log::render(self, inner, buf);
        if !a.deck.is_empty() {
            let inner = panel(self, "Deck", a.deck, buf);
            deck::render(self, inner, buf);
        }
        let inner = panel(self, "Roster", a.roster, buf);
        roster::render(self, inner, buf);
        status::render(self, a.status, buf);
        match &self.overlay {
            Overlay::Help { scroll } => help::render(self, *scroll, area, buf),
            Overlay::Report { lines, scroll } => {
                let popup = area.inner(ratatui::layout::Margin::new(area.width / 6, area.height / 6));
                Clear.render(popup, buf);
                let text: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
                let text = Paragraph::new(text).wrap(Wrap { trim: false });
                // Rows of wrapped text past the panel's, which j/k and PgUp/PgDn reach.
                let rows = u16::try_from(text.line_count(popup.width.saturating_sub(2).max(1))).unwrap_or(u16::MAX);
                let last = rows.saturating_sub(popup.height.saturating_sub(2));
                self.report_last.set(last);
                let title = if last > 0 {
                    " After-action: Enter closes, j/k, A full report "
                } else {
                    " After-action: Enter closes, A the full report "
                };
                let block = Block::bordered().border_set(self.theme.border()).title(title);
                text.block(block).scroll((*scroll.min(&last), 0)).render(popup, buf);
            }
            // Over the deck and roster: the map stays in sight, the new enemy marked on it.
            Overlay::Moment(m) => {
                let over = if a.deck.is_empty() { a.roster } else { a.deck.union(a.roster) };
                moment::render(self, m, over, buf);
            }
            Overlay::History(h) => history::render(self, h, area, buf),
            Overlay::Legend { scroll } => help::render_legend(self, *scroll, area, buf),
            Overlay::Page { page, lines, scroll } => {
                self.page_last.set(super::pages::render(self, *page, lines, *scroll, area, buf));
            }
            Overlay::Confirm { reasons, .. } => {
                let over = if a.deck.is_empty() { a.roster } else { a.deck.union(a.roster) };
                moment::render_confirm(self, reasons, over, buf);
            }
            Overlay::Prompt { .. } | Overlay::Dice { .. } | Overlay::None => {}
        }
    }
}
