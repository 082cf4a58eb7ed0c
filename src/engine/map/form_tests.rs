use super::*;

#[test]
fn every_terrain_number_has_its_own_character_and_reads_back() {
    let chars: Vec<char> = (0..=255u8).map(terrain_char).collect();
    let mut seen = chars.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 256, "no two numbers share a character");
    for (t, &c) in chars.iter().enumerate() {
        assert_eq!(terrain_number(c), Some(t as u8), "{c}");
        assert!(!c.is_control() && c != '"' && c != '\\', "{c:?} is written as it is");
    }
    assert_eq!((chars[0], chars[10], chars[61], chars[62], chars[255]), ('0', 'a', 'Z', 'Ā', '\u{1c1}'));
    for c in ['.', ' ', '"', '\u{ff}', '\u{1c2}', '\u{10000}'] {
        assert_eq!(terrain_number(c), None, "{c:?}");
    }
}
