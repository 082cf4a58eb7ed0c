//! What a campaign remembers of its men and its patrols: the roster that
//! carries over from patrol to patrol, and the record each finished patrol
//! leaves. Named from `campaign` too (`campaign::RosterMan`).

use serde::{Deserialize, Serialize};

use crate::engine::book::scenario::{Member, Scenario};
use crate::engine::game::Game;
use crate::engine::vocabulary::event::{Event, Survivor};
use crate::engine::vocabulary::limits::counted;
use crate::engine::vocabulary::soldier::Side;

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
    /// Patrols he came home from wounded.
    #[serde(default, skip_serializing_if = "crate::engine::vocabulary::limits::is_zero")]
    pub wounds: u32,
    /// A trained medic.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub medic: bool,
    /// His team's squad, in a campaign played by squads (the company level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squad: Option<u32>,
    /// A conscript team (the company level).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conscript: bool,
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
    /// The patrol's scenario as it set out: its map, briefing and
    /// objective, and the squad that went out (each man's rank, weapon,
    /// and whether he was a veteran). None in a record written before
    /// records kept it: such a record has no map and no briefing to show.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// Every order of the patrol (the leader's too), in the command
    /// language, as take-backs kept them (or, iron man, the campaign's
    /// `iron_orders`): played again from `scenario` and `seed`, they give
    /// `events` again (a replay). Empty in a record written before records
    /// kept them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<String>,
}

/// A man joins the roster; one marked a veteran starts with a veteran's experience.
pub(in crate::engine) fn recruit(m: &Member, veteran_at: u32) -> RosterMan {
    RosterMan {
        name: m.name.clone(),
        rank: m.rank.clone(),
        weapon: m.weapon.clone(),
        status: Status::Fit,
        experience: if m.veteran { veteran_at } else { 0 },
        patrols: 0,
        hits: 0,
        wounds: 0,
        medic: m.medic,
        squad: m.squad,
        conscript: m.conscript,
    }
}

impl RosterMan {
    /// He as a man of a patrol's squad: a veteran once his experience
    /// reaches `veteran_at`.
    pub(in crate::engine) fn member(&self, veteran_at: u32) -> Member {
        Member {
            name: self.name.clone(),
            rank: self.rank.clone(),
            weapon: self.weapon.clone(),
            veteran: self.experience >= veteran_at,
            medic: self.medic,
            squad: self.squad,
            conscript: self.conscript,
        }
    }
}

/// The scenario of the patrol `game` plays, with the squad as it set out
/// from `roster` (each man's veteran mark as it was): for the patrol's
/// record, taken before the roster learns how the patrol went.
pub(in crate::engine) fn as_set_out(
    scenario: &Scenario,
    roster: &[RosterMan],
    game: &Game,
    veteran_at: u32,
) -> Scenario {
    let squad = game
        .soldiers
        .iter()
        .filter(|s| s.side == Side::Friendly)
        .filter_map(|s| roster.iter().find(|m| m.name == s.id))
        .map(|m| m.member(veteran_at))
        .collect();
    Scenario { squad, chain_of_command: game.chain_of_command, ..scenario.clone() }
}

/// How the campaign's patrols ended, counted as each ends. The records of
/// the patrols are archived away by the save layer; these few numbers stay
/// in the campaign (the same size at patrol 1,000 as at patrol 1), for the
/// summary its end gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcomes {
    /// Patrols counted: every one finished, but in a campaign saved
    /// part-way by a version that did not count them.
    pub counted: u32,
    pub success: u32,
    pub failed: u32,
    pub lost: u32,
    /// Men dead or missing.
    pub men_lost: u32,
}

impl Outcomes {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// A patrol that ended so (`success`, `failed` or `lost`), losing `men_lost`.
    pub fn count(&mut self, outcome: &str, men_lost: u32) {
        self.counted = counted(self.counted, 1);
        match outcome {
            "success" => self.success = counted(self.success, 1),
            "failed" => self.failed = counted(self.failed, 1),
            "lost" => self.lost = counted(self.lost, 1),
            _ => {}
        }
        self.men_lost = counted(self.men_lost, men_lost);
    }
}

impl PatrolRecord {
    /// Men of the patrol dead or missing.
    pub fn men_lost(&self) -> u32 {
        self.men.iter().filter(|m| m.fate == "dead" || m.fate == "missing").count() as u32
    }
}

/// The men on the roll, with their service, as the campaign's end names them.
pub(in crate::engine) fn survivors(roster: &[RosterMan], veteran_at: u32) -> Vec<Survivor> {
    roster
        .iter()
        .map(|m| Survivor {
            name: m.name.as_str().into(),
            rank: m.rank.as_str().into(),
            patrols: m.patrols,
            hits: m.hits,
            veteran: m.experience >= veteran_at,
            out: match m.status {
                Status::Fit => 0,
                Status::Wounded(n) => n,
            },
        })
        .collect()
}
