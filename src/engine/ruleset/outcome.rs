//! What the seam's hooks hand back to the loop: what struck a man and what
//! it did, a fight hand to hand, a grenade thrown, a wound tended; and the
//! default volley, one die.

use crate::engine::book::Wound;
use crate::engine::dice::{Dice, Purpose, Roll};
use crate::engine::ruleset::combat_patrol::flight::Flight;
use crate::engine::ruleset::{Melee, Odds};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Soldier, State};

/// The default `Rules::volley`: one die against the need, named for the
/// shooter and his target; one hit or none.
#[inline]
pub fn one_die_volley(dice: &mut Dice, odds: Odds, (shooter, target): (&Name, &Name), events: &mut Events) -> u32 {
    let mut roll = odds.roll(dice, Purpose::Fire);
    (roll.soldier, roll.target) = (Some(shooter.clone()), Some(target.clone()));
    let hits = u32::from(roll.succeeded());
    events.push(Event::Roll(roll));
    hits
}

/// What struck a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blow {
    /// An aimed shot that hit.
    Aimed,
    /// Beaten in a fight hand to hand.
    HandToHand,
    /// Under the template of mortar bombs or H.E.
    Shells,
    /// Under the template of a minefield.
    Mine,
    /// The man who set off a booby trap.
    BoobyTrap,
    /// In a hand grenade's blast.
    Grenade,
}

/// How a fight hand to hand went (`Rules::hand_to_hand`): every roll, the
/// two fighters' dice first (the attacker's, then the defender's); the
/// difference of the scores that decided it, as the rule set reckons
/// them; the outcome; whether the attacker lost.
#[derive(Clone, Debug, PartialEq)]
pub struct Fought {
    pub rolls: Vec<Roll>,
    pub difference: u32,
    pub outcome: Melee,
    pub attacker_lost: bool,
}

/// A hand grenade about to be thrown (`Rules::grenade`).
pub struct Throw<'a> {
    pub thrower: &'a Soldier,
    /// His place in the list of soldiers.
    pub index: usize,
    pub from: Pos,
    pub target: Pos,
    /// Whether the thrower sees the hex he throws at.
    pub in_sight: bool,
}

/// A hand grenade thrown: its roll, and the scatter it has to go (none
/// where it lands on the hex aimed at or is dropped at his feet).
#[derive(Clone, Debug, PartialEq)]
pub struct Thrown {
    pub roll: Roll,
    pub flight: Flight,
}

/// What a blow does when it lands.
#[derive(Clone, Debug, PartialEq)]
pub enum Hit {
    /// Down, to be rolled for when the action ends.
    KnockedOver,
    /// Wounded or killed now: by this roll, or by the rule alone.
    Wounded(Option<Roll>, Wound),
    /// Struck, and unhurt: this roll says so.
    Spared(Roll),
}

/// What tending a critically wounded man came to (`Rules::tend`).
#[derive(Clone, Debug, PartialEq)]
pub struct Tending {
    /// The friend's try, then the death test, as far as they were rolled.
    pub rolls: Vec<Roll>,
    /// Still critical, stabilised (a serious wound), or dead.
    pub state: State,
    /// His next death test's need, while he is still critical.
    pub dies_on: Option<u8>,
}
