//! The map generator: patrol ground made from a seed (hedgerow fields,
//! woods, roads that meet, a hamlet or a farm, a stream with its ford), the
//! start on the home edge, an objective that can be reached, and orders in
//! words. Every map is checked (`survey`) before it is handed out; a map
//! that fails is let go and the next seed tried, and the record says so.
//!
//! Its dice are its own: a `Pcg32` seeded from the seed it is given, the
//! patrol's number and the try, never the game's dice, so making a map
//! changes no game's stream.

mod draw;
mod orders;
pub mod survey;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

use crate::engine::book::RuleBook;
use crate::engine::book::scenario::{Edge, Scenario};
use crate::engine::dice::{GOLDEN_GAMMA, mix64};
use crate::engine::map::Map;
use crate::engine::vocabulary::pos::Pos;

pub use survey::Measures;

/// The size of every generated map: the built-in maps' own.
pub const WIDTH: i32 = 16;
pub const HEIGHT: i32 = 12;

/// Maps tried for one patrol before the generator gives up.
pub const TRIES: u32 = 64;

/// A map that failed its check: the seed it was drawn from, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    pub seed: u64,
    pub why: String,
}

/// The record of a generated map: the seed it was drawn from, the maps
/// tried before it that failed their check, and what its check measured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survey {
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<Refused>,
    pub measures: Measures,
}

/// What an endless campaign keeps to make its next patrol: the seed its
/// ground is made from (with the patrol's number, which the campaign keeps
/// anyway) and the record of the ground of the patrol under way or next.
/// Nothing more, so that its save does not grow patrol by patrol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Endless {
    pub seed: u64,
    pub survey: Survey,
}

/// The generator's seed for an endless campaign of dice seed `seed`: mixed
/// apart from it, so that the ground and the dice are not the same numbers.
pub fn ground_seed(seed: u64) -> u64 {
    mix64(seed ^ GROUND)
}

/// Set apart the ground's seeds from the dice's ("GROUND" in ASCII).
const GROUND: u64 = 0x4752_4f55_4e44;

/// A generated patrol: its scenario (no squad: the campaign gives it
/// one) and its map's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Made {
    pub scenario: Scenario,
    pub survey: Survey,
}

/// The seed of try `attempt` (from 0) at the map of patrol `number` of a
/// generator started with `seed`: SplitMix64 mixing of all three.
pub fn map_seed(seed: u64, number: u32, attempt: u32) -> u64 {
    let patrol = mix64(seed ^ u64::from(number).wrapping_mul(GOLDEN_GAMMA));
    mix64(patrol.wrapping_add(u64::from(attempt).wrapping_add(1).wrapping_mul(GOLDEN_GAMMA)))
}

/// The book's terrain for each kind of ground the generator draws, by its
/// key (in `draw::Ground::ALL`'s order).
///
/// # Errors
/// A rule book without one of them (a player's own may name them otherwise).
fn terrain(book: &RuleBook) -> Result<[u8; 7], String> {
    let mut found = [0u8; 7];
    for (k, g) in draw::Ground::ALL.iter().enumerate() {
        let Some(i) = book.terrain.iter().position(|t| t.key == g.key()) else {
            return Err(format!("the rule book has no terrain '{}', which generated maps are drawn with", g.key()));
        };
        found[k] = u8::try_from(i).map_err(|_| format!("terrain '{}' is past the 256th", g.key()))?;
    }
    Ok(found)
}

/// Makes the map and orders of patrol `number` (from 1) from `seed`: the
/// first map drawn that passes its check.
///
/// # Errors
/// The rule book lacks a terrain the generator draws with, or `TRIES` maps
/// in a row failed their check (the last one's reason is given).
pub fn patrol(book: &RuleBook, seed: u64, number: u32) -> Result<Made, String> {
    let terrain = terrain(book)?;
    let mut refused = Vec::new();
    for attempt in 0..TRIES {
        let seed = map_seed(seed, number, attempt);
        match attempt_at(book, &terrain, seed, number) {
            Ok((scenario, measures)) => return Ok(Made { scenario, survey: Survey { seed, refused, measures } }),
            Err(why) => refused.push(Refused { seed, why }),
        }
    }
    let last = refused.last().map_or(String::new(), |r| r.why.clone());
    Err(format!("none of {TRIES} maps drawn for patrol {number} passed its check (the last: {last})"))
}

/// One map drawn from `seed` with its orders, and its check.
fn attempt_at(book: &RuleBook, terrain: &[u8; 7], seed: u64, number: u32) -> Result<(Scenario, Measures), String> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let edge = [Edge::South, Edge::West, Edge::North, Edge::East][rng.random_range(0..4)];
    let sketch = draw::draw(&mut rng, WIDTH, HEIGHT, edge);
    let number_of = |g: draw::Ground| terrain[draw::Ground::ALL.iter().position(|&h| h == g).unwrap_or(0)];
    let cells: Vec<Vec<u8>> =
        sketch.cells.chunks(WIDTH as usize).map(|row| row.iter().map(|&g| number_of(g)).collect()).collect();
    let rows: Vec<String> = cells
        .iter()
        .map(|row| row.iter().map(|&t| book.terrain.get(usize::from(t)).map_or('?', |t| t.glyph)).collect())
        .collect();
    let map = Map::new(cells, edge);
    let start = *sketch.road.first().ok_or("no road was drawn")?;
    let steps = survey::walks(&map, book, start);
    let steps_to = |p: Pos| map.contains(p).then(|| steps[(p.row * map.width + p.col) as usize]).flatten();
    let groups = |k: &str| book.forces.contains_key(k);
    let orders = orders::give(&mut rng, &sketch, &steps_to, (number, &groups))?;
    let road = usize::from(number_of(draw::Ground::Road));
    let measures = survey::survey(&map, book, start, &orders.objective.hexes(), road)?;
    let scenario = Scenario {
        name: orders.name,
        briefing: orders.briefing,
        rules: Default::default(),
        rows,
        start,
        objective: orders.objective,
        home_edge: edge,
        squad: Vec::new(),
        forces: orders.forces,
        radio: orders.radio,
        encounters: Vec::new(),
        // The campaign sets it as each patrol begins.
        chain_of_command: false,
        enemy_points: None,
        battery: None,
    };
    Ok((scenario, measures))
}

#[cfg(test)]
mod tests;
