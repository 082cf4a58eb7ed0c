//! Tactical action: cards turned one at a time, the owner of each acting;
//! STOP ends the turn; casualties are settled when the action is over.

use super::command::{Command, Target};
use super::dice::Purpose;
use super::event::Event;
use super::memo::Memo;
use super::name::Name;
use super::pos::Pos;
use super::ruleset::{Blow, Hit, Melee};
use super::shot::Shot;
use super::soldier::{Side, State};
use super::{Card, Events, Game, Phase, RuleError, illegal};

impl Game {
    fn action(&mut self) -> &mut super::Action {
        match &mut self.phase {
            Phase::Action(a) => a,
            _ => unreachable!("only called during an action"),
        }
    }

    pub(super) fn turn_card(&mut self, memo: Memo<'_>, events: &mut Events) -> Result<(), RuleError> {
        if let Some(i) = self.card_up() {
            return illegal(format!("{}'s card is up: give him an order or hold first", self.soldiers[i].id));
        }
        let card = match self.action().deck.pop() {
            Some(c) => c,
            None => {
                // Cannot happen with a STOP card in every deck; deal again rather than stall.
                self.deal(events);
                self.action().deck.pop().unwrap_or(Card::Stop)
            }
        };
        self.action().turned.push(card);
        let Some(i) = card.owner() else {
            events.push(Event::Card { card: Name::new_static("STOP"), side: Name::new_static("none") });
            self.stop(memo, events);
            return Ok(());
        };
        let s = &self.soldiers[i];
        events.push(Event::Card { card: s.id.clone(), side: Name::new_static(s.side.name()) });
        if !s.can_act() {
            let reason = if s.pos.is_none() { "has left the map" } else { s.state.words() };
            let reason = Name::new_static(reason);
            if events.keeps_all() {
                events.push(Event::CardLost { soldier: s.id.clone(), reason });
            }
        } else if s.side == Side::Enemy {
            self.enemy_acts(memo, i, events);
            self.check_action_over(events);
        } else {
            self.action().up = Some(i);
        }
        Ok(())
    }

    /// A friendly order for the man whose card is up.
    pub(super) fn act(&mut self, memo: Memo<'_>, command: &Command, events: &mut Events) -> Result<(), RuleError> {
        let Some(me) = self.card_up() else {
            return illegal("no friendly card is up: turn the next card");
        };
        let here = self.soldiers[me].pos.unwrap_or(Pos::new(-1, -1));
        match command {
            Command::Move { to, .. } => {
                self.check_step(here, *to)?;
                let s = &mut self.soldiers[me];
                s.pos = Some(*to);
                s.moved = true;
                if events.keeps_all() {
                    events.push(Event::Moved { section: None, soldiers: vec![s.id.clone()], from: here, to: *to });
                }
                self.note_objective(*to, events);
                // Enemy waiting in the hex joins the action.
                if let Some(k) = self.waiting.iter().position(|e| e.at == *to) {
                    let encounter = self.waiting.remove(k);
                    self.encounter(memo, &encounter, events);
                }
            }
            Command::Fire { target } => {
                let t = self.pick_target(me, target)?;
                let shot = self.aimed_shot(memo, me, t).map_err(RuleError)?;
                self.fire(me, t, shot, events);
            }
            Command::Fight { target } => {
                let Some(t) = self.find(target) else {
                    return illegal(format!("there is nobody called '{target}'"));
                };
                let foe = &self.soldiers[t];
                if foe.side == Side::Friendly || !foe.can_act() || foe.pos != Some(here) {
                    return illegal(format!("{} is not an able enemy in your hex", foe.id));
                }
                if foe.vehicle.is_some() {
                    return illegal(format!(
                        "{} is a vehicle: it is fought with anti-tank weapons, not hand to hand",
                        foe.id
                    ));
                }
                self.fight(me, t, events);
            }
            Command::Carry { wounded, to } => {
                let w = self.find(wounded).ok_or_else(|| RuleError(format!("there is nobody called '{wounded}'")))?;
                let ws = &self.soldiers[w];
                if (ws.side != Side::Friendly && !ws.captive) || ws.state != State::SeriousWound || ws.pos != Some(here)
                {
                    return illegal(format!("{} is not a seriously wounded comrade or prisoner in your hex", ws.id));
                }
                let helpers_needed = self.book.patrol.bearers_per_wounded.saturating_sub(1) as usize;
                let helpers: Vec<usize> = self
                    .able(Side::Friendly)
                    .filter(|&i| i != me && self.soldiers[i].pos == Some(here))
                    .take(helpers_needed)
                    .collect();
                if helpers.len() < helpers_needed {
                    return illegal(format!("carrying {} needs {} fit men in the hex", ws.id, helpers_needed + 1));
                }
                self.check_step(here, *to)?;
                let mut moving = vec![me];
                moving.extend(&helpers);
                for &i in moving.iter().chain([&w]) {
                    self.soldiers[i].pos = Some(*to);
                    self.soldiers[i].moved = true;
                }
                events.push(Event::Carried {
                    wounded: self.soldiers[w].id.clone(),
                    bearers: self.ids(&moving),
                    from: here,
                    to: *to,
                });
                self.note_objective(*to, events);
            }
            Command::Hold => {
                if events.keeps_all() {
                    events.push(Event::Hold { soldier: self.soldiers[me].id.clone() });
                }
            }
            Command::Exit { .. } => {
                if !self.map.on_home_edge(here) {
                    return illegal(format!("{} at {here} is not on the home edge", self.soldiers[me].id));
                }
                self.soldiers[me].pos = None;
                events.push(Event::Exited { soldiers: vec![self.soldiers[me].id.clone()], hex: here });
            }
            Command::Call { hex } => self.call_fire(memo, me, *hex, events)?,
            Command::Turn | Command::Split { .. } | Command::Join { .. } | Command::Capture { .. } => {
                unreachable!("dispatched in apply")
            }
        }
        self.action().up = None;
        self.check_action_over(events);
        Ok(())
    }

