//! Patrol movement: sections step hex by hex, each hex entered an incident
//! check; sections split, join and leave by the home edge.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::{Name, format_name};
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Section, State};

impl Game {
    /// The section a command means: the one named, or the only one there is.
    pub(in crate::engine) fn pick_section(&self, name: Option<&str>) -> Result<usize, RuleError> {
        match name {
            Some(n) => self
                .find_section(n)
                .map_or_else(|| refuse(RuleError::Unknown, format!("there is no section '{n}'")), Ok),
            None if self.sections.len() == 1 => Ok(0),
            None => {
                let list: Vec<String> = self
                    .sections
                    .iter()
                    .map(|s| format!("{} at {}", s.name, self.section_pos(s).map_or("-".into(), |p| p.to_string())))
                    .collect();
                refuse(RuleError::Unknown, format!("which section? {}", list.join(", ")))
            }
        }
    }

    /// A section can move if it has someone to walk and enough fit men to
    /// carry each seriously wounded man (two each, by the rules data).
    pub fn section_can_move(&self, section: &Section) -> Result<(), RuleError> {
        let (able, carried) = self.strength(section);
        if self.can_carry(able, carried) {
            return Ok(());
        }
        if able == 0 {
            return refuse(RuleError::Order, format!("nobody in section {} can walk", section.name));
        }
        let needed = carried * self.book.patrol.bearers_per_wounded as usize;
        refuse(
            RuleError::Order,
            format!(
                "section {} has {carried} seriously wounded to carry and needs {needed} fit men, but has {able}: \
             split off the wounded it cannot carry (split NAME...) and leave them, or bring another section to join it",
                section.name
            ),
        )
    }

    /// A section's able men and its seriously wounded, counted in one pass.
    pub(in crate::engine) fn strength(&self, section: &Section) -> (usize, usize) {
        section.members.iter().fold((0, 0), |(able, carried), &i| {
            let s = &self.soldiers[i];
            (able + usize::from(s.can_act()), carried + usize::from(s.state == State::SeriousWound))
        })
    }

    /// Whether `able` men can move on carrying `carried` seriously wounded:
    /// someone walks, and there are bearers enough for each.
    pub(in crate::engine) fn can_carry(&self, able: usize, carried: usize) -> bool {
        able > 0 && carried * self.book.patrol.bearers_per_wounded as usize <= able
    }

    pub(in crate::engine) fn move_section(
        &mut self,
        memo: Memo<'_>,
        name: Option<&str>,
        to: Pos,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let s = self.pick_section(name)?;
        let section = &self.sections[s];
        let Some(from) = self.section_pos(section) else {
            return refuse(RuleError::Order, format!("section {} is not on the map", section.name));
        };
        self.check_step(from, to)?;
        self.section_can_move(section)?;

        for &i in &section.members {
            self.soldiers[i].pos = Some(to);
            self.soldiers[i].moved = true;
        }
        if events.keeps_all() {
            events.push(Event::Moved {
                section: Some(section.name.clone()),
                soldiers: self.ids(&section.members),
                from,
                to,
            });
        }
        self.note_objective(to, events);

        if let Some(k) = self.waiting.iter().position(|e| e.at == to) {
            // Enemy known to be waiting here: met for certain, no check rolled.
            let encounter = self.waiting.remove(k);
            self.encounter(memo, &encounter, events);
        } else {
            // Incident check: 2D6, 7+, -1 woods/buildings, -1 per earlier incident (at most -2).
            let modifiers = self.incident_odds(to).modifiers;
            let roll = self.roll_incident_check(modifiers, to);
            let incident = roll.succeeded();
            events.push(Event::Roll(roll));
            if incident {
                self.incident(memo, to, events);
                // A mine can leave nobody able to go on.
                self.check_patrol_over(events);
            }
        }
        // Moving counts against mortar fire only in the action the move began.
        // Still in patrol movement, the incident left the sections as they
        // were, or began an action and ended it, which cleared every man's
        // `moved` already: so the section's men now are the men who moved.
        if matches!(self.phase, crate::engine::vocabulary::phase::Phase::Patrol)
            && let Some(section) = self.sections.get(s)
        {
            for &i in &section.members {
                self.soldiers[i].moved = false;
            }
        }
        Ok(())
    }

