//! The campaign's words between patrols: the after-action report, the
//! roll of the squad, and what comes next.

use std::path::PathBuf;

use crate::engine::campaign::{Campaign, PatrolRecord, Status};
use crate::engine::ruleset::house;

/// The after-action report of a finished patrol, a line a man.
pub fn debrief(record: &PatrolRecord) -> Vec<String> {
    let mut lines = vec![
        format!("Patrol {} ({}): {}", record.number, record.name, record.outcome),
        format!("Incidents {}, tactical actions {}, enemy hit {}", record.incidents, record.actions, record.enemy_hit),
    ];
    if !record.prisoners.is_empty() {
        lines.push(format!("Prisoners brought in: {}", record.prisoners.join(", ")));
    }
    lines.push(String::new());
    lines.extend(record.men.iter().map(|m| format!("{:<12} {:<14} hits {}", m.name, m.fate.replace('_', " "), m.hits)));
    lines
}

/// The squad between patrols: every man, his state and his record.
pub fn roll(campaign: &Campaign) -> Vec<String> {
    let veteran_at = campaign.book.campaign.veteran_at;
    campaign
        .roster
        .iter()
        .map(|m| {
            let status = match m.status {
                Status::Fit => "fit".to_string(),
                Status::Wounded(n) => format!("wounded, out {n} more"),
            };
            let vet = if m.experience >= veteran_at { " veteran" } else { "" };
            format!(
                "{:<12} {:<4} {:<7} {:<21} patrols {} hits {} exp {}{vet}",
                m.name, m.rank, m.weapon, status, m.patrols, m.hits, m.experience
            )
        })
        .collect()
}

/// What the log says when no patrol is under way.
pub fn between_patrols(campaign: &Campaign) -> Vec<String> {
    match campaign.current_plan() {
        Some(plan) => vec![
            String::new(),
            format!("Next: patrol {}{}, {}.", campaign.finished + 1, campaign.of_total(), plan.scenario.name),
            plan.scenario.briefing.clone(),
            format!("Objective: {}.", plan.scenario.objective.describe()),
            "Press Enter for the squad that would set out, then Enter again to go (or q: the campaign is saved)."
                .into(),
        ],
        None => {
            let patrols =
                if campaign.finished == 1 { "1 patrol".into() } else { format!("{} patrols", campaign.finished) };
            vec![String::new(), format!("The campaign is over: {patrols} made.")]
        }
    }
}

/// The men lost so far, from the records of the finished patrols (a record
/// that cannot be read says so in its line).
pub fn fallen(records: &[PathBuf]) -> Vec<String> {
    let mut lines = Vec::new();
    for path in records {
        match read_record(path) {
            Ok(r) => lines.extend(
                r.men
                    .iter()
                    .filter(|m| m.fate == "dead" || m.fate == "missing")
                    .map(|m| format!("{} ({}, patrol {})", m.name, m.fate, r.number)),
            ),
            Err(e) => lines.push(format!("{}: cannot be read: {e}", path.display())),
        }
    }
    lines
}

/// A finished patrol's record, read from its file.
///
/// # Errors
/// The file cannot be read or is not a record: the words say why.
pub fn read_record(path: &std::path::Path) -> Result<PatrolRecord, String> {
    std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| ron::from_str::<PatrolRecord>(&t).map_err(|e| e.to_string()))
}

/// A finished patrol's log, as its record keeps its events.
pub fn record_log(record: &PatrolRecord, book: &crate::engine::RuleBook) -> Vec<String> {
    let mut lines = vec![format!("Patrol {}: {} ({})", record.number, record.name, record.outcome.replace('_', " "))];
    lines.extend(crate::narrate::describe_all(&record.events, book));
    lines
}

/// What the log opens a patrol with: where to go and how to come back.
pub fn patrol_opening(campaign: &Campaign) -> Vec<String> {
    let Some(game) = &campaign.patrol else { return Vec::new() };
    let mut lines = Vec::new();
    if let Some(plan) = campaign.current_plan() {
        lines.push(format!("Patrol {}{}: {}", campaign.finished + 1, campaign.of_total(), plan.scenario.name));
        lines.push(plan.scenario.briefing.clone());
    }
    let edge = format!("{:?}", game.map().home_edge).to_lowercase();
    lines.push(format!(
        "Objective: {} (marked * on the map). Home is the {edge} edge: leave the map from there (x).",
        game.objective().describe()
    ));
    lines
}

/// The rules in play in one line: the set and how many house rules depart
/// from the article (the help lists them), and iron man if orders cannot
/// be taken back.
pub fn rules_in_play(campaign: &Campaign) -> String {
    let book = &campaign.book;
    let n = house::departures(book).count();
    let set = house::preset_of(book).map_or("set by hand", |p| p.key());
    let rules = match n {
        0 => "Rules in play: as written, no house rules".into(),
        1 => format!("Rules in play: {set}, 1 house rule"),
        n => format!("Rules in play: {set}, {n} house rules"),
    };
    let rules = if campaign.take_backs { rules } else { format!("{rules}; iron man (no take-backs)") };
    if campaign.real_dice { format!("{rules}; real dice (D: the game's)") } else { rules }
}
