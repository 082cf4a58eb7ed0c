//! The campaign's pages between patrols, full-screen and scrolled with
//! j/k and PgUp/PgDn: the squad that will set out (Enter sets out), and
//! the campaign so far (every patrol, each man's service record, the roll
//! of honour). Their words are `report::screens`, which plain mode says.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::model::{App, Page};
use crate::report::screens;

impl Page {
    /// The page's lines, as the campaign stands now.
    pub fn lines(self, app: &App) -> Vec<String> {
        match self {
            Page::Squad => screens::squad(&app.campaign),
            Page::Campaign => screens::campaign(&app.campaign, &app.records),
        }
    }

    fn title(self, more: bool) -> String {
        let scroll = if more { ", j/k scroll" } else { "" };
        match self {
            Page::Squad => format!(" The squad: Enter sets out, :issue, S campaign, Esc back{scroll} "),
            Page::Campaign => format!(" The campaign so far: Enter or Esc closes{scroll} "),
        }
    }
}

/// Draws `lines` of `page` over the whole screen, `scroll` lines down
/// (no further than the last line shows); returns how far it can scroll.
pub fn render(app: &App, page: Page, lines: &[String], scroll: u16, area: Rect, buf: &mut Buffer) -> u16 {
    Clear.render(area, buf);
    let rows = area.height.saturating_sub(2);
    let last = u16::try_from(lines.len()).unwrap_or(u16::MAX).saturating_sub(rows);
    let block = Block::bordered().border_set(app.theme.border()).title(page.title(last > 0));
    let text: Vec<Line> = lines.iter().skip(usize::from(scroll.min(last))).map(|l| Line::from(l.clone())).collect();
    Paragraph::new(text).block(block).render(area, buf);
    last
}
