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

use super::command::Command;
use super::purpose::Purpose;
use super::roll::{DiceSet, Faces};

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
    pub(super) fn take(&mut self, throw: Wanted, faces: &mut Faces, total: &mut u32) -> bool {
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
mod tests {
    use super::super::roll::Roll;
    use super::*;

    fn roll(count: u8, sides: u8) -> Roll {
        super::super::dice::Dice::new(1).table(Purpose::Casualty, count, sides, |_| "x".into())
    }

    /// `roll` thrown with `hand` lent, as the dice throw it.
    fn lent(hand: &mut Hand, roll: &mut Roll, need: Option<i32>) {
        let throw = Wanted { purpose: roll.purpose, dice: roll.dice, need, refused: None };
        roll.physical = hand.take(throw, &mut roll.faces, &mut roll.total);
    }

    #[test]
    fn faces_are_checked_against_the_dice() {
        let d = DiceSet { count: 2, sides: 6 };
        assert_eq!(fits(d, &[4, 3]), Ok(()));
        assert_eq!(fits(d, &[4, 7]).unwrap_err(), "a d6 shows 1 to 6: it cannot show 7");
        assert_eq!(fits(d, &[4]).unwrap_err(), "2d6 is 2 faces, one a die, but 1 face was given");
        assert_eq!(fits(d, &[1, 2, 3]).unwrap_err(), "2d6 is 2 faces, one a die, but 3 faces were given");
        assert!(fits(DiceSet { count: 1, sides: 10 }, &[10]).is_ok());
        assert!(read_throw("4 x").unwrap_err().contains("'x' is not a face"));
        assert!(read_throw("4 0").unwrap_err().contains("no face 0"));
        assert!(read_throw("300").unwrap_err().contains("'300'"));
        assert!(read_throw("  ").unwrap_err().contains("expected the faces"));
        assert_eq!(read_throw(" - "), Ok(None));
    }

    #[test]
    fn orders_read_back_as_they_are_written() {
        for text in ["move 9,10", "dice 4 3; move 9,10", "dice -; dice 6; fire G1", "dice 1 1 1 1; turn"] {
            let order: Order = text.parse().unwrap();
            assert_eq!(order.to_string(), text);
        }
        let order: Order = "dice 4 3; dice -; move 9,10".parse().unwrap();
        assert_eq!(order.thrown, vec![Some(Faces::from(vec![4, 3])), None]);
        assert!("dice 4 q; move 9,10".parse::<Order>().is_err());
        assert!("dice 4 3".parse::<Order>().is_err(), "faces alone are no order");
    }

    #[test]
    fn a_throw_takes_owed_faces_then_given_ones_then_asks() {
        let mut hand = Hand { all: true, ..Hand::default() };
        hand.owed.push(Faces::from(vec![2, 2]));
        hand.given.push_back(Some(Faces::from(vec![5])));
        let mut one = roll(1, 6);
        lent(&mut hand, &mut one, None);
        assert_eq!((&one.faces[..], one.total, one.physical), (&[5][..], 5, true));
        let mut two = roll(2, 6);
        lent(&mut hand, &mut two, Some(7));
        assert_eq!((&two.faces[..], two.total), (&[2, 2][..], 4), "the owed 2d6 goes to the next 2d6");
        let mut three = roll(2, 6);
        lent(&mut hand, &mut three, Some(6));
        let wanted = hand.wanted.clone().unwrap();
        assert_eq!(wanted.ask(), "roll 2d6 for the casualty roll: 6+ succeeds");
        assert!(!three.physical);
        assert_eq!(hand.recorded().len(), 2);
    }

    #[test]
    fn faces_that_do_not_fit_are_refused_and_software_throws_are_recorded_as_dashes() {
        let mut hand = Hand::default();
        hand.given.extend([None, Some(Faces::from(vec![7]))]);
        let mut first = roll(1, 6);
        let before = first.clone();
        lent(&mut hand, &mut first, None);
        assert_eq!(first, before, "a dash leaves the game's throw");
        let mut second = roll(1, 6);
        lent(&mut hand, &mut second, None);
        assert_eq!(hand.wanted.unwrap().refused.unwrap(), "a d6 shows 1 to 6: it cannot show 7");
        let mut soft = Hand::default();
        lent(&mut soft, &mut roll(1, 6), None);
        assert_eq!(soft.wanted, None, "software dice want nothing");
        assert!(soft.recorded().is_empty());
    }
}
