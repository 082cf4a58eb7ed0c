//! Real dice: throws the player makes with dice of his own and types in.
//!
//! The engine stays a function of the game and its commands: the faces a
//! player typed are part of an order (`Order`, written in the command
//! language as `dice 4 3; move e`), and a `Hand` lent to the dice for one
//! command hands them out, a throw each. A throw that finds no faces when
//! the player throws every roll himself does not wait (the engine never
//! waits on anybody): the hand notes it as `Wanted`, the software's faces
//! stand in, and the caller throws that game away and asks the player for
//! exactly that roll (`Campaign::play`, in `by_hand.rs`).
//!
//! Faces thrown by hand still draw the software's faces from the game's
//! generator, and drop them: the generator is where it would have been
//! whichever dice were used, so software dice after a hand throw are the
//! ones they would have been, and typing the faces the software would
//! have thrown gives the very same game.

use std::collections::VecDeque;

use crate::engine::dice::purpose::Purpose;
use crate::engine::dice::roll::{DiceSet, Faces};
use crate::engine::vocabulary::command::Command;

/// One throw of an order: the faces the player typed, or None when the
/// game threw it (`dice -`).
pub type Throw = Option<Faces>;

/// A roll the game wants thrown by hand: what for, the dice, and the
/// number needed when it is a pass/fail roll; and why faces given for it
/// were refused, if they were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    pub purpose: Purpose,
    pub dice: DiceSet,
    pub need: Option<i32>,
    /// Faces given for this throw that do not fit its dice, and why.
    pub refused: Option<String>,
}

impl Wanted {
    /// The roll in a player's words: "roll 2d6 for the incident check, 6 or more to succeed".
    pub fn ask(&self) -> String {
        let what = self.purpose.name().replace('_', " ");
        let what = match self.purpose {
            Purpose::Incident => "the incident check".to_string(),
            _ => format!("the {what} roll"),
        };
        let need = match (self.need, self.purpose) {
            (Some(n), Purpose::Incident) => format!(": incident on {n}+"),
            (Some(n), _) => format!(": {n}+ succeeds"),
            (None, _) => String::new(),
        };
        format!("roll {} for {what}{need}", self.dice)
    }

    /// Whether `faces` can be what this roll's dice showed; why not if not.
    ///
    /// # Errors
    /// Too many or too few faces, or a face the dice do not have.
    pub fn fits(&self, faces: &[u8]) -> Result<(), String> {
        fits(self.dice, faces)
    }
}

/// Whether `faces` can be what `dice` showed.
///
/// # Errors
/// Too many or too few faces, or a face the dice do not have.
pub fn fits(dice: DiceSet, faces: &[u8]) -> Result<(), String> {
    let DiceSet { count, sides } = dice;
    if faces.len() != usize::from(count) {
        let given = match faces.len() {
            1 => "1 face was given".to_string(),
            n => format!("{n} faces were given"),
        };
        let want = if count == 1 { "1 face".to_string() } else { format!("{count} faces") };
        return Err(format!("{dice} is {want}, one a die, but {given}"));
    }
    if let Some(bad) = faces.iter().find(|&&f| f == 0 || f > sides) {
        return Err(format!("a d{sides} shows 1 to {sides}: it cannot show {bad}"));
    }
    Ok(())
}

/// What the dice are lent for one command: the throws the player gave,
/// whether he throws every roll himself, the faces owed from throws that
/// were taken back, and what it found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hand {
    /// Every roll is thrown by hand (the campaign's real-dice setting).
    pub all: bool,
    /// The throws the player gave, in order; each throw takes the first.
    pub given: VecDeque<Throw>,
    /// Faces once thrown by hand for throws that were taken back: the next
    /// throw of the same dice takes them before anything else (so a take-back
    /// cannot fish for a better throw of real dice either).
    pub owed: Vec<Faces>,
    /// Every throw so far, as an order records it.
    pub used: Vec<Throw>,
    /// The first throw that found no faces, or refused the ones given.
    pub wanted: Option<Wanted>,
}

