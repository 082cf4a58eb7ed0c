//! Real dice at the keyboard: D switches them, an order asks for its
//! roll on the status line, a bad throw is refused there, and a resumed
//! game asks for the same roll.

use super::keymap::PromptKey;
use super::keymap::{Dir, Msg};
use super::model::{App, Overlay};
use super::tests::{patrol, screen};

fn type_in(app: &mut App, text: &str) {
    for c in text.chars() {
        app.prompt_key(PromptKey::Char(c));
    }
    app.prompt_key(PromptKey::Enter);
}

fn asked(app: &App) -> Option<&str> {
    match &app.overlay {
        Overlay::Dice { ask, .. } => Some(ask),
        _ => None,
    }
}

#[test]
fn d_switches_to_real_dice_and_a_step_asks_for_its_roll() {
    let mut app = patrol(3);
    app.update(Msg::Dice);
    assert!(app.campaign.real_dice);
    app.update(Msg::Help);
    assert!(screen(&app, 120, 40).contains("real dice (D: the game's)"), "the help's rules line says so");
    app.update(Msg::Help);
    app.update(Msg::Cursor(Dir::North));
    app.update(Msg::Act);
    assert_eq!(asked(&app), Some("Roll 2d6 for the incident check: incident on 7+"));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Roll 2d6 for the incident check: incident on 7+. Faces:"), "{shown}");
    assert!(shown.contains("Esc withdraw the order"), "{shown}");
    // A face no d6 has: refused, and the same roll is still asked for.
    let before = app.campaign.clone();
    type_in(&mut app, "7 2");
    assert!(app.notice.as_deref().unwrap_or("").contains("cannot show 7"), "{:?}", app.notice);
    assert_eq!(app.campaign, before);
    type_in(&mut app, "4 x");
    assert!(app.notice.as_deref().unwrap_or("").contains("'x' is not a face"), "{:?}", app.notice);
    assert_eq!(asked(&app), Some("Roll 2d6 for the incident check: incident on 7+"));
    type_in(&mut app, "1 2");
    assert!(app.log.iter().any(|l| l.starts_with("[incident] 2d6 thrown by hand 1+2 = 3")), "{:?}", app.log);
    assert!(app.campaign.waiting.is_none());
}

#[test]
fn a_game_saved_mid_roll_asks_the_same_roll_and_esc_withdraws_the_order() {
    let mut app = patrol(3);
    app.update(Msg::Dice);
    app.update(Msg::Cursor(Dir::North));
    app.update(Msg::Act);
    type_in(&mut app, "6 6");
    let wanted = asked(&app).map(str::to_string);
    assert_eq!(wanted.as_deref(), Some("Roll 2d6 for the incident table roll"));
    // As a save and a resume would: the campaign read back, a new app made.
    let text = ron::to_string(&app.campaign).unwrap();
    let mut resumed = App::new(ron::from_str(&text).unwrap(), "test", app.theme);
    assert_eq!(asked(&resumed).map(str::to_string), wanted);
    resumed.prompt_key(PromptKey::Cancel);
    assert!(resumed.campaign.waiting.is_none());
    assert_eq!(resumed.campaign.owed.len(), 1, "the 6 6 typed stands for the next 2d6");
    assert!(resumed.notice.as_deref().unwrap_or("").contains("Order withdrawn"));
}

/// The dice box reads what plain mode's prompt reads while dice are asked
/// (one parser, `session::parse_typed`): `cancel` withdraws as Esc does,
/// and an odds question is answered with the box still asking.
#[test]
fn the_dice_box_takes_cancel_and_an_odds_question_as_plain_mode_does() {
    let mut app = patrol(3);
    app.update(Msg::Dice);
    app.update(Msg::Cursor(Dir::North));
    app.update(Msg::Act);
    let wanted = asked(&app).map(str::to_string);
    assert!(wanted.is_some());
    // Asked in patrol movement, the question is answered: there is no STOP card yet.
    type_in(&mut app, "odds stop");
    assert_eq!(app.notice.as_deref(), Some("No odds: there is no action: STOP cards come only in one"));
    assert_eq!(asked(&app).map(str::to_string), wanted, "the order still waits for its roll");
    type_in(&mut app, "cancel");
    assert!(app.campaign.waiting.is_none());
    assert_eq!(app.notice.as_deref(), Some("Order withdrawn."));
}
