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
    /// His weapon's key in the rule book. Private, and set only with the
    /// man (`Soldier::new`), so that `arms` always agrees with it.
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
    /// Where his weapon is in the rule book: not saved, rebuilt when a game
    /// is read back (`Game::rearm`).
    #[serde(skip)]
    arms: Arms,
}

impl Soldier {
    /// A fit man of `side` carrying `weapon` (a key of `book`, the rule
    /// book of the game he is in), standing at `pos`; not moved, no first
    /// shot to come, not holding his ground, no veteran, not a vehicle.
    pub fn new(book: &RuleBook, id: Name, rank: Name, side: Side, weapon: Name, pos: Option<Pos>) -> Self {
        let arms = Arms::new(book, &weapon);
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
            arms,
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
        let i = match self.arms.own {
            NOT_KNOWN => book.weapon_index(&self.weapon),
            i => Some(usize::from(i)),
        };
        debug_assert_eq!(i, book.weapon_index(&self.weapon), "{}'s weapon index", self.id);
        i
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
        let slowly = || self.weapon_index(book).and_then(|i| book.aimed_index(i));
        let i = match self.arms.aimed {
            NOT_KNOWN => slowly(),
            i => Some(usize::from(i)),
        };
        debug_assert_eq!(i, slowly(), "{}'s aimed weapon index", self.id);
        i
    }

    /// Whether where his weapons stand in the rule book is kept with him
    /// (not to be looked up by key), for the tests of reading a save.
    #[cfg(test)]
    pub(crate) fn arms_kept(&self) -> bool {
        self.arms.own != NOT_KNOWN && self.arms.aimed != NOT_KNOWN
    }

    /// Finds his weapon in `book` again: for a man read back from a save,
    /// whose `arms` are not saved.
    pub(super) fn rearm(&mut self, book: &RuleBook) {
        self.arms = Arms::new(book, &self.weapon);
    }

    /// Fit or flesh-wounded, and on the map: gets cards, may act, may be shot at.
    pub fn can_act(&self) -> bool {
        self.pos.is_some() && matches!(self.state, State::Fit | State::FleshWound)
    }

    pub fn label(&self) -> String {
        format!("{} {}", self.rank, self.id)
    }
}

/// Where a man's weapon, and the weapon he aims at men with, are in the
/// rule book's list of weapons, found once when he is made rather than by
/// key at every shot weighed (some 200 look-ups a patrol, a scan of up to
/// nine keys each). Either may be `NOT_KNOWN`: not found yet (a man read
/// back from a save until `Game::rearm`), or not found at all (a key the
/// book does not know, a book of 255 weapons or more); then the key is
/// looked up, so the answer is the same either way. The indices are into
/// the rule book the man was made with, his game's, which is private to the
/// engine (`Game::book`) and whose list of weapons the engine never changes
/// (debug builds, the tests', check every answer against the look-up). Not
/// part of the man: not saved, and two men differing only in it are equal.
#[derive(Clone, Copy, Debug)]
struct Arms {
    own: u8,
    aimed: u8,
}

/// An index in `Arms` that is to be looked up by key.
const NOT_KNOWN: u8 = u8::MAX;

impl Arms {
    fn new(book: &RuleBook, weapon: &str) -> Self {
        let own = book.weapon_index(weapon);
        let aimed = own.and_then(|i| book.aimed_index(i));
        let code = |i: Option<usize>| i.and_then(|i| u8::try_from(i).ok()).unwrap_or(NOT_KNOWN);
        Arms { own: code(own), aimed: code(aimed) }
    }
}

impl Default for Arms {
    fn default() -> Self {
        Arms { own: NOT_KNOWN, aimed: NOT_KNOWN }
    }
}

impl PartialEq for Arms {
    fn eq(&self, _: &Self) -> bool {
        true
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

#[cfg(test)]
mod tests {
    use super::super::{Game, policy};

    /// Every man's `weapon_index` and `aimed_index` as the look-up by key
    /// gives them. (The debug builds the tests run in also check each
    /// answer against the look-up where it is given.)
    fn by_key(g: &Game) -> Vec<(Option<usize>, Option<usize>)> {
        let book = &g.book;
        g.soldiers
            .iter()
            .map(|s| {
                let own = book.weapon_index(s.weapon());
                (own, own.and_then(|i| book.aimed_index(i)))
            })
            .collect()
    }

    fn kept(g: &Game) -> Vec<(Option<usize>, Option<usize>)> {
        g.soldiers.iter().map(|s| (s.weapon_index(&g.book), s.aimed_index(&g.book))).collect()
    }

    /// The weapons kept with the men are the ones their keys name: for the
    /// squads and every enemy met on the three scenarios (anti-tank men,
    /// guns with and without a side arm), for men read back without them
    /// (looked up by key), and once they are found again (`Game::rearm`).
    #[test]
    fn a_mans_kept_weapons_are_the_ones_his_key_names() {
        let book = crate::rules::rule_book().unwrap();
        for name in [crate::rules::default_scenario_name(), "crossroads", "river"] {
            let scenario = crate::rules::scenario(name, &book).unwrap();
            for seed in 1..=8 {
                let mut g = Game::new(book.clone(), &scenario, seed).unwrap();
                while let Some(c) = policy::decide(&g) {
                    g.apply(&c).expect("the policy only gives legal commands");
                }
                assert_eq!(kept(&g), by_key(&g), "{name} {seed}");
                // Every man of these forces has a weapon the book knows and one he aims with.
                assert!(g.soldiers.iter().all(|s| s.arms_kept()), "{name} {seed}");
                let mut back: Game = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
                assert!(back.soldiers.iter().all(|s| s.arms.own == super::NOT_KNOWN), "{name} {seed}");
                assert_eq!((kept(&back), &back), (by_key(&g), &g), "{name} {seed}");
                back.rearm();
                assert_eq!(
                    back.soldiers.iter().map(|s| (s.arms.own, s.arms.aimed)).collect::<Vec<_>>(),
                    g.soldiers.iter().map(|s| (s.arms.own, s.arms.aimed)).collect::<Vec<_>>(),
                    "{name} {seed}"
                );
            }
        }
    }
}
