//! The screen at every size: bigger hexes where there is room, the roster
//! of a rule set with more to say, and the pause setting that is the
//! player's own.

use super::hexes::{BIG, SMALL, WIDE};
use super::keymap::Msg;
use super::model::{App, Overlay};
use super::tests::{at_a_stop, go_on, in_action, screen};
use super::theme::Theme;
use crate::engine::Pos;
use crate::engine::campaign::Campaign;
use crate::rules;
use crate::session::Line;

#[test]
fn the_map_is_drawn_with_the_biggest_hexes_the_screen_has_room_for() {
    let mut app = in_action(7);
    for ((w, h), scale) in [((80, 24), SMALL), ((120, 40), SMALL), ((200, 60), WIDE), ((240, 70), BIG)] {
        let drawn = screen(&app, w, h);
        assert_eq!(app.map_view.get().scale, scale, "{w}x{h}\n{drawn}");
        // Every hex of the map is in view where it is not small.
        if scale != SMALL {
            let game = app.game().expect("a patrol");
            let view = app.map_view.get();
            assert_eq!((view.area.width, view.area.height), scale.canvas(game.map().width, game.map().height));
        }
    }
    let drawn = screen(&app, 240, 70);
    // A big hex carries its name, under who is there.
    assert!(drawn.contains(" 9,7 "), "{drawn}");
    insta::assert_snapshot!("action_240x70", drawn);
    // A click inside a big hex finds it: the first puts the cursor there.
    let view = app.map_view.get();
    let target = Pos::new(3, 4);
    let (x, y) = BIG.corner(target);
    for (dx, dy) in [(2, 1), (1, 2), (7, 3), (4, 4)] {
        app.cursor = Pos::new(0, 0);
        let column = u16::try_from(x + dx).unwrap() - view.origin.0 + view.area.x;
        let row = u16::try_from(y + dy).unwrap() - view.origin.1 + view.area.y;
        app.click(column, row);
        assert_eq!(app.cursor, target, "a click at +{dx},+{dy} of {target}");
    }
}

/// The Orchard (Combat Patrol), played by the leader until a card of ours is up.
fn orchard_in_action(seed: u64) -> App {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario("orchard", &book).expect("the built-in Combat Patrol scenario");
    let mut campaign = Campaign::single(&scenario, seed, book);
    campaign.begin().expect("a new patrol sets out");
    let mut app = App::new(campaign, "test", Theme { color: true, ascii: false });
    for _ in 0..300 {
        go_on(&mut app);
        if app.game().and_then(|g| g.card_up()).is_some() {
            return app;
        }
        app.run(Line::Auto(1));
    }
    panic!("seed {seed}: no card of ours came up in 300 decisions");
}

#[test]
fn a_combat_patrol_roster_keeps_each_weapon_at_every_size() {
    let app = orchard_in_action(3);
    let game = app.game().expect("a patrol");
    for (w, h) in [(60, 18), (80, 24), (120, 40), (200, 60)] {
        let drawn = screen(&app, w, h);
        // Every man listed has his accuracy and his weapon (a short key where the words do not fit).
        for s in game.soldiers().iter().filter(|s| s.side == crate::engine::Side::Friendly) {
            // The roster is the last to name him so (the deck's card is above it, the log names no rank).
            let Some(line) = drawn.lines().rfind(|l| l.contains(&format!("{} {}", s.rank, s.id))) else { continue };
            let words = crate::narrate::weapon_words(game, s);
            assert!(
                line.contains(&words)
                    || [' ', ':'].iter().any(|c| line.contains(&format!(" {}{c}", s.weapon(game.book())))),
                "{w}x{h}: {} has his weapon: {line}",
                s.id
            );
        }
        if (w, h) != (60, 18) {
            assert!(!drawn.contains("more not shown"), "{w}x{h}: every man is listed\n{drawn}");
        }
        insta::assert_snapshot!(format!("orchard_{w}x{h}"), drawn);
    }
    // At the smallest size the card up is one line and the roster has most of the rows.
    let drawn = screen(&app, 60, 18);
    assert!(drawn.contains(": your order"), "the card up in a line\n{drawn}");
    let listed = drawn.lines().filter(|l| l.contains(" fit ")).count();
    assert!(listed >= 6, "{listed} men listed at 60x18\n{drawn}");
}

#[test]
fn p_is_a_setting_of_the_players_and_the_pause_says_which_is_in_force() {
    let mut app = at_a_stop(7);
    assert!(app.pause_at_stop && !app.settings_changed);
    assert!(screen(&app, 200, 60).contains("P let quiet STOPs pass"));
    app.update(Msg::Pause);
    assert!(!app.pause_at_stop);
    assert!(app.settings_changed, "the run loop writes it to the data folder");
    assert!(matches!(app.overlay, Overlay::Moment(_)), "P under a pause leaves it open");
    assert!(screen(&app, 200, 60).contains("P pause at every STOP"));
}

