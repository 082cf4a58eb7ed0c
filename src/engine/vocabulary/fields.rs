//! Reading a struct field by field, as a hand-written `Deserialize` does
//! where a derived one cannot (a man's kit, a rule book's rule-set tables):
//! a field given twice is refused before its value is read, as derived
//! readers refuse it, so the message and its place are theirs.

use serde::Deserialize;
use serde::de::{Error, MapAccess};

/// Serde's default for a flag that is on unless written off (a rule
/// book's switch that tables written before it existed played on).
pub(in crate::engine) fn yes() -> bool {
    true
}

/// Reads the value of the field `name` into `slot`, refusing a second.
pub(in crate::engine) fn fill<'de, T: Deserialize<'de>, A: MapAccess<'de>>(
    slot: &mut Option<T>,
    name: &'static str,
    map: &mut A,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(A::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

/// A field's name as a reader meets it: one of the names it knows (no copy
/// is made of those), or another, kept to say which.
pub(in crate::engine) enum Field {
    Known(&'static str),
    Unknown(String),
}

/// Reads the next field's name against the names `0` a struct has.
pub(in crate::engine) struct Names(pub &'static [&'static str]);

impl<'de> serde::de::DeserializeSeed<'de> for Names {
    type Value = Field;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Field, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl serde::de::Visitor<'_> for Names {
    type Value = Field;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a field's name")
    }
    fn visit_str<E: Error>(self, name: &str) -> Result<Field, E> {
        Ok(match self.0.iter().find(|known| **known == name) {
            Some(known) => Field::Known(known),
            None => Field::Unknown(name.to_string()),
        })
    }
}
