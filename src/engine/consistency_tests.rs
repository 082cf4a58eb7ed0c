//! The consistency checks on a game and a campaign read from a save.

use crate::engine::book::scenario::Scenario;
use crate::engine::cache::Cache;
use crate::engine::campaign::Campaign;
use crate::engine::game::Game;
use crate::engine::players::leader;
use crate::engine::ruleset::registry::RuleSet;
use crate::engine::testing::Play;
use crate::engine::testing::default_game;
use crate::engine::vocabulary::soldier::Soldier;
use std::sync::Arc;

/// A squad whose names clash ignoring case, or look like an enemy's, is
/// refused by name: `Game::find` relies on ids being unique ignoring case.
#[test]
fn a_squad_with_clashing_names_is_refused() {
    let g = default_game(1);
    let mut s = crate::rules::scenario(crate::rules::default_scenario_name(), &g.book).unwrap();
    s.squad[3].name = "bAKER".into();
    let err = Game::new(g.book.clone(), &s, 1).unwrap_err();
    assert_eq!(err.reason(), "two men called 'Baker' and 'bAKER' (names are the same ignoring case)");
    s.squad[3].name = "g4".into();
    let err = Game::new(g.book.clone(), &s, 1).unwrap_err();
    assert_eq!(err.reason(), "g4: a man of the squad cannot be called as enemies are (G or V and a number)");
}

/// A save where a later enemy could take a man's id is refused.
#[test]
fn a_save_where_an_enemy_could_take_an_id_is_refused() {
    let g = default_game(1);
    let mut named = g.clone();
    named.soldiers[2].id = "V7".into();
    assert_eq!(
        named.check_consistent().unwrap_err(),
        "V7 is a man of the patrol, called as enemies are (G or V and a number)"
    );
    let s = crate::rules::scenario(crate::rules::default_scenario_name(), &g.book).unwrap();
    let mut c = Campaign::new("t", "b", 1, g.book.clone(), Vec::new(), &s.squad, s.squad[..1].to_vec());
    c.roster[0].name = "G2".into();
    assert_eq!(c.check_consistent().unwrap_err(), "G2 on the roster is called as enemies are (G or V and a number)");
    c.roster[0].name = "Brennan2".into();
    // A replacement so called is passed over when the squad is filled,
    // so a save holding one (from before the campaign file's check) loads.
    c.replacements[0].name = "v2".into();
    assert_eq!(c.check_consistent(), Ok(()));
    let mut lower = play_until_enemies(1);
    let i = lower.soldiers.iter().rposition(|s| super::enemy_id(&s.id)).unwrap();
    lower.soldiers[i].id = lower.soldiers[i].id.to_ascii_lowercase().into();
    lower.next_enemy = super::enemy_number(&lower.soldiers[i].id).unwrap();
    assert!(lower.check_consistent().unwrap_err().starts_with("next_enemy"));
}

/// A replacement or rookie called as enemies are, in a campaign saved
/// before the campaign and rules files refused such names, is passed
/// over when the squad is filled: the patrol still sets out.
#[test]
fn a_replacement_called_as_enemies_are_is_passed_over() {
    use crate::engine::campaign::PatrolPlan;
    let g = default_game(1);
    let s = crate::rules::scenario(crate::rules::default_scenario_name(), &g.book).unwrap();
    let mut book = (*g.book).clone();
    book.campaign.rookie_names = vec!["G1".into(), "Abbott".into()];
    let plan = PatrolPlan { scenario: Scenario { squad: Vec::new(), ..s.clone() } };
    let mut spare = s.squad[1].clone();
    spare.name = "v2".into();
    let mut c = Campaign::new("t", "b", 1, Arc::new(book), vec![plan], &s.squad[..1], vec![spare]);
    c.begin().expect("the patrol sets out");
    let names: Vec<&str> = c.roster.iter().map(|m| m.name.as_str()).collect();
    assert!(names.contains(&"Abbott"), "{names:?}");
    assert!(!names.iter().any(|n| super::enemy_id(n)), "{names:?}");
}

/// A default game played by the patrol leader until it has met a few
/// enemies (or is over).
fn play_until_enemies(seed: u64) -> Game {
    let mut g = default_game(seed);
    while g.soldiers.len() < 16 {
        let Some(c) = leader::decide(&g, &Cache::new()) else { break };
        g.play(&c).unwrap();
    }
    g
}

