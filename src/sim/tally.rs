//! What the simulator counts. Every field is a count, and merging two
//! tallies adds them, so the total is the same whichever thread counted
//! which patrols and in whatever order they are merged.
//!
//! The tally sees every event of every patrol (some 500 a patrol), so it
//! counts into short sorted lists whose keys compare cheaply ([`Counts`],
//! [`Checks`]) and into arrays (casualties), not into maps keyed by text:
//! the summary turns them into the maps it shows once, at the end.

use std::collections::BTreeMap;

use crate::engine::{Event, Game, Phase, Pos, Purpose, Roll, Side, State};

/// A pass/fail roll's kind: what for, how many dice of how many sides, and the need.
pub type CheckKey = (Purpose, u8, u8, i32);

/// Counts by name: what a `BTreeMap<String, u64>` would hold, kept as a
/// list in the order of the names' [`NameKey`]s. A few dozen names at most
/// are counted, so a name is looked for from the front, comparing keys
/// rather than text. The order does not depend on which name came first,
/// so equal counts are equal lists; [`Counts::to_map`] gives the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts(Vec<(NameKey, String, u64)>);

/// A name as numbers that compare quickly: its length, then its first 16
/// bytes as one big-endian number (zero where the name is shorter). Names
/// of up to 16 bytes are equal exactly when their keys are, so finding one
/// compares no text; longer names (a force's, say) whose keys tie are told
/// apart by their text.
type NameKey = (usize, u128);

fn name_key(name: &str) -> NameKey {
    let mut first = [0u8; 16];
    let n = name.len().min(16);
    first[..n].copy_from_slice(&name.as_bytes()[..n]);
    (name.len(), u128::from_be_bytes(first))
}

impl Counts {
    /// Adds `n` to `name`'s count.
    #[inline]
    pub fn add(&mut self, name: &str, n: u64) {
        let key = name_key(name);
        match self.0.iter_mut().find(|(k, text, _)| *k == key && (key.0 <= 16 || text == name)) {
            Some((_, _, count)) => *count += n,
            None => self.insert(key, name, n),
        }
    }

    /// A name seen for the first time, put in its place.
    #[cold]
    #[inline(never)]
    fn insert(&mut self, key: NameKey, name: &str, n: u64) {
        let i = self.0.partition_point(|(k, text, _)| (*k, text.as_str()) < (key, name));
        self.0.insert(i, (key, name.to_string(), n));
    }

    /// `name`'s count, 0 if it was never counted.
    pub fn get(&self, name: &str) -> u64 {
        self.0.iter().find(|(_, k, _)| k == name).map_or(0, |&(_, _, n)| n)
    }

    /// All the counts added up.
    pub fn total(&self) -> u64 {
        self.0.iter().map(|&(_, _, n)| n).sum()
    }

    /// The counts by name, in the names' order.
    pub fn to_map(&self) -> BTreeMap<String, u64> {
        self.0.iter().map(|(_, name, n)| (name.clone(), *n)).collect()
    }

    fn merge(&mut self, other: &Counts) {
        for (_, name, n) in &other.0 {
            self.add(name, *n);
        }
    }
}

/// Pass/fail rolls by kind, each with how many were thrown and how many
/// succeeded: what a `BTreeMap<CheckKey, (u64, u64)>` would hold, as a list
/// in the order of the kinds. There are a few dozen kinds at most, so a
/// kind is looked for from the front, by its key packed into one number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks(Vec<(u64, CheckKey, u64, u64)>);

/// A check's kind as one number in the same order as the kinds: the
/// purpose's place in its list, the count of dice and their sides above
/// the need, whose sign bit is flipped so negative needs come first.
fn packed((purpose, count, sides, need): CheckKey) -> u64 {
    (purpose as u64) << 48
        | u64::from(count) << 40
        | u64::from(sides) << 32
        | u64::from(need.cast_unsigned() ^ (1 << 31))
}

impl Checks {
    #[inline]
    fn add(&mut self, key: CheckKey, rolls: u64, successes: u64) {
        let p = packed(key);
        match self.0.iter_mut().find(|(k, ..)| *k == p) {
            Some((.., n, ok)) => {
                *n += rolls;
                *ok += successes;
            }
            None => self.insert(p, key, rolls, successes),
        }
    }

    /// A kind seen for the first time, put in its place.
    #[cold]
    #[inline(never)]
    fn insert(&mut self, p: u64, key: CheckKey, rolls: u64, successes: u64) {
        let i = self.0.partition_point(|&(k, ..)| k < p);
        self.0.insert(i, (p, key, rolls, successes));
    }

