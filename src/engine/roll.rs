//! What a throw of the dice leaves in the event stream: the `Roll`, what it
//! was for, the dice thrown ("2d6"), the faces they showed and the modifiers
//! that moved its need. Events and saves read and write each as its plain
//! form (a list, a name), whatever shape it is kept in.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::name::Name;
use super::pos::Pos;

/// The traits of a list kept in a shape of its own (`Modifiers`, `Faces`),
/// which derefs to the slice of its items: it compares, prints and
/// serializes as that slice, and is read back as a `Vec` of them would be
/// (through its `From<Vec<_>>`), so events and saves read as a plain list.
macro_rules! reads_as_list {
    ($list:ty, $item:ty) => {
        impl PartialEq for $list {
            fn eq(&self, other: &Self) -> bool {
                **self == **other
            }
        }

        impl Eq for $list {}

        impl std::fmt::Debug for $list {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                (**self).fmt(f)
            }
        }

        impl Serialize for $list {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.iter())
            }
        }

        impl<'de> Deserialize<'de> for $list {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                Vec::<$item>::deserialize(deserializer).map(<$list>::from)
            }
        }
    };
}

/// What a roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    Incident,
    IncidentTable,
    Placement,
    Fire,
    HandToHand,
    Casualty,
    Mortar,
    Template,
    Minefield,
    /// H.E. fire called by the patrol's radio: does it land on the hex?
    HighExplosive,
    /// Who sets off a booby trap (a template roll).
    BoobyTrap,
    /// What a hit does to a vehicle.
    Damage,
    /// A reaction test under fire, or a rally from it (rule sets with
    /// reactions; never Lone Warrior).
    Reaction,
    /// A test before a man acts on his card (rule sets with activation
    /// tests; never Lone Warrior).
    Activation,
    /// Combat Patrol: a shot, a D10 against the shooter's accuracy.
    CpFire,
    /// Combat Patrol: the 2D10 wound chart, rolled at the moment of a hit.
    CpWound,
    /// Combat Patrol: the reaction test of a man shot at and missed, or
    /// his rally from being pinned.
    CpReaction,
    /// Combat Patrol: a critically wounded man's death test.
    CpCritical,
    /// Combat Patrol: a friend's try at saving a critically wounded man.
    CpMedic,
    /// Combat Patrol: a hand grenade's throw, a D10 less the thrower's
    /// inverted accuracy: the scatter.
    CpGrenade,
    /// Combat Patrol: the wound chart of a man in a grenade's blast (+2).
    CpBlast,
    /// Combat Patrol: the bullets a machine gun's arc sends at one man in
    /// it (D2-1).
    CpBullets,
    /// Combat Patrol: the D10 after a magazine's first reload action: on
    /// 1-5 it takes one action more.
    CpReload,
    /// Company level: a squad's firing dice at a squad.
    CompanyFire,
    /// Company level: the saving dice of the squad hit, one a hit.
    CompanySave,
    /// European Battlefield: a man's firing dice, one for each rate of
    /// fire, each at his Shoot value.
    EbFire,
    /// European Battlefield: the save of a man hit (cover, prone).
    EbSave,
    /// European Battlefield: the wound chart, strength against defense.
    EbWound,
    /// European Battlefield: a squad's courage test, 2d6 and its leader's courage.
    EbCourage,
    /// European Battlefield: a man's card is up: 1d6 at most his Courage
    /// and he may move (its `need` is the most the die may show).
    EbActivation,
    /// European Battlefield: the priority phase, 1d6 a side (the patrol's
    /// first), thrown again on a tie.
    EbPriority,
    /// European Battlefield: a support unit bought for the enemy met at an
    /// incident, a die's faces shared among the army list's support units.
    EbForce,
    /// European Battlefield: a hit on an armoured vehicle with a turret
    /// strikes the turret (its flank armour) on 4+, else its front armour.
    EbTurret,
    /// European Battlefield: the wound chart against a vehicle, strength
    /// (with its class's modifier) against its armour.
    EbArmour,
    /// European Battlefield: a vehicle's last wound: a 6 rolls the KO chart.
    EbLastWound,
    /// European Battlefield: the KO chart (1-2 immobile, 3-4 must move to
    /// spot, 5-6 explodes).
    EbKo,
    /// European Battlefield: a damaged vehicle's crew, 2d6 and the
    /// vehicle's courage, or they bail out.
    EbBailOut,
    /// European Battlefield: indirect fire's roll to hit at the Shoot value
    /// (a 1 goes over the horizon, a 6 lands on the point aimed at).
    EbIndirect,
    /// European Battlefield: how far a shell scatters, d6 in inches (the
    /// result in whole hexes).
    EbScatter,
    /// European Battlefield: which of the six hex directions a shell
    /// scatters, or a smoke bank drifts, 1d6.
    EbDirection,
    /// European Battlefield: how far a smoke bank drifts at STOP, 1d6 less 3 inches.
    EbSmokeDrift,
    /// European Battlefield: whether a smoke bank clears at STOP, 2d6.
    EbSmokeClear,
    /// European Battlefield: whether an air strike called comes, 1d6.
    EbAirArrive,
    /// European Battlefield: whether an air strike is mistaken, and the
    /// other side's to use, 1d6.
    EbAirMistaken,
    /// European Battlefield: the save of a heavy weapon's crew hit (a gun
    /// shield from the front, or the crew's own), where it is the better.
    EbCrewSave,
    /// European Battlefield: an anti-aircraft gun's firing dice at an air
    /// strike, each at its gunner's Shoot value.
    EbAaFire,
    /// European Battlefield: the wound chart for an anti-aircraft hit on an
    /// air strike, the gun's strength against the strike's defense: a wound
    /// shoots it down.
    EbAaWound,
    /// European Battlefield: an air strike hit and not destroyed presses on,
    /// 4+, else it flees.
    EbAirPressOn,
    /// European Battlefield: the dismount chart, a man's 1d6 to get out of
    /// his transport (a decision: 2+).
    EbDismount,
    /// European Battlefield: a man inside a vehicle destroyed, or one of
    /// its crew, getting out alive, 1d6 (4+).
    EbEscape,
    /// European Battlefield: a man a vehicle runs over tests his courage,
    /// 2d6 and his courage: he dodges, or he dies.
    EbRunOver,
}

