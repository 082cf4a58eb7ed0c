//! A hand grenade thrown in an action (rule sets with grenades: Combat
//! Patrol). The rule set rolls the throw and says how far it scatters; the
//! loop moves the scatter (the enemy's moves by a stated rule, the
//! player's as he steers them), and strikes every man in its blast.

use crate::engine::cache::memo::Memo;
use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::combat_patrol::flight::Flight;
use crate::engine::ruleset::combat_patrol::tables::Near;
use crate::engine::ruleset::{Blow, Throw};
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, State};

/// The need of a shot past which the patrol leader and the enemy throw a
/// grenade instead, where they can (a decision: a shot of 8+ on a D10).
pub(in crate::engine) const GRENADE_NEED: i32 = 8;

impl Game {
    /// Soldier `me`, his card up, throws a grenade at `hex`. Its scatter
    /// is moved by the engine's rule until a move is the player's to steer;
    /// then it waits in the air (`steer`).
    pub(in crate::engine) fn throw_grenade(
        &mut self,
        memo: Memo<'_>,
        me: usize,
        hex: Pos,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let Some(from) = self.soldiers[me].pos else { return refuse(RuleError::Fire, "not on the map") };
        if !self.map.contains(hex) {
            return refuse(RuleError::Fire, format!("{hex} is not on the map"));
        }
        if hex == from {
            return refuse(RuleError::Fire, "not into your own hex: throw it at another");
        }
        let in_sight = self.can_see(memo, from, hex);
        let rules = self.rules;
        let throw = Throw { thrower: &self.soldiers[me], index: me, from, target: hex, in_sight };
        let thrown = rules.grenade(&self.book, &mut self.dice, &throw).map_err(RuleError::Fire)?;
        let thrower = self.soldiers[me].id.clone();
        self.soldiers[me].kit.combat_patrol_mut().grenades_thrown =
            self.soldiers[me].kit.combat_patrol().grenades_thrown.saturating_add(1);
        events.push(Event::Grenade { thrower, target: hex, in_sight });
        events.push(Event::Roll(thrown.roll));
        self.fly(thrown.flight, events);
        Ok(())
    }

    /// The grenade in the air, if one waits for the player to steer it.
    pub fn flight(&self) -> Option<&Flight> {
        match &self.phase {
            Phase::Action(a) => a.flight.as_ref(),
            _ => None,
        }
    }

    /// Whether the next move of `flight` is the player's side's: the
    /// thrower's own when a man of the patrol threw it, the opponent's when
    /// the enemy did.
    pub(in crate::engine) fn players_move(&self, flight: &Flight) -> bool {
        let thrower_side = self.soldiers[flight.thrower].side;
        (thrower_side == Side::Friendly) != flight.opponent_next
    }

    /// Moves `flight` by the engine's rule while the moves are the enemy's;
    /// it waits in the action at the player's first move, and lands when
    /// no scatter is left.
    fn fly(&mut self, mut flight: Flight, events: &mut Events) {
        while !flight.landed() {
            if self.players_move(&flight) {
                if let Phase::Action(a) = &mut self.phase {
                    a.flight = Some(flight);
                }
                return;
            }
            let towards = flight.rule_towards();
            scatter(&mut flight, towards, events);
        }
        self.land(&flight, events);
    }

    /// A command while a grenade is in the air: only `steer` is legal.
    /// Out of line: the grenade is seldom in the air, and every command asks.
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn steer_only(&mut self, command: &Command, events: &mut Events) -> Result<(), RuleError> {
        let Some(f) = self.flight() else { return refuse(RuleError::Fire, "no grenade is in the air to steer") };
        match command {
            Command::Steer { towards } => self.steer(*towards, events),
            _ => refuse(
                RuleError::Fire,
                format!(
                    "a grenade is in the air over {}: steer its next inch first (steer COL,ROW), {} to go",
                    f.over(),
                    f.left
                ),
            ),
        }
    }

