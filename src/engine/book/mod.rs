//! The rules data the engine plays by: the rule book's tables. These are
//! plain types: `rules/` fills them from the RON files under `assets/` and
//! checks them before the engine ever sees them, so the engine may rely on
//! what `RuleBook::check` promises. The scenarios played on them are in
//! `scenario`, and read from here too.

pub mod combat_patrol;
pub mod company;
pub mod european;
pub mod european_army;
pub mod european_transport;
pub mod european_vehicles;
pub mod scenario;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::engine::ruleset::lone_warrior::arsenal::{Arsenal, yes};
use crate::engine::vocabulary::name::{Name, is_key};

/// Everything the Lone Warrior loop needs to know, in one value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleBook {
    pub terrain: Vec<Terrain>,
    pub weapons: Vec<Weapon>,
    pub fire: FireTable,
    pub incident: IncidentCheck,
    pub incident_table: Vec<IncidentEntry>,
    pub casualty_table: Vec<CasualtyEntry>,
    pub hand_to_hand: HandToHand,
    pub template: Template,
    pub action: ActionRules,
    pub patrol: PatrolRules,
    pub campaign: CampaignRules,
    /// Enemy groups an incident can bring, by key.
    pub forces: BTreeMap<String, Group>,
    /// Vehicles, anti-tank and H.E. fire. Saves made before they existed
    /// load without them.
    #[serde(default)]
    pub arsenal: Arsenal,
    /// The Combat Patrol rule set's tables, in a book whose games are
    /// played by it (`Rules::book_for`, asked by `Campaign::new`, leaves them out of the rest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_patrol: Option<Box<crate::engine::book::combat_patrol::CombatPatrol>>,
    /// The company-level rule set's tables, kept as Combat Patrol's are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<Box<crate::engine::book::company::Company>>,
    /// The European Battlefield rule set's tables, kept as Combat Patrol's are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub european: Option<Box<crate::engine::book::european::European>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    None,
    Soft,
    Hard,
}

