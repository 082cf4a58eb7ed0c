//! A thrown grenade scattering over the map: moved an inch at a time, a
//! turn of a few inches by the thrower's opponent and then one by the
//! thrower, over and over, until its scatter is used up (Combat Patrol's
//! hand grenade: "Opposing, Opposing, Controlling").
//!
//! Its place is kept in axial coordinates measured in inches (a hex's
//! centre is `per_hex` inches from its neighbours'), each move goes along
//! one of the six hex directions, and the hex it is over is the one whose
//! centre is nearest. A move is steered towards a hex: of the six
//! directions, the one that brings the grenade nearest that hex's centre
//! (the first in hexx's order on a tie). The engine steers the enemy's
//! moves by a stated rule; the player steers his own side's (`steer`), or
//! the patrol leader does by the same rule.

use serde::{Deserialize, Serialize};

use crate::engine::vocabulary::pos::Pos;

/// The six hex directions in axial coordinates, in hexx's order.
const DIRECTIONS: [[i64; 2]; 6] = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

/// A grenade in the air: thrown, its scatter rolled, not yet landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flight {
    /// The thrower, by his place in the list of soldiers.
    pub thrower: usize,
    /// The hex he threw from.
    pub from: Pos,
    /// The hex he aimed at.
    pub aim: Pos,
    /// Where the grenade is, in inches, axial.
    at: [i64; 2],
    /// Scatter still to move, in inches.
    pub left: u32,
    /// Whether the next inch is the opponent's (else the thrower's).
    pub opponent_next: bool,
    /// Inches its mover has already moved it in his turn.
    #[serde(default)]
    into_turn: u32,
    /// Inches from one hex's centre to the next.
    per_hex: u32,
    /// Inches of a turn: the opponent's, then the thrower's.
    moves: [u32; 2],
    /// Hexes the blast reaches around where it lands (0: its own hex only).
    pub blast: u32,
}

/// A hex's axial coordinates (as `Pos::hex`).
fn axial(p: Pos) -> [i64; 2] {
    let h = p.hex();
    [i64::from(h.x), i64::from(h.y)]
}

/// Distance in whole steps between two points in axial coordinates,
/// counted in 128 bits: a place hand-edited into a save to the far end of
/// the numbers is measured, not overflowed.
fn apart(a: [i64; 2], b: [i64; 2]) -> i128 {
    let (dq, dr) = (i128::from(a[0]) - i128::from(b[0]), i128::from(a[1]) - i128::from(b[1]));
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

impl Flight {
    /// A grenade thrown by soldier `thrower` from `from` at `aim`, to
    /// scatter `points` inches from there: `per_hex` inches to a hex, the
    /// opponent's and the thrower's moves of `moves` inches, the opponent
    /// first; its blast reaches `blast` hexes around where it lands.
    pub fn new(thrower: usize, from: Pos, aim: Pos, points: u32, per_hex: u32, moves: [u32; 2], blast: u32) -> Self {
        let per_hex = per_hex.max(1);
        let at = axial(aim).map(|v| v * i64::from(per_hex));
        Flight { thrower, from, aim, at, left: points, opponent_next: true, into_turn: 0, per_hex, moves, blast }
    }

    /// A grenade that goes off where it is thrown from (dropped at the
    /// thrower's feet): nothing to scatter.
    pub fn dropped(thrower: usize, from: Pos, aim: Pos, per_hex: u32, blast: u32) -> Self {
        let mut f = Flight::new(thrower, from, aim, 0, per_hex, [1, 1], blast);
        f.at = axial(from).map(|v| v * i64::from(f.per_hex));
        f
    }

    /// The hex the grenade is over now.
    pub fn over(&self) -> Pos {
        hex_at(self.at, i64::from(self.per_hex))
    }

    /// How far it is, in inches, from the centre of the hex it is over
    /// (the point aimed at, when that is the hex).
    pub fn off_centre(&self) -> u32 {
        let centre = axial(self.over()).map(|v| v * i64::from(self.per_hex));
        u32::try_from(apart(self.at, centre)).unwrap_or(u32::MAX)
    }

    /// What it was thrown by: inches to a hex, the two sides' moves, and
    /// the blast's reach in hexes (the rule book's, checked on a load).
    pub fn measures(&self) -> (u32, [u32; 2], u32) {
        (self.per_hex, self.moves, self.blast)
    }

    /// Whether it has landed: no scatter left.
    pub fn landed(&self) -> bool {
        self.left == 0
    }

    /// Which inch of his turn the mover's next is, and of how many (the
    /// turn cut to what is left): (1, 2) for the first of two.
    pub fn inch_of_turn(&self) -> (u32, u32) {
        let turn = self.turn(self.opponent_next).max(1).min(self.into_turn + self.left);
        (self.into_turn + 1, turn)
    }

    /// Inches of a turn: the opponent's, or the thrower's.
    fn turn(&self, opponent: bool) -> u32 {
        if opponent { self.moves[0] } else { self.moves[1] }
    }

    /// The hex the engine's rule steers the next move towards: the
    /// opponent's towards the thrower, the thrower's back towards his aim.
    pub fn rule_towards(&self) -> Pos {
        if self.opponent_next { self.from } else { self.aim }
    }

    /// The next inch, steered towards `towards`: whose it was (true: the
    /// opponent's), and the hex the grenade is then over.
    pub fn step(&mut self, towards: Pos) -> (bool, Pos) {
        let goal = axial(towards).map(|v| v * i64::from(self.per_hex));
        let at = self.at;
        self.at =
            DIRECTIONS.iter().map(|d| [at[0] + d[0], at[1] + d[1]]).min_by_key(|&to| apart(to, goal)).unwrap_or(at);
        let opponent = self.opponent_next;
        self.left -= 1;
        self.into_turn += 1;
        if self.into_turn >= self.turn(opponent) {
            self.opponent_next = !opponent;
            self.into_turn = 0;
        }
        (opponent, self.over())
    }

    /// Every move at once, each steered by the engine's rule (the walk as
    /// the tests and the odds see it).
    pub fn walk_by_rule(mut self) -> (Vec<(bool, Pos)>, Pos) {
        let mut steps = Vec::new();
        while !self.landed() {
            let towards = self.rule_towards();
            steps.push(self.step(towards));
        }
        let lands = self.over();
        (steps, lands)
    }

    /// What does not hold together in a grenade in the air read from a save
    /// made by rules whose dice have `sides` sides: the scatter moved and
    /// the scatter left are at most a die's worth, and every move is at
    /// least an inch.
    pub fn check(&self, sides: u32) -> Result<(), String> {
        if self.per_hex == 0 || self.moves.contains(&0) {
            return Err("a grenade in the air moves by whole inches over hexes of at least an inch".into());
        }
        let turn = self.turn(self.opponent_next);
        if self.into_turn >= turn {
            return Err(format!("a grenade in the air is {} inches into a turn of {turn}", self.into_turn));
        }
        let moved = apart(self.at, axial(self.aim).map(|v| v * i64::from(self.per_hex)));
        if moved + i128::from(self.left) > i128::from(sides) {
            return Err(format!(
                "a grenade in the air has scattered {moved} inches with {} to go, more than a D{sides} gives",
                self.left
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "flight_tests.rs"]
mod tests;
