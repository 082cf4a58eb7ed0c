//! Whole campaigns played by the patrol leader, patrol after patrol, with
//! the roster carried over between them exactly as in the game: every
//! campaign is the game's own `Campaign`, set out with `begin`, played by
//! `session::auto` and settled by the campaign's own end of patrol (wounds,
//! healing, replacements, experience, reissued support weapons).
//!
//! Campaign K of a run with seed S is the campaign the game starts with
//! seed `patrol_seed(S, K)` (SplitMix64, as for patrols): it comes out the
//! same alone or inside any run, on any number of threads, and can be
//! replayed in the runner (`hexpatrol script --campaign NAME --seed SEED`,
//! `auto 100000` and `begin` in turn).

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::ops::Range;

use rayon::prelude::*;
use serde::Serialize;

use super::{MAX_DECISIONS, STREAM_BATCH, patrol_seed};
use crate::engine::campaign::Campaign;
use crate::engine::{Cache, Event};
use crate::session;

/// Which campaigns to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    pub seed: u64,
    /// The number of the first campaign; campaigns are numbered from 1.
    pub first: u64,
    pub campaigns: u64,
    /// Patrols after which a campaign is stopped if it has not ended: an
    /// endless campaign never ends on its own (`sim --generated`).
    #[serde(rename = "patrols_per_campaign", skip_serializing_if = "Option::is_none")]
    pub cap: Option<u32>,
}

impl Run {
    /// The numbers of the campaigns, or None if they would run past the largest number.
    pub fn numbers(&self) -> Option<Range<u64>> {
        Some(self.first..self.first.checked_add(self.campaigns)?)
    }
}

/// One patrol of the campaign, summed over the campaigns that played it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatrolCounts {
    /// Campaigns that played this patrol.
    pub played: u64,
    pub success: u64,
    pub failed: u64,
    pub lost: u64,
    /// Patrols the leader did not end (the campaign stops there).
    pub unfinished: u64,
    /// Men who went out.
    pub men_out: u64,
    /// Men dead or missing.
    pub men_lost: u64,
    /// Men who came home with a serious wound.
    pub men_wounded: u64,
}

impl PatrolCounts {
    fn merge(&mut self, o: &PatrolCounts) {
        self.played += o.played;
        self.success += o.success;
        self.failed += o.failed;
        self.lost += o.lost;
        self.unfinished += o.unfinished;
        self.men_out += o.men_out;
        self.men_lost += o.men_lost;
        self.men_wounded += o.men_wounded;
    }
}

/// What many campaigns came to: counts only, so that merging adds them and
/// the sum is the same whichever thread played which campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CampaignTally {
    pub campaigns: u64,
    /// By patrol, the first first.
    pub patrols: Vec<PatrolCounts>,
    /// Campaigns by the patrols they won: `won[k]` won exactly `k`.
    pub won: Vec<u64>,
    /// Men of the squad the campaign began with.
    pub started: u64,
    /// Of them, men still on the roll when the campaign ended.
    pub started_and_finished: u64,
    /// Men on the roll when the campaign ended (replacements too).
    pub came_through: u64,
    /// Men on the roll at the end who went out on every patrol.
    pub served_all: u64,
    /// Men who came home from a patrol a veteran for the first time.
    pub veterans_made: u64,
    /// The first campaign with an unfinished patrol, and why.
    pub first_problem: Option<(u64, String)>,
}

fn add_at<T: Default>(v: &mut Vec<T>, i: usize) -> &mut T {
    if v.len() <= i {
        v.resize_with(i + 1, T::default);
    }
    &mut v[i]
}

