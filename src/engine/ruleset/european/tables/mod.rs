//! The European Battlefield rule set's tables ("European Battlefield",
//! core rules v3.0): the soldiers' profiles (Fight and Shoot, Defense,
//! Courage, points), the weapons' profiles (Strength and class, Range, Rate
//! of Fire, notes), the saves, the wound chart, courage tests, suppression
//! and pinning, and hand to hand. Read from
//! `assets/rules/european_battlefield.ron` and checked (`rules/`) before
//! any game is played by them.

pub mod army;
pub mod transport;
pub mod vehicles;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::book::{Group, IncidentEntry};
pub use crate::engine::ruleset::european::tables::army::{Army, Artillery, SUPPORT_ROLLS};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::side::Side;

/// The rule set's tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct European {
    /// The article measures in inches; this many make one hex. Every
    /// distance in this file is in the article's inches, turned into hexes
    /// by `hexes`.
    pub inches_per_hex: u32,
    /// How far infantry moves in a turn, in inches (difficult ground halves it).
    pub move_inches: u32,
    /// Terrain (by key) that is difficult ground: a move through it is halved.
    pub difficult: Vec<Name>,
    /// The cards each man brings to the patrol loop's deck.
    pub cards_per_man: u32,
    /// How a turn is run: the article's priority phase (its command points,
    /// the side that wins it acting first, each squad rolling once to
    /// act), or the patrol loop's shuffled deck with a roll a man (a
    /// decision, docs/RULES.md). A book written before the choice existed
    /// plays by the deck, as it was played then.
    #[serde(default)]
    pub activation: Activation,
    /// A man at the double stops within this many inches of the enemy (the
    /// article: 6").
    #[serde(default = "six")]
    pub double_stop_inches: u32,
    /// What a command point adds to a courage test (the article: +5).
    #[serde(default = "five")]
    pub command_point_courage: i32,
    /// Digging in (and getting up) costs half a move but does not count as
    /// moving: a man who dug in fires all his dice, the house rule
    /// `dig_in_keeps_fire`. As written it is one of the article's special
    /// movements, so he fires as a man who moved. Tables written before it
    /// was a choice are read with it on, as they played.
    #[serde(default = "yes")]
    pub dig_in_keeps_fire: bool,
    /// A hit saved still counts toward suppression (the five hits of other
    /// weapons, and a shell's h-class hit on a squad whose men under it all
    /// saved): the house rule `saved_hits_suppress`. As written a man who
    /// saves is not hit, so his hit suppresses nobody. Tables written
    /// before it was a choice are read with it on, as they played.
    #[serde(default = "yes")]
    pub saved_hits_suppress: bool,
    /// A routed squad (a double 1 on a courage test) runs these dice of
    /// inches a turn toward the nearest edge of the map, at the STOP card,
    /// until it leaves it (the article's 2d6).
    #[serde(default = "two_d6")]
    pub rout_dice: (u8, u8),
    /// A routed enemy squad leaves the field at once, and the patrol's
    /// routed men move as they are ordered (toward home): the house rule
    /// `rout_leaves_at_once`. As written both run `rout_dice` inches a turn
    /// to the nearest edge. Tables written before it was a choice are read
    /// with it on, as they played.
    #[serde(default = "yes")]
    pub rout_leaves_at_once: bool,
    /// The soldiers' profiles: a man has the first whose side and rank fit.
    pub soldiers: Vec<SoldierProfile>,
    /// The weapons' profiles, by the rule book's weapon keys.
    pub weapons: Vec<WeaponProfile>,
    /// The wound chart, a row for each Strength from 1, a column for each
    /// Defense from 1.
    pub wound_chart: Vec<Vec<WoundNeed>>,
    pub saves: Saves,
    pub courage: Courage,
    pub suppression: Suppression,
    pub hand_to_hand: HandToHand,
    /// The incident table a patrol under these rules rolls on, in place of
    /// the rule book's, and the enemy groups it brings.
    pub incident_table: Vec<IncidentEntry>,
    pub forces: BTreeMap<String, Group>,
    /// The article's army lists: the enemy an incident brings is bought to
    /// a points budget. None: each incident brings its group alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub army: Option<Army>,
    /// Vehicles: their profiles, armour and damage (tables written before
    /// them have none, and meet no vehicle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicles: Option<Box<crate::engine::ruleset::european::tables::vehicles::Vehicles>>,
    /// Indirect fire, off-board guns, smoke and air strikes (sections
    /// XIII and XIV); tables without it fire nothing indirectly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indirect: Option<Indirect>,
}

fn yes() -> bool {
    true
}

fn two_d6() -> (u8, u8) {
    (2, 6)
}