    pub(in crate::engine) fn split(&mut self, names: &[Name], events: &mut Events) -> Result<(), RuleError> {
        if names.is_empty() {
            return refuse(RuleError::Order, "name the men who split off");
        }
        let mut chosen = Vec::new();
        for n in names {
            let Some(i) = self.find(n) else {
                return refuse(RuleError::Unknown, format!("there is nobody called '{n}'"));
            };
            if chosen.contains(&i) {
                return refuse(RuleError::Order, format!("{n} is named twice"));
            }
            chosen.push(i);
        }
        let Some(s) = self.sections.iter().position(|sec| sec.members.contains(&chosen[0])) else {
            return refuse(RuleError::Order, format!("{} is in no section", self.soldiers[chosen[0]].id));
        };
        if let Some(&stray) = chosen.iter().find(|i| !self.sections[s].members.contains(i)) {
            return refuse(
                RuleError::Order,
                format!("{} is not in section {}", self.soldiers[stray].id, self.sections[s].name),
            );
        }
        if chosen.len() == self.sections[s].members.len() {
            return refuse(
                RuleError::Order,
                format!("that is all of section {}: leave someone behind", self.sections[s].name),
            );
        }
        let new_name = self.free_section_name();
        self.sections[s].members.retain(|i| !chosen.contains(i));
        chosen.sort_unstable();
        events.push(Event::Split {
            section: self.sections[s].name.clone(),
            new_section: new_name.clone(),
            soldiers: self.ids(&chosen),
        });
        self.sections.push(Section { name: new_name, members: chosen });
        Ok(())
    }

    pub(in crate::engine) fn free_section_name(&self) -> Name {
        // Compared letter by letter: a name is made only for the one chosen.
        let mut letter = [0u8; 4];
        ('A'..='Z')
            .find(|c| self.find_section(c.encode_utf8(&mut letter)).is_none())
            .map_or_else(|| format_name!("S{}", self.sections.len() + 1), Name::from)
    }

    pub(in crate::engine) fn join(&mut self, name: &str, into: &str, events: &mut Events) -> Result<(), RuleError> {
        let a = self.pick_section(Some(name))?;
        let b = self.pick_section(Some(into))?;
        if a == b {
            return refuse(RuleError::Order, "a section cannot join itself");
        }
        let (pa, pb) = (self.section_pos(&self.sections[a]), self.section_pos(&self.sections[b]));
        if pa != pb {
            return refuse(
                RuleError::Order,
                format!("sections {} and {} are in different hexes", self.sections[a].name, self.sections[b].name),
            );
        }
        let joining = self.sections.remove(a);
        let b = if a < b { b - 1 } else { b };
        self.sections[b].members.extend(joining.members);
        self.sections[b].members.sort_unstable();
        events.push(Event::Joined { section: joining.name, into: self.sections[b].name.clone() });
        Ok(())
    }

    pub(in crate::engine) fn capture(&mut self, name: &str, events: &mut Events) -> Result<(), RuleError> {
        let Some(p) = self.find(name) else {
            return refuse(RuleError::Unknown, format!("there is nobody called '{name}'"));
        };
        let man = &self.soldiers[p];
        let Some(at) = man.pos else {
            return refuse(RuleError::Order, format!("{} is not on the map", man.id));
        };
        if man.side != crate::engine::vocabulary::soldier::Side::Enemy
            || man.state != State::SeriousWound
            || man.captive
        {
            return refuse(RuleError::Order, format!("{} is not a seriously wounded enemy who can be taken", man.id));
        }
        let Some(s) = self.sections.iter().position(|sec| self.section_pos(sec) == Some(at)) else {
            return refuse(RuleError::Order, format!("no section of the patrol is at {at}, where {} lies", man.id));
        };
        self.soldiers[p].captive = true;
        self.sections[s].members.push(p);
        let section = self.sections[s].name.clone();
        // The prisoner objective is done only when he is brought home (see exit_section).
        events.push(Event::Captured { prisoner: self.soldiers[p].id.clone(), section, hex: at });
        Ok(())
    }

    pub(in crate::engine) fn exit_section(&mut self, name: Option<&str>, events: &mut Events) -> Result<(), RuleError> {
        let s = self.pick_section(name)?;
        let section = &self.sections[s];
        let Some(at) = self.section_pos(section) else {
            return refuse(RuleError::Order, format!("section {} is not on the map", section.name));
        };
        if !self.map.on_home_edge(at) {
            return refuse(RuleError::Order, format!("section {} at {at} is not on the home edge", section.name));
        }
        self.section_can_move(section)?;
        let section = self.sections.remove(s);
        for &i in &section.members {
            self.soldiers[i].pos = None;
        }
        events.push(Event::Exited { soldiers: self.ids(&section.members), hex: at });
        let brings_prisoner = section.members.iter().any(|&i| self.soldiers[i].captive);
        if brings_prisoner
            && matches!(self.objective, crate::engine::book::scenario::Objective::Prisoner(_))
            && !self.objective_reached
        {
            self.objective_reached = true;
            events.push(Event::ObjectiveReached { hex: at });
        }
        self.check_patrol_over(events);
        Ok(())
    }
}

#[cfg(test)]
#[path = "movement_tests.rs"]
mod tests;