impl Purpose {
    /// The name roll events use (`incident_table`).
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Incident => "incident",
            Purpose::IncidentTable => "incident_table",
            Purpose::Placement => "placement",
            Purpose::Fire => "fire",
            Purpose::HandToHand => "hand_to_hand",
            Purpose::Casualty => "casualty",
            Purpose::Mortar => "mortar",
            Purpose::Template => "template",
            Purpose::Minefield => "minefield",
            Purpose::HighExplosive => "high_explosive",
            Purpose::BoobyTrap => "booby_trap",
            Purpose::Damage => "damage",
            Purpose::Reaction => "reaction",
            Purpose::Activation => "activation",
            Purpose::CpFire => "cp_fire",
            Purpose::CpWound => "cp_wound",
            Purpose::CpReaction => "cp_reaction",
            Purpose::CpCritical => "cp_critical",
            Purpose::CpMedic => "cp_medic",
            Purpose::CpGrenade => "cp_grenade",
            Purpose::CpBlast => "cp_blast",
            Purpose::CpBullets => "cp_bullets",
            Purpose::CpReload => "cp_reload",
            Purpose::CompanyFire => "company_fire",
            Purpose::CompanySave => "company_save",
            Purpose::EbFire => "eb_fire",
            Purpose::EbSave => "eb_save",
            Purpose::EbWound => "eb_wound",
            Purpose::EbCourage => "eb_courage",
            Purpose::EbActivation => "eb_activation",
            Purpose::EbPriority => "eb_priority",
            Purpose::EbForce => "eb_force",
            Purpose::EbTurret => "eb_turret",
            Purpose::EbArmour => "eb_armour",
            Purpose::EbLastWound => "eb_last_wound",
            Purpose::EbKo => "eb_ko",
            Purpose::EbBailOut => "eb_bail_out",
            Purpose::EbIndirect => "eb_indirect",
            Purpose::EbScatter => "eb_scatter",
            Purpose::EbDirection => "eb_direction",
            Purpose::EbSmokeDrift => "eb_smoke_drift",
            Purpose::EbSmokeClear => "eb_smoke_clear",
            Purpose::EbAirArrive => "eb_air_arrive",
            Purpose::EbAirMistaken => "eb_air_mistaken",
            Purpose::EbCrewSave => "eb_crew_save",
            Purpose::EbAaFire => "eb_aa_fire",
            Purpose::EbAaWound => "eb_aa_wound",
            Purpose::EbAirPressOn => "eb_air_press_on",
            Purpose::EbDismount => "eb_dismount",
            Purpose::EbEscape => "eb_escape",
            Purpose::EbRunOver => "eb_run_over",
        }
    }
}

/// One thing that moved a need away from its base value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub name: Name,
    pub value: i32,
}

impl Modifier {
    pub fn new(name: impl Into<Name>, value: i32) -> Self {
        Self { name: name.into(), value }
    }
}

/// The modifiers of a roll or its odds, in order. It reads as a slice and
/// serializes as the list a `Vec<Modifier>` would, so the events do not change.
///
/// Nearly every roll with modifiers (aimed shots, incident checks, mortar
/// fire) has just one, and a `Vec` for each was an allocation and a free: a
/// single modifier is kept in place, two or more in a `Vec`. None (as many
/// rolls have) is a case of its own, dropped without a call.
#[derive(Clone, Default)]
pub struct Modifiers(ModifiersRepr);

#[derive(Clone, Default)]
enum ModifiersRepr {
    #[default]
    None,
    One(Modifier),
    /// Two or more.
    Many(Vec<Modifier>),
}

impl Modifiers {
    #[inline]
    pub fn push(&mut self, m: Modifier) {
        match &mut self.0 {
            ModifiersRepr::None => self.0 = ModifiersRepr::One(m),
            // Seldom: a second modifier. A name is copied without allocating.
            ModifiersRepr::One(first) => self.0 = ModifiersRepr::Many(vec![first.clone(), m]),
            ModifiersRepr::Many(v) => v.push(m),
        }
    }

