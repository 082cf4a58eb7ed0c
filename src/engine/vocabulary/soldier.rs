//! Soldiers of both sides, their state, and the patrol's sections.

use serde::{Deserialize, Serialize};

use crate::engine::book::RuleBook;
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
pub use crate::engine::ruleset::registry::Kit;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
pub use crate::engine::vocabulary::side::Side;

/// A soldier's condition. A hit man is knocked over where he stands until
/// the action ends and his casualty roll says what the hit was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    Fit,
    /// Fights on as if fit.
    FleshWound,
    KnockedOver,
    /// Moves only when carried by two fit men.
    SeriousWound,
    Dead,
    /// Combat Patrol: may fire (worse) but not move on his own; may be dragged.
    LightWound,
    /// Combat Patrol: dies without aid; takes no action and may be dragged.
    Critical,
}

impl State {
    /// Every state, in the order of their values.
    pub const ALL: [State; 7] = [
        State::Fit,
        State::FleshWound,
        State::KnockedOver,
        State::SeriousWound,
        State::Dead,
        State::LightWound,
        State::Critical,
    ];

    pub fn name(self) -> &'static str {
        match self {
            State::Fit => "fit",
            State::FleshWound => "flesh_wound",
            State::KnockedOver => "knocked_over",
            State::SeriousWound => "serious_wound",
            State::Dead => "dead",
            State::LightWound => "light_wound",
            State::Critical => "critical_wound",
        }
    }

    /// How badly hurt: fit and knocked over (not yet known) 0, then flesh,
    /// light, serious, critical, dead.
    pub fn severity(self) -> u8 {
        match self {
            State::Fit | State::KnockedOver => 0,
            State::FleshWound => 1,
            State::LightWound => 2,
            State::SeriousWound => 3,
            State::Critical => 4,
            State::Dead => 5,
        }
    }

    /// Cannot walk, and goes only where comrades carry him (a serious or
    /// critical wound).
    pub fn is_carried(self) -> bool {
        matches!(self, State::SeriousWound | State::Critical)
    }

    /// May be carried (dragged) in an action: a man who is carried, or one
    /// lightly wounded (Combat Patrol: he makes no move of his own).
    pub fn may_be_carried(self) -> bool {
        self.is_carried() || self == State::LightWound
    }

    /// The name in words ("serious wound"), as a lost card gives the reason.
    pub fn words(self) -> &'static str {
        match self {
            State::Fit => "fit",
            State::FleshWound => "flesh wound",
            State::KnockedOver => "knocked over",
            State::SeriousWound => "serious wound",
            State::Dead => "dead",
            State::LightWound => "light wound",
            State::Critical => "critical wound",
        }
    }
}

/// The hold the enemy's fire has on a man, beside his wounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pressure {
    #[default]
    Steady,
    /// Under suppressing fire, this many times over (European Battlefield
    /// counts suppressions; its rule set says what each costs him).
    Suppressed(u8),
    /// Pinned down: he may not move (`Rules::may` says what else).
    Pinned,
    /// Gone to ground after a failed courage test (European Battlefield):
    /// he does not move, and is prone.
    Prone,
    /// Routed by a double 1 on a courage test (European Battlefield): he
    /// neither fires nor charges, and gets away.
    Routed,
}

impl Pressure {
    pub fn is_steady(&self) -> bool {
        *self == Pressure::Steady
    }

    /// As events and the roster panel write it.
    pub fn name(self) -> &'static str {
        match self {
            Pressure::Steady => "steady",
            Pressure::Suppressed(_) => "suppressed",
            Pressure::Pinned => "pinned",
            Pressure::Prone => "prone",
            Pressure::Routed => "routed",
        }
    }
}

