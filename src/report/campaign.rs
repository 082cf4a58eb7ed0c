//! The report of a whole campaign: its patrols in a table, the men's
//! service records, the roll of honour, then every patrol's own report.

use std::fmt::Write;

use super::{Heads, Sources, patrol};
use crate::engine::campaign::Status;

/// The line under a report: where it comes from and the rules it was played by.
pub fn footer(s: &Sources) -> String {
    let mut out = format!("---\n\n*From the campaign {} (`{}`), played with hexpatrol.", s.campaign.title, s.name);
    let rules = crate::narrate::house_rules(&s.campaign.book);
    if let Some(first) = rules.first() {
        let _ = write!(out, " {first}");
        for more in &rules[1..] {
            let _ = write!(out, " {};", more.trim());
        }
    }
    if !s.campaign.take_backs {
        out.push_str(" Iron man: no order was taken back.");
    }
    out.push_str("*\n");
    out
}

/// Where the campaign stands now, in a sentence.
fn standing(s: &Sources) -> String {
    let c = &s.campaign;
    let total = c.of_total();
    match (&c.patrol, c.current_plan()) {
        (Some(_), Some(plan)) => {
            format!("Patrol {}{total}, {}, is under way.", c.finished + 1, plan.scenario.name)
        }
        (None, Some(plan)) => format!("Next: patrol {}{total}, {}.", c.finished + 1, plan.scenario.name),
        _ => format!(
            "The campaign is over: {} made.",
            match c.total_patrols() {
                1 => "1 patrol".to_string(),
                n => format!("{n} patrols"),
            }
        ),
    }
}

/// One man's service: his rank, weapon, patrol by patrol, and where he is now.
struct Service {
    name: String,
    rank: String,
    weapon: String,
    patrols: Vec<String>,
    hits: u32,
    now: String,
}

fn services(s: &Sources) -> Vec<Service> {
    let book = &s.campaign.book;
    let veteran_at = book.campaign.veteran_at;
    let weapon = |key: &str| book.weapon(key).map_or(key.to_string(), |w| w.name.to_string());
    let mut men: Vec<Service> = Vec::new();
    for r in &s.records {
        for m in &r.men {
            let at = match men.iter().position(|x| x.name == m.name) {
                Some(at) => at,
                None => {
                    let member = r.scenario.as_ref().and_then(|sc| sc.squad.iter().find(|x| x.name == m.name));
                    men.push(Service {
                        name: m.name.clone(),
                        rank: member.map_or("?".into(), |x| x.rank.clone()),
                        weapon: member.map_or("?".into(), |x| weapon(&x.weapon)),
                        patrols: Vec::new(),
                        hits: 0,
                        now: String::new(),
                    });
                    men.len() - 1
                }
            };
            let man = &mut men[at];
            let hits = match m.hits {
                0 => String::new(),
                1 => ", 1 hit".into(),
                n => format!(", {n} hits"),
            };
            man.patrols.push(format!("{}: {}{hits}", r.number, m.fate.replace('_', " ")));
            man.hits += m.hits;
            if m.fate == "dead" || m.fate == "missing" {
                man.now = format!("{} (patrol {})", m.fate, r.number);
            }
        }
    }
    // The roster knows the living best: their rank and weapon now, and their state.
    for m in &s.campaign.roster {
        let state = match m.status {
            Status::Fit => "fit".to_string(),
            Status::Wounded(n) => format!("wounded, out {n} more"),
        };
        let vet = if m.experience >= veteran_at { ", veteran" } else { "" };
        let now = format!("{state}{vet} (experience {})", m.experience);
        match men.iter_mut().find(|x| x.name == m.name) {
            Some(x) => {
                x.rank = m.rank.clone();
                x.weapon = weapon(&m.weapon);
                x.now = now;
            }
            None => men.push(Service {
                name: m.name.clone(),
                rank: m.rank.clone(),
                weapon: weapon(&m.weapon),
                patrols: Vec::new(),
                hits: 0,
                now,
            }),
        }
    }
    men
}

/// The report of the whole campaign.
pub fn write(s: &Sources) -> String {
    let c = &s.campaign;
    let mut out = String::new();
    let _ = writeln!(out, "# {}: after-action report\n", c.title);
    if !c.briefing.is_empty() {
        let _ = writeln!(out, "{}\n", c.briefing);
    }
    let _ = writeln!(out, "{}\n", standing(s));
    let missing: Vec<String> =
        (1..=c.finished).filter(|k| !s.records.iter().any(|r| r.number == *k)).map(|k| k.to_string()).collect();
    if !missing.is_empty() {
        let _ = writeln!(
            out,
            "*The campaign's records folder has no record of patrol {}: what it did cannot be reported.*\n",
            missing.join(", ")
        );
    }

    let _ = writeln!(out, "## The patrols\n");
    if s.records.is_empty() {
        let none = if c.finished == 0 { "No patrol is finished yet." } else { "No record of a patrol is here." };
        let _ = writeln!(out, "{none}\n");
    } else {
        let _ = writeln!(out, "| Patrol | Scenario | Result | Incidents | Actions | Enemy hit | Men lost |");
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        for r in &s.records {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                r.number,
                super::short_name(r),
                r.outcome,
                r.incidents,
                r.actions,
                r.enemy_hit,
                r.men_lost()
            );
        }
        out.push('\n');
    }
    // The campaign's end, as its last patrol's record tells it.
    for r in &s.records {
        for e in &r.events {
            let end = crate::narrate::campaign_end(e);
            if !end.is_empty() {
                let _ = writeln!(out, "```text\n{}\n```\n", end.join("\n"));
            }
        }
    }

    let _ = writeln!(out, "## Service records\n");
    let men = services(s);
    if men.is_empty() {
        let _ = writeln!(out, "Nobody is on the roster, and no record here names a man.");
    } else {
        let _ = writeln!(out, "| Man | Rank | Weapon | Hits | Patrol by patrol | Now |\n|---|---|---|---|---|---|");
    }
    for m in &men {
        let patrols = if m.patrols.is_empty() { "none yet".to_string() } else { m.patrols.join("; ") };
        let _ = writeln!(out, "| {} | {} | {} | {} | {patrols} | {} |", m.name, m.rank, m.weapon, m.hits, m.now);
    }
    out.push('\n');

    let _ = writeln!(out, "## Roll of honour\n");
    let mut fallen = 0;
    for r in &s.records {
        for m in r.men.iter().filter(|m| m.fate == "dead" || m.fate == "missing") {
            let rank = men.iter().find(|x| x.name == m.name).map_or("", |x| x.rank.as_str());
            let rank = if rank == "?" { String::new() } else { format!("{rank} ") };
            let how = if m.fate == "dead" { "killed" } else { "missing" };
            let _ = writeln!(out, "- {rank}{}, {how} on patrol {} ({})", m.name, r.number, super::short_name(r));
            fallen += 1;
        }
    }
    if fallen == 0 {
        let _ = writeln!(out, "Nobody has been lost.");
    }
    out.push('\n');

    for r in &s.records {
        patrol::write(&mut out, r, &c.book, Heads { top: 2 }, Some(c.total_patrols()));
    }
    out.push_str(&footer(s));
    out
}