    /// Every kind thrown, in order, with its rolls and successes.
    pub fn iter(&self) -> impl Iterator<Item = (CheckKey, u64, u64)> + '_ {
        self.0.iter().map(|&(_, key, rolls, successes)| (key, rolls, successes))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The table rolls of rule sets other than Lone Warrior that the tally
/// counts by result, beside the casualty roll (Combat Patrol's).
const RULE_SET_TABLES: [Purpose; 14] = [
    Purpose::CpBlast,
    Purpose::CpNear,
    Purpose::CpMedic,
    Purpose::CpGrenade,
    Purpose::CpBullets,
    Purpose::CpReload,
    Purpose::EbPriority,
    Purpose::EbForce,
    Purpose::EbKo,
    Purpose::EbScatter,
    Purpose::EbDirection,
    Purpose::EbSmokeDrift,
    Purpose::EbSmokeClear,
    Purpose::EbRout,
];

/// Every side and every state, in the order of their values: a man's side
/// and state, as numbers, index the tally's casualty counts.
const SIDES: [Side; 2] = [Side::Friendly, Side::Enemy];
const STATES: [State; 7] = State::ALL;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub patrols: u64,
    /// Patrols by how they ended: `success`, `failed`, `lost`, or `unfinished`.
    pub outcomes: Counts,
    pub objective_reached: u64,
    /// Decisions the patrol leader took (moves, orders and card turns).
    pub decisions: u64,
    pub incidents: u64,
    /// Incidents by the terrain of the hex they happened in.
    pub incidents_by_terrain: Counts,
    /// Incidents by what the incident table gave.
    pub incidents_by_kind: Counts,
    pub actions: u64,
    /// Cards turned, STOP cards included.
    pub cards: u64,
    pub stop_cards: u64,
    /// STOP cards turned in the longest action, and in the one under way.
    pub longest_action: u64,
    stops_in_action: u64,
    pub enemies_met: u64,
    pub men_home: u64,
    /// Men of each side by the state the patrol left them in (fit men not
    /// counted), indexed by side and state; [`Tally::casualties`] names them.
    casualties: [[u64; STATES.len()]; SIDES.len()],
    /// Pass/fail rolls: how many were thrown and how many succeeded.
    pub checks: Checks,
    /// Incident table rolls by result.
    pub incident_table: Counts,
    /// Casualty rolls by result (or the wound chart's, rolled at the hit).
    pub casualty_table: Counts,
    /// Hand-to-hand fights by outcome (counted per fight, not per roll).
    pub hand_to_hand: Counts,
    /// A rule set's other table rolls (`RULE_SET_TABLES`) by what they were
    /// for and the total of their modifiers, each by result.
    pub rule_set_tables: Vec<((Purpose, i32), Counts)>,
    /// The lowest-numbered patrol that did not reach its end, and why.
    pub first_problem: Option<(u64, String)>,
}

impl Tally {
    /// Counts one event of a patrol in play.
    ///
    /// Inlined into the simulator's loop over a command's events, most of
    /// which it does not count: those cost a look at the event's kind, and
    /// only rolls and incidents call out to be counted.
    #[inline]
    pub fn observe(&mut self, game: &Game, event: &Event) {
        match event {
            Event::Roll(r) => self.roll(r),
            Event::Card { card, .. } => {
                self.cards += 1;
                let stop = u64::from(card == "STOP");
                self.stop_cards += stop;
                self.stops_in_action += stop;
                self.longest_action = self.longest_action.max(self.stops_in_action);
            }
            Event::Incident { name, hex } => self.incident(game, name, *hex),
            Event::HandToHand { outcome, .. } => self.hand_to_hand.add(outcome, 1),
            Event::ActionStart { .. } => {
                self.actions += 1;
                self.stops_in_action = 0;
            }
            Event::EnemyAppears { soldiers, .. } => self.enemies_met += soldiers.len() as u64,
            _ => {}
        }
    }

