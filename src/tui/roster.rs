//! The roster panel: every man of the patrol and every enemy met, with his
//! weapon, his state (a letter as well as a colour) and his cards left.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::model::App;
use super::theme::Theme;
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::{Card, Game, Phase, Side, Soldier, State};
use crate::narrate::weapon_words;

/// A state's letter in the roster, and its colour: a pinned man's marked
/// P, a critically wounded one's with the faces his next death test dies on.
pub fn state_mark(theme: Theme, s: &Soldier, game: &Game) -> (&'static str, Style) {
    // A vehicle's state is its damage.
    if let Some(v) = &s.vehicle {
        // European Battlefield's wounds, KO chart and crews.
        use crate::engine::ruleset::european::tables::vehicles::Ko;
        let h = v.hurt;
        if !h.is_none() {
            return match (s.state, h.ko, h.bailed) {
                (State::Dead, Some(Ko::Explodes), _) => ("BURN", theme.enemy()),
                (State::Dead, _, true) => ("ABAND", theme.enemy()),
                (State::Dead, _, _) => ("HULK", theme.enemy()),
                _ if s.pos.is_none() => ("gone", theme.dim()),
                (_, Some(Ko::Immobile), _) => ("IMMOB", theme.warn()),
                _ => ("DMG", theme.warn()),
            };
        }
        return match (s.state, v.damage) {
            (State::Dead, _) | (_, Damage::Destroyed) => ("WRECK", theme.enemy()),
            _ if s.pos.is_none() => ("gone", theme.dim()),
            (_, Damage::None) => ("ok", Style::new()),
            (_, Damage::Light) => ("LD", theme.warn()),
            (_, Damage::Heavy) => ("HD", theme.warn()),
        };
    }
    // Inside a transport (European Battlefield): off the map, riding.
    if game.riding(s).is_some() {
        return ("IN", theme.dim());
    }
    use crate::engine::ruleset::Pressure;
    let pinned = s.pressure == Pressure::Pinned && s.pos.is_some();
    match s.state {
        State::Fit if pinned => ("PIN", theme.warn()),
        // European Battlefield's squads gone to ground, and routed.
        State::Fit if s.pos.is_some() && s.pressure == Pressure::Prone => ("PRONE", theme.warn()),
        State::Fit if s.pos.is_some() && s.pressure == Pressure::Routed => ("ROUT", theme.enemy()),
        // Suppressed, and dug in, where the narrow roster cuts the profile that says so.
        State::Fit if s.pos.is_some() && s.pressure == Pressure::Suppressed(1) => ("SUP1", theme.warn()),
        State::Fit if s.pos.is_some() && matches!(s.pressure, Pressure::Suppressed(_)) => ("SUP2+", theme.warn()),
        State::Fit if s.pos.is_some() && s.kit.european().dug_in => ("DUG", Style::new()),
        State::FleshWound if pinned => ("FW P", theme.warn()),
        State::LightWound if pinned => ("LW P", theme.warn()),
        State::Critical => {
            let first = crate::engine::ruleset::combat_patrol::tables_in(game.book()).map_or(2, |t| t.critical.first);
            let dies_on = ["CR 1", "CR1-2", "CR1-3", "CR1-4", "CR1-5", "CR1-6"];
            (dies_on[usize::from(s.kit.combat_patrol().dies_on.unwrap_or(first).clamp(1, 6)) - 1], theme.enemy())
        }
        State::Fit if s.pos.is_none() => ("home", theme.dim()),
        State::Fit => ("fit", Style::new()),
        State::FleshWound => ("FW", theme.warn()),
        State::KnockedOver => ("KO", theme.warn()),
        State::SeriousWound => ("SW", theme.warn()),
        State::Dead => ("DEAD", theme.enemy()),
        State::LightWound => ("LW", theme.warn()),
    }
}

/// How many cards of soldier `i` are still face down this turn.
fn cards_left(game: &Game, i: usize) -> usize {
    match &game.phase() {
        Phase::Action(a) => a.deck.iter().filter(|&&c| c == Card::soldier(i)).count(),
        _ => 0,
    }
}

/// Whether the panel is narrow: shorter names, the cards column headed `C`.
fn narrow(width: usize) -> bool {
    width < 46
}

/// The name column's width in a panel `width` wide: longer names where there is room.
fn name_width(width: usize) -> usize {
    // Narrow, a name takes 12 where the weapon keeps 12 ("4+ 2g pistol"), else 11.
    if narrow(width) { width.saturating_sub(21).clamp(11, 12) } else { 16 }
}

