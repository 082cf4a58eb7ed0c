//! Combat Patrol played by the patrol loop: The Orchard's patrols fought
//! whole by the built-in leader, every roll the rule set's own, saved in
//! the middle of an action and resumed exactly.

use std::sync::Arc;

use hexpatrol::engine::book::RuleBook;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::dice::Purpose;
use hexpatrol::engine::vocabulary::enemy_ids::enemy_id;
use hexpatrol::engine::{Cache, Event, Game, Phase, Side, State, players::leader};
use hexpatrol::{rules, save};

#[path = "common/patrols.rs"]
mod patrols;

fn book() -> Arc<RuleBook> {
    rules::rule_book().expect("the built-in rules load")
}

/// The Orchard, played on its own.
fn orchard(seed: u64) -> Campaign {
    let book = book();
    let scenario = rules::scenario("orchard", &book).expect("the built-in Combat Patrol scenario");
    assert_eq!(scenario.rules.name(), "CombatPatrol");
    Campaign::single(&scenario, seed, book)
}

/// The most decisions a patrol of these tests takes.
const MOST: usize = 50_000;

/// Plays the leader's decisions until the patrol ends or `stop` says.
fn play(c: &mut Campaign, cache: &mut Cache, events: &mut Vec<Event>, stop: impl Fn(&Game) -> bool) {
    patrols::play(c, cache, events, MOST, stop);
}

#[test]
fn the_orchard_is_fought_by_combat_patrol_from_first_shot_to_last() {
    let (mut shots, mut wounds, mut pinned, mut dying_tests, mut bursts) = (0, 0, 0, 0, 0);
    for seed in 1..=8 {
        let mut c = orchard(seed);
        let mut events = c.begin().expect("the patrol sets out");
        play(&mut c, &mut Cache::new(), &mut events, |_| false);
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        let mut dead: Vec<&str> = Vec::new();
        for (k, e) in events.iter().enumerate() {
            match e {
                Event::Wounded { soldier, wound } if wound == "dead" => dead.push(soldier.as_str()),
                // A man is never struck once he is dead (a burst stops at the hit that kills).
                Event::Hit { soldier, .. } if dead.contains(&soldier.as_str()) => {
                    panic!("seed {seed}: {soldier} hit after his death")
                }
                // Every shot at a man is a D10 against the shooter's
                // accuracy (the squad 4+, the enemy 6+) and what moved it.
                Event::Roll(r) if r.purpose == Purpose::CpFire => {
                    shots += 1;
                    assert_eq!((r.dice.count, r.dice.sides), (1, 10), "{r:?}");
                    let enemy = r.soldier.as_ref().is_some_and(|s| enemy_id(s));
                    let base = if enemy { 6 } else { 4 };
                    let moved: i32 = r.modifiers.as_ref().map_or(0, |m| m.iter().map(|m| m.value).sum());
                    assert_eq!(r.need, Some(base + moved), "{r:?}");
                    bursts += usize::from(r.modifiers.as_ref().is_some_and(|m| m.iter().any(|m| m.name == "special")));
                }
                // Lone Warrior's own rolls for men never come.
                Event::Roll(r) => {
                    assert!(r.purpose != Purpose::Casualty, "seed {seed}: {r:?}");
                    if r.purpose == Purpose::Fire {
                        assert!(
                            r.target.as_ref().is_some_and(|t| enemy_id(t) && t.starts_with('V')),
                            "only at vehicles: {r:?}"
                        );
                    }
                    dying_tests += usize::from(r.purpose == Purpose::CpCritical);
                }
                // A man hit rolls on the wound chart at once.
                Event::Hit { soldier, .. } if !(enemy_id(soldier) && soldier.starts_with('V')) => {
                    wounds += 1;
                    let next = events.get(k + 1);
                    let charted = matches!(next, Some(Event::Roll(r))
                        if matches!(r.purpose, Purpose::CpWound | Purpose::CpBlast) && r.soldier.as_ref() == Some(soldier));
                    assert!(charted, "seed {seed}: {e:?} then {next:?}");
                }
                Event::Pressure { pressure, .. } if pressure == "pinned" => pinned += 1,
                _ => {}
            }
        }
    }
    assert!(shots >= 200 && wounds >= 40 && pinned >= 10, "{shots} shots, {wounds} wounds, {pinned} pinned");
    assert!(dying_tests >= 1, "a critical wound was tested for ({dying_tests})");
    // The sub-machine gunners burst (3/-1) where it is likelier to hit more.
    assert!(bursts >= 30, "{bursts} shots of bursts");
}

