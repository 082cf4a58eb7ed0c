//! European Battlefield's rules, each as the article states it: the
//! extremes, the wound chart and the class modifiers, the notes on moving
//! fire, a squad's fire, suppression to pinning, the courage test (its
//! leader, a dead leader's next man, pinned, a double 1), activation, and
//! hand to hand.

use super::fire::volley;
use super::throws::{save_need, strength_against_men};
use super::*;
use crate::engine::ruleset::european::tables::{Class, Note, WoundNeed};
use crate::engine::ruleset::{Firer, Melee, TargetTeam};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

/// European Battlefield's own rule book, as a game under it holds.
pub(super) fn book() -> RuleBook {
    let full = crate::rules::rule_book().expect("the built-in rules");
    crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield
        .book_for(&full)
        .expect("European Battlefield's own book")
}

/// Dice that show these faces, throw by throw, and then the generator's.
pub(super) fn loaded(throws: &[&[u8]]) -> Dice {
    let mut dice = Dice::new(1);
    let given: std::collections::VecDeque<_> = throws.iter().map(|f| Some(f.to_vec().into())).collect();
    dice.lend(crate::engine::dice::hand::Hand { given, ..crate::engine::dice::hand::Hand::default() });
    dice
}

pub(super) fn man(book: &RuleBook, id: &str, rank: &str, side: Side, weapon: &str) -> Soldier {
    Soldier::new(book, id.into(), rank.into(), side, weapon.into(), Some(Pos::new(0, 0)))
}

pub(super) fn terrain<'a>(book: &'a RuleBook, key: &str) -> &'a Terrain {
    book.terrain.iter().find(|t| t.key == key).unwrap()
}

/// The rolls among `events`, in order.
pub(super) fn rolls(events: Events) -> Vec<Roll> {
    events
        .into_vec()
        .into_iter()
        .filter_map(|e| match e {
            Event::Roll(r) => Some(r),
            _ => None,
        })
        .collect()
}

#[test]
fn the_articles_profiles_are_the_tables() {
    let b = book();
    let t = tables_in(&b).unwrap();
    // The Soldat: 3/5+, Defense 4, Courage 3, 5 points.
    let soldat = t.soldier(Side::Enemy, "Grenadier").unwrap();
    assert_eq!((soldat.fight, soldat.shoot, soldat.defense, soldat.courage, soldat.points), (3, 5, 4, 3, 5));
    // The M1 Garand: 3s, 20", ROF 2, SA; on the move its rate is halved.
    let garand = t.weapon("rifle").unwrap();
    assert_eq!((garand.strength, &garand.class[..], garand.range, garand.rof), (3, &[Class::S][..], 20, 2));
    assert_eq!(garand.notes, vec![Note::SA]);
    assert_eq!((garand.dice(false), garand.dice(true)), (2, 1));
    // Three inches a hex: the Garand reaches 6 hexes, infantry moves 2 (1 in difficult ground).
    assert_eq!((t.hexes(garand.range), t.moves()), (6, (2, 1)));
    let g = man(&b, "G1", "Grenadier", Side::Enemy, "rifle");
    assert_eq!(European.profile(&b, &g).as_deref(), Some("3/5+ D4 C3"));
}

#[test]
fn moving_fire_follows_the_weapons_notes() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let mut w = t.weapon("rifle").unwrap().clone();
    w.rof = 3;
    assert_eq!(w.dice(true), 1, "SA: halved, rounded down");
    w.notes = vec![Note::FA];
    assert_eq!(w.dice(true), 3, "FA: no penalty");
    w.notes = vec![Note::Heavy, Note::FA];
    assert_eq!((w.dice(false), w.dice(true)), (3, 0), "a heavy weapon cannot move and shoot");
    for notes in [vec![], vec![Note::FA]] {
        w.notes = notes;
        w.rof = 1;
        assert_eq!((w.dice(false), w.dice(true)), (1, 0), "a weapon of one die cannot move and shoot");
    }
}

#[test]
fn the_extremes_hold_a_need_between_2_and_6() {
    assert_eq!((test_need(7), test_need(6), test_need(2), test_need(1), test_need(-3)), (6, 6, 2, 2, 2));
    let b = book();
    let t = tables_in(&b).unwrap();
    // A pinned Scharfschütze... the need stays on the die: a pinned man of Shoot 6+ still hits on a 6.
    let mut g = man(&b, "G1", "Grenadier", Side::Enemy, "rifle");
    g.pressure = Pressure::Pinned;
    let (base, m) = shoot_need(t, &g).unwrap();
    assert_eq!((base, m.total(), test_need(base + m.total())), (5, 1, 6));
}