/// A man of either side. A save writes what his rule set gives him (his
/// `Kit`) among his own fields, as saves always have.
#[derive(Clone, Debug, PartialEq)]
pub struct Soldier {
    /// Unique short name used on cards and in commands ("Baker", "G3").
    pub id: Name,
    pub rank: Name,
    pub side: Side,
    /// His weapon, by its place in his game's rule book. Private: set only
    /// with the man (`Soldier::new`), from a key the rule book knows.
    weapon: Arm,
    /// None once he has left the map (the patrol by its home edge, the enemy
    /// when it slips away).
    pub pos: Option<Pos>,
    pub state: State,
    /// Moved since the last STOP card (mortar and H.E. need it).
    pub moved: bool,
    /// Holds his ground (sniper, MG team, mortar).
    pub stays_put: bool,
    /// A sniper's or MG's first shot is still to come.
    pub first_shot: bool,
    /// An enemy taken prisoner, carried with a section.
    pub captive: bool,
    /// Experienced enough to shoot better (campaign experience).
    pub veteran: bool,
    /// A vehicle: the soldier is the vehicle and its crew.
    pub vehicle: Option<Vehicle>,
    /// The hold the enemy's fire has on him (reactions, suppression,
    /// pinning: `Rules::under_fire`). Always steady under Lone Warrior.
    pub pressure: Pressure,
    /// The squad a team belongs to (the company-level rules: a squad fires
    /// as one and is pinned as one); None under rules without squads.
    pub squad: Option<u32>,
    /// What his rule set gives him beyond what every man has (`Kit`).
    pub kit: Kit,
}

/// The fields a save writes of every man, in its order; each rule set's
/// kit writes its own after them (`Kit::write`).
const COMMON: [&str; 14] = [
    "id",
    "rank",
    "side",
    "weapon",
    "pos",
    "state",
    "moved",
    "stays_put",
    "first_shot",
    "captive",
    "veteran",
    "vehicle",
    "pressure",
    "squad",
];

/// Written field by field as saves always have: what every man has, then
/// what his rule set gives him (`Kit`), each left out at its start.
impl Serialize for Soldier {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Soldier", COMMON.len())?;
        s.serialize_field("id", &self.id)?;
        s.serialize_field("rank", &self.rank)?;
        s.serialize_field("side", &self.side)?;
        s.serialize_field("weapon", &self.weapon)?;
        s.serialize_field("pos", &self.pos)?;
        s.serialize_field("state", &self.state)?;
        s.serialize_field("moved", &self.moved)?;
        s.serialize_field("stays_put", &self.stays_put)?;
        s.serialize_field("first_shot", &self.first_shot)?;
        s.serialize_field("captive", &self.captive)?;
        s.serialize_field("veteran", &self.veteran)?;
        match &self.vehicle {
            Some(v) => s.serialize_field("vehicle", &Some(v))?,
            None => s.skip_field("vehicle")?,
        }
        match self.pressure {
            Pressure::Steady => s.skip_field("pressure")?,
            p => s.serialize_field("pressure", &p)?,
        }
        // Saves have always written a man's squad after Combat Patrol's
        // fields and before the others' (`Kit::before_squad`).
        if self.kit.before_squad() {
            self.kit.write(&mut s)?;
        }
        match self.squad {
            Some(q) => s.serialize_field("squad", &Some(q))?,
            None => s.skip_field("squad")?,
        }
        if !self.kit.before_squad() {
            self.kit.write(&mut s)?;
        }
        s.end()
    }
}

