//! The Combat Patrol rule set's tables ("Combat Patrol! My Go at WWII Squad
//! Level Wargaming Rules"): each man's accuracy on a D10, each weapon's
//! optimum and maximum range and shots, the 2D10 wound chart, the critical
//! wound's death test and the medic's test, and the reaction test the
//! article names and leaves to us. Read from `assets/rules/combat_patrol.ron`
//! and checked (`rules/check.rs`) before any game is played by them.

use serde::{Deserialize, Serialize};

use crate::engine::book::{Cover, Wound};
use crate::engine::vocabulary::name::Name;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatPatrol {
    /// The article measures in inches; this many make one hex. Every
    /// distance the article gives in inches is turned into hexes by it
    /// (`hexes`), and every range in this file is already in hexes.
    pub inches_per_hex: u32,
    /// The sides of the die each shot is rolled on (D10).
    pub sides: u8,
    pub accuracy: Accuracy,
    /// What moves the need of a shot (each a value added to the need: -1
    /// in the article's words is +1 here).
    pub modifiers: FireModifiers,
    /// The weapons' profiles, by the rule book's weapon keys.
    pub weapons: Vec<Profile>,
    /// The 2D10 rolled for every man hit, at the moment of the hit.
    pub wound_dice: (u8, u8),
    pub wound_chart: Vec<WoundBand>,
    pub critical: Critical,
    pub medic: Medic,
    pub reaction: ReactionTest,
    /// Men it takes to drag a wounded comrade, and the combat moves a hex
    /// of it costs each of them: the article's drag counts the distance
    /// twice.
    pub drag: Drag,
    /// The house rule `one_deed_a_card`: a man's card is one deed (a step,
    /// a shot, a throw, a reload, a drag), where the article's activation
    /// is a fire and a combat move, in either order. Tables written before
    /// it was a choice are read with it on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub one_deed: bool,
    pub grenade: Grenade,
    /// The three below came after the first Combat Patrol saves, whose rule
    /// books lack them: such a book reads with the article's spray and arc
    /// (its weapons name neither) and no ammunition that runs out.
    #[serde(default)]
    pub spray: Spray,
    #[serde(default)]
    pub machine_gun: MachineGun,
    /// The weapons whose ammunition runs out, by the rule book's keys.
    #[serde(default)]
    pub ammunition: Vec<Ammunition>,
}

impl Default for Spray {
    /// The article's: 3 inches, the reaction test at -2; reaching the hexes
    /// around, as tables written before that was a choice played it.
    fn default() -> Self {
        Spray { inches: 3, reaction: 2, around: true }
    }
}

impl Default for MachineGun {
    /// The article's: a 45-degree arc, D2-1 bullets, the reaction test at -1.
    fn default() -> Self {
        MachineGun { degrees: 45, bullets: Bullets { dice: 1, sides: 2, less: 1 }, reaction: 1 }
    }
}

/// The Spray method: no shot is rolled; every man within `inches` of the
/// target (`hexes` makes it hexes), the target too, takes the reaction test
/// `reaction` worse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spray {
    pub inches: u32,
    pub reaction: i32,
    /// The house rule `spray_reaches_around`: the radius rounded to the
    /// nearest hex (3 inches, 1 hex: the target's hex and the six around
    /// it), where as written it reaches only the hexes wholly inside it
    /// (`CombatPatrol::within`: the target's own). Tables written before it
    /// was a choice are read with it on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub around: bool,
}

/// The Machine Gun method: an arc of `degrees` towards the target, out to
/// the gun's optimum range; every man in it is shot at `bullets` times
/// (the article's D2-1: one die of two sides, less one) and takes the
/// reaction test `reaction` worse unless a bullet hits him.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineGun {
    pub degrees: u32,
    pub bullets: Bullets,
    pub reaction: i32,
}

/// Dice less a number: the bullets of a burst at each man in the arc.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bullets {
    pub dice: u8,
    pub sides: u8,
    pub less: u8,
}

/// A weapon whose ammunition runs out, and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ammunition {
    /// The rule book's weapon key.
    pub weapon: Name,
    pub feed: Feed,
}