/// The Lord of the Rings strategy battle game's chart: equal strength and
/// defense wound on 4+; one or two more defense 5+; three or four 6+; then
/// a 6 and 4+, 5+, 6+; then nothing. One more strength 4+, two or more 3+.
#[test]
fn the_wound_chart_is_strength_against_defense() {
    let b = book();
    let t = tables_in(&b).unwrap();
    for s in 1..=10i32 {
        for d in 1..=10u8 {
            let want = match i32::from(d) - s {
                ..=-2 => WoundNeed::N(3),
                -1 | 0 => WoundNeed::N(4),
                1 | 2 => WoundNeed::N(5),
                3 | 4 => WoundNeed::N(6),
                5 => WoundNeed::Then(4),
                6 => WoundNeed::Then(5),
                7 => WoundNeed::Then(6),
                _ => WoundNeed::No,
            };
            assert_eq!(t.wound_need(s, d), want, "strength {s} against defense {d}");
        }
    }
    assert_eq!(t.wound_need(0, 4), WoundNeed::No, "no strength, no wound");
    assert_eq!(t.wound_need(14, 10), WoundNeed::N(4), "past the chart, its last row");
}

#[test]
fn a_weapons_class_changes_its_strength_against_men() {
    let b = book();
    let mut w = tables_in(&b).unwrap().weapon("rifle").unwrap().clone();
    w.strength = 6;
    for (class, want) in [
        (vec![Class::S], 6),
        (vec![Class::T], 4),
        (vec![Class::A], 4),
        (vec![Class::H, Class::T], 6),
        (vec![Class::H], 6),
    ] {
        w.class = class.clone();
        assert_eq!(strength_against_men(&w), want, "{class:?}");
    }
}

#[test]
fn a_man_hit_saves_by_cover_or_prone_before_the_wound_chart() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let rifle = t.weapon("rifle").unwrap();
    let mut h = rifle.clone();
    h.class = vec![Class::H];
    let mut g = man(&b, "G1", "Grenadier", Side::Enemy, "rifle");
    let at = |g: &Soldier, key: &str, w: &crate::engine::ruleset::european::tables::WeaponProfile| {
        save_need(t, &TargetTeam { man: g, terrain: terrain(&b, key), distance: 3 }, w)
    };
    assert_eq!(at(&g, "open", rifle), None);
    assert_eq!(at(&g, "woods", rifle), Some(4), "take cover: 4+");
    assert_eq!(at(&g, "woods", &h), None, "not against h-class");
    g.pressure = Pressure::Prone;
    assert_eq!((at(&g, "open", rifle), at(&g, "woods", rifle), at(&g, "woods", &h)), (Some(5), Some(4), Some(5)));
    // Dug in by choice, he saves as a prone man.
    g.pressure = Pressure::Steady;
    g.kit.european_mut().dug_in = true;
    assert_eq!((at(&g, "open", rifle), at(&g, "woods", &h)), (Some(5), Some(5)));
}

