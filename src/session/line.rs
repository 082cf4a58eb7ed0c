//! The command language, one line at a time: the game's commands (see
//! `Command`), and the lines that are not moves of the game: `auto N` (the
//! patrol leader makes the next N decisions), `begin` (the campaign's next
//! patrol sets out) and `odds QUESTION` (the exact odds of a roll, which
//! changes nothing). Blank lines and lines starting with `#` are skipped.

use crate::engine::dice::hand::{Throw, read_throw};
use crate::engine::vocabulary::command::ParseError;
use crate::engine::{Command, OddsQuery};

/// What a front end does with one line of the command language.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Skip,
    Play(Command),
    Auto(u32),
    /// Begin the campaign's next patrol.
    Begin,
    /// A question about the odds: answered, and nothing changes.
    Odds(OddsQuery),
    /// Take back the last N decisions of the patrol under way.
    Undo(usize),
    /// `dice 4 3`: a throw of the player's own dice, for the roll an order
    /// waits for or the next order's first; `dice -` lets the game throw it.
    Dice(Throw),
    /// `dice cancel`: withdraw the order waiting for dice.
    Withdraw,
    /// `dice real` (every roll thrown by hand) or `dice game` (the game throws).
    RealDice(bool),
    /// `issue WEAPON MAN`: between patrols, hand a support weapon to a man.
    Issue {
        weapon: String,
        man: String,
    },
}

/// Parses a line of the command language.
///
/// # Errors
/// The 1-based column and what was wrong.
pub fn parse_line(text: &str) -> Result<Line, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(Line::Skip);
    }
    if trimmed.eq_ignore_ascii_case("begin") {
        return Ok(Line::Begin);
    }
    let mut words = trimmed.split_whitespace();
    let verb = words.next().unwrap_or("");
    if verb.eq_ignore_ascii_case("odds") {
        // The question follows the word; its columns are counted from the line's start.
        let (head, question) = text.split_at(text.len() - text.trim_start().len() + verb.len());
        let shift = head.chars().count();
        return question
            .parse()
            .map(Line::Odds)
            .map_err(|e| ParseError { column: e.column + shift, message: e.message });
    }
    if verb.eq_ignore_ascii_case("dice") {
        let indent = text.len() - text.trim_start().len();
        let rest = trimmed[verb.len()..].trim();
        return match rest.to_ascii_lowercase().as_str() {
            "cancel" => Ok(Line::Withdraw),
            "real" => Ok(Line::RealDice(true)),
            "game" => Ok(Line::RealDice(false)),
            _ => read_throw(rest).map(Line::Dice).map_err(|message| ParseError { column: indent + 6, message }),
        };
    }
    if verb.eq_ignore_ascii_case("issue") {
        let indent = text.len() - text.trim_start().len();
        let (Some(weapon), Some(man)) = (words.next(), words.next()) else {
            return Err(ParseError {
                column: indent + 7,
                message: "issue WEAPON MAN: say which weapon, and to whom".into(),
            });
        };
        if let Some(extra) = words.next() {
            return Err(ParseError {
                column: indent + 7,
                message: format!("unexpected '{extra}' after issue WEAPON MAN"),
            });
        }
        return Ok(Line::Issue { weapon: weapon.into(), man: man.into() });
    }
    if verb.eq_ignore_ascii_case("undo") {
        let indent = text.len() - text.trim_start().len();
        let col = indent + 6;
        let n = match words.next() {
            None => 1,
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or(ParseError { column: col, message: format!("'{n}' is not a number of orders to take back") })?,
        };
        if let Some(extra) = words.next() {
            return Err(ParseError { column: col, message: format!("unexpected '{extra}' after undo N") });
        }
        return Ok(Line::Undo(n));
    }
    if verb.eq_ignore_ascii_case("auto") {
        let indent = text.len() - text.trim_start().len();
        let col = indent + 6;
        let n = words
            .next()
            .ok_or(ParseError { column: col, message: "expected how many decisions, e.g. auto 10".into() })?;
        if let Some(extra) = words.next() {
            return Err(ParseError {
                column: col + n.len() + 1,
                message: format!("unexpected '{extra}' after the command"),
            });
        }
        return n
            .parse()
            .map(Line::Auto)
            .map_err(|_| ParseError { column: col, message: format!("'{n}' is not a number of decisions") });
    }
    text.parse().map(Line::Play)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(text: &str) -> usize {
        parse_line(text).expect_err(text).column
    }

    #[test]
    fn blank_lines_and_comments_are_skipped() {
        for text in ["", "   ", "\t", "# a note", "   # indented note"] {
            assert_eq!(parse_line(text), Ok(Line::Skip), "{text:?}");
        }
    }

    #[test]
    fn the_words_of_the_runner_ignore_case() {
        assert_eq!(parse_line(" BEGIN "), Ok(Line::Begin));
        assert_eq!(
            parse_line("issue bazooka Hughes"),
            Ok(Line::Issue { weapon: "bazooka".into(), man: "Hughes".into() })
        );
        assert!(parse_line("issue bazooka").is_err());
        assert!(parse_line("issue mg Hale now").is_err());
        assert_eq!(parse_line("Auto 12"), Ok(Line::Auto(12)));
        assert!(matches!(parse_line("ODDS stop"), Ok(Line::Odds(_))));
        assert_eq!(parse_line("turn"), Ok(Line::Play(Command::Turn)));
        assert_eq!(parse_line("undo"), Ok(Line::Undo(1)));
        assert_eq!(parse_line(" UNDO 3"), Ok(Line::Undo(3)));
        assert_eq!(column("undo 0"), 6);
        assert_eq!(column("undo x"), 6);
    }

    #[test]
    fn dice_lines_give_faces_or_switch_the_dice() {
        assert_eq!(parse_line("dice 4 3"), Ok(Line::Dice(Some(vec![4, 3].into()))));
        assert_eq!(parse_line(" DICE - "), Ok(Line::Dice(None)));
        assert_eq!(parse_line("dice cancel"), Ok(Line::Withdraw));
        assert_eq!(parse_line("dice real"), Ok(Line::RealDice(true)));
        assert_eq!(parse_line("dice game"), Ok(Line::RealDice(false)));
        let e = parse_line("dice 4 three").unwrap_err();
        assert_eq!(e.column, 6);
        assert!(e.message.contains("'three' is not a face"), "{}", e.message);
        assert!(parse_line("dice").unwrap_err().message.contains("expected the faces"));
    }

    #[test]
    fn a_bad_auto_is_pointed_at_by_its_column() {
        // Columns count from 1 at the line's first character, indent included.
        assert_eq!(column("auto"), 6);
        assert_eq!(column("  auto"), 8);
        assert_eq!(column("auto many"), 6);
        assert_eq!(column("auto 5 more"), 8);
    }

    #[test]
    fn a_bad_odds_question_is_pointed_at_from_the_line_start() {
        // The question is parsed on its own; the column must still count
        // the indent and the word `odds`, and land on the bad hex.
        let text = "  odds move 3;4";
        let hex = text.find("3;4").expect("the hex is there") + 1;
        assert_eq!(column(text), hex);
    }
}