/// How a weapon's ammunition runs out and comes back. Fire by the standard
/// method spends none of a machine gun's; once it is empty the gun does
/// not fire at all until it is reloaded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Feed {
    /// A belt: `bursts` of the special method, then `actions` reload actions.
    Belt { bursts: u8, actions: u8 },
    /// A magazine: `bursts` of the special method, then one reload action
    /// and a die of `sides`; on `again` or less it takes one action more.
    Magazine { bursts: u8, sides: u8, again: u8 },
    /// Limited ammunition: `uses` of the weapon, by any method, for the game.
    Limited { uses: u8 },
}

impl Feed {
    /// The uses a full load holds.
    pub fn load(&self) -> u8 {
        match self {
            Feed::Belt { bursts, .. } | Feed::Magazine { bursts, .. } => *bursts,
            Feed::Limited { uses } => *uses,
        }
    }
}

/// Hand grenades: how many a man carries, how far he throws, and the
/// article's throw, scatter and blast.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grenade {
    /// Grenades each man of either side carries (limited ammunition).
    pub each: u8,
    /// The farthest hex he throws at.
    pub range: u32,
    /// The throw's D10 on which it is dropped at his feet.
    pub dropped_on: u8,
    /// The article's blast radius in inches (`hexes` makes it hexes).
    pub blast_inches: u32,
    /// Added to the wound chart's total of a man in the blast.
    pub wound_bonus: u8,
    /// The scatter's alternate moves, in inches: the opponent's first.
    pub opponent_inches: u32,
    pub thrower_inches: u32,
    /// The chance that a man in the hex a grenade lands in, not the man it
    /// lands on, is close enough to its blast to be struck.
    #[serde(default)]
    pub near: Near,
    /// The house rule `grenade_blast_whole_hex`: the blast strikes every
    /// man in the hex it lands in. Tables written before it was a choice
    /// are read with it on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub whole_hex: bool,
}

/// A man in the hex a grenade lands in, beside the man it lands on: a die
/// of `sides`, struck on `struck` or less.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Near {
    pub sides: u8,
    pub struck: u8,
}

impl Default for Near {
    /// A D6, struck on a 1 (the data's reasoning: assets/rules/combat_patrol.ron).
    fn default() -> Self {
        Near { sides: 6, struck: 1 }
    }
}

/// A man's accuracy: the D10 roll that hits, before modifiers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accuracy {
    /// The squad's men (the article's US paratrooper: 4+).
    pub friendly: u8,
    /// The enemy met on patrol (the article's inexperienced German: 6+).
    pub enemy: u8,
    /// Added to a campaign veteran's need (experience makes it better).
    pub veteran: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireModifiers {
    /// Beyond the weapon's optimum range, up to its maximum.
    pub beyond_optimum: i32,
    /// The target in soft cover (the article's light cover).
    pub soft_cover: i32,
    /// The target in hard cover (the article leaves heavy cover open).
    pub hard_cover: i32,
    /// A lightly wounded man shooting.
    pub light_wound: i32,
    /// A man dragged by a comrade this turn fires this much worse again
    /// (the article's further -1). Tables written before dragging had it
    /// read 0, as they played.
    #[serde(default)]
    pub dragged: i32,
}

impl FireModifiers {
    /// What `cover` adds to the need.
    pub fn cover(&self, cover: Cover) -> i32 {
        match cover {
            Cover::None => 0,
            Cover::Soft => self.soft_cover,
            Cover::Hard => self.hard_cover,
        }
    }
}

/// A weapon as Combat Patrol fires it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The rule book's weapon key.
    pub weapon: Name,
    /// Hexes out to which there is no penalty.
    pub optimum: u32,
    /// Hexes past which it cannot fire.
    pub maximum: u32,
    /// Shots of the standard firing method, each a D10.
    pub shots: u8,
    /// The special firing method, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<Special>,
}

/// A weapon's special firing method, chosen in place of the standard one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Special {
    /// The article's `X/-Y`: `shots` shots, each `modifier` worse (added
    /// to the need).
    Shots { shots: u8, modifier: i32 },
    /// Spray (the book's `spray`): to maximum range, instead of firing.
    Spray,
    /// The Machine Gun method (the book's `machine_gun`): an arc of fire
    /// out to optimum range.
    MachineGun,
}

impl Special {
    /// As the article writes it: `3/-1`.
    pub fn words(&self) -> String {
        match self {
            Special::Shots { shots, modifier } => format!("{shots}/-{modifier}"),
            Special::Spray => "spray".into(),
            Special::MachineGun => "machine gun".into(),
        }
    }
}

