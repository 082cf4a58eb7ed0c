//! Campaign files: a series of patrols on the built-in maps, the squad that
//! starts it and the replacements that follow. Checked like every data file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::check::{NAME_RULE, check_carried, check_scenario, man_at, man_name_ok};
use super::place::locate;
use super::{DataError, SCENARIOS, from_ron};
use crate::engine::book::RuleBook;
use crate::engine::book::scenario::{Member, Objective, Scenario};
use crate::engine::campaign::PatrolPlan;
use crate::engine::vocabulary::limits::{CAMPAIGN_HEXES, MEN, PATROLS};
use crate::engine::{Pos, RuleSet};

/// The campaigns built into the game, by key; the first is the default.
pub const CAMPAIGNS: &[(&str, &str)] = &[
    ("bocage", include_str!("../../assets/campaigns/bocage.ron")),
    ("night_drop", include_str!("../../assets/campaigns/night_drop.ron")),
    ("hill_122", include_str!("../../assets/campaigns/hill_122.ron")),
    ("seine", include_str!("../../assets/campaigns/seine.ron")),
];

/// A campaign file as written.
#[derive(Deserialize)]
#[serde(rename = "Campaign", deny_unknown_fields)]
struct CampaignFile {
    name: String,
    briefing: String,
    /// The rule set every patrol of the campaign is fought by.
    #[serde(default)]
    rules: RuleSet,
    squad: Vec<Member>,
    #[serde(default)]
    replacements: Vec<Member>,
    patrols: Vec<PatrolFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PatrolFile {
    name: String,
    briefing: String,
    /// A built-in scenario whose map, start and home edge the patrol uses.
    map: String,
    objective: Objective,
    #[serde(default)]
    start: Option<Pos>,
    #[serde(default)]
    forces: BTreeMap<String, String>,
    /// The patrol takes a radio and may call H.E. fire.
    #[serde(default)]
    radio: bool,
    /// Enemy waiting at hexes of the map.
    #[serde(default)]
    encounters: Vec<crate::engine::book::scenario::Encounter>,
    /// European Battlefield: the points the enemy met is bought to.
    #[serde(default)]
    enemy_points: Option<u32>,
}

/// A campaign ready to start: every patrol's map resolved and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignDef {
    pub title: String,
    pub briefing: String,
    pub squad: Vec<Member>,
    pub replacements: Vec<Member>,
    pub plans: Vec<PatrolPlan>,
}

impl CampaignDef {
    /// A new campaign of this definition: no patrol begun yet.
    pub fn start(self, seed: u64, book: std::sync::Arc<RuleBook>) -> crate::engine::campaign::Campaign {
        crate::engine::campaign::Campaign::new(
            &self.title,
            &self.briefing,
            seed,
            book,
            self.plans,
            &self.squad,
            self.replacements,
        )
    }
}

