//! Rules data: the RON files under `assets/`, compiled in, parsed into the
//! engine's data types and checked before any game starts. Every error names
//! the file and the line and column it is about.

mod campaign;
mod check;
mod check_company;
mod check_cp;
mod check_european;
mod check_european_vehicles;
mod check_indirect;
mod endless;
mod holds;
mod place;

use std::path::Path;
use std::sync::Arc;

use crate::engine::book::scenario::Scenario;
use crate::engine::book::{Group, RuleBook};
use crate::engine::ruleset::{RuleSet, Tables};
use std::collections::BTreeMap;

pub use campaign::{CAMPAIGNS, CampaignDef, campaign, default_campaign_name, parse_campaign};
pub use check::{CarryError, check_carried, check_rule_book, check_scenario};
pub use check_cp::check_combat_patrol;
#[cfg(test)]
use check_european::check_european;
pub use endless::{ENDLESS_TITLE, EndlessError, endless};
pub use holds::{Unsound, campaign_holds};

pub const RULES_FILE: &str = "assets/rules/lone_warrior.ron";
pub const RULES_TEXT: &str = include_str!("../../assets/rules/lone_warrior.ron");
pub const COMBAT_PATROL_FILE: &str = "assets/rules/combat_patrol.ron";
pub const COMBAT_PATROL_TEXT: &str = include_str!("../../assets/rules/combat_patrol.ron");
pub const COMPANY_FILE: &str = "assets/rules/company.ron";
pub const COMPANY_TEXT: &str = include_str!("../../assets/rules/company.ron");
pub const EUROPEAN_FILE: &str = "assets/rules/european_battlefield.ron";
pub const EUROPEAN_TEXT: &str = include_str!("../../assets/rules/european_battlefield.ron");
pub const FORCES_FILE: &str = "assets/forces/german.ron";
pub const FORCES_TEXT: &str = include_str!("../../assets/forces/german.ron");

/// The scenarios built into the game, by name; the first is the default.
pub const SCENARIOS: &[(&str, &str)] = &[
    ("hedgerow", include_str!("../../assets/scenarios/hedgerow.ron")),
    ("crossroads", include_str!("../../assets/scenarios/crossroads.ron")),
    ("river", include_str!("../../assets/scenarios/river.ron")),
    ("orchard", include_str!("../../assets/scenarios/orchard.ron")),
    ("ridge", include_str!("../../assets/scenarios/ridge.ron")),
    ("orchard_road", include_str!("../../assets/scenarios/orchard_road.ron")),
    ("panzer_road", include_str!("../../assets/scenarios/panzer_road.ron")),
    ("mesnil", include_str!("../../assets/scenarios/mesnil.ron")),
];

/// A problem in a data file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    #[error("{file}:{line}:{col}: {message}")]
    At { file: String, line: usize, col: usize, message: String },
    #[error("{file}: {message}")]
    File { file: String, message: String },
}

impl DataError {
    pub fn at(file: &str, (line, col): (usize, usize), message: impl Into<String>) -> Self {
        DataError::At { file: file.into(), line, col, message: message.into() }
    }
}

/// RON's own error, with its position, as a `DataError`.
pub(crate) fn from_ron(file: &str, e: &ron::error::SpannedError) -> DataError {
    DataError::at(file, (e.span.start.line, e.span.start.col), ron_message(&e.code))
}

/// RON's message, in the game's words where RON's own would mislead a player.
pub fn ron_message(e: &ron::Error) -> String {
    match e {
        ron::Error::ExceededRecursionLimit => "nested too deeply: no hexpatrol file goes this deep".into(),
        other => other.to_string(),
    }
}

