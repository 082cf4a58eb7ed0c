//! The company level played by the patrol loop: The Ridge's patrols fought
//! whole by the built-in leader, squads firing custom dice at squads, and
//! saved in the middle of an action and resumed exactly.

use std::collections::BTreeSet;
use std::sync::Arc;

use hexpatrol::engine::book::RuleBook;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::dice::Purpose;
use hexpatrol::engine::{Cache, Event, Game, Phase, Side};
use hexpatrol::rules;

#[path = "common/patrols.rs"]
mod patrols;

fn book() -> Arc<RuleBook> {
    rules::rule_book().expect("the built-in rules load")
}

/// The Ridge, played on its own.
fn ridge(seed: u64) -> Campaign {
    let book = book();
    let scenario = rules::scenario("ridge", &book).expect("the built-in company-level scenario");
    assert_eq!(scenario.rules.name(), "Company");
    Campaign::single(&scenario, seed, book)
}

const MOST: usize = 50_000;

/// Every squad's fire, checked against the rules as the events tell it:
/// the hits are the infantry faces (and the grenade face in an assault);
/// each hit falls on the teams fired at nearest first, one each before a
/// second; only teams hit are lost; a team pinned never moves until its
/// next card is over, when it unpins; mates that join spend their card.
#[test]
fn the_ridge_is_fought_by_squads_with_custom_dice() {
    let (mut fires, mut joined, mut saves, mut pins, mut unpins, mut lost) = (0, 0, 0, 0, 0, 0);
    for seed in 1..=12 {
        let mut c = ridge(seed);
        let mut events = c.begin().expect("the patrol sets out");
        patrols::play(&mut c, &mut Cache::new(), &mut events, MOST, |_| false);
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        let mut pinned: BTreeSet<String> = BTreeSet::new();
        // A pinned team whose card is up: it must unpin before the next card.
        let mut unpin_due: Option<String> = None;
        // The last fire: its firers, targets and hits.
        let mut fire: Option<(Vec<String>, Vec<String>, bool)> = None;
        let mut hits = 0usize;
        for e in &events {
            match e {
                Event::SquadFire { firers, targets, assault, .. } => {
                    fires += 1;
                    fire = Some((
                        firers.iter().map(|n| n.to_string()).collect(),
                        targets.iter().map(|n| n.to_string()).collect(),
                        *assault,
                    ));
                }
                Event::Roll(r) if r.purpose == Purpose::CompanyFire => {
                    let (_, _, assault) = fire.as_ref().expect("a fire is announced before its dice");
                    let top = if *assault { 4 } else { 3 };
                    hits = r.faces.iter().filter(|&&f| (1..=top).contains(&f)).count();
                    let word = if hits == 1 { "hit" } else { "hits" };
                    assert_eq!(r.result.as_deref(), Some(format!("{hits} {word}").as_str()), "{r:?}");
                }
                Event::Roll(r) if r.purpose == Purpose::CompanySave => saves += 1,
                Event::CardLost { soldier, reason } if reason.starts_with("fired with") => {
                    let (firers, _, _) = fire.as_ref().unwrap();
                    assert!(firers.contains(&soldier.to_string()), "seed {seed}: {soldier} joined the fire");
                    joined += 1;
                }
                Event::Wounded { soldier, wound } if wound == "dead" => {
                    if let Some((_, targets, _)) = &fire {
                        // Hit k falls on the k-th nearest team: only the first `hits` can be lost.
                        if let Some(k) = targets.iter().position(|t| t == soldier.as_str()) {
                            assert!(k < hits, "seed {seed}: {soldier} lost to hit {k} of {hits}");
                            lost += 1;
                        }
                    }
                    pinned.remove(soldier.as_str());
                }
                Event::Pressure { soldier, pressure } if pressure == "pinned" => {
                    pins += 1;
                    pinned.insert(soldier.to_string());
                }
                Event::Pressure { soldier, pressure } if pressure == "steady" => {
                    unpins += 1;
                    pinned.remove(soldier.as_str());
                    if unpin_due.as_deref() == Some(soldier.as_str()) {
                        unpin_due = None;
                    }
                }
                Event::Moved { soldiers, section: None, .. } => {
                    for s in soldiers {
                        assert!(!pinned.contains(s.as_str()), "seed {seed}: {s} moved while pinned");
                    }
                }
                Event::Card { card, .. } => {
                    assert_eq!(unpin_due, None, "seed {seed}: a pinned team's card ended and it stayed pinned");
                    unpin_due = pinned.contains(card.as_str()).then(|| card.to_string());
                }
                // The end of an action steadies every man (engine/action_end.rs).
                Event::ActionEnd { .. } => {
                    unpin_due = None;
                    pinned.clear();
                }
                _ => {}
            }
        }
    }
    assert!(fires >= 100 && joined >= 30, "{fires} fires, {joined} teams joined one");
    assert!(saves >= 20 && lost >= 40, "{saves} saving throws, {lost} teams lost");
    assert!(pins >= 10 && unpins >= 5, "{pins} teams pinned, {unpins} unpinned");
}

