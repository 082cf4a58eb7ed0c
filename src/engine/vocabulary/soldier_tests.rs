//! A man is read as saves have always read him: what a derived reader
//! accepted, and nothing it refused.

use super::*;
use crate::engine::ruleset::Kit;

fn man(fields: &str) -> Result<Soldier, String> {
    ron::from_str(&format!("(id: \"Ames\", rank: \"Pvt\", side: friendly, weapon: 0, state: fit, moved: false, stays_put: false, first_shot: false{fields})"))
        .map_err(|e| e.to_string())
}

#[test]
fn a_man_left_without_a_place_is_off_the_map_and_a_field_nobody_has_is_passed_over() {
    let m = man(", bogus: 1").unwrap();
    assert_eq!((m.pos, m.kit.rule_set()), (None, None));
    let m = man(", pos: Some((2, 3)), medic: true").unwrap();
    assert_eq!(m.pos, Some(Pos::new(2, 3)));
    assert!(m.kit.combat_patrol().medic);
}

#[test]
fn a_field_given_twice_is_refused_a_kit_s_too() {
    for twice in [", moved: true", ", medic: true, medic: false", ", squad: Some(1), squad: None"] {
        let e = man(twice).unwrap_err();
        assert!(e.contains("Duplicate field") || e.contains("duplicate field"), "{twice}: {e}");
    }
    let e = man(", medic: true, conscript: true").unwrap_err();
    assert!(e.contains("Ames holds the state of two rule sets, CombatPatrol and Company"), "{e}");
}

/// A Combat Patrol man's fields come before his squad, the others' after,
/// as saves wrote them when every man had every field.
#[test]
fn a_man_is_written_in_the_order_saves_always_wrote_him() {
    let mut m = man(", medic: true, squad: Some(1)").unwrap();
    let text = ron::to_string(&m).unwrap();
    assert!(text.ends_with("medic:true,squad:Some(1))"), "{text}");
    m.kit = Kit::None;
    m.kit.company_mut().conscript = true;
    let text = ron::to_string(&m).unwrap();
    assert!(text.ends_with("squad:Some(1),conscript:true)"), "{text}");
    assert_eq!(ron::from_str::<Soldier>(&text).unwrap(), m);
}
