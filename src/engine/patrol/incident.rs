//! Incidents: the incident table, where the enemy appears, minefields, and
//! the start of a tactical action. Where a group may stand is worked out in
//! `placement`; the template mines and shells pick men with is `template`.

use std::borrow::Cow;

use crate::engine::book::IncidentKind;
use crate::engine::cache::memo::Memo;
use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::map::placement::{DIRECTIONS, sector_of, spots};
use crate::engine::ruleset::{Blow, Leave};
use crate::engine::vocabulary::enemy_ids::enemy_name;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::limits::counted;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Action;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier};

/// The dice of the incident table: 2D6, read by total.
pub(in crate::engine) const INCIDENT_TABLE_DICE: (u8, u8) = (2, 6);

impl Game {
    /// An incident happened at `at`: roll on the incident table and play it out.
    pub(in crate::engine) fn incident(&mut self, memo: Memo<'_>, at: Pos, events: &mut Events) {
        self.incidents = counted(self.incidents, 1);
        let book = self.book.clone();
        let mut found = None;
        let roll = self
            .dice
            .table(Purpose::IncidentTable, INCIDENT_TABLE_DICE.0, INCIDENT_TABLE_DICE.1, |total| {
                found = book.incident_for(total as u8);
                found.map_or(Name::new_static("nothing"), |e| e.name.clone())
            })
            .on(at);
        events.push(Event::Roll(roll));
        let Some(entry) = found else { return };
        // Where this patrol meets other forces in place of the table's group, the incident is named for them.
        let name = match &entry.kind {
            IncidentKind::Enemy { group, .. } => self
                .forces
                .get(group.as_str())
                .and_then(|k| book.forces.get(k.as_str()))
                .map_or_else(|| entry.name.clone(), |g| g.name.clone()),
            _ => entry.name.clone(),
        };
        // A mine or trap rolled at a STOP card: nobody stepped anywhere, so
        // as written nothing happens (house rule `mines_at_stop`: it goes off).
        let underfoot = matches!(entry.kind, IncidentKind::Minefield | IncidentKind::BoobyTrap);
        if underfoot && matches!(self.phase, Phase::Action(_)) && !book.incident.mines_at_stop {
            let name = crate::engine::vocabulary::name::format_name!("{name} at STOP: nobody stepped, nothing happens");
            events.push(Event::Incident { name, hex: at });
            return;
        }
        events.push(Event::Incident { name, hex: at });
        if !matches!(entry.kind, IncidentKind::FalseAlarm) {
            self.encounters = counted(self.encounters, 1);
        }
        match &entry.kind {
            IncidentKind::FalseAlarm => {}
            IncidentKind::Minefield => self.minefield(at, events),
            IncidentKind::BoobyTrap => self.booby_trap(at, events),
            &IncidentKind::Enemy { ref group, min, max } => {
                let core = self.stand_in(group);
                if self.place_enemy(memo, &core, min, max, at, events) {
                    // Support units bought beside it (European Battlefield's army
                    // lists), as the list names them: the scenario's forces are
                    // the table's groups' stand-ins, not the list's.
                    let rules = self.rules;
                    for support in rules.muster(&self.book, &mut self.dice, &core, self.enemy_points, events) {
                        if self.buys_battery(&support) {
                            continue;
                        }
                        self.place_enemy(memo, &support, min, max, at, events);
                    }
                    if matches!(self.phase, Phase::Patrol) {
                        self.start_action(at, events);
                    }
                }
            }
        }
    }

    /// A scenario's encounter: the group waiting at the hex is met, as an
    /// incident that needed no roll.
    pub(in crate::engine) fn encounter(
        &mut self,
        memo: Memo<'_>,
        e: &crate::engine::book::scenario::Encounter,
        events: &mut Events,
    ) {
        self.incidents = counted(self.incidents, 1);
        self.encounters = counted(self.encounters, 1);
        let name = self.book.forces.get(e.group.as_str()).map_or_else(|| e.group.clone(), |g| g.name.clone());
        events.push(Event::Incident { name, hex: e.at });
        let group = self.stand_in(&e.group);
        let before = self.soldiers.len();
        if self.place_enemy(memo, &group, e.min, e.max, e.at, events) {
            if matches!(self.phase, Phase::Patrol) {
                self.start_action(e.at, events);
            }
            // Men riding in its vehicle join it after the deal: inside, they have no cards.
            // The vehicle is one of the men just placed, never one met before.
            let car = (before..self.soldiers.len()).rev().find(|&i| self.soldiers[i].vehicle.is_some());
            if let (Some(carried), Some(v)) = (&e.carrying, car) {
                self.embark_group(v, carried, events);
            }
        }
    }

    /// A minefield: the template over the patrol's men standing in the hex
    /// picks who is hit (the rule set says what a mine does); the hex is
    /// marked from then on.
    pub(in crate::engine) fn minefield(&mut self, at: Pos, events: &mut Events) {
        for i in self.roll_template(Purpose::Minefield, at, Some(Side::Friendly), None, events) {
            self.strike(i, None, Blow::Mine, events);
        }
        self.map.mark_minefield(at);
        events.push(Event::MinefieldMarked { hex: at });
    }

    /// The group a patrol meets for `group`: the scenario's forces in its
    /// place, if it names any.
    fn stand_in(&self, group: &Name) -> Name {
        self.forces.get(group.as_str()).map_or_else(|| group.clone(), |k| Name::from(k.as_str()))
    }

