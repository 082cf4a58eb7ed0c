//! The map panel: flat-topped hexes drawn with `/ \ _`, odd columns half a
//! hex lower, as on the scenario's grid. Each hex is five characters wide
//! and shares its slanted sides with its neighbours:
//!
//! ```text
//!  ___     ___
//! /T A\___/.  \
//! \___/hE2\___/
//!     \_*_/
//! ```
//!
//! The upper row inside a hex holds the terrain glyph and who is there; the
//! lower row marks the objective, a minefield or the home edge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use super::hexes::{SMALL, Scale};
use super::model::{App, MapView, Overlay};
use crate::engine::{Game, Phase, Pos, Side};

/// Characters across and down that a map of `width` x `height` hexes
/// takes at the small size, the one drawn when no bigger one fits.
pub fn canvas_size(width: i32, height: i32) -> (u16, u16) {
    SMALL.canvas(width, height)
}

/// Who is down in a hex: none, ours (`+`), or only theirs (`x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Down {
    None,
    Ours,
    Theirs,
}

impl Down {
    /// The mark at the left of the hex's lower row.
    fn mark(self) -> char {
        match self {
            Down::None => '_',
            Down::Ours => '+',
            Down::Theirs => 'x',
        }
    }
}

/// A vehicle's mark: its own name (`V3`), never a count; `V#` when its
/// number has two digits, `V+` for more than one vehicle in the hex.
fn vehicle_mark(ids: &[&str]) -> char {
    match ids {
        [one] => {
            let digits = one.trim_start_matches(['V', 'v']);
            if digits.len() == 1 { digits.chars().next().unwrap_or('#') } else { '#' }
        }
        _ => '+',
    }
}

/// What the upper row of a hex shows after its terrain glyph: two characters and their style.
fn occupant(app: &App, game: &Game, p: Pos) -> ([char; 2], Style, Down) {
    let theme = app.theme;
    let count = |n: usize| char::from_digit(n.min(9) as u32, 10).unwrap_or('+');
    let (mut friends, mut foes, mut ours_down, mut theirs_down) = (0, 0, 0, 0);
    let mut vehicles: Vec<&str> = Vec::new();
    // Hulks: vehicles destroyed where they stand (rules with vehicles of their own).
    let mut hulks: Vec<&str> = Vec::new();
    let mut hidden = true;
    let up = game.card_up().and_then(|i| game.soldiers()[i].pos);
    for i in game.in_hex(p) {
        let s = &game.soldiers()[i];
        match (s.side, s.can_act()) {
            (Side::Friendly, true) => friends += 1,
            (Side::Enemy, true) => {
                foes += 1;
                if s.vehicle.is_some() {
                    vehicles.push(s.id.as_str());
                }
                hidden &= up.is_some_and(|from| !game.can_see(app.cache.memo(game), from, p));
            }
            (Side::Friendly, false) => ours_down += 1,
            (Side::Enemy, false) => theirs_down += 1,
        }
    }
    // The dead are not in the hex's men: a hulk is a dead vehicle left standing.
    if game.hulk_at(p) {
        hulks = hulks_at(game, p);
    }
    let down = match (ours_down, theirs_down) {
        (0, 0) => Down::None,
        (0, _) => Down::Theirs,
        _ => Down::Ours,
    };
    let in_patrol = matches!(game.phase(), Phase::Patrol);
    let here: Vec<_> = if in_patrol {
        game.sections().iter().filter(|s| game.section_pos(s) == Some(p)).collect()
    } else {
        Vec::new()
    };
    if let Some(s) = here.first() {
        // Every man of the section counts, carried ones too, as the log counts
        // them; two sections or more in one hex show as & and all their men.
        let letter = if here.len() > 1 { '&' } else { s.name.chars().next().unwrap_or('A') };
        let men = here.iter().flat_map(|s| &s.members).filter(|&&i| game.soldiers()[i].pos == Some(p)).count();
        let down = if friends > 0 { down } else { Down::None };
        return ([letter, count(men)], theme.friend(), down);
    }
    match (friends, foes) {
        // Men down and nobody standing: + ours (counted), x only theirs.
        (0, 0) if ours_down > 0 => (['+', count(ours_down)], theme.warn(), Down::None),
        // A hulk by its vehicle's name, as a vehicle is (H1: the hulk of V1).
        (0, 0) if !hulks.is_empty() => (['H', vehicle_mark(&hulks)], theme.warn(), Down::None),
        (0, 0) if theirs_down > 0 => (['x', count(theirs_down)], theme.warn(), Down::None),
        (0, 0) => ([' ', ' '], Style::new(), Down::None),
        (f, 0) => (['F', count(f)], theme.friend(), down),
        // A vehicle by its name (V3), men by their count (E2); written small
        // when out of the sight of the man whose card is up.
        (0, e) => {
            let (mark, n) = if vehicles.is_empty() { ('E', count(e)) } else { ('V', vehicle_mark(&vehicles)) };
            let mark = if hidden { mark.to_ascii_lowercase() } else { mark };
            ([mark, n], theme.enemy(), down)
        }
        (f, e) => (['!', count(f + e)], theme.enemy(), down),
    }
}

