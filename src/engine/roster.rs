//! What a campaign remembers of its men and its patrols: the roster that
//! carries over from patrol to patrol, and the record each finished patrol
//! leaves. Named from `campaign` too (`campaign::RosterMan`).

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::scenario::Member;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Fit,
    /// Recovering from a serious wound: misses this many more patrols.
    Wounded(u32),
}

/// A man of the roster, remembered for the whole campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RosterMan {
    pub name: String,
    pub rank: String,
    pub weapon: String,
    pub status: Status,
    pub experience: u32,
    /// Patrols he went out on.
    pub patrols: u32,
    /// Enemy he hit or beat hand-to-hand.
    pub hits: u32,
    /// A trained medic.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub medic: bool,
}

/// What one man did on one patrol.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManRecord {
    pub name: String,
    pub hits: u32,
    /// How he came out of it: `fit`, `flesh_wound`, `serious_wound`, `dead`, `missing`.
    pub fate: String,
}

/// The record a finished patrol leaves: written once, never rewritten.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PatrolRecord {
    /// Numbered from 1.
    pub number: u32,
    pub name: String,
    pub seed: u64,
    pub outcome: String,
    pub incidents: u32,
    pub actions: u32,
    pub enemy_hit: u32,
    pub prisoners: Vec<String>,
    pub men: Vec<ManRecord>,
    /// Every event of the patrol, in order.
    pub events: Vec<Event>,
}

/// A man joins the roster; one marked a veteran starts with a veteran's experience.
pub(super) fn recruit(m: &Member, veteran_at: u32) -> RosterMan {
    RosterMan {
        name: m.name.clone(),
        rank: m.rank.clone(),
        weapon: m.weapon.clone(),
        status: Status::Fit,
        experience: if m.veteran { veteran_at } else { 0 },
        patrols: 0,
        hits: 0,
        medic: m.medic,
    }
}
