//! Heavy support weapons as the article states them (section XIII): a gun
//! shield saves its crew 5+ from the front only, any other heavy weapon's
//! crew 6+, a mortar's none; heavy weapons move as in difficult ground;
//! t- and a-class guns fire at nothing nearer than 6".

use super::*;
use crate::engine::dice::Dice;
use crate::engine::dice::roll::Roll;
use crate::engine::ruleset::european::European;
use crate::engine::ruleset::european::fire::volley;
use crate::engine::ruleset::european::indirect::step;
use crate::engine::ruleset::european::tables::European as Book;
use crate::engine::ruleset::european::tests::{book, loaded, rolls};
use crate::engine::ruleset::{Aim, Firer, Rules};
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Pressure, Side};

const GUN: Pos = Pos::new(8, 6);

fn man(book: &RuleBook, id: &str, role: &str, side: Side, weapon: &str, at: Pos) -> Soldier {
    let mut m = Soldier::new(book, id.into(), role.into(), side, weapon.into(), Some(at));
    m.squad = Some(if side == Side::Enemy { 7 } else { 1 });
    m
}

/// A gun's crew at `GUN`: its gunner with `weapon` and a loader.
fn crew(b: &RuleBook, weapon: &str) -> Vec<Soldier> {
    vec![man(b, "G1", "Pak gunner", Side::Enemy, weapon, GUN), man(b, "G2", "Pak loader", Side::Enemy, "rifle", GUN)]
}

/// The rolls of `firers`' fire at `targets` (each in `ground`), with these faces.
fn fired(b: &RuleBook, firers: &[Soldier], targets: &[Soldier], ground: &str, faces: &[&[u8]]) -> Vec<Roll> {
    let t: &Book = crate::engine::ruleset::european::tables_in(b).unwrap();
    let terrain = b.terrain.iter().find(|x| x.key == ground).unwrap();
    let fire = SquadFire {
        firers: firers.iter().map(|m| Firer { man: m, moved: false }).collect(),
        targets: targets
            .iter()
            .map(|m| TargetTeam { man: m, terrain, distance: firers[0].pos.unwrap().distance(GUN) })
            .collect(),
        squad: targets.iter().collect(),
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut events = Events::all();
    volley(t, b, &mut loaded(faces), &fire, &mut events).expect("the squad fires");
    rolls(events)
}

/// A save as the tests read it: its purpose, who rolled it, its need and its words.
type Save<'a> = (Purpose, Option<&'a str>, Option<i32>, Option<&'a str>);

fn saves(rolls: &[Roll]) -> Vec<Save<'_>> {
    rolls
        .iter()
        .filter(|r| matches!(r.purpose, Purpose::EbSave | Purpose::EbCrewSave))
        .map(|r| (r.purpose, r.soldier.as_deref(), r.need, r.result.as_deref()))
        .collect()
}

#[test]
fn a_gun_shield_saves_its_crew_5_up_from_the_front_only() {
    let b = book();
    let targets = crew(&b, "at_gun");
    // Two riflemen: Able three hexes north of the gun, Baker four south-east.
    // The gun faces the nearer, Able: his hit strikes the shield (5+), and
    // Baker's strikes the crew from the flank (6+). A hit each (5 and 1),
    // the first on the gunner, the second on the loader; both saves fail (2).
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    let baker = man(&b, "Baker", "Pvt", Side::Friendly, "rifle", step(GUN, 3, 4));
    let rolls =
        fired(&b, &[able.clone(), baker.clone()], &targets, "open", &[&[5, 1], &[5, 1], &[2], &[1], &[2], &[1]]);
    assert_eq!(
        saves(&rolls),
        [
            (Purpose::EbCrewSave, Some("G1"), Some(5), Some("gun shield")),
            (Purpose::EbCrewSave, Some("G2"), Some(6), Some("crew")),
        ]
    );
    // Baker three hexes off and Able four: the gun faces Baker now, so
    // Able's hit is the flank's 6+ and Baker's the shield's 5+.
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 4));
    let baker = man(&b, "Baker", "Pvt", Side::Friendly, "rifle", step(GUN, 3, 3));
    let rolls = fired(&b, &[able, baker], &targets, "open", &[&[5, 1], &[5, 1], &[2], &[1], &[2], &[1]]);
    let needs: Vec<Option<i32>> = saves(&rolls).iter().map(|s| s.2).collect();
    assert_eq!(needs, [Some(6), Some(5)]);
}

