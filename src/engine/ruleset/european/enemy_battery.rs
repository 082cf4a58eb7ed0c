//! The enemy's off-board battery (European Battlefield's army list, its
//! artillery units): bought beside a force that has a radio operator (a
//! Funker), called by him on the patrol by the rules of the patrol's own
//! battery (his Shoot value, the off-board guns' extra scatter die), and
//! landing at the STOP card that ends the turn.
//!
//! Decisions (docs/RULES.md, European Battlefield):
//! - it fires the army list's missions in the action it was bought for,
//!   and is gone when the action ends (a call on its way with it);
//! - a radio operator calls it on his own card, in place of anything else,
//!   when a hex of the patrol he sees within the guns' reach (off-board
//!   guns have no least range, as the patrol's battery has none) has two or
//!   more of the patrol's able men under the template and no man of his
//!   side under it or a hex beyond: the
//!   one with the most men under it, the nearest on a tie, then map order;
//! - one call at a time; if no radio operator is able, nobody calls.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::Gun;
use crate::engine::ruleset::european::ARTILLERY;
use crate::engine::ruleset::european::state::EnemyBattery;
use crate::engine::ruleset::european::tables::Artillery;
use crate::engine::ruleset::lone_warrior::call::Called;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::limits::counted;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// The enemy's off-board battery, if it bought one for this action.
    pub fn enemy_battery(&self) -> Option<&EnemyBattery> {
        self.enemy_battery.as_ref()
    }

    fn artillery(&self) -> Option<&Artillery> {
        crate::engine::ruleset::european::tables_in(&self.book)?.army.as_ref()?.artillery.as_ref()
    }

    /// A support unit the army list bought: if it is the artillery, the
    /// enemy has its battery now (a second adds its missions). Whether it was.
    pub(in crate::engine) fn buys_battery(&mut self, key: &str) -> bool {
        if key != ARTILLERY {
            return false;
        }
        let missions = self.artillery().map_or(0, |a| a.missions);
        match &mut self.enemy_battery {
            Some(b) => b.missions = counted(b.missions, missions),
            None => self.enemy_battery = Some(EnemyBattery { missions, pending: None }),
        }
        true
    }

    /// Whether `e` is a radio operator of the enemy's battery, able.
    pub fn is_enemy_radio(&self, e: usize) -> bool {
        let s = &self.soldiers[e];
        self.artillery().is_some_and(|a| s.side == Side::Enemy && s.can_act() && s.rank.eq_ignore_ascii_case(&a.radio))
    }

    /// The hex the enemy's radio operator `e` would call the battery on
    /// now, if any: see the module's words.
    pub(in crate::engine) fn enemy_battery_target(&self, memo: Memo<'_>, e: usize) -> Option<Pos> {
        let b = self.enemy_battery.as_ref()?;
        if b.missions == 0 || b.pending.is_some() || !self.is_enemy_radio(e) {
            return None;
        }
        let t = crate::engine::ruleset::european::tables_in(&self.book)?;
        let ind = t.indirect.as_ref()?;
        // Off-board guns fire from miles away: no least range, as for the
        // patrol's battery; its own men keep clear of the template instead.
        let reach = t.hexes(ind.battery.range);
        let radius = ind.battery.template.unwrap_or(0);
        let from = self.soldiers[e].pos?;
        let own = self.hexes_of(Side::Enemy);
        let patrol: Vec<Pos> = self.able(Side::Friendly).filter_map(|i| self.soldiers[i].pos).collect();
        self.hexes_of(Side::Friendly)
            .into_iter()
            .filter(|&h| from.distance(h) <= reach)
            .filter(|&h| own.iter().all(|o| o.distance(h) > radius + 1) && self.can_see(memo, from, h))
            .filter_map(|h| {
                let under = patrol.iter().filter(|p| p.distance(h) <= radius).count();
                (under >= 2).then_some((std::cmp::Reverse(under), from.distance(h), h))
            })
            .min()
            .map(|(_, _, h)| h)
    }

    /// The enemy's radio operator `e`, whose card is up, calls the battery
    /// if he would (`enemy_battery_target`); whether he did (his card is
    /// spent on it).
    pub(in crate::engine) fn enemy_battery_call(&mut self, memo: Memo<'_>, e: usize, events: &mut Events) -> bool {
        let Some(hex) = self.enemy_battery_target(memo, e) else { return false };
        let id = self.soldiers[e].id.clone();
        let Some(b) = self.enemy_battery.as_mut() else { return false };
        b.missions = b.missions.saturating_sub(1);
        b.pending = Some((hex, id.clone()));
        events.push(Event::FireCalled { soldier: id, hex, missions_left: b.missions, called: Called::Shells });
        true
    }

    /// At STOP, the enemy battery's call comes down, at its caller's Shoot
    /// value, scattering as off-board guns do.
    pub(in crate::engine) fn enemy_battery_lands(&mut self, events: &mut Events) {
        let Some((hex, by)) = self.enemy_battery.as_mut().and_then(|b| b.pending.take()) else { return };
        let caller = self.soldiers.iter().position(|s| s.id == by);
        self.scattered_fire((Gun::Battery, caller), hex, false, &by, events);
    }

    /// What a save must hold of it: a call on its way on the map, by a man
    /// of the enemy, in an action.
    pub(in crate::engine) fn check_enemy_battery(&self) -> Result<(), String> {
        // Bought for an action, it is gone with it.
        if self.enemy_battery.is_some() && !matches!(self.phase, crate::engine::vocabulary::phase::Phase::Action(_)) {
            return Err("the enemy has a battery, but no action is under way (it goes with the action)".into());
        }
        let Some((hex, by)) = self.enemy_battery.as_ref().and_then(|b| b.pending.as_ref()) else { return Ok(()) };
        let enemy = self.soldiers.iter().any(|s| s.id == *by && s.side == Side::Enemy);
        if !self.map.contains(*hex)
            || !enemy
            || !matches!(self.phase, crate::engine::vocabulary::phase::Phase::Action(_))
        {
            return Err(format!(
                "the enemy battery's call on {hex} by {by} is off the map, by nobody of the enemy, or out of an action"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "enemy_battery_tests.rs"]
mod tests;
