//! The company-level rule set's tables ("Company-level WW II", parts 1 and
//! 2): the teams (stands) and their range and rate of fire, the custom
//! firing and saving dice, and the hits that pin a squad. The article grids
//! its table in 4" squares; here a square is a hex. Read from
//! `assets/rules/company.ron`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::book::{Group, IncidentEntry};
use crate::engine::vocabulary::name::Name;

/// The rule set's tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Company {
    /// How far a team moves on its activation.
    pub moves: Moves,
    /// Every kind of team, in the article's order.
    pub teams: Vec<Team>,
    /// The firing die's six faces.
    pub firing_die: Vec<FireFace>,
    /// The saving die's six faces.
    pub saving_die: Vec<SaveFace>,
    /// The hits a squad takes in one fire that pin it, by its experience.
    pub pinning: Pinning,
    /// Who fights on each side, for the rules that name a nation.
    pub nations: Nations,
    /// The cards each team brings to the action deck: activation is by
    /// team (a decision; docs/RULES.md).
    pub cards_per_team: u32,
    /// Terrain (by key) a team crosses at its difficult-terrain move.
    pub difficult: Vec<Name>,
    /// Terrain (by key) that conceals a team in it; terrain with cover
    /// covers it.
    pub concealing: Vec<Name>,
    /// How seasoned the enemy's teams are.
    pub enemy_experience: Experience,
    /// The incident table a patrol under these rules rolls on, in place of
    /// the rule book's: its enemy groups are squads of `forces`.
    pub incident_table: Vec<IncidentEntry>,
    /// The enemy's squads, by key: each man of a group is a team, its
    /// weapon the team's key.
    pub forces: BTreeMap<String, Group>,
    /// In an assault, the teams fired at that stand beside a firing team
    /// get no save from their cover: the house rule `assault_strips_cover`
    /// (the article has no such rule). Tables written before it was a
    /// choice are read with it on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub assault_strips_cover: bool,
}

/// A team's move in hexes: through open ground, and through difficult terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moves {
    pub open: u32,
    pub difficult: u32,
}

/// A kind of team (the article's "stand"): two to four men and their weapons, one unit on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub key: String,
    pub name: String,
    /// The farthest hex it fires at.
    pub range: u32,
    /// Firing dice it adds to its squad's fire, standing.
    pub rof: u32,
    /// Its fire on a turn it moved.
    pub moving: MovingFire,
    /// Its fire on a turn it moved, where its side is American and the
    /// article says otherwise for them; None: as `moving`.
    #[serde(default)]
    pub us_moving: Option<MovingFire>,
}

/// What moving does to a team's fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MovingFire {
    /// It may not fire on a turn it moved.
    NoFire,
    /// It fires this many dice on a turn it moved.
    Rof(u32),
    /// Moving does not change its fire.
    Unaffected,
}

/// A face of the firing die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireFace {
    /// A hit on infantry.
    Infantry,
    /// A hit on infantry only in an assault.
    Grenade,
    /// No hit (kept for armour, which the article leaves for later).
    Blank,
}

/// A face of the saving die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SaveFace {
    /// Saves a team in cover.
    Cover,
    /// Saves a concealed team, never a conscript one.
    Concealed,
    /// Saves a veteran team.
    Veteran,
    /// Saves nobody.
    Blank,
}

/// How seasoned a team is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Experience {
    Conscript,
    #[default]
    Trained,
    Veteran,
}

impl Experience {
    /// As the roster and the rules data write it.
    pub fn name(self) -> &'static str {
        match self {
            Experience::Conscript => "conscript",
            Experience::Trained => "trained",
            Experience::Veteran => "veteran",
        }
    }
}

/// The hits per team, in halves, that pin a squad. The article's rule is
/// one hit a stand whatever the squad's experience (`halves`: 2); it muses
/// on 1, 1.5 and 2 a stand for conscripts, trained men and veterans (2, 3
/// and 4 halves), which the house rule `pinning_by_experience` plays
/// (`by_experience`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pinning {
    /// The hits a team, in halves, that pin any squad: the article's rule.
    /// Tables written before it was a choice pinned by experience alone.
    #[serde(default = "one_hit_a_stand")]
    pub halves: u32,
    /// Pinned by experience (the house rule), by the three below. Tables
    /// written before it was a choice are read with it on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub by_experience: bool,
    pub conscript_halves: u32,
    pub trained_halves: u32,
    pub veteran_halves: u32,
}

/// The article's pinning: one hit a stand, in halves.
fn one_hit_a_stand() -> u32 {
    2
}

/// The nation of each side: the patrol's and the enemy's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nations {
    pub friendly: String,
    pub enemy: String,
}

/// The nation whose teams the article excepts from some moving-fire rules.
pub const US: &str = "US";

impl Company {
    /// The team of this key.
    pub fn team(&self, key: &str) -> Option<&Team> {
        self.teams.iter().find(|t| t.key == key)
    }

    /// The hits in one fire that pin a squad of `teams` teams of this
    /// experience: its hits per team, rounded up (by its experience under
    /// the house rule, else the same for every squad).
    pub fn pinned_at(&self, teams: u32, experience: Experience) -> u32 {
        let p = &self.pinning;
        let halves = match experience {
            _ if !p.by_experience => p.halves,
            Experience::Conscript => p.conscript_halves,
            Experience::Trained => p.trained_halves,
            Experience::Veteran => p.veteran_halves,
        };
        (teams.saturating_mul(halves)).div_ceil(2)
    }
}

impl Team {
    /// The firing dice it adds to its squad's fire: standing, or on a turn
    /// it moved (none where it may not fire then), for a team of `nation`.
    pub fn dice(&self, moved: bool, nation: &str) -> u32 {
        if !moved {
            return self.rof;
        }
        let moving = if nation == US { self.us_moving.unwrap_or(self.moving) } else { self.moving };
        match moving {
            MovingFire::NoFire => 0,
            MovingFire::Rof(n) => n.min(self.rof),
            MovingFire::Unaffected => self.rof,
        }
    }
}
