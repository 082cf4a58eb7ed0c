//! The odds against hand-counted dice, and the promise that asking changes nothing.

use crate::engine::dice::chance::Chance;
use crate::engine::testing::Play;
use crate::engine::testing::{OPEN, add_enemy, begin_action, card_next, default_game, game_on, rolls, squad};
use crate::engine::*;

fn ask(g: &Game, text: &str) -> OddsAnswer {
    let q: OddsQuery = text.parse().unwrap_or_else(|e| panic!("'{text}' parses: {e}"));
    g.odds(&Cache::new(), &q).unwrap_or_else(|e| panic!("'{text}' has an answer: {e}"))
}

fn chance(a: &OddsAnswer) -> Chance {
    a.roll.chance().expect("a pass/fail roll")
}

/// The chance of each result of a table roll, by name (and loser, for fights).
fn spread(r: &RollOdds) -> Vec<(String, Option<String>, Chance)> {
    r.outcomes().iter().map(|o| (o.result.clone(), o.loser.clone(), o.chance)).collect()
}

#[test]
fn incident_check_on_two_dice() {
    // Open ground 7+: 21 of 36; woods 6+: 26 of 36; woods after an incident 5+: 30 of 36.
    // From 1,1 (an odd column) the neighbours are 1,0 1,2 0,1 0,2 2,1 2,2.
    let mut g = game_on(&["...", "T..", "B.."], (1, 1), &squad(2), 1);
    let open = ask(&g, "move 1,0");
    assert_eq!((open.roll.purpose, open.roll.dice.to_string().as_str()), (Purpose::Incident, "2d6"));
    assert_eq!(chance(&open), Chance::new(21, 36));
    let woods = ask(&g, "move A 0,1");
    assert_eq!(chance(&woods), Chance::new(26, 36));
    assert!(
        matches!(&woods.roll.spread, Spread::Check { need: 6, modifiers, .. } if **modifiers == [Modifier::new("woods", -1)])
    );
    (g.incidents, g.encounters) = (1, 1);
    assert_eq!(chance(&ask(&g, "move 0,1")), Chance::new(30, 36));
    assert_eq!(chance(&ask(&g, "move 0,2")), Chance::new(30, 36), "buildings as woods");
    (g.incidents, g.encounters) = (5, 5);
    assert_eq!(chance(&ask(&g, "move 0,1")), Chance::new(33, 36), "at most two earlier incidents count: 4+");
}

#[test]
fn the_answer_shows_the_need_and_modifiers_the_roll_will_show() {
    for seed in 0..40 {
        let mut g = game_on(&["...", "T..", "B.."], (1, 1), &squad(2), seed);
        g.incidents = (seed % 3) as u32;
        let to = [Pos::new(0, 1), Pos::new(1, 0), Pos::new(0, 2), Pos::new(2, 1)][seed as usize % 4];
        let answer = g.odds(&Cache::new(), &OddsQuery::Move { section: None, to }).unwrap();
        let events = g.play(&Command::Move { section: None, to }).unwrap();
        let roll = rolls(&events)[0];
        let Spread::Check { need, modifiers, .. } = &answer.roll.spread else { panic!("a check") };
        assert_eq!((Some(*need), Some(modifiers)), (roll.need, roll.modifiers.as_ref()), "seed {seed}");
        assert_eq!((roll.purpose, roll.dice.to_string().as_str(), roll.hex), (Purpose::Incident, "2d6", Some(to)));
    }
}

#[test]
fn the_incident_table_spread_counts_both_rows_of_a_result() {
    let mut g = game_on(&OPEN, (3, 3), &squad(1), 1);
    // The default table has no result on two rows: the earlier one has.
    crate::engine::testing::with_full_table(&mut g);
    let table = ask(&g, "move 3,2").then.expect("an incident is followed by the table");
    let by_name = |n: &str| spread(&table).into_iter().find(|(r, _, _)| r == n).map(|(_, _, c)| c);
    assert_eq!(by_name("minefield"), Some(Chance::new(1, 36)));
    assert_eq!(by_name("mortar fire"), Some(Chance::new(2, 36)));
    assert_eq!(by_name("false alarm"), Some(Chance::new(5 + 6 + 5, 36)));
    assert_eq!(by_name("sniper"), Some(Chance::new(4 + 3, 36)), "rolls 5 and 10");
    assert_eq!(by_name("enemy patrol"), Some(Chance::new(4, 36)), "roll 9");
    assert_eq!(by_name("armoured car"), Some(Chance::new(1, 36)), "roll 12");
    assert_eq!(by_name("MG team"), Some(Chance::new(3, 36)), "roll 4");
    assert_eq!(by_name("booby trap"), Some(Chance::new(2, 36)), "roll 11");
    assert_eq!(table.outcomes().iter().map(|o| o.chance.ways).sum::<u64>(), 36);
}

