//! The status bar: what is under the cursor (with the odds of acting on
//! it), the answer to the last key, and the phase with the keys that do
//! something now.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::keymap::{Msg, label};
use super::model::{App, Overlay};
use crate::engine::{Game, OddsQuery, Phase, Side, State};

/// The words for the hex under the cursor: its terrain, who is there, and
/// what entering or firing at it would take.
pub fn hover(app: &App, game: &Game) -> String {
    let p = app.cursor;
    let Some(t) = game.map().terrain(game.book(), p) else { return format!("{p}: off the map") };
    let mut parts = vec![format!("{p} {}", t.name)];
    // Who is there: the enemy by name; the patrol's men by name when few,
    // else counted, so that the odds after them still fit the line.
    let here: Vec<&crate::engine::Soldier> = game.in_hex(p).map(|i| &game.soldiers()[i]).collect();
    let named = |s: &&crate::engine::Soldier| match s.state {
        State::Fit => s.id.to_string(),
        state => format!("{} ({})", s.id, state.name().replace('_', " ")),
    };
    let ours: Vec<&&crate::engine::Soldier> = here.iter().filter(|s| s.side == Side::Friendly).collect();
    let down = ours.iter().filter(|s| !s.can_act()).count();
    let mut men: Vec<String> = if ours.len() > 3 {
        let down = if down > 0 { format!(", {down} down") } else { String::new() };
        vec![format!("{} of ours{down}", ours.len())]
    } else {
        ours.iter().map(|s| named(s)).collect()
    };
    men.extend(here.iter().filter(|s| s.side == Side::Enemy).map(named));
    if !men.is_empty() {
        parts.push(men.join(", "));
    }
    if game.objective().hexes().contains(&p) && !game.objective_reached() && game.visited().binary_search(&p).is_err() {
        parts.push("objective".into());
    }
    if game.map().is_minefield(p) {
        parts.push("minefield".into());
    } else if game.map().on_home_edge(p) {
        parts.push("home edge".into());
    }
    let from = app.active_pos();
    match (&game.phase(), from) {
        (Phase::Patrol, Some(from))
            if from.is_adjacent(p) && game.map().passable(game.book(), p) && section_walks(app, game) =>
        {
            let odds = game.incident_odds(p);
            parts.push(format!("incident on {}+, {:.0}%", odds.need(), odds.chance() * 100.0));
        }
        (Phase::Action(a), Some(from)) if a.up.is_some() && from != p => {
            let up = a.up.unwrap_or(0);
            // The man `f` would fire at, as the fire key picks him.
            let target = super::orders::target_in(game, app.cache.memo(game), p).ok().and_then(|id| game.find(&id));
            if let Some(t) =
                target.filter(|_| game.in_hex(p).filter(|&i| game.soldiers()[i].side == Side::Enemy).count() > 1)
            {
                parts.push(format!("f fires at {}", game.soldiers()[t].id));
            }
            let at_band = target
                .and_then(|t| game.at_shot(app.cache.memo(game), up, t))
                .map(|(_, band)| band.name().replace('_', " "));
            // The company level: the squad's fire, its dice and the hits it makes on average.
            let squad_fire = target.filter(|_| game.rules().squads()).map(|t| {
                let target = crate::engine::Target::Soldier(game.soldiers()[t].id.clone());
                game.odds(&app.cache, &OddsQuery::Fire { shooter: None, target })
            });
            match target.map(|t| game.shot_odds(app.cache.memo(game), up, t)) {
                Some(Ok(_)) if let Some(answer) = squad_fire => {
                    let d = from.distance(p);
                    parts.push(match answer {
                        Ok(a) => {
                            let mean: f64 =
                                a.roll.outcomes().iter().enumerate().map(|(k, o)| k as f64 * o.chance.value()).sum();
                            format!(
                                "{d} {}: the squad fires {}, {mean:.1} hits on average",
                                if d == 1 { "hex" } else { "hexes" },
                                a.roll.dice
                            )
                        }
                        Err(why) => why.to_string(),
                    });
                }
                Some(Ok(odds)) if at_band.is_some() => {
                    let d = from.distance(p);
                    parts.push(format!(
                        "{d} {}, {}: A/T hit on {}+ on {}, {:.0}%",
                        if d == 1 { "hex" } else { "hexes" },
                        at_band.unwrap_or_default(),
                        odds.need(),
                        odds.dice_name(),
                        odds.chance() * 100.0
                    ));
                }
                Some(Ok(odds)) => {
                    let band = odds.band.map_or("", |b| b.name());
                    let d = from.distance(p);
                    parts.push(format!(
                        "{d} {}, {band} range: hit on {}+, {:.0}%",
                        if d == 1 { "hex" } else { "hexes" },
                        odds.need(),
                        odds.chance() * 100.0
                    ));
                }
                Some(Err(why)) => parts.push(why),
                None if game.can_see(app.cache.memo(game), from, p) => parts.push("in sight".into()),
                None => parts.push("out of sight".into()),
            }
            // The radio man sees what the guns would do there.
            if let Ok(answer) = game.odds(&app.cache, &OddsQuery::Call { hex: p })
                && game.radio_man() == Some(up)
                && let (Some(chance), crate::engine::Spread::Check { need, .. }) =
                    (answer.roll.chance(), &answer.roll.spread)
            {
                // The dice the rule set throws for it: a d8 under Lone Warrior, 1d6 under European Battlefield.
                parts.push(format!("H.E. (r) on {need}+ on {}, {:.0}%", answer.roll.dice, chance.value() * 100.0));
            }
        }
        _ => {}
    }
    parts.join(" | ")
}

