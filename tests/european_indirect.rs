//! European Battlefield's indirect fire played by the patrol loop: The Guns
//! at Le Mesnil fought whole by the built-in leader, who calls the battery
//! and the air strike while the enemy's mortar scatters its bombs; and a
//! patrol saved in the middle of an action with smoke on the map resumed
//! exactly.

use std::sync::Arc;

use hexpatrol::engine::book::RuleBook;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::dice::Purpose;
use hexpatrol::engine::{Cache, Command, Event, Game, Phase, Side};
use hexpatrol::rules;

#[path = "common/patrols.rs"]
#[allow(dead_code)]
mod patrols;

fn book() -> Arc<RuleBook> {
    rules::rule_book().expect("the built-in rules load")
}

fn mesnil(seed: u64) -> Campaign {
    let book = book();
    let scenario = rules::scenario("mesnil", &book).expect("the built-in scenario with a battery");
    assert_eq!(scenario.rules.name(), "EuropeanBattlefield");
    Campaign::single(&scenario, seed, book)
}

const MOST: usize = 50_000;

/// Every patrol ends; over them the mortar's bombs and the battery's shells
/// land, scatter and go over the horizon, the air strike comes and is
/// mistaken, and every roll of it is made; a landing's event follows its
/// rolls, and a shell that went over the horizon hits nobody.
#[test]
fn le_mesnil_is_fought_with_mortar_battery_and_air_strike() {
    let mut seen = std::collections::BTreeSet::new();
    let (mut over, mut scattered, mut on_point, mut mistaken) = (0, 0, 0, 0);
    for seed in 1..=150 {
        let mut c = mesnil(seed);
        let mut events = c.begin().unwrap();
        patrols::play(&mut c, &mut Cache::new(), &mut events, MOST, |_| false);
        assert!(c.patrol.is_none() || matches!(c.patrol.as_ref().unwrap().phase(), Phase::Over { .. }));
        for (k, e) in events.iter().enumerate() {
            match e {
                Event::Roll(r) => {
                    seen.insert(r.purpose.name());
                    if r.purpose == Purpose::EbAirMistaken && r.success == Some(true) {
                        mistaken += 1;
                    }
                }
                Event::Landed { aim, at, .. } => {
                    match at {
                        None => over += 1,
                        Some(p) if p == aim => on_point += 1,
                        Some(_) => scattered += 1,
                    }
                    // Nothing is struck by a shell that never came down.
                    if at.is_none() {
                        assert!(!matches!(events.get(k + 1), Some(Event::Hit { .. })), "seed {seed}");
                    }
                }
                _ => {}
            }
        }
    }
    for p in ["eb_indirect", "eb_scatter", "eb_direction", "eb_air_arrive", "eb_air_mistaken"] {
        assert!(seen.contains(p), "{p}: {seen:?}");
    }
    assert!(over > 0 && scattered > 0 && on_point > 0 && mistaken > 0, "{over} {scattered} {on_point} {mistaken}");
}

/// Plays the leader's decisions, but the radio operator lays smoke on the
/// first enemy he can, until smoke stands on the map in the middle of an
/// action.
fn smoke_on_the_map(seed: u64) -> Option<Campaign> {
    let mut c = mesnil(seed);
    c.begin().unwrap();
    let mut cache = Cache::new();
    let mut smoked = false;
    for _ in 0..MOST {
        let game: &Game = c.patrol.as_ref()?;
        if !game.smoke().is_empty() && patrols::mid_action(game) {
            return Some(c);
        }
        let mut command = hexpatrol::engine::players::leader::decide(game, &cache)?;
        if let (false, Phase::Action(a)) = (smoked, game.phase())
            && a.up.is_some()
            && a.up == game.radio_man()
        {
            let foes: Vec<_> = game.able(Side::Enemy).filter_map(|e| game.soldiers()[e].pos).collect();
            for hex in foes {
                let call = Command::CallSmoke { hex };
                if c.patrol.as_ref().unwrap().clone().apply(&call, &mut cache, &mut Default::default()).is_ok() {
                    (command, smoked) = (call, true);
                    break;
                }
            }
        }
        c.apply(&command, &mut cache).expect("legal");
    }
    None
}

#[test]
fn a_patrol_saved_mid_action_with_smoke_on_the_map_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mesnil.ron");
    let mut resumed = 0;
    for seed in 1..=30 {
        let Some(c) = smoke_on_the_map(seed) else { continue };
        let text = patrols::saved_and_resumed_as_it_is(c, &path, MOST);
        assert!(text.contains("smoke:"), "seed {seed}: the save holds the smoke");
        assert!(text.contains("battery:"), "seed {seed}: and the battery");
        resumed += 1;
        if resumed >= 3 {
            break;
        }
    }
    assert!(resumed >= 3, "saved with smoke on the map and resumed: {resumed}");
}