/// The hulks standing at `p`, by their vehicles' names (the dead are not
/// among the hex's men: a hulk is a dead vehicle left standing).
fn hulks_at(game: &Game, p: Pos) -> Vec<&str> {
    let dead_vehicle = |s: &&crate::engine::Soldier| s.vehicle.is_some() && s.state == crate::engine::State::Dead;
    game.soldiers().iter().filter(|s| s.pos == Some(p)).filter(dead_vehicle).map(|s| s.id.as_str()).collect()
}

/// The lower row of a hex: three characters and their style.
fn lower(app: &App, game: &Game, p: Pos, down: Down) -> ([char; 3], Style) {
    let theme = app.theme;
    let left = down.mark();
    let men_down = down != Down::None;
    // Enemy that appeared at the last order: marked until the next one.
    if app.fresh.contains(&p) && game.in_hex(p).any(|i| game.soldiers()[i].side == Side::Enemy) {
        return (['n', 'e', 'w'], theme.enemy());
    }
    // A grenade in the air, waiting to be steered.
    if game.flight().is_some_and(|f| f.over() == p) {
        return (['(', 'o', ')'], theme.warn());
    }
    // An overloaded hex (the company level): a firing die more against its teams.
    let in_action = matches!(game.phase(), Phase::Action(_));
    if game.rules().overloading() && in_action && [Side::Friendly, Side::Enemy].iter().any(|&s| game.overloaded(p, s)) {
        return (['o', 'v', 'l'], theme.warn());
    }
    // Swept by the last order's fire: its marks, until the next order.
    if let Some((_, marks)) = app.swept.iter().find(|(h, _)| *h == p) {
        return (*marks, theme.warn());
    }
    // A smoke bank (European Battlefield) stands here: no sight through it.
    if game.smoke().iter().any(|b| b.covers(p)) {
        return (['~'; 3], theme.warn());
    }
    // A hulk where men stand, who take the upper row: named on the lower.
    if game.hulk_at(p) && game.in_hex(p).next().is_some() {
        return ([left, 'H', vehicle_mark(&hulks_at(game, p))], theme.warn());
    }
    if game.map().is_minefield(p) {
        return ([left, 'X', '_'], theme.warn());
    }
    if !game.objective_reached() && game.objective().hexes().contains(&p) && game.visited().binary_search(&p).is_err() {
        return ([left, '*', '_'], theme.objective());
    }
    if game.map().on_home_edge(p) {
        return ([left, theme.home_mark(), '_'], theme.home());
    }
    ([left, '_', '_'], if men_down { theme.warn() } else { theme.outline() })
}

/// Scrolls the view only as far as needed to keep the hex of the man
/// whose card is up (or of the section that moves) in sight, then the
/// cursor's, then the hex a moment shown points to (where shells landed):
/// where they cannot all be seen at once, the later wins.
fn follow(
    previous: (u16, u16),
    area: Rect,
    scale: Scale,
    (active, cursor, moment): (Option<Pos>, Pos, Option<Pos>),
    map: (i32, i32),
) -> (u16, u16) {
    let canvas = scale.canvas(map.0, map.1);
    let origin = active.map_or(previous, |a| scroll(previous, area, canvas, scale, a));
    let origin = scroll(origin, area, canvas, scale, cursor);
    moment.map_or(origin, |m| scroll(origin, area, canvas, scale, m))
}

