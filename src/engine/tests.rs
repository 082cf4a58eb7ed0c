//! The properties the design promises, over whole patrols: illegal commands
//! change nothing, seeds replay, the deck is always full, saves play on.

use crate::engine::testing::*;

fn any_command() -> impl Strategy<Value = Command> {
    let pos = (-1i32..17, -1i32..13).prop_map(|(c, r)| Pos::new(c, r));
    let name =
        prop::sample::select(vec!["A", "B", "Baker", "Ruiz", "Mills", "G1", "G2", "Nobody"]).prop_map(Name::new_static);
    prop_oneof![
        4 => Just(Command::Turn),
        3 => (prop::option::of(name.clone()), pos.clone()).prop_map(|(section, to)| Command::Move { section, to }),
        1 => prop::collection::vec(name.clone(), 1..3).prop_map(|soldiers| Command::Split { soldiers }),
        1 => (name.clone(), name.clone()).prop_map(|(section, into)| Command::Join { section, into }),
        1 => prop::option::of(name.clone()).prop_map(|section| Command::Exit { section }),
        2 => name.clone().prop_map(|n| Command::Fire { target: Target::Soldier(n) }),
        1 => pos.clone().prop_map(|p| Command::Fire { target: Target::Hex(p) }),
        1 => name.clone().prop_map(|target| Command::Fight { target }),
        1 => (name, pos).prop_map(|(wounded, to)| Command::Carry { wounded, to }),
        2 => Just(Command::Hold),
    ]
}

/// Plays `auto` decisions interleaved with random commands; returns every event.
fn play(seed: u64, commands: &[(Command, u8)]) -> (Game, Vec<Event>) {
    let mut g = default_game(seed);
    let mut events = Vec::new();
    for (c, autos) in commands {
        let before = g.clone();
        match g.play(c) {
            Ok(e) => events.extend(e),
            Err(_) => assert_eq!(g, before, "an illegal '{c}' changed the game"),
        }
        for _ in 0..*autos {
            if let Some(c) = players::leader::decide(&g, &Cache::new()) {
                events.extend(g.play(&c).expect("the policy only gives legal commands"));
            }
        }
        assert!(g.is_over() || g.able(Side::Friendly).next().is_some(), "nobody can go on, yet the patrol is not over");
    }
    (g, events)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn illegal_commands_change_nothing_and_seeds_replay(
        seed in 0u64..1000,
        commands in prop::collection::vec((any_command(), 0u8..4), 1..60),
    ) {
        let (g1, e1) = play(seed, &commands);
        let (g2, e2) = play(seed, &commands);
        prop_assert_eq!(e1, e2);
        prop_assert_eq!(g1, g2);
    }

    #[test]
    fn every_deck_has_two_cards_per_able_man_and_one_stop(seed in 0u64..500, steps in 1usize..400) {
        // A man has two cards; a vehicle its type's count, one fewer once damaged.
        let mut g = default_game(seed);
        for _ in 0..steps {
            let Some(c) = players::leader::decide(&g, &Cache::new()) else { break };
            for e in g.play(&c).unwrap() {
                if let Event::Deck { size, composition, .. } = e {
                    let a = &g.book.arsenal;
                    let cards: usize = g
                        .soldiers
                        .iter()
                        .filter(|s| s.can_act())
                        .map(|s| match &s.vehicle {
                            None => 2,
                            Some(v) => {
                                let kind = a.vehicle(&v.kind).expect("a known vehicle");
                                a.damage.as_ref().expect("damage rules").cards(kind, v.damage) as usize
                            }
                        })
                        .sum();
                    prop_assert_eq!(size, cards + 1);
                    prop_assert_eq!(composition.get("STOP"), Some(1));
                }
            }
        }
    }
}

#[test]
fn the_leader_plays_whole_patrols_to_an_end() {
    for seed in 0..60 {
        let mut g = default_game(seed);
        let mut n = 0;
        while let Some(c) = players::leader::decide(&g, &Cache::new()) {
            g.play(&c).unwrap_or_else(|e| panic!("seed {seed}: policy chose illegal '{c}': {e}"));
            n += 1;
            assert!(n < 20_000, "seed {seed}: no end after {n} decisions");
        }
        assert!(g.is_over(), "seed {seed}: the leader stopped before the end");
    }
}

proptest! {
    #[test]
    fn names_match_as_ignoring_ascii_case_says(a in "[gGvVa-c1-3é]{0,4}", b in "[gGvVa-c1-3é]{0,4}") {
        prop_assert_eq!(crate::engine::sides::same_name(&a, &b), a.eq_ignore_ascii_case(&b));
        prop_assert!(crate::engine::sides::same_name(&a, &a.to_ascii_uppercase()));
    }
}

/// The game as a save gives it back: written and read (here as JSON; a
/// save is RON). Nothing is repaired after reading: the state is all there is.
fn read_back(g: &Game) -> Game {
    serde_json::from_value(serde_json::to_value(g).unwrap()).unwrap()
}

