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
use crate::engine::ruleset::{RuleSet, Tables};
use crate::engine::vocabulary::name::is_key;

/// Everything a patrol is played by, in one value: the tables every rule
/// book holds (the ground, the weapons, the incident check and table, the
/// enemy's groups, the loop's numbers, and Lone Warrior's own tables and
/// arsenal, which the built-in books begin with), and the tables of the
/// rule sets that have their own (`own`). A game's book holds its own rule
/// set's alone (`RuleSet::book_for`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(from = "Form")]
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
    pub arsenal: Arsenal,
    /// The tables of rule sets that have their own, one a rule set, in the
    /// order of `RuleSet` (read and changed through `own` and `set_own`).
    /// Left empty where a book is made, and filled by `set_own`.
    pub(crate) own: Vec<Tables>,
}

/// A rule book as a rules file and a save write it: the rule sets' own
/// tables each in a field of its own, named as `Tables::write` names them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "RuleBook")]
struct Form {
    terrain: Vec<Terrain>,
    weapons: Vec<Weapon>,
    fire: FireTable,
    incident: IncidentCheck,
    incident_table: Vec<IncidentEntry>,
    casualty_table: Vec<CasualtyEntry>,
    hand_to_hand: HandToHand,
    template: Template,
    action: ActionRules,
    patrol: PatrolRules,
    campaign: CampaignRules,
    forces: BTreeMap<String, Group>,
    #[serde(default)]
    arsenal: Arsenal,
    #[serde(default)]
    combat_patrol: Option<Box<crate::engine::ruleset::combat_patrol::tables::CombatPatrol>>,
    #[serde(default)]
    company: Option<Box<crate::engine::ruleset::company::tables::Company>>,
    #[serde(default)]
    european: Option<Box<crate::engine::ruleset::european::tables::European>>,
}

impl From<Form> for RuleBook {
    fn from(f: Form) -> RuleBook {
        let own = [
            f.combat_patrol.map(Tables::CombatPatrol),
            f.company.map(Tables::Company),
            f.european.map(Tables::EuropeanBattlefield),
        ];
        RuleBook {
            terrain: f.terrain,
            weapons: f.weapons,
            fire: f.fire,
            incident: f.incident,
            incident_table: f.incident_table,
            casualty_table: f.casualty_table,
            hand_to_hand: f.hand_to_hand,
            template: f.template,
            action: f.action,
            patrol: f.patrol,
            campaign: f.campaign,
            forces: f.forces,
            arsenal: f.arsenal,
            own: own.into_iter().flatten().collect(),
        }
    }
}

/// Written field by field as a rules file is, each rule set's own tables
/// under its name; a book without a rule set's tables writes nothing of it.
impl Serialize for RuleBook {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RuleBook", 13 + self.own.len())?;
        s.serialize_field("terrain", &self.terrain)?;
        s.serialize_field("weapons", &self.weapons)?;
        s.serialize_field("fire", &self.fire)?;
        s.serialize_field("incident", &self.incident)?;
        s.serialize_field("incident_table", &self.incident_table)?;
        s.serialize_field("casualty_table", &self.casualty_table)?;
        s.serialize_field("hand_to_hand", &self.hand_to_hand)?;
        s.serialize_field("template", &self.template)?;
        s.serialize_field("action", &self.action)?;
        s.serialize_field("patrol", &self.patrol)?;
        s.serialize_field("campaign", &self.campaign)?;
        s.serialize_field("forces", &self.forces)?;
        s.serialize_field("arsenal", &self.arsenal)?;
        for t in &self.own {
            t.write(&mut s)?;
        }
        s.end()
    }
}

impl RuleBook {
    /// The tables `rules` has of its own, if the book holds them.
    pub fn own(&self, rules: RuleSet) -> Option<&Tables> {
        self.own.iter().find(|t| t.rule_set() == rules)
    }

    /// The same, to change.
    pub fn own_mut(&mut self, rules: RuleSet) -> Option<&mut Tables> {
        self.own.iter_mut().find(|t| t.rule_set() == rules)
    }

    /// Puts `tables` in the book, in place of the rule set's it held.
    pub fn set_own(&mut self, tables: Tables) {
        self.own.retain(|t| t.rule_set() != tables.rule_set());
        self.own.push(tables);
        self.own.sort_by_key(Tables::rule_set);
    }

    /// Takes a rule set's tables out of the book.
    pub fn drop_own(&mut self, rules: RuleSet) {
        self.own.retain(|t| t.rule_set() != rules);
    }

    /// The book with only `rules`'s own tables (none, for a rule set
    /// without tables of its own).
    pub fn keep_own(&mut self, rules: RuleSet) {
        self.own.retain(|t| t.rule_set() == rules);
    }

    /// The rule sets whose tables the book holds.
    pub fn own_rule_sets(&self) -> impl Iterator<Item = RuleSet> + '_ {
        self.own.iter().map(Tables::rule_set)
    }
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
