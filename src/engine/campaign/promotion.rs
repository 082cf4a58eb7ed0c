//! Rank between patrols: who is senior, and how men rise (all numbers in
//! `RuleBook::campaign`: `ranks`, `promotions`, `field_promotion`; every
//! one of them ours, the article has no campaign).
//!
//! - Seniority: the higher rank in `ranks` (a rank not listed is junior to
//!   all listed); between men of one rank, the one who held it longer.
//!   The roster is kept in that order, so the squad sets out with its
//!   senior man first, and he leads (`chain.rs`).
//! - Field promotion: the man who led the patrol at its end, having taken
//!   command when his leader fell, rises one rank if he came home and his
//!   leader did not (never above his leader's rank).
//! - Promotion: then, from the highest step down, each man who came home
//!   rises to the next rank of `promotions` above his own when he has
//!   served its `patrols` and gained its `experience`, while fewer than its
//!   `most` men of the roster hold it. Candidates: most experience first,
//!   then the senior. No man rises twice between two patrols.

use crate::engine::book::CampaignRules;
use crate::engine::campaign::roster::RosterMan;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;

/// How senior `rank` is: 0 for a rank not in `ranks`, else its place from 1.
pub fn seniority(ranks: &[Name], rank: &str) -> usize {
    ranks.iter().position(|r| r.as_str() == rank).map_or(0, |i| i + 1)
}

/// Puts the roster in order of seniority; men of one rank keep their order
/// (so a man newly risen stands after those who held his rank before).
pub(in crate::engine) fn by_seniority(roster: &mut [RosterMan], ranks: &[Name]) {
    roster.sort_by_key(|m| std::cmp::Reverse(seniority(ranks, &m.rank)));
}

/// What the patrol just over means for rank: `home` names the men who came
/// back; `took_command` is the man who led at the end after his leader
/// fell, with that leader's rank, if the leader is lost. Changes `roster`
/// and says who rose.
pub(in crate::engine) fn promote(
    roster: &mut [RosterMan],
    rules: &CampaignRules,
    home: &[Name],
    took_command: Option<(&Name, &str)>,
) -> Vec<Event> {
    let ranks = &rules.ranks;
    let mut events = Vec::new();
    let mut risen: Vec<Name> = Vec::new();
    let came_home = |m: &RosterMan| home.iter().any(|h| *h == m.name);
    if let Some((man, over)) = took_command.filter(|_| rules.field_promotion)
        && let Some(m) = roster.iter_mut().find(|m| m.name == *man && came_home(m))
    {
        let (at, cap) = (seniority(ranks, &m.rank), seniority(ranks, over));
        if at > 0 && at < cap {
            let rank = ranks[at].to_string();
            events.push(rise(m, rank, true));
            risen.push(man.clone());
        }
    }
    let mut steps: Vec<(usize, &crate::engine::book::Promotion)> =
        rules.promotions.iter().map(|p| (seniority(ranks, &p.to), p)).filter(|(s, _)| *s > 0).collect();
    steps.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    for (k, &(to, step)) in steps.iter().enumerate() {
        // The men this step raises: of a rank below it and not below the next step down.
        let floor = steps.get(k + 1).map_or(0, |(s, _)| *s);
        let held = roster.iter().filter(|m| seniority(ranks, &m.rank) == to).count();
        let mut candidates: Vec<usize> = (0..roster.len())
            .filter(|&i| {
                let m = &roster[i];
                let s = seniority(ranks, &m.rank);
                s < to
                    && s >= floor
                    && came_home(m)
                    && !risen.iter().any(|r| *r == m.name)
                    && m.patrols >= step.patrols
                    && m.experience >= step.experience
            })
            .collect();
        // Most experience first; then the senior (the sort is stable).
        candidates.sort_by_key(|&i| std::cmp::Reverse(roster[i].experience));
        let free = (step.most as usize).saturating_sub(held);
        for i in candidates.into_iter().take(free) {
            risen.push(roster[i].name.as_str().into());
            events.push(rise(&mut roster[i], step.to.to_string(), false));
        }
    }
    events
}

fn rise(m: &mut RosterMan, rank: String, field: bool) -> Event {
    let from = std::mem::replace(&mut m.rank, rank);
    Event::Promoted { soldier: m.name.as_str().into(), rank: m.rank.as_str().into(), from: from.as_str().into(), field }
}

#[cfg(test)]
#[path = "promotion_tests.rs"]
mod tests;