pub fn parse_campaign(file: &str, text: &str, book: &RuleBook) -> Result<CampaignDef, DataError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let c: CampaignFile = ron::from_str(text).map_err(|e| from_ron(file, &e))?;
    let at = |needle: &str| locate(text, needle, 0);
    if c.patrols.is_empty() {
        return Err(DataError::at(file, at("patrols:"), "patrols: a campaign needs at least one patrol"));
    }
    if c.patrols.len() > PATROLS {
        let why = format!("patrols: {} patrols (a campaign has at most {PATROLS})", c.patrols.len());
        return Err(DataError::at(file, at("patrols:"), why));
    }
    for (list, men) in [("squad", &c.squad), ("replacements", &c.replacements)] {
        if men.len() > MEN {
            let why = format!("{list}: {} men (at most {MEN})", men.len());
            return Err(DataError::at(file, at(&format!("{list}:")), why));
        }
    }
    // The men first, each where he is written: each patrol's check would
    // find a problem of the squad's too, but point it at the patrol. Under
    // the company level they are teams, weapons of its own book alone.
    let own = c.rules.squads().then(|| c.rules.book_for(book)).flatten();
    check_men(file, text, (c.rules, own.as_ref().unwrap_or(book)), &c.squad, &c.replacements)?;
    // Each built-in map is read once, however many patrols use it. Only its
    // ground is the patrol's (its rows, and its start and home edge unless
    // the patrol gives its own), and that is checked as the patrol's below:
    // the map's own objective, forces and squad are not judged against the
    // rule book, which may be a player's own that they do not fit.
    let mut maps: BTreeMap<&str, Scenario> = BTreeMap::new();
    let mut hexes = 0usize;
    let mut plans = Vec::new();
    for p in c.patrols {
        let Some((key, map_text)) = SCENARIOS.iter().find(|(k, _)| k.eq_ignore_ascii_case(&p.map)) else {
            let names: Vec<&str> = SCENARIOS.iter().map(|(k, _)| *k).collect();
            let message = format!("patrol '{}': no map '{}' (there are: {})", p.name, p.map, names.join(", "));
            return Err(DataError::at(file, at(&format!("\"{}\"", p.map)), message));
        };
        let map = match maps.get(key) {
            Some(map) => map.clone(),
            None => {
                let map: Scenario =
                    ron::from_str(map_text).map_err(|e| from_ron(&format!("assets/scenarios/{key}.ron"), &e))?;
                maps.insert(key, map.clone());
                map
            }
        };
        hexes += map.rows.len() * map.rows.first().map_or(0, |r| r.chars().count());
        if hexes > CAMPAIGN_HEXES {
            let why = format!("patrol '{}': the maps of the patrols come to more than {CAMPAIGN_HEXES} hexes", p.name);
            return Err(DataError::at(file, at(&format!("\"{}\"", p.name)), why));
        }
        let scenario = Scenario {
            name: p.name.clone(),
            briefing: p.briefing,
            rules: c.rules,
            start: p.start.unwrap_or(map.start),
            objective: p.objective,
            squad: c.squad.clone(),
            forces: p.forces,
            radio: p.radio,
            encounters: p.encounters,
            enemy_points: p.enemy_points.or(map.enemy_points),
            ..map
        };
        // Check the patrol as a scenario, pointing any error at the patrol's entry.
        check_scenario(&scenario, book, file, text).map_err(|e| match e {
            DataError::At { message, .. } => {
                DataError::at(file, at(&format!("\"{}\"", p.name)), format!("patrol '{}': {message}", p.name))
            }
            other => other,
        })?;
        // The groups a rule set with its own enemies (the company level,
        // European Battlefield) names are in its own book.
        let groups = &own.as_ref().unwrap_or(book).forces;
        if let Some(k) = scenario.forces.values().find(|k| !groups.contains_key(*k)) {
            return Err(DataError::at(file, at(&format!("\"{k}\"")), format!("patrol '{}': no forces '{k}'", p.name)));
        }
        plans.push(PatrolPlan { scenario: Scenario { squad: Vec::new(), ..scenario } });
    }
    Ok(CampaignDef { title: c.name, briefing: c.briefing, squad: c.squad, replacements: c.replacements, plans })
}

/// The campaign's squad and replacements: each man a name a man may have,
/// a name no other man of the roll has (ignoring case), and a weapon the
/// squad may carry. A problem points at the man's own entry.
fn check_men(
    file: &str,
    text: &str,
    (rules, book): (crate::engine::RuleSet, &RuleBook),
    squad: &[Member],
    replacements: &[Member],
) -> Result<(), DataError> {
    let mut names = BTreeSet::new();
    for (list, men) in [("squad", squad), ("replacements", replacements)] {
        for (k, m) in men.iter().enumerate() {
            let why = if !man_name_ok(&m.name) {
                format!("{list}: '{}' {NAME_RULE}", m.name)
            } else if !names.insert(m.name.to_ascii_lowercase()) {
                format!("{list}: '{}' is already on the roll", m.name)
            } else if let Err(why) = check_carried(book, list, &m.name, &m.weapon) {
                why.to_string()
            } else if let Some(why) = super::check::team_fault(rules, book, m) {
                why.replacen("squad:", &format!("{list}:"), 1)
            } else {
                continue;
            };
            return Err(DataError::at(file, man_at(text, list, men, k), why));
        }
    }
    Ok(())
}

/// A campaign by built-in key or title, or else from a file path. Only the
/// campaign chosen is checked against `book`.
pub fn campaign(name_or_path: &str, book: &RuleBook) -> Result<CampaignDef, DataError> {
    let by_key = CAMPAIGNS.iter().find(|(key, _)| key.eq_ignore_ascii_case(name_or_path));
    // A title is read without judging the rest against the rule book.
    let by_title = || {
        CAMPAIGNS.iter().find(|(_, text)| {
            ron::from_str::<CampaignFile>(text).is_ok_and(|c| c.name.eq_ignore_ascii_case(name_or_path))
        })
    };
    if let Some((key, text)) = by_key.or_else(by_title) {
        return parse_campaign(&format!("assets/campaigns/{key}.ron"), text, book);
    }
    let text = super::read_text(Path::new(name_or_path), || {
        let names: Vec<&str> = CAMPAIGNS.iter().map(|(n, _)| *n).collect();
        format!("not a built-in campaign ({})", names.join(", "))
    })?;
    parse_campaign(name_or_path, &text, book)
}

pub fn default_campaign_name() -> &'static str {
    CAMPAIGNS[0].0
}
