//! The end of an action: when it is over, the casualties rolled for, the
//! enemy still standing gone, and the patrol re-formed into sections.

use crate::engine::book::Wound;
use crate::engine::game::Game;
use crate::engine::vocabulary::event::{Event, SectionView};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Section, Side, State};

impl Game {
    /// Ends the action if one side has nobody left to fight. Returns true if it ended.
    #[inline]
    pub(in crate::engine) fn check_action_over(&mut self, events: &mut Events) -> bool {
        if !matches!(self.phase, Phase::Action(_)) {
            return true;
        }
        // A grenade in the air has struck nobody yet, so in play the action
        // cannot have ended since it was thrown (it is asked again as the
        // grenade lands); should it end under one all the same (a save
        // edited by hand), the grenade goes off where it is first.
        if !self.any_able(Side::Enemy) {
            self.burst_in_the_air(events);
            self.end_action("every enemy is hit or gone", events);
        } else if !self.any_able(Side::Friendly) {
            self.burst_in_the_air(events);
            self.end_action("no man of the patrol is left to fight", events);
        } else {
            return false;
        }
        true
    }

    /// The action is over: the enemy still standing slips away, every
    /// casualty of both sides is rolled for, and the patrol re-forms.
    /// The casualty roll for soldier `i`: the die, his wound, and his state from it.
    pub(in crate::engine) fn roll_casualty(&mut self, i: usize, events: &mut Events) -> Wound {
        let (roll, wound) = self.rules.casualty(&self.book, &mut self.dice, &self.soldiers[i].id);
        events.push(Event::Roll(roll));
        self.wound(i, wound, events);
        wound
    }

    /// Soldier `i` takes `wound`: his state from it, and the event.
    pub(in crate::engine) fn wound(&mut self, i: usize, wound: Wound, events: &mut Events) {
        let s = &mut self.soldiers[i];
        let state = match wound {
            Wound::Flesh => State::FleshWound,
            Wound::Serious => State::SeriousWound,
            Wound::Dead => State::Dead,
            Wound::Light => State::LightWound,
            Wound::Critical => State::Critical,
        };
        // A second wound never heals the first: a man already wounded (a
        // rule set that wounds at the hit) keeps the worse of the two.
        s.state = if s.state.severity() > state.severity() { s.state } else { state };
        // The event says the state he is left in (the same as the wound, but
        // for a lighter second wound).
        if events.keeps_all() {
            let name = if s.state == state { wound.name() } else { s.state.name() };
            events.push(Event::Wounded { soldier: s.id.clone(), wound: Name::new_static(name) });
        }
    }

    pub(in crate::engine) fn end_action(&mut self, reason: &'static str, events: &mut Events) {
        if events.keeps_all() {
            events.push(Event::ActionEnd { reason: Name::new_static(reason) });
        }
        // Fire called and not yet landed is called off: the guns keep the mission.
        let called_off = self.fire_pending.len() as u32;
        self.fire_pending.clear();
        self.fire_missions = self.fire_missions.saturating_sub(called_off);
        // Every enemy still fighting slips away; the crew of a vehicle that
        // cannot move leaves it behind, and it is gone from the story too.
        let mut gone = Vec::new();
        for s in self.soldiers.iter_mut().filter(|s| s.side == Side::Enemy && s.can_act()) {
            s.pos = None;
            if events.keeps_all() {
                gone.push(s.id.clone());
            }
        }
        if !gone.is_empty() {
            events.push(Event::Gone { soldiers: gone });
        }
        // Casualties: 1D6 each, 1-2 flesh wound, 3-4 serious, 5-6 dead; both
        // sides. A roll settles its own man alone, so the rest are found as
        // the rolls go.
        for i in 0..self.soldiers.len() {
            if self.soldiers[i].state != State::KnockedOver {
                continue;
            }
            let wound = self.roll_casualty(i, events);
            let s = &mut self.soldiers[i];
            // A lightly wounded enemy makes off once the shooting stops.
            if s.side == Side::Enemy && wound == Wound::Flesh {
                s.pos = None;
                if events.keeps_all() {
                    events.push(Event::Gone { soldiers: vec![s.id.clone()] });
                }
            }
        }
        // What the rule set settles as the fighting stops (`Rules::action_ends`).
        let rules = self.rules;
        rules.action_ends(self, events);
        // The action is over, and the fire it brought with it.
        for s in &mut self.soldiers {
            s.moved = false;
            s.pressure = crate::engine::vocabulary::soldier::Pressure::Steady;
        }
        self.phase = Phase::Patrol;
        self.reform_sections(events);
        self.check_patrol_over(events);
    }

    /// After an action, every hex holding living friendly soldiers on the map
    /// is one section. A group keeps the name of its first man's old section.
    fn reform_sections(&mut self, events: &mut Events) {
        let mut old = std::mem::take(&mut self.sections);
        // The sections are made in place, by hex, in order of their first
        // man: a man joins the section of his hex, or is the first of a new
        // one and names it. A name is given as the section is made, which is
        // in the same order and against the same earlier names as naming
        // them all afterwards, without a list of groups to build first.
        self.sections.reserve(old.len());
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            let (Side::Friendly, Some(p), false) = (s.side, s.pos, s.state == State::Dead) else { continue };
            match self.section_in(p) {
                Some(k) => self.sections[k].members.push(i),
                None => {
                    // A section that keeps its old name takes the old list's
                    // room too. A later man of that old section is then found
                    // in none, and is given a free name, as he would be with
                    // his old section's name already taken.
                    let wanted = old.iter_mut().find(|s| s.members.contains(&i));
                    let (name, mut members) = match wanted {
                        Some(s) if self.find_section(&s.name).is_none() => {
                            let mut members = std::mem::take(&mut s.members);
                            members.clear();
                            (s.name.clone(), members)
                        }
                        // Room for every man from him on (and the prisoners): one allocation.
                        _ => (self.free_section_name(), Vec::with_capacity(self.soldiers.len() - i)),
                    };
                    members.push(i);
                    self.sections.push(Section { name, members });
                }
            }
        }
        // Prisoners stay with the men in their hex; one left alone is lost.
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            if s.captive
                && let Some(p) = s.pos
            {
                match self.section_in(p) {
                    Some(k) => self.sections[k].members.push(i),
                    None => {
                        self.soldiers[i].captive = false;
                        events.push(Event::PrisonerLost { prisoner: self.soldiers[i].id.clone(), hex: p });
                    }
                }
            }
        }
        if events.keeps_all() {
            let sections = self
                .sections
                .iter()
                .map(|s| SectionView {
                    name: s.name.clone(),
                    hex: self.section_pos(s).unwrap_or(Pos::new(-1, -1)),
                    soldiers: self.ids(&s.members),
                })
                .collect();
            events.push(Event::Sections { sections });
        }
    }

    /// The section being made in hex `p` by `reform_sections`: its first man stands there.
    fn section_in(&self, p: Pos) -> Option<usize> {
        self.sections.iter().position(|s| self.soldiers[s.members[0]].pos == Some(p))
    }
}

#[cfg(test)]
#[path = "end_tests.rs"]
mod tests;