    /// The player's side moves the grenade in the air one move towards `towards`.
    fn steer(&mut self, towards: Pos, events: &mut Events) -> Result<(), RuleError> {
        if !self.map.contains(towards) {
            return refuse(RuleError::Fire, format!("{towards} is off the map: steer the grenade towards a hex on it"));
        }
        let Phase::Action(a) = &mut self.phase else {
            return refuse(RuleError::Fire, "no grenade is in the air to steer");
        };
        let Some(mut flight) = a.flight.take() else {
            return refuse(RuleError::Fire, "no grenade is in the air to steer");
        };
        scatter(&mut flight, towards, events);
        self.fly(flight, events);
        if self.flight().is_none() {
            self.check_action_over(events);
        }
        Ok(())
    }

    /// A grenade still in the air goes off where it is (an action that
    /// ends under one: only a save edited by hand).
    pub(in crate::engine) fn burst_in_the_air(&mut self, events: &mut Events) {
        let Phase::Action(a) = &mut self.phase else { return };
        if let Some(flight) = a.flight.take() {
            self.land(&flight, events);
        }
    }

    /// The grenade goes off. Under the house rule `grenade_blast_whole_hex`
    /// every man in its blast, of either side, still alive and not in a
    /// vehicle, is struck, in the order of the roster. By the article's 1"
    /// it strikes the man it lands on (`lands_on`), and each other man in
    /// the hex it comes down in on the die of the book's `near`.
    fn land(&mut self, flight: &Flight, events: &mut Events) {
        let lands = flight.over();
        // The book's blast by the article's inch (None: every man in the hex, the house rule's).
        let by_the_inch = crate::engine::ruleset::combat_patrol::tables_in(&self.book)
            .filter(|t| !t.grenade.whole_hex)
            .map(|t| (t.grenade.blast_inches, t.grenade.near));
        let whole_hex = by_the_inch.is_none();
        let blast: Vec<Pos> = if whole_hex {
            lands.hex().range(flight.blast).map(Pos::from_hex).filter(|&p| self.map.contains(p)).collect()
        } else {
            vec![lands]
        };
        events.push(Event::GrenadeLands { hex: lands, blast: blast.clone() });
        let thrower = self.soldiers[flight.thrower].id.clone();
        let on = by_the_inch.and_then(|(inches, _)| self.lands_on(flight, inches));
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            if !(s.pos.is_some_and(|p| blast.contains(&p)) && s.state != State::Dead && s.vehicle.is_none()) {
                continue;
            }
            if let Some((_, near)) = by_the_inch
                && on != Some(i)
                && !self.near_the_blast(i, near, &thrower, events)
            {
                continue;
            }
            self.strike(i, Some(&thrower), Blow::Grenade, events);
        }
    }

    /// The man a grenade comes down on, by the article's 1" blast: within
    /// that of the centre of the hex aimed at, the man aimed at there (the
    /// first of the thrower's enemies who can fight, else the first of
    /// them); within it of his own hex's, the thrower (a grenade dropped
    /// at his feet comes down there). Elsewhere, no man for certain.
    fn lands_on(&self, flight: &Flight, blast_inches: u32) -> Option<usize> {
        if flight.off_centre() > blast_inches {
            return None;
        }
        let hex = flight.over();
        let side = self.soldiers[flight.thrower].side;
        let there = |i: &usize| {
            let s = &self.soldiers[*i];
            s.pos == Some(hex) && s.state != State::Dead && s.vehicle.is_none()
        };
        if hex == flight.aim {
            let mut enemies = (0..self.soldiers.len()).filter(|i| there(i) && self.soldiers[*i].side != side);
            enemies.clone().find(|&i| self.soldiers[i].can_act()).or_else(|| enemies.next())
        } else {
            (hex == flight.from && there(&flight.thrower)).then_some(flight.thrower)
        }
    }

    /// Whether soldier `i`, in the hex a grenade came down in but not the
    /// man it landed on, is near enough its blast to be struck: the book's
    /// `near` die, rolled for him.
    fn near_the_blast(&mut self, i: usize, near: Near, thrower: &Name, events: &mut Events) -> bool {
        let mut struck = false;
        let roll = self
            .dice
            .table(Purpose::CpNear, 1, near.sides, |total| {
                struck = total <= u32::from(near.struck);
                Name::new_static(if struck { "struck" } else { "clear" })
            })
            .by(thrower)
            .at(&self.soldiers[i].id);
        events.push(Event::Roll(roll));
        struck
    }

    /// Where soldier `me` would throw a grenade, by the rule the patrol
    /// leader and the enemy both follow (a decision): only when he has one
    /// left, no shot better than `worst_need` (None: no shot at all), and
    /// no other man of his side in his own hex (a dropped grenade goes off
    /// there); at the hex within reach holding the most able enemy and none
    /// of his own side, the nearest on a tie.
    /// Inline, with the rest out of line: under a rule set without grenades
    /// (Lone Warrior) it is one flag read at every enemy card and order.
    #[inline]
    pub(in crate::engine) fn grenade_target(&self, me: usize, best_need: Option<i32>, worst_need: i32) -> Option<Pos> {
        self.grenade_target_weighed(me, best_need, worst_need)
    }

    /// `grenade_target` under a rule set whose men carry grenades.
    #[inline(never)]
    fn grenade_target_weighed(&self, me: usize, best_need: Option<i32>, worst_need: i32) -> Option<Pos> {
        let s = &self.soldiers[me];
        let (left, range) = self.rules.grenades(&self.book, s)?;
        let here = s.pos?;
        if left == 0 || best_need.is_some_and(|n| n < worst_need) {
            return None;
        }
        let mates =
            |p: Pos| self.soldiers.iter().any(|o| o.side == s.side && o.pos == Some(p) && o.state != State::Dead);
        if self.soldiers.iter().enumerate().any(|(i, o)| i != me && o.side == s.side && o.pos == Some(here)) {
            return None;
        }
        let mut best: Option<(usize, u32, Pos)> = None;
        for o in self.soldiers.iter().filter(|o| o.side != s.side && o.can_act() && o.vehicle.is_none()) {
            let Some(p) = o.pos.filter(|&p| p != here && p.distance(here) <= range && !mates(p)) else { continue };
            let count = self.soldiers.iter().filter(|e| e.side != s.side && e.can_act() && e.pos == Some(p)).count();
            let d = p.distance(here);
            if best.is_none_or(|(c, bd, bp)| count > c || (count == c && (d, p) < (bd, bp))) {
                best = Some((count, d, p));
            }
        }
        best.map(|(_, _, p)| p)
    }
}