/// The cards column's width: its heading's.
fn cards_width(width: usize) -> usize {
    if narrow(width) { 1 } else { 5 }
}

/// The hex column's width: "12,10" where the panel has room for it.
fn hex_width(width: usize) -> usize {
    if width >= 50 { 5 } else { 0 }
}

/// The weapon column's width: what is left beside the name, a five-letter
/// state, the hex and the cards, a space between each.
fn weapon_width(width: usize) -> usize {
    let hex = hex_width(width);
    let rest = name_width(width) + 1 + 1 + 5 + 1 + hex + usize::from(hex > 0) + cards_width(width);
    width.saturating_sub(rest).clamp(6, 22)
}

/// `text` in at most `width` characters: cut where it must be, a `.` saying so.
pub fn abbreviate(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut = cut.trim_end().to_string();
    // A cut after a word's own full stop ("Sd.Kfz.") says it already.
    if !cut.ends_with('.') {
        cut.push('.');
    }
    cut
}

fn row(app: &App, game: &Game, i: usize, width: usize) -> Line<'static> {
    let s = &game.soldiers()[i];
    let theme = app.theme;
    let (mark, style) = state_mark(theme, s, game);
    let ww = weapon_width(width);
    // What the rule set shows beside the weapon (Combat Patrol's accuracy),
    // and after it what is left of its ammunition, if it runs out.
    let ammo = game.rules().ammo(game.book(), s);
    let with_profile = |weapon: String, compact: bool| {
        let left = match ammo {
            Some(a) if compact => format!(":{}", a.left),
            Some(a) => format!(" {}", a.words()),
            None => String::new(),
        };
        // A transport's load: carry points taken of its carry points.
        let load = game.load(i).map_or_else(String::new, |(used, carry)| format!(" load {used}/{carry}"));
        match game.rules().profile(game.book(), s) {
            Some(p) => format!("{p}{load} {weapon}{left}"),
            None => format!("{weapon}{left}"),
        }
    };
    // Where the words do not fit, the rules' short keys ("smg") read better
    // than cut names, and the uses left alone ("lmg:2") than "2/2".
    let mut weapon = with_profile(weapon_words(game, s), false);
    for compact in [false, true] {
        if weapon.chars().count() > ww {
            weapon = with_profile(s.weapon(game.book()).to_string(), compact);
        }
    }
    // Still too long (European Battlefield's profile, "4/4+ D4 C4 sup1"):
    // the weapon first, and the profile cut after it, for the weapon is
    // what a man's orders turn on, and the state column says his pressure.
    if weapon.chars().count() > ww
        && let Some(p) = game.rules().profile(game.book(), s)
    {
        let left = ammo.map_or(String::new(), |a| format!(":{}", a.left));
        weapon = format!("{}{left} {p}", s.weapon(game.book()));
    }
    let weapon = abbreviate(&weapon, ww);
    let cards = if matches!(game.phase(), Phase::Action(_)) && s.can_act() {
        format!("{}", cards_left(game, i))
    } else {
        String::new()
    };
    let up = game.card_up() == Some(i);
    let name_style = match (up, s.side) {
        (true, _) => theme.cursor(),
        (false, Side::Friendly) => theme.friend(),
        (false, Side::Enemy) => theme.enemy(),
    };
    // A prisoner says so in his state, where it cannot be cut from his name.
    let (mark, style) = if s.captive { ("POW", theme.warn()) } else { (mark, style) };
    // Ours by rank and name; theirs by the id that commands use, then rank.
    let radio = if game.radio_man() == Some(i) { " (r)" } else { "" };
    let nw = name_width(width);
    let name = match s.side {
        // The radio mark is never cut: without room for it, the rank goes.
        Side::Friendly if !radio.is_empty() && s.rank.chars().count() + s.id.chars().count() + 1 + radio.len() > nw => {
            format!("{}{radio}", abbreviate(&s.id, nw.saturating_sub(radio.len())))
        }
        Side::Friendly => format!("{} {}{radio}", s.rank, s.id),
        Side::Enemy => format!("{} {}", s.id, s.rank),
    };
    let name = abbreviate(&name, nw);
    let hw = hex_width(width);
    let hex = match (hw, s.pos) {
        (0, _) => String::new(),
        (_, Some(p)) => format!("{:<hw$} ", p.to_string()),
        // A man inside a transport: the vehicle he is in, where his hex would be.
        (_, None) => match game.riding(s) {
            Some(v) => format!("{:<hw$} ", game.soldiers()[v].id.as_str()),
            None => format!("{:<hw$} ", "-"),
        },
    };
    Line::from(vec![
        Span::styled(format!("{name:<nw$}"), name_style),
        Span::raw(format!(" {weapon:<ww$} ")),
        Span::styled(format!("{mark:<5}"), style),
        Span::raw(format!(" {hex}{cards}")),
    ])
}

