//! The "Rules in play" page of a new game: the article as written (the
//! default, first), a ready-made set, or each house rule by hand. What is
//! chosen goes into the new campaign's own rule book before its first
//! patrol, and is saved with it.

use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::keymap::{Dir, Msg, RULES_IN_PLAY_KEYS};
use super::theme::Theme;
use crate::engine::RuleBook;
use crate::engine::ruleset::house::{self, Preset};
use crate::session::start::{Choice, Table};

/// A line of the page the cursor can be on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Preset(Preset),
    /// A house rule, by its name.
    Rule(&'static str),
    /// Iron man: no orders taken back.
    IronMan,
    /// Real dice: every roll thrown by the player.
    RealDice,
    Begin,
}

/// The page: the game chosen, its seed, and the rule book being set.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesInPlay {
    pub choice: Choice,
    pub seed: u64,
    /// The words the list of games showed for the choice.
    pub label: String,
    pub book: RuleBook,
    /// No take-backs in this campaign.
    pub iron_man: bool,
    /// Every roll thrown with the player's own dice.
    pub real_dice: bool,
    pub selected: usize,
}

/// What the player did on the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Begin the game with this rule book, and take-backs allowed or not.
    Begin(Arc<RuleBook>, Table),
    /// Back to the list of games.
    Back,
}

impl RulesInPlay {
    pub fn new(choice: Choice, seed: u64, label: String, book: RuleBook) -> Self {
        Self { choice, seed, label, book, iron_man: false, real_dice: false, selected: 0 }
    }

    /// Every line the cursor can be on, in order: the sets, the house rules
    /// this book has, and Begin.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = Preset::ALL.into_iter().map(Row::Preset).collect();
        rows.extend(house::in_play(&self.book).map(|(h, _)| Row::Rule(h.key)));
        rows.push(Row::IronMan);
        rows.push(Row::RealDice);
        rows.push(Row::Begin);
        rows
    }

    /// A key's message; returns what the player chose, if anything.
    pub fn update(&mut self, msg: Msg) -> Option<Outcome> {
        let rows = self.rows();
        match msg {
            Msg::Cursor(Dir::South) => self.selected = (self.selected + 1).min(rows.len() - 1),
            Msg::Cursor(Dir::North) => self.selected = self.selected.saturating_sub(1),
            Msg::Cancel => return Some(Outcome::Back),
            // Enter takes a set and begins, flips a rule, or begins.
            Msg::Act => match rows.get(self.selected)? {
                Row::Preset(p) => {
                    house::set_preset(&mut self.book, *p);
                    return Some(self.begin());
                }
                Row::Rule(key) => self.flip(key),
                Row::IronMan => self.iron_man = !self.iron_man,
                Row::RealDice => self.real_dice = !self.real_dice,
                Row::Begin => return Some(self.begin()),
            },
            // Space loads a set to change by hand, or flips a rule.
            Msg::Turn => match rows.get(self.selected)? {
                Row::Preset(p) => house::set_preset(&mut self.book, *p),
                Row::Rule(key) => self.flip(key),
                Row::IronMan => self.iron_man = !self.iron_man,
                Row::RealDice => self.real_dice = !self.real_dice,
                Row::Begin => {}
            },
            _ => {}
        }
        None
    }

    fn flip(&mut self, key: &str) {
        if let Some(on) = house::house_rule(key).and_then(|h| h.get(&self.book)) {
            // The rule is in the book (it is listed only if so): setting it cannot fail.
            let _ = house::set(&mut self.book, key, !on);
        }
    }

    fn begin(&self) -> Outcome {
        Outcome::Begin(Arc::new(self.book.clone()), Table { take_backs: !self.iron_man, real_dice: self.real_dice })
    }

    /// The page's lines and the index of the highlighted one.
    fn lines(&self, theme: Theme, width: usize) -> (Vec<Line<'static>>, usize) {
        let current = house::preset_of(&self.book);
        let mut lines = vec![Line::styled(format!("Rules in play: {}", self.label), theme.title()), Line::from("")];
        let mut at = 0;
        let words_width = width.saturating_sub(31);
        let rows = self.rows();
        for (i, &row) in rows.iter().enumerate() {
            let style = if i == self.selected { theme.cursor() } else { Style::new() };
            if i == self.selected {
                at = lines.len();
            }
            match row {
                Row::Preset(p) => {
                    let mark = if current == Some(p) { "(*)" } else { "( )" };
                    let says = clip(p.says(), width.saturating_sub(18));
                    lines.push(Line::styled(format!("{mark} {:<12} {says}", title_of(p)), style));
                }
                Row::Rule(key) => {
                    let Some(h) = house::house_rule(key) else { continue };
                    if matches!(rows.get(i.wrapping_sub(1)), Some(Row::Preset(_))) {
                        lines.push(Line::from(""));
                        let head = "Or each house rule by hand ([x] on; ! departs from the article's text):";
                        lines.push(Line::styled(head, theme.dim()));
                    }
                    let on = h.get(&self.book).unwrap_or(false);
                    let departs = if h.departs(&self.book) { "!" } else { " " };
                    let says = clip(h.says, words_width);
                    lines.push(Line::from(vec![
                        Span::styled(format!("[{}]{departs} {:<24}", if on { "x" } else { " " }, h.key), style),
                        Span::styled(format!(" {says}"), style),
                    ]));
                }
                Row::IronMan => {
                    lines.push(Line::from(""));
                    let mark = if self.iron_man { "x" } else { " " };
                    let says = clip("no order of this campaign can be taken back", width.saturating_sub(31));
                    lines.push(Line::styled(format!("[{mark}]  {:<24} {says}", "iron_man"), style));
                }
                Row::RealDice => {
                    let mark = if self.real_dice { "x" } else { " " };
                    let says = clip("throw every roll with your own dice and type the faces", width.saturating_sub(31));
                    lines.push(Line::styled(format!("[{mark}]  {:<24} {says}", "real_dice"), style));
                }
                Row::Begin => {
                    let name = current.map_or("set by hand", |p| title_of(p));
                    lines.push(Line::styled(format!("Begin the game ({})", name.to_lowercase()), style));
                }
            }
        }
        (lines, at)
    }
}

