//! The command language, one line at a time: the game's commands (see
//! `Command`), and the lines that are not moves of the game: `auto N` (the
//! patrol leader makes the next N decisions), `begin` (the campaign's next
//! patrol sets out) and `odds QUESTION` (the exact odds of a roll, which
//! changes nothing). Blank lines and lines starting with `#` are skipped.
//!
//! Every front end reads its lines here: the runner a line of a script
//! (`parse_line`), the terminal game's command line and dice box and plain
//! mode's prompt what a person types (`parse_typed`, which also reads the
//! bare faces of a throw an order waits for). The words of the game's
//! commands and of an odds question are the engine's own (`Command` and
//! `OddsQuery` read them, as a save's kept orders are read back).

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

/// Why a line a person typed is not one the game can play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Not a line of the command language: the column and what was wrong.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Not the faces of the throw an order waits for.
    #[error("not a throw: {0}")]
    Throw(String),
}

impl LineError {
    /// What the terminal game and plain mode say about `typed`.
    pub fn says(&self, typed: &str) -> String {
        match self {
            LineError::Parse(e) => format!("Cannot read '{typed}' (column {}): {}", e.column, e.message),
            LineError::Throw(why) => format!("Not a throw: {why}"),
        }
    }
}

/// Reads a line a person typed at a prompt. While an order waits for the
/// player's dice (`dice_asked`), the line is the faces of its throw (`4 3`,
/// or `-` for the game's), `cancel` withdraws the order, and a `dice`,
/// `undo` or `odds` line is read as ever; else it is a line of the command
/// language (`parse_line`).
///
/// # Errors
/// The line does not read: where and why, or why it is not a throw.
pub fn parse_typed(text: &str, dice_asked: bool) -> Result<Line, LineError> {
    if !dice_asked {
        return Ok(parse_line(text)?);
    }
    let verb = text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    match verb.as_str() {
        "cancel" => Ok(Line::Withdraw),
        "dice" | "undo" | "odds" => Ok(parse_line(text)?),
        _ => read_throw(text).map(Line::Dice).map_err(LineError::Throw),
    }
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
    fn a_typed_line_while_dice_are_asked_is_a_throw_or_a_line() {
        assert_eq!(parse_typed("4 3", true), Ok(Line::Dice(Some(vec![4, 3].into()))));
        assert_eq!(parse_typed(" - ", true), Ok(Line::Dice(None)));
        assert_eq!(parse_typed("Cancel", true), Ok(Line::Withdraw));
        assert_eq!(parse_typed("dice real", true), Ok(Line::RealDice(true)));
        assert_eq!(parse_typed("undo", true), Ok(Line::Undo(1)));
        assert!(matches!(parse_typed("odds stop", true), Ok(Line::Odds(_))));
        let e = parse_typed("4 three", true).unwrap_err();
        assert!(matches!(&e, LineError::Throw(why) if why.contains("'three' is not a face")), "{e:?}");
        assert!(e.says("4 three").starts_with("Not a throw: 'three' is not a face"), "{}", e.says("4 three"));
        // Not asked, faces are no command.
        let e = parse_typed("4 3", false).unwrap_err();
        assert_eq!(e, LineError::Parse(ParseError { column: 1, message: "unknown command '4'".into() }));
        assert_eq!(e.says("4 3"), "Cannot read '4 3' (column 1): unknown command '4'");
        assert_eq!(parse_typed("turn", false), Ok(Line::Play(Command::Turn)));
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
