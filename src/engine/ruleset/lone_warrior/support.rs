//! H.E. fire support: the patrol's radio calls the guns on a hex, and the
//! shells land at the turn's STOP card.
//!
//! The source gives the roll (at most 8 hexes; score at least the hex count
//! on a D8, +1 if the target or the firer moved, +1 if the target is in
//! hard cover) and the effect (the six-triangle template on men). Who may
//! call and when the fire comes are decisions (docs/RULES.md):
//! - a patrol carries a radio only where its scenario says so; the senior
//!   able man (the first in the order of `Game::soldiers`) works it;
//! - he calls on his own card, on a hex he can see, up to the range of the
//!   guns counted from him: the count is his, since he directs the fire;
//! - the shells land at the STOP card that ends the turn, before the
//!   incident check, so the enemy may walk out of the hex and friends into
//!   it; the template does not tell friend from foe;
//! - the guns fire a limited number of missions a patrol (rules data), one
//!   at a time.

use crate::engine::book::Cover;
use crate::engine::cache::memo::Memo;
use crate::engine::dice::{Modifiers, Purpose};
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::lone_warrior::arsenal::Need;
use crate::engine::ruleset::lone_warrior::call::{Called, FireMission};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// The man who works the radio: the senior able man of the patrol, if
    /// it carries one.
    #[inline]
    pub fn radio_man(&self) -> Option<usize> {
        if self.battery.is_some() {
            return self.battery_radio();
        }
        if !self.radio() {
            return None;
        }
        self.able(Side::Friendly).next()
    }

    /// Missions the guns will still fire this patrol.
    pub fn fire_missions_left(&self) -> u32 {
        if self.battery.is_some() {
            return self.battery_missions_left();
        }
        let per_patrol = self.book.arsenal.high_explosive.as_ref().map_or(0, |h| h.missions_per_patrol);
        per_patrol.saturating_sub(self.fire_missions)
    }

    /// Why `caller` may not call fire on `hex` now, if he may not; else the
    /// hex count of the mission.
    ///
    /// # Errors
    /// The reason in words.
    pub fn fire_call_check(&self, memo: Memo<'_>, caller: usize, hex: Pos) -> Result<u32, String> {
        if self.battery.is_some() {
            return self.battery_call_check(memo, caller, hex, Called::Shells);
        }
        let Some(he) = &self.book.arsenal.high_explosive else {
            return Err("these rules have no H.E. fire".into());
        };
        if !he.radio {
            return Err("these rules have no radio (house rule radio is off)".into());
        }
        if !self.radio {
            return Err("this patrol has no radio".into());
        }
        if self.radio_man() != Some(caller) {
            let who = self.radio_man().map_or("nobody".into(), |i| self.soldiers[i].id.to_string());
            return Err(format!("only the man with the radio can call fire ({who})"));
        }
        if self.fire_missions_left() == 0 {
            return Err("the guns have fired every mission they had for this patrol".into());
        }
        if !self.fire_pending.is_empty() {
            return Err("a fire mission is already on its way: it lands at the STOP card".into());
        }
        if !self.map.contains(hex) {
            return Err(format!("{hex} is off the map"));
        }
        let from = self.soldiers[caller].pos.ok_or("not on the map")?;
        let distance = from.distance(hex);
        if distance == 0 || distance > he.max_range {
            return Err(format!("{hex} is {distance} hexes off: the guns reach 1 to {} hexes", he.max_range));
        }
        if !self.can_see(memo, from, hex) {
            return Err(format!("{hex} cannot be seen from {from}: fire is called on what the caller sees"));
        }
        Ok(distance)
    }

    /// The man whose card is up calls fire on `hex`.
    pub(in crate::engine) fn call_fire(
        &mut self,
        memo: Memo<'_>,
        caller: usize,
        hex: Pos,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        if self.battery.is_some() {
            return self.call_battery(memo, caller, hex, Called::Shells, events);
        }
        let distance = match self.fire_call_check(memo, caller, hex) {
            Ok(d) => d,
            Err(why) => return refuse(RuleError::Fire, why),
        };
        self.fire_missions = crate::engine::vocabulary::limits::counted(self.fire_missions, 1);
        let caller = self.soldiers[caller].id.clone();
        events.push(Event::FireCalled {
            soldier: caller.clone(),
            hex,
            missions_left: self.fire_missions_left(),
            called: Called::Shells,
        });
        self.fire_pending.push(FireMission { hex, caller, distance, called: Called::Shells });
        Ok(())
    }

    /// The need of a mission landing now, with its modifiers.
    pub fn fire_mission_need(&self, mission: &FireMission) -> Option<(i32, Modifiers)> {
        if self.battery.is_some() {
            return self.battery_need(mission);
        }
        // The guns are off the map: they never moved.
        let need = self.he_need(mission.hex, mission.distance, false)?;
        Some((mission.distance as i32, need.modifiers))
    }

    /// H.E. landing on `hex`, `distance` hexes from whoever fires or calls
    /// it: at least the count, +1 if anyone in the hex moved or the firer
    /// did, +1 if the hex is hard cover. None beyond the guns' reach.
    pub(in crate::engine) fn he_need(&self, hex: Pos, distance: u32, firer_moved: bool) -> Option<Need> {
        let he = self.book.arsenal.high_explosive.as_ref()?;
        let moved = firer_moved || self.in_hex(hex).any(|i| self.soldiers[i].moved);
        let hard = self.map.cover(&self.book, hex) == Cover::Hard;
        he.need(distance, moved, hard)
    }

    /// The STOP card: the fire called this turn lands.
    pub(in crate::engine) fn land_fire(&mut self, events: &mut Events) {
        for mission in std::mem::take(&mut self.fire_pending) {
            if self.battery.is_some() {
                self.battery_lands(&mission, events);
                continue;
            }
            let Some(sides) = self.book.arsenal.high_explosive.as_ref().map(|h| h.sides) else { continue };
            let Some((base, modifiers)) = self.fire_mission_need(&mission) else { continue };
            let roll =
                self.dice.check(Purpose::HighExplosive, 1, sides, base, modifiers).on(mission.hex).by(&mission.caller);
            let landed = roll.succeeded();
            events.push(Event::Roll(roll));
            if !landed {
                continue;
            }
            self.shells_land(mission.hex, &mission.caller, events);
        }
    }

    /// A booby trap in `at`: the template over the patrol's men there picks
    /// who sets it off (the rule set says what it does to him).
    pub(in crate::engine) fn booby_trap(&mut self, at: Pos, events: &mut Events) {
        for i in self.roll_template(Purpose::BoobyTrap, at, Some(Side::Friendly), None, events) {
            self.strike(i, None, crate::engine::ruleset::Blow::BoobyTrap, events);
        }
    }
}

#[cfg(test)]
#[path = "support_tests.rs"]
mod tests;