/// Whether the section that moves has a man who can walk.
fn section_walks(app: &App, game: &Game) -> bool {
    game.sections().get(app.section).is_some_and(|s| s.members.iter().any(|&i| game.soldiers()[i].can_act()))
}

/// The phase in a few words, fewer where `width` is short of the whole.
pub(super) fn phase(app: &App, width: usize) -> String {
    let Some(game) = app.game() else {
        return match app.campaign.current_plan() {
            Some(_) => format!("Between patrols ({}{} made)", app.campaign.finished, app.campaign.of_total()),
            None => "The campaign is over".into(),
        };
    };
    match &game.phase() {
        Phase::Patrol => {
            let section = game.sections().get(app.section).map_or("", |s| s.name.as_str());
            let done = if game.objective_reached() { " (done)" } else { "" };
            format!(
                "Patrol movement | section {section} | incidents {} | objective: {}{done}",
                incidents(game),
                game.objective().describe()
            )
        }
        Phase::Action(a) => {
            let radio = match (game.radio(), game.fire_pending().first()) {
                (_, Some(m)) => {
                    let what = match m.called {
                        crate::engine::ruleset::lone_warrior::call::Called::Shells => "H.E.",
                        crate::engine::ruleset::lone_warrior::call::Called::Smoke => "smoke",
                        crate::engine::ruleset::lone_warrior::call::Called::Air => "an air strike",
                    };
                    format!(" | {what} on its way to {}", m.hex)
                }
                (_, None) if game.battery().is_some() => {
                    format!(" | guns {} | air strike {}", game.fire_missions_left(), game.air_strikes_left())
                }
                (true, None) => format!(" | fire missions left {}", game.fire_missions_left()),
                (false, None) => String::new(),
            };
            if let Some(f) = &a.flight {
                let whose = if game.soldiers()[f.thrower].side == Side::Friendly { "thrower's" } else { "opponent's" };
                let (inch, of) = f.inch_of_turn();
                return format!(
                    "Turn {} | grenade over {}, {}\" to go | your inch {inch} of {of} ({whose}): cursor where it \
                     goes, Enter",
                    a.turn,
                    f.over(),
                    f.left
                );
            }
            // The priority phase's winner and its command points (European Battlefield).
            let points = match &a.priority {
                Some(p) => {
                    let who = if p.side == Side::Friendly { "yours" } else { "the enemy's" };
                    format!(
                        " | priority {who}, {} command point{} left",
                        p.points,
                        if p.points == 1 { "" } else { "s" }
                    )
                }
                None => String::new(),
            };
            // What his card has left: a half done (Combat Patrol's fire and
            // move), or what his activation test left him.
            let rest = match (a.leave.may_move, a.leave.may_fire) {
                (true, true) => "give him an order",
                (true, false) => "he may still move (or hold)",
                (false, true) => "he may still fire (or hold)",
                (false, false) => "hold",
            };
            let card = match a.up {
                Some(i) => format!("{}'s card: {rest}", game.soldiers()[i].id),
                None => "turn a card".to_string(),
            };
            let whole = format!("Action, turn {}{points} | {card} | incidents {}{radio}", a.turn, incidents(game));
            if whole.chars().count() <= width {
                return whole;
            }
            // Short of room (80x24): the same in fewer words, the guns and the
            // air strike before the incidents, which the map's count shows.
            let points = match &a.priority {
                Some(p) => format!(
                    " | priority {}, {} pt",
                    if p.side == Side::Friendly { "yours" } else { "theirs" },
                    p.points
                ),
                None => String::new(),
            };
            let card = match a.up {
                Some(i) => format!("{}'s card", game.soldiers()[i].id),
                None => "turn a card".to_string(),
            };
            format!("Turn {}{points} | {card}{radio} | incidents {}", a.turn, game.incidents())
        }
        Phase::Over { outcome } => format!("Patrol over: {outcome}"),
    }
}

