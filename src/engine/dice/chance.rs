//! Exact chances from the dice. Nothing here is sampled: every way the dice
//! can fall is counted, so a chance is a whole number of ways out of a whole
//! number of equally likely throws (2D6 for 7 or more: 21 ways of 36).

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// `ways` of the `of` equally likely throws of the dice.
///
/// Kept as the counts, not reduced, because "21 of 36" is what a player
/// checks against the dice; `value` gives the probability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chance {
    pub ways: u64,
    pub of: u64,
}

impl Chance {
    pub const fn new(ways: u64, of: u64) -> Self {
        Self { ways, of }
    }

    /// The probability, from 0 to 1 (0 for no throws at all).
    pub fn value(self) -> f64 {
        if self.of == 0 { 0.0 } else { self.ways as f64 / self.of as f64 }
    }

    /// Whether two chances are the same number, however they are written.
    pub fn same_as(self, other: Chance) -> bool {
        u128::from(self.ways) * u128::from(other.of) == u128::from(other.ways) * u128::from(self.of)
    }

    /// The chance of `ways` throws of `count` dice with `sides` faces.
    pub fn of_throws(ways: u64, count: u8, sides: u8) -> Self {
        Self { ways, of: throws(count, sides) }
    }

    /// The chance that `count` dice of `sides` faces total `need` or more.
    pub fn at_least(count: u8, sides: u8, need: i32) -> Self {
        let ways = totals(count, sides)
            .iter()
            .enumerate()
            .filter(|&(total, _)| total as i64 >= i64::from(need))
            .map(|(_, &w)| w)
            .fold(0u64, u64::saturating_add);
        Self::of_throws(ways, count, sides)
    }
}

/// JSON: `{"ways":21,"of":36,"p":0.5833333333333334}`, the counts and the probability.
impl Serialize for Chance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Chance", 3)?;
        s.serialize_field("ways", &self.ways)?;
        s.serialize_field("of", &self.of)?;
        s.serialize_field("p", &self.value())?;
        s.end()
    }
}

/// "21/36 (58.3%)".
impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} ({:.1}%)", self.ways, self.of, self.value() * 100.0)
    }
}

/// The chance of each of `ways` over one denominator `of`, every one
/// divided by what they all share, so that they read small and still add
/// up to one.
pub fn over_one(ways: Vec<u64>, of: u64) -> Vec<Chance> {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let g = ways.iter().fold(of, |g, &w| gcd(g, w)).max(1);
    ways.into_iter().map(|w| Chance::new(w / g, of / g)).collect()
}

/// How many equally likely throws `count` dice of `sides` faces have:
/// `sides` to the power `count`. Exact up to 64 bits (24 six-sided dice);
/// the rules data uses one or two dice.
pub fn throws(count: u8, sides: u8) -> u64 {
    u64::from(sides).saturating_pow(u32::from(count))
}

/// The number of ways `count` dice of `sides` faces make each total; the
/// index is the total (so index 0 is the total of no dice at all).
pub fn totals(count: u8, sides: u8) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..count {
        // Adding one die: each new total sums the ways of the totals one to `sides` below it.
        let mut next = vec![0u64; ways.len() + usize::from(sides)];
        for (total, &w) in ways.iter().enumerate() {
            for face in 1..=usize::from(sides) {
                next[total + face] = next[total + face].saturating_add(w);
            }
        }
        ways = next;
    }
    ways
}

/// Every result a table read from the total of `count` dice of `sides`
/// faces can give, with its exact chance, in the order the totals first
/// give them.
pub fn spread(count: u8, sides: u8, read: impl Fn(u32) -> &'static str) -> Vec<(&'static str, Chance)> {
    let mut spread: Vec<(&'static str, Chance)> = Vec::new();
    for (total, &ways) in totals(count, sides).iter().enumerate().filter(|&(_, &w)| w > 0) {
        let result = read(u32::try_from(total).unwrap_or(u32::MAX));
        match spread.iter_mut().find(|(r, _)| *r == result) {
            Some((_, c)) => c.ways = c.ways.saturating_add(ways),
            None => spread.push((result, Chance::of_throws(ways, count, sides))),
        }
    }
    spread
}

#[cfg(test)]
#[path = "chance_tests.rs"]
mod tests;