impl CampaignTally {
    /// Both tallies added together.
    pub fn merge(mut self, other: CampaignTally) -> CampaignTally {
        self.campaigns += other.campaigns;
        for (i, p) in other.patrols.iter().enumerate() {
            add_at(&mut self.patrols, i).merge(p);
        }
        for (i, n) in other.won.iter().enumerate() {
            *add_at(&mut self.won, i) += n;
        }
        self.started += other.started;
        self.started_and_finished += other.started_and_finished;
        self.came_through += other.came_through;
        self.served_all += other.served_all;
        self.veterans_made += other.veterans_made;
        self.first_problem = match (self.first_problem, other.first_problem) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// Plays campaign `start` (not yet begun) to its end with the patrol leader
/// deciding, counting it into `tally` as campaign number `k`. Each patrol's
/// events (its setting out, then the leader's choices and what they made)
/// go to `seen` as they come.
pub fn play(start: &Campaign, k: u64, cache: &mut Cache, tally: &mut CampaignTally, seen: impl FnMut(&[Event])) {
    play_up_to(start, (k, None), cache, tally, seen);
}

/// `play`, stopping after `cap` patrols if the campaign has not ended by then.
pub fn play_up_to(
    start: &Campaign,
    (k, cap): (u64, Option<u32>),
    cache: &mut Cache,
    tally: &mut CampaignTally,
    mut seen: impl FnMut(&[Event]),
) {
    let mut campaign = start.clone();
    let veteran_at = campaign.book.campaign.veteran_at;
    let squad: Vec<String> = campaign.roster.iter().map(|m| m.name.clone()).collect();
    let mut veterans: BTreeSet<String> =
        campaign.roster.iter().filter(|m| m.experience >= veteran_at).map(|m| m.name.clone()).collect();
    let mut won = 0;
    tally.campaigns += 1;
    while !campaign.is_over() && cap.is_none_or(|cap| campaign.finished < cap) {
        let at = campaign.finished as usize;
        add_at(&mut tally.patrols, at).played += 1;
        let problem = match campaign.begin() {
            Ok(opening) => {
                seen(&opening);
                let (events, refused) = session::auto(&mut campaign, cache, MAX_DECISIONS);
                seen(&events);
                match (refused, campaign.patrol.is_some()) {
                    (Some(e), _) => Some(format!("the patrol leader's order was refused: {e}")),
                    (None, true) => Some(format!("no end after {MAX_DECISIONS} decisions")),
                    (None, false) => None,
                }
            }
            Err(e) => Some(format!("the patrol could not set out: {e}")),
        };
        if let Some(why) = problem {
            tally.patrols[at].unfinished += 1;
            let why = format!("patrol {}: {why}", campaign.finished + 1);
            if tally.first_problem.as_ref().is_none_or(|(first, _)| k < *first) {
                tally.first_problem = Some((k, why));
            }
            break;
        }
        // The save layer would archive the record: here it is read and let go.
        let Some(record) = campaign.unarchived.take() else { break };
        let counts = &mut tally.patrols[at];
        match record.outcome.as_str() {
            "success" => {
                counts.success += 1;
                won += 1;
            }
            "failed" => counts.failed += 1,
            _ => counts.lost += 1,
        }
        counts.men_out += record.men.len() as u64;
        counts.men_lost += u64::from(record.men_lost());
        counts.men_wounded += record.men.iter().filter(|m| m.fate == "serious_wound").count() as u64;
        for m in campaign.roster.iter().filter(|m| m.experience >= veteran_at) {
            if veterans.insert(m.name.clone()) {
                tally.veterans_made += 1;
            }
        }
    }
    *add_at(&mut tally.won, won) += 1;
    tally.started += squad.len() as u64;
    tally.started_and_finished += campaign.roster.iter().filter(|m| squad.contains(&m.name)).count() as u64;
    tally.came_through += campaign.roster.len() as u64;
    tally.served_all += campaign.roster.iter().filter(|m| m.patrols == campaign.finished).count() as u64;
}

/// Campaign `k`'s game: `start` with the campaign's own seed (an endless
/// one's first ground made from it too).
fn seeded(start: &Campaign, run: &Run, k: u64) -> Campaign {
    let seed = patrol_seed(run.seed, k);
    // Ground fails to be made only for a rule book the generator cannot
    // draw with, and `start` was made with the same book: never, but if
    // it did, the campaign would keep `start`'s first ground.
    start.reseeded(seed).unwrap_or_else(|_| Campaign { seed, ..start.clone() })
}

/// Plays the run's campaigns and counts what happened. `tick` is called
/// once for each campaign played, from whichever thread played it.
///
/// # Errors
/// The run goes past the last campaign number.
pub fn run(start: &Campaign, run: &Run, tick: &(dyn Fn() + Sync)) -> Result<CampaignTally, super::SimError> {
    let numbers = run.numbers().ok_or(super::SimError::CampaignNumbers)?;
    Ok(numbers
        .into_par_iter()
        .fold(
            || (CampaignTally::default(), Cache::new()),
            |(mut tally, mut cache), k| {
                play_up_to(&seeded(start, run, k), (k, run.cap), &mut cache, &mut tally, |_| {});
                tick();
                (tally, cache)
            },
        )
        .map(|(tally, _)| tally)
        .reduce(CampaignTally::default, CampaignTally::merge))
}

/// The lines `--events` writes for campaign `k`: a `campaign_start` line,
/// then exactly what `hexpatrol script --campaign NAME --seed SEED` prints
/// for `auto 100000` and `begin` in turn until the campaign is over.
fn campaign_lines(start: &Campaign, run: &Run, k: u64) -> io::Result<Vec<u8>> {
    #[derive(Serialize)]
    struct CampaignStart {
        event: &'static str,
        campaign: u64,
        seed: u64,
    }
    let campaign = seeded(start, run, k);
    let mut out = Vec::new();
    let head = CampaignStart { event: "campaign_start", campaign: k, seed: campaign.seed };
    serde_json::to_writer(&mut out, &head).map_err(io::Error::other)?;
    out.push(b'\n');
    let mut failed = None;
    play_up_to(&campaign, (k, run.cap), &mut Cache::new(), &mut CampaignTally::default(), |events| {
        if failed.is_none()
            && let Err(e) = session::write_events(&mut out, events)
        {
            failed = Some(e);
        }
    });
    failed.map_or(Ok(out), Err)
}

/// Streams every campaign's events as JSON Lines, in campaign order.
///
/// # Errors
/// Failures to write, or a run that goes past the last campaign number.
pub fn stream(start: &Campaign, run: &Run, out: impl Write, tick: &(dyn Fn() + Sync)) -> io::Result<()> {
    let numbers = run.numbers().ok_or_else(|| io::Error::other(super::SimError::CampaignNumbers.to_string()))?;
    // A campaign is some five patrols: a fifth of the patrols' batch holds as many.
    let batch = (STREAM_BATCH / 5).max(1);
    super::stream_in_order(numbers, batch, out, tick, |k| campaign_lines(start, run, k))
}
