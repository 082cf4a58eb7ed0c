//! Checks on a game read back from a file (a campaign's are in
//! `campaign/check.rs`, a rule set's own of its men in its `Rules::men_hold`). A save is plain data
//! that a person can edit; before the engine plays it, everything that the
//! engine relies on (indices, soldiers on the map, a card that is up) must
//! hold, or the file is refused with what is wrong.

use std::collections::BTreeSet;

use crate::engine::game::Game;
use crate::engine::vocabulary::enemy_ids::enemy_id;
use crate::engine::vocabulary::enemy_ids::enemy_number;
use crate::engine::vocabulary::limits::{COUNTER, ENEMY_NUMBERS};
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Side, State};

impl Game {
    /// Every weapon named by a key its rule book has, put in its place in
    /// the book: a save of format 2 or older, which named weapons by key,
    /// read as format 3 (see `save::parse`). A key the book lacks stays, for
    /// `check_consistent` to refuse.
    pub fn weapons_by_place(&mut self) {
        for s in &mut self.soldiers {
            s.weapon_by_place(&self.book);
        }
    }

    /// # Errors
    /// The first thing that does not hold together, in words.
    pub fn check_consistent(&self) -> Result<(), String> {
        self.map.check(&self.book)?;
        let n = self.soldiers.len();
        let mut ids = BTreeSet::new();
        if !self.rules.plays_with(&self.book) {
            return Err(format!("its rule book lacks the tables the rule set {} plays by", self.rules.name()));
        }
        if let Some(s) = self.soldiers.iter().find(|s| !self.rules.states().contains(&s.state)) {
            return Err(format!("{} is {}, which {} does not have", s.id, s.state.words(), self.rules.name()));
        }
        // A man carries what his own rule set gives him, and no other's.
        let foreign =
            |s: &&crate::engine::vocabulary::soldier::Soldier| s.kit.rule_set().is_some_and(|r| r != self.rules);
        if let Some(s) = self.soldiers.iter().find(foreign) {
            let theirs = s.kit.rule_set().map_or(String::new(), |r| r.words());
            return Err(format!(
                "{} carries {theirs}'s state, but the patrol is fought by {}",
                s.id,
                self.rules.words()
            ));
        }
        // A critical wound runs its course in an action, and is settled when it ends.
        let in_action = matches!(self.phase, Phase::Action(_));
        if let Some(s) = self.soldiers.iter().find(|s| s.state == State::Critical && !in_action) {
            return Err(format!("{} is critically wounded with no action under way", s.id));
        }
        // What the rule set's own state of its men must hold (`Rules::men_hold`).
        self.rules.men_hold(self)?;
        // The fire a man is under is an action's: it lifts when the action ends.
        if let Some(s) = self.soldiers.iter().find(|s| !s.pressure.is_steady() && !in_action) {
            return Err(format!("{} is {} with no action under way", s.id, s.pressure.name()));
        }
        // In an action, the enemy who can act are among the men it met, last among the soldiers.
        if let Phase::Action(a) = &self.phase {
            let from = n.saturating_sub(a.enemies_met);
            if let Some(s) = self.soldiers[from..].iter().find(|s| s.side != Side::Enemy) {
                return Err(format!("{} is counted among the {} enemies this action met", s.id, a.enemies_met));
            }
            if let Some(s) = self.soldiers[..from].iter().find(|s| s.side == Side::Enemy && s.can_act()) {
                return Err(format!(
                    "{} can fight but is not among the {} enemies of this action",
                    s.id, a.enemies_met
                ));
            }
        }
        for s in &self.soldiers {
            if !ids.insert(s.id.to_ascii_lowercase()) {
                return Err(format!("two soldiers called '{}'", s.id));
            }
            // A vehicle faces one of a hex's six sides.
            if s.vehicle.as_ref().is_some_and(|v| v.facing >= 6) {
                return Err(format!(
                    "{} faces side {} of a hex: a hex has six (0 to 5)",
                    s.id,
                    s.vehicle.as_ref().map_or(0, |v| v.facing)
                ));
            }
            // An enemy met later could be given the same id.
            if s.side == Side::Friendly && enemy_id(&s.id) {
                return Err(format!("{} is a man of the patrol, called as enemies are (G or V and a number)", s.id));
            }
            if s.weapon_in(&self.book).is_none() {
                let named = match s.weapon_index() {
                    Some(place) => format!("number {place}"),
                    None => format!("'{}'", s.weapon(&self.book)),
                };
                return Err(format!("{} carries a weapon the rule book does not have ({named})", s.id));
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
        self.check_places()?;
        self.check_sections()?;
        if let Phase::Action(a) = &self.phase {
            let stops = a.deck.iter().chain(&a.turned).filter(|c| **c == Card::Stop).count();
            let dealt = self.rules.stop_cards(&self.book);
            if stops != dealt as usize {
                return Err(format!(
                    "the deck and the cards turned hold {stops} STOP cards; {} deals {dealt}",
                    self.rules.name()
                ));
            }
            if [a.turn, a.quiet_turns].iter().any(|&k| k > COUNTER) || a.enemies_met > n {
                return Err("the action's counts of turns or enemies are out of reach".into());
            }
            if !a.leave.is_free() && a.up.is_none() {
                return Err("a man is held back on his card, but no card is up".into());
            }
            // His move on this card as it stands: a command point's half move
            // more, or at the double twice it.
            let up = a.up.filter(|&i| i < n);
            let open = up.and_then(|i| self.move_allowance(i)).map_or(0, |m| m.open);
            if a.steps > 0 && (a.up.is_none() || u32::from(a.steps) > open) {
                return Err(format!(
                    "the man whose card is up has used {} steps of his move, more than {} lets a man take on one card (or no card is up)",
                    a.steps, self.rules
                ));
            }
            let bad = |c: &Card| c.owner().is_some_and(|i| i >= n);
            if a.deck.iter().chain(&a.turned).any(bad) {
                return Err("the deck holds a card of a soldier who does not exist".into());
            }
            if let Some(i) = a.up
                && (i >= n || self.soldiers[i].side != Side::Friendly || !self.soldiers[i].can_act())
            {
                return Err(format!("card number {i} is up, but that is no patrol man who can act"));
            }
            if let Some(f) = &a.flight {
                self.check_flight(f, a.up)?;
            }
            // The card up is the one turned last: a man acts on his own card.
            if let Some(i) = a.up
                && a.turned.last().and_then(|c| c.owner()) != Some(i)
            {
                return Err(format!("{}'s card is up, but it is not the card turned last", self.soldiers[i].id));
            }
        }
        // New enemies are numbered on from `next_enemy` (G for men, V for
        // vehicles, one count): it must be past every number in use, in
        // either case, as ids are compared ignoring it.
        let highest = self
            .soldiers
            .iter()
            .filter(|s| s.side == Side::Enemy)
            .filter_map(|s| enemy_number(&s.id))
            .max()
            .unwrap_or(0);
        let enemies = self.soldiers.iter().filter(|s| s.side == Side::Enemy).count() as u64;
        if u64::from(self.next_enemy) > enemies + u64::from(ENEMY_NUMBERS) {
            return Err(format!(
                "next_enemy {} is more than {ENEMY_NUMBERS} past the {enemies} enemies met",
                self.next_enemy
            ));
        }
        if [self.incidents, self.encounters, self.fire_missions].iter().any(|&k| k > COUNTER) {
            return Err(format!("a count of incidents or fire missions is over {COUNTER}"));
        }
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
            if t.blocks_sight && s.pos.is_some() && !self.vehicles_block_sight {
                return Err(format!("{} is a tank on the map, but the game does not know it blocks sight", s.id));
            }
        }
        // A battery (European Battlefield) is called on any hex its radio
        // operator sees, his own too; the radio H.E. of the other rule sets
        // reaches from 1 to the guns' range.
        let max_range = self.book.arsenal.high_explosive.as_ref().map_or(0, |h| h.max_range);
        let out_of_reach = |m: &&crate::engine::ruleset::lone_warrior::call::FireMission| {
            self.battery.is_none() && (m.distance == 0 || m.distance > max_range)
        };
        if let Some(m) = self.fire_pending.iter().find(out_of_reach) {
            return Err(format!("fire called on {} from {} hexes, out of the guns' reach", m.hex, m.distance));
        }
        self.check_barrage()?;
        self.check_enemy_battery()?;
        if let Some(k) = self.forces_met().find(|k| !self.book.forces.contains_key(*k)) {
            return Err(format!("unknown forces '{k}'"));
        }
        Ok(())
    }
}

impl Game {
    /// Where things are: every man on the map stands on ground he could
    /// enter, the objective is on such ground, the hexes visited are
    /// objective hexes, and waiting enemy have a placement range.
    fn check_places(&self) -> Result<(), String> {
        let book = &self.book;
        for s in &self.soldiers {
            if let Some(p) = s.pos
                && !self.map.passable(book, p)
            {
                return Err(format!("{} stands at {p}, where nobody can be", s.id));
            }
        }
        let hexes = self.objective.hexes();
        if hexes.is_empty() {
            return Err("the objective names no hex".into());
        }
        if let Some(p) = hexes.iter().find(|p| !self.map.passable(book, **p)) {
            return Err(format!("the objective {p} is off the map or cannot be entered"));
        }
        if !self.visited.is_sorted() || self.visited.windows(2).any(|w| w[0] == w[1]) {
            return Err("the hexes visited are not in order, or one is there twice".into());
        }
        let objective: BTreeSet<Pos> = hexes.iter().copied().collect();
        if let Some(p) = self.visited.iter().find(|p| !objective.contains(p)) {
            return Err(format!("{p} is among the hexes visited, but is no hex of the objective"));
        }
        if let Some(e) = self.waiting.iter().find(|e| e.min == 0 || e.min > e.max) {
            return Err(format!("the encounter at {} is placed {} to {} hexes away", e.at, e.min, e.max));
        }
        if matches!(self.phase, Phase::Patrol)
            && let Some(s) = self.soldiers.iter().find(|s| s.side == Side::Enemy && s.can_act() && !s.captive)
        {
            let at = s.pos.map_or_else(String::new, |p| p.to_string());
            return Err(format!("{} can fight at {at}, yet no action is under way", s.id));
        }
        // A prisoner is taken seriously wounded and stays so: one who could
        // fight would be a man of the enemy outside any action's men.
        if let Some(s) = self.soldiers.iter().find(|s| s.captive && s.can_act()) {
            return Err(format!("{} is a prisoner, yet {} and could fight", s.id, s.state.words()));
        }
        // The squad stands first among the soldiers, the enemy after it in the
        // order met: the walks over one side read only its part.
        if let Some(k) = self.soldiers.iter().position(|s| s.side == Side::Enemy)
            && let Some(s) = self.soldiers[k..].iter().find(|s| s.side == Side::Friendly)
        {
            return Err(format!(
                "{} of the squad stands after {} of the enemy among the soldiers",
                s.id, self.soldiers[k].id
            ));
        }
        Ok(())
    }

