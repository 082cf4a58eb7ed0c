//! A question about the odds (`OddsQuery`) and its answer: each roll the
//! choice would make, with its need and modifiers, or its table's results
//! and the chance of each.

use serde::Serialize;

use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Modifiers, Purpose};
use crate::engine::ruleset::Odds;
use crate::engine::vocabulary::command::Target;
use crate::engine::vocabulary::pos::Pos;

/// A question about the odds of a choice. Its text form is what follows
/// `odds` in the command language (docs/COMMANDS.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsQuery {
    /// Patrol movement: the incident check for a section stepping into a
    /// hex, and what the incident table would give.
    Move { section: Option<String>, to: Pos },
    /// Aimed fire by `shooter` (the man whose card is up if None).
    Fire { shooter: Option<String>, target: Target },
    /// Fire by the special method of `shooter`'s weapon (Combat Patrol):
    /// one shot of a burst; a spray's reaction test of the man aimed at; an
    /// arc's bullets at him, then each bullet's shot.
    Special { shooter: Option<String>, target: Target },
    /// A hand grenade `thrower` would throw at `hex` (Combat Patrol): the
    /// throw's table, then the wound chart of a man in the blast.
    Throw { thrower: Option<String>, hex: Pos },
    /// Hand-to-hand: `attacker` (the man whose card is up if None) against `defender`.
    Fight { attacker: Option<String>, defender: String },
    /// A mortar crewman's fire at a hex (the one he would choose if None),
    /// and the template if the bombs land.
    Bombard { firer: String, hex: Option<Pos> },
    /// H.E. fire the patrol's radio man would call on a hex, and the
    /// template if it lands (its modifiers as things stand now).
    Call { hex: Pos },
    /// The patrol's air strike on a hex (European Battlefield's battery):
    /// whether it comes, then its roll to hit.
    CallAir { hex: Pos },
    /// The incident check at the STOP card of this turn.
    Stop,
    /// The casualty roll a hit man makes when the action is over.
    Casualty { soldier: Option<String> },
}

/// The odds of one roll: its dice, and either its need with the chance of
/// success or each result of its table with its chance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollOdds {
    pub purpose: Purpose,
    /// `NdS` as in roll events; in hand-to-hand each fighter throws these.
    pub dice: String,
    #[serde(flatten)]
    pub spread: Spread,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub soldier: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<Pos>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Spread {
    /// A pass/fail roll: the need after the modifiers, and the chance to reach it.
    Check { need: i32, modifiers: Modifiers, chance: Chance },
    /// A table roll: each result the roll event could show, with its chance.
    Table { outcomes: Vec<Outcome> },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub result: String,
    /// Hand-to-hand: who goes down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loser: Option<String>,
    pub chance: Chance,
}

/// The answer to an `OddsQuery`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsAnswer {
    /// The question, in the command language.
    pub query: String,
    #[serde(flatten)]
    pub roll: RollOdds,
    /// The roll that follows only if this one succeeds: the incident table
    /// after an incident, the template after a mortar hit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<RollOdds>,
}

impl RollOdds {
    pub(super) fn new(purpose: Purpose, dice: String, spread: Spread) -> Self {
        Self { purpose, dice, spread, soldier: None, target: None, hex: None }
    }

    /// A pass/fail roll with these odds.
    pub(super) fn check(purpose: Purpose, odds: &Odds) -> Self {
        let spread = Spread::Check { need: odds.need(), modifiers: odds.modifiers.clone(), chance: odds.exact() };
        Self::new(purpose, odds.dice_name(), spread)
    }

    pub(super) fn by(mut self, soldier: &str) -> Self {
        self.soldier = Some(soldier.to_string());
        self
    }

    pub(super) fn at(mut self, target: &str) -> Self {
        self.target = Some(target.to_string());
        self
    }

    pub(super) fn on(mut self, hex: Pos) -> Self {
        self.hex = Some(hex);
        self
    }

    /// The chance of success of a pass/fail roll.
    pub fn chance(&self) -> Option<Chance> {
        match &self.spread {
            Spread::Check { chance, .. } => Some(*chance),
            Spread::Table { .. } => None,
        }
    }

    /// The results of a table roll.
    pub fn outcomes(&self) -> &[Outcome] {
        match &self.spread {
            Spread::Check { .. } => &[],
            Spread::Table { outcomes } => outcomes,
        }
    }
}

/// Adds `ways` to the outcome named `result`, or a new outcome after the others.
pub(super) fn tally(outcomes: &mut Vec<Outcome>, result: String, chance: Chance) {
    match outcomes.iter_mut().find(|o| o.result == result) {
        Some(o) => o.chance.ways += chance.ways,
        None => outcomes.push(Outcome { result, loser: None, chance }),
    }
}
