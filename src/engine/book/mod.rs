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
use crate::engine::ruleset::registry::{RuleSet, Tables};
use crate::engine::vocabulary::name::is_key;

/// Everything a patrol is played by, in one value: the tables every rule
/// book holds (the ground, the weapons, the incident check and table, the
/// enemy's groups, the loop's numbers, and Lone Warrior's own tables and
/// arsenal, which the built-in books begin with), and the tables of the
/// rule sets that have their own (`own`). A campaign fought by one rule
/// set, and a game of a rule set whose men fight as squads, keep that rule
/// set's alone (`RuleSet::book_for`).
#[derive(Clone, Debug, PartialEq)]
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

/// The fields every rule book is written with, in its order; the rule
/// sets' own tables follow, each in the field `Tables::field` names.
const COMMON: [&str; 13] = [
    "terrain",
    "weapons",
    "fire",
    "incident",
    "incident_table",
    "casualty_table",
    "hand_to_hand",
    "template",
    "action",
    "patrol",
    "campaign",
    "forces",
    "arsenal",
];

/// Read as it is written: the common fields, then each rule set's own
/// tables from its field (`Tables::read`), so that a rule set with tables
/// of its own is read here without a line of its own.
impl<'de> Deserialize<'de> for RuleBook {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleBook, D::Error> {
        use crate::engine::vocabulary::fields::{Field, Names, fill};
        use serde::de::{Error, MapAccess, Visitor};
        use std::sync::OnceLock;
        /// Every field's name, the rule sets' tables after the common ones.
        fn all() -> &'static [&'static str] {
            static ALL: OnceLock<Vec<&'static str>> = OnceLock::new();
            ALL.get_or_init(|| COMMON.iter().copied().chain(Tables::fields()).collect())
        }
        fn given<T, E: Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
            slot.ok_or_else(|| E::missing_field(name))
        }
        struct Book;
        impl<'de> Visitor<'de> for Book {
            type Value = RuleBook;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("struct RuleBook")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RuleBook, A::Error> {
                let (mut terrain, mut weapons, mut fire, mut incident) = (None, None, None, None);
                let (mut incident_table, mut casualty_table, mut hand_to_hand) = (None, None, None);
                let (mut template, mut action, mut patrol, mut campaign) = (None, None, None, None);
                let (mut forces, mut arsenal) = (None, None);
                let mut own: Vec<Tables> = Vec::new();
                let mut named: Vec<RuleSet> = Vec::new();
                while let Some(key) = map.next_key_seed(Names(all()))? {
                    let name = match &key {
                        Field::Known(name) => name,
                        Field::Unknown(name) => name.as_str(),
                    };
                    match name {
                        "terrain" => fill(&mut terrain, "terrain", &mut map)?,
                        "weapons" => fill(&mut weapons, "weapons", &mut map)?,
                        "fire" => fill(&mut fire, "fire", &mut map)?,
                        "incident" => fill(&mut incident, "incident", &mut map)?,
                        "incident_table" => fill(&mut incident_table, "incident_table", &mut map)?,
                        "casualty_table" => fill(&mut casualty_table, "casualty_table", &mut map)?,
                        "hand_to_hand" => fill(&mut hand_to_hand, "hand_to_hand", &mut map)?,
                        "template" => fill(&mut template, "template", &mut map)?,
                        "action" => fill(&mut action, "action", &mut map)?,
                        "patrol" => fill(&mut patrol, "patrol", &mut map)?,
                        "campaign" => fill(&mut campaign, "campaign", &mut map)?,
                        "forces" => fill(&mut forces, "forces", &mut map)?,
                        "arsenal" => fill(&mut arsenal, "arsenal", &mut map)?,
                        other => {
                            let Some(rules) = Tables::named(other) else {
                                return Err(A::Error::unknown_field(other, all()));
                            };
                            if named.contains(&rules) {
                                return Err(A::Error::duplicate_field(Tables::field(rules).unwrap_or_default()));
                            }
                            named.push(rules);
                            own.extend(Tables::read(rules, &mut map)?);
                        }
                    }
                }
                own.sort_by_key(Tables::rule_set);
                Ok(RuleBook {
                    terrain: given(terrain, "terrain")?,
                    weapons: given(weapons, "weapons")?,
                    fire: given(fire, "fire")?,
                    incident: given(incident, "incident")?,
                    incident_table: given(incident_table, "incident_table")?,
                    casualty_table: given(casualty_table, "casualty_table")?,
                    hand_to_hand: given(hand_to_hand, "hand_to_hand")?,
                    template: given(template, "template")?,
                    action: given(action, "action")?,
                    patrol: given(patrol, "patrol")?,
                    campaign: given(campaign, "campaign")?,
                    forces: given(forces, "forces")?,
                    arsenal: arsenal.unwrap_or_default(),
                    own,
                })
            }
        }
        d.deserialize_struct("RuleBook", all(), Book)
    }
}

/// Written field by field as a rules file is, each rule set's own tables
/// under its name; a book without a rule set's tables writes nothing of it.
impl Serialize for RuleBook {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RuleBook", COMMON.len() + self.own.len())?;
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
