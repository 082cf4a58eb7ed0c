//! A generated patrol's orders: what it is sent to do on the ground drawn
//! (reach a place, look at two or three, or bring back a prisoner, the
//! objectives the scenarios know), its name and its briefing.

use std::collections::BTreeMap;

use rand::RngExt;
use rand_pcg::Pcg32;

use crate::engine::book::scenario::{Edge, Objective};
use crate::engine::generate::draw::{Ground, Sketch};
use crate::engine::vocabulary::pos::Pos;

/// Steps out from the start (the shortest walk) an objective may lie, by
/// kind: a place to reach; each place to look at; where a prisoner is to
/// be taken. The built-in patrols go some 8 to 12 steps out; these go a
/// little farther, as balance asked (`docs/SIM.md`).
pub const REACH: (u32, u32) = (11, 15);
pub const LOOK: (u32, u32) = (7, 13);
pub const PRISONER: (u32, u32) = (9, 13);

/// Hexes out from the home edge an objective lies at the least.
const OUT_FROM_HOME: i32 = 4;

/// Places to look at on one patrol are at least this far apart.
const APART: u32 = 3;

/// What the patrol is sent to do, in the game's terms and in words.
pub(super) struct Orders {
    pub name: String,
    pub briefing: String,
    pub objective: Objective,
    pub radio: bool,
    /// The enemy met in place of the usual (as a scenario's `forces`).
    pub forces: BTreeMap<String, String>,
}

/// The enemy a patrol may be warned of, as the hand-made campaigns vary
/// it: the incident table's group, the group met in its place, and the
/// warning. One is picked a patrol (or none, as often as any); one whose
/// groups the rule book lacks is passed over.
const THREATS: &[(&[(&str, &str)], &str)] = &[
    (&[("sniper", "patrol"), ("mg_team", "patrol")], "German patrols are about."),
    (&[("patrol", "patrol_strong")], "A strong German patrol is about."),
    (&[("mortar", "tank")], "A tank watches the ground from far off."),
];

/// A place on the map the orders can name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Hamlet,
    Farm,
    Ford,
    Crossroads,
    Wood,
    Field,
}

impl Place {
    fn words(self) -> &'static str {
        match self {
            Place::Hamlet => "hamlet",
            Place::Farm => "farm",
            Place::Ford => "ford",
            Place::Crossroads => "crossroads",
            Place::Wood => "wood",
            Place::Field => "field",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Place::Hamlet => "Hamlet",
            Place::Farm => "Farm",
            Place::Ford => "Ford",
            Place::Crossroads => "Crossroads",
            Place::Wood => "Wood",
            Place::Field => "Field",
        }
    }
}

fn edge_words(edge: Edge) -> &'static str {
    match edge {
        Edge::North => "north",
        Edge::South => "south",
        Edge::East => "east",
        Edge::West => "west",
    }
}

/// The places of the sketch, each with the steps to it from the start
/// (`steps`; None where no walk leads).
fn places(s: &Sketch, steps: &dyn Fn(Pos) -> Option<u32>) -> Vec<(Place, Pos, u32)> {
    let mut found = Vec::new();
    let hamlet = s.houses.len() >= 3;
    for &p in &s.houses {
        found.push((if hamlet { Place::Hamlet } else { Place::Farm }, p));
    }
    found.extend(s.fords.iter().map(|&p| (Place::Ford, p)));
    found.extend(s.crossroads.map(|p| (Place::Crossroads, p)));
    for row in 0..s.height {
        for col in 0..s.width {
            let p = Pos::new(col, row);
            let edge_of = |g| s.get(p) == Some(g) && p.neighbours().iter().any(|&n| s.get(n).is_some_and(|h| h != g));
            if edge_of(Ground::Woods) {
                found.push((Place::Wood, p));
            } else if edge_of(Ground::Crops) {
                found.push((Place::Field, p));
            }
        }
    }
    // A patrol goes out: no objective lies within `OUT_FROM_HOME` hexes of our lines.
    found
        .into_iter()
        .filter(|(_, p)| s.depth(*p) >= OUT_FROM_HOME)
        .filter_map(|(place, p)| steps(p).map(|d| (place, p, d)))
        .collect()
}

