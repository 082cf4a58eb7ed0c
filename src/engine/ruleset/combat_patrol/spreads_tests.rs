use super::*;
use crate::engine::testing::book;

fn chances(t: &Book, purpose: Purpose, modifier: i32) -> Vec<(&'static str, u64, u64)> {
    table_spread(t, purpose, modifier).unwrap().1.into_iter().map(|(r, c)| (r, c.ways, c.of)).collect()
}

#[test]
fn each_table_roll_has_its_exact_chances() {
    let b = book();
    let t = crate::engine::ruleset::combat_patrol::tables_in(&b).unwrap();
    // The blast reads the chart two higher: dead on 19-20 is 17-20 on
    // the dice (4+3+2+1 ways of 100), no effect on 2-4 only a 2.
    let blast = chances(t, Purpose::CpBlast, 2);
    assert_eq!(blast.iter().map(|r| r.2).collect::<Vec<_>>(), vec![100; blast.len()]);
    assert_eq!(blast.iter().find(|r| r.0 == "dead").map(|r| r.1), Some(10));
    assert_eq!(blast.iter().find(|r| r.0 == "no_effect").map(|r| r.1), Some(1));
    // The medic: 1-3 worse, 4-5 held, 6 stabilised; trained, one better.
    assert_eq!(chances(t, Purpose::CpMedic, 0), [("worse", 3, 6), ("held", 2, 6), ("stabilised", 1, 6)]);
    assert_eq!(chances(t, Purpose::CpMedic, 1), [("worse", 2, 6), ("held", 2, 6), ("stabilised", 2, 6)]);
    // A paratrooper's throw in sight (inverted 6): 1 dropped, 2-6 on target.
    assert_eq!(chances(t, Purpose::CpGrenade, -6), [("dropped", 1, 10), ("on_target", 5, 10), ("scatters", 4, 10)]);
    assert_eq!(chances(t, Purpose::CpBullets, 0), [("no_bullet", 1, 2), ("one_bullet", 1, 2)]);
    assert_eq!(chances(t, Purpose::CpReload, 0), [("one_more_action", 5, 10), ("loaded", 5, 10)]);
    assert!(table_spread(t, Purpose::CpMedic, 5).is_none(), "no such medic");
    assert!(table_spread(t, Purpose::Casualty, 0).is_none());
}
