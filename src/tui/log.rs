//! The log panel: every event in words, every roll with its dice, need,
//! modifiers and result; the newest at the bottom, scrollable.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::model::App;

/// `text` broken at spaces into lines no wider than `width` (a word longer
/// than that is cut); continuation lines are indented by two.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(4);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let indent = if lines.is_empty() { 0 } else { 2 };
        if !line.is_empty() && indent + line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let l = if i == 0 { l } else { format!("  {l}") };
            l.chars().take(width).collect()
        })
        .collect()
}

/// The panel's title: where the log stands when it is scrolled back.
pub fn title(app: &App) -> String {
    match app.log_back.min(app.log_last.get()) {
        0 => "Log".into(),
        n => format!("Log: {n} lines back, PgDn/J forward, L all"),
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    let height = usize::from(area.height);
    // Only the newest entries can be on screen: wrap from the end back.
    let mut lines: Vec<Line> = Vec::new();
    let wanted = height + app.log_back;
    for entry in app.log.iter().rev() {
        let wrapped = wrap(entry, usize::from(area.width));
        for l in wrapped.into_iter().rev() {
            let style = if l.starts_with("INCIDENT") || l.starts_with("Tactical action") {
                theme.title()
            } else if l.starts_with('[') {
                theme.dim()
            } else {
                ratatui::style::Style::new()
            };
            lines.push(Line::styled(l, style));
        }
        if lines.len() >= wanted {
            break;
        }
    }
    // How far back it can go: every entry wrapped, worked out only once the log is scrolled.
    let last = if app.log_back == 0 {
        usize::MAX
    } else {
        let total: usize = app.log.iter().map(|e| wrap(e, usize::from(area.width)).len()).sum();
        total.saturating_sub(height)
    };
    app.log_last.set(last);
    let back = app.log_back.min(lines.len().saturating_sub(height));
    let mut shown: Vec<Line> = lines.into_iter().skip(back).take(height).rev().collect();
    // Scrolled back, the last row says so, and how much is newer.
    if back > 0 && height > 1 {
        shown.pop();
        let marker = format!("-- {back} newer lines below: PgDn/J --");
        shown.push(Line::styled(marker, theme.cursor()));
    }
    Paragraph::new(shown).render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_lines_wrap_at_spaces_and_indent() {
        assert_eq!(wrap("one two three four", 9), vec!["one two", "  three", "  four"]);
        assert_eq!(wrap("short", 20), vec!["short"]);
        assert_eq!(wrap("abcdefghijkl", 5), vec!["abcde"]);
    }
}