/// Scrolls the view only as far as needed to keep the cursor's hex in sight.
fn scroll(previous: (u16, u16), area: Rect, canvas: (u16, u16), scale: Scale, cursor: Pos) -> (u16, u16) {
    let (cx, cy) = scale.corner(cursor);
    let (across, down) = scale.span();
    let axis = |old: u16, size: u16, total: u16, at: i32, span: i32| -> u16 {
        let (old, size, total) = (i32::from(old), i32::from(size), i32::from(total));
        let mut o = old;
        if at < o {
            o = at;
        }
        if at + span > o + size {
            o = at + span - size;
        }
        o.clamp(0, (total - size).max(0)) as u16
    };
    (axis(previous.0, area.width, canvas.0, cx, across), axis(previous.1, area.height, canvas.1, cy, down))
}

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    let size = (game.map().width, game.map().height);
    // The biggest hexes the panel has room for.
    let scale = Scale::fitting((area.width, area.height), size.0, size.1);
    let canvas = scale.canvas(size.0, size.1);
    // A map smaller than the panel sits in its middle.
    let pad = |room: u16, size: u16| room.saturating_sub(size) / 2;
    let outer = area;
    let area = Rect::new(
        area.x + pad(area.width, canvas.0),
        area.y + pad(area.height, canvas.1),
        area.width.min(canvas.0),
        area.height.min(canvas.1),
    );
    let active = app.active_pos();
    let view = app.map_view.get();
    // A new size starts from the top left and scrolls from there.
    let previous = if view.scale == scale { view.origin } else { (0, 0) };
    let moment = match &app.overlay {
        Overlay::Moment(m) => m.focus().filter(|&p| game.map().contains(p)),
        _ => None,
    };
    let origin = follow(previous, area, scale, (active, app.cursor, moment), size);
    app.map_view.set(MapView { area, origin, scale });
    edge_arrows(app, outer, area, origin, canvas, buf);
    let mut put = |x: i32, y: i32, ch: char, style: Style| {
        let (vx, vy) = (x - i32::from(origin.0), y - i32::from(origin.1));
        if vx >= 0 && vy >= 0 && vx < i32::from(area.width) && vy < i32::from(area.height) {
            let cell = &mut buf[(area.x + vx as u16, area.y + vy as u16)];
            cell.set_char(ch).set_style(style);
        }
    };
    // The outlines first: a hex's lower row is the top edge of the hex
    // below it, and its marks must not be drawn over by that edge.
    let edge = theme.outline();
    for p in game.map().hexes() {
        scale.outline(p, |x, y, ch| put(x, y, ch, edge));
    }
    let sight = app.sight.then(|| sight_from(app, game)).flatten();
    let reach = special_reach(app, game);
    let (_, high) = scale.span();
    let bottom = high - 1;
    // Who is there sits on the widest row of the upper half, at the middle.
    let (upper, middle) = (scale.slant, scale.slant + scale.top / 2);
    for p in game.map().hexes() {
        let (x, y) = scale.corner(p);
        let cursor = if p == app.cursor { theme.cursor() } else { Style::new() };
        let seen = sight.as_ref().map(|s| s.sees(app, game, p));
        let terrain = game.map().terrain(game.book(), p);
        let glyph = terrain.map_or('?', |t| t.glyph);
        let tstyle = terrain.map_or(Style::new(), |t| theme.terrain(&t.key));
        let (mut who, mut style, down) = occupant(app, game, p);
        if active == Some(p) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        // In his sight: the hex's empty room dotted (and tinted, with colour).
        let shade = if seen == Some(true) { theme.sight() } else { Style::new() };
        if seen == Some(true) && who == [' ', ' '] {
            who = [theme.sight_mark(); 2];
            style = theme.dim();
        }
        // The inside blank first, so the cursor and the shade cover all of it.
        for dy in 1..bottom {
            let (from, to) = scale.inside(dy);
            for dx in from..=to {
                put(x + dx, y + dy, ' ', shade.patch(cursor));
            }
        }
        // The terrain beside who is there, or in the top corners of a big hex.
        let (first, _) = scale.inside(upper);
        if upper == 1 {
            put(x + first, y + upper, glyph, tstyle.patch(shade).patch(cursor));
        } else {
            let (from, to) = scale.inside(1);
            put(x + from, y + 1, glyph, tstyle.patch(shade).patch(cursor));
            put(x + to, y + 1, glyph, tstyle.patch(shade).patch(cursor));
            // The hex's name, on the row under who is there.
            let name = p.to_string();
            let (from, to) = scale.inside(upper + 1);
            let room = usize::try_from(to - from + 1).unwrap_or(0);
            if name.chars().count() <= room {
                let at = from + i32::try_from((room - name.chars().count()).div_ceil(2)).unwrap_or(0);
                for (i, ch) in name.chars().enumerate() {
                    put(x + at + i as i32, y + upper + 1, ch, theme.dim().patch(shade).patch(cursor));
                }
            }
        }
        put(x + middle, y + upper, who[0], style.patch(shade).patch(cursor));
        put(x + middle + 1, y + upper, who[1], style.patch(shade).patch(cursor));
        let (mut marks, mut mstyle) = lower(app, game, p, down);
        // What his special fire at the cursor's enemy would reach (F).
        if reach.contains(&p) && marks[1..] == ['_', '_'] {
            marks = [marks[0], '%', '%'];
            mstyle = theme.key();
        }
        // An enemy he can hit: the need under the hex.
        if let Some(need) = sight.as_ref().and_then(|s| s.need(app, game, p)) {
            let digit = char::from_digit(need.clamp(1, 9) as u32, 10).unwrap_or('?');
            marks = [marks[0], digit, '+'];
            mstyle = theme.key();
        }
        // The bottom edge: the mark of men down at its left, the others in
        // the middle ("new" across it).
        let (from, to) = scale.inside(bottom);
        let at = |i: usize| match (marks, i) {
            (['n', 'e', 'w'], _) => middle - 1 + i as i32,
            (_, 0) => from,
            _ => middle + i as i32 - 1,
        };
        for dx in from..=to {
            put(x + dx, y + bottom, '_', mstyle.patch(cursor));
        }
        for (i, ch) in marks.into_iter().enumerate() {
            put(x + at(i), y + bottom, ch, mstyle.patch(cursor));
        }
    }
}

