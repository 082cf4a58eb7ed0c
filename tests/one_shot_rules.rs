//! The rule-set seam, proved by a rule set that lives only here: One Shot.
//! Every aimed shot in sight and within the weapon's reach hits on 4+ on a
//! D6, every hit kills on the spot, every man brings one card, hand to hand
//! is one die each (the higher kills, a tie is nothing), and nobody breaks.
//! A man shot at and missed reacts: on a D6 of 1 to 3 he is pinned (he may
//! fire but not move) until he rallies at a STOP card on 4+. And a man whose
//! card is turned rolls a D6 first: on a 1 he hesitates and may only fire.
//!
//! Nothing outside this file knows of it: it registers itself with the
//! engine, a scenario names it, and whole patrols are played, saved,
//! resumed and played on by the loop every rule set shares.

use std::path::Path;
use std::sync::Arc;

use hexpatrol::engine::book::{RuleBook, Weapon, WeaponKind, Wound};
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::dice::chance::Chance;
use hexpatrol::engine::dice::{Dice, Modifiers, Purpose, Roll};
use hexpatrol::engine::ruleset::{
    Aim, Blow, Deed, Fought, Hit, Leave, Melee, MeleeOdds, Odds, Pressure, Reaction, RuleSetEntry, Rules,
};
use hexpatrol::engine::vocabulary::name::Name;
use hexpatrol::engine::{Cache, Event, Game, RuleSet, Side, Soldier, State, players::leader};
use hexpatrol::{rules, save};

#[path = "common/patrols.rs"]
mod patrols;

struct OneShot;

impl Rules for OneShot {
    fn name(&self) -> &'static str {
        "OneShot"
    }

    fn states(&self) -> &'static [State] {
        &[State::Fit, State::Dead]
    }

    fn cards(&self, _book: &RuleBook, _man: &Soldier) -> u32 {
        1
    }

    fn stop_cards(&self, _book: &RuleBook) -> u32 {
        1
    }

    fn aimed(&self, _book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        let reach = match aim.weapon.kind {
            WeaponKind::Direct { long, .. } => long,
            _ => return Err(format!("the {} is not aimed", aim.weapon.name)),
        };
        if aim.distance == 0 || aim.distance > reach {
            return Err(format!("out of reach: {} hexes", aim.distance));
        }
        Ok(Odds { dice: 1, sides: 6, base: 4, modifiers: Modifiers::default(), band: None })
    }

    fn bombard(&self, _book: &RuleBook, weapon: &Weapon, _distance: u32, _moved: bool) -> Result<Odds, String> {
        Err(format!("the {} has no indirect fire under these rules", weapon.name))
    }

    /// Whatever struck him, certain death, rolled all the same so that the
    /// log shows it.
    fn hit(&self, _book: &RuleBook, dice: &mut Dice, man: &Name, _blow: Blow) -> Hit {
        let roll = dice.table(Purpose::Casualty, 1, 6, |_| Name::new_static("dead")).by(man);
        Hit::Wounded(Some(roll), Wound::Dead)
    }

    fn casualty(&self, _book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        // Nobody is ever knocked over, so nobody is rolled for; a man read
        // back knocked over from another rule set's save dies all the same.
        (dice.table(Purpose::Casualty, 1, 6, |_| Name::new_static("dead")).by(man), Wound::Dead)
    }

    fn casualty_spread(&self, _book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        (Purpose::Casualty, "1d6".into(), vec![("dead", Chance::of_throws(6, 1, 6))])
    }

    fn hand_to_hand_spread(&self, _book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        let of = |ways| Chance::of_throws(ways, 2, 6);
        let spread = vec![
            MeleeOdds { outcome: Melee::Tie, attacker_lost: None, chance: of(6) },
            MeleeOdds { outcome: Melee::Killed, attacker_lost: Some(false), chance: of(15) },
            MeleeOdds { outcome: Melee::Killed, attacker_lost: Some(true), chance: of(15) },
        ];
        ("1d6".into(), spread)
    }

    fn hand_to_hand(&self, _book: &RuleBook, dice: &mut Dice, a: &Soldier, d: &Soldier) -> Fought {
        let ra = dice.table(Purpose::HandToHand, 1, 6, |_| Name::default()).by(&a.id).at(&d.id);
        let rd = dice.table(Purpose::HandToHand, 1, 6, |_| Name::default()).by(&d.id).at(&a.id);
        let outcome = if ra.total == rd.total { Melee::Tie } else { Melee::Killed };
        let attacker_lost = ra.total < rd.total;
        let difference = ra.total.abs_diff(rd.total);
        Fought { rolls: vec![ra, rd], difference, outcome, attacker_lost }
    }

    fn enemy_breaks(&self, _able: usize, _met: usize) -> bool {
        false
    }

    fn activate(&self, _book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<(Roll, Leave)> {
        let roll = dice.check(Purpose::Activation, 1, 6, 2, Modifiers::default()).by(&man.id);
        let leave = if roll.succeeded() { Leave::FREE } else { Leave { may_move: false, may_fire: true } };
        Some((roll, leave))
    }

    fn may(&self, man: &Soldier, deed: Deed) -> bool {
        !(man.pressure == Pressure::Pinned && deed == Deed::Move)
    }

    fn under_fire(&self, _book: &RuleBook, dice: &mut Dice, target: &Soldier, hit: bool) -> Option<Reaction> {
        if hit || target.pos.is_none() || target.pressure == Pressure::Pinned {
            return None;
        }
        // A reaction test: 4+ keeps his nerve, else he is pinned.
        let roll = dice.check(Purpose::Reaction, 1, 6, 4, Modifiers::default()).by(&target.id);
        let pressure = if roll.succeeded() { target.pressure } else { Pressure::Pinned };
        Some(Reaction { roll: Some(roll), pressure })
    }

    fn rally(&self, _book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<Reaction> {
        let roll = dice.check(Purpose::Reaction, 1, 6, 4, Modifiers::default()).by(&man.id);
        let pressure = if roll.succeeded() { Pressure::Steady } else { man.pressure };
        Some(Reaction { roll: Some(roll), pressure })
    }
}

inventory::submit! { RuleSetEntry(&OneShot) }

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
    patrols::play(c, cache, events, MOST, stop);
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
                // Every aimed shot at a man needs 4 on a D6, whatever the range
                // or cover. (Fire at vehicles keeps the rule book's anti-tank
                // table: vehicles are not behind the seam yet.)
                Event::Roll(r)
                    if r.purpose == Purpose::Fire && !r.target.as_ref().is_some_and(|t| t.starts_with('V')) =>
                {
                    assert_eq!((r.dice.count, r.dice.sides, r.need), (1, 6, Some(4)), "{r:?}");
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
}

#[test]
fn a_one_shot_patrol_saved_mid_action_resumes_as_it_would_have_gone_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-shot.ron");
    let mut resumed_mid_action = 0;
    for seed in 1..=6 {
        let mid_action = |g: &Game| {
            matches!(g.phase(), hexpatrol::engine::Phase::Action(a) if a.turn >= 2)
                && g.any_able(Side::Enemy)
                && g.any_able(Side::Friendly)
        };
        let Some(text) = patrols::saved_and_resumed(campaign(seed), &path, MOST, mid_action) else { continue };
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
            if let (Some(up), hexpatrol::engine::Command::Move { .. }) = (game.card_up(), &command) {
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
        let e = c.apply(&hexpatrol::engine::Command::Move { section: None, to }, &mut cache).unwrap_err();
        assert!(e.0.contains("may not move on this card"), "{e}");
        return;
    }
    panic!("no pinned man's card came up in 40 patrols");
}
