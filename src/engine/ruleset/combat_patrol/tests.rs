//! Combat Patrol's rules, beginning with the article's worked examples.

use std::sync::Arc;

use super::CombatPatrol;
use crate::engine::book::{Cover, RuleBook, Wound};
use crate::engine::dice::{Dice, Purpose};
use crate::engine::ruleset::combat_patrol::flight::Flight;
use crate::engine::ruleset::combat_patrol::tables::ChartWound;
use crate::engine::ruleset::{Aim, Deed, Pressure, RuleSet, Rules};
use crate::engine::testing::book;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

fn tables(book: &RuleBook) -> &crate::engine::ruleset::combat_patrol::tables::CombatPatrol {
    crate::engine::ruleset::combat_patrol::tables_in(book).expect("the built-in book has Combat Patrol's tables")
}

fn aim(book: &Arc<RuleBook>, weapon: &str, distance: u32, cover: Cover, side: Side, state: State) -> String {
    let w = book.weapon(weapon).expect("a weapon of the book").clone();
    let aim = Aim {
        weapon: &w,
        distance,
        cover,
        first_shot: false,
        veteran: false,
        side,
        state,
        dragged: false,
        special: false,
    };
    match CombatPatrol.aimed(book, &aim) {
        Ok(odds) => format!("{}d{} need {}", odds.dice, odds.sides, odds.need()),
        Err(why) => why,
    }
}

fn man(book: &RuleBook, name: &str, side: Side) -> Soldier {
    man_with(book, name, side, "rifle")
}

/// A private of `side` carrying `weapon`, at 3,3.
pub(super) fn man_with(book: &RuleBook, name: &str, side: Side, weapon: &str) -> Soldier {
    Soldier::new(
        book,
        Name::from(name),
        Name::from("Pvt"),
        side,
        Name::from(weapon),
        Some(crate::engine::vocabulary::pos::Pos::new(3, 3)),
    )
}

/// A game of Combat Patrol in an action on the open test map: Able, a
/// rifleman, at 3,6 and a German rifleman at each of `germans` (G1 first),
/// the house rules `on` switched on, the dice seeded `seed`.
pub(super) fn able_against(seed: u64, on: &[&str], germans: &[(i32, i32)]) -> crate::engine::game::Game {
    use crate::engine::testing::{OPEN, add_enemy, begin_action, member, test_scenario};
    let mut b = (*book()).clone();
    for key in on {
        crate::engine::ruleset::house::set(&mut b, key, true).unwrap();
    }
    let scenario = test_scenario(RuleSet::CombatPatrol, &OPEN, (3, 6), vec![member("Able", "Pvt", "rifle", None)]);
    let mut g = crate::engine::game::Game::new(Arc::new(b), &scenario, seed).expect("a valid test scenario");
    for &at in germans {
        add_enemy(&mut g, "rifle", at);
    }
    begin_action(&mut g);
    g
}

/// Dice whose next throw of `count` dice of `sides` shows `faces`: found by
/// trying seeds.
pub(super) fn dice_showing(count: u8, sides: u8, faces: &[u8]) -> Dice {
    for seed in 0..100_000u64 {
        let mut probe = Dice::new(seed);
        let roll = probe.table(Purpose::CpWound, count, sides, |_| Name::default());
        if *roll.faces == *faces {
            return Dice::new(seed);
        }
    }
    panic!("no seed below 100,000 throws {faces:?}");
}

#[test]
fn the_paratrooper_behind_the_fence_needs_five_and_a_five_hits() {
    // The article: a paratrooper (accuracy 4+) fires his M1 at a German 10"
    // off, optimum range, behind a wooden fence (light cover, -1): 5+ on a D10.
    let b = book();
    let t = tables(&b);
    assert_eq!(t.hexes(10), 2, "10 inches is two hexes");
    assert_eq!(aim(&b, "rifle", t.hexes(10), Cover::Soft, Side::Friendly, State::Fit), "1d10 need 5");
    let w = b.weapon("rifle").unwrap().clone();
    let a = Aim {
        weapon: &w,
        distance: 2,
        cover: Cover::Soft,
        first_shot: false,
        veteran: false,
        side: Side::Friendly,
        state: State::Fit,
        dragged: false,
        special: false,
    };
    let odds = CombatPatrol.aimed(&b, &a).unwrap();
    assert_eq!(
        odds.modifiers.iter().map(|m| (m.name.to_string(), m.value)).collect::<Vec<_>>(),
        [("cover".to_string(), 1)]
    );
    for (face, hits) in [(5, true), (4, false), (10, true), (1, false)] {
        let mut dice = dice_showing(1, 10, &[face]);
        let roll = odds.clone().roll(&mut dice, Purpose::CpFire);
        assert_eq!((roll.total, roll.succeeded()), (u32::from(face), hits), "a {face} on 5+");
    }
}

