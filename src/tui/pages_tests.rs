//! The pages between patrols: the campaign so far and the squad that will
//! set out, at 80x24 (scrolled) and wider, weapons handed out from the
//! squad page, and the campaign's end.

use super::keymap::{Dir, Msg};
use super::model::Page;
use super::model::{App, Overlay};
use super::tests::{go_on, screen};
use super::theme::Theme;
use crate::engine::Event;
use crate::rules;
use crate::session::Line;

const THEME: Theme = Theme { color: true, ascii: false };

/// Bocage with seed 9, its first patrol played by the leader and its
/// pauses and report gone past: the campaign page is open.
fn after_the_first_patrol() -> App {
    let book = rules::rule_book().expect("the built-in rules load");
    let def = rules::campaign("bocage", &book).expect("the campaign loads");
    let mut campaign = def.start(9, book);
    campaign.begin().expect("the first patrol sets out");
    let mut app = App::new(campaign, "bocage", THEME);
    app.run(Line::Auto(5000));
    go_on(&mut app);
    app.update(Msg::Act);
    app
}

/// What the save layer does after a patrol: its record goes to a file of
/// its own, and the game lists it.
fn archive(app: &mut App, dir: &std::path::Path) {
    if let Some(record) = app.campaign.unarchived.take() {
        let path = dir.join(format!("patrol-{:03}.ron", record.number));
        std::fs::write(&path, ron::ser::to_string(&record).expect("a record writes")).expect("it is kept");
        app.records.push(path);
    }
}

fn page(app: &App) -> Option<(Page, &[String], u16)> {
    match &app.overlay {
        Overlay::Page { page, lines, scroll } => Some((*page, lines, *scroll)),
        _ => None,
    }
}

#[test]
fn the_campaign_so_far_shows_after_a_patrol_as_tables_and_scrolls() {
    let mut app = after_the_first_patrol();
    let (kind, lines, _) = page(&app).expect("the campaign page follows the report");
    assert_eq!(kind, Page::Campaign);
    let record = app
        .campaign
        .unarchived
        .clone()
        .or_else(|| app.records.first().map(|p| crate::save::read_record(p).expect("the record reads")));
    let record = record.expect("patrol 1's record");
    let row = lines.iter().find(|l| l.trim_start().starts_with("1 1. The Farm")).expect("a row for patrol 1");
    assert!(row.contains(&record.outcome), "{row}");
    for man in &app.campaign.roster {
        assert!(lines.iter().any(|l| l.starts_with(&format!("{:<12} {:<5}", man.name, man.rank))), "{}", man.name);
    }
    let lost = record.men_lost() as usize;
    assert!(lines.iter().any(|l| *l == format!("Roll of honour ({lost})")), "{lines:?}");
    insta::assert_snapshot!("campaign_page_120x40", screen(&app, 120, 40));
    let small = screen(&app, 80, 24);
    insta::assert_snapshot!("campaign_page_80x24", small);
    assert!(small.contains("j/k scroll"), "at 80x24 it does not all fit:\n{small}");
    for _ in 0..100 {
        app.update(Msg::Cursor(Dir::South));
    }
    let (_, lines, scroll) = page(&app).expect("still open");
    assert!(scroll > 0 && usize::from(scroll) < lines.len(), "j scrolls, no further than the end");
    let bottom = screen(&app, 80, 24);
    assert!(bottom.contains("Roll of honour"), "scrolled to the end, the roll of honour shows:\n{bottom}");
    app.update(Msg::Cancel);
    assert_eq!(app.overlay, Overlay::None);
    app.update(Msg::Service);
    assert_eq!(page(&app).map(|p| p.0), Some(Page::Campaign), "S opens it again");
}