#[test]
fn no_man_is_left_knocked_over_or_dying_when_an_action_ends() {
    for seed in 1..=8 {
        let mut c = orchard(seed);
        let mut events = c.begin().unwrap();
        let mut cache = Cache::new();
        let mut was_in_action = false;
        for _ in 0..50_000 {
            let Some(game) = c.patrol.as_ref() else { break };
            let in_action = matches!(game.phase(), Phase::Action(_));
            if was_in_action && !in_action {
                for s in game.soldiers() {
                    assert!(
                        !matches!(s.state, State::KnockedOver | State::Critical),
                        "seed {seed}: {} is {:?} after the action",
                        s.id,
                        s.state
                    );
                }
            }
            was_in_action = in_action;
            let Some(command) = leader::decide(game, &cache) else { break };
            events.extend(c.apply(&command, &mut cache).unwrap());
        }
    }
}

#[test]
fn a_combat_patrol_saved_mid_action_resumes_as_it_would_have_gone_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("orchard.ron");
    let mut resumed_mid_action = 0;
    for seed in 1..=6 {
        // In an action, with a man pinned or lightly wounded: the state Combat Patrol adds.
        let mid_action = |g: &Game| {
            matches!(g.phase(), Phase::Action(a) if a.turn >= 2)
                && g.any_able(Side::Enemy)
                && g.any_able(Side::Friendly)
                && g.soldiers().iter().any(|s| !s.pressure.is_steady() || s.state == State::LightWound)
        };
        let Some(text) = patrols::saved_and_resumed(orchard(seed), &path, MOST, mid_action) else { continue };
        assert!(text.contains("rules: CombatPatrol"), "seed {seed}: the save names its rule set");
        assert!(text.contains("combat_patrol:"), "seed {seed}: the save holds the rule set's tables");
        resumed_mid_action += 1;
    }
    assert!(resumed_mid_action >= 3, "saved mid-action and resumed: {resumed_mid_action} of 6 seeds");
}

#[test]
fn a_lone_warrior_save_does_not_carry_combat_patrol_tables() {
    let book = book();
    assert!(hexpatrol::engine::ruleset::combat_patrol::tables_in(&book).is_some(), "the built-in book has them");
    let scenario = rules::scenario("hedgerow", &book).unwrap();
    let mut c = Campaign::single(&scenario, 1, book);
    c.begin().unwrap();
    let file = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let text = save::to_text(&file).unwrap();
    assert!(!text.contains("combat_patrol"), "a Lone Warrior game saves none of Combat Patrol's tables");
}

#[test]
fn a_special_method_is_an_order_of_its_own_and_a_pistol_has_none() {
    use hexpatrol::engine::{Command, Target};
    for seed in 1..=30 {
        let mut c = orchard(seed);
        c.begin().unwrap();
        let mut cache = Cache::new();
        // A pistol's card up with an enemy he can hit.
        let pistol_up = |g: &Game| {
            g.card_up().is_some_and(|i| {
                g.soldiers()[i].weapon(g.book()) == "pistol"
                    && !g.snap_fire(i)
                    && leader::decide(g, &Cache::new()).is_some_and(|c| matches!(c, Command::Fire { .. }))
            })
        };
        play(&mut c, &mut cache, &mut Vec::new(), pistol_up);
        let Some(game) = c.patrol.as_ref().filter(|g| pistol_up(g)) else { continue };
        let Some(Command::Fire { target }) = leader::decide(game, &cache) else { unreachable!() };
        let order = Command::FireSpecial { target: target.clone() };
        assert_eq!(order.to_string().parse::<Command>().unwrap(), order, "written and read back");
        let e = c.apply(&order, &mut cache).unwrap_err();
        assert!(e.reason().contains("the pistol has no special firing method"), "{e}");
        assert!(matches!(target, Target::Soldier(_)));
        return;
    }
    panic!("no pistol's card with a shot in 30 patrols");
}