#[test]
fn range_cover_wounds_and_side_move_the_need() {
    let b = book();
    // The inexperienced German: 6+ in the open at optimum range.
    assert_eq!(aim(&b, "rifle", 3, Cover::None, Side::Enemy, State::Fit), "1d10 need 6");
    // Past optimum (3 hexes) one worse; hard cover two; a light wound one.
    assert_eq!(aim(&b, "rifle", 4, Cover::None, Side::Friendly, State::Fit), "1d10 need 5");
    assert_eq!(aim(&b, "rifle", 4, Cover::Hard, Side::Friendly, State::LightWound), "1d10 need 8");
    assert_eq!(aim(&b, "rifle", 6, Cover::None, Side::Friendly, State::Fit), "1d10 need 5");
    // Never past maximum, never in one's own hex.
    assert!(aim(&b, "rifle", 7, Cover::None, Side::Friendly, State::Fit).starts_with("out of range: 7 hexes"));
    assert!(aim(&b, "rifle", 0, Cover::None, Side::Friendly, State::Fit).starts_with("same hex"));
    // A weapon with no profile cannot fire at a man.
    assert!(aim(&b, "mortar", 2, Cover::None, Side::Friendly, State::Fit).contains("no Combat Patrol profile"));
}

#[test]
fn the_wound_chart_reads_every_total_into_its_band() {
    let b = book();
    let t = tables(&b);
    let expect = |total: u32| match total {
        2..=4 => ChartWound::NoEffect,
        5..=8 => ChartWound::Flesh,
        9..=13 => ChartWound::Light,
        14..=17 => ChartWound::Serious,
        18 => ChartWound::Critical,
        _ => ChartWound::Dead,
    };
    for total in 2..=20 {
        assert_eq!(t.chart(total), expect(total), "2d10 total {total}");
    }
    // The exact chances of the bands, out of 100 throws of 2d10.
    let (purpose, dice, spread) = CombatPatrol.casualty_spread(&b);
    assert_eq!((purpose, dice.as_str()), (Purpose::CpWound, "2d10"));
    let ways: Vec<(&str, u64, u64)> = spread.iter().map(|(w, c)| (*w, c.ways, c.of)).collect();
    assert_eq!(
        ways,
        [
            ("no_effect", 6, 100),
            ("flesh_wound", 22, 100),
            ("light_wound", 44, 100),
            ("serious_wound", 22, 100),
            ("critical_wound", 3, 100),
            ("dead", 3, 100)
        ]
    );
    // A hit is rolled at once, and the roll says what it did.
    let mut dice = dice_showing(2, 10, &[9, 9]);
    match CombatPatrol.hit(&b, &mut dice, &Name::from("Ruiz"), crate::engine::ruleset::Blow::Aimed) {
        crate::engine::ruleset::Hit::Wounded(Some(roll), Wound::Critical) => {
            assert_eq!(
                (roll.purpose, roll.total, roll.result.as_deref()),
                (Purpose::CpWound, 18, Some("critical_wound"))
            );
        }
        other => panic!("18 is a critical wound, not {other:?}"),
    }
    let mut dice = dice_showing(2, 10, &[1, 2]);
    assert!(matches!(
        CombatPatrol.hit(&b, &mut dice, &Name::from("Ruiz"), crate::engine::ruleset::Blow::Aimed),
        crate::engine::ruleset::Hit::Spared(_)
    ));
}

