//! What a throw of the dice leaves in the event stream: the `Roll`, what it
//! was for (`purpose.rs`), the dice thrown ("2d6"), the faces they showed and the modifiers
//! that moved its need. Events and saves read and write each as its plain
//! form (a list, a name), whatever shape it is kept in.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::dice::purpose::Purpose;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

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
    pub(in crate::engine) fn thrown(count: u8, mut face: impl FnMut() -> u8) -> Self {
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
#[path = "roll_tests.rs"]
mod tests;