#[test]
fn grenades_are_thrown_scatter_and_strike_the_man_they_land_on_and_those_near() {
    let (mut thrown, mut blasts, mut near) = (0, 0, 0);
    for seed in 1..=8 {
        let mut c = orchard(seed);
        let mut events = c.begin().unwrap();
        play(&mut c, &mut Cache::new(), &mut events, |_| false);
        let mut k = 0;
        while k < events.len() {
            let Event::Grenade { thrower, target, .. } = &events[k] else {
                k += 1;
                continue;
            };
            thrown += 1;
            // Its roll, a D10 against the thrower's inverted accuracy.
            let Event::Roll(r) = &events[k + 1] else { panic!("{:?}", events[k + 1]) };
            assert_eq!((r.purpose, r.dice.sides, r.soldier.as_ref()), (Purpose::CpGrenade, 10, Some(thrower)));
            let inverted = -r.modifiers.as_ref().unwrap()[0].value;
            let points = (r.total as i32 - inverted).max(0) as u32;
            // Its scatter, an inch at a time: the opponent's two, then the thrower's one, to the points.
            let mut j = k + 2;
            let mut walked = 0;
            while let Event::Scatter { by, inches, .. } = &events[j] {
                let expected = if (j - k - 2) % 3 < 2 { "opponent" } else { "thrower" };
                assert_eq!((by.as_str(), *inches), (expected, 1), "{:?}", events[j]);
                walked += inches;
                j += 1;
            }
            let Event::GrenadeLands { hex, blast } = &events[j] else { panic!("{:?}", events[j]) };
            match r.result.as_deref() {
                Some("dropped") => assert_eq!(walked, 0),
                Some("on_target") => assert_eq!((walked, *hex), (0, *target)),
                _ => assert_eq!(walked, points, "seed {seed}: {r:?}"),
            }
            // The blast is the hex it lands in (a 1-inch blast in a 5-inch hex).
            assert_eq!(blast, &[*hex]);
            // The man it lands on is struck without a roll, at most one; each
            // other man there rolls cp_near and is struck on "struck" alone.
            // Each man struck rolls the chart +2.
            let (mut m, mut unrolled) = (j + 1, 0);
            loop {
                let rolled_near = match events.get(m) {
                    Some(Event::Roll(n)) if n.purpose == Purpose::CpNear => {
                        near += 1;
                        assert_eq!((n.dice.sides, n.soldier.as_ref()), (6, Some(thrower)), "{n:?}");
                        m += 1;
                        if n.result.as_deref() != Some("struck") {
                            // The next man hit, if any, is another: the one it landed on.
                            let clear_struck = matches!(events.get(m), Some(Event::Hit { soldier, .. }) if Some(soldier) == n.target.as_ref());
                            assert!(!clear_struck, "clear, yet struck: {:?}", &events[k..=m]);
                            continue;
                        }
                        true
                    }
                    _ => false,
                };
                let Some(Event::Hit { by, .. }) = events.get(m) else { break };
                unrolled += usize::from(!rolled_near);
                assert_eq!(by, thrower);
                let Some(Event::Roll(w)) = events.get(m + 1) else { panic!() };
                assert_eq!(w.purpose, Purpose::CpBlast);
                blasts += 1;
                m += 2;
                while matches!(events.get(m), Some(Event::Wounded { .. })) {
                    m += 1;
                }
            }
            assert!(unrolled <= 1, "seed {seed}: one man at most is landed on");
            if matches!(r.result.as_deref(), Some("dropped" | "on_target")) {
                assert_eq!(unrolled, 1, "seed {seed}: on the mark or at his feet, it lands on a man");
            }
            k = m;
        }
    }
    assert!(thrown >= 5 && blasts >= 5 && near >= 3, "{thrown} grenades, {blasts} men in blasts, {near} near");
}

