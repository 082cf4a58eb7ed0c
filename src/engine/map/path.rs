//! Walking the map: the shortest path between two hexes, and the walking
//! distance from one hex to all others.
//!
//! `Map::path` is hexx's `a_star` step for step: the same heuristic, the
//! same heap, the same order of neighbours, the same re-opening of hexes, so
//! among equally short paths it picks the very same one (the patrol's
//! recorded games depend on it). Only its bookkeeping differs: two arrays
//! over the map's hexes instead of two hash maps, which were most of the
//! simulator's time. A test checks both agree on many maps.

use std::collections::BinaryHeap;

use crate::engine::book::RuleBook;
use crate::engine::map::Map;
use crate::engine::vocabulary::pos::Pos;

/// A hex waiting in the open set, by its index on the map, ordered as hexx
/// orders it: lowest score first, and nothing else compared (so the heap
/// moves exactly as hexx's does).
struct Node {
    index: u32,
    score: u32,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.score == other.score
    }
}

impl Eq for Node {}

impl PartialOrd for Node {
    fn partial_cmp(&self, rhs: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(rhs))
    }
}

impl Ord for Node {
    fn cmp(&self, rhs: &Self) -> std::cmp::Ordering {
        rhs.score.cmp(&self.score)
    }
}

const NONE: u32 = u32::MAX;

/// What A* leaves for each hex of the map, by index: the steps of the best
/// walk found to it and the hex it came from (`NONE` at the start, and
/// where none was found).
type Reached = Vec<(u32, u32)>;

impl Map {
    /// The index of a hex on the map in row order, or None off the map.
    pub(in crate::engine) fn index(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| (p.row * self.width + p.col) as usize)
    }

    /// The hex with index `i` (see `index`).
    pub(in crate::engine) fn pos_at(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.width, i as i32 / self.width)
    }

    pub(in crate::engine) fn hex_count(&self) -> usize {
        (self.width.max(0) * self.height.max(0)) as usize
    }

    /// The shortest walk from `from` to `to` over enterable hexes, start
    /// included; where several are equally short, the one hexx's A* finds.
    pub fn path(&self, book: &RuleBook, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        let Some(start) = self.index(from) else {
            // Only a start off the map is outside the arrays; hexx itself answers that.
            let path = hexx::algorithms::a_star(from.hex(), to.hex(), |_, b| {
                let p = Pos::from_hex(b);
                (self.enterable(book, p) || p == from).then_some(1)
            })?;
            return Some(path.into_iter().map(Pos::from_hex).collect());
        };
        let (reached, end) = self.a_star(book, start, from, to)?;
        let mut path = Vec::with_capacity(reached[end].0 as usize + 1);
        let mut at = end as u32;
        while at != NONE {
            path.push(self.pos_at(at as usize));
            at = reached[at as usize].1;
        }
        path.reverse();
        Some(path)
    }

    /// The length in steps of `path(from, to)` and its first step, without
    /// gathering the path; None where it has no step.
    pub(in crate::engine) fn walk(&self, book: &RuleBook, from: Pos, to: Pos) -> Option<(u32, Pos)> {
        let Some(start) = self.index(from) else {
            let path = self.path(book, from, to)?;
            return Some((path.len() as u32 - 1, *path.get(1)?));
        };
        let (reached, end) = self.a_star(book, start, from, to)?;
        // Back from the end to the hex entered from the start.
        let mut at = end as u32;
        while reached.get(at as usize)?.1 != start as u32 {
            at = reached[at as usize].1;
        }
        Some((reached[end].0, self.pos_at(at as usize)))
    }

    /// hexx's `a_star` from `from` (on the map, at index `start`) to `to`,
    /// step for step (see the module's comment): what it reached, and the
    /// index of `to`; None if no walk leads there.
    fn a_star(&self, book: &RuleBook, start: usize, from: Pos, to: Pos) -> Option<(Reached, usize)> {
        // The cost of stepping into a hex is 1 where a man can go.
        let enterable = |p: Pos| self.enterable(book, p) || p == from;
        let end = self.index(to).filter(|_| enterable(to))?;
        let mut reached: Reached = vec![(u32::MAX, NONE); self.hex_count()];
        let mut open = BinaryHeap::with_capacity(64);
        // hexx counts the start's own cost of 1 in its first score.
        open.push(Node { index: start as u32, score: from.distance(to) + 1 });
        reached[start].0 = 0;
        while let Some(node) = open.pop() {
            let i = node.index as usize;
            if i == end {
                return Some((reached, end));
            }
            let cost = reached[i].0 + 1;
            for p in self.pos_at(i).neighbours() {
                let Some(n) = self.index(p).filter(|_| enterable(p)) else { continue };
                if reached[n].0 > cost {
                    reached[n] = (cost, node.index);
                    open.push(Node { index: n as u32, score: cost + p.distance(to) });
                }
            }
        }
        None
    }

    /// The nearest hex that is `wanted`, by steps over enterable hexes from
    /// `from` (not counting `from` itself), with its distance; of several
    /// equally near, the least by column, then row. None if none can be reached.
    ///
    /// A breadth-first search that stops once the hexes one step further than
    /// the first wanted hex are about to be looked at: by then every hex at that
    /// distance is found, so the answer is that of a search over the whole map.
    pub fn nearest(&self, book: &RuleBook, from: Pos, wanted: impl Fn(Pos) -> bool) -> Option<(u32, Pos)> {
        let mut seen = vec![false; self.hex_count()];
        seen[self.index(from)?] = true;
        // Every hex joins the queue once at most, so a list read from the
        // front is the queue, and never outgrows its room.
        let mut queue = Vec::with_capacity(self.hex_count());
        queue.push((from, 0u32));
        let mut next = 0;
        let mut best: Option<(u32, Pos)> = None;
        while let Some(&(p, d)) = queue.get(next) {
            next += 1;
            if best.is_some_and(|(found, _)| d >= found) {
                break;
            }
            for n in p.neighbours() {
                let Some(i) = self.index(n) else { continue };
                if seen[i] || !self.enterable(book, n) {
                    continue;
                }
                seen[i] = true;
                queue.push((n, d + 1));
                if wanted(n) && best.is_none_or(|b| (d + 1, n) < b) {
                    best = Some((d + 1, n));
                }
            }
        }
        best
    }
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