#[test]
fn five_hits_suppress_and_three_suppressions_pin() {
    let b = book();
    let t = tables_in(&b).unwrap();
    // The MG and four riflemen: 3 + 4 x 2 dice, all at 5+.
    let mut guns = vec![man(&b, "Brandt", "Pfc", Side::Friendly, "mg")];
    guns.extend((1..=4).map(|k| man(&b, &format!("R{k}"), "Pvt", Side::Friendly, "rifle")));
    let mut targets: Vec<Soldier> =
        (1..=6).map(|k| man(&b, &format!("G{k}"), "Grenadier", Side::Enemy, "rifle")).collect();
    let open = terrain(&b, "open");
    let (mut suppressed, mut pinned, mut credited_past_first) = (0, 0, 0);
    for start in [Pressure::Steady, Pressure::Suppressed(2)] {
        for m in &mut targets {
            (m.pressure, m.pos) = (start, Some(Pos::new(3, 0)));
        }
        for seed in 0..300 {
            let fire = SquadFire {
                firers: guns.iter().map(|m| Firer { man: m, moved: false }).collect(),
                targets: targets.iter().map(|m| TargetTeam { man: m, terrain: open, distance: 3 }).collect(),
                squad: targets.iter().collect(),
                others: vec![],
                overloaded: 0,
                assault: false,
                point: false,
            };
            let mut events = Events::all();
            let fired = volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
            let rolls = rolls(events);
            // A roll for each man: the MG's three dice, the riflemen's two, all at 5+.
            let fire_rolls: Vec<&Roll> = rolls.iter().filter(|r| r.purpose == Purpose::EbFire).collect();
            let dice: Vec<usize> = fire_rolls.iter().map(|r| r.faces.len()).collect();
            assert_eq!(dice, vec![3, 2, 2, 2, 2]);
            assert!(fire_rolls.iter().all(|r| r.need == Some(5)));
            let hits = fire_rolls.iter().flat_map(|r| r.faces.iter()).filter(|&&f| f >= 5).count();
            let courage = rolls.iter().any(|r| r.purpose == Purpose::EbCourage);
            // The men hit in the open have no save: each hit is a wound
            // roll, until all six are down.
            let wounds = rolls.iter().filter(|r| r.purpose == Purpose::EbWound).count();
            assert!(wounds == hits || (wounds < hits && fired.lost.len() == 6), "seed {seed}");
            // Each man taken is the hit of the man whose die scored it: the
            // hits come in the firers' order, and each wound roll is a hit's.
            let owners = fire_rolls
                .iter()
                .enumerate()
                .flat_map(|(k, r)| std::iter::repeat_n(k, r.faces.iter().filter(|&&f| f >= 5).count()));
            let wound_rolls = rolls.iter().filter(|r| r.purpose == Purpose::EbWound);
            let credited: Vec<usize> = wound_rolls.zip(owners).filter(|(r, _)| r.succeeded()).map(|(_, k)| k).collect();
            assert_eq!(fired.lost.iter().map(|l| l.by).collect::<Vec<_>>(), credited, "seed {seed}");
            credited_past_first += usize::from(credited.iter().any(|&k| k > 0));
            assert!(rolls.iter().all(|r| r.purpose != Purpose::EbSave));
            let want = match (start, hits >= 5) {
                (_, false) => None,
                (Pressure::Steady, true) if hits < 10 => Some(Pressure::Suppressed(1)),
                (Pressure::Steady, true) => Some(Pressure::Suppressed(2)),
                (_, true) => Some(Pressure::Pinned),
            };
            if !courage {
                assert_eq!(fired.pressure, want, "seed {seed}: {hits} hits on {start:?}");
            }
            suppressed += usize::from(want == Some(Pressure::Suppressed(1)));
            pinned += usize::from(want == Some(Pressure::Pinned));
            // A quarter of six is two: two men lost is a courage test, and so
            // is the loss of G1, who leads (the first of the bravest).
            assert_eq!(courage, fired.lost.len() >= 2 || taken(&fired) == [0], "seed {seed}: {:?}", fired.lost);
        }
    }
    assert!(suppressed > 0 && pinned > 0, "{suppressed} suppressed, {pinned} pinned");
    assert!(credited_past_first > 100, "the riflemen's hits are theirs: {credited_past_first} fires");
}

/// A man who saves is not hit (the article), so his hit is none of the
/// five that suppress; under the house rule `saved_hits_suppress` it is.
#[test]
fn a_saved_hit_is_none_of_the_five_that_suppress() {
    let b = book();
    let mut guns = vec![man(&b, "Brandt", "Pfc", Side::Friendly, "mg")];
    guns.push(man(&b, "Able", "Pvt", Side::Friendly, "rifle"));
    let targets: Vec<Soldier> = (1..=6)
        .map(|k| {
            let mut m = man(&b, &format!("G{k}"), "Grenadier", Side::Enemy, "rifle");
            m.pos = Some(Pos::new(3, 0));
            m
        })
        .collect();
    let woods = terrain(&b, "woods");
    let fired = |b: &RuleBook, faces: &[&[u8]]| {
        let fire = SquadFire {
            firers: guns.iter().map(|m| Firer { man: m, moved: false }).collect(),
            targets: targets.iter().map(|m| TargetTeam { man: m, terrain: woods, distance: 3 }).collect(),
            squad: targets.iter().collect(),
            others: vec![],
            overloaded: 0,
            assault: false,
            point: false,
        };
        let mut events = Events::all();
        let out = volley(tables_in(b).unwrap(), b, &mut loaded(faces), &fire, &mut events).unwrap();
        (out, rolls(events))
    };
    // Five hits (the MG's three, the rifle's two), one each on G1 to G5 in
    // the woods, who take cover (4+): G1 saves; the four others fail (1)
    // and are not wounded (1). Four hits struck: no suppression.
    let faces: &[&[u8]] = &[&[5, 5, 6], &[6, 5], &[4], &[1], &[1], &[1], &[1], &[1], &[1], &[1], &[1]];
    let (out, rolls) = fired(&b, faces);
    assert_eq!(rolls.iter().filter(|r| r.purpose == Purpose::EbSave).count(), 5);
    assert_eq!(rolls.iter().filter(|r| r.purpose == Purpose::EbWound).count(), 4, "G1 saved: not hit");
    assert!(out.lost.is_empty());
    assert_eq!(out.pressure, None, "four hits, not five");
    // Nobody saves: five hits, one suppression.
    let faces: &[&[u8]] = &[&[5, 5, 6], &[6, 5], &[3], &[1], &[1], &[1], &[1], &[1], &[1], &[1], &[1], &[1]];
    assert_eq!(fired(&b, faces).0.pressure, Some(Pressure::Suppressed(1)));
    // House rule saved_hits_suppress: every hit that scored counts.
    let mut house = b.clone();
    crate::engine::ruleset::house::set(&mut house, "saved_hits_suppress", true).unwrap();
    let faces: &[&[u8]] = &[&[5, 5, 6], &[6, 5], &[4], &[1], &[1], &[1], &[1], &[1], &[1], &[1], &[1]];
    assert_eq!(fired(&house, faces).0.pressure, Some(Pressure::Suppressed(1)));
}

