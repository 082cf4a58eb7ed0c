//! European Battlefield's vehicles as rules data (core rules v3.0, sections
//! IX and XII): each vehicle's profile (armour front and flank, or none;
//! wounds; courage; points; its main gun and machine guns; a turret or
//! not; its cards), the minimum ranges and armour modifiers of the weapon
//! classes, the turret roll, the KO chart and the crew's bail-out test.
//! Read from `assets/rules/european_battlefield.ron` (`vehicles:`) and
//! checked (`rules/check_european.rs`). What a vehicle has suffered in an
//! action (`Hurt`) rides with it in the save.

use serde::{Deserialize, Serialize};

/// The vehicle rules and profiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vehicles {
    /// A hit on an armoured vehicle strikes the turret (its flank armour)
    /// on this or more on a further die; else its front armour.
    pub turret_need: u8,
    /// Minimum ranges in inches: t- and a-class weapons, and h-class.
    pub min_inches_ta: u32,
    pub min_inches_h: u32,
    /// Added to a weapon's strength against armour, by class: t, h, a (the
    /// article: none, -1, -2). s-class cannot touch armour.
    pub armour_t: i8,
    pub armour_h: i8,
    pub armour_a: i8,
    /// At its last wound a vehicle rolls a die: on this or more, the KO chart.
    pub last_wound_ko: u8,
    /// The KO chart, a row for each band of a die.
    pub ko_chart: Vec<KoEntry>,
    /// A vehicle damaged and not destroyed: its crew tests 2d6 plus the
    /// vehicle's courage against this, or bails out.
    pub bail_pass: u32,
    pub profiles: Vec<VehicleProfile>,
    /// Transports, crews on foot, pivots (tables written before them have
    /// none: nobody rides, and a crew that bails out leaves the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transport: Option<crate::engine::ruleset::european::tables::transport::Transport>,
}

/// A vehicle's profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleProfile {
    pub name: String,
    /// The rule book's vehicle type (its arsenal key), and the roles of
    /// the forces' men it is the profile of (empty: any of that type).
    pub kind: String,
    #[serde(default)]
    pub roles: Vec<String>,
    /// The article's "A": front and flank armour. None: not armoured, and
    /// a man to all but t-class weapons, with `defense`.
    pub armour: Option<(u8, u8)>,
    /// Its defense where it is not armoured (and against t-class weapons
    /// where it is not: the article treats it as armour then).
    pub defense: u8,
    pub wounds: u8,
    pub courage: u8,
    pub points: u32,
    /// Its crew's Shoot value (a decision: the article gives vehicles none).
    pub shoot: u8,
    /// Its main gun (a weapon profile's key), if it has one.
    pub main_gun: Option<String>,
    /// Its machine guns' profile (a weapon profile's key), and how many it
    /// carries: each past the first adds one to the first's rate of fire.
    pub mg: Option<String>,
    #[serde(default)]
    pub mgs: u8,
    pub turret: bool,
    /// Its cards in the patrol loop's deck.
    pub cards: u32,
    /// Carry points: how many it carries (0: not a transport).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub carry: u8,
    /// Its crew, who get out as men when it is abandoned or destroyed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub crew: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl VehicleProfile {
    /// Its armour on the front and on the flank (turret and rear).
    pub fn armoured(&self) -> bool {
        self.armour.is_some()
    }
}

/// What the KO chart does to a vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ko {
    /// It cannot move.
    Immobile,
    /// It must move to spot a target: it fires as a vehicle that moved.
    MustMove,
    /// It explodes, its crew killed: a burning hulk.
    Explodes,
}

impl Ko {
    pub fn name(self) -> &'static str {
        match self {
            Ko::Immobile => "immobile",
            Ko::MustMove => "must_move_to_spot",
            Ko::Explodes => "explodes",
        }
    }
}

/// A band of the KO chart's die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KoEntry {
    pub rolls: (u8, u8),
    pub ko: Ko,
}

impl Vehicles {
    /// The profile of a vehicle of `kind` whose man has `role`.
    pub fn profile(&self, kind: &str, role: &str) -> Option<&VehicleProfile> {
        self.profiles
            .iter()
            .find(|p| p.kind == kind && (p.roles.is_empty() || p.roles.iter().any(|r| r.eq_ignore_ascii_case(role))))
    }

    /// The KO chart's result for `face`.
    pub fn ko(&self, face: u8) -> Option<Ko> {
        self.ko_chart.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&face)).map(|e| e.ko)
    }
}

/// What a vehicle has suffered in an action under European Battlefield:
/// wounds taken, what the KO chart did, and whether its crew bailed out.
/// Lone Warrior's vehicles never have any (and saves do not write it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hurt {
    #[serde(default)]
    pub wounds: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko: Option<Ko>,
    #[serde(default)]
    pub bailed: bool,
}

impl Hurt {
    pub fn is_none(&self) -> bool {
        *self == Hurt::default()
    }

    /// A hulk on fire: it exploded.
    pub fn burning(&self) -> bool {
        self.ko == Some(Ko::Explodes)
    }
}
