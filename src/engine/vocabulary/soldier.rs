//! Soldiers of both sides, their state, and the patrol's sections.

use serde::{Deserialize, Serialize};

use crate::engine::book::RuleBook;
pub use crate::engine::ruleset::Kit;
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
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

/// A man of either side. A save writes him as `Form` does, every rule
/// set's part of him among his own fields, as saves always have.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "Form", try_from = "Form")]
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
    #[serde(default)]
    pub captive: bool,
    /// Experienced enough to shoot better (campaign experience).
    #[serde(default)]
    pub veteran: bool,
    /// A vehicle: the soldier is the vehicle and its crew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vehicle: Option<Vehicle>,
    /// The hold the enemy's fire has on him (reactions, suppression,
    /// pinning: `Rules::under_fire`). Always steady under Lone Warrior.
    #[serde(default, skip_serializing_if = "Pressure::is_steady")]
    pub pressure: Pressure,
    /// The squad a team belongs to (the company-level rules: a squad fires
    /// as one and is pinned as one); None under rules without squads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squad: Option<u32>,
    /// What his rule set gives him beyond what every man has (`Kit`).
    pub kit: Kit,
}

/// A man as a save writes him: what every man has, then each rule set's
/// own state (`Kit`) in fields of its own, each left out at its start.
#[derive(Serialize, Deserialize)]
struct Form {
    id: Name,
    rank: Name,
    side: Side,
    /// His weapon, by its place in his game's rule book. Private: set only
    /// with the man (`Soldier::new`), from a key the rule book knows.
    weapon: Arm,
    /// None once he has left the map (the patrol by its home edge, the enemy
    /// when it slips away).
    pos: Option<Pos>,
    state: State,
    /// Moved since the last STOP card (mortar and H.E. need it).
    moved: bool,
    /// Holds his ground (sniper, MG team, mortar).
    stays_put: bool,
    /// A sniper's or MG's first shot is still to come.
    first_shot: bool,
    /// An enemy taken prisoner, carried with a section.
    #[serde(default)]
    captive: bool,
    /// Experienced enough to shoot better (campaign experience).
    #[serde(default)]
    veteran: bool,
    /// A vehicle: the soldier is the vehicle and its crew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vehicle: Option<Vehicle>,
    /// The hold the enemy's fire has on him (reactions, suppression,
    /// pinning: `Rules::under_fire`). Always steady under Lone Warrior.
    #[serde(default, skip_serializing_if = "Pressure::is_steady")]
    pressure: Pressure,
    /// A critically wounded man's next death test: he dies on this or
    /// less; None until it has moved from the rule set's first need.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dies_on: Option<u8>,
    /// A trained medic (Combat Patrol: better at saving the dying).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    medic: bool,
    /// Hand grenades he has thrown (Combat Patrol: each man carries the
    /// rule book's number).
    #[serde(default, skip_serializing_if = "is_zero")]
    grenades_thrown: u8,
    /// Uses of his weapon's ammunition spent since it was last loaded (or,
    /// limited, in the game): `Rules::ammo` reads it.
    #[serde(default, skip_serializing_if = "is_zero")]
    spent: u8,
    /// Reload actions done on his empty weapon.
    #[serde(default, skip_serializing_if = "is_zero")]
    reloaded: u8,
    /// The squad a team belongs to (the company-level rules: a squad fires
    /// as one and is pinned as one); None under rules without squads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    squad: Option<u32>,
    /// Green troops (the company-level rules' conscripts: easier to pin,
    /// and never saved by concealment).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    conscript: bool,
    /// Dug in (European Battlefield's special move): prone by choice, he
    /// saves as a prone man and does not move until he gets up.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    dug_in: bool,
    /// The vehicle he rides with (European Battlefield's transports), in it
    /// or out of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    transport: Option<Name>,
    /// Inside his transport now (off the map, `pos` None, while it is on it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    aboard: bool,
    /// He dodged a vehicle running him over this turn (European
    /// Battlefield): he may not fire until STOP.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    dodged: bool,
}

impl From<Soldier> for Form {
    fn from(s: Soldier) -> Form {
        let cp = s.kit.combat_patrol();
        let (dies_on, medic, grenades_thrown, spent, reloaded) =
            (cp.dies_on, cp.medic, cp.grenades_thrown, cp.spent, cp.reloaded);
        let conscript = s.kit.company().conscript;
        let eb = s.kit.european();
        let (dug_in, transport, aboard, dodged) = (eb.dug_in, eb.transport.clone(), eb.aboard, eb.dodged);
        Form {
            id: s.id,
            rank: s.rank,
            side: s.side,
            weapon: s.weapon,
            pos: s.pos,
            state: s.state,
            moved: s.moved,
            stays_put: s.stays_put,
            first_shot: s.first_shot,
            captive: s.captive,
            veteran: s.veteran,
            vehicle: s.vehicle,
            pressure: s.pressure,
            dies_on,
            medic,
            grenades_thrown,
            spent,
            reloaded,
            squad: s.squad,
            conscript,
            dug_in,
            transport,
            aboard,
            dodged,
        }
    }
}

impl TryFrom<Form> for Soldier {
    type Error = String;

    /// His kit is the rule set's whose fields he holds; a man holding the
    /// fields of two rule sets is refused.
    fn try_from(f: Form) -> Result<Soldier, String> {
        use crate::engine::ruleset::combat_patrol::man as combat_patrol;
        use crate::engine::ruleset::company::man as company;
        use crate::engine::ruleset::european::man as european;
        let cp = combat_patrol::Man {
            dies_on: f.dies_on,
            medic: f.medic,
            grenades_thrown: f.grenades_thrown,
            spent: f.spent,
            reloaded: f.reloaded,
        };
        let co = company::Man { conscript: f.conscript };
        let eb = european::Man { dug_in: f.dug_in, transport: f.transport, aboard: f.aboard, dodged: f.dodged };
        let kits = [Kit::CombatPatrol(cp), Kit::Company(co), Kit::EuropeanBattlefield(eb)];
        let mut held = kits.into_iter().filter(|k| !k.at_start());
        let kit = held.next().unwrap_or_default();
        if let Some(other) = held.next() {
            let (a, b) = (kit.rule_set().map_or("", |r| r.name()), other.rule_set().map_or("", |r| r.name()));
            return Err(format!("{} holds the state of two rule sets, {a} and {b}", f.id));
        }
        Ok(Soldier {
            id: f.id,
            rank: f.rank,
            side: f.side,
            weapon: f.weapon,
            pos: f.pos,
            state: f.state,
            moved: f.moved,
            stays_put: f.stays_put,
            first_shot: f.first_shot,
            captive: f.captive,
            veteran: f.veteran,
            vehicle: f.vehicle,
            pressure: f.pressure,
            squad: f.squad,
            kit,
        })
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

fn is_zero(n: &u8) -> bool {
    *n == 0
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