/// Read as saves have always been read: a field of a rule set's kit goes
/// to that kit (`KitFields`), a field nobody has is passed over, and a man
/// holding two rule sets' state is refused.
impl<'de> Deserialize<'de> for Soldier {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Soldier, D::Error> {
        use crate::engine::ruleset::registry::{KitFields, kit_fields_around_squad};
        use crate::engine::vocabulary::fields::{Field, Names, fill};
        use serde::de::{Error, IgnoredAny, MapAccess, Visitor};
        use std::sync::OnceLock;
        /// Every field's name, in the order saves write them.
        fn all() -> &'static [&'static str] {
            static ALL: OnceLock<Vec<&'static str>> = OnceLock::new();
            ALL.get_or_init(|| {
                let (before, after) = kit_fields_around_squad();
                let common = COMMON.iter().copied().filter(|f| *f != "squad");
                common.chain(before).chain(["squad"]).chain(after).collect()
            })
        }
        struct Man;
        impl<'de> Visitor<'de> for Man {
            type Value = Soldier;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("struct Soldier")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Soldier, A::Error> {
                let (mut id, mut rank, mut side, mut weapon, mut pos, mut state) = (None, None, None, None, None, None);
                let (mut moved, mut stays_put, mut first_shot, mut captive, mut veteran) =
                    (None, None, None, None, None);
                let (mut vehicle, mut pressure, mut squad): (Option<Option<Vehicle>>, _, Option<Option<u32>>) =
                    (None, None, None);
                let mut kit = KitFields::default();
                while let Some(key) = map.next_key_seed(Names(all()))? {
                    let name = match &key {
                        Field::Known(name) => name,
                        Field::Unknown(name) => name.as_str(),
                    };
                    match name {
                        "id" => fill(&mut id, "id", &mut map)?,
                        "rank" => fill(&mut rank, "rank", &mut map)?,
                        "side" => fill(&mut side, "side", &mut map)?,
                        "weapon" => fill(&mut weapon, "weapon", &mut map)?,
                        "pos" => fill(&mut pos, "pos", &mut map)?,
                        "state" => fill(&mut state, "state", &mut map)?,
                        "moved" => fill(&mut moved, "moved", &mut map)?,
                        "stays_put" => fill(&mut stays_put, "stays_put", &mut map)?,
                        "first_shot" => fill(&mut first_shot, "first_shot", &mut map)?,
                        "captive" => fill(&mut captive, "captive", &mut map)?,
                        "veteran" => fill(&mut veteran, "veteran", &mut map)?,
                        "vehicle" => fill(&mut vehicle, "vehicle", &mut map)?,
                        "pressure" => fill(&mut pressure, "pressure", &mut map)?,
                        "squad" => fill(&mut squad, "squad", &mut map)?,
                        other => {
                            if !kit.read(other, &mut map)? {
                                // Saves never refused a field they did not know.
                                map.next_value::<IgnoredAny>()?;
                            }
                        }
                    }
                }
                let given = |name: &'static str| A::Error::missing_field(name);
                let id: Name = id.ok_or_else(|| given("id"))?;
                let man = Soldier {
                    rank: rank.ok_or_else(|| given("rank"))?,
                    side: side.ok_or_else(|| given("side"))?,
                    weapon: weapon.ok_or_else(|| given("weapon"))?,
                    // An option left out is none, as a derived reader has it.
                    pos: pos.flatten(),
                    state: state.ok_or_else(|| given("state"))?,
                    moved: moved.ok_or_else(|| given("moved"))?,
                    stays_put: stays_put.ok_or_else(|| given("stays_put"))?,
                    first_shot: first_shot.ok_or_else(|| given("first_shot"))?,
                    captive: captive.unwrap_or_default(),
                    veteran: veteran.unwrap_or_default(),
                    vehicle: vehicle.flatten(),
                    pressure: pressure.unwrap_or_default(),
                    squad: squad.flatten(),
                    kit: Kit::None,
                    id,
                };
                let kit = kit.kit(&man.id).map_err(A::Error::custom)?;
                Ok(Soldier { kit, ..man })
            }
        }
        d.deserialize_struct("Soldier", all(), Man)
    }
}

/// A man's weapon: its place in the list of his game's rule book (saved as
/// that number), or, for a key the book does not have, the key (saved as
/// text). Saves of format 2 and older named every weapon by key; reading one
/// puts each known key in its place (`Soldier::weapon_by_place`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arm {
    At(u16),
    Key(Name),
}

impl Arm {
    /// The weapon `key` of `book`, by its place if `book` has it.
    fn of(book: &RuleBook, key: Name) -> Self {
        match book.weapon_index(&key).and_then(|i| u16::try_from(i).ok()) {
            Some(i) => Arm::At(i),
            None => Arm::Key(key),
        }
    }
}

