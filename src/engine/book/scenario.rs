//! A scenario: the map, the squad, where the patrol goes and the enemy known
//! to be waiting. Plain types like the rule book's: `rules/` reads and
//! checks them; they are named from `data` as well (`scenario::Scenario`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::engine::ruleset::registry::RuleSet;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

/// A scenario: the map, the squad and where the patrol goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    pub briefing: String,
    /// The rule set its firefights are fought by (Lone Warrior if not named).
    #[serde(default, skip_serializing_if = "RuleSet::is_default")]
    pub rules: RuleSet,
    /// One string per row, one terrain glyph per hex.
    pub rows: Vec<String>,
    pub start: Pos,
    pub objective: Objective,
    pub home_edge: Edge,
    pub squad: Vec<Member>,
    /// Enemy met on this patrol in place of the usual: the incident table's
    /// group key -> the forces key to bring instead.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub forces: BTreeMap<String, String>,
    /// The patrol carries a radio and may call H.E. fire (docs/RULES.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub radio: bool,
    /// Enemy known to be waiting: the first man of the patrol to enter the
    /// hex meets the group there, in place of that hex's incident check.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encounters: Vec<Encounter>,
    /// European Battlefield: the points the enemy met at an incident is
    /// bought to (the article's army lists), in place of the rule set's
    /// own budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy_points: Option<u32>,
    /// The patrol says who takes command when its leader falls
    /// (`engine/chain.rs`): set for a campaign's patrols, never read from
    /// a file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chain_of_command: bool,
    /// An off-board battery with its radio operator, and perhaps a
    /// rangefinder man, both men of the squad (European Battlefield).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery: Option<crate::engine::ruleset::lone_warrior::call::Battery>,
}

/// An enemy group waiting for the patrol at a hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encounter {
    pub at: Pos,
    /// A group of the forces list.
    pub group: Name,
    /// Placed this many hexes away, by the placement rule.
    pub min: u32,
    pub max: u32,
    /// A group of the forces list riding in the group's vehicle (European
    /// Battlefield's transports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrying: Option<Name>,
}

/// What a patrol is sent to do. Every objective ends with coming home.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Objective {
    /// Reach this hex.
    Reach(Pos),
    /// Enter every one of these hexes.
    Reconnoitre(Vec<Pos>),
    /// Take a seriously wounded enemy prisoner and bring him home; the
    /// enemy is expected about this hex.
    Prisoner(Pos),
}

impl Objective {
    /// The hexes the objective names.
    pub fn hexes(&self) -> Vec<Pos> {
        match self {
            Objective::Reach(p) | Objective::Prisoner(p) => vec![*p],
            Objective::Reconnoitre(hexes) => hexes.clone(),
        }
    }

    /// The objective in a few words.
    pub fn describe(&self) -> String {
        match self {
            Objective::Reach(p) => format!("reach {p} and come home"),
            Objective::Reconnoitre(hexes) => {
                let list: Vec<String> = hexes.iter().map(Pos::to_string).collect();
                format!("reconnoitre {} and come home", list.join(", "))
            }
            Objective::Prisoner(p) => format!("bring back a prisoner (the enemy is about {p})"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    pub name: String,
    pub rank: String,
    pub weapon: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub veteran: bool,
    /// A trained medic (Combat Patrol: better at saving the dying).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub medic: bool,
    /// His squad, under rules whose teams fight by squads (the company
    /// level); every man of such a scenario has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squad: Option<u32>,
    /// Green (the company level's conscripts).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conscript: bool,
}
