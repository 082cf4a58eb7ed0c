//! What a dealt deck holds: how many cards each man (and STOP) has.
//!
//! Every deal of every action reports it, and a map built, or a list sorted
//! by name, at every deal was a large part of what a deal cost
//! (docs/PERFORMANCE.md has the history). So the list is kept as it was
//! dealt (in the order of `Game::soldiers`) and put in order of name only when it is read in
//! order: written out, or iterated. A simulator run writes out none of its
//! deals. Everything it shows (serialization, iteration, look-ups, equality)
//! is what a `BTreeMap<Name, u32>` would show, so the event stream and the
//! saves do not change.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

use crate::engine::vocabulary::name::Name;

/// Card counts by name, as given; read as the map of name to count that
/// collecting them would make (a name given twice keeps its last count).
#[derive(Clone, Default)]
pub struct Composition(Vec<(Name, u32)>);

impl Composition {
    /// The counts in `entries`. Nothing is sorted until they are read in order.
    pub fn new(entries: Vec<(Name, u32)>) -> Self {
        Self(entries)
    }

    /// The count of `name`'s cards, if he has any in the deck.
    pub fn get(&self, name: &str) -> Option<u32> {
        // The last count given for a name is the one that counts.
        self.0.iter().rev().find(|(n, _)| n == name).map(|&(_, c)| c)
    }

    /// Names and counts, in order of name, each name once.
    pub fn iter(&self) -> impl Iterator<Item = (&Name, u32)> {
        self.sorted().into_iter()
    }

    /// The cards in the deck.
    pub fn total(&self) -> u32 {
        self.iter().map(|(_, c)| c).sum()
    }

    /// The entries as the map would hold them: in order of name, each name
    /// once with its last count.
    fn sorted(&self) -> Vec<(&Name, u32)> {
        let entries = &self.0;
        // Sort small keys, not the entries: a name's first eight bytes as a
        // number, and its place in the list. Comparing text was most of the
        // cost of the sort.
        let mut keys: Vec<(u64, usize)> = entries.iter().enumerate().map(|(i, (n, _))| (prefix(n), i)).collect();
        keys.sort_unstable();
        // Names alike in their first eight bytes (rare) go in order of the
        // rest of the text; the place keeps equal names as they were given.
        for run in keys.chunk_by_mut(|a, b| a.0 == b.0).filter(|run| run.len() > 1) {
            run.sort_unstable_by(|a, b| entries[a.1].0.cmp(&entries[b.1].0).then(a.1.cmp(&b.1)));
        }
        let mut sorted: Vec<(&Name, u32)> = Vec::with_capacity(keys.len());
        for (k, &(_, i)) in keys.iter().enumerate() {
            let (name, count) = (&entries[i].0, entries[i].1);
            // Only names with the same prefix can be the same name.
            match sorted.last_mut() {
                Some(last) if keys[k - 1].0 == keys[k].0 && last.0 == name => last.1 = count,
                _ => sorted.push((name, count)),
            }
        }
        sorted
    }
}

/// Two compositions are equal when their maps are.
impl PartialEq for Composition {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 || self.sorted() == other.sorted()
    }
}

impl Eq for Composition {}

/// Shown as the map, in order of name.
impl std::fmt::Debug for Composition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The first eight bytes of a name as a number, zeros past its end: two
/// names are in the same order as their numbers wherever the numbers differ,
/// and comparing the numbers settles almost every comparison at a fraction
/// of the cost of comparing the text.
fn prefix(name: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let n = name.len().min(8);
    bytes[..n].copy_from_slice(&name.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}

impl Serialize for Composition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Composition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<Name, u32>::deserialize(deserializer)?;
        Ok(Self(map.into_iter().collect()))
    }
}

#[cfg(test)]
#[path = "composition_tests.rs"]
mod tests;