/// One of `places` within `band` steps, the kind of place first picked
/// among the kinds there are (so that one big wood does not crowd out the
/// farm), then the hex.
fn pick(rng: &mut Pcg32, places: &[(Place, Pos, u32)], band: (u32, u32)) -> Option<(Place, Pos)> {
    let near: Vec<&(Place, Pos, u32)> = places.iter().filter(|(_, _, d)| (band.0..=band.1).contains(d)).collect();
    let mut kinds: Vec<Place> = Vec::new();
    for (place, _, _) in &near {
        if !kinds.contains(place) {
            kinds.push(*place);
        }
    }
    let kind = *kinds.get(rng.random_range(0..kinds.len().max(1)))?;
    let of_kind: Vec<&&(Place, Pos, u32)> = near.iter().filter(|(k, _, _)| *k == kind).collect();
    let (place, p, _) = **of_kind[rng.random_range(0..of_kind.len())];
    Some((place, p))
}

/// The orders for patrol `number` on the ground `s`, whose home edge the
/// start is on.
///
/// # Errors
/// No place on the map fits the objective picked (the map is tried again).
pub(super) fn give(
    rng: &mut Pcg32,
    s: &Sketch,
    steps: &dyn Fn(Pos) -> Option<u32>,
    (number, groups): (u32, &dyn Fn(&str) -> bool),
) -> Result<Orders, String> {
    let places = places(s, steps);
    let home = edge_words(s.edge);
    let none = |band: (u32, u32)| format!("no place on the map {} to {} steps from the start", band.0, band.1);
    // Of twenty patrols some seven go to reach a place, seven to look at
    // places, six for a prisoner (the hardest). From the fourth on, with
    // men who have learnt their trade, Battalion asks more: five, seven
    // and eight (`docs/SIM.md` has what this does to the rates).
    let (reach, look) = if number > 3 { (5, 12) } else { (7, 14) };
    let roll = rng.random_range(0..20);
    let (name, mut briefing, objective) = if roll < reach {
        let (place, p) = pick(rng, &places, REACH).ok_or_else(|| none(REACH))?;
        (
            format!("The {} at {p}", place.title()),
            format!(
                "Go out to the {} at {p}, see who holds it, and come back to our lines on the {home} edge.",
                place.words()
            ),
            Objective::Reach(p),
        )
    } else if roll < look {
        let wanted = if rng.random_range(0..2) == 0 { 3 } else { 2 };
        let mut chosen: Vec<(Place, Pos)> = Vec::new();
        for _ in 0..wanted * 4 {
            if chosen.len() == wanted {
                break;
            }
            let far_enough: Vec<(Place, Pos, u32)> = places
                .iter()
                .copied()
                .filter(|(_, p, _)| chosen.iter().all(|(_, c)| c.distance(*p) >= APART))
                .collect();
            if let Some(c) = pick(rng, &far_enough, LOOK) {
                chosen.push(c);
            }
        }
        if chosen.len() < 2 {
            return Err(format!("no two places {APART} apart {} to {} steps from the start", LOOK.0, LOOK.1));
        }
        let list: Vec<String> = chosen.iter().map(|(place, p)| format!("the {} at {p}", place.words())).collect();
        let list = match list.split_last() {
            Some((last, [one])) => format!("{one} and {last}"),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        (
            format!("Eyes on the {}", chosen[0].0.title()),
            format!("Look at {list}, then come home to the {home} edge."),
            Objective::Reconnoitre(chosen.iter().map(|(_, p)| *p).collect()),
        )
    } else {
        let (place, p) = pick(rng, &places, PRISONER).ok_or_else(|| none(PRISONER))?;
        (
            format!("A Prisoner from the {}", place.title()),
            format!(
                "Battalion wants a prisoner. Germans have been seen about the {} at {p}. Bring one back to the {home} edge.",
                place.words()
            ),
            Objective::Prisoner(p),
        )
    };
    if let Some(f) = s.fords.first() {
        briefing.push_str(&format!(" A stream crosses the ground; the road fords it at {f}."));
    }
    let mut forces = BTreeMap::new();
    if let Some((swaps, warning)) = THREATS.get(rng.random_range(0..THREATS.len()))
        && swaps.iter().all(|(a, b)| groups(a) && groups(b))
    {
        forces = swaps.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        briefing.push(' ');
        briefing.push_str(warning);
    }
    let radio = rng.random_range(0..4) == 0;
    if radio {
        briefing.push_str(" Take the radio: the guns will fire for you.");
    }
    Ok(Orders { name: format!("{number}. {name}"), briefing, objective, radio, forces })
}
