//! The game's one source of chance: a seeded Pcg32 kept in the game state,
//! and the roll records every die thrown leaves in the event stream.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

use super::name::Name;
use super::pos::Pos;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    rng: Pcg32,
}

/// What a roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    Incident,
    IncidentTable,
    Placement,
    Fire,
    HandToHand,
    Casualty,
    Mortar,
    Template,
    Minefield,
    /// H.E. fire called by the patrol's radio: does it land on the hex?
    HighExplosive,
    /// Who sets off a booby trap (a template roll).
    BoobyTrap,
    /// What a hit does to a vehicle.
    Damage,
}

impl Purpose {
    /// The name roll events use (`incident_table`).
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Incident => "incident",
            Purpose::IncidentTable => "incident_table",
            Purpose::Placement => "placement",
            Purpose::Fire => "fire",
            Purpose::HandToHand => "hand_to_hand",
            Purpose::Casualty => "casualty",
            Purpose::Mortar => "mortar",
            Purpose::Template => "template",
            Purpose::Minefield => "minefield",
            Purpose::HighExplosive => "high_explosive",
            Purpose::BoobyTrap => "booby_trap",
            Purpose::Damage => "damage",
        }
    }
}

/// One thing that moved a need away from its base value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub name: Name,
    pub value: i32,
}

impl Modifier {
    pub fn new(name: impl Into<Name>, value: i32) -> Self {
        Self { name: name.into(), value }
    }
}

/// A die roll as the event stream shows it. Pass/fail rolls carry `need`,
/// `success` and `modifiers`; table rolls carry `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    pub purpose: Purpose,
    pub dice: Name,
    pub faces: Vec<u8>,
    pub total: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<Vec<Modifier>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Name>,
    /// Who rolled, or for whom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldier: Option<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<Pos>,
}

impl Roll {
    pub fn succeeded(&self) -> bool {
        self.success == Some(true)
    }

    pub fn by(mut self, soldier: &Name) -> Self {
        self.soldier = Some(soldier.clone());
        self
    }

    pub fn at(mut self, target: &Name) -> Self {
        self.target = Some(target.clone());
        self
    }

    pub fn on(mut self, hex: Pos) -> Self {
        self.hex = Some(hex);
        self
    }
}

/// "2d6": the dice as roll events name them. The game's own dice are
/// spelled out, as formatting them was a good part of every roll's cost.
fn dice_name(count: u8, sides: u8) -> Name {
    match (count, sides) {
        (1, 6) => Name::new_static("1d6"),
        (2, 6) => Name::new_static("2d6"),
        _ => super::name::format_name!("{count}d{sides}"),
    }
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
    /// A generator read from a file is sound if its stream increment is odd,
    /// as every Pcg32 the game seeds is; an even one (say 0) is a hand edit
    /// that would give a broken stream (every die a 1).
    pub fn is_sound(&self) -> bool {
        serde_json::to_value(&self.rng)
            .ok()
            .and_then(|v| v.get("increment").and_then(serde_json::Value::as_u64))
            .is_some_and(|inc| inc % 2 == 1)
    }

    pub fn new(seed: u64) -> Self {
        Self { rng: Pcg32::seed_from_u64(seed) }
    }

    fn throw(&mut self, purpose: Purpose, count: u8, sides: u8) -> Roll {
        let faces: Vec<u8> = (0..count).map(|_| self.rng.random_range(1..=sides)).collect();
        Roll {
            purpose,
            dice: dice_name(count, sides),
            total: faces.iter().map(|&f| u32::from(f)).sum(),
            faces,
            need: None,
            success: None,
            modifiers: None,
            result: None,
            soldier: None,
            target: None,
            hex: None,
        }
    }

    /// A pass/fail roll: succeed when the total reaches `base` plus the modifiers.
    pub fn check(&mut self, purpose: Purpose, count: u8, sides: u8, base: i32, modifiers: Vec<Modifier>) -> Roll {
        let need = base + modifiers.iter().map(|m| m.value).sum::<i32>();
        let mut roll = self.throw(purpose, count, sides);
        roll.need = Some(need);
        roll.success = Some(roll.total as i32 >= need);
        roll.modifiers = Some(modifiers);
        roll
    }

    /// A table roll: `read` turns the total into the table's result.
    pub fn table(&mut self, purpose: Purpose, count: u8, sides: u8, read: impl FnOnce(u32) -> Name) -> Roll {
        let mut roll = self.throw(purpose, count, sides);
        roll.result = Some(read(roll.total));
        roll
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_faces() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        for _ in 0..100 {
            assert_eq!(a.check(Purpose::Fire, 1, 6, 4, vec![]), b.check(Purpose::Fire, 1, 6, 4, vec![]));
        }
    }

    #[test]
    fn faces_stay_on_the_die() {
        let mut d = Dice::new(1);
        let mut seen = [false; 6];
        for _ in 0..600 {
            let r = d.table(Purpose::Casualty, 1, 6, |t| super::super::name::format_name!("{t}"));
            assert!((1..=6).contains(&r.faces[0]));
            seen[r.faces[0] as usize - 1] = true;
        }
        assert!(seen.iter().all(|&s| s), "every face turns up in 600 throws");
    }

    #[test]
    fn purpose_names_are_the_event_names() {
        use Purpose::*;
        for p in [Incident, IncidentTable, Placement, Fire, HandToHand, Casualty, Mortar, Template, Minefield] {
            assert_eq!(serde_json::to_value(p).unwrap(), p.name());
        }
    }

    #[test]
    fn need_is_base_plus_modifiers() {
        let mut d = Dice::new(3);
        let r = d.check(
            Purpose::Incident,
            2,
            6,
            7,
            vec![Modifier::new("woods", -1), Modifier::new("earlier_incidents", -1)],
        );
        assert_eq!(r.need, Some(5));
        assert_eq!(r.success, Some(r.total >= 5));
        assert_eq!(r.dice, "2d6");
        assert_eq!(r.total, u32::from(r.faces[0] + r.faces[1]));
    }

    #[test]
    fn survives_a_serde_round_trip_mid_stream() {
        let mut d = Dice::new(99);
        d.check(Purpose::Fire, 1, 6, 4, vec![]);
        let saved = serde_json::to_string(&d).unwrap();
        let mut back: Dice = serde_json::from_str(&saved).unwrap();
        for _ in 0..20 {
            assert_eq!(d.check(Purpose::Fire, 2, 6, 7, vec![]), back.check(Purpose::Fire, 2, 6, 7, vec![]));
        }
    }
}
