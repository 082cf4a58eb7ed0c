//! The numbers the loop plays by: the deck's cards and STOP, carrying the
//! wounded, and the campaign's experience, promotion and replacements.

use crate::engine::vocabulary::fields::yes;
use crate::engine::vocabulary::name::Name;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRules {
    pub cards_per_soldier: u32,
    pub stop_cards: u32,
    /// The need for the sniper's and MG team's first shot ("misses only on a 1").
    pub first_shot_need: u8,
    /// Mortar: +1 to the hex count when the target moved this turn.
    pub mortar_moved_modifier: i32,
    /// After this many STOP cards in a row at which nobody on either side
    /// could fire at anybody, the enemy closes in (every man of it moves on
    /// the patrol, snipers and MG teams too), or, with `contact_breaks`, the
    /// action ends and the enemy slips away.
    pub quiet_turns_to_break_contact: u32,
    /// House rule: a sniper's or MG team's first shot keeps to range bands
    /// and cover. Off, as written: it misses only on a 1 at any range the
    /// weapon reaches.
    #[serde(default = "yes")]
    pub first_shot_by_the_table: bool,
    /// House rule: men sharing a hex fight only when one chooses to. Off, as
    /// written: opposing men who come to share a hex fight at once, pair by
    /// pair, and nobody leaves a hex an able enemy holds.
    #[serde(default = "yes")]
    pub hand_to_hand_by_choice: bool,
    /// House rule: quiet STOP cards end the action (see above). Off, as
    /// written: the action goes on until every enemy is hit.
    #[serde(default = "yes")]
    pub contact_breaks: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatrolRules {
    /// Fit men needed to carry one seriously wounded comrade.
    pub bearers_per_wounded: u32,
    /// House rule: in an action, carrying spends only the card of the man
    /// whose card is up. Off, as written: every bearer spends one.
    #[serde(default = "yes")]
    pub one_bearer_card: bool,
}

/// What happens to the roster between patrols, and what experience is worth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignRules {
    /// Patrols a seriously wounded man misses before he is back.
    pub serious_wound_patrols: u32,
    /// Experience for each patrol a man comes home from.
    pub experience_per_patrol: u32,
    /// Experience for each enemy he hits (or beats hand-to-hand).
    pub experience_per_hit: u32,
    /// Experience at which a man is a veteran.
    pub veteran_at: u32,
    /// Added to a veteran's fire need: -1 means he hits one pip more often.
    pub veteran_fire_modifier: i32,
    /// Replacements bring the men fit for duty up to this many before a patrol.
    pub squad_size: u32,
    /// Support weapons the company hands out again: when the squad sets out
    /// with none of one it began the campaign with, a rifleman takes it.
    #[serde(default)]
    pub reissue: Vec<Name>,
    /// Names for the rookies sent once a campaign's own replacements run
    /// out, in order; after the last, they are numbered.
    #[serde(default)]
    pub rookie_names: Vec<Name>,
    /// The ranks in order of seniority, the lowest first (`promotion.rs`).
    /// A rank not listed is junior to every rank listed.
    #[serde(default)]
    pub ranks: Vec<Name>,
    /// How men rise in rank between patrols, the highest rank first.
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// A man who took command when his leader fell, and came home, is
    /// raised one rank (never above the rank of the man he took over from).
    #[serde(default)]
    pub field_promotion: bool,
}

/// One step up the ranks: a man of the rank below `to` (in `ranks`) who
/// came home from his patrol rises to `to` once he has served `patrols`
/// and gained `experience`, while fewer than `most` men of the roster hold
/// `to` already.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    pub to: Name,
    pub patrols: u32,
    pub experience: u32,
    pub most: u32,
}
