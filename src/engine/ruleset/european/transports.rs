//! Transports and crews under European Battlefield (core rules v3.0,
//! section XII), the loop's part: a scenario's vehicle carrying a group,
//! men inside (off the map: not fired at, not firing, shown as carried),
//! the dismount on the vehicle's card, a transport taking its routed men
//! back in, the men inside a vehicle destroyed, and a crew that gets out
//! as men on foot. The rolls are the rule set's
//! (`ruleset/european/transport.rs`).
//!
//! Decisions (docs/RULES.md): men who get out act from the next turn (the
//! deck dealt at STOP gives them cards); dismounting or mounting is half the
//! vehicle's move and counts as moving for its fire; a crew on foot is a
//! squad of its own and never gets back in (no crew shrinks, so the
//! article's half-crew and one-man-crew rules never come up).

use crate::engine::game::Game;
use crate::engine::map::placement::sector_of;
use crate::engine::ruleset::european::tables::transport::{Load, fits};
use crate::engine::ruleset::european::transport as rules;
use crate::engine::vocabulary::enemy_ids::enemy_name;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Pressure, Side, Soldier, State};

impl Game {
    /// Whether man `i` is inside a transport now: he rides with a vehicle
    /// standing on the map, is off it himself, and lives.
    pub fn inside(&self, i: usize) -> Option<usize> {
        self.riding(&self.soldiers[i])
    }

    /// The vehicle `s` is inside now, if he is (`inside`).
    pub fn riding(&self, s: &Soldier) -> Option<usize> {
        let v = s
            .kit
            .european()
            .transport
            .as_ref()
            .filter(|_| s.kit.european().aboard && s.pos.is_none() && s.state != State::Dead)?;
        let at = self.find(v)?;
        self.soldiers[at].pos.is_some().then_some(at)
    }

    /// The men inside vehicle `v`, in the order of `Game::soldiers`.
    pub fn carried(&self, v: usize) -> Vec<usize> {
        let id = &self.soldiers[v].id;
        (0..self.soldiers.len())
            .filter(|&i| self.soldiers[i].kit.european().transport.as_ref() == Some(id) && self.inside(i) == Some(v))
            .collect()
    }

    /// The carry points vehicle `v`'s load takes, and its carry points.
    pub fn load(&self, v: usize) -> Option<(u32, u8)> {
        let (t, _, tr) = rules::rules(&self.book)?;
        let carry = rules::profile(&self.book, &self.soldiers[v])?.carry;
        let used: u32 =
            self.carried(v).iter().map(|&i| u32::from(rules::points(t, tr, &self.book, &self.soldiers[i]).0)).sum();
        (carry > 0).then_some((used, carry))
    }

    /// The group `key` of the forces gets into vehicle `v` (a scenario's
    /// encounter says so): its men join the soldiers inside it, as many as
    /// its carry points take, a squad of their own.
    pub(in crate::engine) fn embark_group(&mut self, v: usize, key: &str, events: &mut Events) {
        let book = self.book.clone();
        let (Some((t, _, tr)), Some(group)) = (rules::rules(&book), book.forces.get(key)) else { return };
        let Some(carry) = rules::profile(&book, &self.soldiers[v]).map(|p| p.carry) else { return };
        let (car, hex) = (self.soldiers[v].id.clone(), self.soldiers[v].pos);
        let squad = self.next_enemy;
        let mut load = Vec::new();
        let mut ids = Vec::new();
        for man in group.men.iter().filter(|m| m.vehicle.is_none()) {
            let id = enemy_name(b'G', self.next_enemy);
            let mut s = Soldier::new(&book, id.clone(), man.role.clone(), Side::Enemy, man.weapon.clone(), None);
            load.push(Load { squad: Some(squad), ..rules::load(t, tr, &book, &s) });
            if !fits(tr, carry, &load) {
                load.pop();
                continue;
            }
            self.next_enemy += 1;
            (s.squad, s.kit.european_mut().transport, s.stays_put, s.kit.european_mut().aboard) =
                (Some(squad), Some(car.clone()), group.stays_put, true);
            self.soldiers.push(s);
            ids.push(id);
        }
        if ids.is_empty() {
            return;
        }
        if let Phase::Action(a) = &mut self.phase {
            a.enemies_met += ids.len();
        }
        let Some(hex) = hex else { return };
        events.push(Event::EnemyAppears { group: group.name.clone(), soldiers: ids.clone(), hex });
        events.push(Event::Embarked { vehicle: car, soldiers: ids, hex });
    }

    /// The hex men getting out of vehicle `v` come out in: the hex behind
    /// it, else one of the two beside that, where a man can stand and no
    /// man of the other side does; else its own hex.
    pub(in crate::engine) fn exit_hex(&self, v: usize) -> Option<Pos> {
        let s = &self.soldiers[v];
        let (at, facing) = (s.pos?, usize::from(s.vehicle.as_ref()?.facing));
        let foe = s.side.other();
        let free = |p: Pos| {
            self.map.contains(p)
                && self.map.enterable(&self.book, p)
                && !self.soldiers.iter().any(|m| m.side == foe && m.pos == Some(p) && m.can_act())
        };
        let behind = [3, 2, 4].map(|k| (facing + k) % 6);
        let hexes = at.neighbours();
        let rear = behind
            .iter()
            .find_map(|&d| hexes.into_iter().find(|&p| sector_of(p.hex() - at.hex()) == d).filter(|&p| free(p)));
        Some(rear.unwrap_or(at))
    }

