//! The screen under European Battlefield: the roster at the width an 80x24
//! terminal gives it (its profiles, "4/4+ D4 C4 dug in", are long), the
//! status bar short of room, and hulks on the map.

use super::model::App;
use super::tests::{go_on, screen};
use super::theme::Theme;
use crate::engine::Command;
use crate::engine::campaign::Campaign;
use crate::engine::ruleset::lone_warrior::call::Called;
use crate::engine::vocabulary::command::Stance;
use crate::rules;
use crate::session::Line;

/// A new patrol of the built-in scenario `name`, on `seed`, in the terminal.
fn patrol_of(name: &str, seed: u64) -> App {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario(name, &book).expect("a built-in scenario");
    let mut campaign = Campaign::single(&scenario, seed, book);
    campaign.begin().expect("a new patrol sets out");
    App::new(campaign, "test", Theme { color: false, ascii: false })
}

/// The Panzer Road (a bazooka, a radio man), played by the leader until a
/// card of ours is up on which a man may dig in.
fn panzer_road_card() -> App {
    for seed in 1..40 {
        let mut app = patrol_of("panzer_road", seed);
        for _ in 0..300 {
            go_on(&mut app);
            let Some(game) = app.game() else { break };
            if let Some(up) = game.card_up()
                && game.soldiers()[up].side == crate::engine::Side::Friendly
                && game.soldiers()[up].pressure == crate::engine::ruleset::Pressure::Steady
            {
                app.run(Line::Play(Command::Stance { stance: Stance::DigIn }));
                if app.game().is_some_and(|g| g.soldiers()[up].kit.european().dug_in) {
                    return app;
                }
            }
            app.run(Line::Auto(1));
        }
    }
    panic!("no man of ours dug in within 40 patrols");
}

#[test]
fn at_80x24_the_roster_keeps_each_mans_weapon_radio_and_pressure_and_the_status_bar_the_guns() {
    let app = panzer_road_card();
    let game = app.game().expect("a patrol");
    let screen = screen(&app, 80, 24);
    // The roster's own rows, below its title (the deck above names the man up too).
    let roster = screen.split_once("Roster").map_or("", |(_, r)| r);
    let line = |name: &str| roster.lines().find(|l| l.contains(name)).unwrap_or_default().to_string();
    assert!(line("Novak").contains("bazooka"), "the bazooka is named: {}", line("Novak"));
    assert!(line("Doyle").contains("Doyle (r)"), "the radio mark is whole: {}", line("Doyle"));
    // The status bar, short of room, keeps the battery's missions and air strike.
    let status = screen.lines().rev().nth(1).unwrap_or_default();
    assert!(status.contains("| guns ") && status.contains("air strike"), "the guns are in the status bar: {status}");
    let dug = game.soldiers().iter().find(|s| s.kit.european().dug_in).expect("a man dug in");
    assert!(line(dug.id.as_str()).contains("DUG"), "dug in, in the state column: {}", line(dug.id.as_str()));
}

/// A hulk where men stand is still on the map: the men take the hex's
/// upper row, the hulk its lower (`H1`). (For the order on which enemies
/// appear in its hex, the lower row says `new` instead.)
#[test]
fn a_hulk_under_men_is_still_marked() {
    for seed in 1..60 {
        let mut app = patrol_of("panzer_road", seed);
        for _ in 0..600 {
            go_on(&mut app);
            let Some(game) = app.game() else { break };
            let hulk = game.soldiers().iter().find(|s| {
                s.vehicle.is_some()
                    && s.pos
                        .is_some_and(|p| game.hulk_at(p) && game.in_hex(p).next().is_some() && !app.fresh.contains(&p))
            });
            if let Some((mark, at)) = hulk.map(|h| (format!("H{}", &h.id.as_str()[1..]), h.pos)) {
                app.cursor = at.expect("on the map");
                let screen = screen(&app, 200, 60);
                assert!(screen.contains(&mark), "seed {seed}: {mark} at {at:?}:\n{screen}");
                return;
            }
            app.run(Line::Auto(1));
        }
    }
    panic!("no man stood in a hulk's hex in 60 patrols");
}

/// While a STOP's moment is shown, the map turns to where the shells came
/// down, however far the cursor and the man whose card is up are.
#[test]
fn a_moment_turns_the_map_to_where_fire_landed() {
    use super::model::Overlay;
    use super::moment::moments;
    use crate::engine::{Event, Name, Pos};
    let mut app = super::tests::in_action(7);
    let game = app.game().expect("a patrol");
    let me = app.active_pos().expect("a man's card is up");
    let far = game.map().hexes().max_by_key(|p| p.distance(me)).expect("a hex");
    let book = game.book().clone();
    let events = [
        Event::Card { card: "STOP".into(), side: "none".into() },
        Event::Landed { by: Name::from("Ames"), aim: far, at: Some(far), radius: 1, smoke: false },
        Event::Stop { turn: 2 },
    ];
    let found = moments(&events, &book);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].focus(), Some(far));
    let in_view = |app: &App, p: Pos| {
        let view = app.map_view.get();
        let (x, y) = (4 * p.col, 2 * p.row + p.col.rem_euclid(2));
        let (ox, oy) = (i32::from(view.origin.0), i32::from(view.origin.1));
        x >= ox && y >= oy && x + 5 <= ox + i32::from(view.area.width) && y + 3 <= oy + i32::from(view.area.height)
    };
    let _ = screen(&app, 80, 24);
    assert!(!in_view(&app, far), "the far hex {far} is out of view before the moment");
    app.overlay = Overlay::Moment(found[0].clone());
    let _ = screen(&app, 80, 24);
    assert!(in_view(&app, far), "the landing {far} is in view while the moment shows: {:?}", app.map_view.get());
    app.overlay = Overlay::None;
    let _ = screen(&app, 80, 24);
    assert!(in_view(&app, app.cursor), "closed, the map goes back to the cursor");
}

/// The radio man's hover names the dice the rule set throws for the guns:
/// European Battlefield's indirect fire is 1d6 (Lone Warrior's H.E. a d8).
#[test]
fn the_radio_mans_hover_names_the_battery_s_own_die() {
    use super::status;
    for seed in 1..40 {
        let mut app = patrol_of("mesnil", seed);
        for _ in 0..300 {
            go_on(&mut app);
            let Some(game) = app.game() else { break };
            let Some(up) = game.card_up().filter(|&up| game.radio_man() == Some(up)) else {
                app.run(Line::Auto(1));
                continue;
            };
            let target = game.able(crate::engine::Side::Enemy).filter_map(|e| game.soldiers()[e].pos).find(|&h| {
                game.odds(&app.cache, &crate::engine::OddsQuery::Call { hex: h }).is_ok()
                    && game.battery_call_check(crate::engine::Memo::default(), up, h, Called::Shells).is_ok()
            });
            let Some(hex) = target else {
                app.run(Line::Auto(1));
                continue;
            };
            app.cursor = hex;
            let hover = status::hover(&app, app.game().expect("a patrol"));
            assert!(hover.contains("H.E. (r) on") && hover.contains("+ on 1d6,"), "{hover}");
            return;
        }
    }
    panic!("no radio man's card with an enemy to call the guns on in 40 patrols");
}