/// One band of the wound chart: the 2D10 totals that give `wound`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WoundBand {
    pub rolls: (u8, u8),
    pub wound: ChartWound,
}

/// What the wound chart gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChartWound {
    /// The bullet found a water bottle.
    NoEffect,
    /// No run moves (here: the man fights on as before).
    Flesh,
    /// No combat moves, -1 to shooting, may be dragged.
    Light,
    /// No action for the rest of the game; may be dragged.
    Serious,
    /// Dies without aid: a death test at each turn's end.
    Critical,
    Dead,
}

impl ChartWound {
    pub fn name(self) -> &'static str {
        match self {
            ChartWound::NoEffect => "no_effect",
            ChartWound::Flesh => "flesh_wound",
            ChartWound::Light => "light_wound",
            ChartWound::Serious => "serious_wound",
            ChartWound::Critical => "critical_wound",
            ChartWound::Dead => "dead",
        }
    }

    /// The wound it leaves, None for no effect.
    pub fn wound(self) -> Option<Wound> {
        match self {
            ChartWound::NoEffect => None,
            ChartWound::Flesh => Some(Wound::Flesh),
            ChartWound::Light => Some(Wound::Light),
            ChartWound::Serious => Some(Wound::Serious),
            ChartWound::Critical => Some(Wound::Critical),
            ChartWound::Dead => Some(Wound::Dead),
        }
    }
}

/// The critical wound's death test: a D6 each turn, dying on `first` or
/// less the first time, one more each turn after.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Critical {
    pub sides: u8,
    pub first: u8,
    pub per_turn: u8,
}

/// The medic test a friend beside a critically wounded man makes before
/// his death test: a D6, `worse` makes his tests one worse, `held` spares
/// him this turn's test and resets it, `stabilised` or more makes the
/// wound serious. A trained medic adds `trained`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Medic {
    pub sides: u8,
    pub worse: (u8, u8),
    pub held: (u8, u8),
    pub stabilised: u8,
    pub trained: i32,
}

/// The reaction test, which the article names and never defines (a
/// decision, docs/RULES.md): a man shot at and not hit rolls a D10 against
/// his own accuracy; on a miss he is pinned, and may neither move nor fire
/// on his next card (under `until_rallied`, until he passes the same test
/// at a STOP card).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionTest {
    pub sides: u8,
    /// Added to the need of a man already lightly wounded.
    pub light_wound: i32,
    /// The house rule `pinned_until_rallied`: a man who fails stays
    /// pinned until he passes the same test at a STOP card, where our
    /// reading of the text has him keep his head down through his next
    /// card only. Tables written before it was a choice are read with it
    /// on, as they played.
    #[serde(default = "crate::engine::vocabulary::fields::yes")]
    pub until_rallied: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drag {
    pub bearers: u32,
    pub cards_each: u32,
}

impl CombatPatrol {
    /// A distance the article gives in inches, in whole hexes (to the
    /// nearest; a half goes up).
    pub fn hexes(&self, inches: u32) -> u32 {
        (2 * inches + self.inches_per_hex) / (2 * self.inches_per_hex.max(1))
    }

    /// The hexes around a point that lie wholly within a radius the
    /// article gives in inches: a ring only for each whole hex it spans
    /// (3 inches at 5 to a hex: none, the point's own hex alone).
    pub fn within(&self, inches: u32) -> u32 {
        inches / self.inches_per_hex.max(1)
    }

    /// The profile of the weapon with the rule book's key `weapon`.
    pub fn profile(&self, weapon: &str) -> Option<&Profile> {
        self.weapons.iter().find(|p| p.weapon == weapon)
    }

    /// How the ammunition of the weapon with the rule book's key `weapon`
    /// runs out, if it does.
    pub fn feed(&self, weapon: &str) -> Option<&Feed> {
        self.ammunition.iter().find(|a| a.weapon == weapon).map(|a| &a.feed)
    }

    /// What a 2D10 total gives on the wound chart (a gap in the chart, which
    /// the check refuses, would count as dead).
    pub fn chart(&self, total: u32) -> ChartWound {
        self.wound_chart
            .iter()
            .find(|b| (u32::from(b.rolls.0)..=u32::from(b.rolls.1)).contains(&total))
            .map_or(ChartWound::Dead, |b| b.wound)
    }
}
