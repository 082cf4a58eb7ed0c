//! The text form of an odds question: what follows `odds` in the command
//! language. `Display` writes it and `FromStr` reads it back.

use std::fmt;
use std::str::FromStr;

use crate::engine::odds::OddsQuery;
use crate::engine::vocabulary::command::{ParseError, Target, looks_like_pos, parse_pos, quote, words};

const ASK: &str = "move, fire, fight, throw, bombard, call, stop or casualty";

impl fmt::Display for OddsQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OddsQuery::Move { section: Some(s), to } => write!(f, "move {s} {to}"),
            OddsQuery::Move { section: None, to } => write!(f, "move {to}"),
            OddsQuery::Fire { shooter: Some(s), target } => write!(f, "fire {s} {target}"),
            OddsQuery::Fire { shooter: None, target } => write!(f, "fire {target}"),
            OddsQuery::Special { shooter: Some(s), target } => write!(f, "fire {s} {target} special"),
            OddsQuery::Special { shooter: None, target } => write!(f, "fire {target} special"),
            OddsQuery::Throw { thrower: Some(s), hex } => write!(f, "throw {s} {hex}"),
            OddsQuery::Throw { thrower: None, hex } => write!(f, "throw {hex}"),
            OddsQuery::Fight { attacker: Some(a), defender } => write!(f, "fight {a} {defender}"),
            OddsQuery::Fight { attacker: None, defender } => write!(f, "fight {defender}"),
            OddsQuery::Bombard { firer, hex: Some(h) } => write!(f, "bombard {firer} {h}"),
            OddsQuery::Bombard { firer, hex: None } => write!(f, "bombard {firer}"),
            OddsQuery::Call { hex } => write!(f, "call {hex}"),
            OddsQuery::CallAir { hex } => write!(f, "call air {hex}"),
            OddsQuery::Stop => f.write_str("stop"),
            OddsQuery::Casualty { soldier: Some(s) } => write!(f, "casualty {s}"),
            OddsQuery::Casualty { soldier: None } => f.write_str("casualty"),
        }
    }
}

/// Reads an odds question (the words after `odds`). Columns in errors count
/// from the start of the text given.
impl FromStr for OddsQuery {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Self, ParseError> {
        let words = words(line);
        let err = |column: usize, message: String| ParseError { column, message };
        let end = line.split('#').next().unwrap_or("").trim_end().chars().count() + 1;
        let Some((verb_col, verb)) = words.first() else {
            return Err(err(end, format!("expected what to ask about: {ASK}")));
        };
        let args = &words[1..];
        let pos_at = |i: usize| {
            let (col, w) = args.get(i).ok_or_else(|| err(end, "expected a hex as COL,ROW".into()))?;
            parse_pos(w)
                .ok_or_else(|| err(*col, format!("'{}' is not a hex; write it as COL,ROW, e.g. 9,10", quote(w))))
        };
        let word_at = |i: usize, what: &str| {
            args.get(i).map(|(_, w)| w.clone()).ok_or_else(|| err(end, format!("expected {what}")))
        };
        let no_more = |n: usize| match args.get(n) {
            Some((col, w)) => Err(err(*col, format!("unexpected '{}' after the question", quote(w)))),
            None => Ok(()),
        };
        // `WHO TARGET` or just `TARGET`: the first of two words is who acts.
        let who = || (args.len() > 1).then(|| args[0].1.clone());
        let query = match verb.to_ascii_lowercase().as_str() {
            "move" | "m" => {
                if args.len() <= 1 || args.first().is_some_and(|(_, w)| looks_like_pos(w)) {
                    no_more(1)?;
                    OddsQuery::Move { section: None, to: pos_at(0)? }
                } else {
                    no_more(2)?;
                    OddsQuery::Move { section: Some(word_at(0, "a section or a hex")?), to: pos_at(1)? }
                }
            }
            "fire" | "f" => {
                // `fire [WHO] TARGET [special]`.
                let special = args.len() > 1 && args.last().is_some_and(|(_, w)| w.eq_ignore_ascii_case("special"));
                let n = args.len() - usize::from(special);
                if n > 2 {
                    return Err(err(args[2].0, format!("unexpected '{}' after the question", quote(&args[2].1))));
                }
                let last = n.saturating_sub(1);
                let w = word_at(last, "a target: a soldier or a hex")?;
                let target = if looks_like_pos(&w) { Target::Hex(pos_at(last)?) } else { Target::Soldier(w.into()) };
                let shooter = (n > 1).then(|| args[0].1.clone());
                if special { OddsQuery::Special { shooter, target } } else { OddsQuery::Fire { shooter, target } }
            }
            "throw" => {
                no_more(2)?;
                let last = args.len().saturating_sub(1);
                OddsQuery::Throw { thrower: who(), hex: pos_at(last)? }
            }
            "fight" => {
                no_more(2)?;
                let defender = word_at(args.len().saturating_sub(1), "the enemy to fight")?;
                OddsQuery::Fight { attacker: who(), defender }
            }
            "bombard" | "mortar" => {
                no_more(2)?;
                let firer = word_at(0, "the mortar crewman who fires")?;
                OddsQuery::Bombard { firer, hex: if args.len() > 1 { Some(pos_at(1)?) } else { None } }
            }
            "call" if args.first().is_some_and(|(_, w)| w.eq_ignore_ascii_case("air")) => {
                no_more(2)?;
                OddsQuery::CallAir { hex: pos_at(1)? }
            }
            // Smoke is the guns' shells' roll: the same odds.
            "call" if args.first().is_some_and(|(_, w)| w.eq_ignore_ascii_case("smoke")) => {
                no_more(2)?;
                OddsQuery::Call { hex: pos_at(1)? }
            }
            "call" => {
                no_more(1)?;
                OddsQuery::Call { hex: pos_at(0)? }
            }
            "stop" => {
                no_more(0)?;
                OddsQuery::Stop
            }
            "casualty" => {
                no_more(1)?;
                OddsQuery::Casualty { soldier: args.first().map(|(_, w)| w.clone()) }
            }
            other => return Err(err(*verb_col, format!("cannot give odds for '{}': ask about {ASK}", quote(other)))),
        };
        Ok(query)
    }
}
