//! Checks on the company-level rule set's tables (`assets/rules/company.ron`,
//! or the `company` part of a player's own rules file) beyond what the types
//! enforce, each naming the line and column it is about.

use super::DataError;
use super::place::{Own, locate};
use std::collections::BTreeMap;

use crate::engine::book::{Group, IncidentEntry, IncidentKind};
use crate::engine::ruleset::company::fire::MOST_DICE;
use crate::engine::ruleset::company::tables::{Company, FireFace, MovingFire};
use crate::engine::vocabulary::name::Name;

/// The most faces a die of its may have, and the most dice a team fires.
const MOST_FACES: usize = 20;
const MOST_ROF: u32 = 10;

/// `terrain`: the keys of the rule book's terrain, which `difficult` and
/// `concealing` name.
pub fn check_company(t: &Company, terrain: &[Name], file: &str, text: &str) -> Result<(), DataError> {
    let c = Own::new(file, text, "company:");
    let m = &t.moves;
    if m.difficult == 0 || m.difficult > m.open || m.open > 100 {
        return Err(c.err("moves", "moves: 1 <= difficult <= open <= 100 hexes".into()));
    }
    if t.teams.is_empty() {
        return Err(c.err("teams", "teams: at least one kind of team".into()));
    }
    let range_limit = crate::engine::vocabulary::limits::MAP_SIDE.unsigned_abs();
    for (k, team) in t.teams.iter().enumerate() {
        let at = format!("\"{}\"", team.key);
        if t.teams[..k].iter().any(|o| o.key == team.key) {
            let second = locate(text, &at, c.skip(&at) + 1);
            return Err(DataError::at(file, second, format!("teams: '{}' is listed twice", team.key)));
        }
        if team.range == 0 || team.range > range_limit {
            return Err(c.err(&at, format!("teams: '{}' fires 1 to {range_limit} hexes", team.key)));
        }
        if team.rof == 0 || team.rof > MOST_ROF {
            return Err(c.err(&at, format!("teams: '{}' fires 1 to {MOST_ROF} dice", team.key)));
        }
        for moving in [Some(team.moving), team.us_moving].into_iter().flatten() {
            if let MovingFire::Rof(n) = moving
                && (n == 0 || n > team.rof)
            {
                return Err(c.err(
                    &at,
                    format!("teams: '{}' fires 1 to {} dice on the move (NoFire for none)", team.key, team.rof),
                ));
            }
        }
    }
    for (what, faces) in [("firing_die", t.firing_die.len()), ("saving_die", t.saving_die.len())] {
        if !(2..=MOST_FACES).contains(&faces) {
            return Err(c.err(what, format!("{what}: a die of 2 to {MOST_FACES} faces")));
        }
    }
    if !t.firing_die.contains(&FireFace::Infantry) {
        return Err(c.err("firing_die", "firing_die: at least one Infantry face, or no fire ever hits".into()));
    }
    let p = &t.pinning;
    if [p.halves, p.conscript_halves, p.trained_halves, p.veteran_halves].iter().any(|&h| h == 0 || h > 2 * MOST_DICE) {
        return Err(c.err("pinning", format!("pinning: 1 to {} half-hits a team", 2 * MOST_DICE)));
    }
    if t.nations.friendly.trim().is_empty() || t.nations.enemy.trim().is_empty() {
        return Err(c.err("nations", "nations: name each side's nation".into()));
    }
    if t.cards_per_team == 0 || t.cards_per_team > MOST_CARDS {
        return Err(c.err("cards_per_team", format!("cards_per_team: 1 to {MOST_CARDS} cards a team")));
    }
    for key in t.difficult.iter().chain(&t.concealing) {
        if !terrain.iter().any(|k| k == key) {
            let known = terrain.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ");
            return Err(c.err(&format!("\"{key}\""), format!("no terrain '{key}' (the rule book has: {known})")));
        }
    }
    own_incidents(&c, (&t.incident_table, &t.forces), "squad", false)?;
    for (key, g) in &t.forces {
        if g.men.is_empty() {
            return Err(c.err(&format!("\"{key}\""), format!("forces: the squad '{key}' has no team")));
        }
        if let Some(m) = g.men.iter().find(|m| t.team(&m.weapon).is_none() || m.vehicle.is_some()) {
            return Err(c.err(
                &format!("\"{}\"", m.weapon),
                format!("forces: '{key}': '{}' is not a kind of team (each man of a squad is a team)", m.weapon),
            ));
        }
    }
    Ok(())
}

/// A rule set's own incident table: every roll of 2-12 has one entry, and
/// each enemy it brings is a group of `forces` (a `noun`, "squad") met at a
/// range of distances; with `only_enemies`, nothing else but false alarms.
pub(super) fn own_incidents(
    c: &Own<'_>,
    (table, forces): (&[IncidentEntry], &BTreeMap<String, Group>),
    noun: &str,
    only_enemies: bool,
) -> Result<(), DataError> {
    for total in 2..=12u8 {
        let n = table.iter().filter(|e| (e.rolls.0..=e.rolls.1).contains(&total)).count();
        if n != 1 {
            let what = if n == 0 { "no entry" } else { "more than one entry" };
            let why = format!("incident_table: a roll of {total} has {what}; rolls 2-12 need one each");
            return Err(c.err("incident_table", why));
        }
    }
    for e in table {
        match &e.kind {
            IncidentKind::Enemy { group, min, max } => {
                let at = format!("group: \"{group}\"");
                if !forces.contains_key(group.as_str()) {
                    return Err(c.err(&at, format!("incident '{}': no {noun} '{group}' in the forces", e.name)));
                }
                if *min == 0 || min > max {
                    return Err(c.err(
                        &at,
                        format!("incident '{}': distance {min} to {max} is not a range of at least 1", e.name),
                    ));
                }
            }
            IncidentKind::FalseAlarm => {}
            _ if only_enemies => {
                return Err(c.err(
                    "incident_table",
                    format!("incident '{}': only enemies and false alarms, under these rules", e.name),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The most cards a team brings to the deck.
const MOST_CARDS: u32 = 10;
