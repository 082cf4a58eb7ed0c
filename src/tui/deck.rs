//! The deck panel: the cards left face down, the current card drawn large
//! with its owner and side, and the cards already turned this turn.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::model::App;
use super::theme::Theme;
use crate::engine::{Card, Game, Phase, Side};

/// A card's name as the pile lists it.
fn card_name(game: &Game, card: Card) -> String {
    match card {
        Card::Stop => "STOP".into(),
        Card::Soldier(i) => game.soldiers().get(i as usize).map_or("?".into(), |s| s.id.to_string()),
    }
}

/// The STOP card drawn large, as the deck shows it and its pause does.
pub fn stop_card(theme: Theme) -> Vec<Line<'static>> {
    boxed(theme, ["S T O P", "end of turn", "check, reshuffle"], theme.stop())
}

/// Three lines of text in a card's box, five lines high.
fn boxed(theme: Theme, text: [&str; 3], style: Style) -> Vec<Line<'static>> {
    let (h, v, tl, tr, bl, br) =
        if theme.ascii { ('-', '|', '+', '+', '+', '+') } else { ('─', '│', '┌', '┐', '└', '┘') };
    let width = 16;
    let row = |text: &str| {
        let text: String = text.chars().take(width).collect();
        Line::from(vec![
            Span::raw(v.to_string()),
            Span::styled(format!("{text:^width$}"), style),
            Span::raw(v.to_string()),
        ])
    };
    let rule = |l: char, r: char| Line::from(format!("{l}{}{r}", h.to_string().repeat(width)));
    vec![rule(tl, tr), row(text[0]), row(text[1]), row(text[2]), rule(bl, br)]
}

/// The current card as a box of text, five lines high.
fn big_card(app: &App, game: &Game, card: Card, waiting: bool) -> Vec<Line<'static>> {
    let theme = app.theme;
    let (top, middle, bottom, style) = match card {
        Card::Stop => ("S T O P".to_string(), "end of turn".to_string(), "check, reshuffle".to_string(), theme.stop()),
        Card::Soldier(i) => {
            let s = &game.soldiers()[i as usize];
            let weapon = crate::narrate::weapon_words(game, s);
            let side = if s.side == Side::Friendly { "yours" } else { "enemy" };
            let style = if s.side == Side::Friendly { theme.friend() } else { theme.enemy() };
            let state = if waiting { "your order" } else { side };
            (format!("{} {}", s.rank, s.id), weapon, state.to_string(), style)
        }
    };
    boxed(theme, [&top, &middle, &bottom], style)
}

/// The current card in one line, for a deck panel too short to draw it large.
fn card_line(app: &App, game: &Game, card: Card, waiting: bool, width: u16) -> Line<'static> {
    let mut line = card_words(app, game, card, waiting);
    // "Up: " where the line has room for it, so it never wraps for it.
    if line.width() + 4 <= usize::from(width) {
        line.spans.insert(0, Span::raw("Up: "));
    }
    line
}

fn card_words(app: &App, game: &Game, card: Card, waiting: bool) -> Line<'static> {
    let theme = app.theme;
    match card {
        Card::Stop => Line::from(vec![Span::styled("S T O P", theme.stop()), Span::raw(" end of turn")]),
        Card::Soldier(i) => {
            let s = &game.soldiers()[i as usize];
            let style = if s.side == Side::Friendly { theme.friend() } else { theme.enemy() };
            let whose = match (waiting, s.side) {
                (true, _) => "your order",
                (false, Side::Friendly) => "yours",
                (false, Side::Enemy) => "enemy",
            };
            let weapon = crate::narrate::weapon_words(game, s);
            Line::from(vec![
                Span::styled(format!("{} {}", s.rank, s.id), style),
                Span::raw(format!(", {weapon}: {whose}")),
            ])
        }
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    let Some(game) = app.game() else {
        Paragraph::new("No patrol under way.").render(area, buf);
        return;
    };
    let Phase::Action(action) = &game.phase() else {
        // The rule set's count, read off a man of the patrol (vehicles have their own).
        let (rules, book) = (game.rules(), game.book());
        let cards = game.soldiers().first().map_or(0, |s| rules.cards(book, s));
        let stops = rules.stop_cards(book);
        let count = |n: u32, one: &str, many: &str| {
            let words = ["no", "one", "two", "three", "four", "five", "six"];
            let n_words = words.get(n as usize).map_or(n.to_string(), |w| (*w).to_string());
            format!("{n_words} {}", if n == 1 { one } else { many })
        };
        let words = format!(
            "No action. When an incident brings the enemy, a deck is dealt: {} for every man who can fight, {}.",
            count(cards, "card", "cards"),
            count(stops, "STOP", "STOPs")
        );
        Paragraph::new(words).style(theme.dim()).wrap(Wrap { trim: true }).render(area, buf);
        return;
    };
    let said = format!("Turn {} | {} face down ", action.turn, action.deck.len());
    // The card backs in what the line leaves, so it never wraps.
    let backs = action.deck.len().min(12).min(usize::from(area.width).saturating_sub(said.chars().count()));
    let back = theme.card_back().repeat(backs);
    let mut lines = vec![Line::from(vec![Span::raw(said), Span::styled(back, theme.dim())])];
    // Where the panel is short, the card up in a line of its own.
    let short = area.height < 7;
    match action.turned.last() {
        Some(&card) if short => lines.push(card_line(app, game, card, action.up.is_some(), area.width)),
        Some(&card) => lines.extend(big_card(app, game, card, action.up.is_some())),
        None => lines.push(Line::styled("No card turned yet: Space turns one.", Style::new())),
    }
    let turned: Vec<String> = action.turned.iter().rev().skip(1).map(|&c| card_name(game, c)).collect();
    if !turned.is_empty() {
        // As many of the latest as the rows left hold, whole names only, then how many more.
        let room = usize::from(area.width) * usize::from(area.height).saturating_sub(lines.len());
        let mut said = String::from("Before:");
        for (k, name) in turned.iter().enumerate() {
            let more = turned.len() - k - 1;
            let tail = if more > 0 { format!(" and {more} more") } else { String::new() };
            let next = format!("{said}{} {name}", if k == 0 { "" } else { "," });
            // Room for this name and the count of those after it.
            if next.chars().count() + tail.chars().count() + 4 > room && k > 0 {
                said.push_str(&format!(" and {} more", turned.len() - k));
                break;
            }
            said = next;
        }
        lines.push(Line::from(said));
    }
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(area, buf);
}
