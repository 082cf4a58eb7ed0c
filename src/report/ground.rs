//! The ground of a patrol as text, with where it went and what it met.
//!
//! The map is drawn as the game's hexes stand: flat-topped, odd columns
//! half a hex lower. Each map row is two lines of text, the even columns on
//! the first and the odd ones on the second, so that every hex touches its
//! six neighbours on the page as on the map. A hex is two characters: its
//! terrain's glyph (as the scenario's rows write it) and a mark.

use std::collections::BTreeMap;

use crate::engine::book::scenario::Scenario;
use crate::engine::{Event, Pos, RuleBook};

/// A mark on a hex, strongest first: a hex where an action was fought
/// shows that, whatever else happened there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    Action,
    Incident,
    Objective,
    Exit,
    Start,
    Route,
}

impl Mark {
    fn glyph(self) -> char {
        match self {
            Mark::Action => 'X',
            Mark::Incident => '!',
            Mark::Objective => '*',
            Mark::Exit => 'E',
            Mark::Start => 'S',
            Mark::Route => 'o',
        }
    }
}

/// What the marks mean, for beneath the map, with the glyphs of `book`'s terrain.
pub fn legend(book: &RuleBook) -> String {
    let terrain: Vec<String> = book.terrain.iter().map(|t| format!("`{}` {}", t.glyph, t.name)).collect();
    format!(
        "Each hex is its terrain ({}) and a mark: `S` the start, `o` a hex the patrol entered, `!` an incident, \
         `X` a tactical action, `*` the objective, `E` where men left the map. Odd columns sit half a hex lower, \
         on the second line of their row.",
        terrain.join(", ")
    )
}

/// The hexes a patrol's events mark, each with its strongest mark.
fn marks(scenario: &Scenario, events: &[Event]) -> BTreeMap<Pos, Mark> {
    let mut marks = BTreeMap::new();
    let mut put = |hex: Pos, mark: Mark| {
        let at = marks.entry(hex).or_insert(mark);
        *at = (*at).min(mark);
    };
    put(scenario.start, Mark::Start);
    for hex in scenario.objective.hexes() {
        put(hex, Mark::Objective);
    }
    for e in events {
        match e {
            // The sections' steps: a man's steps in an action are not the patrol's route.
            Event::Moved { section: Some(_), to, .. } => put(*to, Mark::Route),
            Event::Incident { hex, .. } => put(*hex, Mark::Incident),
            Event::ActionStart { hex } => put(*hex, Mark::Action),
            Event::Exited { hex, .. } => put(*hex, Mark::Exit),
            _ => {}
        }
    }
    marks
}

/// The map of `scenario` with the route of the patrol whose `events` these
/// are, as lines of text (for a fenced block).
pub fn draw(scenario: &Scenario, events: &[Event]) -> Vec<String> {
    let marks = marks(scenario, events);
    let rows: Vec<Vec<char>> = scenario.rows.iter().map(|r| r.chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    // Three characters a column: the hex, then a space that the next
    // column's hex (on the other line) stands over.
    let mut header = String::from("    ");
    for c in 0..width {
        header.push_str(&format!("{c:<3}"));
    }
    let mut lines = vec![header.trim_end().to_string()];
    for (r, row) in rows.iter().enumerate() {
        for odd in [false, true] {
            let mut line = if odd { "    ".to_string() } else { format!("{r:>3} ") };
            for (c, glyph) in row.iter().enumerate() {
                if (c % 2 == 1) != odd {
                    line.push_str("   ");
                    continue;
                }
                let pos = Pos::new(c as i32, r as i32);
                let mark = marks.get(&pos).map_or(' ', |m| m.glyph());
                line.push(*glyph);
                line.push(mark);
                line.push(' ');
            }
            lines.push(line.trim_end().to_string());
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_and_what_it_met_are_marked_in_their_hexes() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let scenario = crate::rules::scenario("hedgerow", &book).expect("a built-in scenario");
        let step = |to: Pos| Event::Moved { section: Some("A".into()), soldiers: vec![], from: to, to };
        let start = scenario.start;
        let (a, b) = (Pos::new(start.col, start.row - 1), Pos::new(start.col, start.row - 2));
        let events = vec![step(a), step(b), Event::ActionStart { hex: b }];
        let lines = draw(&scenario, &events);
        assert_eq!(lines.len(), 1 + 2 * scenario.rows.len());
        // The line of a hex's row holding its column (even first, odd second).
        let at = |p: Pos| {
            let line = &lines[1 + 2 * p.row as usize + (p.col % 2) as usize];
            line.chars().nth(4 + 3 * p.col as usize + 1)
        };
        assert_eq!(at(start), Some('S'));
        assert_eq!(at(a), Some('o'));
        assert_eq!(at(b), Some('X'), "an action outweighs the route");
        let objective = scenario.objective.hexes()[0];
        assert_eq!(at(objective), Some('*'));
        // Every hex keeps its terrain's glyph before its mark.
        let glyph = scenario.rows[start.row as usize].chars().nth(start.col as usize);
        let line = &lines[1 + 2 * start.row as usize + (start.col % 2) as usize];
        assert_eq!(line.chars().nth(4 + 3 * start.col as usize), glyph);
    }
}