/// Each hit falls on a man its own weapon reaches: a pistol's (2 hexes)
/// never on a man 4 hexes off, though a rifle beside it reaches him.
#[test]
fn a_hit_falls_only_on_a_man_its_weapon_reaches() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let pistol = man(&b, "Reyes", "Lt", Side::Friendly, "pistol");
    let mut far = man(&b, "G1", "Grenadier", Side::Enemy, "rifle");
    far.pos = Some(Pos::new(4, 0));
    let open = terrain(&b, "open");
    let (mut pistol_hits, mut rolled) = (0, 0);
    for seed in 0..200 {
        let fire = SquadFire {
            firers: vec![Firer { man: &pistol, moved: false }],
            targets: vec![TargetTeam { man: &far, terrain: open, distance: 4 }],
            squad: vec![&far],
            others: vec![],
            overloaded: 0,
            assault: false,
            point: false,
        };
        let mut events = Events::all();
        volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
        let rolls = rolls(events);
        pistol_hits += rolls[0].faces.iter().filter(|&&f| f >= 4).count();
        rolled += rolls.iter().filter(|r| r.purpose == Purpose::EbWound).count();
    }
    assert!(pistol_hits > 0 && rolled == 0, "{pistol_hits} pistol hits, {rolled} wound rolls on a man out of reach");
}

/// A die each, one worse without a blade; the higher wins, a tie to the
/// higher Fight value, thrown again when equal; the loser's wound at
/// strength 3 against his defense 4 (5+).
#[test]
fn hand_to_hand_is_a_die_each_and_the_wound_chart() {
    let b = book();
    let sgt = man(&b, "Hale", "Sgt", Side::Friendly, "smg"); // Fight 4, no blade
    let g = man(&b, "G1", "Grenadier", Side::Enemy, "rifle"); // Fight 3, a bayonet
    for seed in 0..300 {
        let f = European.hand_to_hand(&b, &mut Dice::new(seed), &sgt, &g);
        let (a, d) = (&f.rolls[0], &f.rolls[1]);
        let (sa, sd) = (a.total as i32 - 1, d.total as i32);
        assert_eq!(a.modifiers.as_ref().map(|m| m.total()), Some(-1), "no blade");
        assert!(d.modifiers.is_none());
        // Different Fight values: never thrown again.
        assert_eq!(f.attacker_lost, sa < sd, "seed {seed}: {sa} against {sd}");
        let wound: Vec<&Roll> = f.rolls.iter().filter(|r| r.purpose == Purpose::EbWound).collect();
        assert_eq!(wound.len(), 1);
        assert_eq!(wound[0].need, Some(5));
        assert_eq!(f.outcome == Melee::KnockedOut, wound[0].succeeded());
    }
    // Equal Fight values and equal dice: thrown again.
    let h = man(&b, "G2", "Grenadier", Side::Enemy, "rifle");
    let again = (0..200).any(|seed| European.hand_to_hand(&b, &mut Dice::new(seed), &g, &h).rolls.len() > 3);
    assert!(again, "a tie of equal Fight values is thrown again");
    let (_, spread) = European.hand_to_hand_spread(&b);
    let total: u64 = spread.iter().map(|m| m.chance.ways).sum();
    assert_eq!(total, 72);
}

/// The places in the targets of the men a fire took.
pub(super) fn taken(fired: &crate::engine::ruleset::Fired) -> Vec<usize> {
    fired.lost.iter().map(|l| l.target).collect()
}

#[test]
fn tables_written_before_the_choice_count_saved_hits_toward_suppression() {
    use crate::engine::ruleset::european::tables::European;
    let text = crate::rules::EUROPEAN_TEXT;
    let now: European = ron::from_str(text).expect("the built-in tables");
    assert!(!now.saved_hits_suppress, "as written a saved man is not hit");
    let before = text.replace("saved_hits_suppress: false,", "");
    assert_ne!(before, text);
    let old: European = ron::from_str(&before).expect("tables without the switch");
    assert!(old.saved_hits_suppress, "read as they played: the house rule on");
}
