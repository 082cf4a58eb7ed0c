use super::*;

#[test]
fn same_seed_same_faces() {
    let mut a = Dice::new(7);
    let mut b = Dice::new(7);
    for _ in 0..100 {
        assert_eq!(
            a.check(Purpose::Fire, 1, 6, 4, Modifiers::default()),
            b.check(Purpose::Fire, 1, 6, 4, Modifiers::default())
        );
    }
}

#[test]
fn faces_stay_on_the_die() {
    let mut d = Dice::new(1);
    let mut seen = [false; 6];
    for _ in 0..600 {
        let r = d.table(Purpose::Casualty, 1, 6, |t| crate::engine::vocabulary::name::format_name!("{t}"));
        assert!((1..=6).contains(&r.faces[0]));
        seen[r.faces[0] as usize - 1] = true;
    }
    assert!(seen.iter().all(|&s| s), "every face turns up in 600 throws");
}

#[test]
fn need_is_base_plus_modifiers() {
    let mut d = Dice::new(3);
    let r = d.check(
        Purpose::Incident,
        2,
        6,
        7,
        [Modifier::new("woods", -1), Modifier::new("earlier_incidents", -1)].into_iter().collect(),
    );
    assert_eq!(r.need, Some(5));
    assert_eq!(r.success, Some(r.total >= 5));
    assert_eq!(r.dice.to_string(), "2d6");
    assert_eq!(r.total, u32::from(r.faces[0] + r.faces[1]));
}

#[test]
fn faces_read_and_write_as_the_list_of_numbers() {
    assert!(std::mem::size_of::<Faces>() <= std::mem::size_of::<Vec<u8>>());
    let mut d = Dice::new(5);
    for count in [0, 1, 2, 15, 16, 40] {
        let r = d.check(Purpose::Fire, count, 6, 4, Modifiers::default());
        let list: Vec<u8> = r.faces.to_vec();
        assert_eq!(list.len(), usize::from(count));
        assert_eq!(r.total, list.iter().map(|&f| u32::from(f)).sum::<u32>());
        assert_eq!(serde_json::to_string(&r.faces).unwrap(), serde_json::to_string(&list).unwrap());
        assert_eq!(ron::to_string(&r.faces).unwrap(), ron::to_string(&list).unwrap());
        assert_eq!(format!("{:?}", r.faces), format!("{list:?}"));
        let back: Faces = serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap();
        assert_eq!(back, r.faces);
        assert_eq!(Faces::from(list.clone()), r.faces);
    }
}

#[test]
fn survives_a_serde_round_trip_mid_stream() {
    let mut d = Dice::new(99);
    d.check(Purpose::Fire, 1, 6, 4, Modifiers::default());
    let saved = serde_json::to_string(&d).unwrap();
    let mut back: Dice = serde_json::from_str(&saved).unwrap();
    for _ in 0..20 {
        assert_eq!(
            d.check(Purpose::Fire, 2, 6, 7, Modifiers::default()),
            back.check(Purpose::Fire, 2, 6, 7, Modifiers::default())
        );
    }
}