#[test]
fn a_critical_wound_dies_on_two_then_one_more_each_turn() {
    let b = book();
    let mut m = man(&b, "Carter", Side::Friendly);
    m.state = State::Critical;
    // No friend beside him: the death test alone, surviving on 3+, then 4+, then 5+.
    for (turn, need) in [(1, 3), (2, 4), (3, 5)] {
        // A face just good enough keeps him alive, one lower kills him.
        let mut dice = dice_showing(1, 6, &[need]);
        let t = CombatPatrol.tend(&b, &mut dice, &m, None, false).unwrap();
        assert_eq!(t.rolls.len(), 1);
        assert_eq!((t.rolls[0].purpose, t.rolls[0].need), (Purpose::CpCritical, Some(i32::from(need))), "turn {turn}");
        assert_eq!(
            (t.state, t.dies_on),
            (State::Critical, Some(need)),
            "turn {turn}: lives, and next dies on {need} or less"
        );
        let mut dice = dice_showing(1, 6, &[need - 1]);
        let dead = CombatPatrol.tend(&b, &mut dice, &m, None, false).unwrap();
        assert_eq!(dead.state, State::Dead, "turn {turn}: a {} kills him", need - 1);
        m.kit.combat_patrol_mut().dies_on = t.dies_on;
    }
    // Once the action is over, whoever lives through his last test is stabilised.
    let mut dice = dice_showing(1, 6, &[6]);
    let t = CombatPatrol.tend(&b, &mut dice, &m, None, true).unwrap();
    assert_eq!((t.state, t.dies_on), (State::SeriousWound, None));
}

#[test]
fn the_medic_test_worsens_holds_or_saves_and_a_trained_medic_adds_one() {
    let b = book();
    let mut m = man(&b, "Carter", Side::Friendly);
    (m.state, m.kit.combat_patrol_mut().dies_on) = (State::Critical, Some(4));
    let friend = man(&b, "Dunn", Side::Friendly);
    let mut medic = man(&b, "Eckert", Side::Friendly);
    medic.kit.combat_patrol_mut().medic = true;
    // Each first face of the medic's D6, then the death test's D6 (a 6: he lives).
    let cases = [
        // 1-3: his tests one worse (dies on 5 now), then the test: 6+ to live.
        (&friend, 3, Some(6i32), State::Critical, Some(6)),
        // 4-5: no test this turn, and the next at its first need (dies on 2).
        (&friend, 4, None, State::Critical, Some(2)),
        (&friend, 5, None, State::Critical, Some(2)),
        // 6: stabilised, now a serious wound.
        (&friend, 6, None, State::SeriousWound, None),
        // A trained medic's 3 scores 4 (held), his 5 scores 6 (stabilised).
        (&medic, 3, None, State::Critical, Some(2)),
        (&medic, 5, None, State::SeriousWound, None),
    ];
    for (helper, face, test_need, state, dies_on) in cases {
        let faces: Vec<u8> = match test_need {
            Some(_) => vec![face, 6],
            None => vec![face],
        };
        // Two rolls of one die draw what one roll of two dice would.
        let mut dice = dice_showing(faces.len() as u8, 6, &faces);
        let t = CombatPatrol.tend(&b, &mut dice, &m, Some(helper), false).unwrap();
        assert_eq!(t.rolls[0].purpose, Purpose::CpMedic, "{} rolls {face}", helper.id);
        assert_eq!(t.rolls[0].soldier.as_deref(), Some(helper.id.as_str()));
        assert_eq!(t.rolls.get(1).and_then(|r| r.need), test_need, "{} rolls {face}", helper.id);
        assert_eq!(
            (t.state, t.dies_on.filter(|_| t.state == State::Critical)),
            (state, dies_on),
            "{} rolls {face}",
            helper.id
        );
    }
}

#[test]
fn a_man_missed_tests_his_nerve_and_pinned_may_neither_move_nor_fire() {
    let b = book();
    let mut g = man(&b, "G1", Side::Enemy);
    // Hit, he rolls no reaction test: the wound chart was his.
    assert!(CombatPatrol.under_fire(&b, &mut Dice::new(1), &g, true).is_none());
    // Missed: his accuracy (6+ for the enemy) on a D10; a 5 pins him.
    let mut dice = dice_showing(1, 10, &[5]);
    let r = CombatPatrol.under_fire(&b, &mut dice, &g, false).unwrap();
    let roll = r.roll.unwrap();
    assert_eq!((roll.purpose, roll.need, r.pressure), (Purpose::CpReaction, Some(6), Pressure::Pinned));
    g.pressure = r.pressure;
    assert!(!CombatPatrol.may(&b, &g, Deed::Move) && !CombatPatrol.may(&b, &g, Deed::Fire));
    // By our reading he keeps his head down through his next card, and is
    // steady when it is over; no test at STOP.
    assert_eq!(CombatPatrol.card_over(&b, &g), Some(Pressure::Steady));
    assert!(CombatPatrol.rally(&b, &mut Dice::new(1), &g).is_none());
    // By the house rule pinned_until_rallied his card frees him not:
    // at STOP he tests again, and a 6 steadies him.
    let mut until = (*b).clone();
    crate::engine::ruleset::house::set(&mut until, "pinned_until_rallied", true).unwrap();
    assert_eq!(CombatPatrol.card_over(&until, &g), None);
    let mut dice = dice_showing(1, 10, &[6]);
    assert_eq!(CombatPatrol.rally(&until, &mut dice, &g).unwrap().pressure, Pressure::Steady);
    // A lightly wounded man fires but makes no move of his own.
    g.pressure = Pressure::Steady;
    g.state = State::LightWound;
    assert!(CombatPatrol.may(&b, &g, Deed::Fire) && !CombatPatrol.may(&b, &g, Deed::Move));
}

