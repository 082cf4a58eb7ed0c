//! Critical wounds in play: at a STOP card, and once the action is over,
//! every critically wounded man's wound runs its course by the rule set's
//! `tend` (a friend beside him tries to save him, a trained medic first,
//! then his death test).

use crate::engine::game::Game;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::State;

impl Game {
    /// At a STOP card, or once the action is over, every critically
    /// wounded man's wound runs its course by the rule set (`Rules::tend`):
    /// a friend able to act in his hex (a trained medic first) tries to
    /// save him, then he takes his death test.
    pub(in crate::engine) fn tend_the_dying(&mut self, action_over: bool, events: &mut Events) {
        let rules = self.rules;
        for i in 0..self.soldiers.len() {
            let man = &self.soldiers[i];
            if man.state != State::Critical {
                continue;
            }
            let beside = |s: &&crate::engine::vocabulary::soldier::Soldier| {
                s.side == man.side && s.pos.is_some() && s.pos == man.pos && s.can_act()
            };
            let mut friends = self.soldiers.iter().filter(beside);
            let helper =
                self.soldiers.iter().filter(beside).find(|s| s.kit.combat_patrol().medic).or_else(|| friends.next());
            let Some(t) = rules.tend(&self.book, &mut self.dice, man, helper, action_over) else { continue };
            events.extend(t.rolls.into_iter().map(Event::Roll));
            let s = &mut self.soldiers[i];
            s.kit.combat_patrol_mut().dies_on = t.dies_on;
            if t.state != s.state {
                s.state = t.state;
                events.push(Event::Wounded { soldier: s.id.clone(), wound: Name::new_static(t.state.name()) });
            }
        }
    }
}

impl Game {
    /// The turn is over: nobody is dragged any more, and no drag owes a
    /// move of a card to come.
    pub(in crate::engine) fn drags_done(&mut self) {
        for kit in self.soldiers.iter_mut().filter_map(|s| s.kit.combat_patrol_held()) {
            (kit.dragged, kit.moves_owed) = (false, 0);
        }
    }
}
