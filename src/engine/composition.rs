//! What a dealt deck holds: how many cards each man (and STOP) has.
//!
//! Every deal of every action reports it, some sixteen times a patrol. It
//! was a `BTreeMap<Name, u32>`, built and dropped each time, and building it
//! sorted the names again and allocated its nodes: a tenth of the engine's
//! time. A list kept in the map's order does the same job with one
//! allocation, and serializes exactly as the map did (a map in name order),
//! so the event stream and the saves do not change.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

use super::name::Name;

/// Card counts by name, in the order of the names, each name once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Composition(Vec<(Name, u32)>);

impl Composition {
    /// The counts in `entries`, put in order of name. As when a map is
    /// collected, a name given twice keeps the last count given for it.
    pub fn new(mut entries: Vec<(Name, u32)>) -> Self {
        // Sort small keys, not the entries: a name's first eight bytes as a
        // number, and its place in `entries`. Moving whole entries about, and
        // comparing their text, was most of the cost of a deal.
        let mut keys: Vec<(u64, usize)> = entries.iter().enumerate().map(|(i, (n, _))| (prefix(n), i)).collect();
        keys.sort_unstable();
        // Names alike in their first eight bytes (rare) go in order of the
        // rest of the text; the place keeps equal names as they were given.
        for run in keys.chunk_by_mut(|a, b| a.0 == b.0).filter(|run| run.len() > 1) {
            run.sort_unstable_by(|a, b| entries[a.1].0.cmp(&entries[b.1].0).then(a.1.cmp(&b.1)));
        }
        let mut sorted: Vec<(Name, u32)> = Vec::with_capacity(keys.len());
        for (k, &(_, i)) in keys.iter().enumerate() {
            let (name, count) = std::mem::take(&mut entries[i]);
            // Only names with the same prefix can be the same name.
            match sorted.last_mut() {
                Some(last) if keys[k - 1].0 == keys[k].0 && last.0 == name => last.1 = count,
                _ => sorted.push((name, count)),
            }
        }
        Self(sorted)
    }

    /// The count of `name`'s cards, if he has any in the deck.
    pub fn get(&self, name: &str) -> Option<u32> {
        self.0.binary_search_by(|(n, _)| n.as_str().cmp(name)).ok().map(|i| self.0[i].1)
    }

    /// Names and counts, in order of name.
    pub fn iter(&self) -> impl Iterator<Item = (&Name, u32)> {
        self.0.iter().map(|(n, c)| (n, *c))
    }

    /// The cards in the deck.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|(_, c)| c).sum()
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
        serializer.collect_map(self.0.iter().map(|(n, c)| (n, c)))
    }
}

impl<'de> Deserialize<'de> for Composition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<Name, u32>::deserialize(deserializer)?;
        Ok(Self(map.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(c: &Composition) -> Vec<&str> {
        c.iter().map(|(n, _)| n.as_str()).collect()
    }

    #[test]
    fn in_the_order_and_with_the_counts_a_map_would_have() {
        let given: Vec<(Name, u32)> = [
            ("STOP", 1),
            ("Baker", 2),
            ("Bakerman", 3),
            ("Bake", 4),
            ("V1", 3),
            ("Baker", 5),
            ("Zebedee Longname", 2),
            ("Zebedee Longnamf", 1),
            ("", 7),
        ]
        .into_iter()
        .map(|(n, c)| (Name::new(n), c))
        .collect();
        let map: BTreeMap<Name, u32> = given.iter().cloned().collect();
        let c = Composition::new(given);
        assert_eq!(
            c.iter().map(|(n, k)| (n.clone(), k)).collect::<Vec<_>>(),
            map.clone().into_iter().collect::<Vec<_>>()
        );
        assert_eq!(names(&c)[..3], ["", "Bake", "Baker"]);
        assert_eq!(c.get("Baker"), Some(5));
        assert_eq!(c.get("Bak"), None);
        assert_eq!(c.total(), map.values().sum::<u32>());
        assert_eq!(serde_json::to_string(&c).unwrap(), serde_json::to_string(&map).unwrap());
        assert_eq!(ron::to_string(&c).unwrap(), ron::to_string(&map).unwrap());
        let back: Composition = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn names_are_in_the_order_of_their_prefixes_where_those_differ() {
        let names = ["", "A", "A\0", "AB", "Baker", "G1", "G10", "G2", "Kowalski", "Kowalskis", "STOP", "Z", "\u{e9}"];
        for a in names {
            for b in names {
                if prefix(a) != prefix(b) {
                    assert_eq!(prefix(a).cmp(&prefix(b)), a.cmp(b), "{a:?} and {b:?}");
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn any_list_gives_what_its_map_would(given in proptest::collection::vec(("[AB]{0,3}[ab]{0,10}", 0u32..9), 0..30)) {
            let given: Vec<(Name, u32)> = given.into_iter().map(|(n, c)| (Name::new(n), c)).collect();
            let map: BTreeMap<Name, u32> = given.iter().cloned().collect();
            let c = Composition::new(given);
            proptest::prop_assert_eq!(c.0, map.into_iter().collect::<Vec<_>>());
        }
    }
}
