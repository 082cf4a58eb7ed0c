//! The values a rule set answers the loop with: the odds of a roll, a
//! shot as the fire rules see it, an aimed shot as it is fired, and how a
//! fight hand to hand came out.

use crate::engine::book::{Band, Cover, Weapon};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, DiceSet, Modifiers, Purpose, Roll};
use crate::engine::ruleset::lone_warrior::arsenal::AtBand;
use crate::engine::vocabulary::soldier::{Side, State};

/// What a pass/fail roll needs: the dice, the base need and what changed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// How many dice are thrown and added (2 for the incident check).
    pub dice: u8,
    pub sides: u8,
    pub base: i32,
    pub modifiers: Modifiers,
    /// The range band the shot counts at before cover (aimed fire only).
    pub band: Option<Band>,
}

impl Odds {
    pub fn need(&self) -> i32 {
        self.base + self.modifiers.total()
    }

    /// The exact chance of success as a probability, from the dice.
    pub fn chance(&self) -> f64 {
        self.exact().value()
    }

    /// The exact chance of success: the throws that reach the need, counted.
    pub fn exact(&self) -> Chance {
        Chance::at_least(self.dice, self.sides, self.need())
    }

    /// "2d6", as roll events write the dice.
    pub fn dice_name(&self) -> String {
        DiceSet { count: self.dice, sides: self.sides }.to_string()
    }

    /// The roll of these odds. It takes the odds, whose modifiers go into
    /// the roll as they are. Inlined into the shot that rolls it, as a
    /// roll is then made where it is kept.
    #[inline]
    pub fn roll(self, dice: &mut Dice, purpose: Purpose) -> Roll {
        dice.check(purpose, self.dice, self.sides, self.base, self.modifiers)
    }
}

/// An aimed shot as the fire rules see it.
#[derive(Debug)]
pub struct Aim<'a> {
    pub weapon: &'a Weapon,
    pub distance: u32,
    pub cover: Cover,
    /// A sniper's or MG team's first shot.
    pub first_shot: bool,
    /// A campaign veteran shoots better.
    pub veteran: bool,
    /// The shooter's side (Combat Patrol's accuracy is the side's).
    pub side: Side,
    /// The shooter's state (Combat Patrol's light wound shoots worse).
    pub state: State,
    /// The shooter was dragged by a comrade this turn (Combat Patrol's
    /// dragged man shoots worse again).
    pub dragged: bool,
    /// By the weapon's special firing method (Combat Patrol's `X/-Y`);
    /// the kept needs of the engine's own choices are all standard.
    pub special: bool,
}

/// How a hand-to-hand fight came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Melee {
    Tie,
    /// Beaten, and unhurt: the loser gives ground (European Battlefield's
    /// wound roll failed).
    Repulsed,
    /// The loser is hit (`Rules::hit` says what that does).
    KnockedOut,
    Killed,
}

impl Melee {
    pub fn name(self) -> &'static str {
        match self {
            Melee::Tie => "tie",
            Melee::Repulsed => "repulsed",
            Melee::KnockedOut => "knocked_out",
            Melee::Killed => "killed",
        }
    }
}

/// One way a fight can end, with its exact chance. `attacker_lost` is None on a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeleeOdds {
    pub outcome: Melee,
    pub attacker_lost: Option<bool>,
    pub chance: Chance,
}

/// An aimed shot as it is fired: its odds, and at a vehicle the anti-tank
/// band a hit is rolled at. Worked out once for both the odds and the
/// firing. The weapon the `Shot` event names is not kept: `AimedShot::weapon`
/// finds it when the event is written, and a run without events (every
/// shot of a simulation) copies no name.
pub struct AimedShot {
    pub odds: Odds,
    pub at_band: Option<AtBand>,
    /// By the weapon's special firing method.
    pub special: bool,
}