    /// The enemy soldier a fire order means: named, or the first able one in the hex.
    pub(super) fn pick_target(&self, me: usize, target: &Target) -> Result<usize, RuleError> {
        match target {
            Target::Soldier(id) => self.find(id).map_or_else(|| illegal(format!("there is nobody called '{id}'")), Ok),
            Target::Hex(p) => {
                let side = self.soldiers[me].side;
                self.in_hex(*p)
                    .find(|&i| self.soldiers[i].side != side && self.soldiers[i].can_act())
                    .map_or_else(|| illegal(format!("no legitimate target at {p}")), Ok)
            }
        }
    }

    /// Aimed fire, the `shot` that `aimed_shot` gave: the shot, the roll,
    /// and a man knocked over (or a vehicle's damage rolled) on a hit.
    pub(super) fn fire(&mut self, shooter: usize, target: usize, shot: Shot, events: &mut Events) {
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        if events.keeps_all() {
            let distance = s.pos.zip(t.pos).map_or(0, |(a, b)| a.distance(b));
            let band = match shot.at_band {
                Some(b) => b.name(),
                None => shot.odds.band.map_or("", |b| b.name()),
            };
            events.push(Event::Shot {
                shooter: s.id.clone(),
                target: t.id.clone(),
                weapon: shot.weapon(self, s),
                distance,
                band: Name::new_static(band),
            });
        }
        // The names are set in place: `by` and `at` move the roll, which
        // is large, and every shot is rolled so.
        let Shot { odds, at_band } = shot;
        let mut roll = odds.roll(&mut self.dice, Purpose::Fire);
        (roll.soldier, roll.target) = (Some(s.id.clone()), Some(t.id.clone()));
        let hit = roll.succeeded();
        events.push(Event::Roll(roll));
        self.soldiers[shooter].first_shot = false;
        match (hit, at_band) {
            (true, Some(band)) => {
                let by = self.soldiers[shooter].id.clone();
                self.at_hit(target, band, &by, events);
            }
            (true, None) => {
                let by = self.soldiers[shooter].id.clone();
                self.strike(target, Some(&by), Blow::Aimed, events);
            }
            (false, _) => {}
        }
    }

