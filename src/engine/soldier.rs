//! Soldiers of both sides, their state, and the patrol's sections.

use serde::{Deserialize, Serialize};

use super::data::RuleBook;
use super::name::Name;
use super::pos::Pos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Friendly,
    Enemy,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Friendly => "friendly",
            Side::Enemy => "enemy",
        }
    }
}

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
}

impl State {
    pub fn name(self) -> &'static str {
        match self {
            State::Fit => "fit",
            State::FleshWound => "flesh_wound",
            State::KnockedOver => "knocked_over",
            State::SeriousWound => "serious_wound",
            State::Dead => "dead",
        }
    }

    /// The name in words ("serious wound"), as a lost card gives the reason.
    pub fn words(self) -> &'static str {
        match self {
            State::Fit => "fit",
            State::FleshWound => "flesh wound",
            State::KnockedOver => "knocked over",
            State::SeriousWound => "serious wound",
            State::Dead => "dead",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Soldier {
    /// Unique short name used on cards and in commands ("Baker", "G3").
    pub id: Name,
    pub rank: Name,
    pub side: Side,
    /// His weapon's key in the rule book. Private: set only with the man
    /// (`Soldier::new`), as a key the rule book knows.
    weapon: Name,
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
    pub vehicle: Option<super::vehicle::Vehicle>,
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
            weapon,
            pos,
            state: State::Fit,
            moved: false,
            stays_put: false,
            first_shot: false,
            captive: false,
            veteran: false,
            vehicle: None,
        }
    }

    /// His weapon's key in the rule book.
    pub fn weapon(&self) -> &Name {
        &self.weapon
    }

    /// Where his weapon is in `book`'s list of weapons (the rule book of
    /// his game, as all the engine's look-ups are), None if it has none
    /// with his weapon's key.
    #[inline]
    pub fn weapon_index(&self, book: &RuleBook) -> Option<usize> {
        book.weapon_index(&self.weapon)
    }

    /// His weapon in `book` (see `weapon_index`).
    #[inline]
    pub fn weapon_in<'a>(&self, book: &'a RuleBook) -> Option<&'a super::data::Weapon> {
        self.weapon_index(book).map(|i| &book.weapons[i])
    }

    /// Where the weapon he aims at men with is in `book`'s list (see
    /// `RuleBook::aimed_index`).
    #[inline]
    pub fn aimed_index(&self, book: &RuleBook) -> Option<usize> {
        self.weapon_index(book).and_then(|i| book.aimed_index(i))
    }

    /// Fit or flesh-wounded, and on the map: gets cards, may act, may be shot at.
    pub fn can_act(&self) -> bool {
        self.pos.is_some() && matches!(self.state, State::Fit | State::FleshWound)
    }

    pub fn label(&self) -> String {
        format!("{} {}", self.rank, self.id)
    }
}

/// Is `name` of the form the engine gives enemy soldiers (G and a number)
/// and vehicles (V and a number), in either case? No man of the squad may
/// be called so, which lets events tell the two sides apart by name.
pub fn enemy_id(name: &str) -> bool {
    enemy_digits(name).is_some()
}

/// The number in an enemy's id (`G12`, `v3`, either case; see
/// `enemy_id`), if it is one and the number fits.
pub(super) fn enemy_number(id: &str) -> Option<u32> {
    // By hand: `str::parse` took some 70 instructions, at every fire order.
    enemy_digits(id)?.iter().try_fold(0u32, |n, &b| n.checked_mul(10)?.checked_add(u32::from(b - b'0')))
}

/// The digits after the G or V of an id shaped as an enemy's.
fn enemy_digits(id: &str) -> Option<&[u8]> {
    let (first, digits) = id.as_bytes().split_first()?;
    let shaped =
        matches!(first, b'G' | b'g' | b'V' | b'v') && !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
    shaped.then_some(digits)
}

/// Part of the patrol moving together in patrol movement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub name: Name,
    /// Indices into the game's soldier list.
    pub members: Vec<usize>,
}
