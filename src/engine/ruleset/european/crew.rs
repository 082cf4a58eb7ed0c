//! A vehicle out of the fight under European Battlefield (core rules v3.0,
//! section XII): its crew as men on foot, and the men it carried.
//!
//! Decisions (docs/RULES.md): a crew that fails its courage test bails out
//! whole, with no roll, and the men it carried get out with it; a vehicle
//! destroyed and not exploded lets each of its crew and of the men inside
//! out on the article's 4+ (a crewman's save, the men inside saved as
//! they are), and the rest die in it; one that exploded kills everyone in
//! it. A crew on foot is the profile's crew count: a commander with a SMG
//! and the rest with pistols, a squad of their own, who never get back in.

use crate::engine::game::Game;
use crate::engine::ruleset::european::transport as rules;
use crate::engine::vocabulary::enemy_ids::enemy_name;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::{Name, format_name};
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

impl Game {
    /// Vehicle `v` is out of the fight (destroyed, burning or abandoned):
    /// what becomes of its crew and the men inside it.
    pub(in crate::engine) fn vehicle_out(&mut self, v: usize, events: &mut Events) {
        let Some((_, _, tr)) = rules::rules(&self.book) else { return };
        let tr = tr.clone();
        let Some(hurt) = self.soldiers[v].vehicle.as_ref().map(|x| x.hurt) else { return };
        let inside = self.carried(v);
        let car = self.soldiers[v].id.clone();
        if hurt.burning() {
            self.killed_inside(v, &inside, events);
            return;
        }
        if hurt.bailed {
            self.get_out(v, &inside, "bail_out", events);
            let crew = rules::profile(&self.book, &self.soldiers[v]).map_or(0, |p| p.crew);
            self.crew_on_foot(v, crew, events);
            return;
        }
        let (mut out, mut lost) = (Vec::new(), Vec::new());
        for i in inside {
            let roll = rules::escape(&tr, &mut self.dice, &self.soldiers[i].id, &car);
            if roll.succeeded() { &mut out } else { &mut lost }.push(i);
            events.push(Event::Roll(roll));
        }
        self.get_out(v, &out, "escape", events);
        self.killed_inside(v, &lost, events);
        let crew = rules::profile(&self.book, &self.soldiers[v]).map_or(0, |p| p.crew);
        let mut saved = 0;
        for k in 0..crew {
            let who = format_name!("{car} crewman {}", k + 1);
            let roll = rules::escape(&tr, &mut self.dice, &who, &car);
            saved += u8::from(roll.succeeded());
            events.push(Event::Roll(roll));
        }
        self.crew_on_foot(v, saved, events);
    }

    /// Men `men` die inside vehicle `v`.
    fn killed_inside(&mut self, v: usize, men: &[usize], events: &mut Events) {
        for &i in men {
            (self.soldiers[i].state, self.soldiers[i].kit.european_mut().aboard) = (State::Dead, false);
        }
        if !men.is_empty() {
            let soldiers = men.iter().map(|&i| self.soldiers[i].id.clone()).collect();
            events.push(Event::KilledInside { vehicle: self.soldiers[v].id.clone(), soldiers });
        }
    }

    /// `count` of vehicle `v`'s crew stand behind it as men: a squad of
    /// their own, the first its commander.
    fn crew_on_foot(&mut self, v: usize, count: u8, events: &mut Events) {
        let Some((_, _, tr)) = rules::rules(&self.book) else { return };
        let (leader, man) = (tr.crew_leader.clone(), tr.crew_man.clone());
        let (Some(hex), side) = (self.exit_hex(v), self.soldiers[v].side) else { return };
        if count == 0 || side != Side::Enemy {
            return;
        }
        let squad = self.next_enemy;
        let mut ids = Vec::new();
        for k in 0..count {
            let (rank, weapon) = if k == 0 { &leader } else { &man };
            let id = enemy_name(b'G', self.next_enemy);
            self.next_enemy += 1;
            let mut s =
                Soldier::new(&self.book, id.clone(), rank.as_str().into(), side, weapon.as_str().into(), Some(hex));
            (s.squad, s.moved) = (Some(squad), true);
            self.soldiers.push(s);
            ids.push(id);
        }
        if let Phase::Action(a) = &mut self.phase {
            a.enemies_met += ids.len();
            a.quiet_turns = 0;
        }
        let name =
            rules::profile(&self.book, &self.soldiers[v]).map_or_else(|| "vehicle".to_string(), |p| p.name.clone());
        let group = format_name!("{name} crew");
        events.push(Event::EnemyAppears { group, soldiers: ids.clone(), hex });
        let vehicle = self.soldiers[v].id.clone();
        events.push(Event::Disembarked { vehicle, soldiers: ids, hex, why: Name::new_static("crew") });
    }
}
