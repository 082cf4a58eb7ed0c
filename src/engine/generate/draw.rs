//! Drawing patrol ground: a stream across the patrol's way, roads that
//! meet (the main one fords the stream), a hamlet or a farm by a road,
//! woods, hedgerows and crops, all from the generator's own dice.
//!
//! The ground is drawn in the patrol's own terms, depth (hexes out from the
//! home edge) and across (along it), so one drawing serves every home edge.

use rand::RngExt;
use rand_pcg::Pcg32;

use crate::engine::book::scenario::Edge;
use crate::engine::vocabulary::pos::Pos;

/// What a hex is drawn as; each is a terrain of the rule book by its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ground {
    Open,
    Road,
    Woods,
    Buildings,
    Hedgerow,
    Crops,
    Water,
}

impl Ground {
    /// The rule book's key for it (`assets/rules/*.ron`, `terrain`).
    pub(super) const fn key(self) -> &'static str {
        match self {
            Ground::Open => "open",
            Ground::Road => "road",
            Ground::Woods => "woods",
            Ground::Buildings => "buildings",
            Ground::Hedgerow => "hedgerow",
            Ground::Crops => "crops",
            Ground::Water => "water",
        }
    }

    pub(super) const ALL: [Ground; 7] =
        [Ground::Open, Ground::Road, Ground::Woods, Ground::Buildings, Ground::Hedgerow, Ground::Crops, Ground::Water];
}

/// The ground being drawn, row by row.
#[derive(Clone, Debug)]
pub(super) struct Sketch {
    pub width: i32,
    pub height: i32,
    pub edge: Edge,
    pub cells: Vec<Ground>,
    /// The hexes of the main road, home edge first.
    pub road: Vec<Pos>,
    /// Where a road crosses the stream, if there is one.
    pub fords: Vec<Pos>,
    /// The hamlet's or the farm's buildings.
    pub houses: Vec<Pos>,
    /// Where two roads meet, if they do.
    pub crossroads: Option<Pos>,
}

/// The hexes of the hex line from `a` to `b`, both ends included: each
/// next to the one before, so a line drawn is unbroken.
pub(super) fn line(a: Pos, b: Pos) -> Vec<Pos> {
    a.hex().line_to(b.hex()).map(Pos::from_hex).collect()
}

impl Sketch {
    fn blank(width: i32, height: i32, edge: Edge) -> Self {
        let cells = vec![Ground::Open; (width * height) as usize];
        Sketch { width, height, edge, cells, road: Vec::new(), fords: Vec::new(), houses: Vec::new(), crossroads: None }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.col >= 0 && p.row >= 0 && p.col < self.width && p.row < self.height)
            .then(|| (p.row * self.width + p.col) as usize)
    }

    pub(super) fn get(&self, p: Pos) -> Option<Ground> {
        self.index(p).map(|i| self.cells[i])
    }

    fn set(&mut self, p: Pos, g: Ground) {
        if let Some(i) = self.index(p) {
            self.cells[i] = g;
        }
    }

    /// Draws `g` on `p` only where the ground is still open.
    fn paint(&mut self, p: Pos, g: Ground) -> bool {
        let open = self.get(p) == Some(Ground::Open);
        if open {
            self.set(p, g);
        }
        open
    }

    /// Hexes from the home edge out to the far one.
    pub(super) fn span(&self) -> i32 {
        match self.edge {
            Edge::North | Edge::South => self.height,
            Edge::East | Edge::West => self.width,
        }
    }

    /// Hexes along the home edge.
    fn breadth(&self) -> i32 {
        match self.edge {
            Edge::North | Edge::South => self.width,
            Edge::East | Edge::West => self.height,
        }
    }

    /// The hex `depth` out from the home edge and `across` along it.
    fn at(&self, depth: i32, across: i32) -> Pos {
        match self.edge {
            Edge::South => Pos::new(across, self.height - 1 - depth),
            Edge::North => Pos::new(across, depth),
            Edge::West => Pos::new(depth, across),
            Edge::East => Pos::new(self.width - 1 - depth, across),
        }
    }

    /// How far out from the home edge a hex lies.
    pub(super) fn depth(&self, p: Pos) -> i32 {
        match self.edge {
            Edge::South => self.height - 1 - p.row,
            Edge::North => p.row,
            Edge::West => p.col,
            Edge::East => self.width - 1 - p.col,
        }
    }

    fn hexes(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Pos::new(col, row)))
    }

    /// A ragged patch of `g` of about `size` hexes grown from `from` over open ground.
    fn patch(&mut self, rng: &mut Pcg32, from: Pos, size: u32, g: Ground) -> Vec<Pos> {
        let mut drawn = Vec::new();
        if self.paint(from, g) {
            drawn.push(from);
        }
        let mut tries = 0;
        while (drawn.len() as u32) < size && tries < size * 8 && !drawn.is_empty() {
            tries += 1;
            let grow = drawn[rng.random_range(0..drawn.len())];
            let next = grow.neighbour(rng.random_range(0..6));
            if self.paint(next, g) {
                drawn.push(next);
            }
        }
        drawn
    }

    /// A wandering line from `a` to `b` through a waypoint pushed aside by
    /// up to `wander` hexes, drawn with `g` over anything (the caller's
    /// order says what lies over what).
    fn trail(&mut self, rng: &mut Pcg32, (a, b): (Pos, Pos), wander: i32, g: Ground) -> Vec<Pos> {
        let (da, aa) = (self.depth(a), self.across(a));
        let (db, ab) = (self.depth(b), self.across(b));
        let (dm, am) = ((da + db) / 2, (aa + ab) / 2);
        let (dm, am) = if (db - da).abs() > (ab - aa).abs() {
            (dm, (am + rng.random_range(-wander..=wander)).clamp(0, self.breadth() - 1))
        } else {
            ((dm + rng.random_range(-wander..=wander)).clamp(0, self.span() - 1), am)
        };
        let middle = self.at(dm, am);
        let mut hexes = line(a, middle);
        hexes.extend(line(middle, b).into_iter().skip(1));
        for &p in &hexes {
            self.set(p, g);
        }
        hexes
    }

    fn across(&self, p: Pos) -> i32 {
        match self.edge {
            Edge::North | Edge::South => p.col,
            Edge::East | Edge::West => p.row,
        }
    }
}