impl Hand {
    /// A throw's faces: from the faces owed, else the ones given, else the
    /// software's (already in `faces`), unless every roll is by hand: then
    /// `throw` is wanted. After the first throw wanted nothing counts (the
    /// game it is thrown in will be thrown away). Returns whether the faces
    /// are the player's.
    pub(in crate::engine) fn take(&mut self, throw: Wanted, faces: &mut Faces, total: &mut u32) -> bool {
        if self.wanted.is_some() {
            return false;
        }
        let dice = throw.dice;
        let given = if let Some(k) = self.owed.iter().position(|f| fits(dice, f).is_ok()) {
            self.owed.remove(k)
        } else {
            match self.given.pop_front() {
                Some(Some(given)) => match fits(dice, &given) {
                    Ok(()) => given,
                    Err(why) => {
                        self.wanted = Some(Wanted { refused: Some(why), ..throw });
                        return false;
                    }
                },
                None if self.all => {
                    self.wanted = Some(throw);
                    return false;
                }
                Some(None) | None => {
                    self.used.push(None);
                    return false;
                }
            }
        };
        *total = given.iter().map(|&f| u32::from(f)).sum();
        *faces = given.clone();
        self.used.push(Some(given));
        true
    }

    /// The throws an order records: up to the last one thrown by hand
    /// (the game's own after it need no mention).
    pub fn recorded(&self) -> Vec<Throw> {
        let end = self.used.iter().rposition(Option::is_some).map_or(0, |k| k + 1);
        self.used[..end].to_vec()
    }
}

/// An order as kept for take-backs and replays: the command, after the
/// throws the player made for it, in the command language: `move e`, or
/// `dice 4 3; dice -; move e` (a `-` is a throw the game made).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    pub thrown: Vec<Throw>,
    pub command: Command,
}

impl Order {
    /// The order `command` after `thrown`, as `Order` writes itself
    /// (without making one).
    pub fn write(thrown: &[Throw], command: &Command) -> String {
        if thrown.is_empty() {
            return command.to_string();
        }
        let mut text = String::new();
        for t in thrown {
            text.push_str(&format!("dice {}; ", throw_words(t)));
        }
        text.push_str(&command.to_string());
        text
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Order::write(&self.thrown, &self.command))
    }
}

/// A throw as a `dice` line writes it, without the word: `4 3`, or `-`.
pub fn throw_words(t: &Throw) -> String {
    match t {
        None => "-".into(),
        Some(faces) => faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
    }
}

/// Reads the faces of a `dice` line, after the word: `4 3`, or `-` for a
/// throw the game makes.
///
/// # Errors
/// No faces, or something that is not a face (a face is a whole number from 1 to 255).
pub fn read_throw(text: &str) -> Result<Throw, String> {
    let text = text.trim();
    if text == "-" {
        return Ok(None);
    }
    if text.is_empty() {
        return Err("expected the faces the dice show, e.g. dice 4 3 (or dice - to let the game throw)".into());
    }
    let faces = text
        .split_whitespace()
        .map(|w| match w.parse::<u8>() {
            Ok(0) => Err("a die has no face 0".to_string()),
            Ok(f) => Ok(f),
            Err(_) => Err(format!("'{w}' is not a face of a die: type the numbers the dice show, e.g. dice 4 3")),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    if faces.len() > usize::from(u8::MAX) {
        return Err("more faces than any throw of the game".into());
    }
    Ok(Some(Faces::from(faces)))
}

impl std::str::FromStr for Order {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut thrown = Vec::new();
        let mut rest = text.trim_start();
        while let Some(after) = rest.strip_prefix("dice ")
            && let Some((faces, tail)) = after.split_once(';')
        {
            thrown.push(read_throw(faces)?);
            rest = tail.trim_start();
        }
        let command = rest.parse::<Command>().map_err(|e| e.message)?;
        Ok(Self { thrown, command })
    }
}

#[cfg(test)]
#[path = "hand_tests.rs"]
mod tests;
