use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::campaign::promotion::seniority;
use crate::engine::players::leader;
use crate::engine::vocabulary::event::Event;

/// Plays whole Bocage campaigns with the patrol leader, calling `check`
/// after every order with the campaign and the order's events.
fn play_campaigns(seeds: std::ops::Range<u64>, mut check: impl FnMut(&Campaign, &[Event])) {
    let book = crate::engine::testing::book();
    for seed in seeds {
        let mut c = crate::rules::campaign("bocage", &book).unwrap().start(seed, book.clone());
        let mut cache = Cache::new();
        while !c.is_over() {
            let opening = c.begin().unwrap();
            check(&c, &opening);
            let mut n = 0;
            while let Some(command) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) {
                let events = c.apply(&command, &mut cache).unwrap();
                check(&c, &events);
                n += 1;
                assert!(n < 20_000, "a patrol that does not end");
            }
        }
    }
}

#[test]
fn when_the_leader_falls_the_senior_able_man_takes_command() {
    let ranks = crate::engine::testing::book().campaign.ranks.clone();
    let mut taken = 0;
    play_campaigns(1..4, |c, events| {
        let Some(game) = &c.patrol else { return };
        let squad: Vec<_> =
            game.soldiers.iter().filter(|s| s.side == crate::engine::vocabulary::soldier::Side::Friendly).collect();
        // The squad stands senior first, so the first able man is the senior able man.
        assert!(
            squad.windows(2).all(|w| seniority(&ranks, &w[0].rank) >= seniority(&ranks, &w[1].rank)),
            "the squad sets out in order of seniority"
        );
        for e in events {
            if let Event::TakesCommand { soldier, from, .. } = e {
                taken += 1;
                let leader = game.leader().map(|i| &game.soldiers[i]);
                // Later events of the same order may change it again: only the last one stands.
                let last = events.iter().rev().find(|e| matches!(e, Event::TakesCommand { .. }));
                if std::ptr::eq(last.unwrap(), e) {
                    assert_eq!(leader.map(|s| s.id.as_str()), Some(soldier.as_str()));
                }
                let senior = squad.iter().filter(|s| s.can_act()).map(|s| seniority(&ranks, &s.rank)).max();
                if std::ptr::eq(last.unwrap(), e) {
                    assert_eq!(
                        leader.map(|s| seniority(&ranks, &s.rank)),
                        senior,
                        "{soldier} is not the senior able man"
                    );
                }
                assert_ne!(soldier, from);
            }
        }
    });
    assert!(taken > 0, "no leader fell in three campaigns: the test saw nothing");
}

#[test]
fn a_scenario_played_on_its_own_never_announces_who_takes_command() {
    let book = crate::engine::testing::book();
    let scenario = crate::rules::scenario("hedgerow", &book).unwrap();
    for seed in 1..30 {
        let mut c = Campaign::single(&scenario, seed, book.clone());
        let mut events = c.begin().unwrap();
        let (more, _) = crate::session::auto(&mut c, &mut Cache::new(), 20_000);
        events.extend(more);
        assert!(!events.iter().any(|e| matches!(e, Event::TakesCommand { .. })));
    }
}
