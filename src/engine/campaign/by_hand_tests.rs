//! Real dice: faces typed in play the game as the software's would, a
//! take-back or a withdrawn order cannot fish for a better throw, and an
//! order waiting for dice survives a save.

use proptest::prelude::*;

use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::dice::Faces;
use crate::engine::dice::Roll;
use crate::engine::dice::hand::Throw;
use crate::engine::players::leader;
use crate::engine::vocabulary::command::Command;
use crate::engine::vocabulary::event::Event;

fn campaign(seed: u64) -> Campaign {
    let book = crate::rules::rule_book().expect("the built-in rules load");
    let scenario = crate::rules::scenario(crate::rules::default_scenario_name(), &book).unwrap();
    let mut c = Campaign::single(&scenario, seed, book);
    c.begin().unwrap();
    c
}

fn rolls(events: &[Event]) -> Vec<Roll> {
    events.iter().filter_map(|e| if let Event::Roll(r) = e { Some(r.clone()) } else { None }).collect()
}

/// The leader's next `n` orders, played with the game's dice: the orders and the events.
fn software(seed: u64, n: usize) -> (Campaign, Vec<Command>, Vec<Event>) {
    let (mut c, mut cache) = (campaign(seed), Cache::new());
    let (mut orders, mut events) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let Some(command) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) else { break };
        events.extend(c.apply(&command, &mut cache).unwrap());
        orders.push(command);
    }
    (c, orders, events)
}

/// Plays `command` with real dice, answering each roll wanted from `faces`.
fn by_hand(
    c: &mut Campaign,
    cache: &mut Cache,
    command: &Command,
    faces: &mut impl Iterator<Item = Faces>,
) -> Vec<Event> {
    let mut events = c.apply(command, cache).unwrap();
    while c.waiting.is_some() {
        let wanted = c.wanted(cache).expect("an order waits, so a roll is wanted");
        // Out of faces: the game throws the rest (`dice -`).
        let next = faces.next();
        if let Some(f) = &next {
            assert_eq!(f.len(), usize::from(wanted.dice.count), "the roll wanted is the one the software threw");
        }
        events.extend(c.give(next, cache).unwrap());
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    /// A patrol with every roll thrown by hand, each showing what the
    /// seeded dice showed, is the very same patrol: the same game, dice and
    /// all, and the same events but for the mark of a hand throw.
    #[test]
    fn faces_the_seeded_dice_would_throw_give_the_same_game(seed in 0u64..500, n in 1usize..80) {
        let (soft, orders, soft_events) = software(seed, n);
        let (mut c, mut cache) = (campaign(seed), Cache::new());
        c.real_dice = true;
        let mut faces = rolls(&soft_events).into_iter().map(|r| r.faces);
        let mut events = Vec::new();
        for command in &orders {
            events.extend(by_hand(&mut c, &mut cache, command, &mut faces));
        }
        prop_assert!(faces.next().is_none(), "every roll was asked for");
        prop_assert_eq!(&c.patrol, &soft.patrol);
        let hand_rolls = rolls(&events);
        prop_assert!(hand_rolls.iter().all(|r| r.physical));
        let unmarked: Vec<Event> = events
            .into_iter()
            .map(|e| match e {
                Event::Roll(r) => Event::Roll(Roll { physical: false, ..r }),
                e => e,
            })
            .collect();
        prop_assert_eq!(unmarked, soft_events);
    }
}

/// Walks the leader's orders to the first that rolls, with the game's dice.
fn to_a_roll(seed: u64) -> (Campaign, Cache, Command) {
    let (mut c, mut cache) = (campaign(seed), Cache::new());
    loop {
        let command = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)).expect("the patrol goes on");
        let mut trial = c.clone();
        let events = trial.apply(&command, &mut cache).unwrap();
        if !rolls(&events).is_empty() && command != Command::Turn {
            return (c, cache, command);
        }
        c = trial;
    }
}

