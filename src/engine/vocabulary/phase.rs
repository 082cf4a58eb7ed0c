//! Where a patrol is in the game loop: moving hex by hex, in a card-by-card
//! action (its deck, the cards turned, the man whose card is up), or over.

use serde::{Deserialize, Serialize};

use crate::engine::ruleset::combat_patrol::flight::Flight;
use crate::engine::ruleset::pressure::Leave;
use crate::engine::vocabulary::command::PointUse;
use crate::engine::vocabulary::soldier::Side;

/// Where the patrol is in the game loop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Sections move hex by hex, each hex entered an incident check.
    Patrol,
    /// Card-by-card tactical action.
    Action(Action),
    /// The patrol is over; `outcome` says how.
    Over { outcome: String },
}

/// A tactical action in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// Face-down cards; the next card is the last.
    pub deck: Vec<Card>,
    /// Cards turned this turn, in order.
    pub turned: Vec<Card>,
    /// The friendly soldier whose card is up and who has not acted yet.
    pub up: Option<usize>,
    /// The turn number within this action, from 1.
    pub turn: u32,
    /// STOP cards in a row at which nobody could fire at anybody.
    pub quiet_turns: u32,
    /// Enemy soldiers in the action when it began or joined it.
    pub enemies_met: usize,
    /// What the man whose card is up may do on it, as the rule set's
    /// activation test left him (`Rules::activate`); free under Lone Warrior.
    #[serde(default, skip_serializing_if = "Leave::is_free")]
    pub leave: Leave,
    /// A grenade in the air, waiting for the player to steer its scatter
    /// (`steer`): nothing else happens until it lands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flight: Option<Flight>,
    /// How much of his move the man whose card is up has used on it, under
    /// rules that move a man more than a hex on his card (`Rules::moves`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub steps: u8,
    /// The man whose card is up goes at the double on it (European
    /// Battlefield's special move): twice his move, no fire, no charge.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub double: bool,
    /// This turn's priority phase, under rules whose turn has one
    /// (`Rules::priority`: European Battlefield's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Priority>,
}

/// A turn's priority phase: the side that acts first, its command points
/// left, and what the squads have rolled and spent this turn. A squad is
/// named by its number (a man of no squad by `u32::MAX` less his place in
/// `Game::soldiers`: `Game::squad_key`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Priority {
    pub side: Side,
    /// Command points not yet spent, one a squad of `side`.
    pub points: u8,
    /// The squads of `side` that have spent their point this turn, and on what.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<(u32, PointUse)>,
    /// The squads of either side that rolled to act at their first card
    /// this turn, and what the roll left them free to do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated: Vec<(Side, u32, Leave)>,
}

impl Priority {
    /// Whether squad `squad` of `side` may spend a command point now.
    pub fn may_spend(&self, side: Side, squad: u32) -> bool {
        self.side == side && self.points > 0 && !self.spent.iter().any(|(s, _)| *s == squad)
    }

    /// What squad `squad` of the side with priority spent its point on.
    pub fn spent_on(&self, squad: u32) -> Option<PointUse> {
        self.spent.iter().find(|(s, _)| *s == squad).map(|(_, on)| *on)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A card of the action deck.
///
/// The index is a `u32`, not a `usize`: the deck is dealt again at every
/// STOP, and a smaller card is quicker to write and shuffle. Saves read
/// and write it as the same number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Card {
    /// A card of the soldier with this index (see `Card::soldier`, `Card::owner`).
    Soldier(u32),
    Stop,
}

impl Card {
    /// The card of the soldier at index `i` of `Game::soldiers`.
    pub fn soldier(i: usize) -> Card {
        Card::Soldier(u32::try_from(i).expect("fewer than 2^32 soldiers"))
    }

    /// The index in `Game::soldiers` of the soldier whose card this is; None for STOP.
    pub fn owner(self) -> Option<usize> {
        match self {
            Card::Soldier(i) => Some(i as usize),
            Card::Stop => None,
        }
    }
}
