//! Checks on a game or campaign read back from a file. A save is plain data
//! that a person can edit; before the engine plays it, everything that the
//! engine relies on (indices, soldiers on the map, a card that is up) must
//! hold, or the file is refused with what is wrong.

use std::collections::BTreeSet;

use super::campaign::Campaign;
use super::soldier::{Side, State};
use super::{Card, Game, Phase};

impl Game {
    /// # Errors
    /// The first thing that does not hold together, in words.
    pub fn check_consistent(&self) -> Result<(), String> {
        self.map.check(&self.book)?;
        if !self.dice.is_sound() {
            return Err("the dice's generator state is not one the game ever writes".into());
        }
        let n = self.soldiers.len();
        let mut ids = BTreeSet::new();
        for s in &self.soldiers {
            if !ids.insert(s.id.to_ascii_lowercase()) {
                return Err(format!("two soldiers called '{}'", s.id));
            }
            if self.book.weapon(&s.weapon).is_none() {
                return Err(format!("{} carries an unknown weapon '{}'", s.id, s.weapon));
            }
            if let Some(p) = s.pos.filter(|p| !self.map.contains(*p)) {
                return Err(format!("{} stands at {p}, off the map", s.id));
            }
        }
        if let Some(e) =
            self.waiting.iter().find(|e| !self.map.contains(e.at) || !self.book.forces.contains_key(e.group.as_str()))
        {
            return Err(format!("an encounter at {} with '{}' is off the map or of no known group", e.at, e.group));
        }
        if let Some(m) = self.fire_pending.iter().find(|m| !self.map.contains(m.hex)) {
            return Err(format!("fire is called on {}, off the map", m.hex));
        }
        if !self.fire_pending.is_empty() && !matches!(self.phase, Phase::Action(_)) {
            return Err("fire is on its way with no action under way".into());
        }
        let mut seen = BTreeSet::new();
        for section in &self.sections {
            for &i in &section.members {
                if i >= n || !seen.insert(i) {
                    return Err(format!("section {} names soldier number {i} wrongly", section.name));
                }
            }
        }
        if let Phase::Action(a) = &self.phase {
            let bad = |c: &Card| matches!(c, Card::Soldier(i) if *i >= n);
            if a.deck.iter().chain(&a.turned).any(bad) {
                return Err("the deck holds a card of a soldier who does not exist".into());
            }
            if let Some(i) = a.up
                && (i >= n || self.soldiers[i].side != Side::Friendly || !self.soldiers[i].can_act())
            {
                return Err(format!("card number {i} is up, but that is no patrol man who can act"));
            }
        }
        // New enemies are numbered on from `next_enemy` (G for men, V for
        // vehicles, one count): it must be past every number in use.
        let highest = self
            .soldiers
            .iter()
            .filter(|s| s.side == Side::Enemy)
            .filter_map(|s| s.id.strip_prefix(['G', 'V']).and_then(|n| n.parse::<u32>().ok()))
            .max()
            .unwrap_or(0);
        if self.next_enemy <= highest {
            return Err(format!(
                "next_enemy {} would name a new enemy like one already met (number {highest})",
                self.next_enemy
            ));
        }
        for s in self.soldiers.iter().filter(|s| s.vehicle.is_some()) {
            let kind = s.vehicle.as_ref().map(|v| v.kind.as_str()).unwrap_or_default();
            let Some(t) = self.book.arsenal.vehicle(kind) else {
                return Err(format!("{} is a vehicle of no known kind '{kind}'", s.id));
            };
            if s.side != Side::Enemy {
                return Err(format!("{} is a vehicle on the patrol's side: only the enemy has vehicles", s.id));
            }
            if !matches!(s.state, State::Fit | State::Dead) {
                return Err(format!(
                    "{} is a vehicle, yet {}: vehicles are damaged, not wounded",
                    s.id,
                    s.state.name()
                ));
            }
            if t.blocks_sight && s.pos.is_some() && !self.tanks {
                return Err(format!("{} is a tank on the map, but the game does not know it blocks sight", s.id));
            }
        }
        let max_range = self.book.arsenal.high_explosive.as_ref().map_or(0, |h| h.max_range);
        if let Some(m) = self.fire_pending.iter().find(|m| m.distance == 0 || m.distance > max_range) {
            return Err(format!("fire called on {} from {} hexes, out of the guns' reach", m.hex, m.distance));
        }
        if let Some(k) = self.forces_met().find(|k| !self.book.forces.contains_key(*k)) {
            return Err(format!("unknown forces '{k}'"));
        }
        Ok(())
    }
}

impl Campaign {
    /// # Errors
    /// The first thing that does not hold together, in words.
    pub fn check_consistent(&self) -> Result<(), String> {
        if let Some(game) = &self.patrol {
            game.check_consistent().map_err(|e| format!("the patrol under way: {e}"))?;
        }
        if self.finished > 1_000_000 || self.plans.len() > 1_000_000 {
            return Err(format!("{} patrols finished and {} to come", self.finished, self.plans.len()));
        }
        let mut names = BTreeSet::new();
        for m in &self.roster {
            if !names.insert(m.name.to_ascii_lowercase()) {
                return Err(format!("two men on the roster called '{}'", m.name));
            }
            if self.book.weapon(&m.weapon).is_none() {
                return Err(format!("{} carries an unknown weapon '{}'", m.name, m.weapon));
            }
        }
        Ok(())
    }
}
