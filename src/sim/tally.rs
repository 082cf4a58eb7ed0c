//! What the simulator counts. Every field is a count, and merging two
//! tallies adds them, so the total is the same whichever thread counted
//! which patrols and in whatever order they are merged.

use std::collections::BTreeMap;

use crate::engine::{Event, Game, Phase, Purpose, Side, State};

/// A pass/fail roll's kind: what for, how many dice of how many sides, and the need.
pub type CheckKey = (Purpose, u8, u8, i32);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub patrols: u64,
    /// Patrols by how they ended: `success`, `failed`, `lost`, or `unfinished`.
    pub outcomes: BTreeMap<String, u64>,
    pub objective_reached: u64,
    /// Decisions the patrol leader took (moves, orders and card turns).
    pub decisions: u64,
    pub incidents: u64,
    /// Incidents by the terrain of the hex they happened in.
    pub incidents_by_terrain: BTreeMap<String, u64>,
    /// Incidents by what the incident table gave.
    pub incidents_by_kind: BTreeMap<String, u64>,
    pub actions: u64,
    /// Cards turned, STOP cards included.
    pub cards: u64,
    pub stop_cards: u64,
    pub enemies_met: u64,
    pub men_home: u64,
    /// Men of each side by the state the patrol left them in, fit men not counted.
    pub casualties: BTreeMap<&'static str, BTreeMap<&'static str, u64>>,
    /// Pass/fail rolls: how many were thrown and how many succeeded.
    pub checks: BTreeMap<CheckKey, (u64, u64)>,
    /// Table rolls by purpose and result; hand-to-hand counted per fight by its outcome.
    pub tables: BTreeMap<Purpose, BTreeMap<String, u64>>,
    /// The lowest-numbered patrol that did not reach its end, and why.
    pub first_problem: Option<(u64, String)>,
}

/// Adds one to `key`, allocating only the first time the key is seen.
fn bump(map: &mut BTreeMap<String, u64>, key: &str) {
    match map.get_mut(key) {
        Some(n) => *n += 1,
        None => {
            map.insert(key.to_string(), 1);
        }
    }
}

fn add_maps<K: Ord>(into: &mut BTreeMap<K, u64>, from: BTreeMap<K, u64>) {
    for (k, n) in from {
        *into.entry(k).or_default() += n;
    }
}

/// "2d6" as (2, 6). Every pass/fail roll is read this way, so the "d" is
/// looked for as a byte: a search for a `char` costs several times as much.
fn dice_of(text: &str) -> (u8, u8) {
    let Some(d) = text.bytes().position(|b| b == b'd') else { return (0, 0) };
    (text[..d].parse().unwrap_or(0), text[d + 1..].parse().unwrap_or(0))
}

impl Tally {
    /// Counts one event of a patrol in play.
    pub fn observe(&mut self, game: &Game, event: &Event) {
        match event {
            Event::Roll(r) => match r.success {
                Some(success) => {
                    let (count, sides) = dice_of(&r.dice);
                    let c = self.checks.entry((r.purpose, count, sides, r.need.unwrap_or(0))).or_default();
                    c.0 += 1;
                    c.1 += u64::from(success);
                }
                None if matches!(r.purpose, Purpose::IncidentTable | Purpose::Casualty) => {
                    bump(self.tables.entry(r.purpose).or_default(), r.result.as_deref().unwrap_or(""));
                }
                None => {}
            },
            Event::HandToHand { outcome, .. } => bump(self.tables.entry(Purpose::HandToHand).or_default(), outcome),
            Event::Incident { name, hex } => {
                self.incidents += 1;
                bump(&mut self.incidents_by_kind, name);
                bump(&mut self.incidents_by_terrain, game.map.terrain(&game.book, *hex).map_or("off map", |t| &t.key));
            }
            Event::ActionStart { .. } => self.actions += 1,
            Event::Card { card, .. } => {
                self.cards += 1;
                self.stop_cards += u64::from(card == "STOP");
            }
            Event::EnemyAppears { soldiers, .. } => self.enemies_met += soldiers.len() as u64,
            _ => {}
        }
    }

    /// Counts a patrol that has stopped after `decisions` decisions: how it
    /// ended and the state of every man.
    pub fn close(&mut self, patrol: u64, game: &Game, decisions: u64, problem: Option<String>) {
        self.patrols += 1;
        self.decisions += decisions;
        match (&game.phase, problem) {
            (Phase::Over { outcome }, None) => bump(&mut self.outcomes, outcome),
            (_, problem) => {
                bump(&mut self.outcomes, "unfinished");
                let why = problem.unwrap_or_else(|| "stopped before its end".into());
                if self.first_problem.as_ref().is_none_or(|(k, _)| patrol < *k) {
                    self.first_problem = Some((patrol, why));
                }
            }
        }
        self.objective_reached += u64::from(game.objective_reached);
        for s in &game.soldiers {
            if s.side == Side::Friendly && s.pos.is_none() && s.state != State::Dead {
                self.men_home += 1;
            }
            if s.state != State::Fit {
                *self.casualties.entry(s.side.name()).or_default().entry(s.state.name()).or_default() += 1;
            }
        }
    }

    /// Both tallies added together.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.patrols += other.patrols;
        add_maps(&mut self.outcomes, other.outcomes);
        self.objective_reached += other.objective_reached;
        self.decisions += other.decisions;
        self.incidents += other.incidents;
        add_maps(&mut self.incidents_by_terrain, other.incidents_by_terrain);
        add_maps(&mut self.incidents_by_kind, other.incidents_by_kind);
        self.actions += other.actions;
        self.cards += other.cards;
        self.stop_cards += other.stop_cards;
        self.enemies_met += other.enemies_met;
        self.men_home += other.men_home;
        for (side, states) in other.casualties {
            add_maps(self.casualties.entry(side).or_default(), states);
        }
        for (key, (n, ok)) in other.checks {
            let c = self.checks.entry(key).or_default();
            c.0 += n;
            c.1 += ok;
        }
        for (purpose, results) in other.tables {
            add_maps(self.tables.entry(purpose).or_default(), results);
        }
        self.first_problem = match (self.first_problem, other.first_problem) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

#[cfg(test)]
mod tests {
    use super::dice_of;

    #[test]
    fn dice_are_read_back_as_numbers() {
        assert_eq!(dice_of("2d6"), (2, 6));
        assert_eq!(dice_of("1d12"), (1, 12));
        assert_eq!(dice_of("d6"), (0, 6));
        assert_eq!(dice_of("2d"), (2, 0));
        assert_eq!(dice_of("six"), (0, 0));
    }
}