fn five() -> i32 {
    5
}

fn six() -> u32 {
    6
}

fn six_u8() -> u8 {
    6
}

/// How a turn is run (`European::activation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Activation {
    /// The loop's shuffled deck, a card a man; on his card a man rolls 1d6
    /// against his Courage to move.
    #[default]
    Deck,
    /// The article's turn: each side rolls 1d6 (ties again), the higher
    /// acts first and has the difference in command points; the deck holds
    /// its squads' cards first, squad by squad, then the other side's, then
    /// STOP; a squad rolls once to act, at its first card.
    Priority,
}

/// Indirect fire: how h-class weapons, off-board batteries and air strikes
/// fire, scatter and lay their templates, and how smoke drifts and clears.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Indirect {
    /// The least range of an h-class weapon, in inches (the article's 12").
    pub min_range: u32,
    /// Added to the need to hit when a man under the aim moved this turn
    /// (the article's -1 to hit).
    pub moved: i32,
    /// The scatter dice (d6, inches) of a shell that hit, and of one that missed.
    pub hit_scatter: u8,
    pub miss_scatter: u8,
    /// More scatter dice for off-board guns, unless a rangefinder man is
    /// within `rangefinder_inches` of the radio operator.
    pub off_board_scatter: u8,
    pub rangefinder_inches: u32,
    /// The patrol's off-board battery, when a scenario gives it one.
    pub battery: WeaponProfile,
    /// Fire missions the battery fires a patrol.
    pub missions: u32,
    /// Smoke drifts 1d6 less this many inches a turn (nothing when the
    /// total is under one), and clears on these totals of 2d6.
    pub smoke_drift_less: u32,
    pub smoke_clears: (u32, u32),
    pub air: AirStrikes,
}

/// Air strikes (section XIV).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirStrikes {
    /// Air strikes a patrol (the article: one a platoon).
    pub per_patrol: u32,
    /// 1d6 at least this and the strike comes.
    pub arrive: u8,
    /// 1d6 at least this and it is mistaken: the other side's to use.
    pub mistaken: u8,
    /// Hit by anti-aircraft fire, 1d6 at least this and it presses on.
    pub press_on: u8,
    /// Its defense against anti-aircraft fire on the wound chart (the
    /// article: 6).
    #[serde(default = "six_u8")]
    pub defense: u8,
    /// It strikes like artillery, at this Shoot value.
    pub shoot: u8,
    /// What it drops: strength, class and template.
    pub strike: WeaponProfile,
}

/// A soldier's profile: the article's `F D C P` columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoldierProfile {
    pub name: String,
    pub side: Side,
    /// The ranks (the patrol's) or roles (the enemy's) it is the profile
    /// of; empty for any.
    #[serde(default)]
    pub ranks: Vec<String>,
    pub fight: u8,
    /// The Shoot value: each firing die hits on this or more.
    pub shoot: u8,
    pub defense: u8,
    pub courage: u8,
    pub points: u32,
    /// A platoon or company commander: a squad of his side within
    /// `Courage::command_inches` of him may test by his courage.
    #[serde(default)]
    pub commands: bool,
}

/// A weapon's class: what it can hurt, and how well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Class {
    /// Small arms: cannot affect armour.
    S,
    /// Anti-aircraft: two worse against everything.
    A,
    /// Anti-tank: two worse against soft targets.
    T,
    /// Howitzers and artillery: one worse against armour; fires indirectly.
    H,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::S => "s",
            Class::A => "a",
            Class::T => "t",
            Class::H => "h",
        }
    }
}

/// How a weapon fires on a turn its man moved: the article's notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Note {
    /// Small arms: its rate of fire halved on the move, rounded down.
    SA,
    /// Full automatic: no penalty for moving.
    FA,
    /// A heavy weapon: it cannot move and shoot.
    Heavy,
    /// It may fire smoke in place of its shells (indirect fire).
    Smoke,
}

/// A weapon's profile: the article's `S R ROF T Notes` columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponProfile {
    /// The rule book's weapon key.
    pub weapon: String,
    pub strength: u8,
    /// Its class or classes ("ht" is both h and t).
    pub class: Vec<Class>,
    /// Its range in inches.
    pub range: u32,
    pub rof: u8,
    #[serde(default)]
    pub notes: Vec<Note>,
    /// A club or blade for hand to hand (a rifle's bayonet and butt).
    #[serde(default)]
    pub blade: bool,
    /// The blast template it lays, as hexes around the hex it lands on
    /// (0: that hex alone); none for a weapon without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<u32>,
    /// A heavy support weapon with a gun shield: its crew saves better
    /// when hit from its front (`Saves::shield`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shield: bool,
}