#[test]
fn fire_odds_on_one_die() {
    let mut g = game_on(&["........", "...T....", "........", "........", "........"], (0, 2), &squad(1), 3);
    let from = Pos::new(0, 2);
    let near = add_enemy(&mut g, "rifle", (2, 2));
    begin_action(&mut g);
    // Rifle at 2 hexes: short, 3+, 4 of 6.
    assert_eq!(chance(&ask(&g, "fire Able G1")), Chance::new(4, 6));
    // The enemy's view: the same range, back at Able.
    let back = ask(&g, "fire G1 Able");
    let who = (back.roll.soldier.as_deref(), back.roll.target.as_deref());
    assert_eq!((chance(&back), who), (Chance::new(4, 6), (Some("G1"), Some("Able"))));
    for (at, d, want, why) in [
        ((3, 3), 3, Chance::new(3, 6), "medium in the open: 4+"),
        ((3, 1), 3, Chance::new(2, 6), "medium in woods counts as long: 5+"),
        ((4, 3), 4, Chance::new(2, 6), "long in the open: 5+"),
    ] {
        g.soldiers[near].pos = Some(at.into());
        assert_eq!(from.distance(at.into()), d);
        assert_eq!(chance(&ask(&g, &format!("fire Able {},{}", at.0, at.1))), want, "{why}");
    }
    g.soldiers[near].first_shot = true;
    assert_eq!(chance(&ask(&g, "fire G1 Able")), Chance::new(5, 6), "a sniper's first shot misses only on a 1");
    g.soldiers[near].pos = Some(Pos::new(5, 4));
    let far = g.odds(&Cache::new(), &"fire Able G1".parse().unwrap()).unwrap_err();
    assert!(far.reason().contains("out of range"), "{far}");
}

#[test]
fn fire_by_the_man_whose_card_is_up() {
    let mut g = game_on(&OPEN, (3, 7), &squad(2), 2);
    let e = add_enemy(&mut g, "rifle", (3, 4));
    begin_action(&mut g);
    assert!(
        g.odds(&Cache::new(), &"fire G1".parse().unwrap()).unwrap_err().reason().contains("no friendly card is up")
    );
    card_next(&mut g, 1);
    g.play(&Command::Turn).unwrap();
    let a = ask(&g, "fire G1");
    assert_eq!((a.roll.soldier.as_deref(), chance(&a)), (Some("Baker"), Chance::new(3, 6)));
    // And the roll then made has that need.
    let before = g.clone();
    let events = g.play(&Command::Fire { target: Target::Soldier(g.soldiers[e].id.clone()) }).unwrap();
    assert_eq!(rolls(&events)[0].need, Some(4));
    assert_ne!(g, before);
}

#[test]
fn casualty_roll_is_a_third_each() {
    let g = default_game(1);
    let a = ask(&g, "casualty Ruiz");
    assert_eq!(
        (a.roll.purpose, a.roll.dice.to_string().as_str(), a.roll.soldier.as_deref()),
        (Purpose::Casualty, "1d6", Some("Ruiz"))
    );
    let third = Chance::new(2, 6);
    let want = [("flesh_wound", third), ("serious_wound", third), ("dead", third)];
    assert_eq!(spread(&a.roll), want.map(|(r, c)| (r.to_string(), None, c)).to_vec());
    assert!(g.odds(&Cache::new(), &"casualty Nobody".parse().unwrap()).is_err());
}

#[test]
fn hand_to_hand_by_the_difference_of_two_dice() {
    let mut g = game_on(&OPEN, (3, 3), &squad(1), 4);
    add_enemy(&mut g, "rifle", (3, 3));
    let a = ask(&g, "fight Able G1");
    let s = spread(&a.roll);
    let total = |result: &str| s.iter().filter(|(r, _, _)| r == result).map(|(_, _, c)| c.ways).sum::<u64>();
    // Difference 0: 6 of 36; 1 or 2: 10 + 8 = 18; 3 or more: 6 + 4 + 2 = 12.
    assert_eq!((total("tie"), total("knocked_out"), total("killed")), (6, 18, 12));
    assert!(s.iter().all(|(_, _, c)| c.of == 36));
    let side = |result: &str, loser: &str| {
        s.iter().find(|(r, l, _)| r == result && l.as_deref() == Some(loser)).map(|x| x.2.ways)
    };
    assert_eq!((side("knocked_out", "Able"), side("knocked_out", "G1")), (Some(9), Some(9)));
    assert_eq!((side("killed", "Able"), side("killed", "G1")), (Some(6), Some(6)));
    assert!(g.odds(&Cache::new(), &"fight Able Able".parse().unwrap()).unwrap_err().reason().contains("same side"));
}

