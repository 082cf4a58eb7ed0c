//! The engine's quick ways of working things out, which its own choices
//! use to play fast, give the same answers as the plain ways players see.

use crate::engine::ruleset::Aim;
use crate::engine::testing::Play;
use crate::engine::testing::{book, default_game};
use crate::engine::*;

#[test]
fn the_quick_shot_check_agrees_with_shot_odds() {
    // Every scenario (Crossroads brings tanks, armoured cars and a bazooka),
    // the games of one scenario reseeded from one, as the simulator plays
    // them: they share the map's kept needs, which later games read.
    // The quick answers read one cache, made for the scenario's map and kept
    // across its games; the plain answers read none.
    let mut pairs = 0;
    for (name, _) in crate::rules::SCENARIOS {
        let b = book();
        let start = Game::new(b.clone(), &crate::rules::scenario(name, &b).unwrap(), 0).unwrap();
        let mut cache = Cache::new();
        for seed in 0..8 {
            let mut g = start.reseeded(seed);
            // Veterans shoot better: their needs are kept apart.
            for s in g.soldiers.iter_mut().take(usize::try_from(seed % 3).unwrap()) {
                s.veteran = true;
            }
            cache.fit(&g);
            while let Some(c) = players::leader::decide(&g, &cache) {
                assert!(cache.fits(&g), "{name} seed {seed}: the cache is made for this map");
                let memo = cache.memo(&g);
                for a in 0..g.soldiers.len() {
                    for b in 0..g.soldiers.len() {
                        assert_eq!(
                            g.shot_need(memo, a, b),
                            g.shot_odds(Memo::default(), a, b).ok().map(|o| o.need()),
                            "{name} seed {seed}: {} at {}",
                            g.soldiers[a].id,
                            g.soldiers[b].id
                        );
                        pairs += usize::from(g.shot_need(memo, a, b).is_some());
                        // The shot a marksman fires at a man he weighed is the one a player would.
                        if let Some(m) = g.marksman(memo, a).filter(|m| m.need(b).is_some()) {
                            assert_eq!(
                                m.shot(b).map(|s| s.odds),
                                g.shot_odds(Memo::default(), a, b).ok(),
                                "{name} seed {seed}"
                            );
                        }
                        // Asked of an able man of the other side, as the walks over `able` ask.
                        let (sa, sb) = (&g.soldiers[a], &g.soldiers[b]);
                        if let Some(m) = g.marksman(memo, a).filter(|_| sa.side != sb.side && sb.can_act()) {
                            assert_eq!(m.need_of_able(b, sb), m.need(b), "{name} seed {seed}");
                        }
                    }
                }
                g.apply(&c, &mut cache, &mut Events::all()).unwrap();
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
    let mut cache = Cache::new();
    for seed in 0..3 {
        let mut g = start.reseeded(seed);
        for s in &mut g.soldiers {
            s.veteran = true;
        }
        cache.fit(&g);
        while let Some(c) = players::leader::decide(&g, &cache) {
            let memo = cache.memo(&g);
            for a in 0..g.soldiers.len() {
                for b in 0..g.soldiers.len() {
                    let need = g.shot_need(memo, a, b);
                    assert_eq!(need, g.shot_odds(Memo::default(), a, b).ok().map(|o| o.need()), "seed {seed}");
                    shots += usize::from(need.is_some_and(|n| n < -200));
                }
            }
            g.apply(&c, &mut cache, &mut Events::all()).unwrap();
        }
    }
    assert!(shots > 100, "many such shots were weighed ({shots})");
}

#[test]
fn the_need_alone_is_the_need_of_the_full_odds() {
    let b = book();
    let fire = RuleSet::default();
    for w in &b.weapons {
        for distance in 0..8 {
            for cover in [book::Cover::None, book::Cover::Soft, book::Cover::Hard] {
                for first_shot in [false, true] {
                    let aim = Aim {
                        weapon: w,
                        distance,
                        cover,
                        first_shot,
                        veteran: false,
                        side: Side::Friendly,
                        state: State::Fit,
                        dragged: false,
                        special: false,
                    };
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
    while let Some(c) = players::leader::decide(&first, &Cache::new()) {
        first.play(&c).unwrap();
    }
    for seed in [0, 5, 2024] {
        let (mut a, mut b) = (start.reseeded(seed), default_game(seed));
        assert_eq!(a, b);
        while let Some(c) = players::leader::decide(&b, &Cache::new()) {
            assert_eq!(a.play(&c), b.play(&c), "seed {seed}: {c}");
        }
        assert!(players::leader::decide(&a, &Cache::new()).is_none());
    }
}

#[test]
fn applying_into_a_list_adds_what_apply_returns_and_nothing_when_refused() {
    // One list and one cache through the whole patrol, as the simulator
    // plays; against a fresh list and a fresh cache for every command.
    let (mut a, mut b) = (default_game(5), default_game(5));
    let mut events = Events::all();
    events.push(Event::Stop { turn: 99 });
    let mut cache = Cache::new();
    while let Some(c) = players::leader::decide(&a, &Cache::new()) {
        assert_eq!(players::leader::decide(&b, &cache).as_ref(), Some(&c));
        let before = events.len();
        b.apply(&c, &mut cache, &mut events).unwrap();
        assert_eq!(events[before..], a.play(&c).unwrap());
        // A command that is never legal leaves the list and the game as they were.
        let kept = (events.len(), b.clone());
        let never = Command::Join { section: "Q".into(), into: "Q".into() };
        assert!(b.apply(&never, &mut cache, &mut events).is_err());
        assert_eq!((events.len(), b.clone()), kept);
    }
    assert_eq!(a, b);
}

/// A cache is made for one map, rule book and rule set: handed a game of
/// another, `apply` makes it over rather than read another map's answers,
/// and a question asked with it works the answer out afresh. Whole patrols
/// of every scenario, played with one cache passed from scenario to
/// scenario (and another rule book), make the events a fresh cache makes.
#[test]
fn a_cache_made_for_another_map_or_book_changes_nothing() {
    let mut shared = Cache::new();
    let mut tougher = (*book()).clone();
    tougher.campaign.veteran_fire_modifier -= 1;
    let books = [book(), std::sync::Arc::new(tougher)];
    for b in &books {
        for (name, _) in crate::rules::SCENARIOS {
            let scenario = crate::rules::scenario(name, &book()).unwrap();
            let mut with_shared = Game::new(b.clone(), &scenario, 11).unwrap();
            for s in with_shared.soldiers.iter_mut().take(3) {
                s.veteran = true;
            }
            let mut fresh_each = with_shared.clone();
            let other = !shared.fits(&with_shared);
            assert!(other, "{name}: the cache was made for another map or book");
            // Asked before `apply` has made it over: worked out afresh.
            let (a, b2) = (0, with_shared.soldiers.len() - 1);
            assert_eq!(
                with_shared.shot_need(shared.memo(&with_shared), a, b2),
                with_shared.shot_need(Memo::default(), a, b2)
            );
            let (mut one, mut two) = (Events::all(), Events::all());
            while let Some(c) = players::leader::decide(&with_shared, &shared) {
                with_shared.apply(&c, &mut shared, &mut one).unwrap();
                fresh_each.apply(&c, &mut Cache::new(), &mut two).unwrap();
                assert!(shared.fits(&with_shared));
            }
            assert!(players::leader::decide(&fresh_each, &Cache::new()).is_none());
            assert_eq!((one, &with_shared), (two, &fresh_each), "{name}");
        }
    }
}

/// The leader's cheapest walk read from the cache (kept across the games of
/// one map) steps where the walk worked out afresh for the step does, from
/// every hex to the objective and to the home edge, as incidents mount.
#[test]
fn the_kept_cheapest_walk_steps_where_the_walk_worked_out_afresh_does() {
    let mut compared = 0;
    for (name, _) in crate::rules::SCENARIOS {
        let b = book();
        let start = Game::new(b.clone(), &crate::rules::scenario(name, &b).unwrap(), 0).unwrap();
        let mut cache = Cache::new();
        let home: Vec<Pos> = start.map.hexes().filter(|&p| start.map.on_home_edge(p)).collect();
        for seed in 0..3 {
            let mut g = start.reseeded(seed);
            cache.fit(&g);
            for incidents in 0..4 {
                (g.incidents, g.encounters) = (incidents, incidents);
                let goals = [g.objective.hexes().first().copied().unwrap_or(Pos::new(0, 0))];
                for from in g.map.hexes().filter(|&p| g.map.enterable(&g.book, p)) {
                    for goals in [&goals[..], &home[..]] {
                        let kept = g.cheapest_step(cache.memo(&g), from, goals);
                        assert_eq!(kept, g.cheapest_step(Memo::default(), from, goals), "{name}: from {from}");
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 5_000, "{compared} steps compared");
}