/// Draws a patrol's ground of `width` by `height` hexes with home on `edge`.
pub(super) fn draw(rng: &mut Pcg32, width: i32, height: i32, edge: Edge) -> Sketch {
    let mut s = Sketch::blank(width, height, edge);
    let (span, breadth) = (s.span(), s.breadth());
    // A stream across the patrol's way, two in three maps, a third to three
    // fifths of the way out: the main road fords it.
    if rng.random_range(0..3) < 2 {
        let depth = |rng: &mut Pcg32| rng.random_range(span * 3 / 10..=span * 6 / 10);
        let (a, b) = (s.at(depth(rng), 0), s.at(depth(rng), breadth - 1));
        s.trail(rng, (a, b), 2, Ground::Water);
    }
    // The main road, from our lines out to the far edge.
    let (a, b) = (rng.random_range(2..breadth - 2), rng.random_range(1..breadth - 1));
    let (home, far) = (s.at(0, a), s.at(span - 1, b));
    let before: Vec<Ground> = s.cells.clone();
    s.road = s.trail(rng, (home, far), 3, Ground::Road);
    s.fords = s.road.iter().copied().filter(|&p| s.index(p).is_some_and(|i| before[i] == Ground::Water)).collect();
    // One map in two, a lane across that meets it: a crossroads.
    if rng.random_range(0..2) == 0 {
        let meet = s.road[rng.random_range(s.road.len() / 3..s.road.len() * 3 / 4)];
        let side = if rng.random_range(0..2) == 0 { 0 } else { breadth - 1 };
        let from = s.at((s.depth(meet) + rng.random_range(-2..=2)).clamp(1, span - 1), side);
        let under: Vec<Ground> = s.cells.clone();
        let lane = s.trail(rng, (from, meet), 1, Ground::Road);
        let fords: Vec<Pos> =
            lane.iter().copied().filter(|&p| s.index(p).is_some_and(|i| under[i] == Ground::Water)).collect();
        s.fords.extend(fords);
        s.crossroads = Some(meet);
    }
    // A hamlet (three to five houses) or a farm (one or two), beside a
    // road well out from our lines.
    let out: Vec<Pos> = s
        .hexes()
        .filter(|&p| s.get(p) == Some(Ground::Road) && (span * 2 / 5..=span * 4 / 5).contains(&s.depth(p)))
        .collect();
    if !out.is_empty() {
        let by = out[rng.random_range(0..out.len())];
        let hamlet = rng.random_range(0..2) == 0;
        let size = if hamlet { rng.random_range(3..=5) } else { rng.random_range(1..=2) };
        let start = by.neighbour(rng.random_range(0..6));
        s.houses = s.patch(rng, start, size, Ground::Buildings);
        if !hamlet {
            // The farm's yard is hedged round, with gaps.
            for h in s.houses.clone() {
                for n in h.neighbours() {
                    if rng.random_range(0..3) == 0 {
                        s.paint(n, Ground::Hedgerow);
                    }
                }
            }
        }
    }
    let anywhere = |rng: &mut Pcg32, s: &Sketch| s.at(rng.random_range(1..span), rng.random_range(0..breadth));
    // Woods: two to four, of three to eight hexes.
    for _ in 0..rng.random_range(2..=4) {
        let from = anywhere(rng, &s);
        let size = rng.random_range(3..=8);
        s.patch(rng, from, size, Ground::Woods);
    }
    // Hedgerows: short straight runs, the field boundaries of the bocage.
    for _ in 0..rng.random_range(6..=10) {
        let mut at = anywhere(rng, &s);
        let way = rng.random_range(0..6);
        for _ in 0..rng.random_range(2..=4) {
            s.paint(at, Ground::Hedgerow);
            at = at.neighbour(way);
        }
    }
    // Crops: two or three small fields.
    for _ in 0..rng.random_range(2..=3) {
        let from = anywhere(rng, &s);
        let size = rng.random_range(2..=5);
        s.patch(rng, from, size, Ground::Crops);
    }
    s
}