    /// Counts a pass/fail roll by its kind, or a table roll by its result.
    #[inline(never)]
    fn roll(&mut self, r: &Roll) {
        // The company level's custom dice: each die a check that scores on
        // as many faces as the roll's modifiers count (hits, or saves),
        // kept as a need of that many faces from the top.
        if matches!(r.purpose, Purpose::CompanyFire | Purpose::CompanySave) {
            let scoring: i32 = r.modifiers.iter().flatten().map(|m| m.value).sum();
            let scored = r.result.as_deref().and_then(|w| w.split(' ').next()?.parse().ok()).unwrap_or(0);
            let need = i32::from(r.dice.sides) + 1 - scoring;
            self.checks.add((r.purpose, 1, r.dice.sides, need), u64::from(r.dice.count), scored);
            return;
        }
        // European Battlefield's firing dice (at men, vehicles or an air
        // strike): each die a check at the need.
        if let (Purpose::EbFire | Purpose::EbAaFire, Some(need)) = (r.purpose, r.need) {
            let scored = r.result.as_deref().and_then(|w| w.split(' ').next()?.parse().ok()).unwrap_or(0);
            self.checks.add((r.purpose, 1, r.dice.sides, need), u64::from(r.dice.count), scored);
            return;
        }
        let table = match (r.success, r.purpose) {
            // Its activation passes at most on its need: as likely as at
            // least the need's mirror on the die.
            (Some(success), Purpose::EbActivation) => {
                let (d, need) = (r.dice, r.need.unwrap_or(0));
                self.checks.add((r.purpose, d.count, d.sides, i32::from(d.sides) + 1 - need), 1, u64::from(success));
                return;
            }
            (Some(success), _) => {
                let d = r.dice;
                self.checks.add((r.purpose, d.count, d.sides, r.need.unwrap_or(0)), 1, u64::from(success));
                return;
            }
            (None, Purpose::IncidentTable) => &mut self.incident_table,
            (None, Purpose::Casualty | Purpose::CpWound) => &mut self.casualty_table,
            (None, p) if RULE_SET_TABLES.contains(&p) => {
                // European Battlefield's scatter is keyed by its dice (one,
                // two or three d6), which say its spread; it has no modifiers.
                let modifier = match p {
                    Purpose::EbScatter => i32::from(r.dice.count),
                    _ => r.modifiers.as_ref().map_or(0, |m| m.iter().map(|m| m.value).sum()),
                };
                let key = (p, modifier);
                let at = match self.rule_set_tables.iter().position(|(k, _)| *k == key) {
                    Some(at) => at,
                    None => {
                        self.rule_set_tables.push((key, Counts::default()));
                        self.rule_set_tables.sort_by_key(|(k, _)| *k);
                        self.rule_set_tables.iter().position(|(k, _)| *k == key).unwrap_or_default()
                    }
                };
                &mut self.rule_set_tables[at].1
            }
            (None, _) => return,
        };
        table.add(r.result.as_deref().unwrap_or(""), 1);
    }

    /// Counts an incident by its kind and by the terrain of its hex.
    #[inline(never)]
    fn incident(&mut self, game: &Game, name: &str, hex: Pos) {
        self.incidents += 1;
        self.incidents_by_kind.add(name, 1);
        self.incidents_by_terrain.add(game.map().terrain(game.book(), hex).map_or("off map", |t| &t.key), 1);
    }

    /// Counts a patrol that has stopped after `decisions` decisions: how it
    /// ended and the state of every man.
    pub fn close(&mut self, patrol: u64, game: &Game, decisions: u64, problem: Option<String>) {
        self.patrols += 1;
        self.decisions += decisions;
        match (&game.phase(), problem) {
            (Phase::Over { outcome }, None) => self.outcomes.add(outcome, 1),
            (_, problem) => {
                self.outcomes.add("unfinished", 1);
                let why = problem.unwrap_or_else(|| "stopped before its end".into());
                if self.first_problem.as_ref().is_none_or(|(k, _)| patrol < *k) {
                    self.first_problem = Some((patrol, why));
                }
            }
        }
        self.objective_reached += u64::from(game.objective_reached());
        for s in game.soldiers() {
            if s.side == Side::Friendly && s.pos.is_none() && s.state != State::Dead {
                self.men_home += 1;
            }
            if s.state != State::Fit {
                self.casualties[s.side as usize][s.state as usize] += 1;
            }
        }
    }

    /// Men of each side (by name) by the state the patrol left them in,
    /// naming only the sides and states that have a man.
    pub fn casualties(&self) -> BTreeMap<&'static str, BTreeMap<&'static str, u64>> {
        let mut named = BTreeMap::new();
        for (side, states) in SIDES.iter().zip(&self.casualties) {
            let states: BTreeMap<_, _> =
                STATES.iter().zip(states).filter(|&(_, &n)| n > 0).map(|(state, &n)| (state.name(), n)).collect();
            if !states.is_empty() {
                named.insert(side.name(), states);
            }
        }
        named
    }

