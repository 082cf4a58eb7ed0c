//! One Shot played through the loop: whole patrols, saves mid-action,
//! reactions, pinning and activation tests.

use std::path::Path;
use std::sync::Arc;

use crate::engine::book::RuleBook;
use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::players::leader;
use crate::engine::ruleset::Pressure;
use crate::engine::ruleset::registry::RuleSet;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::soldier::Side;
use crate::{rules, save};

/// Plays the leader's decisions until the patrol ends or `stop` says; a
/// patrol that runs past `most` decisions fails the test.
fn play_on(c: &mut Campaign, cache: &mut Cache, events: &mut Vec<Event>, most: usize, stop: impl Fn(&Game) -> bool) {
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
fn saved_and_resumed(mut c: Campaign, path: &Path, most: usize, stop: impl Fn(&Game) -> bool) -> Option<String> {
    let mut before = c.begin().unwrap();
    let mut cache = Cache::new();
    play_on(&mut c, &mut cache, &mut before, most, &stop);
    c.patrol.as_ref()?;
    let slot = save::Slot::open(path).unwrap();
    slot.save(&mut c, 0).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut resumed = save::read(path).unwrap().campaign;
    drop(slot);
    assert_eq!(resumed, c, "read back as saved");
    let (mut on, mut after) = (Vec::new(), Vec::new());
    play_on(&mut c, &mut cache, &mut on, most, |_| false);
    play_on(&mut resumed, &mut Cache::new(), &mut after, most, |_| false);
    assert_eq!(on, after, "the resumed game plays on as the game saved");
    std::fs::remove_file(path).ok();
    Some(text)
}

fn one_shot() -> RuleSet {
    RuleSet::named("OneShot").expect("One Shot registers itself")
}

fn book() -> Arc<RuleBook> {
    rules::rule_book().expect("the built-in rules load")
}

/// A campaign of one patrol of the default scenario, fought by One Shot.
fn campaign(seed: u64) -> Campaign {
    let book = book();
    let mut scenario = rules::scenario(rules::default_scenario_name(), &book).expect("the default scenario");
    scenario.rules = one_shot();
    Campaign::single(&scenario, seed, book)
}

/// Plays the patrol leader's decisions until the patrol ends or `stop` says.
fn play(c: &mut Campaign, cache: &mut Cache, events: &mut Vec<Event>, stop: impl Fn(&Game) -> bool) {
    play_on(c, cache, events, MOST, stop);
}

/// The most decisions a One Shot patrol takes.
const MOST: usize = 20_000;

#[test]
fn one_shot_is_known_by_name_beside_lone_warrior() {
    let names: Vec<&str> = RuleSet::all().into_iter().map(RuleSet::name).collect();
    assert!(names.contains(&"OneShot") && names.contains(&"LoneWarrior"), "{names:?}");
    assert_ne!(one_shot(), RuleSet::default());
}

#[test]
fn whole_patrols_are_fought_by_one_shot() {
    let (mut kills, mut patrols_with_action) = (0, 0);
    let mut needs = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let mut c = campaign(seed);
        let mut events = c.begin().expect("the patrol sets out");
        assert_eq!(c.patrol.as_ref().map(|g| g.rules()), Some(one_shot()));
        play(&mut c, &mut Cache::new(), &mut events, |_| false);
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        let mut in_action = false;
        for e in &events {
            match e {
                // One card a man, and one STOP.
                Event::Deck { size, composition, .. } => {
                    in_action = true;
                    assert!(composition.iter().all(|(_, n)| n == 1), "{e:?}");
                    assert_eq!(*size, composition.iter().count());
                }
                // Every aimed shot at a man is a D12 on One Shot's own fire
                // table, whatever the cover. (Fire at vehicles keeps the rule
                // book's anti-tank table: vehicles are not behind the seam.)
                Event::Roll(r)
                    if r.purpose == Purpose::Fire && !r.target.as_ref().is_some_and(|t| t.starts_with('V')) =>
                {
                    assert_eq!((r.dice.count, r.dice.sides), (1, 12), "{r:?}");
                    assert!(matches!(r.need, Some(5 | 8 | 11)), "a need of the fire table: {r:?}");
                    needs.insert(r.need);
                }
                Event::Wounded { wound, .. } => {
                    assert_eq!(wound.as_str(), "dead", "{e:?}");
                    kills += 1;
                }
                Event::HandToHand { outcome, .. } => assert!(outcome.as_str() != "knocked_out", "{e:?}"),
                _ => {}
            }
        }
        // Nobody is knocked over: each hit is followed at once by the roll
        // that kills the man it struck.
        for pair in events.windows(2) {
            if let Event::Hit { soldier, .. } = &pair[0] {
                let killed = matches!(&pair[1], Event::Roll(r)
                    if r.purpose == Purpose::Casualty && r.soldier.as_ref() == Some(soldier));
                assert!(killed, "seed {seed}: {pair:?}");
            }
        }
        patrols_with_action += usize::from(in_action);
    }
    assert!(patrols_with_action >= 6, "actions were fought ({patrols_with_action} patrols)");
    assert!(kills >= 10, "shots killed ({kills})");
    assert!(needs.len() >= 2, "shots at more than one row of the fire table: {needs:?}");
}