/// A grenade scattering waits in the air for each move of the player's
/// side: the thrower's when a man of the patrol threw it, the opponent's
/// when the enemy did. Nothing else may be done until it lands; each move
/// goes where the player steers it; a save made while it is in the air
/// resumes with it there.
#[test]
fn the_player_steers_his_sides_moves_of_a_scattering_grenade() {
    use hexpatrol::engine::{Command, Pos};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("orchard.ron");
    let (mut as_thrower, mut as_opponent, mut resumed) = (0, 0, 0);
    for seed in 1..=24 {
        let mut c = orchard(seed);
        let mut cache = Cache::new();
        let mut events = c.begin().unwrap();
        loop {
            play(&mut c, &mut cache, &mut events, |g| g.flight().is_some());
            let Some(game) = c.patrol.as_ref() else { break };
            let flight = game.flight().expect("stopped with a grenade in the air").clone();
            let friendly_threw = game.soldiers()[flight.thrower].side == Side::Friendly;
            // The move waited for is the player's side's, never the enemy's.
            assert_eq!(friendly_threw, !flight.opponent_next, "seed {seed}: {flight:?}");
            if friendly_threw {
                as_thrower += 1
            } else {
                as_opponent += 1
            }
            let refused = c.apply(&Command::Turn, &mut cache).unwrap_err().to_string();
            assert!(refused.contains("a grenade is in the air") && refused.contains("steer"), "{refused}");
            assert!(c.apply(&Command::Steer { towards: Pos::new(99, 99) }, &mut cache).is_err(), "off the map");
            // Steered away from where the rule would take it: the move goes
            // along the direction that brings it nearest the hex named.
            let corner = Pos::new(0, 0);
            let mut expected = flight.clone();
            let (_, over) = expected.step(corner);
            let got = c.apply(&Command::Steer { towards: corner }, &mut cache).unwrap();
            let by = if friendly_threw { "thrower" } else { "opponent" };
            assert!(
                matches!(&got[0], Event::Scatter { by: b, inches: 1, hex } if b == by && *hex == over),
                "seed {seed}: {:?}",
                got[0]
            );
            // The rest of the scatter plays by the rule and the player's steering to its landing.
            let lands = got.iter().any(|e| matches!(e, Event::GrenadeLands { .. }));
            let game = c.patrol.as_ref().unwrap();
            assert_eq!(lands, game.flight().is_none(), "seed {seed}: it waits again or it has landed");
            events.extend(got);
            if resumed < 3 && game.flight().is_some() {
                let c2 = c.clone();
                let text = patrols::saved_and_resumed_as_it_is(c2, &path, MOST);
                assert!(text.contains("flight:"), "the save holds the grenade in the air");
                // Hand-edited past what the rule book says or what a die gives, it is refused.
                let flight_at = text.find("flight: Some(").expect("the grenade in the air");
                // Each value runs to the comma after it (a place to its bracket; the last field to the close).
                let edits = [
                    ("blast: ", "blast: 40000", ")"),
                    ("at: (", "at: (9223372036854775807, 0)", "),"),
                    ("left: ", "left: 99", ","),
                ];
                for (field, bad, ends) in edits {
                    let at = flight_at + text[flight_at..].find(field).unwrap();
                    let end = at + text[at..].find(ends).unwrap() + usize::from(ends == "),");
                    let edited = format!("{}{bad}{}", &text[..at], &text[end..]);
                    std::fs::write(&path, edited).unwrap();
                    let e = save::read(&path).expect_err(bad).to_string();
                    assert!(e.contains("grenade in the air"), "{bad}: {e}");
                }
                resumed += 1;
            }
        }
    }
    assert!(as_thrower >= 2 && as_opponent >= 2, "steered as thrower {as_thrower}, as opponent {as_opponent}");
    assert!(resumed >= 1, "a save with a grenade in the air");
}

#[test]
fn lone_warrior_has_no_grenades() {
    use hexpatrol::engine::{Command, Pos};
    let book = book();
    let scenario = rules::scenario("hedgerow", &book).unwrap();
    for seed in 1..=20 {
        let mut c = Campaign::single(&scenario, seed, book.clone());
        c.begin().unwrap();
        let mut cache = Cache::new();
        play(&mut c, &mut cache, &mut Vec::new(), |g| g.card_up().is_some());
        let Some(game) = c.patrol.as_ref() else { continue };
        let here = game.soldiers()[game.card_up().unwrap()].pos.unwrap();
        let to = here.neighbours().into_iter().find(|&p| game.map().contains(p)).unwrap_or(Pos::new(0, 0));
        let e = c.apply(&Command::Throw { hex: to }, &mut cache).unwrap_err();
        assert!(e.reason().contains("no hand grenades under LoneWarrior"), "{e}");
        return;
    }
    panic!("no friendly card in 20 patrols");
}