#[test]
fn any_other_heavy_weapons_crew_saves_6_up_and_a_mortars_none() {
    let b = book();
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    // The Flak has no shield: 6+ from the front as from anywhere.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "aa_gun"), "open", &[&[5, 5], &[6], &[6]]);
    assert_eq!(
        saves(&rolls),
        [
            (Purpose::EbCrewSave, Some("G1"), Some(6), Some("crew")),
            (Purpose::EbCrewSave, Some("G2"), Some(6), Some("crew")),
        ]
    );
    assert!(rolls.iter().all(|r| r.purpose != Purpose::EbWound), "both saved: no wound rolled");
    // A mortar's crew in the open has no save: the hit goes to the wound chart.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "mortar"), "open", &[&[5, 1], &[1]]);
    assert_eq!(saves(&rolls), []);
    assert_eq!(rolls.iter().filter(|r| r.purpose == Purpose::EbWound).count(), 1);
    // A loader away from his gun is no crew.
    let mut away = crew(&b, "aa_gun");
    away[1].pos = Some(GUN.neighbour(0));
    let rolls = fired(&b, std::slice::from_ref(&able), &away[1..], "open", &[&[5, 1], &[1]]);
    assert_eq!(saves(&rolls), []);
}

#[test]
fn the_better_save_counts_with_take_cover_and_prone() {
    let b = book();
    let able = man(&b, "Able", "Pvt", Side::Friendly, "rifle", step(GUN, 1, 3));
    // In woods the crew has taken cover, 4+: better than the shield's 5+.
    let rolls = fired(&b, std::slice::from_ref(&able), &crew(&b, "at_gun")[..1], "woods", &[&[5, 1], &[4]]);
    assert_eq!(saves(&rolls), [(Purpose::EbSave, Some("G1"), Some(4), None)]);
    // Prone (5+) against the Flak crew's 6+: the prone save.
    let mut down = crew(&b, "aa_gun");
    down[0].pressure = Pressure::Prone;
    let rolls = fired(&b, std::slice::from_ref(&able), &down[..1], "open", &[&[5, 1], &[5]]);
    assert_eq!(saves(&rolls), [(Purpose::EbSave, Some("G1"), Some(5), None)]);
}

#[test]
fn under_shells_the_crew_saves_6_up_and_never_the_shield() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    assert_eq!(shelled_save(t, &b, &pak[1], &pak, false), Some((6, Purpose::EbCrewSave)));
    assert_eq!(shelled_save(t, &b, &pak[1], &pak, true), Some((5, Purpose::EbSave)), "prone is better");
    let mortar = crew(&b, "mortar");
    assert_eq!(shelled_save(t, &b, &mortar[0], &mortar, false), None);
    let rifleman = man(&b, "Able", "Pvt", Side::Friendly, "rifle", GUN);
    assert_eq!(shelled_save(t, &b, &rifleman, std::slice::from_ref(&rifleman), false), None);
}

#[test]
fn a_heavy_weapon_moves_as_in_difficult_ground_and_not_as_it_fires() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    let moves = |m: &Soldier| European.moves(&b, m).map(|m| (m.open, m.difficult));
    assert_eq!(moves(&pak[0]), Some((1, 1)), "the gun: a hex, as in difficult ground");
    assert_eq!(moves(&pak[1]), Some((2, 1)), "its loader walks");
    let gun = t.weapon("at_gun").unwrap();
    assert_eq!((gun.dice(false), gun.dice(true)), (1, 0), "no moving and shooting");
    assert!(gun.shield && !t.weapon("aa_gun").unwrap().shield && heavy(t.weapon("aa_gun").unwrap()));
}

