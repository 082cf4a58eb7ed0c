//! The log full-screen (`L`): every patrol of the campaign, from the
//! records of the finished ones and the log of the one under way, scrolled
//! a line or a page at a time and searched with `/`. The after-action
//! reports (`A`, `C`) are read the same way.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::model::{App, History, Overlay};
use std::path::PathBuf;

use super::report;
use crate::narrate::describe_all;

impl History {
    /// The lines that hold the search.
    fn hits(&self) -> impl Iterator<Item = usize> + '_ {
        let needle = self.search.to_lowercase();
        self.lines
            .iter()
            .enumerate()
            .filter(move |(_, l)| !needle.is_empty() && l.to_lowercase().contains(&needle))
            .map(|(i, _)| i)
    }

    fn last_top(&self) -> usize {
        self.bottom.get().unwrap_or_else(|| self.lines.len().saturating_sub(self.page.get().max(1)))
    }

    /// The next line holding the search below the one found last (`down`),
    /// or above it; from the end when none was found yet.
    fn find(&mut self, down: bool) -> bool {
        let from = self.at.unwrap_or(self.lines.len());
        let found = if down { self.hits().find(|&i| i > from) } else { self.hits().filter(|&i| i < from).last() };
        if let Some(i) = found {
            self.at = Some(i);
            self.top = i.saturating_sub(self.page.get() / 2).min(self.last_top());
        }
        found.is_some()
    }
}

impl App {
    /// The campaign's finished patrols, from its records: between patrols
    /// the log shows the last of them, as it did when that patrol ended.
    pub fn remember(&mut self, records: Vec<PathBuf>) {
        self.records = records;
        if self.campaign.patrol.is_none() && self.campaign.unarchived.is_none() {
            let last = self.records.last().and_then(|p| report::read_record(p).ok());
            self.log = self.rebuilt_log(last.as_ref());
        }
    }

    /// The log as the saved events write it: the patrol under way from its
    /// opening, or between patrols the one just ended (`last`, when its
    /// record is no longer in the campaign) and what comes next. The log of
    /// a game played on and of the same game resumed are the same.
    pub(super) fn rebuilt_log(&self, last: Option<&crate::engine::campaign::PatrolRecord>) -> Vec<String> {
        let book = &self.campaign.book;
        if self.campaign.patrol.is_some() {
            let mut log = report::patrol_opening(&self.campaign);
            log.extend(describe_all(&self.campaign.log, book));
            return log;
        }
        let mut log = match self.campaign.unarchived.as_ref().or(last) {
            Some(record) => report::record_log(record, book),
            None => Vec::new(),
        };
        log.extend(report::between_patrols(&self.campaign));
        log
    }

    /// Opens the full-screen log at its end.
    pub fn open_history(&mut self) {
        let book = self.campaign.book.clone();
        let mut lines = Vec::new();
        for path in &self.records {
            match report::read_record(path) {
                Ok(r) => lines.extend(report::record_log(&r, &book)),
                Err(e) => lines.push(format!("{}: cannot be read: {e}", path.display())),
            }
            lines.push(String::new());
        }
        if self.campaign.patrol.is_some() {
            lines.extend(self.log.iter().cloned());
        } else {
            if let Some(r) = &self.campaign.unarchived {
                lines.extend(report::record_log(r, &book));
            }
            lines.extend(report::between_patrols(&self.campaign));
        }
        let page = 20;
        let top = lines.len().saturating_sub(page);
        let page = std::cell::Cell::new(page);
        let title = "Log of the campaign".to_string();
        let bottom = std::cell::Cell::new(None);
        let search = String::new();
        self.overlay = Overlay::History(History { title, lines, top, search, typing: false, page, bottom, at: None });
    }

    /// Opens an after-action report full-screen at its top, as `hexpatrol
    /// report` writes it: of the last patrol finished, or (`whole`) of the
    /// campaign. A record that will not read is named in the status line.
    pub fn open_report(&mut self, whole: bool) {
        let mut records = Vec::new();
        for path in &self.records {
            match crate::save::read_record(path) {
                Ok(r) => records.push(r),
                Err(e) => {
                    self.notice = Some(format!("No report: {e}"));
                    return;
                }
            }
        }
        let sources = crate::report::Sources::new(&self.name, self.campaign.clone(), records);
        let (title, text) = if whole {
            ("The campaign's after-action report", sources.campaign())
        } else {
            match sources.last_patrol() {
                Ok(text) => ("After-action report", text),
                Err(_) => {
                    self.notice = Some("No patrol is finished yet: its report comes when it ends.".into());
                    return;
                }
            }
        };
        let lines = text.lines().map(str::to_string).collect();
        let page = std::cell::Cell::new(20);
        let (title, bottom, search) = (title.to_string(), std::cell::Cell::new(None), String::new());
        self.overlay =
            Overlay::History(History { title, lines, top: 0, search, typing: false, page, bottom, at: None });
    }

