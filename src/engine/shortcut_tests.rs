//! The engine's quick ways of working things out, which its own choices
//! use to play fast, give the same answers as the plain ways players see.

use super::data;
use super::ruleset::Aim;
use super::tests::{book, default_game};
use super::*;

#[test]
fn the_quick_shot_check_agrees_with_shot_odds() {
    // Every scenario (Crossroads brings tanks, armoured cars and a bazooka),
    // the games of one scenario reseeded from one, as the simulator plays
    // them: they share the map's kept needs, which later games read.
    let mut pairs = 0;
    for (name, _) in crate::rules::SCENARIOS {
        let b = book();
        let start = Game::new(b.clone(), &crate::rules::scenario(name, &b).unwrap(), 0).unwrap();
        for seed in 0..8 {
            let mut g = start.reseeded(seed);
            // Veterans shoot better: their needs are kept apart.
            for s in g.soldiers.iter_mut().take(usize::try_from(seed % 3).unwrap()) {
                s.veteran = true;
            }
            while let Some(c) = policy::decide(&g) {
                for a in 0..g.soldiers.len() {
                    for b in 0..g.soldiers.len() {
                        assert_eq!(
                            g.shot_need(a, b),
                            g.shot_odds(a, b).ok().map(|o| o.need()),
                            "{name} seed {seed}: {} at {}",
                            g.soldiers[a].id,
                            g.soldiers[b].id
                        );
                        pairs += usize::from(g.shot_need(a, b).is_some());
                        // The shot a marksman fires at a man he weighed is the one a player would.
                        if let Some(m) = g.marksman(a).filter(|m| m.need(b).is_some()) {
                            assert_eq!(m.shot(b).map(|s| s.odds), g.shot_odds(a, b).ok(), "{name} seed {seed}");
                        }
                        // Asked of an able man of the other side, as the walks over `able` ask.
                        let (sa, sb) = (&g.soldiers[a], &g.soldiers[b]);
                        if let Some(m) = g.marksman(a).filter(|_| sa.side != sb.side && sb.can_act()) {
                            assert_eq!(m.need_of_able(b, sb), m.need(b), "{name} seed {seed}");
                        }
                    }
                }
                g.apply(&c).unwrap();
            }
        }
    }
    assert!(pairs > 1000, "many shots were possible ({pairs})");
}

#[test]
fn a_need_too_far_from_the_usual_to_keep_in_a_byte_is_worked_out_each_time() {
    // Veterans so skilled that their needs are far below any die: the map
    // cannot keep them, and must give them all the same.
    let mut start = default_game(3);
    std::sync::Arc::make_mut(&mut start.book).campaign.veteran_fire_modifier = -300;
    let mut shots = 0;
    for seed in 0..3 {
        let mut g = start.reseeded(seed);
        for s in &mut g.soldiers {
            s.veteran = true;
        }
        while let Some(c) = policy::decide(&g) {
            for a in 0..g.soldiers.len() {
                for b in 0..g.soldiers.len() {
                    let need = g.shot_need(a, b);
                    assert_eq!(need, g.shot_odds(a, b).ok().map(|o| o.need()), "seed {seed}");
                    shots += usize::from(need.is_some_and(|n| n < -200));
                }
            }
            g.apply(&c).unwrap();
        }
    }
    assert!(shots > 100, "many such shots were weighed ({shots})");
}

#[test]
fn the_need_alone_is_the_need_of_the_full_odds() {
    let b = book();
    let fire = RuleSet::LoneWarrior.fire();
    for w in &b.weapons {
        for distance in 0..8 {
            for cover in [data::Cover::None, data::Cover::Soft, data::Cover::Hard] {
                for first_shot in [false, true] {
                    let aim = Aim { weapon: w, distance, cover, first_shot, veteran: false };
                    assert_eq!(fire.aimed_need(&b, &aim), fire.aimed(&b, &aim).ok().map(|o| o.need()), "{aim:?}");
                }
            }
            for moved in [false, true] {
                assert_eq!(fire.bombard_odds(&b, w, distance, moved), fire.bombard(&b, w, distance, moved).ok());
            }
        }
    }
}

#[test]
fn a_reseeded_game_is_a_new_game_with_that_seed() {
    let start = default_game(1);
    // A first patrol fills the shared sight memo; the reseeded ones must not care.
    let mut first = start.reseeded(99);
    while let Some(c) = policy::decide(&first) {
        first.apply(&c).unwrap();
    }
    for seed in [0, 5, 2024] {
        let (mut a, mut b) = (start.reseeded(seed), default_game(seed));
        assert_eq!(a, b);
        while let Some(c) = policy::decide(&b) {
            assert_eq!(a.apply(&c), b.apply(&c), "seed {seed}: {c}");
        }
        assert!(policy::decide(&a).is_none());
    }
}

#[test]
fn applying_into_a_list_adds_what_apply_returns_and_nothing_when_refused() {
    let (mut a, mut b) = (default_game(5), default_game(5));
    let mut events = vec![Event::Stop { turn: 99 }];
    while let Some(c) = policy::decide(&a) {
        let before = events.len();
        b.apply_into(&c, &mut events).unwrap();
        assert_eq!(events[before..], a.apply(&c).unwrap());
        // A command that is never legal leaves the list and the game as they were.
        let kept = (events.len(), b.clone());
        assert!(b.apply_into(&Command::Join { section: "Q".into(), into: "Q".into() }, &mut events).is_err());
        assert_eq!((events.len(), b.clone()), kept);
    }
    assert_eq!(a, b);
}
