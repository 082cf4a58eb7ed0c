use super::is_key;

#[test]
fn keys_compare_as_their_text() {
    // Every length up to 12, and keys alike but for one byte anywhere.
    let mut keys: Vec<String> = (0..=12).map(|n| "abcdefghijkl"[..n].to_string()).collect();
    for n in 1..=12 {
        for at in 0..n {
            let mut k = b"abcdefghijkl"[..n].to_vec();
            k[at] = b'x';
            keys.push(String::from_utf8(k).unwrap());
        }
    }
    keys.extend(
        ["rifle", "mg", "smg", "pistol", "mortar", "bazooka", "tank_gun", "at_gun", "é", "ée"].map(String::from),
    );
    for a in &keys {
        for b in &keys {
            assert_eq!(is_key(a, b), a == b, "{a:?} and {b:?}");
        }
    }
}
