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
    assert_eq!(c.iter().map(|(n, k)| (n.clone(), k)).collect::<Vec<_>>(), map.clone().into_iter().collect::<Vec<_>>());
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
        proptest::prop_assert_eq!(c.iter().map(|(n, k)| (n.clone(), k)).collect::<Vec<_>>(), map.iter().map(|(n, &k)| (n.clone(), k)).collect::<Vec<_>>());
        for (n, k) in &map {
            proptest::prop_assert_eq!(c.get(n), Some(*k));
        }
        proptest::prop_assert_eq!(c.total(), map.values().sum::<u32>());
        proptest::prop_assert_eq!(serde_json::to_string(&c).unwrap(), serde_json::to_string(&map).unwrap());
    }
}