pub fn parse_rule_book(rules_file: &str, rules: &str, forces_file: &str, forces: &str) -> Result<RuleBook, DataError> {
    #[derive(serde::Deserialize)]
    #[serde(rename = "RuleBook", deny_unknown_fields)]
    struct RulesFile {
        terrain: Vec<crate::engine::book::Terrain>,
        weapons: Vec<crate::engine::book::Weapon>,
        fire: crate::engine::book::FireTable,
        incident: crate::engine::book::IncidentCheck,
        incident_table: Vec<crate::engine::book::IncidentEntry>,
        casualty_table: Vec<crate::engine::book::CasualtyEntry>,
        hand_to_hand: crate::engine::book::HandToHand,
        template: crate::engine::book::Template,
        action: crate::engine::book::ActionRules,
        patrol: crate::engine::book::PatrolRules,
        campaign: crate::engine::book::CampaignRules,
        #[serde(default)]
        arsenal: crate::engine::ruleset::lone_warrior::arsenal::Arsenal,
        /// A rules file of the player's own may give Combat Patrol's tables
        /// too; without them it plays by the built-in ones, where they fit
        /// its weapons, and else by Lone Warrior's alone.
        #[serde(default)]
        combat_patrol: Option<crate::engine::ruleset::combat_patrol::tables::CombatPatrol>,
        /// The company-level tables, the built-in ones where it gives none
        /// (they name no weapon of the book: teams are their own).
        #[serde(default)]
        company: Option<crate::engine::ruleset::company::tables::Company>,
        /// European Battlefield's tables, the built-in ones where it gives
        /// none (where they fit its terrain and weapons).
        #[serde(default)]
        european: Option<crate::engine::ruleset::european::tables::European>,
    }
    let r: RulesFile = ron::from_str(rules).map_err(|e| from_ron(rules_file, &e))?;
    let terrain: Vec<crate::engine::vocabulary::name::Name> = r.terrain.iter().map(|t| t.key.clone()).collect();
    let company = match r.company {
        Some(t) => {
            check_company::check_company(&t, &terrain, rules_file, rules)?;
            Some(t)
        }
        // The built-in tables, where they fit the book's terrain (a rules
        // file of the player's own may name its ground otherwise: its games
        // are then not played at the company level).
        None => {
            let t = ron::from_str(COMPANY_TEXT).map_err(|e| from_ron(COMPANY_FILE, &e))?;
            check_company::check_company(&t, &terrain, COMPANY_FILE, COMPANY_TEXT).ok().map(|_| t)
        }
    };
    let weapon_keys: Vec<crate::engine::vocabulary::name::Name> = r.weapons.iter().map(|w| w.key.clone()).collect();
    let vehicle_keys: Vec<crate::engine::vocabulary::name::Name> =
        r.arsenal.vehicles.iter().map(|v| crate::engine::vocabulary::name::Name::from(v.key.as_str())).collect();
    let european = match r.european {
        Some(t) => {
            check_european::check_european(&t, (&terrain, &weapon_keys, &vehicle_keys), rules_file, rules)?;
            Some(t)
        }
        None => {
            let t = ron::from_str(EUROPEAN_TEXT).map_err(|e| from_ron(EUROPEAN_FILE, &e))?;
            check_european::check_european(&t, (&terrain, &weapon_keys, &vehicle_keys), EUROPEAN_FILE, EUROPEAN_TEXT)
                .ok()
                .map(|_| t)
        }
    };
    let own_tables = r.combat_patrol.is_some();
    let mut combat_patrol: crate::engine::ruleset::combat_patrol::tables::CombatPatrol = match r.combat_patrol {
        Some(cp) => cp,
        None => ron::from_str(COMBAT_PATROL_TEXT).map_err(|e| from_ron(COMBAT_PATROL_FILE, &e))?,
    };
    // The built-in tables beside a player's own rule book: what they say of
    // a weapon his book does not have (nobody can carry it) is left out; if
    // they then leave one of his weapons without a profile, his book plays
    // Lone Warrior alone (below).
    if !own_tables {
        let known = |w: &str| r.weapons.iter().any(|k| k.key == w);
        combat_patrol.weapons.retain(|p| known(&p.weapon));
        combat_patrol.ammunition.retain(|a| known(&a.weapon));
    }
    let groups: BTreeMap<String, Group> = ron::from_str(forces).map_err(|e| from_ron(forces_file, &e))?;
    let book = RuleBook {
        terrain: r.terrain,
        weapons: r.weapons,
        fire: r.fire,
        incident: r.incident,
        incident_table: r.incident_table,
        casualty_table: r.casualty_table,
        hand_to_hand: r.hand_to_hand,
        template: r.template,
        action: r.action,
        patrol: r.patrol,
        campaign: r.campaign,
        forces: groups,
        arsenal: r.arsenal,
        own: Vec::new(),
    };
    let mut book = book;
    book.set_own(Tables::CombatPatrol(Box::new(combat_patrol)));
    if let Some(t) = company {
        book.set_own(Tables::Company(Box::new(t)));
    }
    if let Some(t) = european {
        book.set_own(Tables::EuropeanBattlefield(Box::new(t)));
    }
    if own_tables {
        check_cp::check_combat_patrol(&book, rules_file, rules)?;
    } else if !fits_men(&book) || check_cp::check_combat_patrol(&book, COMBAT_PATROL_FILE, COMBAT_PATROL_TEXT).is_err()
    {
        // The built-in tables name weapons by key: a file that calls its
        // weapons otherwise is not judged by tables it did not give. It plays
        // Lone Warrior, and a Combat Patrol game of it is refused as it
        // begins (`Game::new`), as is any game its book lacks the tables of.
        book.drop_own(RuleSet::CombatPatrol);
    }
    check_rule_book(&book, rules_file, rules, forces_file, forces)?;
    check::check_rookie_names(&book, rules_file, rules)?;
    check::check_first_shots(&book, rules_file, rules)?;
    Ok(book)
}