#[test]
fn the_odds_of_a_shot_name_the_roll_it_will_be() {
    use hexpatrol::engine::OddsQuery;
    use hexpatrol::engine::Target;
    for seed in 1..=20 {
        let mut c = orchard(seed);
        let mut events = c.begin().unwrap();
        let mut cache = Cache::new();
        // A man of ours with his card up and a shot.
        let shot_up = |g: &Game| {
            g.card_up().is_some_and(|i| {
                leader::decide(g, &Cache::new()).is_some_and(|c| matches!(c, hexpatrol::engine::Command::Fire { .. }))
                    && g.soldiers()[i].side == Side::Friendly
            })
        };
        play(&mut c, &mut cache, &mut events, shot_up);
        let Some(game) = c.patrol.as_ref().filter(|g| shot_up(g)) else { continue };
        let Some(hexpatrol::engine::Command::Fire { target: Target::Soldier(t) }) = leader::decide(game, &cache) else {
            unreachable!()
        };
        let answer = game.odds(&cache, &OddsQuery::Fire { shooter: None, target: Target::Soldier(t) }).unwrap();
        assert_eq!((answer.roll.purpose, answer.roll.dice.as_str()), (Purpose::CpFire, "1d10"));
        return;
    }
    panic!("no shot of ours in 20 patrols");
}

#[test]
fn one_man_drags_a_wounded_comrade_for_the_move_halves_of_two_cards() {
    use hexpatrol::engine::Command;
    let (mut dragged, mut refused) = (0, 0);
    for seed in 1..=60 {
        let mut c = orchard(seed);
        c.begin().unwrap();
        let mut cache = Cache::new();
        // A man of ours up, in a hex with a wounded comrade he may drag and
        // no enemy on his feet (he would have to fight him first: the enemy
        // charges into the patrol's hexes since issue 17), and a step to take.
        let can_drag = |g: &Game| {
            g.card_up().is_some_and(|i| {
                let me = &g.soldiers()[i];
                me.side == Side::Friendly
                    && me.pressure.is_steady()
                    && !g.snap_fire(i)
                    && me.state != State::LightWound
                    && g.soldiers()
                        .iter()
                        .any(|w| w.side == Side::Friendly && w.pos == me.pos && w.state.may_be_carried())
                    && !g.soldiers().iter().any(|e| e.side == Side::Enemy && e.pos == me.pos && e.can_act())
            })
        };
        play(&mut c, &mut cache, &mut Vec::new(), can_drag);
        let Some(game) = c.patrol.as_ref().filter(|g| can_drag(g)) else { continue };
        let me = game.card_up().unwrap();
        let here = game.soldiers()[me].pos.unwrap();
        let wounded = game
            .soldiers()
            .iter()
            .find(|w| w.side == Side::Friendly && w.pos == Some(here) && w.state.may_be_carried())
            .unwrap()
            .id
            .clone();
        let Some(to) = here.neighbours().into_iter().find(|&p| game.map().passable(game.book(), p)) else { continue };
        let to_come = match game.phase() {
            Phase::Action(a) => a.deck.iter().filter(|c| c.owner() == Some(me)).count(),
            _ => unreachable!(),
        };
        let name = game.soldiers()[me].id.clone();
        match c.apply(&Command::Carry { wounded: wounded.clone(), to }, &mut cache) {
            Ok(events) => {
                assert!(to_come >= 1, "dragged with no card to come");
                // No card of his is lost: the drag is the move half of this
                // card and of his next, and the man dragged fires one worse.
                assert!(
                    !events.iter().any(|e| matches!(e, Event::CardLost { soldier, .. } if *soldier == name)),
                    "{events:?}"
                );
                let g = c.patrol.as_ref().unwrap();
                let left = match g.phase() {
                    Phase::Action(a) => a.deck.iter().filter(|c| c.owner() == Some(me)).count(),
                    _ => to_come,
                };
                assert_eq!(left, to_come, "his cards to come are still his");
                assert_eq!(g.soldiers()[me].kit.combat_patrol().moves_owed, 1, "his next card's move half");
                let w = g.soldiers().iter().find(|s| s.id == wounded).unwrap();
                assert!(w.kit.combat_patrol().dragged, "the man dragged is marked");
                let carried = events.iter().find_map(|e| match e {
                    Event::Carried { wounded: w, bearers, .. } => Some((w.clone(), bearers.clone())),
                    _ => None,
                });
                assert_eq!(carried, Some((wounded, vec![name])), "one man drags");
                dragged += 1;
            }
            Err(e) => {
                assert_eq!(to_come, 0, "{e}");
                assert!(e.reason().contains("takes 2 of your cards"), "{e}");
                refused += 1;
            }
        }
        if dragged > 0 && refused > 0 {
            return;
        }
    }
    assert!(dragged > 0, "a drag in 60 patrols ({dragged} dragged, {refused} refused)");
}