#[test]
fn mortar_odds_and_the_template() {
    let mut g = game_on(&OPEN, (3, 6), &squad(2), 5);
    let m = add_enemy(&mut g, "mortar", (3, 2));
    begin_action(&mut g);
    // Four hexes: 4+ on a D6, 3 of 6; a man there moved this turn: 5+.
    let a = ask(&g, "bombard G1");
    assert_eq!((a.roll.hex, chance(&a)), (Some(Pos::new(3, 6)), Chance::new(3, 6)));
    let template = a.then.expect("the template follows a hit");
    assert_eq!(template.outcomes().len(), 6);
    assert_eq!(template.outcomes()[0].result, "triangle 1: Able");
    assert_eq!(template.outcomes()[1].result, "triangle 2: Baker");
    assert_eq!(template.outcomes()[2].result, "triangle 3: empty");
    assert!(template.outcomes().iter().all(|o| o.chance == Chance::new(1, 6)));
    g.soldiers[0].moved = true;
    assert_eq!(chance(&ask(&g, "bombard G1 3,6")), Chance::new(2, 6));
    assert!(
        g.odds(&Cache::new(), &"bombard Able".parse().unwrap()).unwrap_err().reason().contains("cannot fire at a hex")
    );
    g.soldiers[m].pos = Some(Pos::new(3, 0));
    assert!(g.odds(&Cache::new(), &"bombard G1".parse().unwrap()).is_err(), "seven hexes: out of reach");
}

#[test]
fn the_stop_check_has_no_terrain_modifier() {
    let mut g = game_on(&["TTT", "TTT"], (1, 1), &squad(1), 6);
    add_enemy(&mut g, "rifle", (0, 0));
    assert!(g.odds(&Cache::new(), &OddsQuery::Stop).is_err(), "no action, no STOP card");
    begin_action(&mut g);
    g.incidents = 2;
    assert_eq!(chance(&ask(&g, "stop")), Chance::new(21, 36), "the bare 7+ by default");
    assert!(g.odds(&Cache::new(), &"move 1,0".parse().unwrap()).unwrap_err().reason().contains("rolls nothing"));
}

#[test]
fn illegal_moves_are_refused_as_the_move_would_be() {
    let g = default_game(1);
    for (text, why) in [("move 9,8", "is not next to"), ("move B 9,10", "no section 'B'"), ("move 2,3", "not next to")]
    {
        let e = g.odds(&Cache::new(), &text.parse().unwrap()).unwrap_err();
        let c = g.clone().play(&match text.parse::<OddsQuery>().unwrap() {
            OddsQuery::Move { section, to } => Command::Move { section: section.map(Name::from), to },
            _ => unreachable!(),
        });
        assert!(e.reason().contains(why), "{text}: {e}");
        assert_eq!(Err(e), c.map(|_| ()), "the same reason as the move itself");
    }
}

/// Every question worth asking now, from the policy's point of view and the enemy's.
fn questions(g: &Game) -> Vec<OddsQuery> {
    let mut qs = vec![OddsQuery::Stop, OddsQuery::Casualty { soldier: None }];
    for s in &g.sections {
        if let Some(p) = g.section_pos(s) {
            for to in p.neighbours() {
                qs.push(OddsQuery::Move { section: Some(s.name.to_string()), to });
            }
        }
    }
    for a in &g.soldiers {
        for b in g.soldiers.iter().filter(|b| b.side != a.side) {
            qs.push(OddsQuery::Fire { shooter: Some(a.id.to_string()), target: Target::Soldier(b.id.clone()) });
            qs.push(OddsQuery::Fight { attacker: Some(a.id.to_string()), defender: b.id.to_string() });
        }
        qs.push(OddsQuery::Bombard { firer: a.id.to_string(), hex: None });
        qs.push(OddsQuery::Fire { shooter: None, target: Target::Soldier(a.id.clone()) });
    }
    qs
}

