//! How a patrol came out, from its record: what befell each man of both
//! sides, and the result with the reasons for it.

use crate::engine::Event;
use crate::engine::campaign::PatrolRecord;

/// One thing that befell a man, as the events say it; `action` is the
/// action it happened in (0: in patrol movement).
enum Befell<'a> {
    /// Hit, and the wound that settled it (the `Wounded` after the hit).
    Hit {
        by: &'a str,
        action: u32,
        wound: Option<&'a str>,
    },
    Killed {
        by: &'a str,
        action: u32,
    },
    /// A wound with no hit before it (a mine, shells).
    Wound(&'a str),
    /// A vehicle hit, and how it stands now.
    VehicleHit {
        by: &'a str,
        action: u32,
        now: &'a str,
    },
    Captured,
    PrisonerLost,
    Gone,
}

impl Befell<'_> {
    /// In a few words: "hit by G2 (action 1), serious wound".
    fn words(&self) -> String {
        let during = |action: u32| if action == 0 { String::new() } else { format!(" (action {action})") };
        match self {
            Befell::Hit { by, action, wound: None } => format!("hit by {by}{}", during(*action)),
            Befell::Hit { by, action, wound: Some(w) } => {
                format!("hit by {by}{}, {}", during(*action), w.replace('_', " "))
            }
            Befell::Killed { by, action } => format!("killed by {by}{}", during(*action)),
            Befell::Wound(w) => w.replace('_', " "),
            Befell::VehicleHit { by, action, now } => {
                format!("hit by {by}{}: {}", during(*action), now.replace('_', " "))
            }
            Befell::Captured => "taken prisoner".into(),
            Befell::PrisonerLost => "lost as a prisoner".into(),
            Befell::Gone => "slipped away".into(),
        }
    }
}

/// What befell `name` in the events, in a few words an event: hit (by
/// whom, in which action), his wound, taken prisoner, slipped away.
fn befell(events: &[Event], name: &str) -> Vec<String> {
    let mut action = 0;
    let mut what: Vec<Befell> = Vec::new();
    for e in events {
        match e {
            Event::ActionStart { .. } => action += 1,
            Event::Hit { soldier, by } if soldier == name => what.push(Befell::Hit { by, action, wound: None }),
            Event::Killed { soldier, by } if soldier == name => what.push(Befell::Killed { by, action }),
            // A wound settles the hit before it: one entry, "hit by G2 (action 1), serious wound".
            Event::Wounded { soldier, wound } if soldier == name => match what.last_mut() {
                Some(Befell::Hit { wound: settled @ None, .. }) => *settled = Some(wound),
                _ => what.push(Befell::Wound(wound)),
            },
            Event::VehicleDamaged { vehicle, hit, damage, by } if vehicle == name => {
                let now = if damage == "destroyed" { "destroyed" } else { hit.as_str() };
                what.push(Befell::VehicleHit { by, action, now });
            }
            Event::Captured { prisoner, .. } if prisoner == name => what.push(Befell::Captured),
            Event::PrisonerLost { prisoner, .. } if prisoner == name => what.push(Befell::PrisonerLost),
            Event::Gone { soldiers } if soldiers.iter().any(|s| s == name) => what.push(Befell::Gone),
            _ => {}
        }
    }
    what.iter().map(Befell::words).collect()
}

/// The men of the patrol who did not come back fit, each with what befell him.
pub(super) fn our_casualties(record: &PatrolRecord) -> Vec<String> {
    let mut out = Vec::new();
    for m in record.men.iter().filter(|m| m.fate != "fit") {
        let what = befell(&record.events, &m.name);
        let rank = record
            .scenario
            .as_ref()
            .and_then(|s| s.squad.iter().find(|x| x.name == m.name))
            .map_or(String::new(), |x| format!("{} ", x.rank));
        let how = if what.is_empty() { String::new() } else { format!(": {}", what.join("; ")) };
        out.push(format!("- {rank}{}, {}{how}", m.name, m.fate.replace('_', " ")));
    }
    out
}

/// The enemy met, a row of a table a man: his group and what became of him.
pub(super) fn enemy(events: &[Event]) -> Vec<String> {
    let mut rows = Vec::new();
    for e in events {
        if let Event::EnemyAppears { group, soldiers, .. } = e {
            for s in soldiers {
                let what = befell(events, s);
                let what = if what.is_empty() { "unhurt".to_string() } else { what.join("; ") };
                rows.push(format!("| {s} | {group} | {what} |"));
            }
        }
    }
    rows
}

/// Why the patrol ended as it did, in a sentence or two.
pub(super) fn result(record: &PatrolRecord) -> Vec<String> {
    let Some(Event::PatrolEnd { outcome, objective_reached, home, left_behind, dead, prisoners, enemy_casualties }) =
        record.events.iter().find(|e| matches!(e, Event::PatrolEnd { .. }))
    else {
        return vec![format!("The record ends without the patrol's end; its outcome: {}.", record.outcome)];
    };
    let names =
        |v: &[crate::engine::vocabulary::name::Name]| v.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(", ");
    let objective = record.scenario.as_ref().map(|s| s.objective.describe());
    let why = match (outcome.as_str(), objective) {
        ("success", Some(o)) => format!("The patrol did what it was sent to do: {o}."),
        ("success", None) => "The patrol did what it was sent to do, and came home.".to_string(),
        ("failed", _) if *objective_reached => {
            "The objective was reached, but what it asked was not brought home.".to_string()
        }
        ("failed", Some(o)) => format!("Men came home, but the objective was not done: {o}."),
        ("failed", None) => "Men came home, but the objective was not done.".to_string(),
        ("lost", _) => "Nobody of the patrol came home.".to_string(),
        (other, _) => format!("The patrol ended: {other}."),
    };
    let mut lines = vec![format!("**{}.** {why}", capitalised(outcome))];
    let mut facts = Vec::new();
    if !home.is_empty() {
        facts.push(format!("Came home: {}.", names(home)));
    }
    if !left_behind.is_empty() {
        facts.push(format!("Left behind: {}.", names(left_behind)));
    }
    if !dead.is_empty() {
        facts.push(format!("Dead: {}.", names(dead)));
    }
    if !prisoners.is_empty() {
        facts.push(format!("Prisoners brought in: {}.", names(prisoners)));
    }
    facts.push(format!("Enemy casualties: {enemy_casualties}."));
    lines.push(facts.join(" "));
    lines
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}