/// `able` reads only its side's part of the soldiers: it gives what a walk
/// over all the soldiers gives, from either end, at every step of whole
/// patrols on two scenarios, and so does a copy read back from a save (at
/// every step of the first patrols). So do `squad_hexes` and `hexes_of`.
///
/// And a game read back (`read_back`) plays on as the game it was read
/// from: for the first seeds, copies made before the first order, at the
/// first order of every action, mid-action (the first card up after a STOP;
/// in a later action the enemy's part then starts after the men met before)
/// and at the first order after every action are played to the end by the
/// leader, and make the same events and end equal to the game played on.
#[test]
fn able_reads_its_part_of_the_soldiers_as_a_walk_over_all_would() {
    let b = book();
    let mut mid_action_copies = 0;
    for name in [crate::rules::default_scenario_name(), "crossroads"] {
        let scenario = crate::rules::scenario(name, &b).unwrap();
        for seed in 0..30 {
            let mut g = Game::new(b.clone(), &scenario, seed).unwrap();
            // Each copy with where it starts in the straight game's events.
            let (mut straight, mut copies) = (Vec::new(), Vec::new());
            let (mut in_action, mut mid_copied) = (false, false);
            let mut cache = Cache::new();
            while let Some(c) = players::leader::decide(&g, &cache) {
                if seed < 3 {
                    let now_in_action = matches!(g.phase, Phase::Action(_));
                    let mid = !mid_copied && matches!(&g.phase, Phase::Action(a) if a.turn >= 2 && a.up.is_some());
                    if straight.is_empty() || now_in_action != in_action || mid {
                        copies.push((straight.len(), read_back(&g)));
                    }
                    mid_copied = (mid_copied && now_in_action == in_action) || mid;
                    mid_action_copies += usize::from(mid);
                    in_action = now_in_action;
                }
                let mut events = Events::all();
                g.apply(&c, &mut cache, &mut events).unwrap();
                straight.extend(events.into_vec());
                let loaded = (seed < 3).then(|| read_back(&g));
                let hexes = |which: &dyn Fn(&Soldier) -> bool| {
                    let mut all: Vec<Pos> = g.soldiers.iter().filter(|s| which(s)).filter_map(|s| s.pos).collect();
                    all.sort_unstable();
                    all.dedup();
                    all
                };
                let squad = hexes(&|s| s.side == Side::Friendly);
                for side in [Side::Friendly, Side::Enemy] {
                    let all: Vec<usize> = (0..g.soldiers.len())
                        .filter(|&i| g.soldiers[i].side == side && g.soldiers[i].can_act())
                        .collect();
                    for game in std::iter::once(&g).chain(&loaded) {
                        assert_eq!(game.able(side).collect::<Vec<_>>(), all, "{name}, seed {seed}");
                        assert_eq!(
                            game.able(side).rev().collect::<Vec<_>>(),
                            all.iter().rev().copied().collect::<Vec<_>>()
                        );
                        assert_eq!(game.any_able(side), !all.is_empty());
                        assert_eq!(game.hexes_of(side), hexes(&|s| s.side == side && s.can_act()));
                        assert_eq!(game.squad_hexes(), squad);
                    }
                }
            }
            for (from, mut back) in copies {
                let (mut events, mut cache) = (Events::all(), Cache::new());
                while let Some(c) = players::leader::decide(&back, &cache) {
                    back.apply(&c, &mut cache, &mut events).unwrap();
                }
                // The first event that differs, if any, and how many each made.
                let tail = &straight[from..];
                let k = events.iter().zip(tail).position(|(a, b)| a != b).unwrap_or(events.len().min(tail.len()));
                assert_eq!(
                    (events.get(k), events.len()),
                    (tail.get(k), tail.len()),
                    "{name}, seed {seed}: read back at event {from}, played on"
                );
                assert_eq!(back, g, "{name}, seed {seed}: read back at event {from}, played to the end");
            }
        }
    }
    assert!(mid_action_copies >= 6, "copies made mid-action: {mid_action_copies}");
}

/// A card's index is a `u32` (`Card`), written and read in saves as the
/// `usize` it was: the same number, and a card of either kind comes back.
#[test]
fn cards_are_saved_as_before() {
    for (card, ron_text, json) in
        [(Card::soldier(12), "Soldier(12)", r#"{"Soldier":12}"#), (Card::Stop, "Stop", r#""Stop""#)]
    {
        assert_eq!(ron::to_string(&card).unwrap(), ron_text);
        assert_eq!(serde_json::to_string(&card).unwrap(), json);
        assert_eq!(ron::from_str::<Card>(ron_text).unwrap(), card);
        assert_eq!(card.owner(), if card == Card::Stop { None } else { Some(12) });
    }
}