    /// `blow` lands on soldier `target`, struck by `by` if anyone: the rule
    /// set says whether he is down, to be rolled for when the action ends,
    /// or wounded or killed at once.
    pub(super) fn strike(&mut self, target: usize, by: Option<&Name>, blow: Blow, events: &mut Events) {
        // His name is copied only for an event that is made.
        match self.rules.hit(&self.book, &mut self.dice, &self.soldiers[target].id, blow) {
            Hit::KnockedOver => {
                self.soldiers[target].state = State::KnockedOver;
                if let (true, Some(by)) = (events.keeps_all(), by) {
                    events.push(Event::Hit { soldier: self.soldiers[target].id.clone(), by: by.clone() });
                }
            }
            Hit::Wounded(roll, wound) => {
                // Who struck him is said as for a man knocked over: a
                // campaign credits the hit from it.
                if let (true, Some(by)) = (events.keeps_all(), by) {
                    events.push(Event::Hit { soldier: self.soldiers[target].id.clone(), by: by.clone() });
                }
                if let Some(roll) = roll {
                    events.push(Event::Roll(roll));
                }
                self.wound(target, wound, events);
            }
        }
    }

    /// Hand-to-hand: one die each; 1-2 apart knocks the loser out, 3+ kills him.
    pub(super) fn fight(&mut self, attacker: usize, defender: usize, events: &mut Events) {
        let (a, d) = (self.soldiers[attacker].id.clone(), self.soldiers[defender].id.clone());
        let (rolls, outcome, attacker_lost) = self.rules.hand_to_hand(&self.book, &mut self.dice, &a, &d);
        let difference = rolls[0].total.abs_diff(rolls[1].total);
        events.extend(rolls.map(Event::Roll));
        let (loser, winner) = if attacker_lost { (attacker, defender) } else { (defender, attacker) };
        events.push(Event::HandToHand {
            attacker: a,
            defender: d,
            difference,
            outcome: Name::new_static(outcome.name()),
            loser: (outcome != Melee::Tie).then(|| self.soldiers[loser].id.clone()),
        });
        match outcome {
            Melee::Tie => {}
            Melee::KnockedOut => {
                let by = self.soldiers[winner].id.clone();
                self.strike(loser, Some(&by), Blow::HandToHand, events);
            }
            Melee::Killed => {
                self.soldiers[loser].state = State::Dead;
                events.push(Event::Killed {
                    soldier: self.soldiers[loser].id.clone(),
                    by: self.soldiers[winner].id.clone(),
                });
            }
        }
    }

    /// Could anyone on either side fire at anyone now? The men of each side
    /// are walked as `able` gives them, not gathered in lists first; the
    /// enemy from the end of the roster, where this action's men are (see
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
            self.weapon_of(memo, &self.soldiers[e])
                .is_some_and(|w| self.bombard_target(e, w).is_some() || self.gun_target(memo, e, w).is_some())
        };
        foes().any(|e| shoots(self, memo, e, friends()))
            || friends().any(|f| shoots(self, memo, f, foes()))
            || foes().any(|e| {
                self.soldiers[e].vehicle.is_none() && friends().any(|f| self.soldiers[f].pos == self.soldiers[e].pos)
            })
            || foes().any(at_hexes)
    }

    /// The STOP card: the turn ends; check for another incident, then deal again.
    fn stop(&mut self, memo: Memo<'_>, events: &mut Events) {
        let turn = self.action().turn;
        if events.keeps_all() {
            events.push(Event::Stop { turn });
        }
        self.land_fire(events);
        for v in self.soldiers.iter_mut().filter(|s| s.pos.is_some()).filter_map(|s| s.vehicle.as_mut()) {
            v.turns += 1;
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
        let a = self.action();
        a.turn += 1;
        a.quiet_turns = if quiet { a.quiet_turns + 1 } else { 0 };
        let broken_contact = a.quiet_turns >= self.book.action.quiet_turns_to_break_contact;
        if enemy_breaks {
            self.end_action("the enemy breaks off", events);
        } else if broken_contact {
            self.end_action("contact broken: nobody could fire", events);
        } else if !self.check_action_over(events) {
            for s in &mut self.soldiers {
                s.moved = false;
            }
            self.deal(events);
        }
    }
}
