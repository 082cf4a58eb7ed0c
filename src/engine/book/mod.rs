//! The rules data the engine plays by: the rule book's tables. These are
//! plain types: `rules/` fills them from the RON files under `assets/` and
//! checks them before the engine ever sees them, so the engine may rely on
//! what `RuleBook::check` promises. The scenarios played on them are in
//! `scenario`, and read from here too.

pub mod ground;
pub mod incident;
pub mod loop_rules;
pub mod scenario;
pub mod weapons;
pub mod wound;

pub use crate::engine::ruleset::lone_warrior::tables::{CasualtyEntry, FireTable, HandToHand, Template};
pub use ground::{Cover, Terrain};
pub use incident::{Group, IncidentCheck, IncidentEntry, IncidentKind, Man};
pub use loop_rules::{ActionRules, CampaignRules, PatrolRules, Promotion};
pub use weapons::{Band, Weapon, WeaponKind};
pub use wound::Wound;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::engine::ruleset::lone_warrior::arsenal::Arsenal;
use crate::engine::vocabulary::name::is_key;

/// Everything the Lone Warrior loop needs to know, in one value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleBook {
    pub terrain: Vec<Terrain>,
    pub weapons: Vec<Weapon>,
    pub fire: FireTable,
    pub incident: IncidentCheck,
    pub incident_table: Vec<IncidentEntry>,
    pub casualty_table: Vec<CasualtyEntry>,
    pub hand_to_hand: HandToHand,
    pub template: Template,
    pub action: ActionRules,
    pub patrol: PatrolRules,
    pub campaign: CampaignRules,
    /// Enemy groups an incident can bring, by key.
    pub forces: BTreeMap<String, Group>,
    /// Vehicles, anti-tank and H.E. fire. Saves made before they existed
    /// load without them.
    #[serde(default)]
    pub arsenal: Arsenal,
    /// The Combat Patrol rule set's tables, in a book whose games are
    /// played by it (`Rules::book_for`, asked by `Campaign::new`, leaves them out of the rest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_patrol: Option<Box<crate::engine::ruleset::combat_patrol::tables::CombatPatrol>>,
    /// The company-level rule set's tables, kept as Combat Patrol's are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<Box<crate::engine::ruleset::company::tables::Company>>,
    /// The European Battlefield rule set's tables, kept as Combat Patrol's are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub european: Option<Box<crate::engine::ruleset::european::tables::European>>,
}

impl RuleBook {
    pub fn weapon(&self, key: &str) -> Option<&Weapon> {
        self.weapon_index(key).map(|i| &self.weapons[i])
    }

    /// Where the weapon with this key is in the list.
    pub fn weapon_index(&self, key: &str) -> Option<usize> {
        self.weapons.iter().position(|w| is_key(&w.key, key))
    }

    /// Where the weapon a man carrying the weapon at `own` (an index in
    /// `weapons`) aims at men with is: his own, or the side arm of an
    /// anti-tank weapon or a gun.
    pub fn aimed_index(&self, own: usize) -> Option<usize> {
        match &self.weapons[own].kind {
            WeaponKind::AntiTank { side_arm } | WeaponKind::Gun { side_arm: Some(side_arm) } => {
                self.weapon_index(side_arm)
            }
            _ => Some(own),
        }
    }

    pub fn terrain_by_glyph(&self, glyph: char) -> Option<usize> {
        self.terrain.iter().position(|t| t.glyph == glyph)
    }

    pub fn incident_for(&self, total: u8) -> Option<&IncidentEntry> {
        self.incident_table.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&total))
    }

    pub fn wound_for(&self, face: u8) -> Option<Wound> {
        self.casualty_table.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&face)).map(|e| e.wound)
    }
}