#[test]
fn a_save_or_rules_file_with_broken_combat_patrol_tables_is_refused() {
    use std::path::Path;
    let mut c = orchard(2);
    c.begin().unwrap();
    let file = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let text = save::to_text(&file).unwrap();
    assert!(save::parse(Path::new("o.ron"), &text).is_ok());
    // A die of no sides would panic when rolled: refused where it is read.
    let broken = text.replace("sides: 10,", "sides: 0,");
    assert_ne!(broken, text);
    let e = save::parse(Path::new("o.ron"), &broken).unwrap_err().to_string();
    assert!(e.contains("sides"), "{e}");
    // A save of a Combat Patrol game whose book lost its tables.
    let start = text.find("combat_patrol:").unwrap();
    let depth_end = {
        let bytes = text.as_bytes();
        let open = text[start..].find('(').unwrap() + start;
        let (mut depth, mut k) = (0i32, open);
        loop {
            match bytes[k] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            k += 1;
            if depth == 0 {
                break;
            }
        }
        k
    };
    let mut stripped = text.clone();
    stripped.replace_range(start..depth_end, "combat_patrol: None");
    let e = save::parse(Path::new("o.ron"), &stripped).unwrap_err().to_string();
    assert!(e.contains("lacks the tables") || e.contains("combat_patrol"), "{e}");
    // A rules file whose modifier would overflow a need: refused, at its line.
    let mut own = (*book()).clone();
    hexpatrol::engine::ruleset::combat_patrol::tables_in_mut(&mut own).unwrap().modifiers.light_wound = i32::MAX;
    let text = "CombatPatrol(\n    modifiers: (beyond_optimum: 1, light_wound: 2147483647),\n)";
    let e = hexpatrol::rules::check_combat_patrol(&own, "mine.ron", text).unwrap_err().to_string();
    assert!(e.starts_with("mine.ron:2:5:") && e.contains("from -10 to 10"), "{e}");
}

/// The loads of the orchard's machine guns: the enemy's belt-fed MG42 and
/// the squad's magazine-fed light MG.
fn load_of(weapon: &str) -> Option<u32> {
    match weapon {
        "mg" => Some(4),
        "lmg" => Some(2),
        _ => None,
    }
}

