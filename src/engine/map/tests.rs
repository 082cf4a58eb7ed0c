use super::*;

fn map(rows: &[&[u8]]) -> Map {
    Map::new(rows.iter().map(|r| r.to_vec()).collect(), Edge::South)
}

#[test]
fn a_map_is_written_as_rows_and_read_back_the_same() {
    let mut m = map(&[&[0, 1, 2], &[61, 62, 255]]);
    m.mark_minefield(Pos::new(2, 1));
    let text = ron::to_string(&m).unwrap();
    assert_eq!(
        text, "(width:3,height:2,terrain:[\"012\",\"ZĀ\u{1c1}\"],minefields:[(2,1)],home_edge:South)",
        "one string a row"
    );
    assert_eq!(ron::from_str::<Map>(&text).unwrap(), m);
}

/// Saves of format 3 and older wrote a number a hex.
#[test]
fn a_map_of_a_number_a_hex_still_reads() {
    let m = map(&[&[0, 1, 2], &[61, 62, 255]]);
    let old = "(width: 3, height: 2, terrain: [0, 1, 2, 61, 62, 255], minefields: [], home_edge: South)";
    assert_eq!(ron::from_str::<Map>(old).unwrap(), m);
    let e = ron::from_str::<Map>(&old.replace("255", "256")).unwrap_err().to_string();
    assert!(e.starts_with("1:50-1:53") && e.contains("out of bounds"), "{e}");
    // An empty map reads, and `Map::check` refuses it.
    let empty = ron::from_str::<Map>("(width: 0, height: 0, terrain: [], minefields: [], home_edge: South)");
    assert_eq!(empty.unwrap().hexes().count(), 0);
}

#[test]
fn rows_that_are_not_the_map_are_refused_with_the_row() {
    let read = |terrain: &str| {
        let text = format!("(width: 3, height: 2, terrain: {terrain}, minefields: [], home_edge: South)");
        ron::from_str::<Map>(&text).map_err(|e| e.to_string())
    };
    assert!(read(r#"["012", "345"]"#).is_ok());
    for (terrain, said) in [
        (r#"["012", "3.5"]"#, "row 2 of the map: '.' is no terrain"),
        (r#"["012", "34"]"#, "row 2 of the map has 2 hexes; the map is 3 wide"),
        (r#"["0123", "45"]"#, "row 1 of the map has 4 hexes; the map is 3 wide"),
        (r#"["012"]"#, "the map is 2 hexes high but has 1 rows"),
        (r#"["012", "345", "678"]"#, "the map is 2 hexes high but has 3 rows"),
        (r#"["012", 3]"#, "Expected string"),
        (r#"[0, "345"]"#, "Expected integer"),
    ] {
        let e = read(terrain).unwrap_err();
        assert!(e.contains(said), "{terrain}: {e}");
    }
}