#[test]
fn the_squad_shows_before_it_sets_out_and_a_weapon_changes_hands_from_it() {
    let mut app = after_the_first_patrol();
    app.update(Msg::Cancel);
    app.update(Msg::Act);
    let (kind, lines, _) = page(&app).expect("Enter shows the squad");
    assert_eq!(kind, Page::Squad);
    assert!(app.game().is_none(), "nobody has set out yet");
    let muster = app.campaign.muster().expect("a squad can go");
    for (name, rank, weapon) in &muster.going {
        assert!(lines.iter().any(|l| l.contains(&format!("{name:<12} {rank:<5} {weapon:<10}"))), "{name}");
    }
    for (name, _) in &muster.out {
        assert!(lines.iter().any(|l| l.starts_with(&format!("{name} is still out wounded"))), "{name}");
    }
    insta::assert_snapshot!("squad_page_120x40", screen(&app, 120, 40));
    insta::assert_snapshot!("squad_page_80x24", screen(&app, 80, 24));
    // The command line from the squad page: a rifleman takes the bazooka.
    let rifleman = muster.going.iter().skip(1).find(|m| m.2 == "rifle").map(|m| m.0.clone()).expect("a rifleman");
    app.update(Msg::Command);
    for c in format!("issue bazooka {rifleman}").chars() {
        app.prompt_key(super::keymap::PromptKey::Char(c));
    }
    app.prompt_key(super::keymap::PromptKey::Enter);
    let (kind, lines, _) = page(&app).expect("back on the squad page");
    assert_eq!(kind, Page::Squad);
    assert!(lines.iter().any(|l| l.contains(&format!("{rifleman:<12}")) && l.contains("bazooka")), "{lines:?}");
    app.update(Msg::Act);
    let game = app.game().expect("Enter on the squad sets out");
    let man = game.soldiers().iter().find(|s| s.id == rifleman.as_str()).expect("he went");
    assert_eq!(man.weapon(game.book()), "bazooka");
    assert!(app.campaign.log.iter().any(|e| matches!(e, Event::Issued { soldier, .. } if *soldier == rifleman)));
}

#[test]
fn the_end_of_a_campaign_is_shown_with_its_summary() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut app = after_the_first_patrol();
    app.update(Msg::Cancel);
    while !app.campaign.is_over() {
        archive(&mut app, dir.path());
        app.update(Msg::Act);
        app.update(Msg::Act);
        assert!(
            app.game().is_some(),
            "the squad sets out: {:?} {:?} {}",
            app.notice,
            app.overlay,
            app.campaign.finished
        );
        app.run(Line::Auto(5000));
        go_on(&mut app);
        if !app.campaign.is_over() {
            assert!(matches!(app.overlay, Overlay::Report { .. }), "the patrol's report");
            app.update(Msg::Act);
            assert_eq!(page(&app).map(|p| p.0), Some(Page::Campaign), "then the campaign so far");
            app.update(Msg::Act);
        }
    }
    let Overlay::Report { lines, .. } = &app.overlay else { panic!("the last report shows: {:?}", app.overlay) };
    assert!(lines.iter().any(|l| l.starts_with("The campaign is over: Bocage, June 1944")), "{lines:?}");
    let end = lines.last().cloned().unwrap_or_default();
    insta::assert_snapshot!("campaign_end_80x24", screen(&app, 80, 24));
    // At 80x24 it runs past its panel: j scrolls down to its last line.
    assert!(!screen(&app, 80, 24).contains(&end[..20]), "the end is out of sight at first: {end}");
    for _ in 0..60 {
        app.update(Msg::Cursor(Dir::South));
    }
    assert!(screen(&app, 80, 24).contains(&end[..20]), "j reaches the end: {end}");
    app.update(Msg::Act);
    assert_eq!(page(&app).map(|p| p.0), Some(Page::Campaign), "then the campaign as it ended");
    archive(&mut app, dir.path());
    let Some((_, lines, _)) = page(&app) else { unreachable!() };
    for k in 1..=5 {
        assert!(lines.iter().any(|l| l.trim_start().starts_with(&format!("{k} {k}. "))), "patrol {k}: {lines:?}");
    }
    insta::assert_snapshot!("campaign_end_page_120x40", screen(&app, 120, 40));
}