impl Cover {
    /// For choosing hexes: hard cover first (0), then soft, then none.
    pub fn preference(self) -> u8 {
        match self {
            Cover::Hard => 0,
            Cover::Soft => 1,
            Cover::None => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub key: Name,
    pub name: Name,
    /// The character that stands for this terrain in a scenario's map rows.
    pub glyph: char,
    /// Added to the incident need when a section enters (woods and buildings: -1).
    pub incident_modifier: i32,
    pub cover: Cover,
    pub blocks_sight: bool,
    pub passable: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub key: Name,
    pub name: Name,
    pub kind: WeaponKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WeaponKind {
    /// Aimed fire: the longest distance, in hexes, of each range band.
    /// A band whose limit equals the one before it does not exist for the weapon.
    Direct { short: u32, medium: u32, long: u32 },
    /// Indirect fire on a hex: need the hex count or more on a D6.
    Mortar { max_range: u32 },
    /// An anti-tank weapon (its ranges are in the arsenal's A/T table); at
    /// men its man fires his side arm.
    AntiTank { side_arm: Name },
    /// A gun (a tank's, an anti-tank gun's): at a hex of men it fires H.E.
    /// by the arsenal's H.E. rules; at one man, its side arm if it has one
    /// (a tank's hull MG).
    Gun { side_arm: Option<Name> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Band {
    Short,
    Medium,
    Long,
}

impl Band {
    pub fn name(self) -> &'static str {
        match self {
            Band::Short => "short",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }

    /// The next longer band, or None past long.
    pub fn longer(self) -> Option<Band> {
        match self {
            Band::Short => Some(Band::Medium),
            Band::Medium => Some(Band::Long),
            Band::Long => None,
        }
    }
}

/// To hit on a D6 by range band (short 3+, medium 4+, long 5+).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    pub short: u8,
    pub medium: u8,
    pub long: u8,
    /// A target in this cover or better counts one band longer.
    pub cover_from: Cover,
}

impl FireTable {
    pub fn need(&self, band: Band) -> u8 {
        match band {
            Band::Short => self.short,
            Band::Medium => self.medium,
            Band::Long => self.long,
        }
    }
}

/// The incident check made for every hex entered: 2D6, incident on `base`
/// or more; each earlier incident of the patrol lowers the need by one, down
/// to `max_earlier` of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentCheck {
    pub dice: u8,
    pub sides: u8,
    pub base: u8,
    pub per_earlier_incident: i32,
    pub max_earlier: u32,
    /// Whether a false alarm counts as an earlier incident. The rule says
    /// "each previous incident"; its example speaks of an encounter with the
    /// enemy. Set false to count only the incidents that were not false alarms.
    #[serde(default = "yes")]
    pub false_alarms_count: bool,
    /// Whether the check at a STOP card counts earlier incidents too. The
    /// terrain modifiers never apply there: nobody entered a hex.
    pub earlier_incidents_at_stop: bool,
    /// House rule: a minefield or booby trap rolled at a STOP card goes off
    /// in the hex of the first able man. Off, nobody stepped anywhere and
    /// nothing happens.
    #[serde(default = "yes")]
    pub mines_at_stop: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncidentEntry {
    /// Inclusive range of 2D6 totals that give this result.
    pub rolls: (u8, u8),
    pub name: Name,
    pub kind: IncidentKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum IncidentKind {
    FalseAlarm,
    Minefield,
    /// A booby trap: the template picks who sets it off; he rolls for his
    /// wound at once. The hex is not marked.
    BoobyTrap,
    /// An enemy group joins, placed between `min` and `max` hexes away.
    Enemy {
        group: Name,
        min: u32,
        max: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wound {
    Flesh,
    Serious,
    Dead,
    /// Combat Patrol's light wound: no moving on his own, -1 to shooting.
    Light,
    /// Combat Patrol's critical wound: dies without aid.
    Critical,
}

impl Wound {
    pub fn name(self) -> &'static str {
        match self {
            Wound::Flesh => "flesh_wound",
            Wound::Serious => "serious_wound",
            Wound::Dead => "dead",
            Wound::Light => "light_wound",
            Wound::Critical => "critical_wound",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyEntry {
    pub rolls: (u8, u8),
    pub wound: Wound,
}

/// One die each; a difference in `knock_out` knocks the loser over, one of
/// `kill_from` or more kills him; a tie settles nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandToHand {
    pub sides: u8,
    pub knock_out: (u8, u8),
    pub kill_from: u8,
}

/// The six-triangle hex template used by mortar, H.E. and mines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    pub triangles: u8,
}

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

/// An enemy group from the forces list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: Name,
    /// Snipers, MG teams and mortars hold their ground.
    pub stays_put: bool,
    /// Placed where it can see the patrol, if such a hex is free.
    pub wants_sight: bool,
    pub men: Vec<Man>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Man {
    pub role: Name,
    pub weapon: Name,
    /// The first shot of a sniper or MG card misses only on a 1.
    #[serde(default)]
    pub first_shot: bool,
    /// A vehicle of this type (a key of the arsenal), its crew included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle: Option<Name>,
}

impl RuleBook {
    pub fn weapon(&self, key: &str) -> Option<&Weapon> {
        self.weapon_index(key).map(|i| &self.weapons[i])
    }

    /// Where the weapon with this key is in the list.
    pub fn weapon_index(&self, key: &str) -> Option<usize> {
        self.weapons.iter().position(|w| is_key(&w.key, key))
    }

    /// Where the weapon a man carrying the weapon at `own` (an index in
    /// `weapons`) aims at men with is: his own, or the side arm of an
    /// anti-tank weapon or a gun.
    pub fn aimed_index(&self, own: usize) -> Option<usize> {
        match &self.weapons[own].kind {
            WeaponKind::AntiTank { side_arm } | WeaponKind::Gun { side_arm: Some(side_arm) } => {
                self.weapon_index(side_arm)
            }
            _ => Some(own),
        }
    }

    pub fn terrain_by_glyph(&self, glyph: char) -> Option<usize> {
        self.terrain.iter().position(|t| t.glyph == glyph)
    }

    pub fn incident_for(&self, total: u8) -> Option<&IncidentEntry> {
        self.incident_table.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&total))
    }

    pub fn wound_for(&self, face: u8) -> Option<Wound> {
        self.casualty_table.iter().find(|e| (e.rolls.0..=e.rolls.1).contains(&face)).map(|e| e.wound)
    }
}
