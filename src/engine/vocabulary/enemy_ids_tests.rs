use super::*;

#[test]
fn enemy_names_are_written_as_format_writes_them() {
    for n in (0..120).chain([4_321, 99_999, u32::MAX]) {
        assert_eq!(enemy_name(b'G', n), format!("G{n}"));
        assert_eq!(enemy_name(b'V', n), format!("V{n}"));
    }
}
