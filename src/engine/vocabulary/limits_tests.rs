//! Play keeps every counter within what a save may hold: a campaign whose
//! counters stand at their limits plays a whole patrol and still holds
//! together, so it can be saved.

use crate::engine::campaign::Campaign;
use crate::engine::testing::*;
use crate::engine::vocabulary::limits::COUNTER;

#[test]
fn a_campaign_at_its_counters_limits_plays_a_patrol_and_still_holds_together() {
    let b = book();
    let def = crate::rules::campaign(crate::rules::default_campaign_name(), &b).unwrap();
    for seed in 1..=3 {
        let mut c: Campaign = def.clone().start(seed, b.clone());
        c.rookies = COUNTER - 1;
        c.replacements_used = COUNTER as usize;
        for m in &mut c.roster {
            (m.experience, m.hits, m.patrols) = (COUNTER, COUNTER - 1, COUNTER);
        }
        c.check_consistent().expect("at the limits, not past them");
        c.begin().unwrap();
        if let Some(g) = c.patrol.as_mut() {
            (g.incidents, g.encounters, g.fire_missions) = (COUNTER, COUNTER, COUNTER);
        }
        let mut cache = Cache::new();
        for _ in 0..100_000 {
            let Some(command) = c.patrol.as_ref().and_then(|g| players::leader::decide(g, &cache)) else { break };
            c.apply(&command, &mut cache).unwrap();
            c.check_consistent().unwrap_or_else(|e| panic!("seed {seed}, after '{command}': {e}"));
        }
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        assert!(c.roster.iter().all(|m| m.experience <= COUNTER && m.hits <= COUNTER && m.patrols <= COUNTER));
        // The next patrol sets out (rookies at their limit: no more come) and holds together.
        if c.begin().is_ok() {
            c.check_consistent().unwrap();
            assert!(c.rookies <= COUNTER);
        }
    }
}