#[test]
fn leaving_one_able_man_alone_on_the_map_asks_first() {
    use crate::engine::Side;
    let mut app = in_action(7);
    let game = app.campaign.patrol.as_mut().expect("a patrol");
    let me = game.card_up().expect("a card of ours is up");
    let ours: Vec<usize> =
        (0..game.soldiers().len()).filter(|&i| game.soldiers()[i].side == Side::Friendly && i != me).collect();
    // Everybody else is home but one man: he would be left alone.
    let edge = Pos::new(9, 11);
    game.soldiers_mut()[me].pos = Some(edge);
    for &i in &ours[1..] {
        game.soldiers_mut()[i].pos = None;
    }
    let alone = game.soldiers()[ours[0]].id.to_string();
    let reasons = super::orders::exit_warnings(game, &[me]);
    assert!(reasons.iter().any(|r| r == &format!("{alone} would be the last able man on the map.")), "{reasons:?}");
    app.cursor = edge;
    app.update(Msg::Exit);
    assert!(matches!(app.overlay, Overlay::Confirm { .. }), "x asks first: {:?}", app.notice);
}

#[test]
fn tab_with_one_section_says_how_to_make_another() {
    let mut app = super::tests::patrol(7);
    app.update(Msg::Next);
    let said = app.notice.clone().unwrap_or_default();
    assert!(said.contains("moves as one section") && said.contains(":split"), "{said}");
}

#[test]
fn a_cut_is_always_marked_and_never_twice() {
    use super::roster::abbreviate;
    assert_eq!(abbreviate("rifle", 6), "rifle", "what fits is whole");
    assert_eq!(abbreviate("Pfc Kowalski", 11), "Pfc Kowals.");
    assert_eq!(abbreviate("G3 MG loader", 11), "G3 MG load.");
    // Cut after a word's own full stop: it says so already.
    assert_eq!(abbreviate("V1 Sd.Kfz. 251", 11), "V1 Sd.Kfz.");
    // Cut at a space: the space goes, the mark stays.
    assert_eq!(abbreviate("G5 Scharf schuetze", 10), "G5 Scharf.");
}

/// A grenade in the air waits for the player: the map marks it, the status
/// line says whose move it is, any other key says to steer it, and Enter
/// moves it towards the cursor hex.
#[test]
fn a_grenade_in_the_air_is_steered_with_the_cursor_and_enter() {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario("orchard", &book).expect("the built-in Combat Patrol scenario");
    // The first of The Orchard's seeds whose patrol throws a grenade the player steers.
    let in_the_air = (1..=10).find_map(|seed| {
        let mut campaign = Campaign::single(&scenario, seed, book.clone());
        campaign.begin().expect("a new patrol sets out");
        let mut app = App::new(campaign, "test", Theme { color: true, ascii: true });
        for _ in 0..3000 {
            go_on(&mut app);
            if app.game().is_none_or(|g| g.flight().is_some()) {
                break;
            }
            app.run(Line::Auto(1));
        }
        app.game().is_some_and(|g| g.flight().is_some()).then_some(app)
    });
    let mut app = in_the_air.expect("a grenade in the air in ten patrols");
    let flight = app.game().and_then(|g| g.flight()).expect("a grenade in the air").clone();
    let drawn = screen(&app, 120, 40);
    assert!(drawn.contains("(o)"), "the map marks it\n{drawn}");
    assert!(drawn.contains(&format!("grenade over {}, {}\" to go", flight.over(), flight.left)), "{drawn}");
    app.update(Msg::Hold);
    assert!(
        app.notice.as_deref().is_some_and(|n| n.to_lowercase().contains("a grenade is in the air")),
        "{:?}",
        app.notice
    );
    assert_eq!(app.game().and_then(|g| g.flight()), Some(&flight), "nothing changed");
    app.cursor = Pos::new(0, 0);
    let mut expected = flight.clone();
    let (_, over) = expected.step(app.cursor);
    app.update(Msg::Act);
    let said = "moves it 1 inch";
    assert!(app.log.iter().any(|l| l.contains(said) && l.contains(&over.to_string())), "{:?}", app.log);
    assert_ne!(app.game().and_then(|g| g.flight()), Some(&flight), "it moved on");
}

/// With a machine gunner's card up and the cursor on an enemy, the map marks
/// the hexes his arc would reach before he fires (F).
#[test]
fn the_arc_a_machine_gun_would_sweep_is_marked_before_it_fires() {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario("orchard", &book).expect("the built-in Combat Patrol scenario");
    for seed in 1..=6 {
        let mut campaign = Campaign::single(&scenario, seed, book.clone());
        campaign.begin().expect("a new patrol sets out");
        let mut app = App::new(campaign, "test", Theme { color: true, ascii: true });
        for _ in 0..3000 {
            go_on(&mut app);
            let Some(game) = app.game() else { break };
            if let Some(me) = game.card_up() {
                let memo = app.cache.memo(game);
                let foe = (0..game.soldiers().len()).find(|&t| {
                    game.soldiers()[t].side == crate::engine::Side::Enemy
                        && game.soldiers()[t].can_act()
                        && game.special_reach(memo, me, t).is_some_and(|r| r.len() >= 2)
                });
                if let Some(t) = foe {
                    let reach = game.special_reach(memo, me, t).unwrap();
                    app.cursor = game.soldiers()[t].pos.unwrap();
                    let drawn = screen(&app, 120, 40);
                    let marked = drawn.matches("%%").count();
                    assert!(marked >= 1 && marked <= reach.len(), "seed {seed}: {reach:?}\n{drawn}");
                    return;
                }
            }
            app.run(Line::Auto(1));
        }
    }
    panic!("no machine gunner's card came up with an enemy in his arc");
}
