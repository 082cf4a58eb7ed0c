//! The endless campaign: patrol after patrol on new ground, the same squad
//! carried over as in any campaign, until the squad is gone. The campaign
//! holds one patrol to come, made by the map generator (`generate`) from
//! the campaign's ground seed and the patrol's number when the patrol
//! before it ends; so a save holds one map to come, however long it runs.

use std::sync::Arc;

use crate::engine::book::RuleBook;
use crate::engine::book::scenario::Member;
use crate::engine::campaign::{Campaign, PatrolPlan};
use crate::engine::generate::{self, Endless};
use crate::engine::vocabulary::limits::PATROLS;

impl Campaign {
    /// A new endless campaign with its first patrol's ground made.
    ///
    /// # Errors
    /// The generator cannot draw with this rule book (a terrain it draws
    /// with is missing), or no map for the first patrol passed its check.
    pub fn endless(
        (title, briefing): (&str, &str),
        seed: u64,
        book: Arc<RuleBook>,
        squad: &[Member],
        replacements: Vec<Member>,
    ) -> Result<Self, String> {
        let ground = generate::ground_seed(seed);
        let made = generate::patrol(&book, ground, 1)?;
        let plans = vec![PatrolPlan { scenario: made.scenario }];
        let mut campaign = Campaign::new(title, briefing, seed, book, plans, squad, replacements);
        campaign.endless = Some(Endless { seed: ground, survey: made.survey });
        Ok(campaign)
    }

    /// This campaign, not begun, with dice seed `seed` and, if it is an
    /// endless one, its first ground made afresh from that seed: the
    /// simulator's campaigns are each their own.
    ///
    /// # Errors
    /// As `endless`.
    pub fn reseeded(&self, seed: u64) -> Result<Self, String> {
        let mut campaign = Campaign { seed, ..self.clone() };
        if campaign.endless.is_some() && campaign.finished == 0 && campaign.patrol.is_none() {
            let ground = generate::ground_seed(seed);
            let made = generate::patrol(&campaign.book, ground, 1)?;
            campaign.plans = vec![PatrolPlan { scenario: made.scenario }];
            campaign.endless = Some(Endless { seed: ground, survey: made.survey });
        }
        Ok(campaign)
    }

    /// A patrol of an endless campaign has ended (`finished` counts it):
    /// the next one's ground is made, unless the squad is gone (nobody is
    /// left on the roll, fit or wounded) or the campaign is at the most
    /// patrols a campaign may have. Then no patrol is to come, and the
    /// campaign ends as any other does.
    pub(in crate::engine) fn lay_next_ground(&mut self) {
        let Some(endless) = &self.endless else { return };
        if !self.plans.is_empty() || self.roster.is_empty() || self.finished as usize >= PATROLS {
            return;
        }
        // The built-in rules always make a map (a test tries thousands); a
        // rule book that cannot was refused when the campaign began.
        if let Ok(made) = generate::patrol(&self.book, endless.seed, self.finished + 1) {
            self.plans.push(PatrolPlan { scenario: made.scenario });
            self.endless = Some(Endless { seed: endless.seed, survey: made.survey });
        }
    }
}