#[test]
fn an_order_with_real_dice_waits_and_a_bad_throw_changes_nothing() {
    let (mut c, mut cache, command) = to_a_roll(3);
    c.real_dice = true;
    let before = c.clone();
    assert_eq!(c.apply(&command, &mut cache).unwrap(), Vec::new());
    assert_eq!(c.waiting, Some(command.to_string()));
    assert_eq!(c.patrol, before.patrol, "nothing happens until the dice are thrown");
    let wanted = c.wanted(&mut cache).unwrap();
    assert_eq!(wanted.ask(), "roll 2d6 for the incident check: incident on 7+");
    let waiting = c.clone();
    for bad in [vec![7, 1], vec![3], vec![1, 2, 3]] {
        let e = c.give(Some(Faces::from(bad.clone())), &mut cache).unwrap_err();
        assert!(e.reason().starts_with("roll 2d6 for the incident check"), "{bad:?}: {e}");
        assert_eq!(c, waiting, "{bad:?} changed nothing");
    }
    // Real dice turned off while the order waits: it is played on, the game throwing.
    let mut off = c.clone();
    let events = off.set_real_dice(false, &mut cache).unwrap();
    assert!(off.waiting.is_none() && !rolls(&events).is_empty() && !rolls(&events)[0].physical);
    let e = c.apply(&Command::Hold, &mut cache).unwrap_err();
    assert!(e.reason().contains("waits for its dice"), "{e}");
    assert!(c.undo(1, &mut cache).unwrap_err().reason().contains("waits for its dice"));
    // Thrown: the order is carried out, the throw marked.
    let mut events = c.give(Some(Faces::from(vec![1, 1])), &mut cache).unwrap();
    while c.waiting.is_some() {
        events.extend(c.give(None, &mut cache).unwrap());
    }
    let first = &rolls(&events)[0];
    assert_eq!((&first.faces[..], first.physical, first.success), (&[1, 1][..], true, Some(false)));
    assert!(c.history.as_ref().unwrap().orders.last().unwrap().starts_with("dice 1 1; "));
}

#[test]
fn a_throw_taken_back_comes_up_again() {
    let (mut c, mut cache, command) = to_a_roll(5);
    c.real_dice = true;
    let mut sixes = std::iter::repeat_with(|| Faces::from(vec![6, 6]));
    let first = rolls(&by_hand(&mut c, &mut cache, &command, &mut sixes.by_ref().take(1)));
    assert_eq!((&first[0].faces[..], first[0].physical), (&[6, 6][..], true));
    let after = c.clone();
    c.undo(1, &mut cache).unwrap();
    assert_eq!(c.owed, vec![Faces::from(vec![6, 6])], "the throw taken back is owed");
    // Given again, even with the game's dice now, the order meets the throw
    // it met, and the patrol is as it was after it.
    c.real_dice = false;
    let again = rolls(&c.apply(&command, &mut cache).unwrap());
    assert_eq!((&again[0].faces[..], again[0].physical), (&[6, 6][..], true));
    assert!(c.owed.is_empty(), "the owed throw was used");
    assert_eq!(c.patrol, after.patrol);
    assert_eq!(c.log, after.log);
}

#[test]
fn a_withdrawn_order_leaves_its_throws_owed_and_a_save_keeps_the_wait() {
    let (mut c, mut cache, command) = to_a_roll(7);
    c.real_dice = true;
    c.apply(&command, &mut cache).unwrap();
    let wanted = c.wanted(&mut cache).unwrap();
    // Saved and read back mid-roll: the same roll is asked for.
    let text = ron::to_string(&c).unwrap();
    let back: Campaign = ron::from_str(&text).unwrap();
    assert_eq!(back, c);
    assert_eq!(back.wanted(&mut Cache::new()), Some(wanted));
    c.give(Some(Faces::from(vec![6, 5])), &mut cache).unwrap();
    if c.waiting.is_some() {
        assert_eq!(c.withdraw().unwrap(), command.to_string());
        assert_eq!(c.owed, vec![Faces::from(vec![6, 5])]);
        assert!(c.typed.is_empty() && c.waiting.is_none());
    }
}

#[test]
fn faces_given_before_an_order_go_to_its_first_roll_and_too_many_are_refused() {
    let (c, mut cache, command) = to_a_roll(9);
    let mut one = c.clone();
    one.give(Some(Faces::from(vec![2, 2])), &mut cache).unwrap();
    let events = one.apply(&command, &mut cache).unwrap();
    let r = rolls(&events);
    assert!(r[0].physical && r[0].faces[..] == [2, 2]);
    assert!(r[1..].iter().all(|r| !r.physical), "the rest the game threw");
    let mut many = c.clone();
    for t in [Some(Faces::from(vec![2, 2])), None, None, None, None, None, None, None, None, None] {
        many.give(t as Throw, &mut cache).unwrap();
    }
    let e = many.apply(&command, &mut cache).unwrap_err();
    assert!(e.reason().contains("but 10 rolls were given"), "{e}");
    assert_eq!(many.patrol, c.patrol);
    assert!(many.typed.is_empty(), "the faces given were let go");
}
