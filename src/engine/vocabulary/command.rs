//! What a player can do. The terminal UI and the headless runner both turn
//! input into these; `Display` writes the runner's text form, and
//! `Command::parse` reads it back.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

/// The names a command carries (sections, soldiers) are `Name`s: the patrol
/// leader writes an order at nearly every decision, and copying a name from
/// `Game::soldiers` never allocates, where a `String` did each time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Patrol movement: a section steps to a neighbouring hex (the only
    /// section if none is named). Tactical action: the man whose card is up steps.
    Move {
        section: Option<Name>,
        to: Pos,
    },
    /// Patrol movement: these men leave their section and form a new one.
    Split {
        soldiers: Vec<Name>,
    },
    /// Patrol movement: the first section joins the second in its hex.
    Join {
        section: Name,
        into: Name,
    },
    /// Leave the map from a home-edge hex: a section, or the man whose card is up.
    Exit {
        section: Option<Name>,
    },
    /// Turn the next card of the deck.
    Turn,
    Fire {
        target: Target,
    },
    /// Aimed fire by the weapon's special firing method (Combat Patrol's
    /// `X/-Y`: more shots, each worse), where the rule set and the weapon
    /// have one: `fire TARGET special`.
    FireSpecial {
        target: Target,
    },
    /// The man whose card is up throws a hand grenade at a hex (Combat
    /// Patrol): `throw COL,ROW`.
    Throw {
        hex: Pos,
    },
    /// One reload action on an empty machine gun (Combat Patrol): the man
    /// whose card is up reloads his own, or that of the gunner named, in his
    /// hex: `reload [GUNNER]`.
    Reload {
        gunner: Option<Name>,
    },
    /// A grenade in the air scatters, and the next move is the player's
    /// side's (the thrower's when his man threw it, the opponent's when the
    /// enemy did): it moves towards this hex (`steer COL,ROW`).
    Steer {
        towards: Pos,
    },
    /// Hand-to-hand against an enemy in the same hex.
    Fight {
        target: Name,
    },
    /// The man whose card is up and a second fit man carry a seriously
    /// wounded comrade one hex.
    Carry {
        wounded: Name,
        to: Pos,
    },
    /// The man whose card is up does nothing.
    Hold,
    /// Patrol movement: the section in his hex takes a seriously wounded
    /// enemy prisoner; he is carried with it like a wounded man.
    Capture {
        prisoner: Name,
    },
    /// Tactical action: the patrol's radio man, his card up, calls H.E. fire
    /// on a hex; it lands at this turn's STOP card.
    Call {
        hex: Pos,
    },
    /// Tactical action, European Battlefield's priority phase: the squad of
    /// the man whose card is up spends its command point on another round of
    /// fire, half a move more or a suppression lifted (`spend fire|move|rally`).
    Spend {
        on: PointUse,
    },
    /// European Battlefield's special moves, for the man whose card is up:
    /// at the double (`double`), digging in (`dig`), getting up (`up`).
    Stance {
        stance: Stance,
    },
    /// Tactical action: the radio operator of a patrol with an off-board
    /// battery (European Battlefield) calls its smoke on a hex: `call smoke
    /// COL,ROW`; it comes down at this turn's STOP card.
    CallSmoke {
        hex: Pos,
    },
    /// Tactical action: the radio operator calls the patrol's air strike on
    /// a hex: `call air COL,ROW`; it comes in at this turn's STOP card, if
    /// it comes.
    CallAir {
        hex: Pos,
    },
}

/// A special move of European Battlefield (`Command::Stance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stance {
    /// Twice his move on this card, not into or out of difficult ground,
    /// stopping within 6" of the enemy; no fire and no charge.
    Double,
    /// Prone for half his move: a 5+ save, and no moving until he gets up.
    DigIn,
    /// Up from digging in, for half his move.
    Up,
}

