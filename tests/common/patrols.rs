//! Playing patrols by the built-in leader, for the tests of rule sets:
//! played to a point, and saved there and resumed.

use std::path::Path;

use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::{Cache, Event, Game, Phase, Side, players::leader};
use hexpatrol::save;

/// In an action with both sides still fighting, and either a man's card
/// up with part of his move used or someone under pressure from the second
/// turn on: where a rule set of squads keeps the most in flight.
#[allow(dead_code)] // Each test file that includes this module uses what it needs.
pub fn mid_action(g: &Game) -> bool {
    matches!(g.phase(), Phase::Action(a) if a.steps > 0 || (a.turn >= 2
        && g.soldiers().iter().any(|s| !s.pressure.is_steady())))
        && g.any_able(Side::Enemy)
        && g.any_able(Side::Friendly)
}

/// Plays the leader's decisions until the patrol ends or `stop` says; a
/// patrol that runs past `most` decisions fails the test.
pub fn play(c: &mut Campaign, cache: &mut Cache, events: &mut Vec<Event>, most: usize, stop: impl Fn(&Game) -> bool) {
    for _ in 0..most {
        let Some(game) = c.patrol.as_ref() else { return };
        if stop(game) {
            return;
        }
        let Some(command) = leader::decide(game, cache) else { return };
        events.extend(c.apply(&command, cache).expect("the leader's commands are legal"));
    }
    panic!("a patrol ran past {most} decisions");
}

/// Begins `c`'s patrol and plays it to where `stop` says; saves it at
/// `path` as the game writes a save, reads it back as a resumed game reads
/// it, and plays both on to the end: they must be equal and play on alike.
/// The save's text, or None if the patrol ended before `stop`.
pub fn saved_and_resumed(mut c: Campaign, path: &Path, most: usize, stop: impl Fn(&Game) -> bool) -> Option<String> {
    let mut before = c.begin().unwrap();
    let mut cache = Cache::new();
    play(&mut c, &mut cache, &mut before, most, &stop);
    let game = c.patrol.as_ref()?;
    assert!(stop(game), "stopped where asked");
    Some(saved_and_resumed_as_it_is(c, path, most))
}

/// `c` saved as it is at `path`, read back, and both played on to the end
/// alike (as `saved_and_resumed`): the save's text.
pub fn saved_and_resumed_as_it_is(mut c: Campaign, path: &Path, most: usize) -> String {
    let mut cache = Cache::new();
    let slot = save::Slot::open(path).unwrap();
    slot.save(&mut c, 0).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut resumed = save::read(path).unwrap().campaign;
    drop(slot);
    assert_eq!(resumed, c, "read back as saved");
    let (mut on, mut after) = (Vec::new(), Vec::new());
    play(&mut c, &mut cache, &mut on, most, |_| false);
    play(&mut resumed, &mut Cache::new(), &mut after, most, |_| false);
    assert_eq!(on, after, "the resumed game plays on as the game saved");
    assert_eq!(resumed, c);
    std::fs::remove_file(path).ok();
    text
}