    /// The sections: each man in at most one, all of the patrol (or an
    /// enemy it took prisoner), all on the map; and while
    /// the patrol is not over, there is a section.
    fn check_sections(&self) -> Result<(), String> {
        let n = self.soldiers.len();
        let mut seen = BTreeSet::new();
        for section in &self.sections {
            for &i in &section.members {
                if i >= n || !seen.insert(i) {
                    return Err(format!("section {} names soldier number {i} wrongly", section.name));
                }
                let s = &self.soldiers[i];
                if s.side == Side::Enemy && !s.captive {
                    return Err(format!("{} is an enemy in section {}", s.id, section.name));
                }
                if s.pos.is_none() {
                    return Err(format!("{} is in section {} but not on the map", s.id, section.name));
                }
            }
            if section.members.is_empty() {
                return Err(format!("section {} has nobody in it", section.name));
            }
        }
        if self.sections.is_empty() && !matches!(self.phase, Phase::Over { .. }) {
            return Err("the patrol has no section, yet it is not over".into());
        }
        // In patrol movement, as an action's end forms them, a section is
        // the men in one hex and every living man of the patrol on the map
        // is in one: a move takes a section from its first man's hex.
        if matches!(self.phase, Phase::Patrol) {
            for section in &self.sections {
                let at = self.section_pos(section);
                if let Some(&i) = section.members.iter().find(|&&i| self.soldiers[i].pos != at) {
                    let s = &self.soldiers[i];
                    return Err(format!("{} of section {} stands apart from the section's hex", s.id, section.name));
                }
            }
            let alone = |(i, s): &(usize, &crate::engine::vocabulary::soldier::Soldier)| {
                s.side == Side::Friendly && s.pos.is_some() && s.state != State::Dead && !seen.contains(i)
            };
            if let Some((_, s)) = self.soldiers.iter().enumerate().find(alone) {
                return Err(format!("{} is on the map, yet in no section", s.id));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "consistency_tests.rs"]
mod tests;