    /// Whether vehicle `e`'s men should get out now (a decision): it is
    /// damaged, or a man of the patrol it sees stands within the rule's
    /// inches of it.
    fn dismount_due(&self, memo: crate::engine::cache::memo::Memo<'_>, e: usize) -> bool {
        let Some((t, _, tr)) = rules::rules(&self.book) else { return false };
        let s = &self.soldiers[e];
        let (Some(at), Some(v)) = (s.pos, s.vehicle.as_ref()) else { return false };
        let near = t.hexes(tr.dismount_inches);
        v.hurt.wounds > 0
            || v.hurt.ko.is_some()
            || self.able_hexes(Side::Friendly).any(|p| p.distance(at) <= near && self.can_see(memo, at, p))
    }

    /// On vehicle `e`'s card: its men get out if the moment has come, each
    /// on the dismount chart; whether they tried (half its move spent).
    pub(in crate::engine) fn dismount_if_due(
        &mut self,
        memo: crate::engine::cache::memo::Memo<'_>,
        e: usize,
        events: &mut Events,
    ) -> bool {
        // Men who routed and were taken back in stay inside: they ride off with it.
        let inside: Vec<usize> =
            self.carried(e).into_iter().filter(|&i| self.soldiers[i].pressure != Pressure::Routed).collect();
        if inside.is_empty() || !self.dismount_due(memo, e) {
            return false;
        }
        let Some((_, _, tr)) = rules::rules(&self.book) else { return false };
        let tr = tr.clone();
        let car = self.soldiers[e].id.clone();
        let mut out = Vec::new();
        for i in inside {
            let roll = rules::dismount(&tr, &mut self.dice, &self.soldiers[i].id, &car);
            if roll.succeeded() {
                out.push(i);
            }
            events.push(Event::Roll(roll));
        }
        self.get_out(e, &out, "dismount", events);
        self.soldiers[e].moved = true;
        true
    }

    /// Men `out` get out of vehicle `e` behind it, for `why` (a dismount,
    /// or all of them as it is bailed out or escaped from: `crew.rs`).
    pub(in crate::engine) fn get_out(&mut self, e: usize, out: &[usize], why: &'static str, events: &mut Events) {
        let Some(hex) = self.exit_hex(e) else { return };
        for &i in out {
            let s = &mut self.soldiers[i];
            (s.pos, s.moved, s.kit.european_mut().aboard) = (Some(hex), true, false);
        }
        if !out.is_empty() {
            let soldiers = out.iter().map(|&i| self.soldiers[i].id.clone()).collect();
            let vehicle = self.soldiers[e].id.clone();
            events.push(Event::Disembarked { vehicle, soldiers, hex, why: Name::new_static(why) });
        }
    }

    /// On vehicle `e`'s card: its own men who have routed and stand within
    /// the rule's 6" get back in (a decision: a transport takes its routed
    /// men away, and they stay inside), as many as it carries; whether any
    /// did (half its move).
    pub(in crate::engine) fn mount_routed(&mut self, e: usize, events: &mut Events) -> bool {
        let Some((t, _, tr)) = rules::rules(&self.book) else { return false };
        let (Some(at), id) = (self.soldiers[e].pos, &self.soldiers[e].id) else { return false };
        let reach = t.hexes(tr.mount_inches);
        let routed: Vec<usize> = (0..self.soldiers.len())
            .filter(|&i| {
                let s = &self.soldiers[i];
                s.kit.european().transport.as_ref() == Some(id)
                    && s.can_act()
                    && s.pressure == Pressure::Routed
                    && s.pos.is_some_and(|p| p.distance(at) <= reach)
            })
            .collect();
        self.mount(e, &routed, events)
    }

    /// Men `men` (within the rule's 6" of vehicle `e`) get into it, as many
    /// as its carry points take; whether any did. It is half the vehicle's
    /// move, and counts as moving.
    pub(in crate::engine) fn mount(&mut self, e: usize, men: &[usize], events: &mut Events) -> bool {
        let book = self.book.clone();
        let Some((t, _, tr)) = rules::rules(&book) else { return false };
        let (Some(carry), Some(at)) = (rules::profile(&book, &self.soldiers[e]).map(|p| p.carry), self.soldiers[e].pos)
        else {
            return false;
        };
        let reach = t.hexes(tr.mount_inches);
        let mut load: Vec<Load> =
            self.carried(e).iter().map(|&i| rules::load(t, tr, &book, &self.soldiers[i])).collect();
        let mut got_in = Vec::new();
        for &i in men {
            let s = &self.soldiers[i];
            if !s.can_act() || s.pos.is_none_or(|p| p.distance(at) > reach) {
                continue;
            }
            load.push(rules::load(t, tr, &book, s));
            if !fits(tr, carry, &load) {
                load.pop();
                continue;
            }
            got_in.push(i);
        }
        if got_in.is_empty() {
            return false;
        }
        let car = self.soldiers[e].id.clone();
        for &i in &got_in {
            let s = &mut self.soldiers[i];
            (s.pos, s.kit.european_mut().transport, s.kit.european_mut().aboard) = (None, Some(car.clone()), true);
        }
        self.soldiers[e].moved = true;
        let soldiers = got_in.iter().map(|&i| self.soldiers[i].id.clone()).collect();
        events.push(Event::Embarked { vehicle: car, soldiers, hex: at });
        true
    }
}

#[cfg(test)]
#[path = "transports_tests.rs"]
pub(super) mod tests;