/// `words` cut to `width` characters, with an ellipsis if cut.
fn clip(words: &str, width: usize) -> String {
    if words.chars().count() <= width {
        return words.to_string();
    }
    let cut: String = words.chars().take(width.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

/// A set's name as the page shows it.
fn title_of(p: Preset) -> &'static str {
    match p {
        Preset::AsWritten => "As written",
        Preset::Gentler => "Gentler",
        Preset::Classic => "Classic",
    }
}

/// Draws the page into `area` (the title screen's inside): the list,
/// scrolled to keep the highlighted line in sight, then what the
/// highlighted house rule does in full, then the keys.
pub fn render(page: &RulesInPlay, theme: Theme, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let (lines, at) = page.lines(theme, usize::from(area.width));
    let detail = match page.rows().get(page.selected) {
        Some(&Row::Rule(key)) => match house::house_rule(key) {
            Some(h) => {
                let now = if h.get(&page.book).unwrap_or(false) { "on" } else { "off" };
                let written = if h.as_written { "on" } else { "off" };
                format!("{} ({now}; as written {written}): {}. In the rule book: {}.", h.key, h.says, h.at)
            }
            None => String::new(),
        },
        Some(Row::IronMan) => {
            let now = if page.iron_man { "on" } else { "off" };
            format!(
                "iron_man ({now}): an iron-man campaign keeps no take-backs: every order stands, as at the table. Not a house rule: the dice are the same either way."
            )
        }
        Some(Row::RealDice) => {
            let now = if page.real_dice { "on" } else { "off" };
            format!(
                "real_dice ({now}): the game says what to roll and what is needed, and you type the faces your own dice show. D switches it in the game. Not a house rule: the rules are the same either way."
            )
        }
        Some(Row::Preset(p)) => {
            let mut on: Vec<&str> = house::in_play(&page.book)
                .filter(|(h, _)| h.value_in(*p) != h.as_written)
                .map(|(h, _)| h.key)
                .collect();
            if on.is_empty() {
                on.push("none");
            }
            format!("{}: house rules on: {}.", title_of(*p), on.join(", "))
        }
        Some(Row::Begin) | None => format!("House rules now: {}.", house::describe(&page.book)),
    };
    let keys: Vec<String> = RULES_IN_PLAY_KEYS.iter().map(|(k, what)| format!("{k} {what}")).collect();
    let foot = Paragraph::new(vec![Line::styled(detail, theme.dim()), Line::styled(keys.join("  "), theme.key())])
        .wrap(Wrap { trim: false });
    let foot_rows = u16::try_from(foot.line_count(area.width)).unwrap_or(u16::MAX).min(area.height / 2);
    let list = Rect { height: area.height - foot_rows, ..area };
    let bottom = Rect { y: list.bottom(), height: foot_rows, ..area };
    // Scrolled so the highlighted line is in sight.
    let at = u16::try_from(at).unwrap_or(u16::MAX);
    let scroll = at.saturating_add(2).saturating_sub(list.height);
    Paragraph::new(lines).scroll((scroll, 0)).render(list, buf);
    foot.render(bottom, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> RulesInPlay {
        let book = (*crate::rules::rule_book().expect("the built-in rules load")).clone();
        RulesInPlay::new(Choice::Campaign("bocage".into()), 7, "Campaign: The Bocage".into(), book)
    }

    fn chosen(outcome: Option<Outcome>) -> Arc<RuleBook> {
        match outcome {
            Some(Outcome::Begin(book, _)) => book,
            other => panic!("expected to begin, got {other:?}"),
        }
    }

    #[test]
    fn enter_at_once_begins_as_written() {
        let mut p = page();
        let book = chosen(p.update(Msg::Act));
        assert_eq!(house::preset_of(&book), Some(Preset::AsWritten));
        assert_eq!(house::departures(&book).count(), 0);
    }

    #[test]
    fn iron_man_is_chosen_on_the_page_and_begins_without_take_backs() {
        let mut p = page();
        assert!(
            matches!(p.update(Msg::Act), Some(Outcome::Begin(_, Table { take_backs: true, real_dice: false }))),
            "take-backs by default"
        );
        let mut p = page();
        let iron = p.rows().iter().position(|r| *r == Row::IronMan).unwrap();
        while p.selected < iron {
            p.update(Msg::Cursor(Dir::South));
        }
        assert_eq!(p.update(Msg::Act), None, "Enter on the row flips it");
        assert!(p.iron_man);
        p.update(Msg::Cursor(Dir::South));
        assert_eq!(p.rows()[p.selected], Row::RealDice);
        assert_eq!(p.update(Msg::Turn), None, "Space on the row flips it");
        assert!(p.real_dice);
        p.update(Msg::Cursor(Dir::South));
        let table = Table { take_backs: false, real_dice: true };
        assert!(matches!(p.update(Msg::Act), Some(Outcome::Begin(_, t)) if t == table));
    }

    #[test]
    fn a_set_chosen_by_name_or_loaded_and_changed_by_hand() {
        let mut p = page();
        p.update(Msg::Cursor(Dir::South));
        let book = chosen(p.update(Msg::Act));
        assert_eq!(house::preset_of(&book), Some(Preset::Gentler));

        let mut p = page();
        p.update(Msg::Cursor(Dir::South));
        p.update(Msg::Turn);
        assert_eq!(house::preset_of(&p.book), Some(Preset::Gentler));
        // Down to the radio and flip it off: a set made by hand.
        let radio = p.rows().iter().position(|r| matches!(r, Row::Rule("radio"))).unwrap();
        while p.selected < radio {
            p.update(Msg::Cursor(Dir::South));
        }
        p.update(Msg::Turn);
        assert_eq!(house::preset_of(&p.book), None);
        p.update(Msg::Act);
        assert_eq!(house::house_rule("radio").unwrap().get(&p.book), Some(true), "Enter flips a rule back");
        for _ in 0..40 {
            p.update(Msg::Cursor(Dir::South));
        }
        assert_eq!(p.rows()[p.selected], Row::Begin);
        let book = chosen(p.update(Msg::Act));
        assert_eq!(house::preset_of(&book), Some(Preset::Gentler));
        assert_eq!(page().update(Msg::Cancel), Some(Outcome::Back));
    }

    fn drawn(p: &RulesInPlay, w: u16, h: u16) -> String {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        render(p, Theme { color: false, ascii: false }, area, &mut buf);
        (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
    }

    #[test]
    fn the_highlighted_rule_in_full_and_no_room_at_all() {
        let mut p = page();
        house::set_preset(&mut p.book, Preset::AsWritten);
        // The cursor on a house rule far down: still in sight, its words in full below.
        for _ in 0..8 {
            p.update(Msg::Cursor(Dir::South));
        }
        p.update(Msg::Turn);
        let text = drawn(&p, 76, 22);
        assert!(text.contains("[x]! contact_breaks"), "{text}");
        assert!(text.contains("action.contact_breaks"), "{text}");
        for (w, h) in [(0, 0), (1, 1), (5, 2), (20, 3), (80, 4)] {
            let _ = drawn(&p, w, h);
        }
    }
}