#[test]
fn a_one_shot_patrol_saved_mid_action_resumes_as_it_would_have_gone_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-shot.ron");
    let mut resumed_mid_action = 0;
    for seed in 1..=6 {
        let mid_action = |g: &Game| {
            matches!(g.phase(), crate::engine::vocabulary::phase::Phase::Action(a) if a.turn >= 2)
                && g.any_able(Side::Enemy)
                && g.any_able(Side::Friendly)
        };
        let Some(text) = saved_and_resumed(campaign(seed), &path, MOST, mid_action) else { continue };
        assert!(text.contains("rules: OneShot"), "seed {seed}: the save names its rule set");
        resumed_mid_action += 1;
    }
    assert!(resumed_mid_action >= 3, "saved mid-action and resumed: {resumed_mid_action} of 6 seeds");
}

#[test]
fn a_save_naming_a_rule_set_this_program_lacks_is_refused_where_it_names_it() {
    let mut c = campaign(3);
    c.begin().unwrap();
    let file = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let text = save::to_text(&file).unwrap();
    let edited = text.replacen("rules: OneShot", "rules: Chainmail", 1);
    let e = save::parse(Path::new("s.ron"), &edited).unwrap_err().to_string();
    assert!(e.contains("no rule set called 'Chainmail'") && e.contains("OneShot"), "{e}");
    assert!(e.starts_with("s.ron:"), "{e}");
}

/// The seam's reactions, pinning, rallies and activation tests, played by
/// the loop: pinned men and hesitating men are never ordered to move (the
/// leader and the enemy both ask the rule set), and the pressure lifts when
/// the action ends.
#[test]
fn one_shot_pins_rallies_and_holds_men_back_through_the_loop() {
    let (mut pinned, mut rallied, mut hesitated, mut tests) = (0, 0, 0, 0);
    for seed in 1..=12 {
        let mut c = campaign(seed);
        let mut events = c.begin().unwrap();
        let mut cache = Cache::new();
        // Before each decision: a man who may not move is never moved.
        for _ in 0..20_000 {
            let Some(game) = c.patrol.as_ref() else { break };
            let Some(command) = leader::decide(game, &cache) else { break };
            if let (Some(up), crate::engine::vocabulary::command::Command::Move { .. }) = (game.card_up(), &command) {
                let man = &game.soldiers()[up];
                assert_ne!(man.pressure, Pressure::Pinned, "seed {seed}: a pinned man ordered to move");
            }
            events.extend(c.apply(&command, &mut cache).expect("the leader's commands are legal"));
        }
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        for e in &events {
            match e {
                Event::Pressure { pressure, .. } if pressure == "pinned" => pinned += 1,
                Event::Pressure { pressure, .. } if pressure == "steady" => rallied += 1,
                Event::Restrained { may_move, may_fire, .. } => {
                    assert_eq!((*may_move, *may_fire), (false, true));
                    hesitated += 1;
                }
                Event::Roll(r) if r.purpose == Purpose::Activation => tests += 1,
                _ => {}
            }
        }
    }
    assert!(pinned >= 5 && rallied >= 2 && hesitated >= 5 && tests >= 50, "{pinned} {rallied} {hesitated} {tests}");
}

/// A pinned man's own order to move is refused, and says why; his fire is not.
#[test]
fn a_pinned_man_may_fire_but_not_move() {
    for seed in 1..=40 {
        let mut c = campaign(seed);
        c.begin().unwrap();
        let mut cache = Cache::new();
        let pinned_up = |g: &Game| g.card_up().is_some_and(|i| g.soldiers()[i].pressure == Pressure::Pinned);
        play(&mut c, &mut cache, &mut Vec::new(), pinned_up);
        let Some(game) = c.patrol.as_ref().filter(|g| pinned_up(g)) else { continue };
        let me = game.card_up().unwrap();
        let here = game.soldiers()[me].pos.unwrap();
        let to = here.neighbours().into_iter().find(|&p| game.map().contains(p)).unwrap();
        let e =
            c.apply(&crate::engine::vocabulary::command::Command::Move { section: None, to }, &mut cache).unwrap_err();
        assert!(e.reason().contains("may not move on this card"), "{e}");
        return;
    }
    panic!("no pinned man's card came up in 40 patrols");
}