/// How much a roster line matters when not all fit: 0 most.
fn weight(game: &Game, i: usize) -> u8 {
    let s = &game.soldiers()[i];
    // The player's own men first, his fighting men and then those down on
    // the map (whom he must carry, and whose state the map does not give);
    // the enemy can be found on the map.
    match (s.side, s.can_act()) {
        _ if game.card_up() == Some(i) => 0,
        (Side::Friendly, true) => 1,
        (Side::Friendly, false) if s.state != State::Dead && s.pos.is_some() => 2,
        (Side::Enemy, true) => 3,
        // Men inside a transport: the enemy's, to be met soon.
        (Side::Enemy, false) if game.riding(s).is_some() => 3,
        _ => 4,
    }
}

/// The men the roster lists: ours, then the enemy met who are on the map,
/// inside a transport on it, or prisoners.
fn listed(game: &Game) -> (Vec<usize>, Vec<usize>) {
    let ours = (0..game.soldiers().len()).filter(|&i| game.soldiers()[i].side == Side::Friendly).collect();
    let theirs = (0..game.soldiers().len())
        .filter(|&i| {
            let s = &game.soldiers()[i];
            s.side == Side::Enemy && (s.pos.is_some() || s.captive || game.inside(i).is_some())
        })
        .collect();
    (ours, theirs)
}

/// The rows the roster needs to list everybody: the heading, the men, and
/// "Enemy met" when there are any.
pub fn rows_wanted(game: &Game) -> u16 {
    let (ours, theirs) = listed(game);
    let rows = 1 + ours.len() + theirs.len() + usize::from(!theirs.is_empty());
    u16::try_from(rows).unwrap_or(u16::MAX)
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    let Some(game) = app.game() else {
        let mut lines: Vec<Line> = super::report::roll(&app.campaign).into_iter().map(Line::from).collect();
        if lines.is_empty() {
            lines.push(Line::from("Nobody is left on the roll."));
        }
        let next = if app.campaign.is_over() {
            "The campaign is over."
        } else {
            "Replacements join when the next patrol sets out."
        };
        lines.push(Line::styled(next, theme.dim()));
        lines.push(Line::from(""));
        if app.fallen.is_empty() {
            lines.push(Line::from("Nobody lost yet."));
        } else {
            lines.push(Line::styled(format!("Roll of honour ({})", app.fallen.len()), theme.title()));
            lines.push(Line::from(app.fallen.join("; ")));
        }
        Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false }).render(area, buf);
        return;
    };
    let width = usize::from(area.width);
    let height = usize::from(area.height);
    let (ours, theirs) = listed(game);
    // When not every man fits, the ones that matter least now give way, and a line says how many.
    let mut shown: Vec<usize> = ours.iter().chain(&theirs).copied().collect();
    let mut hidden = 0;
    // Rows: the heading, the men, "Enemy met" if any of them is shown, and the count of the rest.
    let rows = |shown: &[usize], hidden: usize| {
        1 + shown.len() + usize::from(shown.iter().any(|i| theirs.contains(i))) + usize::from(hidden > 0)
    };
    while rows(&shown, hidden) > height && !shown.is_empty() {
        let Some((at, _)) = shown.iter().enumerate().max_by_key(|&(_, &i)| weight(game, i)) else { break };
        shown.remove(at);
        hidden += 1;
    }
    let (nw, ww) = (name_width(width), weapon_width(width));
    let hex = if hex_width(width) > 0 { "Hex   " } else { "" };
    let cards = if narrow(width) { "C" } else { "Cards" };
    let mut lines = vec![Line::styled(format!("{:<nw$} {:<ww$} State {hex}{cards}", "Man", "Weapon"), theme.dim())];
    lines.extend(shown.iter().filter(|i| ours.contains(i)).map(|&i| row(app, game, i, width)));
    if shown.iter().any(|i| theirs.contains(i)) {
        lines.push(Line::styled("Enemy met", theme.dim()));
        lines.extend(shown.iter().filter(|i| theirs.contains(i)).map(|&i| row(app, game, i, width)));
    }
    if hidden > 0 {
        lines.push(Line::styled(format!("({hidden} more not shown)"), theme.dim()));
    }
    Paragraph::new(lines).render(area, buf);
}
