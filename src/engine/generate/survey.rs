//! The check every generated map passes before it is played: one piece of
//! ground (every hex a man can enter reaches every other), the objective
//! reachable from the start and home from the objective, roads that hang
//! together, and sight that is not blocked everywhere. It reads the map as
//! the game will (the rule book's terrain), not the drawing.

use serde::{Deserialize, Serialize};

use crate::engine::book::RuleBook;
use crate::engine::cache::memo::Memo;
use crate::engine::map::Map;
use crate::engine::vocabulary::pos::Pos;

/// How far about an objective hex its view is measured, in hexes.
pub const VIEW_RADIUS: u32 = 4;

/// The least share (in percent) of the hexes within `VIEW_RADIUS` of each
/// objective hex that must be in sight of it.
pub const VIEW_AT_LEAST: u32 = 25;

/// What the check measured of a map that passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measures {
    /// Steps from the start to the farthest objective hex.
    pub out: u32,
    /// Steps from the objective hex farthest from home back to the home edge.
    pub home: u32,
    /// The least share, in percent, of the hexes within `VIEW_RADIUS` of
    /// an objective hex that it sees.
    pub view: u32,
}

/// Steps from `from` to every hex, over hexes a man may enter (None where
/// no walk leads), in row order.
pub(super) fn walks(map: &Map, book: &RuleBook, from: Pos) -> Vec<Option<u32>> {
    let index = |p: Pos| map.contains(p).then(|| (p.row * map.width + p.col) as usize);
    let mut steps = vec![None; (map.width * map.height) as usize];
    let Some(i) = index(from).filter(|_| map.enterable(book, from)) else { return steps };
    steps[i] = Some(0);
    let mut queue = std::collections::VecDeque::from([(from, 0u32)]);
    while let Some((p, d)) = queue.pop_front() {
        for n in p.neighbours() {
            if let Some(i) = index(n)
                && steps[i].is_none()
                && map.enterable(book, n)
            {
                steps[i] = Some(d + 1);
                queue.push_back((n, d + 1));
            }
        }
    }
    steps
}

/// Checks a map with its start, objective hexes and roads (`road`: the
/// hexes of the book's road terrain); gives what it measured, or why the
/// map will not do.
///
/// # Errors
/// The first thing that fails, in words.
pub fn survey(map: &Map, book: &RuleBook, start: Pos, objective: &[Pos], road: usize) -> Result<Measures, String> {
    if !map.enterable(book, start) || !map.on_home_edge(start) {
        return Err(format!("the start {start} is not a hex of the home edge a man can enter"));
    }
    let from_start = walks(map, book, start);
    let at = |p: Pos| (p.row * map.width + p.col) as usize;
    if let Some(p) = map.hexes().find(|&p| map.enterable(book, p) && from_start[at(p)].is_none()) {
        return Err(format!("the ground is in pieces: no walk from the start reaches {p}"));
    }
    if objective.is_empty() {
        return Err("the objective names no hex".into());
    }
    let mut m = Measures { view: 100, ..Measures::default() };
    for &o in objective {
        let Some(out) = map.contains(o).then(|| from_start[at(o)]).flatten() else {
            return Err(format!("no walk from the start reaches the objective {o}"));
        };
        let back = walks(map, book, o);
        let Some(home) = map.hexes().filter(|&p| map.on_home_edge(p)).filter_map(|p| back[at(p)]).min() else {
            return Err(format!("no walk leads home from the objective {o}"));
        };
        let near: Vec<Pos> = map.hexes().filter(|&p| p != o && p.distance(o) <= VIEW_RADIUS).collect();
        let seen = near.iter().filter(|&&p| map.line_of_sight(book, Memo::default(), o, p)).count();
        let view = (seen * 100 / near.len().max(1)) as u32;
        if view < VIEW_AT_LEAST {
            return Err(format!(
                "the objective {o} sees {view}% of the hexes within {VIEW_RADIUS} (at least {VIEW_AT_LEAST}%)"
            ));
        }
        m = Measures { out: m.out.max(out), home: m.home.max(home), view: m.view.min(view) };
    }
    roads_hang_together(map, book, road)?;
    Ok(m)
}

/// Every road hex joins every other along the road, and the road reaches
/// an edge of the map: roads lead somewhere.
fn roads_hang_together(map: &Map, book: &RuleBook, road: usize) -> Result<(), String> {
    let is_road = |p: Pos| map.terrain(book, p).is_some_and(|t| std::ptr::eq(t, &book.terrain[road]));
    let roads: Vec<Pos> = map.hexes().filter(|&p| is_road(p)).collect();
    let Some(&first) = roads.first() else { return Ok(()) };
    let mut seen = vec![first];
    let mut k = 0;
    while let Some(&p) = seen.get(k) {
        k += 1;
        for n in p.neighbours() {
            if is_road(n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    if let Some(p) = roads.iter().find(|p| !seen.contains(p)) {
        return Err(format!("the road at {p} joins no other road"));
    }
    let edge = |p: &Pos| p.col == 0 || p.row == 0 || p.col == map.width - 1 || p.row == map.height - 1;
    if !roads.iter().any(edge) {
        return Err("the roads lead nowhere: none reaches an edge of the map".into());
    }
    Ok(())
}