    /// The results counted of a table roll: the incident table, casualty
    /// rolls or hand-to-hand fights; None for any other purpose.
    pub fn table(&self, purpose: Purpose) -> Option<&Counts> {
        match purpose {
            Purpose::IncidentTable => Some(&self.incident_table),
            Purpose::Casualty | Purpose::CpWound => Some(&self.casualty_table),
            Purpose::HandToHand => Some(&self.hand_to_hand),
            _ => None,
        }
    }

    /// Both tallies added together.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.patrols += other.patrols;
        self.outcomes.merge(&other.outcomes);
        self.objective_reached += other.objective_reached;
        self.decisions += other.decisions;
        self.incidents += other.incidents;
        self.incidents_by_terrain.merge(&other.incidents_by_terrain);
        self.incidents_by_kind.merge(&other.incidents_by_kind);
        self.actions += other.actions;
        self.cards += other.cards;
        self.stop_cards += other.stop_cards;
        self.longest_action = self.longest_action.max(other.longest_action);
        self.enemies_met += other.enemies_met;
        self.men_home += other.men_home;
        for (mine, theirs) in self.casualties.iter_mut().flatten().zip(other.casualties.iter().flatten()) {
            *mine += theirs;
        }
        for (key, rolls, successes) in other.checks.iter() {
            self.checks.add(key, rolls, successes);
        }
        self.incident_table.merge(&other.incident_table);
        self.casualty_table.merge(&other.casualty_table);
        self.hand_to_hand.merge(&other.hand_to_hand);
        for (key, counts) in &other.rule_set_tables {
            match self.rule_set_tables.iter_mut().find(|(k, _)| k == key) {
                Some((_, mine)) => mine.merge(counts),
                None => self.rule_set_tables.push((*key, counts.clone())),
            }
        }
        self.rule_set_tables.sort_by_key(|(k, _)| *k);
        self.first_problem = match (self.first_problem, other.first_problem) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn counts_hold_what_a_map_would() {
        let names = [
            "sniper",
            "MG team",
            "false alarm",
            "",
            "sniper",
            "snipes",
            "a\0",
            "a",
            "false alarm",
            "é",
            "MG",
            "the same sixteen and more",
            "the same sixteen bytes, then not",
            "the same sixteen and more",
            "the same sixteen",
            "the same sixteeN",
        ];
        let mut counts = Counts::default();
        let mut map: BTreeMap<String, u64> = BTreeMap::new();
        for (i, name) in names.iter().enumerate() {
            counts.add(name, i as u64 + 1);
            *map.entry(name.to_string()).or_default() += i as u64 + 1;
        }
        assert_eq!(counts.to_map(), map);
        for name in names.iter().chain(&["nobody"]) {
            assert_eq!(counts.get(name), map.get(*name).copied().unwrap_or(0), "{name:?}");
        }
        assert_eq!(counts.total(), map.values().sum::<u64>());
        let mut backwards = Counts::default();
        for (i, name) in names.iter().enumerate().rev() {
            backwards.add(name, i as u64 + 1);
        }
        assert_eq!(backwards, counts, "the same counts in any order are the same list");
    }

    #[test]
    fn checks_are_in_the_order_of_their_kinds() {
        let purposes = [Purpose::Incident, Purpose::Fire, Purpose::Damage];
        let mut keys = Vec::new();
        for purpose in purposes {
            for (count, sides) in [(0, 0), (1, 6), (1, 8), (2, 6), (255, 255)] {
                for need in [i32::MIN, -7, -1, 0, 1, 4, 12, i32::MAX] {
                    keys.push((purpose, count, sides, need));
                }
            }
        }
        let mut checks = Checks::default();
        let mut map: BTreeMap<CheckKey, (u64, u64)> = BTreeMap::new();
        // Every key twice, in an order of their own.
        for (i, &key) in keys.iter().chain(keys.iter().rev()).enumerate().filter(|(i, _)| i % 3 != 1) {
            let ok = i as u64 % 2;
            checks.add(key, 1, ok);
            let c = map.entry(key).or_default();
            c.0 += 1;
            c.1 += ok;
        }
        let listed: Vec<_> = checks.iter().collect();
        let expected: Vec<_> = map.into_iter().map(|(key, (n, ok))| (key, n, ok)).collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn sides_and_states_are_listed_in_the_order_of_their_values() {
        assert!(SIDES.iter().enumerate().all(|(i, &s)| s as usize == i));
        assert!(STATES.iter().enumerate().all(|(i, &s)| s as usize == i));
    }
}