/// The game's book holds One Shot's tables (the built-in ones, put in by
/// its `fit_book`), a save writes them in the book's field `one_shot`, and
/// a save whose tables were changed is read with the changed numbers: the
/// tables are read from the book a game plays with, as every rule set's.
#[test]
fn one_shot_tables_are_its_own_read_and_written_with_its_games() {
    use crate::engine::ruleset::one_shot::tables::{FireRow, OneShotTables};
    let mut c = campaign(3);
    c.begin().unwrap();
    let game = c.patrol.as_ref().unwrap();
    assert_eq!(super::tables_in(game.book()), Some(&OneShotTables::built_in()));
    assert_eq!(game.book().own_rule_sets().collect::<Vec<_>>(), vec![one_shot()], "its own tables alone");
    let file = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let text = save::to_text(&file).unwrap();
    // The campaign's book and its patrol's each hold them: both edited.
    let mut parts = text.split("one_shot: Some(");
    let mut edited = parts.next().unwrap().to_string();
    let mut books = 0;
    for part in parts {
        edited += "one_shot: Some(";
        edited += &part.replacen("need: 5", "need: 3", 1).replacen("nerve: 4", "nerve: 2", 1);
        books += 1;
    }
    assert!(books >= 1, "the save holds One Shot's tables");
    let read = save::parse(Path::new("s.ron"), &edited).unwrap().campaign;
    let t = super::tables_in(read.patrol.as_ref().unwrap().book()).unwrap();
    assert_eq!((t.fire[0], t.nerve), (FireRow { within: 2, need: 3 }, 2));
    // A field no rule set's tables have is refused where it stands, with
    // One Shot's among the fields a book may have.
    let wrong = text.replacen("one_shot: Some(", "one_shoot: Some(", 1);
    let e = save::parse(Path::new("s.ron"), &wrong).unwrap_err().to_string();
    assert!(e.starts_with("s.ron:") && e.contains("one_shoot") && e.contains("one_shot"), "{e}");
}

/// A man missed is shaken one more, to the tables' most, and each time he
/// was shaken before makes his nerve one harder to keep; rallying steadies
/// him. His shaking is his kit's, One Shot's own state of him.
#[test]
fn a_miss_shakes_a_man_and_a_rally_steadies_him() {
    use crate::engine::dice::Dice;
    use crate::engine::ruleset::{Kit, Rules};
    let mut c = campaign(1);
    c.begin().unwrap();
    let game = c.patrol.as_ref().unwrap();
    let book = game.book();
    let mut man = game.soldiers().iter().find(|s| s.pos.is_some()).unwrap().clone();
    let mut dice = Dice::new(9);
    for (shaken, need, after) in [(0, 4, 1), (1, 5, 2), (2, 6, 2)] {
        man.kit = if shaken == 0 { Kit::None } else { Kit::OneShot(super::man::Man { shaken }) };
        man.pressure = Pressure::Steady;
        let r = super::OneShot.under_fire(book, &mut dice, &man, false).expect("a miss is tested");
        assert_eq!(r.roll.as_ref().and_then(|r| r.need), Some(need), "shaken {shaken}");
        assert_eq!(r.kit, Some(Kit::OneShot(super::man::Man { shaken: after })), "shaken {shaken}");
        assert_eq!(r.pressure, if r.roll.unwrap().succeeded() { Pressure::Steady } else { Pressure::Pinned });
    }
    assert!(super::OneShot.under_fire(book, &mut dice, &man, true).is_none(), "a hit is not tested");
    man.pressure = Pressure::Pinned;
    let (mut rallied, mut held) = (0, 0);
    for _ in 0..40 {
        let r = super::OneShot.rally(book, &mut dice, &man).unwrap();
        if r.roll.unwrap().succeeded() {
            assert_eq!((r.pressure, r.kit), (Pressure::Steady, Some(Kit::None)));
            rallied += 1;
        } else {
            assert_eq!((r.pressure, r.kit), (Pressure::Pinned, None));
            held += 1;
        }
    }
    assert!(rallied > 0 && held > 0, "{rallied} {held}");
}

/// Shaken men are saved shaken: a patrol saved mid-action while a man is
/// shaken writes it with him, and the resumed game plays on as the game
/// saved (`saved_and_resumed` holds both).
#[test]
fn a_shaken_man_is_saved_shaken_and_plays_on_alike() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shaken.ron");
    let shaken = |g: &Game| {
        matches!(g.phase(), crate::engine::vocabulary::phase::Phase::Action(_))
            && g.soldiers().iter().any(|s| s.pos.is_some() && s.kit.one_shot().shaken > 0)
    };
    for seed in 1..=10 {
        let Some(text) = saved_and_resumed(campaign(seed), &path, MOST, shaken) else { continue };
        assert!(text.contains("shaken: "), "seed {seed}: the save holds the man's shaking");
        return;
    }
    panic!("no man was shaken mid-action in 10 patrols");
}