impl Serialize for Arm {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Arm::At(i) => s.serialize_u16(*i),
            Arm::Key(key) => key.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Arm {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl serde::de::Visitor<'_> for Either {
            type Value = Arm;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a weapon's place in the rule book (a number), or its key")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Arm, E> {
                u16::try_from(n).map(Arm::At).map_err(|_| E::custom(format!("no rule book has a weapon {n}")))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Arm, E> {
                u64::try_from(n)
                    .map_err(|_| E::custom(format!("no rule book has a weapon {n}")))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Arm, E> {
                Ok(Arm::Key(key.into()))
            }
        }
        d.deserialize_any(Either)
    }
}

impl Soldier {
    /// A fit man of `side` carrying `weapon` (a key of `book`, the rule
    /// book of the game he is in), standing at `pos`; not moved, no first
    /// shot to come, not holding his ground, no veteran, not a vehicle.
    pub fn new(book: &RuleBook, id: Name, rank: Name, side: Side, weapon: Name, pos: Option<Pos>) -> Self {
        debug_assert!(book.weapon_index(&weapon).is_some(), "{id}: a weapon the rule book knows");
        Soldier {
            id,
            rank,
            side,
            weapon: Arm::of(book, weapon),
            pos,
            state: State::Fit,
            moved: false,
            stays_put: false,
            first_shot: false,
            captive: false,
            veteran: false,
            vehicle: None,
            pressure: Pressure::Steady,
            squad: None,
            kit: Kit::None,
        }
    }

    /// His weapon's key in `book` (the rule book of his game).
    pub fn weapon<'a>(&'a self, book: &'a RuleBook) -> &'a str {
        match &self.weapon {
            Arm::At(i) => book.weapons.get(usize::from(*i)).map_or("", |w| w.key.as_str()),
            Arm::Key(key) => key,
        }
    }

    /// Where his weapon is in his game's rule book's list of weapons, None
    /// for one it does not have (which the save check refuses).
    #[inline]
    pub fn weapon_index(&self) -> Option<usize> {
        match self.weapon {
            Arm::At(i) => Some(usize::from(i)),
            Arm::Key(_) => None,
        }
    }

    /// His weapon in `book` (the rule book of his game).
    #[inline]
    pub fn weapon_in<'a>(&self, book: &'a RuleBook) -> Option<&'a crate::engine::book::Weapon> {
        book.weapons.get(self.weapon_index()?)
    }

    /// Where the weapon he aims at men with is in `book`'s list (see
    /// `RuleBook::aimed_index`).
    #[inline]
    pub fn aimed_index(&self, book: &RuleBook) -> Option<usize> {
        self.weapon_index().and_then(|i| book.aimed_index(i))
    }

    /// His weapon by its place in `book`, if it is named by a key `book`
    /// knows: how a save of format 2 or older, which named weapons by key,
    /// is read into format 3 (`Game::weapons_by_place`).
    pub(in crate::engine) fn weapon_by_place(&mut self, book: &RuleBook) {
        if let Arm::Key(key) = &self.weapon {
            self.weapon = Arm::of(book, key.clone());
        }
    }

    /// Fit or flesh-wounded (or lightly wounded, under Combat Patrol), and
    /// on the map: gets cards, may act, may be shot at.
    pub fn can_act(&self) -> bool {
        self.pos.is_some() && matches!(self.state, State::Fit | State::FleshWound | State::LightWound)
    }

    pub fn label(&self) -> String {
        format!("{} {}", self.rank, self.id)
    }
}

/// Part of the patrol moving together in patrol movement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub name: Name,
    /// Indices into the game's soldier list.
    pub members: Vec<usize>,
}

/// What a vehicle soldier carries beside the soldier's own fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vehicle {
    /// Its type in the rule book's arsenal.
    pub kind: Name,
    /// The hex side it faces, 0 north then clockwise.
    pub facing: u8,
    pub damage: Damage,
    /// STOP cards it has seen in this action.
    #[serde(default)]
    pub turns: u32,
    /// European Battlefield: its wounds taken, KO and crew (never written
    /// while it has none, so Lone Warrior's saves are as they were).
    #[serde(default, skip_serializing_if = "crate::engine::ruleset::european::tables::vehicles::Hurt::is_none")]
    pub hurt: crate::engine::ruleset::european::tables::vehicles::Hurt,
}

#[cfg(test)]
#[path = "soldier_tests.rs"]
mod tests;
