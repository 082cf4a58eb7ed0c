//! The loop's part of indirect fire that scatters (European Battlefield,
//! `Rules::indirect`): an enemy mortar's bombs, the patrol's off-board
//! battery and its air strike, and the smoke banks they leave.
//!
//! Decisions (docs/RULES.md, European Battlefield):
//! - a scenario gives the patrol a battery (`battery:`) and names its radio
//!   operator, and may name a rangefinder man; only the radio operator
//!   calls, on his own card, on a hex he sees, and if he is down nobody
//!   calls (no other man takes up the radio);
//! - the guns' shells, smoke and the air strike land at the STOP card that
//!   ends the turn, as the radio H.E. of the other rule sets does;
//! - an air strike rolls to come and to be mistaken as it lands; mistaken,
//!   the enemy puts it on the patrol's hex with the most able men (nearest
//!   the aim on a tie); the anti-aircraft guns of the side it strikes at
//!   fire at it first (`ruleset/european/aa.rs`), and may shoot it down or
//!   turn it away;
//! - a smoke bank covers its template's hexes and blocks sight into, out
//!   of and through them; at each STOP card it drifts and may clear.

use crate::engine::cache::memo::Memo;
use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::european::aa::fire as anti_aircraft;
use crate::engine::ruleset::european::indirect::{DIRECTIONS, step};
use crate::engine::ruleset::european::state::SmokeBank;
use crate::engine::ruleset::european::tables::Indirect;
use crate::engine::ruleset::lone_warrior::call::{Battery, Called, FireMission};
use crate::engine::ruleset::{Blow, Gun, Shot};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// The patrol's battery, if its scenario gives it one.
    pub fn battery(&self) -> Option<&Battery> {
        self.battery.as_ref()
    }

    /// The smoke banks on the map.
    pub fn smoke(&self) -> &[SmokeBank] {
        &self.smoke
    }

    /// The rule set's indirect-fire tables, where a battery may be used.
    fn indirect_tables(&self) -> Option<&Indirect> {
        crate::engine::ruleset::european::tables_in(&self.book)?.indirect.as_ref()
    }

    /// The battery's radio operator, able and on the map.
    pub(in crate::engine) fn battery_radio(&self) -> Option<usize> {
        let b = self.battery.as_ref()?;
        self.able(Side::Friendly).find(|&i| self.soldiers[i].id == b.radio)
    }

    /// Whether the rangefinder man stands within reach of `radio`, able.
    fn rangefinder_by(&self, radio: usize) -> bool {
        let (Some(b), Some(t)) = (&self.battery, crate::engine::ruleset::european::tables_in(&self.book)) else {
            return false;
        };
        let Some(ind) = &t.indirect else { return false };
        let reach = t.hexes(ind.rangefinder_inches);
        let at = self.soldiers[radio].pos;
        self.able(Side::Friendly).any(|i| {
            b.rangefinder.as_ref() == Some(&self.soldiers[i].id)
                && at.zip(self.soldiers[i].pos).is_some_and(|(a, p)| a.distance(p) <= reach)
        })
    }

    /// Missions the battery will still fire this patrol.
    pub(in crate::engine) fn battery_missions_left(&self) -> u32 {
        let fired = self.battery.as_ref().map_or(0, |b| b.missions);
        self.indirect_tables().map_or(0, |i| i.missions.saturating_sub(fired))
    }

    /// Air strikes still to call this patrol.
    pub fn air_strikes_left(&self) -> u32 {
        let called = self.battery.as_ref().map_or(0, |b| b.air_strikes);
        self.indirect_tables().map_or(0, |i| i.air.per_patrol.saturating_sub(called))
    }

    /// Why `caller` may not call the battery (`what`) on `hex` now, if he
    /// may not; else the hex count from him.
    ///
    /// # Errors
    /// The reason in words.
    pub fn battery_call_check(&self, memo: Memo<'_>, caller: usize, hex: Pos, what: Called) -> Result<u32, String> {
        let Some(b) = &self.battery else { return Err("this patrol has no battery to call".into()) };
        let Some(ind) = self.indirect_tables() else {
            return Err("these rules have no off-board guns".into());
        };
        let Some(radio) = self.battery_radio() else {
            return Err(format!("the radio operator {} is down: nobody can call the guns", b.radio));
        };
        if radio != caller {
            return Err(format!("only the radio operator can call the guns ({})", b.radio));
        }
        match what {
            Called::Air if self.air_strikes_left() == 0 => {
                return Err("the patrol has had its air strike".into());
            }
            Called::Air => {}
            _ if self.battery_missions_left() == 0 => {
                return Err("the battery has fired every mission it had for this patrol".into());
            }
            Called::Smoke if !ind.battery.notes.contains(&crate::engine::ruleset::european::tables::Note::Smoke) => {
                return Err("the battery has no smoke".into());
            }
            _ => {}
        }
        if !self.fire_pending.is_empty() {
            return Err("a call is already on its way: it lands at the STOP card".into());
        }
        if !self.map.contains(hex) {
            return Err(format!("{hex} is off the map"));
        }
        let from = self.soldiers[caller].pos.ok_or("not on the map")?;
        if !self.can_see(memo, from, hex) {
            return Err(format!("{hex} cannot be seen from {from}: the guns are called on what the caller sees"));
        }
        Ok(from.distance(hex))
    }

    /// The radio operator, whose card is up, calls the battery on `hex`.
    pub(in crate::engine) fn call_battery(
        &mut self,
        memo: Memo<'_>,
        caller: usize,
        hex: Pos,
        what: Called,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let distance = match self.battery_call_check(memo, caller, hex, what) {
            Ok(d) => d,
            Err(why) => return refuse(RuleError::Fire, why),
        };
        if let Some(b) = self.battery.as_mut() {
            match what {
                Called::Air => b.air_strikes = crate::engine::vocabulary::limits::counted(b.air_strikes, 1),
                _ => b.missions = crate::engine::vocabulary::limits::counted(b.missions, 1),
            }
        }
        let soldier = self.soldiers[caller].id.clone();
        let missions_left = if what == Called::Air { self.air_strikes_left() } else { self.battery_missions_left() };
        events.push(Event::FireCalled { soldier: soldier.clone(), hex, missions_left, called: what });
        self.fire_pending.push(FireMission { hex, caller: soldier, distance, called: what });
        Ok(())
    }

    /// At STOP, a call of the battery's lands: an air strike first rolls to
    /// come and whether it is mistaken.
    pub(in crate::engine) fn battery_lands(&mut self, mission: &FireMission, events: &mut Events) {
        let Some(ind) = self.indirect_tables().cloned() else { return };
        let caller = self.soldiers.iter().position(|s| s.id == mission.caller);
        let mut aim = mission.hex;
        if mission.called == Called::Air {
            let mut roll = self.dice.check(Purpose::EbAirArrive, 1, 6, i32::from(ind.air.arrive), Default::default());
            let comes = roll.succeeded();
            roll.result = Some(Name::new_static(if comes { "it comes" } else { "it does not come" }));
            events.push(Event::Roll(roll.by(&mission.caller).on(aim)));
            if !comes {
                return;
            }
            let mut roll =
                self.dice.check(Purpose::EbAirMistaken, 1, 6, i32::from(ind.air.mistaken), Default::default());
            let mistaken = roll.succeeded();
            roll.result = Some(Name::new_static(if mistaken { "mistaken: the enemy's to use" } else { "on its aim" }));
            events.push(Event::Roll(roll.by(&mission.caller).on(aim)));
            if mistaken && let Some(h) = self.patrol_hex_near(aim) {
                aim = h;
            }
            // The anti-aircraft guns of the side it strikes at fire at it
            // (the enemy's; the patrol's, mistaken); it may be shot down or flee.
            let struck = if mistaken { Side::Friendly } else { Side::Enemy };
            if let Some(t) = crate::engine::ruleset::european::tables_in(&self.book) {
                let men = (&self.soldiers[..], struck);
                if !anti_aircraft(t, &self.book, &mut self.dice, men, aim, events).strikes() {
                    return;
                }
            }
        }
        let (gun, spotter) = match mission.called {
            Called::Air => (Gun::AirStrike, None),
            _ => (Gun::Battery, caller),
        };
        let by = mission.caller.clone();
        self.scattered_fire((gun, spotter), aim, mission.called == Called::Smoke, &by, events);
    }

    /// The need of the battery's call `mission` landing now, with its
    /// modifiers: the radio operator's Shoot value (an air strike's own),
    /// one worse for a target that moved.
    pub(in crate::engine) fn battery_need(
        &self,
        mission: &FireMission,
    ) -> Option<(i32, crate::engine::dice::Modifiers)> {
        let t = crate::engine::ruleset::european::tables_in(&self.book)?;
        let ind = t.indirect.as_ref()?;
        let caller = self.soldiers.iter().position(|s| s.id == mission.caller)?;
        let shot = Shot {
            gun: if mission.called == Called::Air { Gun::AirStrike } else { Gun::Battery },
            spotter: Some(&self.soldiers[caller]),
            aim: mission.hex,
            target_moved: self.in_hex(mission.hex).any(|i| self.soldiers[i].moved),
            rangefinder: false,
            smoke: false,
            men: &self.soldiers,
        };
        crate::engine::ruleset::european::indirect::hit_need(t, ind, &shot)
    }

    /// The patrol's hex with the most able men, nearest `aim` on a tie (a
    /// mistaken air strike's aim).
    fn patrol_hex_near(&self, aim: Pos) -> Option<Pos> {
        let mut hexes: Vec<Pos> = self.able(Side::Friendly).filter_map(|i| self.soldiers[i].pos).collect();
        hexes.sort_unstable();
        let count = |h: Pos| hexes.iter().filter(|&&p| p == h).count();
        hexes.iter().copied().min_by_key(|&h| (std::cmp::Reverse(count(h)), h.distance(aim), h))
    }

    /// Indirect fire by `gun`, spotted by `spotter` (whose Shoot value it
    /// fires at), at `aim`, under a rule set whose fire scatters: it lands,
    /// and the men under it are struck and their squads pressed, or a smoke
    /// bank is laid. False, with nothing rolled, under a rule set without.
    pub(in crate::engine) fn scattered_fire(
        &mut self,
        (gun, spotter): (Gun<'_>, Option<usize>),
        aim: Pos,
        smoke: bool,
        by: &Name,
        events: &mut Events,
    ) -> bool {
        let rules = self.rules;
        let target_moved = self.in_hex(aim).any(|i| self.soldiers[i].moved);
        // Only the patrol's radio operator has its rangefinder man.
        let rangefinder = gun == Gun::Battery
            && spotter.is_some_and(|s| self.soldiers[s].side == Side::Friendly && self.rangefinder_by(s));
        let shot = Shot {
            gun,
            spotter: spotter.map(|i| &self.soldiers[i]),
            aim,
            target_moved,
            rangefinder,
            smoke,
            men: &self.soldiers,
        };
        let Some(shelled) = rules.indirect(&self.book, &mut self.dice, &shot, events) else { return false };
        events.push(Event::Landed { by: by.clone(), aim, at: shelled.landed, radius: shelled.radius, smoke });
        if smoke {
            // Smoke scattered off the map lays no bank on it.
            if let Some(hex) = shelled.landed.filter(|&h| self.map.contains(h)) {
                self.smoke.push(SmokeBank { hex, radius: shelled.radius });
            }
            return true;
        }
        for &m in &shelled.lost {
            self.strike(m, Some(by), Blow::Shells, events);
        }
        for (squad, pressure) in &shelled.pressed {
            self.squad_pressed(squad, *pressure, events);
        }
        for hit in &shelled.vehicles {
            self.vehicle_hurt(hit.target, *hit, events);
        }
        true
    }

    /// At STOP, each smoke bank may clear (2d6), else drifts 1d6 less the
    /// table's inches in a direction of the scatter die (nothing when that
    /// is under a hex); a bank that drifts off the map is gone.
    pub(in crate::engine) fn smoke_drifts(&mut self, events: &mut Events) {
        let Some((ind, per_hex)) = crate::engine::ruleset::european::tables_in(&self.book)
            .and_then(|t| Some((t.indirect.clone()?, t.inches_per_hex)))
        else {
            return;
        };
        let per_hex = per_hex.max(1);
        let mut kept = Vec::new();
        for bank in std::mem::take(&mut self.smoke) {
            let (lo, hi) = ind.smoke_clears;
            let roll = self.dice.table(Purpose::EbSmokeClear, 2, 6, |t| {
                Name::new_static(if (lo..=hi).contains(&t) { "clears" } else { "stays" })
            });
            let clears = (lo..=hi).contains(&roll.total);
            events.push(Event::Roll(roll.on(bank.hex)));
            if clears {
                events.push(Event::SmokeCleared { hex: bank.hex });
                continue;
            }
            let less = ind.smoke_drift_less;
            let roll = self.dice.table(Purpose::EbSmokeDrift, 1, 6, |t| {
                Name::new_static(crate::engine::ruleset::european::indirect::hexes_words(
                    t.saturating_sub(less) / per_hex,
                ))
            });
            let hexes = roll.total.saturating_sub(less) / per_hex;
            events.push(Event::Roll(roll.on(bank.hex)));
            if hexes == 0 {
                kept.push(bank);
                continue;
            }
            let way = self
                .dice
                .table(Purpose::EbDirection, 1, 6, |f| Name::new_static(DIRECTIONS[(f.clamp(1, 6) - 1) as usize].0));
            let to = step(bank.hex, way.total, hexes);
            events.push(Event::Roll(way.on(bank.hex)));
            events.push(Event::SmokeDrifted { from: bank.hex, to });
            if self.map.contains(to) {
                kept.push(SmokeBank { hex: to, ..bank });
            }
        }
        self.smoke = kept;
    }

    /// What a save must hold of the battery and the smoke: smoke and shells
    /// called only where a battery is, smoke banks on the map and no wider
    /// than a template may be.
    pub(in crate::engine) fn check_barrage(&self) -> Result<(), String> {
        if self.battery.is_none()
            && let Some(m) = self.fire_pending.iter().find(|m| m.called != Called::Shells)
        {
            return Err(format!("{:?} called on {} with no battery to call", m.called, m.hex));
        }
        if let Some(b) = self.smoke.iter().find(|b| !self.map.contains(b.hex) || b.radius > 6) {
            return Err(format!("a smoke bank at {} is off the map or wider than 6 hexes", b.hex));
        }
        Ok(())
    }

    /// Whether smoke stands on the line between `from` and `to`, either end
    /// included: sight through it is blocked both ways.
    pub(in crate::engine) fn smoke_between(&self, from: Pos, to: Pos) -> bool {
        if self.smoke.is_empty() {
            return false;
        }
        from.hex().line_to(to.hex()).any(|h| {
            let p = Pos::from_hex(h);
            self.smoke.iter().any(|b| b.covers(p))
        })
    }
}

#[cfg(test)]
#[path = "barrage_tests.rs"]
mod tests;