impl WeaponProfile {
    pub fn has(&self, class: Class) -> bool {
        self.class.contains(&class)
    }

    /// The firing dice it throws: its rate of fire, or on a turn its man
    /// moved as the article says: a heavy weapon or one of a single die
    /// none (whatever its notes), else SA halved, rounded down, and FA or
    /// no note all of them.
    pub fn dice(&self, moved: bool) -> u8 {
        if !moved {
            return self.rof;
        }
        if self.notes.contains(&Note::Heavy) || self.rof <= 1 {
            return 0;
        }
        if self.notes.contains(&Note::SA) && !self.notes.contains(&Note::FA) { self.rof / 2 } else { self.rof }
    }
}

/// A need on the wound chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WoundNeed {
    /// This or more on one die.
    N(u8),
    /// A 6, then this or more on a second die (the chart's "6/4").
    Then(u8),
    /// It cannot wound (the chart's "-").
    No,
}

/// The saves a man hit may roll before the wound chart: each a need on one die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saves {
    /// In cover that has taken cover, against any weapon but h-class.
    pub take_cover: u8,
    /// Prone (dug in, or gone to ground after a failed courage test or pinned).
    pub prone: u8,
    /// The crew of a heavy support weapon with a gun shield, hit from its
    /// front (the article's 5+). Tables written before it have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<u8>,
    /// The crew of any other heavy support weapon but a mortar (the
    /// article's 6+), and of a shielded one hit from elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew: Option<u8>,
}

/// The courage test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Courage {
    /// The dice thrown (2d6), to which the leader's courage is added.
    pub dice: (u8, u8),
    /// The total that passes.
    pub pass: u32,
    /// A squad that loses this share of its strength, in per cent, tests.
    pub casualties_percent: u32,
    /// Added to the total of a pinned squad (the article's -1).
    pub pinned: i32,
    /// How near its commander a squad tests by his courage, in inches.
    /// Tables saved before it existed read the article's 6".
    #[serde(default = "six_inches")]
    pub command_inches: u32,
}

fn six_inches() -> u32 {
    6
}

/// Suppression and pinning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suppression {
    /// Hits of weapons other than h-class in one fire that suppress once
    /// (an h-class hit suppresses alone).
    pub hits: u32,
    /// Suppressions that pin.
    pub pinned_at: u8,
    /// Added to the Shoot need of a pinned man (the article's -1 to hit).
    pub pinned_to_hit: u8,
}

/// Hand to hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandToHand {
    /// Taken from the die of a man without a club or blade.
    pub no_blade: u8,
    /// The strength of the loser's wound roll.
    pub strength: u8,
}

impl European {
    /// `inches` in whole hexes, rounded down.
    pub fn hexes(&self, inches: u32) -> u32 {
        inches / self.inches_per_hex.max(1)
    }

    /// A least range of `inches` in whole hexes, rounded up: a weapon never
    /// fires nearer than the article's inches.
    pub fn least_hexes(&self, inches: u32) -> u32 {
        inches.div_ceil(self.inches_per_hex.max(1))
    }

    /// The profile of the weapon of this key.
    pub fn weapon(&self, key: &str) -> Option<&WeaponProfile> {
        self.weapons.iter().find(|w| w.weapon == key)
    }

    /// The profile of a man of `side` and `rank` (the enemy's: his role).
    /// What a group of `forces` costs: the points of its men's profiles.
    pub fn cost(&self, group: &Group) -> u32 {
        group.men.iter().filter_map(|m| self.soldier(Side::Enemy, &m.role)).map(|p| p.points).sum()
    }

    pub fn soldier(&self, side: Side, rank: &str) -> Option<&SoldierProfile> {
        self.soldiers
            .iter()
            .find(|p| p.side == side && (p.ranks.is_empty() || p.ranks.iter().any(|r| r.eq_ignore_ascii_case(rank))))
    }

    /// The wound chart's need for `strength` against `defense`; a strength
    /// below 1 cannot wound, and one past the chart reads its last row.
    pub fn wound_need(&self, strength: i32, defense: u8) -> WoundNeed {
        if strength < 1 || defense < 1 {
            return WoundNeed::No;
        }
        let Some(row) = self.wound_chart.get((strength as usize - 1).min(self.wound_chart.len().saturating_sub(1)))
        else {
            return WoundNeed::No;
        };
        row.get(usize::from(defense) - 1).copied().unwrap_or(WoundNeed::No)
    }

    /// A move in whole hexes: in the open, and through difficult ground (half).
    pub fn moves(&self) -> (u32, u32) {
        let open = self.hexes(self.move_inches);
        (open, self.hexes(self.move_inches / 2).max(1))
    }
}