/// Whether `book`'s Combat Patrol tables give every weapon aimed at men a
/// profile: the built-in tables fit a player's own book only so.
fn fits_men(book: &RuleBook) -> bool {
    let Some(t) = crate::engine::ruleset::combat_patrol::tables_in(book) else { return true };
    book.weapons
        .iter()
        .filter(|w| matches!(w.kind, crate::engine::book::WeaponKind::Direct { .. }))
        .all(|w| t.profile(&w.key).is_some())
}

/// The built-in Lone Warrior rule book.
pub fn rule_book() -> Result<Arc<RuleBook>, DataError> {
    parse_rule_book(RULES_FILE, RULES_TEXT, FORCES_FILE, FORCES_TEXT).map(Arc::new)
}

pub fn parse_scenario(file: &str, text: &str, book: &RuleBook) -> Result<Scenario, DataError> {
    // Editors on some systems start a file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let scenario: Scenario = ron::from_str(text).map_err(|e| from_ron(file, &e))?;
    check_scenario(&scenario, book, file, text)?;
    Ok(scenario)
}

/// A scenario by built-in key or title (ignoring case), or else from a file path.
///
/// Only the scenario chosen is checked against `book`: a rules file of the
/// player's own that some other built-in scenario does not fit (a terrain
/// it lacks) still plays the ones it does fit, and any scenario file.
pub fn scenario(name_or_path: &str, book: &RuleBook) -> Result<Scenario, DataError> {
    let by_key = SCENARIOS.iter().find(|(key, _)| key.eq_ignore_ascii_case(name_or_path));
    // A title is read without judging the rest against the rule book.
    let by_title = || {
        SCENARIOS
            .iter()
            .find(|(_, text)| ron::from_str::<Scenario>(text).is_ok_and(|s| s.name.eq_ignore_ascii_case(name_or_path)))
    };
    if let Some((key, text)) = by_key.or_else(by_title) {
        return parse_scenario(&format!("assets/scenarios/{key}.ron"), text, book);
    }
    let text = read_text(Path::new(name_or_path), || {
        let names: Vec<&str> = SCENARIOS.iter().map(|(n, _)| *n).collect();
        format!("not a built-in scenario ({})", names.join(", "))
    })?;
    parse_scenario(name_or_path, &text, book)
}

/// Files larger than this are refused before they are read.
pub const MAX_FILE_BYTES: u64 = crate::engine::vocabulary::limits::FILE_BYTES;

/// Reads a data file as text; `not_built_in` says what the name was not,
/// for the message when there is no such file.
pub fn read_text(path: &Path, not_built_in: impl FnOnce() -> String) -> Result<String, DataError> {
    let file = |message: String| DataError::File { file: path.display().to_string(), message };
    let meta = std::fs::metadata(path).map_err(|e| file(format!("{} and cannot be read: {e}", not_built_in())))?;
    // Devices and pipes can claim any size, or never end.
    if !meta.is_file() {
        return Err(file("not a plain file".into()));
    }
    let too_big = || file(format!("too big for a hexpatrol file (at most {MAX_FILE_BYTES} bytes)"));
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_FILE_BYTES + 1), &mut bytes))
        .map_err(|e| file(format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..bad];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        DataError::at(&path.display().to_string(), (line, col), "not UTF-8 text: save the file as UTF-8")
    })
}

pub fn default_scenario_name() -> &'static str {
    SCENARIOS[0].0
}

#[cfg(test)]
mod tests;
