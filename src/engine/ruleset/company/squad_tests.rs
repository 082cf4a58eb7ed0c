//! `squad_volley`: hits dealt nearest first, saves by each team's ground,
//! pinning by the hits before saves, and what an assault changes.

use super::*;
use crate::engine::book::Terrain;
use crate::engine::ruleset::{Firer, TargetTeam};
use crate::engine::vocabulary::pos::Pos;

fn book() -> RuleBook {
    let full = crate::rules::rule_book().expect("the built-in rules");
    crate::engine::ruleset::registry::RuleSet::Company.book_for(&full).expect("the company level's own book")
}

fn team(book: &RuleBook, id: &str, side: Side, weapon: &str) -> Soldier {
    Soldier::new(book, id.into(), "team".into(), side, weapon.into(), Some(Pos::new(0, 0)))
}

fn terrain<'a>(book: &'a RuleBook, key: &str) -> &'a Terrain {
    book.terrain.iter().find(|t| t.key == key).unwrap()
}

/// The hits a roll's result tells.
fn hits_of(events: &[Event]) -> u32 {
    let Some(Event::Roll(r)) = events.first() else { panic!("the fire's roll first: {events:?}") };
    assert_eq!(r.purpose, Purpose::CompanyFire);
    r.result.as_deref().unwrap().split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn hits_fall_one_a_team_nearest_first_and_teams_in_the_open_have_no_save() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let mg = team(&b, "Walsh", Side::Friendly, "mg_team");
    let targets: Vec<Soldier> = ["G1", "G2", "G3"].iter().map(|id| team(&b, id, Side::Enemy, "rifle_team")).collect();
    let open = terrain(&b, "open");
    let mut seen = [0u32; 4];
    for seed in 0..300 {
        let fire = SquadFire {
            firers: vec![Firer { man: &mg, moved: false }],
            targets: targets
                .iter()
                .enumerate()
                .map(|(k, m)| TargetTeam { man: m, terrain: open, distance: k as u32 + 1 })
                .collect(),
            squad: targets.iter().collect(),
            others: vec![],
            overloaded: 1,
            assault: false,
            point: false,
        };
        let mut events = Events::all();
        let fired = squad_volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
        let events = events.into_vec();
        let hits = hits_of(&events);
        // Three dice of the MG team and one for the overloaded hex.
        let Event::Roll(r) = &events[0] else { unreachable!() };
        assert_eq!(r.faces.len(), 4);
        // In the open, trained and not veteran: nothing is thrown, every hit tells.
        assert_eq!(events.len(), 1, "no saving dice in the open: {events:?}");
        // The dice are the squad's: the team that opened the fire takes the credit.
        let want: Vec<Lost> = (0..hits.min(3) as usize).map(|target| Lost { target, by: 0 }).collect();
        assert_eq!(fired.lost, want, "seed {seed}: {hits} hits");
        // As written, three teams are pinned by three hits, one a team.
        assert_eq!(fired.pressure == Some(Pressure::Pinned), hits >= 3, "seed {seed}: {hits} hits");
        seen[hits.min(3) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "every count of losses came up: {seen:?}");
}

/// As written, a team in cover saves on its cover faces in an assault too;
/// under the house rule `assault_strips_cover` only its concealed face.
#[test]
fn a_team_in_cover_saves_on_cover_and_concealed_faces_and_by_the_house_rule_not_in_an_assault() {
    let b = book();
    for strips in [false, true] {
        let mut t = tables_in(&b).unwrap().clone();
        t.assault_strips_cover = strips;
        let t = &t;
        let smg = team(&b, "G1", Side::Enemy, "smg_team");
        let rifle = team(&b, "Price", Side::Friendly, "rifle_team");
        let woods = terrain(&b, "woods");
        for assault in [false, true] {
            for seed in 0..200 {
                let fire = SquadFire {
                    firers: vec![Firer { man: &smg, moved: assault }],
                    targets: vec![TargetTeam { man: &rifle, terrain: woods, distance: 1 }],
                    squad: vec![&rifle],
                    others: vec![],
                    overloaded: 0,
                    assault,
                    point: false,
                };
                let mut events = Events::all();
                let fired = squad_volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
                let events = events.into_vec();
                let hits = hits_of(&events);
                let Event::Roll(f) = &events[0] else { unreachable!() };
                // The grenade face (4) hits only in an assault.
                let top = if assault { 4 } else { 3 };
                assert_eq!(hits as usize, f.faces.iter().filter(|&&x| (1..=top).contains(&x)).count());
                if hits == 0 {
                    assert_eq!(events.len(), 1);
                    continue;
                }
                let Event::Roll(s) = &events[1] else { panic!("{events:?}") };
                assert_eq!((s.purpose, s.faces.len()), (Purpose::CompanySave, hits as usize));
                // Cover faces 1-3, concealed 4 (a trained team); in an assault
                // under the house rule, only the concealed face.
                let saved = s.faces.iter().filter(|&&x| if assault && strips { x == 4 } else { x <= 4 }).count() as u32;
                assert_eq!(fired.lost.is_empty(), saved == hits, "seed {seed}: {hits} hits, {saved} saved");
                // One team: pinned, as written, by one hit.
                assert_eq!(fired.pressure == Some(Pressure::Pinned), hits >= 1);
            }
        }
    }
}

#[test]
fn pinning_counts_the_squad_by_its_greenest_team() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let mut rifles: Vec<Soldier> =
        ["Price", "Dunn"].iter().map(|id| team(&b, id, Side::Friendly, "rifle_team")).collect();
    rifles[1].kit.company_mut().conscript = true;
    let smg = team(&b, "G1", Side::Enemy, "smg_team");
    let open = terrain(&b, "open");
    for seed in 0..200 {
        let fire = SquadFire {
            firers: vec![Firer { man: &smg, moved: false }],
            targets: rifles.iter().map(|m| TargetTeam { man: m, terrain: open, distance: 1 }).collect(),
            squad: rifles.iter().collect(),
            others: vec![],
            overloaded: 0,
            assault: false,
            point: false,
        };
        let mut events = Events::all();
        let fired = squad_volley(t, &b, &mut Dice::new(seed), &fire, &mut events).unwrap();
        // Two teams, one a conscript: pinned at 2 x 1 = 2 hits, not 2 x 1.5 = 3.
        assert_eq!(fired.pressure == Some(Pressure::Pinned), hits_of(&events.into_vec()) >= 2, "seed {seed}");
    }
}

