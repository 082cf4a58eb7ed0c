//! The end of a campaign's patrol: the roster settled (wounds counted,
//! the dead and the missing struck off, experience and rank earned), the
//! patrol's record kept for archiving, and the campaign's end when it was
//! the last.

use crate::engine::campaign::roster::{as_set_out, survivors};
use crate::engine::campaign::{Campaign, ManRecord, PatrolRecord, Status};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::limits::counted;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::{Side, State};

impl Campaign {
    /// The patrol is over: settle the roster and keep the record for archiving.
    pub(in crate::engine) fn finish(&mut self) -> Vec<Event> {
        let Some(game) = self.patrol.take() else { return Vec::new() };
        // A patrol over is over: its orders can no longer be taken back,
        // but its record keeps them, for a replay.
        let iron = std::mem::take(&mut self.iron_orders);
        // Faces owed to a patrol's rolls are owed to that patrol only.
        self.owed.clear();
        let orders = self.history.take().map_or(iron, |h| h.orders);
        let number = self.finished + 1;
        let rules = self.book.campaign.clone();
        let veteran_at = self.book.campaign.veteran_at;
        let scenario = self.current_plan().map(|p| as_set_out(&p.scenario, &self.roster, &game, veteran_at));
        self.healed.clear();
        let mut men = Vec::new();
        let mut lost = Vec::new();
        let mut events = Vec::new();
        // Those who sat this patrol out are one patrol nearer to coming back.
        for m in &mut self.roster {
            if let Status::Wounded(n) = m.status {
                m.status = if n <= 1 { Status::Fit } else { Status::Wounded(n - 1) };
                if m.status == Status::Fit {
                    self.healed.push(m.name.clone());
                    events.push(Event::Recovered { soldier: m.name.as_str().into() });
                }
            }
        }
        for s in game.soldiers.iter().filter(|s| s.side == Side::Friendly) {
            let Some(m) = self.roster.iter_mut().find(|m| m.name == s.id) else { continue };
            let hits = self.log.iter().filter(|e| scored(e, &s.id)).count() as u32;
            let home = s.pos.is_none() && s.state != State::Dead;
            let (status, fate) = match (s.state, home) {
                (State::Dead, _) => (None, "dead"),
                (_, false) => (None, "missing"),
                (State::SeriousWound, true) => (Some(Status::Wounded(rules.serious_wound_patrols)), "serious_wound"),
                (State::FleshWound, true) => (Some(Status::Fit), "flesh_wound"),
                // Combat Patrol's light wound heals by the next patrol, as a flesh wound does (a decision).
                (State::LightWound, true) => (Some(Status::Fit), "light_wound"),
                (_, true) => (Some(Status::Fit), "fit"),
            };
            match status {
                Some(status) => m.status = status,
                None => lost.push(s.id.clone()),
            }
            if matches!(fate, "flesh_wound" | "light_wound" | "serious_wound") {
                m.wounds = counted(m.wounds, 1);
            }
            if matches!(fate, "flesh_wound" | "light_wound") {
                self.healed.push(m.name.clone());
            }
            m.patrols = counted(m.patrols, 1);
            m.hits = counted(m.hits, hits);
            if home {
                m.experience = counted(m.experience, rules.experience_per_patrol);
            }
            m.experience = counted(m.experience, hits.saturating_mul(rules.experience_per_hit));
            men.push(ManRecord { name: s.id.to_string(), hits, fate: fate.into() });
        }
        let (outcome, prisoners) = self
            .log
            .iter()
            .find_map(|e| match e {
                Event::PatrolEnd { outcome, prisoners, .. } => Some((outcome.clone(), prisoners.clone())),
                _ => None,
            })
            .unwrap_or_default();
        let count = |f: fn(&Event) -> bool| self.log.iter().filter(|e| f(e)).count() as u32;
        let record = PatrolRecord {
            number,
            name: game.scenario.clone(),
            seed: game.seed,
            outcome: outcome.to_string(),
            incidents: game.incidents,
            actions: count(|e| matches!(e, Event::ActionStart { .. })),
            enemy_hit: game.soldiers.iter().filter(|s| s.side == Side::Enemy && s.state != State::Fit).count() as u32,
            prisoners: prisoners.iter().map(Name::to_string).collect(),
            men,
            events: Vec::new(),
            scenario,
            orders,
        };
        self.finished = number;
        self.outcomes.count(&outcome, lost.len() as u32);
        if !self.plans.is_empty() {
            self.plans.remove(0);
        }
        // The dead and the missing leave the roster; their patrol's record remembers them.
        self.roster.retain(|m| !lost.iter().any(|l: &Name| *l == m.name));
        events.extend(self.rise_in_rank(&game, &record.men, &lost));
        self.lay_next_ground();
        // A squad gone, with nobody left to join it (no rookies come under
        // rules of teams and squads), ends the campaign.
        let no_rookies = self.plans.first().is_some_and(|p| p.scenario.rules.squads());
        if self.roster.is_empty() && self.replacements.is_empty() && no_rookies {
            self.plans.clear();
        }
        events.push(Event::Debrief {
            patrol: number,
            outcome,
            next: self.current_plan().map(|p| p.scenario.name.as_str().into()),
        });
        // A scenario played on its own is a patrol, not a campaign: its end is the patrol's.
        if self.plans.is_empty() && self.fill_squad {
            let o = self.outcomes;
            events.push(Event::CampaignEnd {
                campaign: self.title.as_str().into(),
                patrols: number,
                success: o.success,
                failed: o.failed,
                lost: o.lost,
                men_lost: o.men_lost,
                came_through: survivors(&self.roster, rules.veteran_at),
            });
        }
        let mut log = std::mem::take(&mut self.log);
        log.extend(events.iter().cloned());
        self.unarchived = Some(PatrolRecord { events: log, ..record });
        events
    }
}

/// Did this event credit `id` with a hit on the enemy (by fire, H.E.,
/// hand-to-hand, or damage to a vehicle)? Men of the patrol hit by his own
/// H.E. do not count. Enemy ids are G or V and a number, which no man of
/// the squad may be called (rules/check.rs).
fn scored(e: &Event, id: &str) -> bool {
    match e {
        Event::Hit { by, soldier } | Event::Killed { by, soldier } => {
            by == id && crate::engine::vocabulary::enemy_ids::enemy_id(soldier)
        }
        Event::VehicleDamaged { by, hit, .. } => by == id && hit != "no_damage",
        _ => false,
    }
}
