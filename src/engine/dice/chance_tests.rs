use super::*;

#[test]
fn two_dice_make_the_familiar_triangle() {
    assert_eq!(totals(2, 6), vec![0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    assert_eq!(totals(1, 6), vec![0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(totals(0, 6), vec![1]);
    assert_eq!(totals(3, 6).iter().sum::<u64>(), 216);
}

#[test]
fn incident_needs_on_two_dice() {
    // 2D6: 7+ is 21 of 36, 6+ (woods) 26, 5+ (woods after an incident) 30.
    assert_eq!(Chance::at_least(2, 6, 7), Chance::new(21, 36));
    assert_eq!(Chance::at_least(2, 6, 6), Chance::new(26, 36));
    assert_eq!(Chance::at_least(2, 6, 5), Chance::new(30, 36));
    assert_eq!(Chance::at_least(2, 6, 2), Chance::new(36, 36));
    assert_eq!(Chance::at_least(2, 6, -3), Chance::new(36, 36));
    assert_eq!(Chance::at_least(2, 6, 13), Chance::new(0, 36));
}

#[test]
fn one_die_needs() {
    for need in 1..=6 {
        assert_eq!(Chance::at_least(1, 6, need), Chance::new(7 - need as u64, 6), "{need}+");
    }
    assert_eq!(Chance::at_least(1, 6, 7).value(), 0.0);
}

#[test]
fn values_and_words() {
    assert_eq!(Chance::new(21, 36).value(), 21.0 / 36.0);
    assert!(Chance::new(21, 36).same_as(Chance::new(7, 12)));
    assert!(!Chance::new(21, 36).same_as(Chance::new(1, 2)));
    assert_eq!(Chance::new(0, 0).value(), 0.0);
    assert_eq!(Chance::new(21, 36).to_string(), "21/36 (58.3%)");
    let json = serde_json::to_string(&Chance::new(3, 6)).unwrap();
    assert_eq!(json, r#"{"ways":3,"of":6,"p":0.5}"#);
}

#[test]
fn absurd_dice_do_not_overflow() {
    assert_eq!(throws(200, 6), u64::MAX);
    assert!(Chance::at_least(40, 6, 100).value() <= 1.0);
}
