//! The game's one source of chance: a seeded Pcg32 kept in the game state,
//! which throws the dice for pass/fail checks and tables. The record each
//! throw leaves in the event stream is in `roll`, and named from here too
//! (`dice::Roll`).

pub mod chance;
pub mod hand;
pub(in crate::engine) mod purpose;
pub(in crate::engine) mod roll;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Deserializer, Serialize};

use crate::engine::dice::hand::{Hand, Wanted};
use crate::engine::vocabulary::name::Name;

pub use crate::engine::dice::purpose::Purpose;
pub use crate::engine::dice::roll::{DiceSet, Faces, Modifier, Modifiers, Roll};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    #[serde(deserialize_with = "sound_generator")]
    rng: Pcg32,
    /// The player's own dice, lent for one command (`hand.rs`); never saved
    /// and never kept between commands.
    #[serde(skip)]
    hand: Option<Box<Hand>>,
}

/// A generator read from a file, refused if its stream increment is even:
/// every Pcg32 the game seeds has an odd one, and an even one (say 0) is a
/// hand edit that would give a broken stream (every die a 1). Read as the
/// generator writes itself, then handed to the generator's own reading, so
/// nothing of its insides is copied here.
fn sound_generator<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pcg32, D::Error> {
    #[derive(Deserialize)]
    struct Written {
        state: u64,
        increment: u64,
    }
    let Written { state, increment } = Written::deserialize(deserializer)?;
    if increment % 2 == 0 {
        return Err(serde::de::Error::custom(format!(
            "the dice's generator state is not one the game ever writes (an even stream increment, {increment})"
        )));
    }
    let fields = [("state", state), ("increment", increment)];
    let generator = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(fields.into_iter());
    Pcg32::deserialize(generator).map_err(serde::de::Error::custom)
}

/// The SplitMix64 finaliser (Steele, Lea and Flood 2014): spreads every bit
/// of `z` over the result. Seeds derived for patrols go through it.
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64's step, the golden-ratio increment.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self { rng: Pcg32::seed_from_u64(seed), hand: None }
    }

    /// Lends the player's dice for the next throws.
    pub(super) fn lend(&mut self, hand: Hand) {
        self.hand = Some(Box::new(hand));
    }

    /// Takes the player's dice back, with what they found.
    pub(super) fn take_back(&mut self) -> Option<Hand> {
        self.hand.take().map(|h| *h)
    }

    /// Throws the dice. The game's faces are always drawn, so the
    /// generator moves on the same whoever threw (`hand.rs`); when the
    /// player's dice are lent, the faces he gave replace them, out of line,
    /// and the roll is made after, where its caller keeps it: the game's own
    /// throws (every throw of the simulator) pay one test for the player's dice.
    #[inline(always)]
    fn throw(&mut self, purpose: Purpose, count: u8, sides: u8, need: Option<i32>) -> Roll {
        let mut total = 0;
        let mut faces = Faces::thrown(count, || {
            let face = self.rng.random_range(1..=sides);
            total += u32::from(face);
            face
        });
        let dice = DiceSet { count, sides };
        let mut physical = false;
        if let Some(hand) = &mut self.hand {
            physical = by_hand(hand, Wanted { purpose, dice, need, refused: None }, &mut faces, &mut total);
        }
        Roll {
            purpose,
            dice,
            total,
            faces,
            need,
            success: None,
            modifiers: None,
            result: None,
            soldier: None,
            target: None,
            hex: None,
            physical,
        }
    }

    /// A pass/fail roll: succeed when the total reaches `base` plus the modifiers.
    #[inline]
    pub fn check(&mut self, purpose: Purpose, count: u8, sides: u8, base: i32, modifiers: Modifiers) -> Roll {
        let need = base + modifiers.total();
        let mut roll = self.throw(purpose, count, sides, Some(need));
        roll.success = Some(roll.total as i32 >= need);
        roll.modifiers = Some(modifiers);
        roll
    }

    /// A table roll: `read` turns the total into the table's result.
    #[inline]
    pub fn table(&mut self, purpose: Purpose, count: u8, sides: u8, read: impl FnOnce(u32) -> Name) -> Roll {
        let mut roll = self.throw(purpose, count, sides, None);
        roll.result = Some(read(roll.total));
        roll
    }

    /// A throw of dice with faces of their own (the company-level rule
    /// set's firing and saving dice): `read` turns the faces thrown, each
    /// from 1 to `sides`, into the result.
    pub fn custom(&mut self, purpose: Purpose, count: u8, sides: u8, read: impl FnOnce(&[u8]) -> Name) -> Roll {
        let mut roll = self.throw(purpose, count, sides, None);
        roll.result = Some(read(&roll.faces));
        roll
    }

    /// A throw the rule set reads itself (European Battlefield's firing
    /// dice, each against a need; its roll-under activation): no need, no
    /// verdict and no result written yet.
    pub fn thrown(&mut self, purpose: Purpose, count: u8, sides: u8) -> Roll {
        self.throw(purpose, count, sides, None)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
    }
}

/// The player's dice at a throw: whether they replaced the game's faces.
#[cold]
#[inline(never)]
fn by_hand(hand: &mut Hand, throw: Wanted, faces: &mut Faces, total: &mut u32) -> bool {
    hand.take(throw, faces, total)
}

#[cfg(test)]
mod tests;