    /// The sum of their values: what they move the need by.
    #[inline]
    pub fn total(&self) -> i32 {
        self.iter().map(|m| m.value).sum()
    }
}

impl std::ops::Deref for Modifiers {
    type Target = [Modifier];

    #[inline]
    fn deref(&self) -> &[Modifier] {
        match &self.0 {
            ModifiersRepr::None => &[],
            ModifiersRepr::One(m) => std::slice::from_ref(m),
            ModifiersRepr::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Modifiers {
    type Item = &'a Modifier;
    type IntoIter = std::slice::Iter<'a, Modifier>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<Modifier> for Modifiers {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Modifier>>(iter: I) -> Self {
        let mut iter = iter.into_iter();
        let Some(first) = iter.next() else { return Self::default() };
        Self(match iter.next() {
            None => ModifiersRepr::One(first),
            Some(second) => ModifiersRepr::Many([first, second].into_iter().chain(iter).collect()),
        })
    }
}

impl From<Vec<Modifier>> for Modifiers {
    fn from(v: Vec<Modifier>) -> Self {
        if v.len() < 2 { v.into_iter().collect() } else { Self(ModifiersRepr::Many(v)) }
    }
}

reads_as_list!(Modifiers, Modifier);

impl PartialEq<Vec<Modifier>> for Modifiers {
    fn eq(&self, other: &Vec<Modifier>) -> bool {
        **self == **other
    }
}

/// A die roll as the event stream shows it. Pass/fail rolls carry `need`,
/// `success` and `modifiers`; table rolls carry `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    pub purpose: Purpose,
    pub dice: DiceSet,
    pub faces: Faces,
    pub total: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<Modifiers>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Name>,
    /// Who rolled, or for whom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldier: Option<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<Pos>,
    /// Thrown by hand: the player's own dice, typed in (`hand.rs`). Left
    /// out of the events when false, so software rolls read as they always did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub physical: bool,
}

impl Roll {
    pub fn succeeded(&self) -> bool {
        self.success == Some(true)
    }

    #[inline]
    pub fn by(mut self, soldier: &Name) -> Self {
        self.soldier = Some(soldier.clone());
        self
    }

    #[inline]
    pub fn at(mut self, target: &Name) -> Self {
        self.target = Some(target.clone());
        self
    }

    #[inline]
    pub fn on(mut self, hex: Pos) -> Self {
        self.hex = Some(hex);
        self
    }
}

/// The faces a roll's dice showed, in the order thrown. It reads as a slice
/// and serializes as the list a `Vec<u8>` would, so the events do not change.
///
/// The game throws one or two dice a roll, and a `Vec` for each roll was an
/// allocation and a free: up to `Faces::INLINE` faces are kept in place (in
/// no more room than a `Vec` takes), more in a `Vec`.
#[derive(Clone)]
pub struct Faces(FacesRepr);

#[derive(Clone)]
enum FacesRepr {
    Inline { len: u8, faces: [u8; Faces::INLINE] },
    Heap(Vec<u8>),
}

impl Faces {
    /// The most faces kept in place.
    const INLINE: usize = 15;

    /// `count` faces, each from `face` in turn.
    pub(super) fn thrown(count: u8, mut face: impl FnMut() -> u8) -> Self {
        let n = usize::from(count);
        if n > Self::INLINE {
            return Self(FacesRepr::Heap((0..n).map(|_| face()).collect()));
        }
        let mut faces = [0; Self::INLINE];
        for f in &mut faces[..n] {
            *f = face();
        }
        Self(FacesRepr::Inline { len: count, faces })
    }
}

impl std::ops::Deref for Faces {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            FacesRepr::Inline { len, faces } => &faces[..usize::from(*len)],
            FacesRepr::Heap(v) => v,
        }
    }
}

impl From<Vec<u8>> for Faces {
    fn from(v: Vec<u8>) -> Self {
        if v.len() > Self::INLINE {
            return Self(FacesRepr::Heap(v));
        }
        let mut faces = [0; Self::INLINE];
        faces[..v.len()].copy_from_slice(&v);
        Self(FacesRepr::Inline { len: v.len() as u8, faces })
    }
}

reads_as_list!(Faces, u8);

/// The dice a roll threw: `count` dice of `sides` sides each. Events
/// read and write them as their usual name, "2d6"; the game and the
/// simulator's tally work with the two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSet {
    pub count: u8,
    pub sides: u8,
}

impl std::fmt::Display for DiceSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

impl std::str::FromStr for DiceSet {
    type Err = String;

    /// "2d6", each number a whole number up to 255.
    fn from_str(text: &str) -> Result<Self, String> {
        let number = |s: &str| s.bytes().all(|b| b.is_ascii_digit()).then(|| s.parse::<u8>().ok()).flatten();
        text.split_once('d')
            .and_then(|(count, sides)| Some(Self { count: number(count)?, sides: number(sides)? }))
            .ok_or_else(|| format!("dice should read like 2d6 (up to 255 of up to 255 sides), not {text:?}"))
    }
}

impl Serialize for DiceSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DiceSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests;