#[test]
fn the_rule_set_is_found_by_name_and_keeps_its_tables_out_of_other_games() {
    let cp = RuleSet::named("CombatPatrol").expect("registered");
    let b = book();
    assert!(cp.plays_with(&b));
    let own = cp.book_for(&b).expect("Combat Patrol drops the company-level tables");
    assert!(
        crate::engine::ruleset::combat_patrol::tables_in(&own).is_some()
            && crate::engine::ruleset::company::tables_in(&own).is_none()
            && cp.book_for(&own).is_none()
    );
    let lw = RuleSet::default();
    let trimmed = lw.book_for(&b).expect("Lone Warrior drops Combat Patrol's tables");
    assert!(crate::engine::ruleset::combat_patrol::tables_in(&trimmed).is_none() && !cp.plays_with(&trimmed));
    // One man drags, and each hex costs him two cards.
    assert_eq!(CombatPatrol.bearing(&b), (1, 2));
    assert_eq!(lw.bearing(&b), (2, 1));
}

#[test]
fn the_sub_machine_gun_bursts_three_shots_each_one_worse_and_the_pistol_has_no_special_method() {
    let b = book();
    let smg = b.weapon("smg").unwrap().clone();
    let burst = |distance, side| Aim {
        weapon: &smg,
        distance,
        cover: Cover::None,
        first_shot: false,
        veteran: false,
        side,
        state: State::Fit,
        dragged: false,
        special: true,
    };
    // 3/-1: the need one worse, and three shots where the standard fires one.
    assert_eq!(CombatPatrol.aimed(&b, &burst(2, Side::Friendly)).unwrap().need(), 5);
    assert_eq!(CombatPatrol.aimed(&b, &burst(3, Side::Enemy)).unwrap().need(), 8);
    let mut gunner = man(&b, "Vance", Side::Friendly);
    gunner = Soldier::new(&b, gunner.id.clone(), gunner.rank.clone(), Side::Friendly, Name::from("smg"), gunner.pos);
    assert_eq!((CombatPatrol.shots(&b, &gunner, false), CombatPatrol.shots(&b, &gunner, true)), (1, 3));
    let odds = CombatPatrol.aimed(&b, &burst(2, Side::Friendly)).unwrap();
    let mut events = crate::engine::vocabulary::sink::Events::all();
    CombatPatrol.volley(&b, &mut Dice::new(4), odds, (&gunner, &Name::from("G1")), true, &mut events);
    let rolls: Vec<_> = events.into_vec();
    assert_eq!(rolls.len(), 3, "three shots, each its own roll: {rolls:?}");
    // The pistol has none: refused, and Lone Warrior has none at all. The
    // rifle's (spray) rolls no shot at the man.
    let pistol = b.weapon("pistol").unwrap().clone();
    let aim = Aim { weapon: &pistol, ..burst(2, Side::Friendly) };
    assert!(CombatPatrol.aimed(&b, &aim).unwrap_err().contains("no special firing method"));
    assert_eq!(CombatPatrol.shots(&b, &man(&b, "Ortiz", Side::Friendly), true), 0);
    assert!(RuleSet::default().aimed(&b, &aim).unwrap_err().contains("Lone Warrior has no special firing methods"));
    assert_eq!(RuleSet::default().aimed_need(&b, &aim), None);
}

