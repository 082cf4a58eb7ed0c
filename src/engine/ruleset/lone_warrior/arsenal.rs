//! The rest of the Lone Warrior arsenal as rules data and the sums they
//! call for: vehicle types and their tactical-action cards, anti-tank fire
//! and its damage, and H.E. fire from off the map.
//!
//! The source's numbers, with where each comes from:
//! - vehicle cards: horse drawn 1, cavalry 2, jeep/Kübelwagen 3, light truck
//!   or motorcycle 3, armoured car 3, medium/heavy truck 2, halftrack or
//!   carrier 2, slow tracked 1, medium tracked 2, fast tracked 3;
//! - A/T fire: score at least the hex count on a D8, +1 to the count if the
//!   target or the firer moved, +1 if the target is partly hidden, -1 at its
//!   rear, +1 for an A/T rifle, bazooka or Panzerfaust at extreme range;
//!   ranges point blank / normal / extreme: those three adjacent / - / 2,
//!   other A/T guns 2 / 5 / 8; effect on a D6, point blank or normal 1-2
//!   light damage, 3-4 heavy, 5-6 destroyed; extreme 4 light, 5 heavy, 6
//!   destroyed;
//! - H.E. fire: at most 8 hexes, score at least the hex count on a D8, +1 if
//!   the target or the firer moved, +1 if the target is in hard cover; soft
//!   skins destroyed on 4-6 (D6), open-top armour on 6.
//!
//! Everything else here is a decision, stated in the rules data and in
//! docs/RULES.md.

use serde::{Deserialize, Serialize};

use crate::engine::dice::{Modifier, Modifiers};
use crate::engine::vocabulary::fields::yes;
use crate::engine::vocabulary::name::{Name, is_key};

/// How a vehicle is protected, which decides what H.E. does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Armour {
    /// Horses, jeeps, trucks, motorcycles.
    SoftSkin,
    /// Halftracks and carriers.
    OpenTop,
    /// Armoured cars and tanks: H.E. does not harm them (decision).
    Closed,
}

/// A kind of vehicle, from the source's card table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleType {
    pub key: String,
    pub name: String,
    /// Cards in the tactical-action deck (the source's table).
    pub cards: u32,
    pub armour: Armour,
    /// Decision: tanks block line of sight; lighter vehicles do not.
    pub blocks_sight: bool,
}

/// Decision: what damage does to a vehicle, which the source leaves open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageRules {
    /// Cards a vehicle with light damage loses from each deck (it keeps one).
    pub light_cards_lost: u32,
    /// Heavy damage leaves a vehicle unable to move; it may still fire.
    pub heavy_immobilises: bool,
    /// A second hit makes it worse: light on light is heavy, and anything
    /// on heavy destroys it.
    pub accumulates: bool,
}

impl DamageRules {
    /// A vehicle's damage after a hit that did `hit` to it.
    pub fn after(&self, now: Damage, hit: Damage) -> Damage {
        if !self.accumulates || hit == Damage::None || now == Damage::None {
            return now.max(hit);
        }
        let worse = match now {
            Damage::Light => Damage::Heavy,
            _ => Damage::Destroyed,
        };
        worse.max(hit)
    }

    /// Cards a vehicle type with this damage brings to the deck.
    pub fn cards(&self, vehicle: &VehicleType, damage: Damage) -> u32 {
        match damage {
            Damage::None => vehicle.cards,
            Damage::Light | Damage::Heavy => vehicle.cards.saturating_sub(self.light_cards_lost).max(1),
            Damage::Destroyed => 0,
        }
    }
}

/// What a hit from an anti-tank weapon does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Damage {
    None,
    Light,
    Heavy,
    Destroyed,
}

impl Damage {
    pub fn name(self) -> &'static str {
        match self {
            Damage::None => "no_damage",
            Damage::Light => "light_damage",
            Damage::Heavy => "heavy_damage",
            Damage::Destroyed => "destroyed",
        }
    }
}

/// A D6 face range and the damage it does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageEntry {
    pub rolls: (u8, u8),
    pub damage: Damage,
}

/// An anti-tank weapon's ranges: the longest hex count of each band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtWeapon {
    pub key: String,
    pub name: String,
    pub point_blank: u32,
    /// None where the source gives no normal band (A/T rifle, bazooka, Panzerfaust).
    pub normal: Option<u32>,
    pub extreme: u32,
    /// The three short-ranged weapons: +1 to the count at extreme range.
    pub short_ranged: bool,
}

/// An anti-tank weapon's range band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtBand {
    PointBlank,
    Normal,
    Extreme,
}

impl AtBand {
    pub fn name(self) -> &'static str {
        match self {
            AtBand::PointBlank => "point_blank",
            AtBand::Normal => "normal",
            AtBand::Extreme => "extreme",
        }
    }
}

/// The anti-tank fire table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiTank {
    /// The to-hit die (a D8).
    pub sides: u8,
    pub weapons: Vec<AtWeapon>,
    pub moved: i32,
    pub partly_hidden: i32,
    pub rear: i32,
    pub short_at_extreme: i32,
    /// The damage die (a D6) at point blank or normal range, and at extreme.
    pub damage_sides: u8,
    pub close_damage: Vec<DamageEntry>,
    pub extreme_damage: Vec<DamageEntry>,
}

/// How a shot at a vehicle was taken, for its modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AtShot {
    pub distance: u32,
    /// The target or the firer moved since the last STOP card.
    pub moved: bool,
    pub partly_hidden: bool,
    pub rear: bool,
}