impl Game {
    /// A grenade in the air waits for the player's move and nothing else:
    /// thrown by a man there is, from and at hexes on the map, with scatter
    /// left that a die of the rules could give.
    pub(in crate::engine) fn check_flight(&self, f: &Flight, up: Option<usize>) -> Result<(), String> {
        // Only Combat Patrol's book says how far a grenade scatters.
        let Some(t) = crate::engine::ruleset::combat_patrol::tables_in(&self.book) else {
            return Err(format!("a grenade is in the air, but {} has no grenades", self.rules));
        };
        if f.thrower >= self.soldiers.len() || !self.map.contains(f.from) || !self.map.contains(f.aim) {
            return Err("a grenade is in the air, thrown by nobody there is or from or at a hex off the map".into());
        }
        if up.is_some() || f.landed() || !self.players_move(f) {
            return Err("a grenade is in the air, but no move of the player's is waited for".into());
        }
        let g = &t.grenade;
        if f.measures() != (t.inches_per_hex, [g.opponent_inches, g.thrower_inches], t.hexes(g.blast_inches)) {
            return Err("a grenade in the air moves, or bursts, otherwise than the rule book says".into());
        }
        f.check(u32::from(t.sides))
    }
}

/// One inch of the grenade in the air, steered towards `towards`, and its event.
fn scatter(flight: &mut Flight, towards: Pos, events: &mut Events) {
    let (opponent, hex) = flight.step(towards);
    let by = Name::new_static(if opponent { "opponent" } else { "thrower" });
    events.push(Event::Scatter { by, inches: 1, hex });
}

#[cfg(test)]
#[path = "throwing_tests.rs"]
mod tests;
