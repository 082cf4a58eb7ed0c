use super::*;
use crate::engine::ruleset::company::tables::{Company, Pinning, US};

fn tables() -> Company {
    ron::from_str(include_str!("../../../../assets/rules/company.ron")).expect("the built-in tables read")
}

fn target(cover: bool, concealed: bool, experience: Experience) -> Target {
    Target { cover, concealed, experience }
}

/// The article's example: a German squad of two rifle/MG teams fires at a
/// US squad spread over two hexes, each holding two teams: 2 x 2 + 2 = 6 dice.
#[test]
fn two_rifle_mg_teams_at_a_squad_in_two_overloaded_hexes_roll_six_dice() {
    let t = tables();
    let team = t.team("rifle_mg_team").unwrap();
    let dice = firing_dice([team.dice(false, "German"), team.dice(false, "German")], 2);
    assert_eq!(dice, 6);
    // Had they moved, one die each: 1 + 1 + 2.
    assert_eq!(firing_dice([team.dice(true, "German"), team.dice(true, "German")], 2), 4);
}

/// Every team of the article's table: its dice standing, and on a turn it
/// moved, for a German team and for an American one.
#[test]
fn each_team_fires_its_rate_standing_and_the_tables_rate_on_the_move() {
    let t = tables();
    // key, range, standing, moving (German), moving (US)
    let table = [
        ("rifle_team", 4, 1, 0, 1),
        ("rifle_mg_team", 4, 2, 1, 1),
        ("mg_team", 4, 3, 1, 1),
        ("carbine_team", 2, 1, 1, 1),
        ("smg_team", 1, 3, 3, 3),
        ("assault_rifle_team", 2, 2, 2, 2),
        ("bazooka_team", 2, 1, 0, 0),
        ("tank_hunter_team", 2, 1, 0, 0),
        ("panzerschreck_team", 2, 2, 0, 0),
    ];
    assert_eq!(t.teams.len(), table.len());
    for (key, range, standing, german, us) in table {
        let team = t.team(key).unwrap_or_else(|| panic!("{key}"));
        assert_eq!(
            (team.range, team.dice(false, "German"), team.dice(true, "German"), team.dice(true, US)),
            (range, standing, german, us),
            "{key}"
        );
    }
    assert_eq!((t.moves.open, t.moves.difficult), (2, 1));
}

/// As written, one hit a team pins a squad, whatever its experience.
#[test]
fn as_written_a_squad_is_pinned_by_one_hit_a_team() {
    let t = tables();
    assert!(!t.pinning.by_experience);
    for teams in 1..=4 {
        let at = [Experience::Conscript, Experience::Trained, Experience::Veteran].map(|e| t.pinned_at(teams, e));
        assert_eq!(at, [teams; 3]);
    }
}

/// Under the house rule `pinning_by_experience`: one hit per team for
/// conscripts, 1.5 rounded up for trained teams, 2 for veterans.
#[test]
fn by_the_house_rule_a_squad_is_pinned_by_its_hits_per_team_by_experience() {
    let mut t = tables();
    t.pinning.by_experience = true;
    let at = |teams| [Experience::Conscript, Experience::Trained, Experience::Veteran].map(|e| t.pinned_at(teams, e));
    assert_eq!(at(1), [1, 2, 2]);
    assert_eq!(at(2), [2, 3, 4]);
    assert_eq!(at(3), [3, 5, 6]);
    assert_eq!(at(4), [4, 6, 8]);
}

/// Three infantry faces hit; the grenade face only in an assault. A save
/// is three cover faces in cover, the concealed face when concealed (never
/// for conscripts), the veteran face for veterans; in the open, unseen by
/// nothing and not veteran, no face saves and nothing is thrown.
#[test]
fn the_faces_that_hit_and_the_faces_that_save() {
    let t = tables();
    let count = |f: &dyn Fn(u8) -> bool| (1..=6).filter(|&x| f(x)).count();
    assert_eq!(count(&hitting(&t, false)), 3);
    assert_eq!(count(&hitting(&t, true)), 4);
    let cases = [
        ((false, false, Experience::Trained), 0),
        ((false, false, Experience::Veteran), 1),
        ((true, false, Experience::Trained), 3),
        ((false, true, Experience::Trained), 1),
        ((false, true, Experience::Conscript), 0),
        ((true, true, Experience::Conscript), 3),
        ((true, true, Experience::Trained), 4),
        ((true, true, Experience::Veteran), 5),
    ];
    for ((cover, concealed, e), faces) in cases {
        assert_eq!(count(&saving(&t, target(cover, concealed, e))), faces, "{cover} {concealed} {e:?}");
    }
    let mut dice = Dice::new(1);
    assert_eq!(save(&t, &mut dice, 4, target(false, false, Experience::Trained)), None, "in the open: no dice");
    assert_eq!(save(&t, &mut dice, 0, target(true, true, Experience::Veteran)), None, "no hits: no dice");
    assert_eq!(dice, Dice::new(1), "nothing was thrown");
    assert_eq!(
        save(&t, &mut dice, 4, target(false, true, Experience::Conscript)),
        None,
        "a conscript is never concealed"
    );
}

