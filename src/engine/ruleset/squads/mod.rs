//! The part of the seam for rule sets whose men fight as squads of teams
//! (the company level): a squad fires as one at a squad, and the squad
//! fired at saves and loses teams as one. Rule sets without squads leave
//! these hooks at their defaults, and every man fires on his own.

pub(in crate::engine) mod fire;
pub(in crate::engine) mod moves;

use crate::engine::book::Terrain;
use crate::engine::vocabulary::soldier::{Pressure, Soldier};

/// A squad's fire at a squad, as the loop gathered it for the rule set.
pub struct SquadFire<'a> {
    /// The teams that fire: the one whose card is up first, then each
    /// team of its squad that joins (in reach and sight of a team fired
    /// at, and with a card still to come this turn, which it spends).
    pub firers: Vec<Firer<'a>>,
    /// The teams of the squad fired at that a firer sees and reaches, the
    /// nearest to a firer first (then by the roster's order).
    pub targets: Vec<TargetTeam<'a>>,
    /// Every able team of the squad fired at, in sight or not: its pinning
    /// counts them all.
    pub squad: Vec<&'a Soldier>,
    /// The able men of the side fired at in its other squads, on the map
    /// (European Battlefield: a commander near the squad lends it his
    /// courage).
    pub others: Vec<&'a Soldier>,
    /// The hexes of the squad fired at that hold more than one team.
    pub overloaded: u32,
    /// The team whose card is up moved on it and stands beside (or in the
    /// hex of) a team it fires at.
    pub assault: bool,
    /// The squad fired at holds a command point (European Battlefield's
    /// priority phase), which it spends on a courage test it takes.
    pub point: bool,
}

/// A team that fires.
pub struct Firer<'a> {
    pub man: &'a Soldier,
    /// It moved this turn: it fires at its moving rate.
    pub moved: bool,
}

/// A team fired at, and the ground it stands on.
pub struct TargetTeam<'a> {
    pub man: &'a Soldier,
    pub terrain: &'a Terrain,
    /// Hexes to the nearest team that fires.
    pub distance: u32,
}

/// A team a squad's fire took: its place in `SquadFire::targets`, and the
/// place in `SquadFire::firers` of the team whose die took it (the hit is
/// his: his record and experience count it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost {
    pub target: usize,
    pub by: usize,
}

/// What a squad's fire did: the teams it took, and the pressure the squad
/// fired at is under after it, if that changed (pinned, suppressed, gone to
/// ground, routed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fired {
    pub lost: Vec<Lost>,
    pub pressure: Option<Pressure>,
    /// It took a commander: every squad of his side tests (`Rules::shaken`).
    pub commander_lost: bool,
    /// The squad fired at spent its command point on a courage test.
    pub point_spent: bool,
    /// The vehicles among the targets that it hurt (rule sets with their
    /// own vehicles, `Rules::vehicles`), each with what it has suffered now.
    pub vehicles: Vec<VehicleHurt>,
}

/// A vehicle a fire hurt: its place in `SquadFire::targets`, what it has
/// suffered now, and whether that puts it out of the fight (destroyed,
/// exploded, or abandoned by its crew): a hulk where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VehicleHurt {
    pub target: usize,
    pub hurt: crate::engine::ruleset::european::tables::vehicles::Hurt,
    pub out: bool,
}

/// The exact odds of a squad's fire before it is made: its firing dice,
/// the chance of each number of hits, and of each number of saves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquadOdds {
    pub dice: u32,
    pub hits: Vec<crate::engine::dice::chance::Chance>,
    /// Empty where the rule set does not count them in advance.
    pub saves: Vec<crate::engine::dice::chance::Chance>,
    /// What the firing dice and the saving dice are for, as their rolls
    /// name them, and the sides of each.
    pub purposes: (crate::engine::dice::Purpose, crate::engine::dice::Purpose),
    pub sides: (u8, u8),
}

/// How far a team moves on its card, in steps of the open ground: a step
/// into difficult terrain costs `open / difficult` of them (rounded up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    pub open: u32,
    pub difficult: u32,
}

impl Moves {
    /// The steps a move into ground of this kind costs.
    pub fn cost(self, difficult: bool) -> u32 {
        if difficult { self.open.div_ceil(self.difficult.max(1)) } else { 1 }
    }
}
