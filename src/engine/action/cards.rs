//! Tactical action: cards turned one at a time, the owner of each acting;
//! STOP ends the turn (`stop.rs`); casualties are settled when the action
//! is over (`end.rs`).

use crate::engine::vocabulary::command::{Command, Target};

use crate::engine::cache::memo::Memo;
use crate::engine::ruleset::{Deed, Leave};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::vocabulary::phase::Card;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    pub(in crate::engine) fn action(&mut self) -> &mut crate::engine::vocabulary::phase::Action {
        match &mut self.phase {
            Phase::Action(a) => a,
            _ => unreachable!("only called during an action"),
        }
    }

    pub(in crate::engine) fn turn_card(&mut self, memo: Memo<'_>, events: &mut Events) -> Result<(), RuleError> {
        if let Some(i) = self.card_up() {
            return refuse(
                RuleError::NotNow,
                format!("{}'s card is up: give him an order or hold first", self.soldiers[i].id),
            );
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
        } else {
            // The card is up: the rule set's activation test, if it has one,
            // says what he may do on it.
            let leave = self.activation(i, events);
            self.action().leave = leave;
            if self.soldiers[i].side == Side::Enemy {
                self.enemy_spends(i, events);
                self.enemy_acts(memo, i, events);
                if let Phase::Action(a) = &mut self.phase {
                    a.leave = Leave::FREE;
                }
                self.card_over(i, events);
                self.check_action_over(events);
            } else {
                self.action().up = Some(i);
                self.squad_card_up(i);
                self.owed_move_spent(i);
            }
        }
        Ok(())
    }

    /// Whether soldier `i` may do `deed` now: by his activation on the card
    /// that is up, and by the rule set, for his state and the fire he is under.
    #[inline]
    pub(in crate::engine) fn may(&self, i: usize, deed: Deed) -> bool {
        let leave = match &self.phase {
            // At the double a man neither fires nor charges (European Battlefield).
            Phase::Action(a) if a.double && a.up == Some(i) && deed != Deed::Move => return false,
            Phase::Action(a) => a.leave,
            _ => Leave::FREE,
        };
        leave.allows(deed) && self.rules.may(&self.book, &self.soldiers[i], deed)
    }

    /// A friendly order for the man whose card is up.
    pub(in crate::engine) fn act(
        &mut self,
        memo: Memo<'_>,
        command: &Command,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let Some(me) = self.card_up() else {
            return refuse(RuleError::NotNow, "no friendly card is up: turn the next card");
        };
        let here = self.soldiers[me].pos.unwrap_or(Pos::new(-1, -1));
        if !matches!(command, Command::Fight { .. })
            && let Some(foe) = self.foe_at_close_quarters(me)
        {
            return refuse(
                RuleError::Order,
                format!(
                    "{} shares your hex: as written, men in one hex fight hand to hand before anything else (fight {})",
                    self.soldiers[foe].id, self.soldiers[foe].id
                ),
            );
        }
        let deed = match command {
            Command::Move { .. } | Command::Carry { .. } | Command::Exit { .. } => Some(Deed::Move),
            Command::Fire { .. }
            | Command::FireSpecial { .. }
            | Command::Throw { .. }
            | Command::Call { .. }
            | Command::CallSmoke { .. }
            | Command::CallAir { .. } => Some(Deed::Fire),
            _ => None,
        };
        if let Some(deed) = deed.filter(|&d| !self.may(me, d)) {
            return refuse(RuleError::Order, self.may_not(me, deed));
        }
        match command {
            Command::Spend { on } => return self.spend_command_point(me, *on, events),
            Command::Stance { stance } => return self.take_stance(me, *stance, events),
            Command::Move { to, .. } => {
                self.check_step(here, *to)?;
                // A step in among able enemies is a charge, which some rules forbid (the routed).
                let foe = self.soldiers[me].side.other();
                if !self.may(me, Deed::Charge) && self.able_hexes(foe).any(|p| p == *to) {
                    return refuse(RuleError::Order, self.may_not(me, Deed::Charge));
                }
                let steps = self.check_move_left(me, *to)?;
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
                self.close_quarters(me, events);
                if let Some(steps) = steps
                    && self.keeps_card_after_move(me, steps, events)
                {
                    return Ok(());
                }
            }
            Command::Fire { target } => {
                let t = self.pick_target(me, target)?;
                let shot = self.aimed_shot(memo, me, t).map_err(RuleError::Order)?;
                if !self.squad_fire(memo, me, t, events).map_err(RuleError::Order)? {
                    self.fire(me, t, shot, events);
                }
                if self.keeps_card_for_the_other_half(me, Deed::Fire, events) {
                    return Ok(());
                }
            }
            Command::Throw { hex } => self.throw_grenade(memo, me, *hex, events)?,
            Command::FireSpecial { target } => {
                let t = self.pick_target(me, target)?;
                if self.snap_fire(me) {
                    return refuse(
                        RuleError::Order,
                        format!(
                            "{} has moved on this card: his shot is a snap fire, by the standard method only (fire {})",
                            self.soldiers[me].id, self.soldiers[t].id
                        ),
                    );
                }
                self.fire_special(memo, me, t, events).map_err(RuleError::Order)?;
                if self.keeps_card_for_the_other_half(me, Deed::Fire, events) {
                    return Ok(());
                }
            }
            Command::Reload { gunner } => {
                self.reload_gun(me, gunner.as_ref(), events)?;
                // A helper's reload is the move half of his card.
                if gunner.is_some() && self.keeps_card_for_the_other_half(me, Deed::Move, events) {
                    return Ok(());
                }
            }
            Command::Fight { target } => {
                let Some(t) = self.find(target) else {
                    return refuse(RuleError::Unknown, format!("there is nobody called '{target}'"));
                };
                let foe = &self.soldiers[t];
                if foe.side == Side::Friendly || !foe.can_act() || foe.pos != Some(here) {
                    return refuse(RuleError::Order, format!("{} is not an able enemy in your hex", foe.id));
                }
                if foe.vehicle.is_some() {
                    return refuse(
                        RuleError::Order,
                        format!("{} is a vehicle: it is fought with anti-tank weapons, not hand to hand", foe.id),
                    );
                }
                self.fight(me, t, events);
            }
            Command::Carry { wounded, to } => {
                let w = self
                    .find(wounded)
                    .ok_or_else(|| RuleError::Unknown(format!("there is nobody called '{wounded}'")))?;
                let ws = &self.soldiers[w];
                if (ws.side != Side::Friendly && !ws.captive) || !ws.state.may_be_carried() || ws.pos != Some(here) {
                    return refuse(
                        RuleError::Order,
                        format!("{} is not a wounded comrade or prisoner in your hex to carry", ws.id),
                    );
                }
                let (bearers, cards_each) = self.rules.bearing(&self.book);
                let helpers_needed = bearers.saturating_sub(1) as usize;
                // As written every bearer spends a card: a helper must have
                // one still face down this turn (house rule `one_bearer_card`:
                // only the man whose card is up spends one). A rule set whose
                // carrying costs more cards (Combat Patrol's drag) takes the
                // rest from each bearer's cards to come.
                let each_spends = !self.book.patrol.one_bearer_card;
                let more = cards_each.saturating_sub(1) as usize;
                let helper_cards = if each_spends { cards_each as usize } else { 0 };
                let helpers: Vec<usize> = self
                    .able(Side::Friendly)
                    .filter(|&i| i != me && self.soldiers[i].pos == Some(here))
                    .filter(|&i| helper_cards == 0 || self.cards_to_come(i) >= helper_cards)
                    .take(helpers_needed)
                    .collect();
                if helpers.len() < helpers_needed {
                    let with_card = if each_spends { " with a card still to come this turn" } else { "" };
                    return refuse(
                        RuleError::Order,
                        format!("carrying {} needs {} fit men in the hex{with_card}", ws.id, helpers_needed + 1),
                    );
                }
                // Where a card is a fire and a combat move, the drag is this
                // card's move half and the move halves of his next cards.
                let halves = self.rules.fire_and_move(&self.book);
                if self.cards_to_come(me) < more {
                    return refuse(
                        RuleError::Order,
                        format!(
                            "dragging {} takes {cards_each} of your cards, and you have {} still to come this turn",
                            ws.id,
                            self.cards_to_come(me)
                        ),
                    );
                }
                self.check_step(here, *to)?;
                for _ in 0..helper_cards {
                    for &h in &helpers {
                        self.spend_card(h, w, events);
                    }
                }
                if halves {
                    let kit = self.soldiers[me].kit.combat_patrol_mut();
                    kit.moves_owed = kit.moves_owed.saturating_add(u8::try_from(more).unwrap_or(u8::MAX));
                    self.soldiers[w].kit.combat_patrol_mut().dragged = true;
                } else {
                    for _ in 0..more {
                        self.spend_card(me, w, events);
                    }
                }
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
                for &i in &moving {
                    self.close_quarters(i, events);
                }
                if halves && self.keeps_card_for_the_other_half(me, Deed::Move, events) {
                    return Ok(());
                }
            }
            Command::Hold => {
                if events.keeps_all() {
                    events.push(Event::Hold { soldier: self.soldiers[me].id.clone() });
                }
            }
            Command::Exit { .. } => {
                if !self.map.on_home_edge(here) {
                    return refuse(
                        RuleError::Order,
                        format!("{} at {here} is not on the home edge", self.soldiers[me].id),
                    );
                }
                self.soldiers[me].pos = None;
                events.push(Event::Exited { soldiers: vec![self.soldiers[me].id.clone()], hex: here });
            }
            Command::Call { hex } => self.call_fire(memo, me, *hex, events)?,
            Command::CallSmoke { hex } => {
                self.call_battery(memo, me, *hex, crate::engine::ruleset::lone_warrior::call::Called::Smoke, events)?
            }
            Command::CallAir { hex } => {
                self.call_battery(memo, me, *hex, crate::engine::ruleset::lone_warrior::call::Called::Air, events)?
            }
            Command::Turn
            | Command::Split { .. }
            | Command::Join { .. }
            | Command::Capture { .. }
            | Command::Steer { .. } => {
                unreachable!("dispatched in apply")
            }
        }
        let a = self.action();
        (a.up, a.leave, a.steps, a.double) = (None, Leave::FREE, 0, false);
        self.card_over(me, events);
        self.check_action_over(events);
        Ok(())
    }

    /// After a step of `me` that has used `steps` of his move this card
    /// (rules that move a man more than a hex on it): whether his card stays
    /// up for more (another step, or his fire at the moving rate), with
    /// what is left of it written in the action; if so, the action's end
    /// has been looked for too, and nothing more is done for the order.
    fn keeps_card_after_move(&mut self, me: usize, steps: u32, events: &mut Events) -> bool {
        let s = &self.soldiers[me];
        if !s.can_act() || s.pos.is_none() || self.foe_at_close_quarters(me).is_some() {
            return false;
        }
        let open = self.move_allowance(me).map_or(0, |m| m.open);
        // At the double he stops within reach of the enemy, and does not fire.
        let double = self.at_the_double(me);
        let may_move = steps < open && !(double && self.double_stops(me));
        // Not if he has fired on this card already (a fire-and-move card).
        let fired = matches!(&self.phase, Phase::Action(a) if !a.leave.may_fire);
        let may_fire = !double && !fired && self.rules.shots(&self.book, s, false) > 0;
        if !may_move && !may_fire {
            return false;
        }
        let a = self.action();
        a.steps = u8::try_from(steps).unwrap_or(u8::MAX);
        a.leave = Leave { may_move, may_fire };
        self.check_action_over(events);
        true
    }

    /// Under rules whose card is a fire and a combat move
    /// (`Rules::fire_and_move`): `me` has done the `done` half of his card
    /// (fired; or made his move by a drag or a helper's reload). Whether his
    /// card stays up for the other half, with only that half left; if so,
    /// the action's end has been looked for too. A man who has used both
    /// halves, or can do nothing with the other, is done with his card.
    fn keeps_card_for_the_other_half(&mut self, me: usize, done: Deed, events: &mut Events) -> bool {
        let s = &self.soldiers[me];
        if !self.rules.fire_and_move(&self.book)
            || !s.can_act()
            || s.pos.is_none()
            || self.foe_at_close_quarters(me).is_some()
        {
            return false;
        }
        let Phase::Action(a) = &self.phase else { return false };
        let mut leave = a.leave;
        match done {
            Deed::Fire => leave.may_fire = false,
            Deed::Move | Deed::Charge => leave.may_move = false,
        }
        // What he could do with the half left: a step or a drag (not a lightly
        // wounded man), a helper's reload; or a shot.
        let other = match done {
            Deed::Fire => {
                leave.may_move
                    && (self.rules.may(&self.book, s, Deed::Move) || self.empty_gun_beside(me, false).is_some())
            }
            Deed::Move | Deed::Charge => {
                leave.may_fire
                    && self.rules.may(&self.book, s, Deed::Fire)
                    && self.rules.shots(&self.book, s, false) > 0
            }
        };
        if !other {
            return false;
        }
        self.action().leave = leave;
        self.check_action_over(events);
        true
    }

    /// Whether a shot by `me`, whose card is up, is a snap fire: the move
    /// half of his card is spent (a step, a drag, a helper's reload, or a
    /// drag on an earlier card), under rules whose card is a fire and a
    /// combat move, so he fires by the standard method only.
    pub fn snap_fire(&self, me: usize) -> bool {
        self.rules.fire_and_move(&self.book)
            && matches!(&self.phase, Phase::Action(a) if a.up == Some(me) && !a.leave.may_move)
    }

    /// Soldier `i`'s card is up: if a drag on an earlier card has spent its
    /// move half already, only its fire half is his.
    fn owed_move_spent(&mut self, i: usize) {
        let owed = self.soldiers[i].kit.combat_patrol().moves_owed;
        if owed > 0 && self.rules.fire_and_move(&self.book) {
            self.soldiers[i].kit.combat_patrol_mut().moves_owed = owed - 1;
            self.action().leave.may_move = false;
        }
    }

    /// The enemy soldier a fire order means: named, or the first able one in the hex.
    pub(in crate::engine) fn pick_target(&self, me: usize, target: &Target) -> Result<usize, RuleError> {
        match target {
            Target::Soldier(id) => {
                self.find(id).map_or_else(|| refuse(RuleError::Unknown, format!("there is nobody called '{id}'")), Ok)
            }
            Target::Hex(p) => {
                let side = self.soldiers[me].side;
                self.in_hex(*p)
                    .find(|&i| self.soldiers[i].side != side && self.soldiers[i].can_act())
                    .map_or_else(|| refuse(RuleError::Unknown, format!("no legitimate target at {p}")), Ok)
            }
        }
    }

    /// Where in the deck the next card of soldier `i` still to come this
    /// turn lies, if he has one (the deck is turned from its end).
    fn card_to_come(&self, i: usize) -> Option<usize> {
        let Phase::Action(a) = &self.phase else { return None };
        a.deck.iter().rposition(|&c| c == Card::soldier(i))
    }

    /// How many of soldier `i`'s cards are still face down this turn.
    pub(in crate::engine) fn cards_to_come(&self, i: usize) -> usize {
        let Phase::Action(a) = &self.phase else { return 0 };
        a.deck.iter().filter(|&&c| c == Card::soldier(i)).count()
    }

    /// Soldier `i` spends his next card helping to carry a comrade: it is
    /// taken from the deck unturned.
    fn spend_card(&mut self, i: usize, wounded: usize, events: &mut Events) {
        let reason = crate::engine::vocabulary::name::format_name!("helped to carry {}", self.soldiers[wounded].id);
        self.spend_card_for(i, reason, events);
    }

    /// Soldier `i` spends his next card this turn for `reason`: it is taken
    /// from the deck unturned.
    pub(in crate::engine) fn spend_card_for(&mut self, i: usize, reason: Name, events: &mut Events) {
        if let Some(k) = self.card_to_come(i) {
            self.action().deck.remove(k);
            events.push(Event::CardLost { soldier: self.soldiers[i].id.clone(), reason });
        }
    }
}

#[cfg(test)]
#[path = "cards_tests.rs"]
mod tests;