/// The incidents of the patrol so far, and how many were false alarms where
/// those do not count toward the need of the next check (as written), so
/// that the count and the need shown beside it agree.
fn incidents(game: &Game) -> String {
    let all = game.incidents();
    let alarms = all.saturating_sub(game.encounters());
    match alarms {
        0 => all.to_string(),
        _ if game.book().incident.false_alarms_count => all.to_string(),
        1 => format!("{all} (1 false alarm)"),
        n => format!("{all} ({n} false alarms)"),
    }
}

/// The keys that do something now, most useful first.
fn keys(app: &App) -> Vec<(&'static str, &'static str)> {
    let k = |m, words| (label(m), words);
    if app.replay.is_some() {
        return super::replay::KEYS.to_vec();
    }
    if let Overlay::Prompt { .. } = app.overlay {
        return vec![("Enter", "run"), ("Esc", "cancel")];
    }
    if let Overlay::Dice { .. } = app.overlay {
        return vec![("Enter", "throw"), ("-", "the game throws it"), ("Esc", "withdraw the order"), ("q", "quit")];
    }
    if let Overlay::Confirm { .. } = app.overlay {
        return vec![("x Enter", "leave anyway"), ("any other key", "stay")];
    }
    if let Overlay::Moment(_) = app.overlay {
        // P says what it would change to, so the setting in force can be read off it.
        let pause = if app.pause_at_stop { "let quiet STOPs pass" } else { "pause at every STOP" };
        return vec![("Enter", "go on"), (label(Msg::Pause), pause), ("q", "quit")];
    }
    if app.overlay != Overlay::None {
        return vec![("Esc", "close"), ("q", "quit")];
    }
    let mut keys = match app.game().map(|g| g.phase()) {
        None if app.campaign.is_over() => {
            vec![k(Msg::Report, "last patrol's report"), k(Msg::CampaignReport, "campaign's")]
        }
        None if app.campaign.finished > 0 => {
            vec![("Enter", "squad"), k(Msg::Report, "report"), k(Msg::Service, "campaign")]
        }
        None => vec![("Enter", "set out")],
        Some(Phase::Patrol) => {
            vec![k(Msg::Act, "move"), k(Msg::Next, "section"), k(Msg::Exit, "exit"), k(Msg::Leader, "leader")]
        }
        Some(Phase::Action(a)) if a.up.is_some() && app.game().and_then(|g| g.radio_man()) == a.up => {
            vec![
                k(Msg::Act, "act"),
                k(Msg::Fire, "fire"),
                k(Msg::Call, "radio"),
                k(Msg::Hold, "hold"),
                k(Msg::Next, "target"),
            ]
        }
        Some(Phase::Action(a)) if a.up.is_some() => {
            vec![
                k(Msg::Act, "act"),
                k(Msg::Fire, "fire"),
                k(Msg::Hold, "hold"),
                k(Msg::Next, "target"),
                k(Msg::Leader, "leader"),
            ]
        }
        Some(Phase::Action(a)) if a.flight.is_some() => vec![k(Msg::Act, "steer"), k(Msg::Leader, "leader")],
        Some(Phase::Action(_)) => vec![k(Msg::Turn, "turn card"), k(Msg::Leader, "leader")],
        Some(Phase::Over { .. }) => vec![],
    };
    keys.extend([k(Msg::Command, "command"), k(Msg::Help, "help"), k(Msg::Quit, "quit")]);
    keys
}

