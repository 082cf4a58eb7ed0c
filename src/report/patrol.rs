//! The after-action report of one patrol, from its record: the briefing,
//! the ground and the route, the incidents with their rolls, each action
//! turn by turn, the casualties of both sides and the result. Every
//! sentence about an event is `narrate`'s; this file only sorts them.

use std::fmt::Write;

use super::outcome::{enemy, our_casualties, result};
use super::{Heads, ground};
use crate::engine::campaign::PatrolRecord;
use crate::engine::{Event, Purpose, RuleBook};
use crate::narrate::describe_all;

/// One line of an action or an incident, with the rolls that settled it.
struct Item {
    line: String,
    rolls: Vec<String>,
}

/// One tactical action: where, its turns, how it ended and what followed.
#[derive(Default)]
struct Action {
    hex: String,
    turns: Vec<Items>,
    end: Option<String>,
    after: Items,
}

/// Events that say nothing a reader of the report needs: the cards as
/// they turn and pass (each man's deed names him), the deck, the leader's
/// choices (a session's, not the patrol's).
fn quiet(e: &Event) -> bool {
    matches!(e, Event::Card { .. } | Event::CardLost { .. } | Event::Deck { .. } | Event::Auto { .. })
}

/// What the casualty rolls and wounds after an action are.
fn aftermath(e: &Event) -> bool {
    match e {
        Event::Roll(r) => matches!(r.purpose, Purpose::Casualty | Purpose::CpCritical | Purpose::CpMedic),
        Event::Wounded { .. } | Event::Killed { .. } | Event::Sections { .. } | Event::Gone { .. } => true,
        _ => false,
    }
}

/// Lines with their rolls. A roll goes with the line before it (a shot's
/// with the shot, the check at a STOP card with the STOP), but a casualty
/// roll comes before the wound it settles, and waits for it.
#[derive(Default)]
struct Items {
    items: Vec<Item>,
    waiting: Vec<String>,
}

impl Items {
    fn push(&mut self, e: &Event, line: &str) {
        // In an action the incident check is the STOP card's, whatever came between (a man rallying).
        let stop = self.items.iter().rposition(|i| i.line.starts_with("STOP:"));
        match (e, self.items.last_mut()) {
            (Event::Roll(r), _) if r.purpose == Purpose::Casualty => self.waiting.push(line.to_string()),
            (Event::Roll(r), _)
                if matches!(r.purpose, Purpose::Incident | Purpose::IncidentTable) && stop.is_some() =>
            {
                if let Some(at) = stop {
                    self.items[at].rolls.push(line.to_string());
                }
            }
            (Event::Roll(_), Some(last)) => last.rolls.push(line.to_string()),
            _ => {
                let rolls = std::mem::take(&mut self.waiting);
                self.items.push(Item { line: line.to_string(), rolls });
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty() && self.waiting.is_empty()
    }
}

fn write_items(out: &mut String, items: &Items) {
    for i in &items.items {
        let _ = writeln!(out, "- {}", i.line);
        for r in &i.rolls {
            let _ = writeln!(out, "  - {r}");
        }
    }
    for r in &items.waiting {
        let _ = writeln!(out, "- {r}");
    }
}

/// The actions of a patrol, in order.
fn actions(events: &[Event], lines: &[String]) -> Vec<Action> {
    let mut actions: Vec<Action> = Vec::new();
    let mut fighting = false;
    let mut after = false;
    for (e, line) in events.iter().zip(lines) {
        match e {
            Event::ActionStart { hex } => {
                actions.push(Action { hex: hex.to_string(), turns: vec![Items::default()], ..Action::default() });
                (fighting, after) = (true, false);
            }
            Event::ActionEnd { .. } if fighting => {
                if let Some(a) = actions.last_mut() {
                    a.end = Some(line.clone());
                }
                (fighting, after) = (false, true);
            }
            // A new deal begins a turn; what the STOP card brought stays with the turn it ended.
            Event::Deck { .. } if fighting => {
                if let Some(a) = actions.last_mut()
                    && a.turns.last().is_some_and(|t| !t.is_empty())
                {
                    a.turns.push(Items::default());
                }
            }
            _ if fighting && !quiet(e) => {
                let Some(a) = actions.last_mut() else { continue };
                let Some(turn) = a.turns.last_mut() else { continue };
                turn.push(e, line);
            }
            _ if after && aftermath(e) => {
                if let Some(a) = actions.last_mut() {
                    a.after.push(e, line);
                }
            }
            _ => after = false,
        }
    }
    for a in &mut actions {
        a.turns.retain(|t| !t.is_empty());
    }
    actions
}

/// Every incident with the rolls that brought it and what it brought, and
/// where in the patrol it came.
fn incidents(events: &[Event], lines: &[String]) -> Vec<(String, Item)> {
    let mut found = Vec::new();
    let (mut action, mut turn, mut fighting) = (0, 1, false);
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::ActionStart { .. } => (action, turn, fighting) = (action + 1, 1, true),
            Event::Stop { turn: t } => turn = t + 1,
            Event::ActionEnd { .. } => fighting = false,
            Event::Incident { .. } => {
                let when = if fighting {
                    format!("at the STOP card of turn {}, action {action}", turn.max(2) - 1)
                } else {
                    "in patrol movement".to_string()
                };
                // The rolls just before it: the check (none for a known
                // encounter) and the table.
                let before = events[..i].iter().rev().take_while(|e| matches!(e, Event::Roll(_))).count();
                let mut rolls: Vec<String> = (i - before..i)
                    .filter(|&k| {
                        matches!(&events[k], Event::Roll(r) if matches!(r.purpose, Purpose::Incident | Purpose::IncidentTable))
                    })
                    .map(|k| lines[k].clone())
                    .collect();
                // What it brought: until the patrol or the action goes on.
                for (k, next) in events.iter().enumerate().skip(i + 1) {
                    let brought = match next {
                        Event::Roll(r) => !matches!(r.purpose, Purpose::Incident | Purpose::IncidentTable),
                        Event::EnemyAppears { .. }
                        | Event::EnemyUnplaced { .. }
                        | Event::MinefieldMarked { .. }
                        | Event::Wounded { .. }
                        | Event::Hit { .. }
                        | Event::Killed { .. }
                        | Event::VehicleDamaged { .. } => true,
                        _ => false,
                    };
                    if !brought {
                        break;
                    }
                    rolls.push(lines[k].clone());
                }
                found.push((when, Item { line: lines[i].clone(), rolls }));
            }
            _ => {}
        }
    }
    found
}