#[test]
fn t_and_a_class_guns_fire_at_nothing_nearer_than_6_inches() {
    let b = book();
    let t = crate::engine::ruleset::european::tables_in(&b).unwrap();
    let pak = crew(&b, "at_gun");
    assert_eq!(least_at_men(t, t.weapon("at_gun").unwrap()), 2);
    assert_eq!(least_at_men(t, t.weapon("aa_gun").unwrap()), 2);
    assert_eq!(least_at_men(t, t.weapon("rifle").unwrap()), 0);
    let weapon = b.weapon("at_gun").unwrap();
    let aim = |distance| Aim {
        weapon,
        distance,
        cover: crate::engine::book::Cover::None,
        first_shot: false,
        veteran: false,
        side: Side::Enemy,
        state: crate::engine::vocabulary::soldier::State::Fit,
        dragged: false,
        special: false,
    };
    assert!(European.aimed(&b, &aim(1)).is_err());
    assert!(European.aimed(&b, &aim(2)).is_ok());
    // The gunner's fire at a man a hex off is refused; no die is thrown.
    let near = man(&b, "Able", "Pvt", Side::Friendly, "rifle", GUN.neighbour(0));
    let terrain = b.terrain.iter().find(|x| x.key == "open").unwrap();
    let fire = SquadFire {
        firers: vec![Firer { man: &pak[0], moved: false }],
        targets: vec![TargetTeam { man: &near, terrain, distance: 1 }],
        squad: vec![&near],
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut events = Events::all();
    assert!(volley(t, &b, &mut Dice::new(1), &fire, &mut events).is_err());
    assert!(events.is_empty());
}

/// The enemy's guns in play: the gunner's card as the engine's enemy plays it.
mod in_play {
    use crate::engine::cache::memo::Memo;
    use crate::engine::dice::Purpose;
    use crate::engine::dice::roll::Roll;
    use crate::engine::testing::*;
    use crate::engine::vocabulary::soldier::State;
    use crate::engine::{Cache, Chance, OddsQuery};

    /// Where the gun stands, north of the patrol, on an open map with
    /// crops (soft cover, no bar to sight) in row 4.
    const GUN: (i32, i32) = (4, 1);
    const ROWS: [&str; 8] =
        ["........", "........", "........", "........", ",,,,,,,,", "........", "........", "........"];

    /// A game under European Battlefield in action: the patrol's `men`
    /// (name, rank, hex), one squad; a gun team's gunner with `weapon` at
    /// `GUN`, holding his post as the army list's teams do.
    fn gun_game(weapon: &str, men: &[(&str, &str, (i32, i32))]) -> (Game, usize) {
        let squad = men.iter().map(|&(n, rank, _)| member(n, rank, "rifle", Some(1))).collect();
        let rules = RuleSet::named("EuropeanBattlefield").expect("built in");
        let scenario = test_scenario(rules, &ROWS, men[0].2, squad);
        let mut g = Game::new(book(), &scenario, 1).expect("a European Battlefield test scenario");
        for (i, &(_, _, at)) in men.iter().enumerate() {
            g.soldiers[i].pos = Some(at.into());
        }
        let e = add_enemy(&mut g, weapon, GUN);
        (g.soldiers[e].squad, g.soldiers[e].stays_put) = (Some(7), true);
        begin_action(&mut g);
        (g, e)
    }

    /// The gunner's card, with these faces first: its events.
    fn his_card(g: &mut Game, e: usize, faces: &[&[u8]]) -> Vec<Event> {
        let given: std::collections::VecDeque<_> = faces.iter().map(|f| Some(f.to_vec().into())).collect();
        g.dice.lend(crate::engine::dice::hand::Hand { given, ..Default::default() });
        let mut events = Events::all();
        g.enemy_acts(Memo::default(), e, &mut events);
        events.into_vec()
    }

    fn rolls_of(events: &[Event]) -> Vec<&Roll> {
        events.iter().filter_map(|e| if let Event::Roll(r) = e { Some(r) } else { None }).collect()
    }

    /// Lone Warrior's H.E. (the D8 and the triangle template) is no part of it.
    fn no_lone_warrior_shelling(events: &[Event]) {
        assert!(!events.iter().any(|e| matches!(e, Event::Bombard { .. })), "{events:?}");
        assert!(
            !rolls_of(events).iter().any(|r| matches!(r.purpose, Purpose::HighExplosive | Purpose::Template)),
            "{events:?}"
        );
    }

    #[test]
    fn neither_gun_fires_at_a_man_nearer_than_6_inches_in_play_or_in_the_odds() {
        for weapon in ["at_gun", "aa_gun"] {
            // Hale a hex south of the gun: 3", under the least range (6", 2 hexes).
            let (mut g, e) = gun_game(weapon, &[("Hale", "Sgt", (4, 2))]);
            assert_eq!(Pos::new(4, 2).distance(GUN.into()), 1);
            let odds = g.odds(&Cache::new(), &"fire G1 Hale".parse::<OddsQuery>().unwrap());
            assert!(odds.unwrap_err().reason().contains("no nearer than 2"), "{weapon}: the odds refuse it");
            let events = his_card(&mut g, e, &[]);
            no_lone_warrior_shelling(&events);
            assert!(rolls_of(&events).is_empty(), "{weapon}: no die is thrown: {events:?}");
            assert_eq!(events, [Event::Hold { soldier: "G1".into() }]);
            assert_eq!(g.soldiers[0].state, State::Fit);
        }
    }

    #[test]
    fn a_pak_40_hit_is_saved_and_wounded_by_the_articles_rules() {
        // Hale three hexes off in crops (cover), Lucas four off in the open.
        let (mut g, e) = gun_game("at_gun", &[("Hale", "Sgt", (4, 4)), ("Lucas", "Pvt", (4, 5))]);
        // The odds and the shot agree: one die at the Soldat's 5+.
        let odds = g.odds(&Cache::new(), &"fire G1 Hale".parse::<OddsQuery>().unwrap()).unwrap();
        assert_eq!((odds.roll.purpose, odds.roll.dice.as_str()), (Purpose::EbFire, "1d6"));
        let spread: Vec<_> = odds.roll.outcomes().iter().map(|o| (o.result.as_str(), o.chance)).collect();
        assert_eq!(spread, [("0 hits", Chance::new(2, 3)), ("1 hit", Chance::new(1, 3))]);
        // A 5 hits (the nearer, Hale); his take-cover save, 4+, fails on a
        // 3; the wound chart, strength 5 (the Pak's 7t, two weaker against
        // men) against defense 4, 4+: a 4 wounds. Half the squad down: it
        // tests its courage, led by Lucas (courage 3), 7+ on 2d6: 6 and 6.
        let events = his_card(&mut g, e, &[&[5], &[3], &[4], &[6, 6]]);
        no_lone_warrior_shelling(&events);
        let r = rolls_of(&events);
        let seen: Vec<_> = r.iter().map(|r| (r.purpose, r.soldier.as_deref(), r.need, r.success)).collect();
        assert_eq!(
            seen[..4],
            [
                (Purpose::EbFire, Some("G1"), Some(5), None),
                (Purpose::EbSave, Some("Hale"), Some(4), Some(false)),
                (Purpose::EbWound, Some("Hale"), Some(4), Some(true)),
                (Purpose::EbCourage, Some("Lucas"), Some(7), Some(true)),
            ]
        );
        assert_eq!(r[0].result.as_deref(), Some("1 hit at 5+"));
        assert_eq!(r[2].result.as_deref(), Some("strength 5 against defense 4"));
        assert!(events.contains(&Event::Hit { soldier: "Hale".into(), by: "G1".into() }));
        assert_ne!(g.soldiers[0].state, State::Fit, "Hale is down");
        assert_eq!(g.soldiers[1].state, State::Fit, "one die, one man at most: no template");
        // One hit of a t-class weapon: five are needed to suppress.
        assert!(!events.iter().any(|e| matches!(e, Event::Pressure { .. })), "{events:?}");
    }

    #[test]
    fn the_flaks_three_dice_fall_one_a_man_and_a_saved_man_is_not_hit() {
        let (mut g, e) = gun_game("aa_gun", &[("Hale", "Sgt", (4, 4)), ("Lucas", "Pvt", (4, 5))]);
        let odds = g.odds(&Cache::new(), &"fire G1 Lucas".parse::<OddsQuery>().unwrap()).unwrap();
        assert_eq!(odds.roll.dice, "3d6");
        // Two hits in three dice: Hale saves on 4; Lucas, in the open, has
        // no save, and a 3 does not wound at strength 4 (6a, two weaker)
        // against defense 4.
        let events = his_card(&mut g, e, &[&[5, 6, 2], &[4], &[3]]);
        no_lone_warrior_shelling(&events);
        let r = rolls_of(&events);
        let seen: Vec<_> = r.iter().map(|r| (r.purpose, r.soldier.as_deref(), r.need, r.success)).collect();
        assert_eq!(
            seen[..3],
            [
                (Purpose::EbFire, Some("G1"), Some(5), None),
                (Purpose::EbSave, Some("Hale"), Some(4), Some(true)),
                (Purpose::EbWound, Some("Lucas"), Some(4), Some(false)),
            ]
        );
        assert_eq!(r[2].result.as_deref(), Some("strength 4 against defense 4"));
        assert!(g.soldiers.iter().take(2).all(|s| s.state == State::Fit));
    }

    #[test]
    fn a_game_saved_with_a_gun_on_the_map_plays_on_by_these_rules() {
        let (g, e) = gun_game("at_gun", &[("Hale", "Sgt", (4, 4)), ("Lucas", "Pvt", (4, 5))]);
        let text = ron::to_string(&g).expect("a game is written");
        let mut back: Game = ron::from_str(&text).expect("and read back");
        assert_eq!(back, g);
        let events = his_card(&mut back, e, &[&[5], &[3], &[4], &[6, 6]]);
        no_lone_warrior_shelling(&events);
        assert_eq!(rolls_of(&events)[0].purpose, Purpose::EbFire);
    }

    /// Lone Warrior's guns fire H.E. at a hex as before: the rule is that
    /// rule set's, and only its.
    #[test]
    fn under_lone_warrior_the_gun_still_shells_a_hex() {
        let mut g = game_on(&OPEN, (4, 4), &squad(3), 1);
        let e = add_enemy(&mut g, "at_gun", GUN);
        g.soldiers[e].stays_put = true;
        begin_action(&mut g);
        let events = his_card(&mut g, e, &[]);
        assert!(events.iter().any(|e| matches!(e, Event::Bombard { .. })), "{events:?}");
        assert_eq!(rolls_of(&events)[0].purpose, Purpose::HighExplosive);
    }
}
