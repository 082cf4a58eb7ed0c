//! The campaign's screens between patrols, as lines of text both front
//! ends show (the terminal game in an overlay, plain mode as it is): the
//! squad that will set out, and the campaign so far (every patrol, each
//! man's service, the roll of honour) as tables.

use std::path::PathBuf;

use crate::engine::campaign::{Campaign, PatrolRecord, Status};
use crate::narrate::describe;
use crate::save;

/// The squad the next patrol would set out with: who healed, who is still
/// out, who joins and with what, and each man going with his rank and
/// weapon. Empty when no patrol can set out.
pub fn squad(campaign: &Campaign) -> Vec<String> {
    let Ok(m) = campaign.muster() else { return Vec::new() };
    let mut lines = Vec::new();
    let next = campaign.current_plan().map_or(String::new(), |p| p.scenario.name.clone());
    lines.push(format!("The squad for patrol {}{}, {next}", campaign.finished + 1, campaign.of_total()));
    for name in &m.healed {
        lines.push(format!("{name}'s wound has healed."));
    }
    for (name, n) in &m.out {
        let more = if *n == 1 { "1 more patrol".to_string() } else { format!("{n} more patrols") };
        lines.push(format!("{name} is still out wounded, for {more}."));
    }
    lines.extend(m.changes.iter().map(|e| format!("{}.", describe(e, &campaign.book))));
    lines.push(String::new());
    lines.push(format!(
        "{:<3} {:<12} {:<5} {:<10} {:>7} {:>4} {:>4}  {}",
        "", "Man", "Rank", "Weapon", "Patrols", "Hits", "Exp", ""
    ));
    let veteran_at = campaign.book.campaign.veteran_at;
    for (k, (name, rank, weapon)) in m.going.iter().enumerate() {
        let man = campaign.roster.iter().find(|r| r.name == *name);
        let (patrols, hits, exp) = man.map_or((0, 0, 0), |r| (r.patrols, r.hits, r.experience));
        let mut notes = Vec::new();
        if k == 0 {
            notes.push("leads");
        }
        if exp >= veteran_at {
            notes.push("veteran");
        }
        if man.is_none() {
            notes.push("joins");
        }
        lines.push(format!(
            "{:<3} {name:<12} {rank:<5} {weapon:<10} {patrols:>7} {hits:>4} {exp:>4}  {}",
            k + 1,
            notes.join(", ")
        ));
    }
    if let Some(first) = campaign.kit.first() {
        let kit = campaign.kit.join(" or ");
        // The example names a rifleman who goes, not the leader.
        let example = m.going.iter().skip(1).find(|g| g.2 == "rifle").map_or("NAME", |g| g.0.as_str());
        lines.push(String::new());
        lines.push(format!("To hand the {kit} to another man: issue WEAPON NAME"));
        lines.push(format!("  (e.g. issue {first} {example}: he gives his weapon in exchange)."));
    }
    lines
}

/// The campaign so far as tables: its patrols, each man's service record,
/// and the roll of honour, read from the records of the finished patrols
/// (one that cannot be read says so in a line).
pub fn campaign(campaign: &Campaign, records: &[PathBuf]) -> Vec<String> {
    let mut read = Vec::new();
    let mut lines = vec![format!("{}: {}{} patrols made", campaign.title, campaign.finished, campaign.of_total())];
    let mut unreadable = Vec::new();
    for path in records {
        match save::read_record(path) {
            Ok(r) => read.push(r),
            Err(e) => unreadable.push(format!("{}: cannot be read: {e}", path.display())),
        }
    }
    // The patrol just over, before the save layer archives its record.
    if let Some(u) = &campaign.unarchived
        && !read.iter().any(|r| r.number == u.number)
    {
        read.push(u.clone());
    }
    lines.push(String::new());
    lines.push("Patrols".into());
    lines.push(format!(
        "{:>2} {:<24} {:<20} {:<8} {:>4} {:>4} {:>4} {:>5}",
        "#", "Patrol", "Objective", "Result", "Inc", "Lost", "Wnd", "Enemy"
    ));
    if read.is_empty() {
        lines.push("   none yet".into());
    }
    for r in &read {
        lines.push(patrol_row(r));
    }
    lines.extend(unreadable);
    lines.push("   Inc: incidents. Lost: our dead and missing. Wnd: our wounded.".into());
    lines.push("   Enemy: enemy hit.".into());
    lines.push(String::new());
    lines.push("Service record".into());
    lines.push(format!(
        "{:<12} {:<5} {:<10} {:<13} {:>7} {:>4} {:>6} {:>4}  {}",
        "Man", "Rank", "Weapon", "Status", "Patrols", "Hits", "Wounds", "Exp", ""
    ));
    let rules = &campaign.book.campaign;
    for m in &campaign.roster {
        let status = match m.status {
            Status::Fit => "fit".to_string(),
            Status::Wounded(1) => "out 1 patrol".to_string(),
            Status::Wounded(n) => format!("out {n} patrols"),
        };
        let vet = if m.experience >= rules.veteran_at { "veteran" } else { "" };
        lines.push(format!(
            "{:<12} {:<5} {:<10} {status:<13} {:>7} {:>4} {:>6} {:>4}  {vet}",
            cut(&m.name, 12),
            m.rank,
            cut(&m.weapon, 10),
            m.patrols,
            m.hits,
            m.wounds,
            m.experience
        ));
    }
    if campaign.roster.is_empty() {
        lines.push("   nobody is left on the roll".into());
    }
    lines.push(format!("   Veteran: {} experience or more (a point for each patrol come home from,", rules.veteran_at));
    lines.push(format!(
        "   a point for each enemy hit); his aimed fire needs {} less to hit.",
        -rules.veteran_fire_modifier
    ));
    lines.push(String::new());
    let fallen: Vec<(&PatrolRecord, &crate::engine::campaign::ManRecord)> = read
        .iter()
        .flat_map(|r| r.men.iter().filter(|m| m.fate == "dead" || m.fate == "missing").map(move |m| (r, m)))
        .collect();
    lines.push(format!("Roll of honour ({})", fallen.len()));
    lines.push(format!("{:<12} {:<5} {:<8} {:>2} {:<24} {:>4}", "Man", "Rank", "Fate", "#", "Patrol", "Hits"));
    if fallen.is_empty() {
        lines.push("   nobody lost yet".into());
    }
    for (r, m) in fallen {
        let rank =
            r.scenario.as_ref().and_then(|s| s.squad.iter().find(|x| x.name == m.name)).map_or("", |x| x.rank.as_str());
        lines.push(format!(
            "{:<12} {rank:<5} {:<8} {:>2} {:<24} {:>4}",
            cut(&m.name, 12),
            m.fate,
            r.number,
            cut(&r.name, 24),
            m.hits
        ));
    }
    lines
}

fn patrol_row(r: &PatrolRecord) -> String {
    let objective = r.scenario.as_ref().map_or("-".to_string(), |s| s.objective.describe());
    let wounded = r.men.iter().filter(|m| m.fate.ends_with("wound")).count();
    format!(
        "{:>2} {:<24} {:<20} {:<8} {:>4} {:>4} {:>4} {:>5}",
        r.number,
        cut(&r.name, 24),
        cut(&objective, 20),
        r.outcome,
        r.incidents,
        r.men_lost(),
        wounded,
        r.enemy_hit
    )
}

/// `text` cut to `n` characters, an ellipsis marking the cut.
fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut s: String = text.chars().take(n.saturating_sub(1)).collect();
    s.push('…');
    s
}