impl Stance {
    pub fn word(self) -> &'static str {
        match self {
            Stance::Double => "double",
            Stance::DigIn => "dig",
            Stance::Up => "up",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Soldier(Name),
    Hex(Pos),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Soldier(s) => f.write_str(s),
            Target::Hex(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Move { section: Some(s), to } => write!(f, "move {s} {to}"),
            Command::Move { section: None, to } => write!(f, "move {to}"),
            Command::Split { soldiers } => write!(f, "split {}", soldiers.join(" ")),
            Command::Join { section, into } => write!(f, "join {section} {into}"),
            Command::Exit { section: Some(s) } => write!(f, "exit {s}"),
            Command::Exit { section: None } => f.write_str("exit"),
            Command::Turn => f.write_str("turn"),
            Command::Fire { target } => write!(f, "fire {target}"),
            Command::FireSpecial { target } => write!(f, "fire {target} special"),
            Command::Fight { target } => write!(f, "fight {target}"),
            Command::Throw { hex } => write!(f, "throw {hex}"),
            Command::Reload { gunner: Some(g) } => write!(f, "reload {g}"),
            Command::Reload { gunner: None } => f.write_str("reload"),
            Command::Steer { towards } => write!(f, "steer {towards}"),
            Command::Carry { wounded, to } => write!(f, "carry {wounded} {to}"),
            Command::Hold => f.write_str("hold"),
            Command::Capture { prisoner } => write!(f, "capture {prisoner}"),
            Command::Call { hex } => write!(f, "call {hex}"),
            Command::Spend { on } => write!(f, "spend {}", on.name()),
            Command::Stance { stance } => f.write_str(stance.word()),
            Command::CallSmoke { hex } => write!(f, "call smoke {hex}"),
            Command::CallAir { hex } => write!(f, "call air {hex}"),
        }
    }
}

/// Why a line of text is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// 1-based column of the word that was wrong.
    pub column: usize,
    pub message: String,
}

pub(in crate::engine) fn parse_pos(word: &str) -> Option<Pos> {
    let (c, r) = word.split_once(',')?;
    Some(Pos::new(c.trim().parse().ok()?, r.trim().parse().ok()?))
}

pub(in crate::engine) fn looks_like_pos(word: &str) -> bool {
    word.contains(',')
}

/// A word as a message may quote it: control characters escaped, and cut
/// short if it is long.
pub fn quote(word: &str) -> String {
    let shown: String = word.chars().take(40).flat_map(char::escape_debug).collect();
    if word.chars().count() > 40 { format!("{shown}...") } else { shown }
}

/// The words of a line with their 1-based columns. A `#` starts a comment;
/// `9, 10` is read as the one hex `9,10`.
pub(in crate::engine) fn words(line: &str) -> Vec<(usize, String)> {
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (col, c) in line.chars().enumerate() {
        if c == '#' {
            break;
        }
        if c.is_whitespace() {
            words.extend(current.take());
        } else {
            current.get_or_insert_with(|| (col + 1, String::new())).1.push(c);
        }
    }
    words.extend(current);
    let mut merged: Vec<(usize, String)> = Vec::new();
    for (col, w) in words {
        match merged.last_mut() {
            Some((_, prev)) if prev.ends_with(',') && !w.contains(',') => prev.push_str(&w),
            _ => merged.push((col, w)),
        }
    }
    merged
}

impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Self, ParseError> {
        let words = words(line);
        let err = |column: usize, message: String| ParseError { column, message };
        let Some((verb_col, verb)) = words.first() else {
            return Err(err(1, "empty command".into()));
        };
        let args = &words[1..];
        let end = line.split('#').next().unwrap_or("").trim_end().chars().count() + 1;
        let pos_at = |i: usize| -> Result<Pos, ParseError> {
            let (col, w) = args.get(i).ok_or_else(|| err(end, "expected a hex as COL,ROW".into()))?;
            parse_pos(w)
                .ok_or_else(|| err(*col, format!("'{}' is not a hex; write it as COL,ROW, e.g. 9,10", quote(w))))
        };
        let word_at = |i: usize, what: &str| -> Result<Name, ParseError> {
            args.get(i).map(|(_, w)| Name::from(w)).ok_or_else(|| err(end, format!("expected {what}")))
        };
        let no_more = |n: usize| -> Result<(), ParseError> {
            match args.get(n) {
                Some((col, w)) => Err(err(*col, format!("unexpected '{}' after the command", quote(w)))),
                None => Ok(()),
            }
        };
        let cmd = match verb.to_ascii_lowercase().as_str() {
            "move" | "m" => {
                if args.len() <= 1 || args.first().is_some_and(|(_, w)| looks_like_pos(w)) {
                    no_more(1)?;
                    Command::Move { section: None, to: pos_at(0)? }
                } else {
                    no_more(2)?;
                    Command::Move { section: Some(word_at(0, "a section or a hex")?), to: pos_at(1)? }
                }
            }
            "split" => {
                if args.is_empty() {
                    return Err(err(end, "expected the names of the men who split off".into()));
                }
                Command::Split { soldiers: args.iter().map(|(_, w)| Name::from(w)).collect() }
            }
            "join" => {
                no_more(2)?;
                Command::Join {
                    section: word_at(0, "the section that joins")?,
                    into: word_at(1, "the section it joins")?,
                }
            }
            "exit" => {
                no_more(1)?;
                Command::Exit { section: args.first().map(|(_, w)| Name::from(w)) }
            }
            "turn" | "next" | "t" => {
                no_more(0)?;
                Command::Turn
            }
            "fire" | "f" => {
                no_more(2)?;
                let (_, w) = args.first().ok_or_else(|| err(end, "expected a target: a soldier or a hex".into()))?;
                let target = if looks_like_pos(w) { Target::Hex(pos_at(0)?) } else { Target::Soldier(Name::from(w)) };
                match args.get(1) {
                    None => Command::Fire { target },
                    Some((_, m)) if m.eq_ignore_ascii_case("special") => Command::FireSpecial { target },
                    Some((col, m)) => {
                        return Err(err(
                            *col,
                            format!("'{}' is not a firing method: write special, or nothing", quote(m)),
                        ));
                    }
                }
            }
            "throw" => {
                no_more(1)?;
                Command::Throw { hex: pos_at(0)? }
            }
            "reload" => {
                no_more(1)?;
                Command::Reload { gunner: args.first().map(|(_, w)| Name::from(w)) }
            }
            "steer" => {
                no_more(1)?;
                Command::Steer { towards: pos_at(0)? }
            }
            "fight" => {
                no_more(1)?;
                Command::Fight { target: word_at(0, "the enemy to fight")? }
            }
            "carry" => {
                no_more(2)?;
                Command::Carry { wounded: word_at(0, "the wounded man")?, to: pos_at(1)? }
            }
            "hold" | "h" => {
                no_more(0)?;
                Command::Hold
            }
            "capture" => {
                no_more(1)?;
                Command::Capture { prisoner: word_at(0, "the enemy to take prisoner")? }
            }
            "call" if args.first().is_some_and(|(_, w)| w.eq_ignore_ascii_case("smoke")) => {
                no_more(2)?;
                Command::CallSmoke { hex: pos_at(1)? }
            }
            "call" if args.first().is_some_and(|(_, w)| w.eq_ignore_ascii_case("air")) => {
                no_more(2)?;
                Command::CallAir { hex: pos_at(1)? }
            }
            "call" => {
                no_more(1)?;
                Command::Call { hex: pos_at(0)? }
            }
            "double" | "dig" | "up" => {
                no_more(0)?;
                let stance = match verb.to_ascii_lowercase().as_str() {
                    "double" => Stance::Double,
                    "dig" => Stance::DigIn,
                    _ => Stance::Up,
                };
                Command::Stance { stance }
            }
            "spend" => {
                no_more(1)?;
                let on = match args.first() {
                    None => return Err(err(end, "spend what: fire, move or rally".into())),
                    Some((_, w)) if w.eq_ignore_ascii_case("fire") => PointUse::Fire,
                    Some((_, w)) if w.eq_ignore_ascii_case("move") => PointUse::Move,
                    Some((_, w)) if w.eq_ignore_ascii_case("rally") => PointUse::Rally,
                    Some((col, w)) if w.eq_ignore_ascii_case("courage") => {
                        return Err(err(
                            *col,
                            "a command point goes to a courage test by itself, when the squad tests".into(),
                        ));
                    }
                    Some((col, w)) => {
                        return Err(err(
                            *col,
                            format!("'{}' is not a use of a command point: fire, move or rally", quote(w)),
                        ));
                    }
                };
                Command::Spend { on }
            }
            other => return Err(err(*verb_col, format!("unknown command '{}'", quote(other)))),
        };
        Ok(cmd)
    }
}

/// What a command point is spent on (the article's four uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointUse {
    /// Another round of fire: the squad's next fire this turn throws its
    /// dice twice.
    Fire,
    /// The second round of fire, thrown.
    Fired,
    /// Half a move more for every man of the squad this turn.
    Move,
    /// One suppression lifted.
    Rally,
    /// +5 to a courage test (spent on the first test the squad takes).
    Courage,
}

impl PointUse {
    /// The word the command language and the events use.
    pub fn name(self) -> &'static str {
        match self {
            PointUse::Fire | PointUse::Fired => "fire",
            PointUse::Move => "move",
            PointUse::Rally => "rally",
            PointUse::Courage => "courage",
        }
    }
}

#[cfg(test)]
#[path = "command_tests.rs"]
mod tests;