/// Whose sight the map shows (`v`): the man whose card is up, else the cursor's hex.
struct Sight {
    from: Pos,
    shooter: Option<usize>,
}

impl Sight {
    fn sees(&self, app: &App, game: &Game, p: Pos) -> bool {
        game.can_see(app.cache.memo(game), self.from, p)
    }

    /// The need of his likeliest shot at an enemy in `p`, if he can hit one there.
    fn need(&self, app: &App, game: &Game, p: Pos) -> Option<i32> {
        let me = self.shooter?;
        game.in_hex(p)
            .filter(|&i| game.soldiers()[i].side == Side::Enemy && game.soldiers()[i].can_act())
            .filter_map(|i| game.shot_need(app.cache.memo(game), me, i))
            .min()
    }
}

/// The hexes a spray or an arc by the man whose card is up would reach,
/// fired at the enemy under the cursor (none where his weapon has neither).
fn special_reach(app: &App, game: &Game) -> Vec<Pos> {
    let Some(me) = game.card_up() else { return Vec::new() };
    let memo = app.cache.memo(game);
    let Ok(target) = super::orders::target_in(game, memo, app.cursor) else { return Vec::new() };
    let Some(t) = game.find(&target) else { return Vec::new() };
    game.special_reach(memo, me, t).unwrap_or_default()
}

fn sight_from(app: &App, game: &Game) -> Option<Sight> {
    match game.card_up() {
        Some(i) => game.soldiers()[i].pos.map(|from| Sight { from, shooter: Some(i) }),
        None => game.map().contains(app.cursor).then_some(Sight { from: app.cursor, shooter: None }),
    }
}

/// Arrows on the panel's border where more of the map lies beyond what is shown.
fn edge_arrows(app: &App, outer: Rect, area: Rect, origin: (u16, u16), canvas: (u16, u16), buf: &mut Buffer) {
    let style = app.theme.key();
    let full = buf.area;
    let mut mark = |x: u16, y: u16, ch: char| {
        if full.contains(ratatui::layout::Position::new(x, y)) {
            buf[(x, y)].set_char(ch).set_style(style);
        }
    };
    // Up and down at the right end of the border, clear of the panel's title.
    let (end_x, mid_y) = (outer.right().saturating_sub(2), outer.y + outer.height / 2);
    if origin.0 > 0 && outer.x > 0 {
        mark(outer.x - 1, mid_y, '<');
    }
    if origin.0 + area.width < canvas.0 {
        mark(outer.right(), mid_y, '>');
    }
    if origin.1 > 0 && outer.y > 0 {
        mark(end_x, outer.y - 1, '^');
    }
    if origin.1 + area.height < canvas.1 {
        mark(end_x, outer.bottom(), 'v');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_follows_the_cursor_and_no_further() {
        let area = Rect::new(0, 0, 20, 10);
        // Already in view: nothing moves.
        assert_eq!(scroll((0, 0), area, (65, 26), SMALL, Pos::new(1, 1)), (0, 0));
        // Off to the right: just far enough to show the whole hex.
        assert_eq!(scroll((0, 0), area, (65, 26), SMALL, Pos::new(6, 1)), (9, 0));
        // Never past the end of the map.
        assert_eq!(scroll((0, 0), area, (65, 26), SMALL, Pos::new(15, 11)), (45, 16));
        // A map smaller than the panel never scrolls.
        assert_eq!(scroll((3, 3), Rect::new(0, 0, 80, 40), (65, 26), SMALL, Pos::new(15, 11)), (0, 0));
    }
}
