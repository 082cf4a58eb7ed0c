//! Anti-aircraft fire at an air strike (section XIV): each a-class weapon of
//! the side struck at, within half its range of the strike, fires its dice
//! at its gunner's Shoot value; each hit rolls the wound chart at its
//! strength (a-class two weaker) against the strike's defense (6), and a
//! wound destroys the strike. Hit and not destroyed, the strike rolls to
//! press on (4+), else it flees.
//!
//! Decisions (docs/RULES.md, European Battlefield):
//! - "in range" is measured from the gunner to the hex the strike is
//!   aimed at (before it scatters); the gun needs no sight of it;
//! - the guns fire one after another in the roster's order, and the
//!   strike stops being fired at once it is destroyed;
//! - it rolls to press on once, after every gun has fired, if any hit it;
//! - a gunner who moved this turn cannot fire (a heavy weapon), and a
//!   pinned one shoots one worse, as at men.

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifiers, Purpose};
use crate::engine::ruleset::Pressure;
use crate::engine::ruleset::european::heavy::carried;
use crate::engine::ruleset::european::shoot_need;
use crate::engine::ruleset::european::tables::{AirStrikes, Class, European as Book, WoundNeed};
use crate::engine::ruleset::european::throws::{firing_dice, strength_against_men, test_need};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier};

/// What became of an air strike under anti-aircraft fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strike {
    /// Not hit (or no gun fired): it strikes.
    Through,
    /// Hit, not destroyed, and it rolled to press on: it strikes.
    PressesOn,
    /// Hit, and it failed to press on: it turns away.
    Flees,
    /// A wound: it is shot down.
    Destroyed,
}

impl Strike {
    /// Whether it goes on to strike.
    pub fn strikes(self) -> bool {
        matches!(self, Strike::Through | Strike::PressesOn)
    }
}

/// The places in `men` of the able men of `side` whose a-class weapon
/// reaches `aim` at half its range, with their dice and need, in order.
pub fn guns(t: &Book, book: &RuleBook, men: &[Soldier], side: Side, aim: Pos) -> Vec<(usize, u8, i32)> {
    (0..men.len())
        .filter_map(|i| {
            let m = &men[i];
            if m.side != side || !m.can_act() || m.pressure == Pressure::Routed {
                return None;
            }
            let w = carried(t, book, m).filter(|w| w.has(Class::A))?;
            let reach = t.hexes(w.range / 2);
            if m.pos?.distance(aim) > reach {
                return None;
            }
            let dice = w.dice(m.moved);
            let (base, modifiers) = shoot_need(t, m)?;
            (dice > 0).then(|| (i, dice, test_need(base + modifiers.total())))
        })
        .collect()
}

/// The anti-aircraft fire of `side`'s guns among `men` at an air strike
/// aimed at `aim`: every roll to `events`; what became of the strike.
pub fn fire(
    t: &Book,
    book: &RuleBook,
    dice: &mut Dice,
    (men, side): (&[Soldier], Side),
    aim: Pos,
    events: &mut Events,
) -> Strike {
    let Some(air) = t.indirect.as_ref().map(|i| &i.air) else { return Strike::Through };
    let mut hit = false;
    for (i, count, need) in guns(t, book, men, side, aim) {
        let gunner = &men[i];
        let Some(w) = carried(t, book, gunner) else { continue };
        let (roll, scored) = firing_dice(dice, Purpose::EbAaFire, count, need, "");
        events.push(Event::Roll(roll.by(&gunner.id).on(aim)));
        let strength = strength_against_men(w);
        for _ in 0..scored {
            hit = true;
            if wounds(t, air, dice, (gunner, strength), aim, events) {
                return Strike::Destroyed;
            }
        }
    }
    if !hit {
        return Strike::Through;
    }
    let mut roll = dice.check(Purpose::EbAirPressOn, 1, 6, i32::from(air.press_on), Modifiers::default());
    let on = roll.succeeded();
    roll.result = Some(Name::new_static(if on { "presses on" } else { "flees" }));
    events.push(Event::Roll(roll.on(aim)));
    if on { Strike::PressesOn } else { Strike::Flees }
}

/// The wound chart for a hit on the strike by `gunner` at `strength`
/// against its defense: whether it is destroyed.
fn wounds(
    t: &Book,
    air: &AirStrikes,
    dice: &mut Dice,
    (gunner, strength): (&Soldier, i32),
    aim: Pos,
    events: &mut Events,
) -> bool {
    let words = Name::from(format!("strength {strength} against defense {}", air.defense).as_str());
    let mut roll_at = |need: u8| {
        let mut roll = dice.check(Purpose::EbAaWound, 1, 6, i32::from(need), Modifiers::default());
        roll.result = Some(words.clone());
        let ok = roll.succeeded();
        events.push(Event::Roll(roll.by(&gunner.id).on(aim)));
        ok
    };
    match t.wound_need(strength, air.defense) {
        WoundNeed::N(need) => roll_at(need),
        WoundNeed::Then(need) => roll_at(6) && roll_at(need),
        WoundNeed::No => false,
    }
}

#[cfg(test)]
#[path = "aa_tests.rs"]
mod tests;
