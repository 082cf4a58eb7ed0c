use super::*;

#[test]
fn purpose_names_are_the_event_names() {
    use Purpose::*;
    for p in [Incident, IncidentTable, Placement, Fire, HandToHand, Casualty, Mortar, Template, Minefield] {
        assert_eq!(serde_json::to_value(p).unwrap(), p.name());
    }
}

#[test]
fn modifiers_read_and_write_as_the_list() {
    // In the room of an optional `Vec` but for a word: a roll grows by at most that.
    assert!(std::mem::size_of::<Option<Modifiers>>() <= std::mem::size_of::<Option<Vec<Modifier>>>() + 8);
    let all = [Modifier::new("woods", -1), Modifier::new("earlier_incidents", -2), Modifier::new("cover", 1)];
    for n in 0..=all.len() {
        let list = all[..n].to_vec();
        let pushed = list.iter().cloned().fold(Modifiers::default(), |mut m, x| {
            m.push(x);
            m
        });
        for m in [pushed, list.iter().cloned().collect(), Modifiers::from(list.clone())] {
            assert_eq!(*m, *list);
            assert_eq!(m, list);
            assert_eq!(m.total(), list.iter().map(|x| x.value).sum::<i32>());
            assert_eq!(serde_json::to_string(&m).unwrap(), serde_json::to_string(&list).unwrap());
            assert_eq!(ron::to_string(&m).unwrap(), ron::to_string(&list).unwrap());
            assert_eq!(format!("{m:?}"), format!("{list:?}"));
            let back: Modifiers = serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap();
            assert_eq!(back, m);
        }
    }
}

#[test]
fn dice_read_and_write_as_their_name() {
    for (count, sides, text) in [(1, 6, "1d6"), (2, 6, "2d6"), (1, 8, "1d8"), (12, 100, "12d100"), (0, 0, "0d0")] {
        let d = DiceSet { count, sides };
        assert_eq!(d.to_string(), text);
        assert_eq!(text.parse(), Ok(d));
        assert_eq!(serde_json::to_string(&d).unwrap(), format!("{text:?}"));
        assert_eq!(ron::to_string(&d).unwrap(), format!("{text:?}"));
        assert_eq!(serde_json::from_str::<DiceSet>(&format!("{text:?}")).unwrap(), d);
        assert_eq!(ron::from_str::<DiceSet>(&format!("{text:?}")).unwrap(), d);
    }
    for bad in ["", "d6", "2d", "2D6", "six", "+2d6", "2d6 ", "256d6", "2d-6", "2d6d6"] {
        let e = bad.parse::<DiceSet>().unwrap_err();
        assert!(e.contains("like 2d6") && e.contains(&format!("{bad:?}")), "{bad:?}: {e}");
        assert!(serde_json::from_str::<DiceSet>(&format!("{bad:?}")).is_err(), "{bad:?}");
    }
}