/// `text` in `width` characters: cut at the last whole word that fits, with
/// a mark that more was cut, never in the middle of a word.
pub fn fit(text: &str, width: usize, ascii: bool) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mark = if ascii { "..." } else { "…" };
    let room = width.saturating_sub(mark.chars().count());
    let head: String = text.chars().take(room + 1).collect();
    let cut = head.rfind(' ').map_or(head.as_str(), |at| &head[..at]);
    let cut: String = cut.chars().take(room).collect();
    format!("{}{mark}", cut.trim_end_matches([' ', '|', ',', ':']))
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    let first = match (&app.overlay, app.game()) {
        (Overlay::Prompt { text }, _) => Line::from(vec![
            Span::styled(": ", theme.key()),
            Span::raw(text.clone()),
            Span::styled("_", theme.cursor()),
        ]),
        (Overlay::Dice { ask, text }, _) => Line::from(vec![
            Span::styled(format!("{ask}. Faces: "), theme.key()),
            Span::raw(text.clone()),
            Span::styled("_", theme.cursor()),
        ]),
        (_, Some(game)) => Line::from(fit(&hover(app, game), usize::from(area.width), app.theme.ascii)),
        (_, None) => Line::from(""),
    };
    let mut spans = Vec::new();
    for (key, words) in keys(app) {
        spans.push(Span::styled(key, theme.key()));
        spans.push(Span::raw(format!(" {words}  ")));
    }
    // An answer too long for its line takes the keys' line too, and then
    // the hover's, rather than be cut; longer still, its end is cut with a
    // mark that says so.
    let width = usize::from(area.width);
    let (first, second, third) = match &app.notice {
        Some(n) => {
            let rows = super::log::wrap(n, width);
            let row = |k: usize| Line::styled(rows.get(k).cloned().unwrap_or_default(), theme.title());
            match rows.len() {
                0 | 1 => (first, row(0), Line::from(spans)),
                2 => (first, row(0), row(1)),
                _ => {
                    let rest = fit(&rows[2..].join(" "), width, app.theme.ascii);
                    (row(0), row(1), Line::styled(rest, theme.title()))
                }
            }
        }
        None => (first, Line::from(fit(&phase(app, width), width, app.theme.ascii)), Line::from(spans)),
    };
    Paragraph::new(vec![first, second, third]).render(area, buf);
}

#[cfg(test)]
mod fit_tests {
    use super::fit;

    #[test]
    fn a_long_line_is_cut_between_words_with_a_mark() {
        assert_eq!(fit("short", 10, false), "short");
        assert_eq!(fit("out of range: 6 hexes, the rifle reaches 5", 30, false), "out of range: 6 hexes, the…");
        assert_eq!(fit("out of range: 6 hexes | the rifle", 25, true), "out of range: 6 hexes...");
        assert!(fit("abcdefghijklmnop", 8, false).chars().count() <= 8);
    }
}
