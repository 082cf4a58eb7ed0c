//! What happened, as the engine reports it. Every front end, log and test
//! reads these; their JSON shape is a published interface (docs/EVENTS.md).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::dice::Roll;
use super::pos::Pos;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new patrol: the scenario, the seed and the squad.
    Start {
        scenario: String,
        seed: u64,
        squad: Vec<String>,
        hex: Pos,
    },
    Roll(Roll),
    /// Soldiers stepped from one hex to the next.
    Moved {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        section: Option<String>,
        soldiers: Vec<String>,
        from: Pos,
        to: Pos,
    },
    /// The incident table's result.
    Incident {
        name: String,
        hex: Pos,
    },
    /// Enemy soldiers placed on the map.
    EnemyAppears {
        group: String,
        soldiers: Vec<String>,
        hex: Pos,
    },
    /// The map had no free hex at the group's distance, so nobody came.
    EnemyUnplaced {
        group: String,
        min: u32,
        max: u32,
    },
    MinefieldMarked {
        hex: Pos,
    },
    /// A wound settled: by a mine, or by the casualty roll after an action.
    Wounded {
        soldier: String,
        wound: String,
    },
    ActionStart {
        hex: Pos,
    },
    Deck {
        size: usize,
        composition: BTreeMap<String, u32>,
    },
    Card {
        card: String,
        side: String,
    },
    /// The card's owner can no longer act; the card passes.
    CardLost {
        soldier: String,
        reason: String,
    },
    Hold {
        soldier: String,
    },
    /// A shot about to be rolled: who at whom, how far, which band.
    Shot {
        shooter: String,
        target: String,
        weapon: String,
        distance: u32,
        band: String,
    },
    /// Indirect fire aimed at a hex.
    Bombard {
        firer: String,
        hex: Pos,
        distance: u32,
    },
    /// Knocked over where he stands.
    Hit {
        soldier: String,
        by: String,
    },
    Killed {
        soldier: String,
        by: String,
    },
    HandToHand {
        attacker: String,
        defender: String,
        difference: u32,
        outcome: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loser: Option<String>,
    },
    Carried {
        wounded: String,
        bearers: Vec<String>,
        from: Pos,
        to: Pos,
    },
    Exited {
        soldiers: Vec<String>,
        hex: Pos,
    },
    /// The STOP card: the turn ends.
    Stop {
        turn: u32,
    },
    ActionEnd {
        reason: String,
    },
    /// Enemy soldiers who slipped away.
    Gone {
        soldiers: Vec<String>,
    },
    Split {
        section: String,
        new_section: String,
        soldiers: Vec<String>,
    },
    Joined {
        section: String,
        into: String,
    },
    /// The patrol's sections after an action: one per hex with friendly soldiers.
    Sections {
        sections: Vec<SectionView>,
    },
    ObjectiveReached {
        hex: Pos,
    },
    /// An objective hex of a reconnaissance entered; `left` still to see.
    Reconnoitred {
        hex: Pos,
        left: u32,
    },
    /// A prisoner left alone in a hex when the patrol re-formed: he is lost.
    PrisonerLost {
        prisoner: String,
        hex: Pos,
    },
    /// A seriously wounded enemy taken prisoner; he is carried like a wounded man.
    Captured {
        prisoner: String,
        section: String,
        hex: Pos,
    },
    PatrolEnd {
        outcome: String,
        objective_reached: bool,
        home: Vec<String>,
        left_behind: Vec<String>,
        dead: Vec<String>,
        /// Prisoners brought home.
        prisoners: Vec<String>,
        enemy_casualties: u32,
    },
    /// A replacement joins the roster before a patrol.
    Replacement {
        soldier: String,
        rank: String,
        weapon: String,
    },
    /// A man back from a serious wound, fit for duty again.
    Recovered {
        soldier: String,
    },
    /// A campaign patrol is over and its record kept; `next` names the patrol to come.
    Debrief {
        patrol: u32,
        outcome: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<String>,
    },
    /// The patrol-leader policy chose a command (written by `auto`).
    Auto {
        command: String,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectionView {
    pub name: String,
    pub hex: Pos,
    pub soldiers: Vec<String>,
}