#[test]
fn a_company_patrol_saved_mid_action_resumes_as_it_would_have_gone_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ridge.ron");
    let mut resumed = 0;
    for seed in 1..=12 {
        let Some(text) = patrols::saved_and_resumed(ridge(seed), &path, MOST, patrols::mid_action) else { continue };
        assert!(text.contains("rules: Company"), "seed {seed}: the save names its rule set");
        assert!(text.contains("squad: Some("), "seed {seed}: the save holds the teams' squads");
        resumed += 1;
    }
    assert!(resumed >= 4, "saved mid-action and resumed: {resumed} of 12 seeds");
}

/// A team's card: two steps through open ground, then no third; and a
/// team that may not fire on the move is told so, and may hold.
#[test]
fn a_team_steps_twice_in_the_open_on_its_card_and_then_may_not_step_again() {
    use hexpatrol::engine::Command;
    let open = |g: &Game, p: hexpatrol::engine::Pos| {
        g.map().terrain(g.book(), p).is_some_and(|t| t.key == "open" || t.key == "road")
            && g.soldiers().iter().all(|s| s.pos != Some(p) || s.side == Side::Friendly)
    };
    let mut tried = 0;
    for seed in 1..=40 {
        let mut c = ridge(seed);
        let mut events = c.begin().unwrap();
        let mut cache = Cache::new();
        let fresh_card = |g: &Game| {
            g.card_up().is_some_and(|i| g.soldiers()[i].pressure.is_steady())
                && matches!(g.phase(), Phase::Action(a) if a.steps == 0)
        };
        patrols::play(&mut c, &mut cache, &mut events, MOST, fresh_card);
        let Some(g) = c.patrol.as_ref().filter(|g| fresh_card(g)) else { continue };
        let me = g.card_up().unwrap();
        let here = g.soldiers()[me].pos.unwrap();
        let Some((a, b)) = here
            .neighbours()
            .into_iter()
            .filter(|&a| open(g, a))
            .find_map(|a| a.neighbours().into_iter().find(|&b| b != here && open(g, b)).map(|b| (a, b)))
        else {
            continue;
        };
        // An American rifle team fires on the move (the article's exception); a bazooka team never does.
        let no_moving_fire = g.soldiers()[me].weapon(g.book()) == "bazooka_team";
        for to in [a, b] {
            c.apply(&Command::Move { section: None, to }, &mut cache).expect("a step in the open");
        }
        let g = c.patrol.as_ref().unwrap();
        if g.card_up() != Some(me) {
            continue; // moved into sight of nothing to fire at, or the action ended
        }
        let third = b.neighbours().into_iter().find(|&p| open(g, p)).unwrap_or(a);
        let e = c.apply(&Command::Move { section: None, to: third }, &mut cache).unwrap_err();
        assert!(e.reason().contains("has used the move of this card"), "seed {seed}: {e}");
        if no_moving_fire {
            let target = hexpatrol::engine::Target::Soldier("G1".into());
            let e = c.apply(&Command::Fire { target }, &mut cache).unwrap_err();
            assert!(e.reason().contains("may not fire on the move"), "seed {seed}: {e}");
        }
        c.apply(&Command::Hold, &mut cache).expect("he may always hold");
        tried += 1;
    }
    assert!(tried >= 5, "two steps and a refused third in {tried} patrols");
}

/// Hill 122 is saved and read back at its start and mid-way (the patrols to
/// come are checked with a stand-in team), and it has no special fire.
#[test]
fn hill_122_saves_and_loads_and_a_team_has_no_special_fire() {
    use hexpatrol::engine::{Command, Target};
    let book = book();
    let def = rules::campaign("hill_122", &book).expect("the built-in company-level campaign");
    let mut c = def.start(7, book);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hill.ron");
    let mut events = c.begin().unwrap();
    let mut cache = Cache::new();
    let up = |g: &Game| g.card_up().is_some();
    patrols::play(&mut c, &mut cache, &mut events, MOST, up);
    let g = c.patrol.as_ref().filter(|g| up(g)).expect("a team's card comes up in the first patrol");
    let t = g.soldiers().iter().find(|s| s.side == Side::Enemy && s.can_act()).map(|s| s.id.clone()).unwrap();
    let e = c.apply(&Command::FireSpecial { target: Target::Soldier(t) }, &mut cache).unwrap_err();
    assert!(e.reason().contains("no special firing method"), "{e}");
    let text = patrols::saved_and_resumed_as_it_is(c, &path, MOST);
    assert!(text.contains("rules: Company"), "{}", &text[..200.min(text.len())]);
}