#[test]
fn asking_changes_nothing_and_draws_no_number() {
    for seed in 0..12 {
        let mut asked = default_game(seed);
        let mut quiet = default_game(seed);
        let (mut with, mut without) = (Events::all(), Events::all());
        let (mut cache, mut quiet_cache) = (Cache::new(), Cache::new());
        let mut answers = 0;
        while let Some(c) = players::leader::decide(&asked, &cache) {
            let before = asked.clone();
            for q in questions(&asked) {
                answers += usize::from(asked.odds(&cache, &q).is_ok());
                assert_eq!(asked, before, "asking '{q}' changed the game");
            }
            asked.apply(&c, &mut cache, &mut with).unwrap();
            let next = players::leader::decide(&quiet, &quiet_cache).unwrap();
            quiet.apply(&next, &mut quiet_cache, &mut without).unwrap();
        }
        let (with, without) = (with.into_vec(), without.into_vec());
        assert!(answers > 100, "seed {seed}: the questions were mostly answered ({answers})");
        assert_eq!(with, without, "seed {seed}: asking changed what happened next");
    }
}

#[test]
fn questions_round_trip_through_text_and_errors_point_at_the_word() {
    for text in [
        "move 3,4",
        "move B 3,4",
        "fire G1",
        "fire Ruiz G1",
        "fire Ruiz 5,5",
        "fight G2",
        "fight Ruiz G2",
        "bombard G4",
        "bombard G4 9,9",
        "stop",
        "casualty",
        "casualty Mills",
        "fire G3 special",
        "fire Duffy G3 special",
        "throw 4,5",
        "throw Duffy 4,5",
    ] {
        let q: OddsQuery = text.parse().unwrap();
        assert_eq!(q.to_string(), text);
    }
    let e = "fire a b c".parse::<OddsQuery>().unwrap_err();
    assert_eq!((e.column, e.message.as_str()), (10, "unexpected 'c' after the question"));
    let e = "fire a b c special".parse::<OddsQuery>().unwrap_err();
    assert_eq!((e.column, e.message.as_str()), (10, "unexpected 'c' after the question"));
    assert!(matches!("fire special".parse::<OddsQuery>(), Ok(OddsQuery::Fire { .. })), "a man called special");
    let e = "move 3;4".parse::<OddsQuery>().unwrap_err();
    assert_eq!(e.column, 6);
    let e = "luck".parse::<OddsQuery>().unwrap_err();
    assert_eq!(
        (e.column, e.message.as_str()),
        (1, "cannot give odds for 'luck': ask about move, fire, fight, throw, bombard, call, stop or casualty")
    );
    assert_eq!("".parse::<OddsQuery>().unwrap_err().column, 1);
    assert_eq!("bombard".parse::<OddsQuery>().unwrap_err().column, 8);
}

#[test]
fn the_default_incident_table_spread() {
    let g = game_on(&OPEN, (3, 3), &squad(1), 1);
    let table = ask(&g, "move 3,2").then.expect("an incident is followed by the table");
    let by_name = |n: &str| spread(&table).into_iter().find(|(r, _, _)| r == n).map(|(_, _, c)| c);
    assert_eq!(by_name("mortar fire"), Some(Chance::new(1, 36)), "roll 2");
    assert_eq!(by_name("MG team"), Some(Chance::new(2, 36)), "roll 3");
    assert_eq!(by_name("false alarm"), Some(Chance::new(3 + 4 + 5 + 6 + 5 + 4 + 3, 36)), "rolls 4 to 10");
    assert_eq!(by_name("sniper"), Some(Chance::new(2, 36)), "roll 11");
    assert_eq!(by_name("enemy patrol"), Some(Chance::new(1, 36)), "roll 12");
    assert_eq!(by_name("minefield"), None);
    assert_eq!(table.outcomes().iter().map(|o| o.chance.ways).sum::<u64>(), 36);
}

#[test]
fn the_json_shape() {
    let g = game_on(&["T."], (1, 0), &squad(1), 1);
    let json = serde_json::to_value(ask(&g, "move 0,0")).unwrap();
    assert_eq!(json["query"], "move 0,0");
    assert_eq!(json["purpose"], "incident");
    assert_eq!(json["need"], 6);
    assert_eq!(json["chance"], serde_json::json!({"ways": 26, "of": 36, "p": 26.0 / 36.0}));
    assert_eq!(json["hex"], serde_json::json!([0, 0]));
    assert_eq!(json["then"]["purpose"], "incident_table");
    assert_eq!(
        json["then"]["outcomes"][0],
        serde_json::json!({"result": "mortar fire", "chance": {"ways": 1, "of": 36, "p": 1.0 / 36.0}})
    );
}
