//! Blows in an action: aimed fire and what it does to the man it strikes,
//! his reaction to it, and hand-to-hand, which as written is fought as soon
//! as opposing men share a hex.

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::AimedShot;
use crate::engine::ruleset::{Blow, Hit, Melee, Reaction};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// Aimed fire, the `shot` that `aimed_shot` gave: the shot, the roll,
    /// and a man knocked over (or a vehicle's damage rolled) on a hit.
    pub(in crate::engine) fn fire(&mut self, shooter: usize, target: usize, shot: AimedShot, events: &mut Events) {
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
        let AimedShot { odds, at_band, special } = shot;
        let Some(band) = at_band else {
            // At a man: the rule set rolls its fire, each hit a blow, and
            // the man fired at reacts if its rules say he does. The names
            // are lent, and the shooter's copied only for a hit.
            let rules = self.rules;
            let names = (&self.soldiers[shooter], &self.soldiers[target].id);
            let hits = rules.volley(&self.book, &mut self.dice, odds, names, special, events);
            self.soldiers[shooter].first_shot = false;
            self.spend(shooter, special, false);
            self.struck_by(target, shooter, hits, events);
            self.react(target, hits > 0, events);
            return;
        };
        // A/T fire at a vehicle: the A/T table's one roll.
        let (by, at) = (s.id.clone(), t.id.clone());
        let mut roll = odds.roll(&mut self.dice, Purpose::Fire);
        (roll.soldier, roll.target) = (Some(by.clone()), Some(at));
        let hit = roll.succeeded();
        events.push(Event::Roll(roll));
        self.soldiers[shooter].first_shot = false;
        self.spend(shooter, false, true);
        if hit {
            self.at_hit(target, band, &by, events);
        }
    }

    /// `hits` aimed hits by `shooter` land on soldier `target`, each a blow,
    /// until one kills him.
    #[inline]
    pub(in crate::engine) fn struck_by(&mut self, target: usize, shooter: usize, hits: u32, events: &mut Events) {
        if hits == 0 {
            return;
        }
        // The shooter's name is copied only for a hit.
        let by = self.soldiers[shooter].id.clone();
        for _ in 0..hits {
            if self.soldiers[target].state == State::Dead {
                break;
            }
            self.strike(target, Some(&by), Blow::Aimed, events);
        }
    }

    /// Soldier `target` was fired at: his reaction, if the rule set has one.
    fn react(&mut self, target: usize, hit: bool, events: &mut Events) {
        let rules = self.rules;
        if let Some(r) = rules.under_fire(&self.book, &mut self.dice, &self.soldiers[target], hit) {
            self.pressed(target, r, events);
        }
    }

    /// A reaction or rally: its roll, and the man's new pressure if it changed.
    pub(in crate::engine) fn pressed(&mut self, i: usize, reaction: Reaction, events: &mut Events) {
        if let Some(roll) = reaction.roll {
            events.push(Event::Roll(roll));
        }
        let s = &mut self.soldiers[i];
        if let Some(kit) = reaction.kit {
            s.kit = kit;
        }
        if s.pressure != reaction.pressure {
            s.pressure = reaction.pressure;
            events
                .push(Event::Pressure { soldier: s.id.clone(), pressure: Name::new_static(reaction.pressure.name()) });
        }
    }

    /// `blow` lands on soldier `target`, struck by `by` if anyone: the rule
    /// set says whether he is down, to be rolled for when the action ends,
    /// or wounded or killed at once.
    pub(in crate::engine) fn strike(&mut self, target: usize, by: Option<&Name>, blow: Blow, events: &mut Events) {
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
                // Struck outside an action (a booby trap on the march), a
                // critical wound runs its course at once: there is no STOP.
                if self.soldiers[target].state == State::Critical && !matches!(self.phase, Phase::Action(_)) {
                    self.tend_the_dying(true, events);
                }
            }
            Hit::Spared(roll) => {
                if let (true, Some(by)) = (events.keeps_all(), by) {
                    events.push(Event::Hit { soldier: self.soldiers[target].id.clone(), by: by.clone() });
                }
                events.push(Event::Roll(roll));
            }
        }
    }

    /// Hand-to-hand: one die each; 1-2 apart knocks the loser out, 3+ kills him.
    pub(in crate::engine) fn fight(&mut self, attacker: usize, defender: usize, events: &mut Events) {
        let (a, d) = (self.soldiers[attacker].id.clone(), self.soldiers[defender].id.clone());
        let fought =
            self.rules.hand_to_hand(&self.book, &mut self.dice, &self.soldiers[attacker], &self.soldiers[defender]);
        let (outcome, attacker_lost, difference) = (fought.outcome, fought.attacker_lost, fought.difference);
        events.extend(fought.rolls.into_iter().map(Event::Roll));
        let (loser, winner) = if attacker_lost { (attacker, defender) } else { (defender, attacker) };
        events.push(Event::HandToHand {
            attacker: a,
            defender: d,
            difference,
            outcome: Name::new_static(outcome.name()),
            loser: (outcome != Melee::Tie).then(|| self.soldiers[loser].id.clone()),
        });
        match outcome {
            Melee::Tie | Melee::Repulsed => {}
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

    /// The hex where `me` fights the able enemies he shares it with (not
    /// vehicles: no man fights one hand to hand) when hand-to-hand is not
    /// a choice (as written), and their side. With the house rule, or for
    /// a vehicle, none: nobody is looked for.
    #[inline]
    fn close_quarters_at(&self, me: usize) -> Option<(Pos, Side)> {
        let s = &self.soldiers[me];
        let here = s.pos.filter(|_| !self.book.action.hand_to_hand_by_choice && s.vehicle.is_none())?;
        Some((here, if s.side == Side::Friendly { Side::Enemy } else { Side::Friendly }))
    }

    /// Whether soldier `i` is a man on foot in hex `here`.
    #[inline]
    fn on_foot_in(&self, i: usize, here: Pos) -> bool {
        self.soldiers[i].pos == Some(here) && self.soldiers[i].vehicle.is_none()
    }

    /// The first able enemy `me` must fight hand to hand in his hex, if any
    /// (see `close_quarters_at`).
    #[inline]
    pub(in crate::engine) fn foe_at_close_quarters(&self, me: usize) -> Option<usize> {
        let (here, foes) = self.close_quarters_at(me)?;
        self.able(foes).find(|&i| self.on_foot_in(i, here))
    }

    /// As written, opposing men who come to share a hex fight at once: the
    /// man `mover` who came in fights each able enemy there in turn, in
    /// the order of `Game::soldiers`, while he is still on his feet. Each pair fights once
    /// as the hex is entered; a tie leaves both standing, to fight again on
    /// a later card. (With the house rule `hand_to_hand_by_choice` a man
    /// fights only when he chooses to.)
    pub(in crate::engine) fn close_quarters(&mut self, mover: usize, events: &mut Events) {
        let Some((here, foes)) = self.close_quarters_at(mover) else { return };
        let foes: Vec<usize> = self.able(foes).filter(|&i| self.on_foot_in(i, here)).collect();
        for foe in foes {
            if !self.soldiers[mover].can_act() || !matches!(self.phase, Phase::Action(_)) {
                break;
            }
            if self.soldiers[foe].can_act() {
                self.fight(mover, foe, events);
            }
        }
    }
}