#[test]
fn a_team_that_may_not_fire_on_the_move_does_not_open_its_squads_fire() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let rifle = team(&b, "Price", Side::Friendly, "rifle_mg_team");
    let bazooka = team(&b, "Quinn", Side::Friendly, "bazooka_team");
    let g = team(&b, "G1", Side::Enemy, "rifle_team");
    let fire = SquadFire {
        firers: vec![Firer { man: &bazooka, moved: true }, Firer { man: &rifle, moved: false }],
        targets: vec![TargetTeam { man: &g, terrain: terrain(&b, "open"), distance: 2 }],
        squad: vec![&g],
        others: vec![],
        overloaded: 0,
        assault: false,
        point: false,
    };
    let mut dice = Dice::new(1);
    let before = dice.clone();
    let e = squad_volley(t, &b, &mut dice, &fire, &mut Events::all()).unwrap_err();
    assert!(e.contains("Quinn moved this turn"), "{e}");
    assert_eq!(dice, before, "no die was thrown");
}

/// The odds `odds fire` gives: every count of hits and of saves, exact, and
/// 20,000 fires made by `squad_volley` fall within three standard errors
/// of them.
#[test]
fn the_odds_of_a_squads_fire_are_exact_and_its_fires_fall_as_they_say() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let firers: Vec<Soldier> =
        [("G1", "rifle_mg_team"), ("G2", "rifle_team")].iter().map(|(id, w)| team(&b, id, Side::Enemy, w)).collect();
    let mut targets: Vec<Soldier> =
        ["Price", "Dunn", "Hale"].iter().map(|id| team(&b, id, Side::Friendly, "rifle_team")).collect();
    targets[2].veteran = true;
    let grounds = [terrain(&b, "woods"), terrain(&b, "open"), terrain(&b, "open")];
    let fire = |assault: bool| SquadFire {
        firers: firers.iter().map(|m| Firer { man: m, moved: false }).collect(),
        targets: targets.iter().zip(grounds).map(|(m, g)| TargetTeam { man: m, terrain: g, distance: 2 }).collect(),
        squad: targets.iter().collect(),
        others: vec![],
        overloaded: 1,
        assault,
        point: false,
    };
    for assault in [false, true] {
        let odds = squad_odds(t, &b, &fire(assault)).unwrap();
        // 2 + 1 dice and one for the overloaded hex.
        assert_eq!((odds.dice, odds.hits.len(), odds.saves.len()), (4, 5, 5));
        for spread in [&odds.hits, &odds.saves] {
            let of = spread[0].of;
            assert!(spread.iter().all(|c| c.of == of));
            assert_eq!(spread.iter().map(|c| c.ways).sum::<u64>(), of, "a spread sums to one");
        }
        // Price in the woods saves on cover or concealment (only concealment
        // in an assault), Dunn in the open never, Hale the veteran on his face.
        let (n, mut hits, mut saves) = (20_000u64, [0u64; 5], [0u64; 5]);
        for seed in 0..n {
            let mut events = Events::all();
            squad_volley(t, &b, &mut Dice::new(seed), &fire(assault), &mut events).unwrap();
            let events = events.into_vec();
            hits[hits_of(&events) as usize] += 1;
            let saved: usize = events[1..]
                .iter()
                .map(|e| match e {
                    Event::Roll(r) => r.result.as_deref().unwrap().split(' ').next().unwrap().parse::<usize>().unwrap(),
                    _ => 0,
                })
                .sum();
            saves[saved] += 1;
        }
        for (seen, exact) in [(&hits, &odds.hits), (&saves, &odds.saves)] {
            for (k, c) in exact.iter().enumerate() {
                let p = c.value();
                let se = (p * (1.0 - p) / n as f64).sqrt();
                let observed = seen[k] as f64 / n as f64;
                assert!(
                    (observed - p).abs() <= 3.0 * se + 1e-12,
                    "assault {assault}, {k}: {observed} against {p} (se {se})"
                );
            }
        }
    }
}

/// A decision (docs/RULES.md): a conscript team that a campaign makes a
/// veteran fights as a veteran, its green standing gone. It saves on its
/// veteran face, and, concealed, on the concealed face a conscript never
/// counts; the roster shows it `vet`.
#[test]
fn a_conscript_made_a_veteran_fights_as_a_veteran() {
    let b = book();
    let t = tables_in(&b).unwrap();
    let mut green = team(&b, "Dunn", Side::Friendly, "rifle_team");
    green.kit.company_mut().conscript = true;
    let crops = terrain(&b, "crops");
    assert_eq!(experience(t, &green), Experience::Conscript);
    assert!(!fire::saving(t, target_of(t, &green, crops))(4), "a conscript is never saved by concealment");
    green.veteran = true;
    assert_eq!(experience(t, &green), Experience::Veteran);
    let ground = target_of(t, &green, crops);
    assert!(fire::saving(t, ground)(4) && fire::saving(t, ground)(5), "the concealed and veteran faces save him");
    assert!(Company.profile(&b, &green).unwrap().ends_with("vet"));
}
