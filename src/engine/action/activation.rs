//! A man's card turned: the rule set's activation test. And the loop's part
//! of a turn with a priority phase (European Battlefield's,
//! `Rules::priority`): the deck in the order of the side that won it, a
//! squad rolling once to act, and the command points its squads spend (one
//! a squad: another round of fire, half a move more, a suppression lifted,
//! or +5 to a courage test).

use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::Leave;
use crate::engine::vocabulary::command::PointUse;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Action;
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// Soldier `i`'s card is up: the rule set's activation test, if it has
    /// one, and what it leaves him free to do on this card.
    /// In a turn with a priority phase a squad rolls once, at its first
    /// card, and the roll holds for every man of it this turn.
    pub(in crate::engine) fn activation(&mut self, i: usize, events: &mut Events) -> Leave {
        let rules = self.rules;
        let squad = (self.soldiers[i].side, self.squad_key(i));
        let rolled = match &self.phase {
            Phase::Action(Action { priority: Some(p), .. }) => {
                Some(p.activated.iter().find(|&&(side, key, _)| (side, key) == squad).map(|&(.., leave)| leave))
            }
            _ => None,
        };
        let leave = match rolled {
            Some(Some(leave)) => leave,
            _ => {
                let Some((roll, leave)) = rules.activate(&self.book, &mut self.dice, &self.soldiers[i]) else {
                    return Leave::FREE;
                };
                events.push(Event::Roll(roll));
                if let Phase::Action(Action { priority: Some(p), .. }) = &mut self.phase {
                    p.activated.push((squad.0, squad.1, leave));
                }
                leave
            }
        };
        if !leave.is_free() {
            let soldier = self.soldiers[i].id.clone();
            events.push(Event::Restrained { soldier, may_move: leave.may_move, may_fire: leave.may_fire });
        }
        leave
    }

    /// The deck of a turn with a priority phase, in its order: the cards of
    /// `first`'s squads, squad by squad (in the order of their first men in
    /// the roster, which stands senior first, so a squad's leader leads it),
    /// then the other side's the same way, then STOP. The next card is the
    /// deck's last, so it is laid out back to front.
    pub(in crate::engine) fn order_by_priority(&self, first: Side, deck: &mut [Card]) {
        let place = |c: &Card| match c.owner() {
            None => (2, usize::MAX, usize::MAX),
            Some(i) => {
                let s = &self.soldiers[i];
                let leader = (0..self.soldiers.len())
                    .find(|&j| self.squad_key(j) == self.squad_key(i) && self.soldiers[j].side == s.side);
                (usize::from(s.side != first), leader.unwrap_or(i), i)
            }
        };
        // Each card's place is worked out once, not at every comparison.
        deck.sort_by_cached_key(|c| std::cmp::Reverse(place(c)));
    }

    /// The squad soldier `i` fights in, as the priority phase names it: its
    /// number, or for a man of no squad `u32::MAX` less his place in the
    /// roster (he is a squad alone).
    pub fn squad_key(&self, i: usize) -> u32 {
        // A vehicle is a squad of its own, whatever group brought it.
        let s = &self.soldiers[i];
        match s.squad {
            Some(k) if s.vehicle.is_none() => k,
            _ => u32::MAX - i as u32,
        }
    }

    /// How many squads of `side` have a man who can act on the map.
    pub(in crate::engine) fn squads_of(&self, side: Side) -> u8 {
        let mut keys: Vec<u32> = (0..self.soldiers.len())
            .filter(|&i| self.soldiers[i].side == side && self.soldiers[i].can_act() && self.soldiers[i].pos.is_some())
            .map(|i| self.squad_key(i))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        u8::try_from(keys.len()).unwrap_or(u8::MAX)
    }

    /// Whether soldier `i`'s squad holds a command point it may spend now:
    /// his side won this turn's priority, it has points left, and his squad
    /// has not spent one.
    pub fn may_spend(&self, i: usize) -> bool {
        match &self.phase {
            Phase::Action(Action { priority: Some(p), .. }) => p.may_spend(self.soldiers[i].side, self.squad_key(i)),
            _ => false,
        }
    }

    /// The command points the side with priority has left this turn, and
    /// that side; None in a turn without a priority phase.
    pub fn command_points(&self) -> Option<(Side, u8)> {
        match &self.phase {
            Phase::Action(Action { priority: Some(p), .. }) => Some((p.side, p.points)),
            _ => None,
        }
    }

    /// Soldier `i`'s squad spends its command point on `on`: one fewer
    /// left, the squad marked, and the event said.
    pub(in crate::engine) fn spend_point(&mut self, i: usize, on: PointUse, events: &mut Events) {
        let squad = self.squad_key(i);
        let Phase::Action(Action { priority: Some(p), .. }) = &mut self.phase else { return };
        p.points = p.points.saturating_sub(1);
        p.spent.push((squad, on));
        let points_left = p.points;
        let soldier = self.soldiers[i].id.clone();
        events.push(Event::CommandPoint { soldier, on: Name::new_static(on.name()), points_left });
    }

    /// `spend fire|move|rally`: the squad of `me`, whose card is up, spends
    /// its command point. His card stays up for his order.
    ///
    /// # Errors
    /// Why the point cannot be spent so; nothing has changed.
    pub(in crate::engine) fn spend_command_point(
        &mut self,
        me: usize,
        on: PointUse,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let id = &self.soldiers[me].id;
        let Some((side, points)) = self.command_points() else {
            return refuse(
                RuleError::Order,
                "no priority phase this turn: command points come only with it (European Battlefield)",
            );
        };
        if side != self.soldiers[me].side {
            let who = if side == Side::Enemy { "the enemy" } else { "the patrol" };
            return refuse(RuleError::Order, format!("{who} won priority this turn: the command points are theirs"));
        }
        if !self.may_spend(me) {
            let why = if points == 0 { "none are left this turn" } else { "a squad spends one a turn" };
            return refuse(RuleError::Order, format!("{id}'s squad has no command point to spend: {why}"));
        }
        match on {
            PointUse::Rally => {
                if self.rules.point_lifts(&self.book, self.soldiers[me].pressure).is_none() {
                    return refuse(
                        RuleError::Order,
                        format!("{id}'s squad is under no suppression a command point can lift"),
                    );
                }
                self.spend_point(me, on, events);
                for j in self.able_squad(me) {
                    if let Some(pressure) = self.rules.point_lifts(&self.book, self.soldiers[j].pressure) {
                        self.pressed(j, crate::engine::ruleset::Reaction { roll: None, pressure, kit: None }, events);
                    }
                }
            }
            PointUse::Move if !self.may(me, crate::engine::ruleset::Deed::Move) => {
                return refuse(RuleError::Order, self.may_not(me, crate::engine::ruleset::Deed::Move));
            }
            PointUse::Fire if !self.may(me, crate::engine::ruleset::Deed::Fire) => {
                return refuse(RuleError::Order, self.may_not(me, crate::engine::ruleset::Deed::Fire));
            }
            PointUse::Move | PointUse::Fire => self.spend_point(me, on, events),
            PointUse::Fired | PointUse::Courage => {
                return refuse(
                    RuleError::Order,
                    "a command point goes to a courage test by itself, when the squad tests",
                );
            }
        }
        Ok(())
    }

    /// The steps more a man's squad has this turn for a command point spent
    /// on half a move more: half of `open`, his move in the open.
    pub(in crate::engine) fn extra_steps(&self, i: usize, open: u32) -> u32 {
        match &self.phase {
            Phase::Action(Action { priority: Some(p), .. })
                if p.side == self.soldiers[i].side && p.spent_on(self.squad_key(i)) == Some(PointUse::Move) =>
            {
                open / 2
            }
            _ => 0,
        }
    }

    /// Whether soldier `i`'s squad fires a second round now (a command point
    /// spent on fire and not yet used): if so, it is used.
    pub(in crate::engine) fn second_round(&mut self, i: usize) -> bool {
        let (side, squad) = (self.soldiers[i].side, self.squad_key(i));
        let Phase::Action(Action { priority: Some(p), .. }) = &mut self.phase else { return false };
        if p.side != side {
            return false;
        }
        match p.spent.iter_mut().find(|(s, on)| *s == squad && *on == PointUse::Fire) {
            Some(spent) => {
                spent.1 = PointUse::Fired;
                true
            }
            None => false,
        }
    }

    /// An enemy's card is up in a turn his side won priority: his squad
    /// spends its point, if it holds one, to lift a suppression (else it is
    /// kept for another round of the fire he may open: `squad_fire`).
    pub(in crate::engine) fn enemy_spends(&mut self, i: usize, events: &mut Events) {
        if self.may_spend(i) && self.rules.point_lifts(&self.book, self.soldiers[i].pressure).is_some() {
            let _ = self.spend_command_point(i, PointUse::Rally, events);
        }
    }
}

#[cfg(test)]
#[path = "activation_tests.rs"]
pub(in crate::engine) mod tests;