#[test]
fn machine_guns_sweep_their_arc_run_dry_and_are_reloaded_by_the_rules() {
    use std::collections::BTreeMap;
    let (mut arcs, mut sprays, mut bullets, mut belt_reloads, mut magazine_dice) = (0, 0, 0, 0, 0);
    for seed in 1..=12 {
        let mut c = orchard(seed);
        let mut events = c.begin().expect("the patrol sets out");
        let mut weapons: BTreeMap<String, String> = BTreeMap::new();
        let mut cache = Cache::new();
        // Each man's weapon, read as he is first seen (enemies appear as play goes on).
        let note = |g: &Game, w: &mut BTreeMap<String, String>| {
            for s in g.soldiers() {
                w.entry(s.id.to_string()).or_insert_with(|| s.weapon(g.book()).to_string());
            }
        };
        while let Some(game) = c.patrol.as_ref() {
            note(game, &mut weapons);
            let Some(order) = leader::decide(game, &cache) else { break };
            events.extend(c.apply(&order, &mut cache).expect("the leader's orders are legal"));
            assert!(events.len() < 200_000, "seed {seed}: the patrol ends");
        }
        // Bursts fired since each gun was last loaded, and reload actions on it.
        let mut fired: BTreeMap<String, u32> = BTreeMap::new();
        let mut actions: BTreeMap<String, u32> = BTreeMap::new();
        for (k, e) in events.iter().enumerate() {
            match e {
                Event::ActionEnd { .. } => {
                    fired.clear();
                    actions.clear();
                }
                Event::Shot { shooter, .. } => {
                    let load = load_of(&weapons[shooter.as_str()]);
                    let used = fired.get(shooter.as_str()).copied().unwrap_or(0);
                    assert!(load.is_none_or(|l| used < l), "seed {seed}: {shooter} fires an empty gun");
                }
                Event::Sweep { shooter, method, hexes, target } => {
                    let weapon = weapons[shooter.as_str()].as_str();
                    assert!(hexes.iter().all(|h| c.patrol.as_ref().is_none_or(|g| g.map().contains(*h))));
                    match method.as_str() {
                        "machine_gun" => {
                            arcs += 1;
                            let load = load_of(weapon).expect("only machine guns sweep an arc");
                            let used = fired.entry(shooter.to_string()).or_insert(0);
                            assert!(*used < load, "seed {seed}: {shooter}'s {weapon} swept with no bursts left");
                            *used += 1;
                        }
                        "spray" => {
                            sprays += 1;
                            assert_eq!(weapon, "rifle");
                        }
                        other => panic!("seed {seed}: a sweep by {other}"),
                    }
                    // Each man reached: his bullets (an arc), then a shot a
                    // bullet; a man no bullet hit tests his nerve the
                    // method's number harder, on no bullets too.
                    let mut j = k + 1;
                    while let Some(Event::Roll(r)) = events.get(j) {
                        match r.purpose {
                            Purpose::CpBullets => {
                                assert_eq!(method, "machine_gun");
                                assert_eq!((r.dice.count, r.dice.sides), (1, 2));
                                assert_eq!(r.soldier.as_ref(), Some(shooter));
                                bullets += 1;
                            }
                            Purpose::CpFire => assert_eq!(r.soldier.as_ref(), Some(shooter)),
                            Purpose::CpReaction => {
                                let m = r.modifiers.as_ref().expect("the method's modifier");
                                let expected = if method == "spray" { ("spray", 2) } else { ("machine_gun", 1) };
                                assert_eq!((m[0].name.as_str(), m[0].value), expected, "seed {seed}: {r:?}");
                            }
                            _ => {}
                        }
                        j += 1;
                        // A hit's event and the wound chart come between the men.
                        while let Some(Event::Hit { .. } | Event::Wounded { .. } | Event::Pressure { .. }) =
                            events.get(j)
                        {
                            j += 1;
                        }
                    }
                    assert!(!target.is_empty());
                }
                Event::Reload { gunner, by, loaded } => {
                    let weapon = weapons[gunner.as_str()].as_str();
                    let load = load_of(weapon).expect("only machine guns are reloaded");
                    assert_eq!(
                        fired.get(gunner.as_str()).copied(),
                        Some(load),
                        "seed {seed}: reloading a gun not empty"
                    );
                    let n = actions.entry(gunner.to_string()).or_insert(0);
                    *n += 1;
                    if weapon == "mg" {
                        // A belt: three actions, the third loads it, no die.
                        assert_eq!(*loaded, *n == 3, "seed {seed}: {by} on {gunner}'s belt, action {n}");
                        assert!(!matches!(events.get(k - 1), Some(Event::Roll(r)) if r.purpose == Purpose::CpReload));
                        belt_reloads += 1;
                    } else {
                        // A magazine: the first action's D10, 6-10 loaded;
                        // else the second action loads it.
                        match (*n, events.get(k - 1)) {
                            (1, Some(Event::Roll(r))) if r.purpose == Purpose::CpReload => {
                                magazine_dice += 1;
                                assert_eq!(*loaded, r.total >= 6, "seed {seed}: {r:?}");
                            }
                            (2, _) => assert!(*loaded),
                            other => panic!("seed {seed}: a magazine's reload action {other:?}"),
                        }
                    }
                    if *loaded {
                        fired.remove(gunner.as_str());
                        actions.remove(gunner.as_str());
                    }
                }
                _ => {}
            }
        }
    }
    assert!(arcs >= 10 && sprays >= 5 && bullets >= 20, "{arcs} arcs, {sprays} sprays, {bullets} bullets rolled");
    assert!(belt_reloads >= 3 && magazine_dice >= 1, "{belt_reloads} belt actions, {magazine_dice} magazine dice");
}

