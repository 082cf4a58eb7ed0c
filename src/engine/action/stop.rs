//! The STOP card: the turn's end (incidents at STOP, the rule set's tests,
//! the enemy breaking off), and how an action that has gone quiet ends:
//! the enemy closes in, or cannot and contact is lost, or (house rule
//! `contact_breaks`) contact breaks.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::Deed;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// Whether the enemy closes in: as written (no house rule
    /// `contact_breaks`), after `quiet_turns_to_break_contact` STOP cards in
    /// a row at which nobody could fire, every enemy man moves on the
    /// patrol, snipers, MG teams and mortar crews too.
    pub(in crate::engine) fn closing_in(&self) -> bool {
        let rules = &self.book.action;
        !rules.contact_breaks
            && matches!(&self.phase, Phase::Action(a) if a.quiet_turns >= rules.quiet_turns_to_break_contact)
    }

    /// Could any able enemy man step nearer the patrol now (into its hex,
    /// for a man on foot; no nearer than a vehicle keeps), if the rules let
    /// him move?
    fn enemy_can_close_in(&self) -> bool {
        self.able(Side::Enemy).any(|e| {
            let s = &self.soldiers[e];
            let Some(here) = s.pos else { return false };
            if !self.may(e, Deed::Move) {
                return false;
            }
            match &s.vehicle {
                None => self.closing_step(here, Side::Friendly, true).is_some(),
                Some(v) => !self.book.arsenal.immobile(v.damage) && self.vehicle_step(here, true).is_some(),
            }
        })
    }

    /// Could anyone on either side fire at anyone now? The men of each side
    /// are walked as `able` gives them, not gathered in lists first; the
    /// enemy from the end of the list, where this action's men are (see
    /// `any_able`). The enemy's shots are weighed first: its men carry
    /// rifles and machine guns, where the patrol's leader has a pistol, and
    /// no shot at a man of the patrol is a shot at a vehicle (`at_shot`).
    /// The answer is the same in any order; asked so, fewer are weighed.
    fn anyone_can_fire(&self, memo: Memo<'_>) -> bool {
        fn shoots(game: &Game, memo: Memo<'_>, a: usize, mut at: impl Iterator<Item = usize>) -> bool {
            game.marksman(memo, a).is_some_and(|m| at.any(|b| m.need_of_able(b, &game.soldiers[b]).is_some()))
        }
        let (friends, foes) = (|| self.able(Side::Friendly), || self.able(Side::Enemy).rev());
        // A mortar's or a gun's fire at a hex of the patrol.
        let at_hexes = |e: usize| {
            self.weapon_of(&self.soldiers[e])
                .is_some_and(|w| self.bombard_target(e, w).is_some() || self.gun_target(memo, e, w).is_some())
        };
        foes().any(|e| shoots(self, memo, e, friends()))
            || friends().any(|f| shoots(self, memo, f, foes()))
            || foes().any(|e| {
                self.soldiers[e].vehicle.is_none() && friends().any(|f| self.soldiers[f].pos == self.soldiers[e].pos)
            })
            || foes().any(at_hexes)
    }

    /// Men under pressure may shake it off, man by man (`Rules::rally`): a
    /// part of the turn's end for rule sets that rally so.
    pub(in crate::engine) fn rally_men(&mut self, events: &mut Events) {
        let rules = self.rules;
        for i in 0..self.soldiers.len() {
            if self.soldiers[i].pressure.is_steady() || self.soldiers[i].pos.is_none() {
                continue;
            }
            if let Some(r) = rules.rally(&self.book, &mut self.dice, &self.soldiers[i]) {
                self.pressed(i, r, events);
            }
        }
    }

    /// The STOP card: the turn ends; check for another incident, then deal again.
    pub(in crate::engine) fn stop(&mut self, memo: Memo<'_>, events: &mut Events) {
        let turn = self.action().turn;
        if events.keeps_all() {
            events.push(Event::Stop { turn });
        }
        // What the rule set does as the turn ends (`Rules::turn_ends`).
        let rules = self.rules;
        rules.turn_ends(self, events);
        for v in self.soldiers.iter_mut().filter(|s| s.pos.is_some()).filter_map(|s| s.vehicle.as_mut()) {
            v.turns = v.turns.saturating_add(1);
        }
        // Incident check at STOP: nobody entered a hex, so no terrain modifier;
        // earlier incidents count only if the rules data says so.
        let leader = self.able(Side::Friendly).next().and_then(|i| self.soldiers[i].pos);
        if let Some(at) = leader {
            let modifiers =
                if self.book.incident.earlier_incidents_at_stop { self.earlier_incidents_modifier() } else { None };
            let roll = self.roll_incident_check(modifiers.into_iter().collect(), at);
            let incident = roll.succeeded();
            events.push(Event::Roll(roll));
            if incident {
                self.incident(memo, at, events);
            }
        }
        let met = self.action().enemies_met;
        let enemy_breaks = self.rules.enemy_breaks(self.able(Side::Enemy).count(), met);
        let quiet = !self.anyone_can_fire(memo);
        let rules = &self.book.action;
        let (quiet_turns, contact_breaks) = (rules.quiet_turns_to_break_contact, rules.contact_breaks);
        let a = self.action();
        a.turn = crate::engine::vocabulary::limits::counted(a.turn, 1);
        a.quiet_turns = if quiet { crate::engine::vocabulary::limits::counted(a.quiet_turns, 1) } else { 0 };
        // House rule `contact_breaks`: quiet turns end the action. As
        // written it goes on and the enemy closes in (`closing_in`); only
        // when not one of its men could step nearer does it end: neither
        // side can reach the other.
        let broken_contact = contact_breaks && a.quiet_turns >= quiet_turns;
        let out_of_reach = self.closing_in() && !self.enemy_can_close_in();
        if enemy_breaks {
            self.end_action("the enemy breaks off", events);
        } else if broken_contact {
            self.end_action("contact broken: nobody could fire", events);
        } else if out_of_reach {
            self.end_action("contact lost: the enemy cannot close in", events);
        } else if !self.check_action_over(events) {
            for s in &mut self.soldiers {
                s.moved = false;
                if let Some(m) = s.kit.european_held() {
                    m.dodged = false;
                }
            }
            self.deal(events);
        }
    }
}
