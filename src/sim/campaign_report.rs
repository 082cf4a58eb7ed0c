//! The summary of many campaigns: per patrol, how it ended and what it
//! cost; over the campaign, the patrols won and what became of the men. As
//! one JSON object (`--json`, a stable form: fields are only ever added) or
//! as text.

use std::io::{self, Write};

use serde::Serialize;

use super::campaign::{CampaignTally, Run};
use crate::engine::campaign::Campaign;
use crate::engine::ruleset::house;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CampaignSummary {
    /// The campaign's title.
    pub campaign: String,
    #[serde(flatten)]
    pub run: Run,
    /// As for patrols: a preset's name, or "custom: " and the switches set by hand.
    pub house_rules: String,
    pub departures: Vec<&'static str>,
    pub patrols: Vec<PatrolRow>,
    /// `patrols_won[k]`: the campaigns that won exactly `k` patrols.
    pub patrols_won: Vec<u64>,
    pub patrols_won_mean: f64,
    pub men: Men,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_unfinished: Option<Unfinished>,
}

/// The first campaign with a patrol the leader did not end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unfinished {
    pub campaign: u64,
    pub why: String,
}

/// One patrol of the campaign over every campaign that played it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatrolRow {
    /// From 1.
    pub number: u64,
    pub name: String,
    /// Campaigns that played it (all, unless an earlier patrol went unfinished).
    pub played: u64,
    pub success: u64,
    pub failed: u64,
    pub lost: u64,
    pub unfinished: u64,
    /// Shares of `played`.
    pub success_rate: f64,
    pub failed_rate: f64,
    pub lost_rate: f64,
    pub men_out: u64,
    /// Men dead or missing, and the same per patrol played.
    pub men_lost: u64,
    pub men_lost_per_patrol: f64,
    /// Men home with a serious wound (out for the next patrols).
    pub men_wounded: u64,
}

/// What became of the men, over every campaign.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Men {
    /// Men of the squad each campaign began with, all campaigns together.
    pub started: u64,
    /// Of them, on the roll at the end (fit or wounded), and the share.
    pub started_and_finished: u64,
    pub finished_share: f64,
    /// On the roll at the end, replacements too, per campaign.
    pub came_through_per_campaign: f64,
    /// On the roll at the end having gone out on every patrol, per campaign.
    pub served_all_per_campaign: f64,
    pub served_all: u64,
    /// Men who came home a veteran for the first time, per campaign.
    pub veterans_made_per_campaign: f64,
    pub veterans_made: u64,
}

fn ratio(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

impl CampaignSummary {
    /// `start` is the campaign played (its title, patrols and rules are read).
    pub fn new(tally: CampaignTally, run: Run, start: &Campaign) -> Self {
        // An endless campaign's patrols are on new ground each time: a row is a patrol's number.
        let names: Vec<String> = match start.endless {
            Some(_) => (1..=tally.patrols.len()).map(|k| format!("{k}. new ground")).collect(),
            None => start.plans.iter().map(|p| p.scenario.name.clone()).collect(),
        };
        let patrols = (0..names.len().max(tally.patrols.len()))
            .map(|i| {
                let c = tally.patrols.get(i).cloned().unwrap_or_default();
                PatrolRow {
                    number: i as u64 + 1,
                    name: names.get(i).cloned().unwrap_or_default(),
                    played: c.played,
                    success: c.success,
                    failed: c.failed,
                    lost: c.lost,
                    unfinished: c.unfinished,
                    success_rate: ratio(c.success, c.played),
                    failed_rate: ratio(c.failed, c.played),
                    lost_rate: ratio(c.lost, c.played),
                    men_out: c.men_out,
                    men_lost: c.men_lost,
                    men_lost_per_patrol: ratio(c.men_lost, c.played),
                    men_wounded: c.men_wounded,
                }
            })
            .collect();
        let mut won = tally.won.clone();
        won.resize(won.len().max(names.len() + 1), 0);
        let won_total: u64 = won.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        let per = |n: u64| ratio(n, tally.campaigns);
        CampaignSummary {
            campaign: start.title.clone(),
            run,
            house_rules: house::describe(&start.book),
            departures: house::departures(&start.book).map(|(h, _)| h.key).collect(),
            patrols,
            patrols_won_mean: per(won_total),
            patrols_won: won,
            men: Men {
                started: tally.started,
                started_and_finished: tally.started_and_finished,
                finished_share: ratio(tally.started_and_finished, tally.started),
                came_through_per_campaign: per(tally.came_through),
                served_all_per_campaign: per(tally.served_all),
                served_all: tally.served_all,
                veterans_made_per_campaign: per(tally.veterans_made),
                veterans_made: tally.veterans_made,
            },
            first_unfinished: tally.first_problem.map(|(campaign, why)| Unfinished { campaign, why }),
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
pub fn write_campaign_text(s: &CampaignSummary, mut out: impl Write) -> io::Result<()> {
    let n = s.run.campaigns;
    let last = s.run.first.saturating_add(n.saturating_sub(1));
    writeln!(out, "{}: {n} campaigns (numbers {} to {last}), seed {}", s.campaign, s.run.first, s.run.seed)?;
    let departures = if s.departures.is_empty() { "none".to_string() } else { s.departures.join(", ") };
    let preset = s.house_rules.split(':').next().unwrap_or_default();
    writeln!(out, "House rules: {preset}; departing from the text: {departures}")?;
    writeln!(out)?;
    let width = s.patrols.iter().map(|p| p.name.chars().count()).max().unwrap_or(0).max(6);
    writeln!(
        out,
        "{:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9}",
        "patrol", "played", "success", "failed", "lost", "men lost"
    )?;
    for p in &s.patrols {
        writeln!(
            out,
            "{:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9.2}",
            p.name,
            p.played,
            percent(p.success_rate),
            percent(p.failed_rate),
            percent(p.lost_rate),
            p.men_lost_per_patrol
        )?;
    }
    writeln!(out)?;
    let won: Vec<String> = s
        .patrols_won
        .iter()
        .enumerate()
        .map(|(k, &c)| format!("{k}: {}", percent(if n == 0 { 0.0 } else { c as f64 / n as f64 })))
        .collect();
    writeln!(out, "Patrols won:       {} (mean {:.2})", won.join(", "), s.patrols_won_mean)?;
    let m = &s.men;
    writeln!(
        out,
        "Men who finish:    {} of the {} who started ({})",
        m.started_and_finished,
        m.started,
        percent(m.finished_share)
    )?;
    writeln!(out, "Came through:      {:.2} men a campaign, replacements too", m.came_through_per_campaign)?;
    writeln!(out, "Served every patrol: {:.2} men a campaign", m.served_all_per_campaign)?;
    writeln!(out, "Veterans made:     {:.2} a campaign", m.veterans_made_per_campaign)?;
    if let Some(u) = &s.first_unfinished {
        writeln!(out, "Unfinished: campaign {} first: {}", u.campaign, u.why)?;
    }
    Ok(())
}
