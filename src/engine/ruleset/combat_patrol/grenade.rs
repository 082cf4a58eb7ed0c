//! Combat Patrol's hand grenades: the throw, a D10 less the thrower's
//! inverted accuracy; the scatter, moved inch by inch alternately by the
//! opponent and the thrower; the blast.
//!
//! The scatter is walked in inches over the hex grid: the grenade's place
//! is kept in axial coordinates measured in inches (a hex's centre is
//! `inches_per_hex` from its neighbours'), each move goes along one of the
//! six hex directions, and the hex it is over is the nearest centre. Both
//! sides move it by a stated rule (a decision): the opponent towards the
//! thrower, the thrower back towards the hex he aimed at.

use super::{Throw, Thrown, accuracy_now, tables};
use crate::engine::data::RuleBook;
use crate::engine::data::combat_patrol::CombatPatrol as Book;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose};
use crate::engine::name::Name;
use crate::engine::pos::Pos;
use crate::engine::soldier::Soldier;

/// The six hex directions in axial coordinates, in hexx's order.
const DIRECTIONS: [[i64; 2]; 6] = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

/// A hex's axial coordinates (as `Pos::hex`).
fn axial(p: Pos) -> [i64; 2] {
    let h = p.hex();
    [i64::from(h.x), i64::from(h.y)]
}

/// Distance in whole steps between two points in inch-measured axial coordinates.
fn apart(a: [i64; 2], b: [i64; 2]) -> i64 {
    let (dq, dr) = (a[0] - b[0], a[1] - b[1]);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The hex whose centre is nearest `at` (axial, in inches, `n` to a hex):
/// cube rounding done in whole numbers.
fn hex_at(at: [i64; 2], n: i64) -> Pos {
    let (q, r) = (at[0], at[1]);
    let s = -q - r;
    // Each coordinate rounded to the nearest multiple of n, a half away from zero.
    let round = |v: i64| (2 * v + n * v.signum()) / (2 * n);
    let (mut rq, mut rr, rs) = (round(q), round(r), round(s));
    let (dq, dr, ds) = ((rq * n - q).abs(), (rr * n - r).abs(), (rs * n - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    let (q, r) = (i32::try_from(rq).unwrap_or(i32::MAX), i32::try_from(rr).unwrap_or(i32::MAX));
    Pos::from_hex(hexx::Hex::new(q, r))
}

/// One move of `inches` along the direction that brings `at` nearest
/// `towards` (the first such direction in hexx's order on a tie).
fn step(at: [i64; 2], towards: [i64; 2], inches: i64) -> [i64; 2] {
    DIRECTIONS
        .iter()
        .map(|d| [at[0] + d[0] * inches, at[1] + d[1] * inches])
        .min_by_key(|&to| apart(to, towards))
        .unwrap_or(at)
}

/// The scatter walk from `target`, `points` inches in all: the opponent's
/// moves towards `thrower`, the thrower's towards `target`, alternately,
/// the last move cut to what is left. Each step: whether the opponent made
/// it, its inches, and the hex the grenade is then over.
pub(super) fn scatter(t: &Book, target: Pos, thrower: Pos, points: u32) -> Vec<(bool, u32, Pos)> {
    let g = &t.grenade;
    let n = i64::from(t.inches_per_hex.max(1));
    let (aim, back) = (axial(target).map(|v| v * n), axial(thrower).map(|v| v * n));
    let (mut at, mut left, mut opponent) = (aim, points, true);
    let mut steps = Vec::new();
    while left > 0 {
        let move_by = if opponent { g.opponent_inches } else { g.thrower_inches }.max(1).min(left);
        at = step(at, if opponent { back } else { aim }, i64::from(move_by));
        steps.push((opponent, move_by, hex_at(at, n)));
        left -= move_by;
        opponent = !opponent;
    }
    steps
}

/// The thrower's inverted accuracy: the die's sides less his accuracy
/// (4+ is 6, 6+ is 4), halved, rounding down, when he cannot see the hex.
pub(super) fn inverted(t: &Book, man: &Soldier, in_sight: bool) -> i32 {
    let inverted = (i32::from(t.sides) - accuracy_now(t, man)).max(0);
    if in_sight { inverted } else { inverted / 2 }
}

/// The tables, once the throw is one he may make: a grenade left, the hex
/// within reach.
fn checked<'a>(book: &'a RuleBook, th: &Throw) -> Result<&'a Book, String> {
    let t = tables(book).ok_or("this rule book has no Combat Patrol tables")?;
    let g = &t.grenade;
    if th.thrower.vehicle.is_some() {
        return Err(format!("{} is a vehicle: its crew throws no grenades", th.thrower.id));
    }
    if th.thrower.grenades_thrown >= g.each {
        return Err(format!("{} has no grenades left (he carried {})", th.thrower.id, g.each));
    }
    let distance = th.from.distance(th.target);
    if distance > g.range {
        return Err(format!("{} is {distance} hexes off: a grenade is thrown at most {} hexes", th.target, g.range));
    }
    Ok(t)
}

/// The throw's roll and the blast's, each with its modifiers' total.
pub(super) fn odds(book: &RuleBook, th: &Throw) -> Result<[(Purpose, i32); 2], String> {
    let t = checked(book, th)?;
    Ok([
        (Purpose::CpGrenade, -inverted(t, th.thrower, th.in_sight)),
        (Purpose::CpBlast, i32::from(t.grenade.wound_bonus)),
    ])
}

/// The throw: a D10 less the inverted accuracy is the scatter (0 or less
/// lands on the hex aimed at); a 1 drops it at his feet.
pub(super) fn throw(book: &RuleBook, dice: &mut Dice, th: &Throw) -> Result<Thrown, String> {
    let t = checked(book, th)?;
    let g = &t.grenade;
    let inv = inverted(t, th.thrower, th.in_sight);
    let mut modifiers = Modifiers::default();
    modifiers
        .push(Modifier::new(Name::new_static(if th.in_sight { "inverted_accuracy" } else { "out_of_sight" }), -inv));
    let mut points = 0;
    let mut dropped = false;
    let mut roll = dice
        .table(Purpose::CpGrenade, 1, t.sides, |total| {
            dropped = total <= u32::from(g.dropped_on);
            points = (i64::from(total) - i64::from(inv)).max(0) as u32;
            Name::new_static(match (dropped, points) {
                (true, _) => "dropped",
                (false, 0) => "on_target",
                (false, _) => "scatters",
            })
        })
        .by(&th.thrower.id);
    roll.hex = Some(th.target);
    roll.modifiers = Some(modifiers);
    let (steps, lands) = if dropped {
        (Vec::new(), th.from)
    } else {
        let steps = scatter(t, th.target, th.from, points);
        let lands = steps.last().map_or(th.target, |s| s.2);
        (steps, lands)
    };
    let radius = t.hexes(g.blast_inches);
    let blast = lands.hex().range(radius).map(Pos::from_hex).collect();
    Ok(Thrown { roll, steps, lands, blast })
}
