//! Whether a campaign read from a file holds together: the one question the
//! save layer asks before a campaign is played or written. Its rule books'
//! tables are checked as a rules file's are (the tables of each rule set
//! the book holds, asked here, not by the save layer), then what the engine
//! needs of it (`Campaign::check_consistent`), its plans' maps, and the
//! weapons and names of its men.

use super::check::{CarryError, NAME_RULE, check_carried, check_rule_book, check_scenario, man_name_ok};
use super::{DataError, check_company, check_cp, check_european};
use crate::engine::RuleBook;
use crate::engine::book::scenario::Member;
use crate::engine::campaign::Campaign;
use crate::engine::vocabulary::limits::CAMPAIGN_HEXES;
use crate::engine::vocabulary::name::Name;

/// Why a campaign does not hold together. Each says what part of it is
/// wrong (its rule book, a patrol to come, a man of a list) in words a
/// player reads after "does not hold together: ".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsound {
    /// The campaign's rule book: a table of it does not pass its check.
    #[error("its rule book: {0}")]
    RuleBook(String),
    /// The rule book of the patrol under way.
    #[error("the patrol's rule book: {0}")]
    PatrolRuleBook(String),
    #[error("the maps of the patrols to come have more than {CAMPAIGN_HEXES} hexes")]
    TooManyHexes,
    /// What the engine's own check of the campaign and its patrol says
    /// (it begins with the part: "the patrol under way: ...").
    #[error("{0}")]
    Engine(String),
    /// A patrol to come (its plan's name): its map does not pass a scenario's check.
    #[error("patrol '{plan}': {message}")]
    Plan { plan: String, message: String },
    /// A patrol to come is fought by a rule set whose tables the book lacks.
    #[error("patrol '{plan}': its rule book lacks the tables the rule set {rules} plays by")]
    PlanTables { plan: String, rules: String },
    /// A man of the replacements, the roster or the kit may not carry his weapon.
    #[error(transparent)]
    Carried(#[from] CarryError),
    /// A replacement's name is not a man's.
    #[error("replacements: '{name}' {NAME_RULE}")]
    ReplacementName { name: String },
}

/// A check's words without its place: a campaign's book has no file of its own.
fn message(e: DataError) -> String {
    match e {
        DataError::At { message, .. } | DataError::File { message, .. } => message,
    }
}

/// Every table of `book` checked as a rules file's are: Lone Warrior's,
/// and each other rule set's the book holds (Combat Patrol's, the company
/// level's, European Battlefield's).
fn tables_hold(book: &RuleBook) -> Result<(), DataError> {
    check_rule_book(book, "", "", "", "")?;
    check_cp::check_combat_patrol(book, "", "")?;
    let terrain: Vec<Name> = book.terrain.iter().map(|t| t.key.clone()).collect();
    let weapons: Vec<Name> = book.weapons.iter().map(|w| w.key.clone()).collect();
    if let Some(t) = crate::engine::ruleset::company::tables_in(book) {
        check_company::check_company(t, &terrain, "", "")?;
    }
    let vehicles: Vec<Name> = book.arsenal.vehicles.iter().map(|v| Name::from(v.key.as_str())).collect();
    match crate::engine::ruleset::european::tables_in(book) {
        Some(t) => check_european::check_european(t, (&terrain, &weapons, &vehicles), "", ""),
        None => Ok(()),
    }
}

/// What the engine needs of a campaign read from a file, checked before it
/// is played: its rule books, its maps and every index it holds.
///
/// # Errors
/// The first part of it that does not hold together.
pub fn campaign_holds(c: &Campaign) -> Result<(), Unsound> {
    tables_hold(&c.book).map_err(|e| Unsound::RuleBook(message(e)))?;
    if let Some(game) = &c.patrol {
        tables_hold(game.book()).map_err(|e| Unsound::PatrolRuleBook(message(e)))?;
    }
    // A plan has no squad of its own: check its map with the roster, or one stand-in.
    let squad: Vec<Member> = c
        .roster
        .iter()
        .map(|m| Member {
            name: m.name.clone(),
            rank: m.rank.clone(),
            weapon: m.weapon.clone(),
            veteran: false,
            medic: m.medic,
            squad: m.squad,
            conscript: m.conscript,
        })
        .collect();
    let standin = vec![Member {
        name: "Standin".into(),
        rank: "Pvt".into(),
        weapon: "rifle".into(),
        veteran: false,
        medic: false,
        squad: None,
        conscript: false,
    }];
    let mut squad = if squad.is_empty() { standin.clone() } else { squad };
    // The checks of the campaign file, and within its limits (each check is
    // linear in the size of what it checks, so a file at any limit loads fast).
    let mut hexes = 0usize;
    for plan in &c.plans {
        hexes += plan.scenario.rows.len() * plan.scenario.rows.first().map_or(0, String::len);
        if hexes > CAMPAIGN_HEXES {
            return Err(Unsound::TooManyHexes);
        }
    }
    c.check_consistent().map_err(Unsound::Engine)?;
    for plan in &c.plans {
        // The roster is checked as a squad with the first plan only, and the
        // others with the stand-in: checking the roster with every plan
        // would grow with the men times the patrols, not with the file.
        let squad = std::mem::replace(&mut squad, standin.clone());
        // Under rules of squads the stand-in is a man of a squad, with a
        // weapon they fire: the company level's first team, European
        // Battlefield's first profile.
        let squad = match plan.scenario.rules.squads() {
            true if squad == standin => {
                let team = crate::engine::ruleset::company::tables_in(&c.book)
                    .and_then(|t| t.teams.first())
                    .map(|k| k.key.clone());
                let arm = crate::engine::ruleset::european::tables_in(&c.book)
                    .and_then(|t| t.weapons.first())
                    .map(|w| w.weapon.clone());
                let weapon = team.or(arm).unwrap_or_else(|| "rifle".to_string());
                vec![Member { weapon, squad: Some(1), ..standin[0].clone() }]
            }
            _ => squad,
        };
        let scenario = crate::engine::Scenario { squad, ..plan.scenario.clone() };
        check_scenario(&scenario, &c.book, "", "")
            .map_err(|e| Unsound::Plan { plan: plan.scenario.name.clone(), message: message(e) })?;
        if !plan.scenario.rules.plays_with(&c.book) {
            return Err(Unsound::PlanTables {
                plan: plan.scenario.name.clone(),
                rules: plan.scenario.rules.to_string(),
            });
        }
    }
    for m in &c.replacements {
        check_carried(&c.book, "replacements", &m.name, &m.weapon)?;
        // One called as enemies are is passed over when he would join (see
        // `Campaign::check_consistent`); any other joins the squad as named.
        if !man_name_ok(&m.name) && !crate::engine::vocabulary::enemy_ids::enemy_id(&m.name) {
            return Err(Unsound::ReplacementName { name: m.name.clone() });
        }
    }
    // A support weapon lost is reissued to a rifleman between patrols.
    for weapon in &c.kit {
        check_carried(&c.book, "kit", "the rifleman it is reissued to", weapon)?;
    }
    for m in &c.roster {
        check_carried(&c.book, "roster", &m.name, &m.weapon)?;
    }
    Ok(())
}