/// The need of a roll on one die and the modifiers that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct Need {
    pub need: i32,
    pub modifiers: Modifiers,
}

impl AntiTank {
    pub fn weapon(&self, key: &str) -> Option<&AtWeapon> {
        self.weapons.iter().find(|w| is_key(&w.key, key))
    }

    /// The band a hex count falls in, or None beyond extreme range (or at
    /// distance 0: an A/T weapon is not fired into its own hex).
    pub fn band(weapon: &AtWeapon, distance: u32) -> Option<AtBand> {
        match distance {
            0 => None,
            d if d <= weapon.point_blank => Some(AtBand::PointBlank),
            d if weapon.normal.is_some_and(|n| d <= n) => Some(AtBand::Normal),
            d if d <= weapon.extreme => Some(AtBand::Extreme),
            _ => None,
        }
    }

    /// The score needed on the to-hit die: the hex count and the modifiers
    /// added to it. None out of range.
    pub fn need(&self, weapon: &AtWeapon, shot: AtShot) -> Option<(AtBand, Need)> {
        let band = Self::band(weapon, shot.distance)?;
        let mut modifiers = Modifiers::default();
        let mut add = |on: bool, name: &'static str, value: i32| {
            if on && value != 0 {
                modifiers.push(Modifier::new(Name::new_static(name), value));
            }
        };
        add(shot.moved, "moved", self.moved);
        add(shot.partly_hidden, "partly_hidden", self.partly_hidden);
        add(shot.rear, "rear", self.rear);
        add(weapon.short_ranged && band == AtBand::Extreme, "short_weapon_at_extreme", self.short_at_extreme);
        let need = shot.distance as i32 + modifiers.total();
        Some((band, Need { need, modifiers }))
    }

    /// What a hit does, by band and the damage die's face.
    pub fn damage(&self, band: AtBand, face: u8) -> Damage {
        let table = if band == AtBand::Extreme { &self.extreme_damage } else { &self.close_damage };
        table.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&face)).map_or(Damage::None, |e| e.damage)
    }
}

/// H.E. fire from off the map, called by a radio man (or the enemy's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HighExplosive {
    pub max_range: u32,
    /// The to-hit die (a D8).
    pub sides: u8,
    pub moved: i32,
    pub hard_cover: i32,
    /// The effect die on a vehicle (a D6): soft skins are destroyed from
    /// this face up, open-top armour from the other; closed armour never.
    pub effect_sides: u8,
    pub soft_skin_destroyed_from: u8,
    pub open_top_destroyed_from: u8,
    /// Decision: fire missions the guns fire for one patrol.
    pub missions_per_patrol: u32,
    /// House rule: a patrol whose orders give it a radio may call these
    /// missions. Off, as written: the article has no radio.
    #[serde(default = "yes")]
    pub radio: bool,
}

impl HighExplosive {
    /// The score needed to land on the target hex, or None beyond range.
    pub fn need(&self, distance: u32, moved: bool, hard_cover: bool) -> Option<Need> {
        if distance == 0 || distance > self.max_range {
            return None;
        }
        let mut modifiers = Modifiers::default();
        if moved && self.moved != 0 {
            modifiers.push(Modifier::new(Name::new_static("moved"), self.moved));
        }
        if hard_cover && self.hard_cover != 0 {
            modifiers.push(Modifier::new(Name::new_static("hard_cover"), self.hard_cover));
        }
        let need = distance as i32 + modifiers.total();
        Some(Need { need, modifiers })
    }

    /// The least face of the effect die that destroys a vehicle of this
    /// armour, or None when H.E. cannot.
    pub fn destroys_from(&self, armour: Armour) -> Option<u8> {
        match armour {
            Armour::SoftSkin => Some(self.soft_skin_destroyed_from),
            Armour::OpenTop => Some(self.open_top_destroyed_from),
            Armour::Closed => None,
        }
    }
}

/// The vehicles, A/T fire and H.E. fire of a rule book. Rule books saved
/// before these existed load with none of them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arsenal {
    pub vehicles: Vec<VehicleType>,
    /// Decision: a vehicle moves this many hexes on one card, as infantry
    /// does ("vehicles move in exactly the same way"): its speed is in its
    /// card count.
    pub hexes_per_card: u32,
    /// Decision: on one card a vehicle moves or fires, not both, like a man.
    pub fire_after_moving: bool,
    /// Decision: the terrain (keys) a vehicle may enter.
    pub vehicle_terrain: Vec<Name>,
    /// Decision: an enemy vehicle pulls back after this many turns of an
    /// action (it does not hunt a patrol it cannot finish).
    pub vehicle_turns: u32,
    /// House rule: an enemy vehicle pulls back after `vehicle_turns` turns
    /// of an action, or at once when damaged, and leaves by the map's edge.
    /// Off, as written: it fights on until it is destroyed or the action ends.
    #[serde(default = "yes")]
    pub vehicles_pull_back: bool,
    pub damage: Option<DamageRules>,
    pub anti_tank: Option<AntiTank>,
    pub high_explosive: Option<HighExplosive>,
}

impl Arsenal {
    pub fn vehicle(&self, key: &str) -> Option<&VehicleType> {
        self.vehicles.iter().find(|v| is_key(&v.key, key))
    }

    /// Whether a vehicle with `damage` cannot move (heavy damage, where the
    /// damage rules say it immobilises).
    pub fn immobile(&self, damage: Damage) -> bool {
        damage >= Damage::Heavy && self.damage.as_ref().is_some_and(|d| d.heavy_immobilises)
    }
}

#[cfg(test)]
#[path = "arsenal_tests.rs"]
mod tests;
