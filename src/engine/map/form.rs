//! How a map is written in a save. Since format 4 its terrain is one string
//! a row, one character a hex: the hex's terrain number written as a digit
//! or letter (`0`-`9`, `a`-`z`, `A`-`Z` for 0 to 61) or, past those, as the
//! character 62 places after U+0100 (`Ā` and on). A map of 1000 by 1000
//! hexes is then some 1 MB of text that reads as fast as the file can be
//! scanned, where a number a hex ("0, 4, 4, ") came to 3 MB that RON read
//! one number at a time. Saves of format 3 and older wrote those numbers;
//! they are still read (`Ground::Numbers`).

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::book::scenario::Edge;
use crate::engine::vocabulary::pos::Pos;

/// The characters of the terrain numbers 0 to 61.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The first character past `DIGITS`, standing for terrain number 62.
const PAST_DIGITS: u32 = 0x100;

/// The character a terrain number is written as.
pub(in crate::engine) fn terrain_char(t: u8) -> char {
    match DIGITS.get(usize::from(t)) {
        Some(&c) => char::from(c),
        None => char::from_u32(PAST_DIGITS + u32::from(t) - 62).expect("U+0100 to U+01C1 are characters"),
    }
}

/// The terrain number a character stands for, if any.
pub(in crate::engine) fn terrain_number(c: char) -> Option<u8> {
    if c.is_ascii() {
        return DIGITS.iter().position(|&d| char::from(d) == c).map(|k| k as u8);
    }
    let past = u32::from(c).checked_sub(PAST_DIGITS)?;
    u8::try_from(past + 62).ok().filter(|_| past < 256 - 62)
}

/// A terrain number for each ASCII character (255: none), so that a row
/// is read a byte at a time with no search.
const ASCII_NUMBERS: [u8; 128] = {
    let mut table = [255u8; 128];
    let mut k = 0;
    while k < DIGITS.len() {
        table[DIGITS[k] as usize] = k as u8;
        k += 1;
    }
    table
};

/// A map as a save holds it.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Map")]
pub(in crate::engine) struct Written {
    pub width: i32,
    pub height: i32,
    pub terrain: Ground,
    pub minefields: Vec<Pos>,
    pub home_edge: Edge,
}

/// A map's terrain as written: rows of characters (format 4 on), or a
/// number a hex, row after row (formats 1 to 3).
pub(in crate::engine) enum Ground {
    Rows(Vec<String>),
    Numbers(Vec<u8>),
}

/// Adds the terrain numbers of `row` to `terrain`, or gives the first
/// character that stands for none.
pub(in crate::engine) fn read_row(row: &str, terrain: &mut Vec<u8>) -> Result<(), char> {
    if row.is_ascii() {
        for &b in row.as_bytes() {
            match ASCII_NUMBERS[usize::from(b)] {
                255 => return Err(char::from(b)),
                t => terrain.push(t),
            }
        }
        return Ok(());
    }
    for c in row.chars() {
        terrain.push(terrain_number(c).ok_or(c)?);
    }
    Ok(())
}

impl Serialize for Ground {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Ground::Rows(rows) => rows.serialize(s),
            Ground::Numbers(numbers) => numbers.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Ground {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(GroundVisitor)
    }
}

/// The first entry of a map's terrain tells which form the rest is in.
enum First {
    Row(String),
    Number(u8),
}

impl<'de> Deserialize<'de> for First {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FirstVisitor)
    }
}

struct FirstVisitor;

impl Visitor<'_> for FirstVisitor {
    type Value = First;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a row of the map, as a string, or a terrain number")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<First, E> {
        Ok(First::Row(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<First, E> {
        Ok(First::Row(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<First, E> {
        u8::try_from(v).map(First::Number).map_err(|_| E::custom(format!("terrain number {v} (at most 255)")))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<First, E> {
        u8::try_from(v).map(First::Number).map_err(|_| E::custom(format!("terrain number {v} (at most 255)")))
    }
}

struct GroundVisitor;

impl<'de> Visitor<'de> for GroundVisitor {
    type Value = Ground;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("the map's rows, as strings, or its terrain numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Ground, A::Error> {
        match seq.next_element::<First>()? {
            None => Ok(Ground::Numbers(Vec::new())),
            Some(First::Row(row)) => {
                let mut rows = vec![row];
                while let Some(row) = seq.next_element::<String>()? {
                    rows.push(row);
                }
                Ok(Ground::Rows(rows))
            }
            Some(First::Number(n)) => {
                let mut numbers = vec![n];
                while let Some(n) = seq.next_element::<u8>()? {
                    numbers.push(n);
                }
                Ok(Ground::Numbers(numbers))
            }
        }
    }
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