    /// Places an enemy group near `near` by the placement rule (docs/RULES.md):
    /// a D6 gives the direction; among free hexes `min..=max` away, prefer the
    /// rolled sector, then sight of the patrol (if the group wants it), then
    /// hard over soft over no cover, then the nearer hex, then map order.
    /// Returns false if the group could not be placed.
    /// `key` is the group as it comes: the scenario's stand-ins (`forces`)
    /// are found by the caller.
    fn place_enemy(&mut self, memo: Memo<'_>, key: &str, min: u32, max: u32, near: Pos, events: &mut Events) -> bool {
        // The rule book is shared; hold it apart from `self` rather than copy the group.
        let book = self.book.clone();
        let Some(group) = book.forces.get(key) else {
            return false;
        };
        let roll =
            self.dice.table(Purpose::Placement, 1, 6, |t| Name::new_static(DIRECTIONS[(t as usize - 1) % 6])).on(near);
        let dir = (roll.total as usize - 1) % 6;
        events.push(Event::Roll(roll));
        // The patrol stands in a hex or two: gathered once, not looked up for every hex near.
        let friendly = self.squad_hexes();
        let band = || spots(&self.map, &self.book, near, min, max);
        let spots = match self.map.index(near) {
            Some(i) => match memo.about(&self.map) {
                Some(kept) => kept.spots.get(self.map.hex_count(), i, (min, max), band),
                None => Cow::Owned(band()),
            },
            None => Cow::Owned(band()),
        };
        // A group with a vehicle starts where the vehicle can be.
        let mounted = group.men.iter().any(|m| m.vehicle.is_some());
        let free =
            |p: Pos| !friendly.contains(&p) && !self.map.is_minefield(p) && (!mounted || self.vehicle_passable(p));
        // Among the free spots `among`: the first in sight of the patrol if
        // the group wants sight, else the first. Each spot is checked once,
        // in the order of the list.
        let pick = |among: &[Pos]| {
            let mut first = None;
            for &p in among {
                if !free(p) {
                    continue;
                }
                if !group.wants_sight || self.map.line_of_sight(&self.book, memo, p, near) {
                    return Some(p);
                }
                first = first.or(Some(p));
            }
            first
        };
        // The rolled sector comes first: if any free hex lies in it, the others cannot win.
        let best = pick(spots.of_sector(dir)).or_else(|| pick(&spots.all));
        let Some(hex) = best else {
            events.push(Event::EnemyUnplaced { group: group.name.clone(), min, max });
            return false;
        };
        let mut ids = Vec::with_capacity(group.men.len());
        // Under rules that fight by squads, the group is one squad, numbered
        // by its first man.
        let squad = self.rules.squads().then_some(self.next_enemy);
        // A vehicle faces the way it came: toward the hex of the incident.
        let facing = if hex == near { 0 } else { sector_of(near.hex() - hex.hex()) as u8 };
        for man in &group.men {
            // Under rules with their own vehicles (European Battlefield) every vehicle blocks sight.
            self.vehicles_block_sight |= man.vehicle.is_some() && self.rules.vehicles()
                || man.vehicle.as_ref().and_then(|k| self.book.arsenal.vehicle(k)).is_some_and(|t| t.blocks_sight);
            let vehicle = man.vehicle.as_ref().map(|kind| crate::engine::ruleset::lone_warrior::vehicle::Vehicle {
                kind: kind.clone(),
                facing,
                damage: crate::engine::ruleset::lone_warrior::arsenal::Damage::None,
                turns: 0,
                hurt: Default::default(),
            });
            let id = enemy_name(if vehicle.is_some() { b'V' } else { b'G' }, self.next_enemy);
            self.next_enemy += 1;
            let mut soldier =
                Soldier::new(&self.book, id.clone(), man.role.clone(), Side::Enemy, man.weapon.clone(), Some(hex));
            soldier.stays_put = group.stays_put;
            soldier.squad = squad;
            soldier.first_shot = man.first_shot;
            soldier.vehicle = vehicle;
            self.soldiers.push(soldier);
            ids.push(id);
        }
        if let Phase::Action(a) = &mut self.phase {
            a.enemies_met += ids.len();
            // Newcomers get a turn before contact can be called broken.
            a.quiet_turns = 0;
        }
        events.push(Event::EnemyAppears { group: group.name.clone(), soldiers: ids, hex });
        true
    }

    fn start_action(&mut self, at: Pos, events: &mut Events) {
        let enemies_met = self.able(Side::Enemy).count();
        // Room for the book's cards a man and the STOP cards, so that the
        // first deal seldom grows the deck it is dealt into (only a guess
        // at the room: the rule set says how many cards each man brings).
        let a_man = self.book.action.cards_per_soldier as usize;
        let room = self.soldiers.len() * a_man + self.book.action.stop_cards as usize;
        let (deck, turned) = (Vec::with_capacity(room), Vec::new());
        self.phase = Phase::Action(Action {
            deck,
            turned,
            up: None,
            turn: 1,
            quiet_turns: 0,
            enemies_met,
            leave: Leave::FREE,
            flight: None,
            steps: 0,
            priority: None,
            double: false,
        });
        events.push(Event::ActionStart { hex: at });
        // Under rules whose fire depends on a move in the turn (the company
        // level's moving fire), the patrol's approach is not one: every man
        // starts the action as not having moved.
        if self.rules.squads() {
            self.soldiers.iter_mut().for_each(|s| s.moved = false);
        }
        self.deal(events);
    }
}

#[cfg(test)]
#[path = "incident_tests.rs"]
mod tests;
