//! The deck of an action, dealt at its start and again at every STOP: the
//! cards the rule set gives every man who can act, its STOP cards, and, in
//! a turn with a priority phase, the order that phase lays them in.

use crate::engine::game::Game;
use crate::engine::vocabulary::composition::Composition;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::phase::Priority;
use crate::engine::vocabulary::sink::Events;

impl Game {
    /// Builds and shuffles the deck: the cards the rule set gives every man
    /// of either side who can act, and its STOP cards.
    pub(in crate::engine) fn deal(&mut self, events: &mut Events) {
        let rules = self.rules;
        let stops = rules.stop_cards(&self.book);
        // The action's own deck is filled again (an action deals some four
        // times): its room is kept rather than made anew and freed each deal.
        let mut deck = match &mut self.phase {
            Phase::Action(a) => std::mem::take(&mut a.deck),
            _ => Vec::new(),
        };
        deck.clear();
        // The deck is dealt again at every STOP, in the room of the last
        // deal: it seldom grows after the first.
        // Room for a card a man and the STOP cards before the cards are
        // known: the deck grows past it only in an action's first deal.
        deck.reserve(self.soldiers.len() + stops as usize);
        for (i, s) in self.soldiers.iter().enumerate().filter(|(_, s)| s.can_act()) {
            deck.extend(std::iter::repeat_n(Card::soldier(i), rules.cards(&self.book, s) as usize));
        }
        // The deck's make-up, for its event, if that is made: who has how many cards.
        let report = events.keeps_all();
        let mut names = Vec::with_capacity(if report { self.soldiers.len() + 1 } else { 0 });
        if report {
            for s in self.soldiers.iter().filter(|s| s.can_act()) {
                names.push((s.id.clone(), rules.cards(&self.book, s)));
            }
        }
        deck.extend(std::iter::repeat_n(Card::Stop, stops as usize));
        // A turn with a priority phase is played in its order; any other is shuffled.
        // Its command points are one a squad: more than the side has squads are lost.
        let priority = rules
            .priority(&self.book, &mut self.dice, events)
            .map(|(side, points)| (side, self.squads_of(side).min(points)));
        match priority {
            Some((side, _)) => self.order_by_priority(side, &mut deck),
            None => self.dice.shuffle(&mut deck),
        }
        if let Some((side, points)) = priority {
            events.push(Event::Priority { side: Name::new_static(side.name()), points });
        }
        if report {
            names.push((Name::new_static("STOP"), stops));
            events.push(Event::Deck {
                size: deck.len(),
                composition: Composition::new(names),
                in_order: priority.is_some(),
            });
        }
        if let Phase::Action(a) = &mut self.phase {
            a.deck = deck;
            a.turned.clear();
            // Room for every card at once, not grown card by card.
            a.turned.reserve(a.deck.capacity());
            a.up = None;
            a.priority = priority.map(|(side, points)| Priority { side, points, spent: vec![], activated: vec![] });
        }
    }
}