/// What happened along the way outside the actions that a reader looks
/// for: the objective, sections splitting and joining, prisoners, men
/// leaving the map, fire called, mines.
fn along_the_way(events: &[Event], lines: &[String]) -> Vec<String> {
    let mut fighting = false;
    let mut found = Vec::new();
    for (e, line) in events.iter().zip(lines) {
        match e {
            Event::ActionStart { .. } => fighting = true,
            Event::ActionEnd { .. } => fighting = false,
            Event::ObjectiveReached { .. }
            | Event::Reconnoitred { .. }
            | Event::Split { .. }
            | Event::Joined { .. }
            | Event::Captured { .. }
            | Event::PrisonerLost { .. }
            | Event::Exited { .. }
            | Event::FireCalled { .. }
                if !fighting =>
            {
                found.push(line.clone());
            }
            _ => {}
        }
    }
    found
}

/// The report of one patrol, in Markdown, its title at heading level
/// `heads.top` (1 on its own, 2 within a campaign's report).
pub fn write(out: &mut String, record: &PatrolRecord, book: &RuleBook, heads: Heads, of: Option<u32>) {
    let events = &record.events;
    let lines = describe_all(events, book);
    let of = of.map_or(String::new(), |n| format!(" of {n}"));
    let name = super::short_name(record);
    let _ = writeln!(out, "{} Patrol {}{of}: {name} ({})\n", heads.h(0), record.number, record.outcome);
    let mut facts = vec![format!("Seed {}", record.seed)];
    if let Some(s) = &record.scenario {
        facts.push(format!("fought by {} rules", s.rules.words()));
    }
    facts.push(format!(
        "{} incidents, {} tactical actions, {} enemy hit",
        record.incidents, record.actions, record.enemy_hit
    ));
    let _ = writeln!(out, "{}.\n", facts.join("; "));

    let _ = writeln!(out, "{} Briefing\n", heads.h(1));
    match &record.scenario {
        Some(s) => {
            let edge = format!("{:?}", s.home_edge).to_lowercase();
            let _ = writeln!(out, "{}\n", s.briefing);
            let _ = writeln!(out, "**Objective:** {}. Home is the {edge} edge.\n", s.objective.describe());
        }
        None => {
            let _ = writeln!(
                out,
                "*This record was written by an older hexpatrol, which did not keep the patrol's briefing, map \
                 or squad: the report gives what its events say.*\n"
            );
        }
    }
    let before: Vec<&String> =
        events.iter().zip(&lines).take_while(|(e, _)| !matches!(e, Event::Start { .. })).map(|(_, l)| l).collect();
    if !before.is_empty() {
        let _ = writeln!(out, "Before it set out:\n");
        for l in before {
            let _ = writeln!(out, "- {l}");
        }
        out.push('\n');
    }

    let _ = writeln!(out, "{} The squad\n", heads.h(1));
    let _ = writeln!(out, "| Man | Rank | Weapon | Came back | Hits |\n|---|---|---|---|---|");
    for m in &record.men {
        let member = record.scenario.as_ref().and_then(|s| s.squad.iter().find(|x| x.name == m.name));
        let (rank, weapon) = match member {
            Some(x) => {
                let weapon = book.weapon(&x.weapon).map_or(x.weapon.as_str(), |w| w.name.as_str());
                let mut weapon = weapon.to_string();
                if x.veteran {
                    weapon.push_str(", veteran");
                }
                if x.medic {
                    weapon.push_str(", medic");
                }
                (x.rank.clone(), weapon)
            }
            None => ("?".to_string(), "?".to_string()),
        };
        let _ = writeln!(out, "| {} | {rank} | {weapon} | {} | {} |", m.name, m.fate.replace('_', " "), m.hits);
    }
    out.push('\n');

    if let Some(s) = &record.scenario {
        let _ = writeln!(out, "{} The ground\n", heads.h(1));
        let _ = writeln!(out, "```text\n{}\n```\n", ground::draw(s, events).join("\n"));
        let _ = writeln!(out, "{}\n", ground::legend(book));
    }

    let _ = writeln!(out, "{} Incidents\n", heads.h(1));
    let checks = events.iter().filter(|e| matches!(e, Event::Roll(r) if r.purpose == Purpose::Incident)).count();
    let steps = events.iter().filter(|e| matches!(e, Event::Moved { section: Some(_), .. })).count();
    let found = incidents(events, &lines);
    let _ = writeln!(
        out,
        "The patrol made {steps} steps; {checks} incident checks were rolled (at the steps and the STOP cards), and {} \
         brought an incident.\n",
        found.len()
    );
    for (k, (when, item)) in found.iter().enumerate() {
        let number = format!("{}. ", k + 1);
        let _ = writeln!(out, "{number}**{}** ({when})", item.line);
        // Under an item's text, where Markdown nests them (under "10. " four spaces, not three).
        let indent = " ".repeat(number.len());
        for r in &item.rolls {
            let _ = writeln!(out, "{indent}- {r}");
        }
    }
    if !found.is_empty() {
        out.push('\n');
    }
    let along = along_the_way(events, &lines);
    if !along.is_empty() {
        let _ = writeln!(out, "Along the way:\n");
        for l in along {
            let _ = writeln!(out, "- {l}");
        }
        out.push('\n');
    }

    for (k, a) in actions(events, &lines).iter().enumerate() {
        let _ = writeln!(out, "{} Action {} at {}\n", heads.h(1), k + 1, a.hex);
        for (t, turn) in a.turns.iter().enumerate() {
            let _ = writeln!(out, "**Turn {}**\n", t + 1);
            write_items(out, turn);
            out.push('\n');
        }
        if let Some(end) = &a.end {
            let _ = writeln!(out, "{end}.\n");
        }
        if !a.after.is_empty() {
            let _ = writeln!(out, "After the action:\n");
            write_items(out, &a.after);
            out.push('\n');
        }
    }

    let _ = writeln!(out, "{} Casualties\n", heads.h(1));
    let ours = our_casualties(record);
    if ours.is_empty() {
        let _ = writeln!(out, "The squad: none; every man came back fit.\n");
    } else {
        let _ = writeln!(out, "The squad:\n\n{}\n", ours.join("\n"));
    }
    let theirs = enemy(events);
    if theirs.is_empty() {
        let _ = writeln!(out, "The enemy: none met.\n");
    } else {
        let _ = writeln!(out, "The enemy:\n\n| Enemy | Group | What became of him |\n|---|---|---|");
        let _ = writeln!(out, "{}\n", theirs.join("\n"));
    }

    let _ = writeln!(out, "{} Result\n", heads.h(1));
    for l in result(record) {
        let _ = writeln!(out, "{l}\n");
    }
}
