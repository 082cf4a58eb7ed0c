//! The simulator's summary: the tally's counts with the rates a player
//! reads, as one JSON object (`--json`) or as text.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use super::{Counts, Plan, Tally};
use crate::engine::dice::chance::Chance;
use crate::engine::ruleset::house;
use crate::engine::{Game, Pos, Purpose};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub scenario: String,
    #[serde(flatten)]
    pub plan: Plan,
    /// The house rules played: a preset's name, or "custom: " and the switches set by hand.
    pub house_rules: String,
    /// Every house rule that departs from the article's text, by name.
    pub departures: Vec<&'static str>,
    /// Patrols by how they ended: `success`, `failed`, `lost` (and `unfinished`, should one not end).
    pub outcomes: BTreeMap<String, u64>,
    /// Patrols of which at least one man came home (`success` and `failed`).
    pub came_home: u64,
    pub objective_reached: u64,
    pub men_home: u64,
    pub decisions_per_patrol: f64,
    pub incidents: Incidents,
    pub actions: Actions,
    pub enemies_met: u64,
    /// Men of each side (`friendly`, `enemy`) by the state the patrol left them in.
    pub casualties: BTreeMap<&'static str, BTreeMap<&'static str, u64>>,
    /// Every pass/fail roll thrown, by purpose, dice and need.
    pub checks: Vec<CheckRow>,
    /// Table rolls: the incident table and casualty rolls by result, fights by outcome.
    pub tables: Vec<TableRow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_unfinished: Option<Unfinished>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Incidents {
    pub total: u64,
    pub per_patrol: f64,
    pub by_terrain: BTreeMap<String, u64>,
    pub by_kind: BTreeMap<String, u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Actions {
    pub total: u64,
    pub per_patrol: f64,
    /// Cards turned in all actions, STOP cards included.
    pub cards: u64,
    pub cards_per_action: f64,
    pub turns_per_action: f64,
    /// STOP cards turned in the longest action.
    pub longest_action: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckRow {
    pub purpose: Purpose,
    pub dice: String,
    pub need: i32,
    pub rolls: u64,
    pub successes: u64,
    pub observed: f64,
    pub exact: Chance,
    /// How far the observed rate is from the exact chance, in standard
    /// errors of that many rolls (None where the chance is 0 or 1, or
    /// nothing was rolled).
    pub z: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRow {
    pub purpose: Purpose,
    /// The total of the roll's modifiers, where the table is read with them
    /// (a grenade's inverted accuracy, a trained medic); left out when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub modifier: i32,
    pub result: String,
    pub count: u64,
    /// None when the table was never rolled (JSON null): nothing was observed.
    pub observed: Option<f64>,
    /// None where the chance depends on who stood where (never for these tables).
    pub exact: Option<Chance>,
    /// Standard errors from the exact chance, as for a pass/fail roll.
    pub z: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unfinished {
    pub patrol: u64,
    pub why: String,
}

impl TableRow {
    /// Its roll and result as the summary names them: `cp_grenade -2: on_target`.
    fn label(&self) -> String {
        match self.modifier {
            0 => format!("{}: {}", self.purpose.name(), self.result),
            m => format!("{} {m:+}: {}", self.purpose.name(), self.result),
        }
    }
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// How many standard errors `n` of `of` rolls lie from the chance `exact`:
/// None where no roll was made or the chance is certain either way.
pub fn standard_errors(n: u64, of: u64, exact: Chance) -> Option<f64> {
    let p = exact.value();
    if of == 0 || p <= 0.0 || p >= 1.0 {
        return None;
    }
    Some((ratio(n, of) - p) / (p * (1.0 - p) / of as f64).sqrt())
}

/// The rate furthest from its exact chance, in standard errors: its words
/// and how far, and how many rates were weighed.
pub fn furthest(s: &Summary) -> (usize, Option<(String, f64)>) {
    let checks = s.checks.iter().filter_map(|c| Some((format!("{} {} {}+", c.purpose.name(), c.dice, c.need), c.z?)));
    let tables = s.tables.iter().filter_map(|t| Some((t.label(), t.z?)));
    let all: Vec<(String, f64)> = checks.chain(tables).collect();
    let worst = all.iter().max_by(|a, b| a.1.abs().total_cmp(&b.1.abs())).cloned();
    (all.len(), worst)
}

fn ratio(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

/// The exact chance of each result of the tables the summary shows, from
/// the rules (`game` is any game of the scenario: only its rules are read).
fn exact_tables(game: &Game) -> BTreeMap<Purpose, Vec<(String, Chance)>> {
    let mut exact = BTreeMap::new();
    let table = game.incident_table_odds(Pos::new(0, 0));
    exact.insert(Purpose::IncidentTable, table.outcomes().iter().map(|o| (o.result.clone(), o.chance)).collect());
    let (purpose, _, wounds) = game.rules().casualty_spread(game.book());
    exact.insert(purpose, wounds.into_iter().map(|(w, c)| (w.to_string(), c)).collect());
    let (_, melee) = game.rules().hand_to_hand_spread(game.book());
    let mut fights: Vec<(String, Chance)> = Vec::new();
    for m in melee {
        match fights.iter_mut().find(|(name, _)| name == m.outcome.name()) {
            Some((_, c)) => c.ways += m.chance.ways,
            None => fights.push((m.outcome.name().to_string(), m.chance)),
        }
    }
    exact.insert(Purpose::HandToHand, fights);
    exact
}

impl Summary {
    pub fn new(tally: Tally, plan: Plan, game: &Game) -> Self {
        let per = |n: u64| ratio(n, tally.patrols);
        let count = |k: &str| tally.outcomes.get(k);
        let checks = tally
            .checks
            .iter()
            .map(|((purpose, count, sides, need), rolls, successes)| CheckRow {
                purpose,
                dice: format!("{count}d{sides}"),
                need,
                rolls,
                successes,
                observed: ratio(successes, rolls),
                exact: Chance::at_least(count, sides, need),
                z: standard_errors(successes, rolls, Chance::at_least(count, sides, need)),
            })
            .collect();
        let mut tables = Vec::new();
        for (purpose, results) in exact_tables(game) {
            let seen = tally.table(purpose);
            let total = seen.map_or(0, Counts::total);
            for (result, chance) in results {
                let n = seen.map_or(0, |m| m.get(&result));
                let observed = (total > 0).then(|| ratio(n, total));
                let z = standard_errors(n, total, chance);
                tables.push(TableRow { purpose, modifier: 0, result, count: n, observed, exact: Some(chance), z });
            }
        }
        // A rule set's other tables, as observed, each beside its exact chances.
        for ((purpose, modifier), seen) in &tally.rule_set_tables {
            let total = seen.total();
            let Some((_, results)) = game.rules().table_spread(game.book(), *purpose, *modifier) else { continue };
            for (result, chance) in results {
                let n = seen.get(result);
                let observed = (total > 0).then(|| ratio(n, total));
                let (purpose, modifier, result) = (*purpose, *modifier, result.to_string());
                let z = standard_errors(n, total, chance);
                tables.push(TableRow { purpose, modifier, result, count: n, observed, exact: Some(chance), z });
            }
        }
        Summary {
            scenario: game.scenario().to_string(),
            plan,
            house_rules: house::describe(game.book()),
            departures: house::departures(game.book()).map(|(h, _)| h.key).collect(),
            came_home: count("success") + count("failed"),
            objective_reached: tally.objective_reached,
            men_home: tally.men_home,
            decisions_per_patrol: per(tally.decisions),
            incidents: Incidents {
                total: tally.incidents,
                per_patrol: per(tally.incidents),
                by_terrain: tally.incidents_by_terrain.to_map(),
                by_kind: tally.incidents_by_kind.to_map(),
            },
            actions: Actions {
                total: tally.actions,
                per_patrol: per(tally.actions),
                cards: tally.cards,
                cards_per_action: ratio(tally.cards, tally.actions),
                turns_per_action: ratio(tally.stop_cards, tally.actions),
                longest_action: tally.longest_action,
            },
            enemies_met: tally.enemies_met,
            casualties: tally.casualties(),
            checks,
            tables,
            first_unfinished: tally.first_problem.map(|(patrol, why)| Unfinished { patrol, why }),
            outcomes: tally.outcomes.to_map(),
        }
    }
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The summary as text, for people.
///
/// # Errors
/// Only failures to write.
pub fn write_text(s: &Summary, mut out: impl Write) -> io::Result<()> {
    let n = s.plan.patrols;
    let share = |k: u64| percent(ratio(k, n));
    let last = s.plan.first.saturating_add(n.saturating_sub(1));
    writeln!(out, "{}: {n} patrols (numbers {} to {last}), seed {}", s.scenario, s.plan.first, s.plan.seed)?;
    let departures = if s.departures.is_empty() { "none".to_string() } else { s.departures.join(", ") };
    // A set made by hand is named by its departures alone.
    let preset = s.house_rules.split(':').next().unwrap_or_default();
    writeln!(out, "House rules:       {preset}; departing from the text: {departures}")?;
    // Best to worst, then anything else (unfinished).
    let order = ["success", "failed", "lost"];
    let mut outcomes: Vec<(&String, &u64)> = s.outcomes.iter().collect();
    outcomes.sort_by_key(|(k, _)| order.iter().position(|o| o == k).unwrap_or(order.len()));
    let outcomes: Vec<String> = outcomes.iter().map(|(k, v)| format!("{k} {v} ({})", share(**v))).collect();
    writeln!(out, "Outcomes:          {}", outcomes.join(", "))?;
    writeln!(out, "Came home:         {} ({}) of the patrols brought someone home", s.came_home, share(s.came_home))?;
    writeln!(out, "Objective reached: {} ({})", s.objective_reached, share(s.objective_reached))?;
    writeln!(out, "Men home:          {:.2} per patrol", ratio(s.men_home, n))?;
    writeln!(out, "Decisions:         {:.1} per patrol", s.decisions_per_patrol)?;
    let per = |m: &BTreeMap<String, u64>| {
        m.iter().map(|(k, &v)| format!("{k} {:.3}", ratio(v, n))).collect::<Vec<_>>().join(", ")
    };
    let i = &s.incidents;
    writeln!(out, "Incidents:         {:.3} per patrol", i.per_patrol)?;
    writeln!(out, "  by terrain:      {}", per(&i.by_terrain))?;
    writeln!(out, "  by kind:         {}", per(&i.by_kind))?;
    let a = &s.actions;
    writeln!(
        out,
        "Tactical actions:  {:.3} per patrol; {:.1} cards and {:.2} turns per action (longest {} STOP cards); {:.2} enemies met per patrol",
        a.per_patrol,
        a.cards_per_action,
        a.turns_per_action,
        a.longest_action,
        ratio(s.enemies_met, n)
    )?;
    writeln!(out, "Casualties (men per patrol, by the state the patrol left them in):")?;
    for (side, states) in &s.casualties {
        let parts: Vec<String> = states.iter().map(|(k, &v)| format!("{k} {:.3}", ratio(v, n))).collect();
        writeln!(out, "  {side:<16} {}", parts.join(", "))?;
    }
    let se = |z: Option<f64>| {
        z.map_or("-".to_string(), |z: f64| if z.abs() < 0.05 { "0.0".into() } else { format!("{z:+.1}") })
    };
    writeln!(
        out,
        "Pass/fail rolls:   {:<18} {:>5} {:>10} {:>9} {:>6}  exact",
        "purpose", "need", "rolls", "observed", "SE"
    )?;
    for c in &s.checks {
        let what = format!("{} {}", c.purpose.name(), c.dice);
        writeln!(
            out,
            "                   {what:<18} {:>4}+ {:>10} {:>9} {:>6}  {}",
            c.need,
            c.rolls,
            percent(c.observed),
            se(c.z),
            c.exact
        )?;
    }
    writeln!(out, "Tables:            {:<28} {:>10} {:>9} {:>6}  exact", "purpose: result", "count", "observed", "SE")?;
    for t in &s.tables {
        let what = t.label();
        let exact = t.exact.map_or("-".into(), |c| c.to_string());
        let observed = t.observed.map_or("-".into(), percent);
        writeln!(out, "                   {what:<28} {:>10} {observed:>9} {:>6}  {exact}", t.count, se(t.z))?;
    }
    // SE: the observed rate less the exact chance, in standard errors of its rolls.
    match furthest(s) {
        (n, Some((what, z))) => writeln!(out, "Against exact:     {n} rates; the furthest {what}, {z:+.1} SE")?,
        (_, None) => writeln!(out, "Against exact:     no rate to weigh")?,
    }
    if let Some(u) = &s.first_unfinished {
        writeln!(out, "Unfinished: patrol {} first: {}", u.patrol, u.why)?;
    }
    Ok(())
}
