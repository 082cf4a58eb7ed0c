use super::*;

#[test]
fn a_rule_set_is_written_and_read_by_its_name() {
    let lw = RuleSet::default();
    assert_eq!(lw.name(), "LoneWarrior");
    assert_eq!(ron::to_string(&lw).unwrap(), "LoneWarrior");
    assert_eq!(ron::from_str::<RuleSet>("LoneWarrior").unwrap(), lw);
    assert_eq!(serde_json::to_string(&lw).unwrap(), "\"LoneWarrior\"");
    assert_eq!(serde_json::from_str::<RuleSet>("\"LoneWarrior\"").unwrap(), lw);
    let e = ron::from_str::<RuleSet>("Chainmail").unwrap_err().to_string();
    assert!(e.contains("no rule set called 'Chainmail'") && e.contains("LoneWarrior"), "{e}");
    assert!(RuleSet::all().contains(&lw));
    assert_eq!(lw.words(), "Lone Warrior");
    assert_eq!(RuleSet::named("EuropeanBattlefield").unwrap().words(), "European Battlefield");
}

/// A rule set's rules call it by the name files give it, every rule set's.
#[test]
fn every_rule_set_s_rules_answer_to_its_name() {
    for r in RuleSet::ALL {
        assert_eq!(r.rules().name(), r.name(), "{r:?}");
        assert_eq!(RuleSet::named(r.name()), Some(*r));
    }
}
