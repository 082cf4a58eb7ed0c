//! Checks on the company-level rule set's tables (`assets/rules/company.ron`,
//! or the `company` part of a player's own rules file) beyond what the types
//! enforce, each naming the line and column it is about.

use super::DataError;
use super::check::Checker;
use crate::engine::data::company::{Company, FireFace, MovingFire};
use crate::engine::ruleset::company::fire::MOST_DICE;

/// The most faces a die of its may have, and the most dice a team fires.
const MOST_FACES: usize = 20;
const MOST_ROF: u32 = 10;

pub fn check_company(t: &Company, file: &str, text: &str) -> Result<(), DataError> {
    let c = Checker { file, text };
    let m = &t.moves;
    if m.difficult == 0 || m.difficult > m.open || m.open > 100 {
        return Err(c.err("moves", "moves: 1 <= difficult <= open <= 100 hexes".into()));
    }
    if t.teams.is_empty() {
        return Err(c.err("teams", "teams: at least one kind of team".into()));
    }
    let range_limit = crate::engine::limits::MAP_SIDE.unsigned_abs();
    for (k, team) in t.teams.iter().enumerate() {
        let at = format!("\"{}\"", team.key);
        if t.teams[..k].iter().any(|o| o.key == team.key) {
            let second = super::check::locate(text, &at, 1);
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
    if [p.conscript_halves, p.trained_halves, p.veteran_halves].iter().any(|&h| h == 0 || h > 2 * MOST_DICE) {
        return Err(c.err("pinning", format!("pinning: 1 to {} half-hits a team", 2 * MOST_DICE)));
    }
    if t.nations.friendly.trim().is_empty() || t.nations.enemy.trim().is_empty() {
        return Err(c.err("nations", "nations: name each side's nation".into()));
    }
    Ok(())
}