#[test]
fn the_grenade_of_the_article_scatters_six_points_two_one_two_one() {
    // The article: a 6+ man's inverted accuracy is 4; a 10 gives 6 scatter
    // points, moved 2 by the opponent, 1 by the thrower, 2, then 1.
    let b = book();
    let t = tables(&b);
    let german = man(&b, "G1", Side::Enemy);
    assert_eq!(super::grenade::inverted(t, &german, true), 4);
    assert_eq!(super::grenade::inverted(t, &german, false), 2, "halved out of sight");
    let para = man(&b, "Ortiz", Side::Friendly);
    assert_eq!((super::grenade::inverted(t, &para, true), super::grenade::inverted(t, &para, false)), (6, 3));
    let (target, thrower) =
        (crate::engine::vocabulary::pos::Pos::new(5, 5), crate::engine::vocabulary::pos::Pos::new(5, 7));
    let g = &t.grenade;
    let walk = |points| {
        let moves = [g.opponent_inches, g.thrower_inches];
        Flight::new(0, thrower, target, points, t.inches_per_hex, moves, 0).walk_by_rule()
    };
    let (steps, lands) = walk(6);
    let whose: Vec<bool> = steps.iter().map(|s| s.0).collect();
    // An inch at a time: the opponent two, the thrower one, the opponent two, the thrower one.
    assert_eq!(whose, [true, true, false, true, true, false]);
    // Two inches back towards the thrower in all: still the hex aimed at (a hex is 5").
    assert_eq!(lands, target);
    // Eight points (2, 1, 2, 1, 2): four inches back, the hex next to it towards him.
    let (steps, lands) = walk(8);
    assert_eq!(steps.len(), 8);
    assert_eq!(lands, crate::engine::vocabulary::pos::Pos::new(5, 6));
    // An odd last turn is cut to what is left.
    assert_eq!(walk(4).0.iter().map(|s| s.0).collect::<Vec<_>>(), [true, true, false, true]);
}

#[test]
fn a_throw_rolls_a_d10_less_the_inverted_accuracy_and_a_one_drops_it() {
    use crate::engine::ruleset::Throw;
    let b = book();
    let mut g = man(&b, "G1", Side::Enemy);
    let (from, target) =
        (crate::engine::vocabulary::pos::Pos::new(5, 7), crate::engine::vocabulary::pos::Pos::new(5, 5));
    let throw = |g: &Soldier, dice: &mut Dice| {
        CombatPatrol.grenade(&b, dice, &Throw { thrower: g, index: 3, from, target, in_sight: true })
    };
    let t = throw(&g, &mut dice_showing(1, 10, &[10])).unwrap();
    assert_eq!((t.roll.purpose, t.roll.total, t.roll.result.as_deref()), (Purpose::CpGrenade, 10, Some("scatters")));
    assert_eq!(
        (t.flight.thrower, t.flight.left, t.flight.opponent_next),
        (3, 6, true),
        "six points, the opponent first"
    );
    assert_eq!((t.flight.over(), t.flight.blast), (target, 0), "over the hex aimed at; a 1-inch blast is its own hex");
    let t = throw(&g, &mut dice_showing(1, 10, &[4])).unwrap();
    assert_eq!((t.roll.result.as_deref(), t.flight.landed(), t.flight.over()), (Some("on_target"), true, target));
    let t = throw(&g, &mut dice_showing(1, 10, &[1])).unwrap();
    assert_eq!((t.roll.result.as_deref(), t.flight.landed(), t.flight.over()), (Some("dropped"), true, from));
    // Out of reach, and out of grenades.
    let far =
        Throw { thrower: &g, index: 3, from, target: crate::engine::vocabulary::pos::Pos::new(5, 2), in_sight: true };
    assert!(CombatPatrol.grenade(&b, &mut Dice::new(1), &far).unwrap_err().contains("at most 2 hexes"));
    g.kit.combat_patrol_mut().grenades_thrown = 2;
    assert!(throw(&g, &mut Dice::new(1)).unwrap_err().contains("no grenades left"));
    // Lone Warrior has none.
    let lw = RuleSet::default();
    assert!(lw.grenade(&b, &mut Dice::new(1), &Throw { thrower: &g, index: 3, from, target, in_sight: true }).is_err());
}

#[test]
fn a_man_in_the_blast_rolls_the_wound_chart_two_worse() {
    let b = book();
    // 8 + 8 = 16 is a serious wound; with the grenade's +2, 18: critical.
    let mut dice = dice_showing(2, 10, &[8, 8]);
    match CombatPatrol.hit(&b, &mut dice, &Name::from("Dunn"), crate::engine::ruleset::Blow::Grenade) {
        crate::engine::ruleset::Hit::Wounded(Some(roll), Wound::Critical) => {
            assert_eq!((roll.purpose, roll.total), (Purpose::CpBlast, 16));
            assert_eq!(roll.modifiers.unwrap().iter().map(|m| m.value).collect::<Vec<_>>(), [2]);
        }
        other => panic!("16 + 2 is critical, not {other:?}"),
    }
}
