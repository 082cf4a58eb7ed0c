//! The six-triangle hex template that mortar bombs, H.E., mines and booby
//! traps pick their victims with: the men in a hex laid out on its
//! triangles, the roll for the triangle hit, and shells landing.

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::Blow;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier};

/// A template roll's result as the event shows it: "triangle 3: Ruiz, Mills"
/// or "triangle 3: empty", for the men `placed` by `template_triangles`.
pub(in crate::engine) fn template_result(soldiers: &[Soldier], placed: &[(u8, usize)], triangle: u8) -> Name {
    // Written straight into the name, the number as `format!` writes it but
    // without its machinery: every shell, mine and booby trap reads one.
    let mut text = smol_str::SmolStrBuilder::new();
    text.push_str("triangle ");
    if triangle >= 100 {
        text.push(char::from(b'0' + triangle / 100));
    }
    if triangle >= 10 {
        text.push(char::from(b'0' + triangle / 10 % 10));
    }
    text.push(char::from(b'0' + triangle % 10));
    text.push_str(": ");
    let mut hit = placed.iter().filter(|(t, _)| *t == triangle).map(|&(_, i)| soldiers[i].id.as_str());
    match hit.next() {
        None => text.push_str("empty"),
        Some(first) => {
            text.push_str(first);
            for id in hit {
                text.push_str(", ");
                text.push_str(id);
            }
        }
    }
    text.finish()
}

impl Game {
    /// The men standing in a hex (of one side, or both), by triangle of the
    /// six-triangle template: the n-th man in the order of `Game::soldiers` is in triangle n,
    /// wrapping round after six. Men already down are casualties already.
    pub fn template_triangles(&self, hex: Pos, side: Option<Side>) -> Vec<(u8, usize)> {
        let n = self.book.template.triangles.max(1) as usize;
        // Vehicles are not in the template: the effect die settles them.
        self.in_hex(hex)
            .filter(|&i| self.soldiers[i].can_act() && self.soldiers[i].vehicle.is_none())
            .filter(|&i| side.is_none_or(|s| self.soldiers[i].side == s))
            .enumerate()
            .map(|(k, i)| ((k % n) as u8 + 1, i))
            .collect()
    }

    /// Rolls the template over `hex`; returns who lies in the triangle hit.
    pub(in crate::engine) fn roll_template(
        &mut self,
        purpose: Purpose,
        hex: Pos,
        side: Option<Side>,
        by: Option<&Name>,
        events: &mut Events,
    ) -> impl Iterator<Item = usize> + use<> {
        let mut placed = self.template_triangles(hex, side);
        let soldiers = &self.soldiers;
        let mut roll = self
            .dice
            .table(purpose, 1, self.book.template.triangles, |t| template_result(soldiers, &placed, t as u8))
            .on(hex);
        // Named in place, not with `Roll::by`, which would move the whole roll.
        roll.soldier = by.cloned();
        let hit = roll.total as u8;
        events.push(Event::Roll(roll));
        // Those in the triangle hit, kept in the room of the list of all.
        placed.retain(|&(triangle, _)| triangle == hit);
        placed.into_iter().map(|(_, i)| i)
    }

    /// Mortar bombs or H.E. land on `hex`, fired or called by `by`: the
    /// template knocks over whoever it picks, friend or foe, and each vehicle
    /// there rolls the effect die for its armour.
    pub(in crate::engine) fn shells_land(&mut self, hex: Pos, by: &Name, events: &mut Events) {
        for i in self.roll_template(Purpose::Template, hex, None, Some(by), events) {
            self.strike(i, Some(by), Blow::Shells, events);
        }
        self.he_on_vehicles(hex, by, events);
    }
}

#[cfg(test)]
#[path = "template_tests.rs"]
mod tests;