/// A fire throws its dice, counts the faces that hit, and names them.
#[test]
fn a_fire_counts_its_hits_and_the_saves_count_theirs() {
    let t = tables();
    let mut dice = Dice::new(9);
    for _ in 0..50 {
        let (roll, hits) = fire(&t, &mut dice, 6, false).unwrap();
        assert_eq!((roll.purpose, roll.dice.count, roll.dice.sides), (Purpose::CompanyFire, 6, 6));
        assert_eq!(hits as usize, roll.faces.iter().filter(|&&f| f <= 3).count(), "faces 1-3 are infantry");
        assert_eq!(roll.result.as_deref(), Some(format!("{hits} {}", if hits == 1 { "hit" } else { "hits" }).as_str()));
        let cover = target(true, false, Experience::Trained);
        if let Some((s, saved)) = save(&t, &mut dice, hits, cover) {
            assert_eq!((s.purpose, u32::from(s.dice.count)), (Purpose::CompanySave, hits));
            assert_eq!(saved as usize, s.faces.iter().filter(|&&f| f <= 3).count(), "faces 1-3 are cover");
        }
    }
    assert_eq!(fire_words(&t, &[1, 6, 4, 2, 3, 5]), "infantry, blank, grenade, infantry, infantry, blank");
    assert_eq!(save_words(&t, &[1, 5, 6]), "cover, veteran, blank");
    assert!(fire(&t, &mut dice, 256, false).unwrap_err().contains("at most 255"));
}

/// The exact spreads: each adds up to every throw, and reads as counted by hand.
#[test]
fn the_spreads_of_hits_and_saves_are_exact() {
    let t = tables();
    let ways = |s: Vec<Chance>| s.iter().map(|c| (c.ways, c.of)).collect::<Vec<_>>();
    assert_eq!(ways(hits_spread(&t, 2, false).unwrap()), [(1, 4), (2, 4), (1, 4)]);
    assert_eq!(ways(hits_spread(&t, 2, true).unwrap()), [(1, 9), (4, 9), (4, 9)], "4 faces of 6 in an assault");
    let vet = target(true, true, Experience::Veteran);
    assert_eq!(ways(saves_spread(&t, 1, vet).unwrap()), [(1, 6), (5, 6)]);
    let open = target(false, false, Experience::Trained);
    assert_eq!(ways(saves_spread(&t, 3, open).unwrap()), [(1, 1), (0, 1), (0, 1), (0, 1)], "nothing saves");
    for n in 0..=30 {
        let s = hits_spread(&t, n, false).unwrap();
        assert_eq!(s.iter().map(|c| c.ways).sum::<u64>(), s[0].of, "{n} dice");
    }
    assert!(saves_spread(&t, 40, vet).is_err(), "6^40 is past 64 bits");
    // 63 dice at 1 in 2 still count (2^63 fits); nothing saving is certain at any number.
    let s = spread(63, 1, 2).unwrap();
    assert_eq!((s[0].of, s.iter().map(|c| c.ways).sum::<u64>()), (1 << 63, 1 << 63));
    assert_eq!(ways(saves_spread(&t, 70, open).unwrap())[..2], [(1, 1), (0, 1)]);
    assert!(spread(u32::MAX, 1, 2).is_err(), "refused before anything is made");
}

/// Thrown 20,000 times, six firing dice and four saving dice in cover
/// fall as the spreads say, every count within 3 standard errors.
#[test]
fn thrown_dice_fall_as_the_spreads_say() {
    let t = tables();
    let mut dice = Dice::new(2026);
    let n = 20_000;
    let (mut hit_counts, mut save_counts) = (vec![0u32; 7], vec![0u32; 5]);
    let cover = target(true, false, Experience::Trained);
    for _ in 0..n {
        hit_counts[fire(&t, &mut dice, 6, false).unwrap().1 as usize] += 1;
        save_counts[save(&t, &mut dice, 4, cover).unwrap().1 as usize] += 1;
    }
    let within = |seen: &[u32], exact: Vec<Chance>| {
        for (k, (&s, c)) in seen.iter().zip(&exact).enumerate() {
            let p = c.value();
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            let observed = f64::from(s) / f64::from(n);
            assert!((observed - p).abs() <= 3.0 * se.max(1e-9), "{k}: {observed} against {p}");
        }
    };
    within(&hit_counts, hits_spread(&t, 6, false).unwrap());
    within(&save_counts, saves_spread(&t, 4, cover).unwrap());
}

/// Tables written before pinning was a choice (saves of older games) are
/// read pinning by experience, as those games played; the house rule
/// switches it in a book.
#[test]
fn older_tables_pin_by_experience_and_the_house_rule_switches_it() {
    use crate::engine::book::RuleBook;
    let old: Pinning = ron::from_str("(conscript_halves: 2, trained_halves: 3, veteran_halves: 4)").unwrap();
    assert_eq!((old.by_experience, old.halves), (true, 2));
    let mut book: RuleBook = (*crate::rules::rule_book().unwrap()).clone();
    let rule = crate::engine::ruleset::house::house_rule("pinning_by_experience").unwrap();
    assert_eq!(rule.get(&book), Some(false), "as written");
    crate::engine::ruleset::house::set(&mut book, "pinning_by_experience", true).unwrap();
    let t = crate::engine::ruleset::company::tables_in(&book).unwrap();
    assert_eq!(t.pinned_at(3, Experience::Veteran), 6);
    assert!(rule.departs(&book));
}