/// `find` gives what a search of the soldiers for the first id that is the
/// same ignoring case gives, whether an enemy stands where his number
/// puts him or not.
#[test]
fn found_men_are_the_first_of_the_same_name() {
    let mut met = 0;
    for seed in 1..10 {
        let g = play_until_enemies(seed);
        met += g.next_enemy - 1;
        let mut moved = g.clone();
        moved.soldiers.rotate_left(3);
        for game in [&g, &moved] {
            let mut ids: Vec<String> = game.soldiers.iter().map(|s| s.id.to_string()).collect();
            ids.extend(ids.clone().iter().flat_map(|id| [id.to_ascii_lowercase(), id.to_ascii_uppercase()]));
            ids.extend(["G0", "G00", "G01", "V1", "g99", "G4294967296", "G", "", "Nobody"].map(String::from));
            for id in &ids {
                let searched = game.soldiers.iter().position(|s| s.id.eq_ignore_ascii_case(id));
                assert_eq!(game.find(id), searched, "'{id}' in seed {seed}");
            }
        }
    }
    assert!(met >= 20, "only {met} enemies met");
}

#[test]
fn enemy_numbers_are_the_ids_numbers() {
    for id in ["G1", "g12", "V3", "v0", "G007", "G4294967295", "G4294967296", "G", "", "X1", "G1a", "G+1", "Gé"] {
        let parsed = id
            .strip_prefix(['G', 'g', 'V', 'v'])
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u32>().ok());
        assert_eq!(super::enemy_number(id), parsed, "{id}");
    }
}

/// The soldiers' order, which the walks over one side rely on, and a
/// prisoner who could fight (who would stand outside any action's men)
/// are refused as a save is read.
#[test]
fn a_squad_man_after_an_enemy_or_a_prisoner_who_could_fight_is_refused() {
    let mut g = default_game(1);
    let e = crate::engine::testing::add_enemy(&mut g, "rifle", (0, 0));
    g.soldiers[e].pos = None;
    assert_eq!(g.check_consistent(), Ok(()));
    // The squad's last man moved behind the enemy, his section told.
    let man = g.soldiers.remove(e - 1);
    g.soldiers.push(man);
    for s in &mut g.sections {
        s.members.iter_mut().filter(|m| **m == e - 1).for_each(|m| *m = e);
    }
    let err = g.check_consistent().unwrap_err();
    assert!(err.contains("of the squad stands after G1 of the enemy"), "{err}");

    let mut g = default_game(1);
    let at = g.soldiers[0].pos.map(|p| (p.col, p.row)).unwrap();
    let e = crate::engine::testing::add_enemy(&mut g, "rifle", at);
    g.soldiers[e].captive = true;
    let err = g.check_consistent().unwrap_err();
    assert!(err.contains("is a prisoner, yet fit and could fight"), "{err}");
}

/// A hand-edited save with a vehicle facing past a hex's six sides, a man
/// who dodged a vehicle out of any action, or a man inside a vehicle that
/// is out of the fight, is refused (not played on, or panicked at).
#[test]
fn a_save_with_a_vehicle_beyond_its_rules_is_refused() {
    use crate::engine::testing::{OPEN, book, member, test_scenario};
    let squad = ["Hale", "Lucas", "Weiss"].map(|n| member(n, "Pvt", "rifle", Some(1))).to_vec();
    let scenario = test_scenario(RuleSet::EuropeanBattlefield, &OPEN, (4, 7), squad);
    let g = Game::new(book(), &scenario, 1).expect("a test scenario");
    assert_eq!(g.check_consistent(), Ok(()));
    let mut dodged = g.clone();
    dodged.soldiers[0].kit.european_mut().dodged = true;
    assert!(dodged.check_consistent().unwrap_err().contains("dodged a vehicle"));
    let mut inside = g.clone();
    (inside.soldiers[1].kit.european_mut().aboard, inside.soldiers[1].pos) = (true, None);
    inside.soldiers[1].kit.european_mut().transport = Some(inside.soldiers[0].id.clone());
    let e = inside.check_consistent().unwrap_err();
    assert!(e.contains("inside a vehicle that is not his side's, or is out of the fight"), "{e}");
}

/// A man carries his own rule set's state and no other's: a Lone Warrior
/// man holding European Battlefield's (a vehicle dodged) is refused, and a
/// man holding two rule sets' fields is refused where the save is read.
#[test]
fn a_man_carrying_another_rule_sets_state_is_refused() {
    let mut g = default_game(1);
    g.soldiers[0].kit.european_mut().dodged = true;
    let e = g.check_consistent().unwrap_err();
    assert!(e.contains("carries European Battlefield's state, but the patrol is fought by Lone Warrior"), "{e}");
    let mut man = default_game(1).soldiers[0].clone();
    man.kit.combat_patrol_mut().medic = true;
    let text = ron::to_string(&man).unwrap();
    assert!(text.contains("medic:true"), "{text}");
    assert_eq!(ron::from_str::<Soldier>(&text).unwrap(), man, "read back as written");
    let both = text.replacen("medic:true", "medic:true,dug_in:true", 1);
    let e = ron::from_str::<Soldier>(&both).unwrap_err().to_string();
    assert!(e.contains("holds the state of two rule sets, CombatPatrol and EuropeanBattlefield"), "{e}");
}