    /// A key while the full-screen log is open.
    pub fn history_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let Overlay::History(h) = &mut self.overlay else { return };
        if h.typing {
            match key.code {
                KeyCode::Char(c) => h.search.push(c),
                KeyCode::Backspace => {
                    h.search.pop();
                }
                KeyCode::Enter => {
                    h.typing = false;
                    // From the end back: the latest mention first.
                    h.at = None;
                    if !h.find(false) {
                        self.notice = Some(format!("'{}' is not in the log.", h.search));
                    }
                }
                KeyCode::Esc => {
                    h.typing = false;
                    h.search.clear();
                }
                _ => {}
            }
            return;
        }
        let page = h.page.get().max(1);
        // The page drawn may be taller than the one guessed at opening: start from what is shown.
        h.top = h.top.min(h.last_top());
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => h.top = (h.top + 1).min(h.last_top()),
            KeyCode::Char('k') | KeyCode::Up => h.top = h.top.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char('J') | KeyCode::Char(' ') => h.top = (h.top + page).min(h.last_top()),
            KeyCode::PageUp | KeyCode::Char('K') => h.top = h.top.saturating_sub(page),
            KeyCode::Home | KeyCode::Char('g') => h.top = 0,
            KeyCode::End | KeyCode::Char('G') => h.top = h.last_top(),
            KeyCode::Char('/') => {
                h.typing = true;
                h.search.clear();
            }
            KeyCode::Char('n') => {
                h.find(true);
            }
            KeyCode::Char('N') => {
                h.find(false);
            }
            KeyCode::Char('q') => self.quit = true,
            // Back to what it was opened over, if anything (a pause).
            KeyCode::Esc | KeyCode::Char('L' | 'A' | 'C') | KeyCode::Enter => self.close(),
            _ => {}
        }
    }
}

/// A line as the rows it takes: as it is if it fits (so that the spaces a
/// report's map is drawn with stand), else wrapped as the log wraps.
fn rows_of(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width { vec![line.to_string()] } else { super::log::wrap(line, width) }
}

/// The full-screen log over the whole screen.
pub fn render(app: &App, h: &History, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    Clear.render(area, buf);
    // A page taller than the one guessed at opening shows the end of the
    // log, not blank rows; and the end shows its last line, however many
    // rows the long lines above it wrap to.
    let (rows, width) = (usize::from(area.height.saturating_sub(2)), usize::from(area.width.saturating_sub(2)));
    let wrapped = |l: &String| rows_of(l, width).len().max(1);
    let mut bottom = h.lines.len();
    let mut used = 0;
    while bottom > 0 && used + wrapped(&h.lines[bottom - 1]) <= rows {
        used += wrapped(&h.lines[bottom - 1]);
        bottom -= 1;
    }
    h.bottom.set(Some(bottom));
    let top = h.top.min(bottom);
    let mut shown_to = top;
    let mut used = 0;
    while shown_to < h.lines.len() && used + wrapped(&h.lines[shown_to]) <= rows {
        used += wrapped(&h.lines[shown_to]);
        shown_to += 1;
    }
    let title = format!(" {}: lines {}-{} of {} ", h.title, (top + 1).min(shown_to), shown_to, h.lines.len());
    let foot = if h.typing {
        format!(" Search: {}_  (Enter finds, Esc gives up) ", h.search)
    } else if h.search.is_empty() {
        " j/k line, PgUp/PgDn page, g/G first/last, / search, Esc closes ".to_string()
    } else {
        format!(" '{}': n next, N back, / new search, Esc closes ", h.search)
    };
    let block = Block::bordered().border_set(theme.border()).title(title).title_bottom(foot);
    let inner = block.inner(area);
    block.render(area, buf);
    h.page.set(usize::from(inner.height).max(1));
    let needle = h.search.to_lowercase();
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = Vec::new();
    for (k, l) in h.lines.iter().skip(top).enumerate() {
        let hit = !needle.is_empty() && !h.typing && l.to_lowercase().contains(&needle);
        // The line found is reversed; the other lines that hold the words stand out.
        let style = if hit && h.at == Some(top + k) {
            theme.cursor()
        } else if hit {
            theme.key()
        } else if l.starts_with("Patrol ")
            || l.starts_with("INCIDENT")
            || l.starts_with("Tactical action")
            || l.starts_with('#')
        {
            theme.title()
        } else if l.starts_with('[') {
            theme.dim()
        } else {
            ratatui::style::Style::new()
        };
        for w in rows_of(l, width) {
            lines.push(Line::styled(w, style));
        }
        if lines.len() >= usize::from(inner.height) {
            break;
        }
    }
    Paragraph::new(lines).render(inner, buf);
}