/// The odds of each special method and of a grenade, asked of the man
/// whose card is up when the leader would fire: the question written and
/// read back, each table's chances adding up to all the throws.
#[test]
fn the_odds_of_a_spray_an_arc_and_a_throw_are_exact() {
    use hexpatrol::engine::{Command, OddsQuery, Target};
    let mut asked: Vec<&str> = Vec::new();
    for seed in 1..=40 {
        let mut c = orchard(seed);
        c.begin().unwrap();
        let mut cache = Cache::new();
        let firing = |g: &Game| {
            g.card_up().is_some_and(|i| {
                g.soldiers()[i].side == Side::Friendly
                    && matches!(
                        leader::decide(g, &Cache::new()),
                        Some(Command::Fire { .. } | Command::FireSpecial { .. })
                    )
            })
        };
        play(&mut c, &mut cache, &mut Vec::new(), firing);
        let Some(game) = c.patrol.as_ref().filter(|g| firing(g)) else { continue };
        let me = &game.soldiers()[game.card_up().unwrap()];
        let (Some(Command::Fire { target }) | Some(Command::FireSpecial { target })) = leader::decide(game, &cache)
        else {
            unreachable!()
        };
        let Target::Soldier(t) = &target else { unreachable!() };
        let q = OddsQuery::Special { shooter: Some(me.id.to_string()), target: target.clone() };
        assert_eq!(q.to_string().parse::<OddsQuery>().unwrap(), q, "{q}");
        let sums_to_one = |r: &hexpatrol::engine::RollOdds| {
            let of = r.outcomes().first().map_or(0, |o| o.chance.of);
            assert_eq!(r.outcomes().iter().map(|o| o.chance.ways).sum::<u64>(), of, "{r:?}");
        };
        match (me.weapon(game.book()), game.odds(&cache, &q)) {
            ("rifle", Ok(a)) => {
                // A spray: the reaction test of the man aimed at (his own roll), two worse.
                assert_eq!((a.roll.purpose, a.roll.soldier.as_deref()), (Purpose::CpReaction, Some(t.as_str())));
                assert!(a.roll.chance().is_some() && a.then.is_none());
                asked.push("spray");
            }
            ("lmg", Ok(a)) => {
                // An arc: his bullets, a half each of none and one, then the shot.
                assert_eq!((a.roll.purpose, a.roll.dice.as_str()), (Purpose::CpBullets, "1d2"));
                sums_to_one(&a.roll);
                assert_eq!(a.then.map(|t| t.purpose), Some(Purpose::CpFire));
                asked.push("arc");
            }
            ("smg", Ok(a)) => {
                assert_eq!(a.roll.purpose, Purpose::CpFire);
                asked.push("burst");
            }
            ("pistol", Err(e)) => assert!(e.reason().contains("no special firing method"), "{e}"),
            (w, other) => {
                // Out of the arc's reach, out of range: said, never a panic.
                assert!(other.is_err(), "{w}: {other:?}");
            }
        }
        // A grenade at the man's hex, if it is within two.
        let (here, there) = (me.pos.unwrap(), game.soldiers().iter().find(|s| s.id == *t).unwrap().pos.unwrap());
        let throw = OddsQuery::Throw { thrower: None, hex: there };
        assert_eq!(throw.to_string().parse::<OddsQuery>().unwrap(), throw);
        match game.odds(&cache, &throw) {
            Ok(a) => {
                assert!(here.distance(there) <= 2);
                assert_eq!((a.roll.purpose, a.roll.dice.as_str()), (Purpose::CpGrenade, "1d10"));
                sums_to_one(&a.roll);
                let blast = a.then.expect("the blast's chart");
                assert_eq!((blast.purpose, blast.dice.as_str()), (Purpose::CpBlast, "2d10"));
                sums_to_one(&blast);
                asked.push("throw");
            }
            Err(e) => assert!(here.distance(there) > 2 || e.reason().contains("no grenades left"), "{e}"),
        }
        if ["spray", "arc", "throw"].iter().all(|k| asked.contains(k)) {
            return;
        }
    }
    panic!("asked only {asked:?} in 40 patrols");
}
