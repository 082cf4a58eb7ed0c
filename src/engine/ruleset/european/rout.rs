//! Rout movement (section XI): a squad that throws a double 1 on a courage
//! test runs 2d6 inches a turn toward the nearest edge of the table, never
//! firing or charging, until it is off it. Here (decisions) the run comes
//! at the STOP card that ends the turn, one throw a squad; each man takes
//! the shortest way to the nearest edge of the map, 3" a hex, a hex of
//! difficult ground costing twice that, never into a hex an able enemy
//! holds; a step off the edge takes him out of the fight. Under the house
//! rule `rout_leaves_at_once` none of this is played: an enemy squad routed
//! is gone at once (`Game::squad_pressed`), and the patrol's routed men go
//! where they are ordered.

use crate::engine::dice::Purpose;
use crate::engine::game::Game;
use crate::engine::ruleset::Pressure;
use crate::engine::ruleset::european::indirect::hexes_words;
use crate::engine::ruleset::european::tables_in;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// Whether a squad routed leaves at once (the house rule
    /// `rout_leaves_at_once`, and every rule set without a rout of its own)
    /// rather than running turn by turn.
    pub(in crate::engine) fn rout_leaves_at_once(&self) -> bool {
        tables_in(&self.book).is_none_or(|t| t.rout_leaves_at_once)
    }

    /// Hexes from `p` to the nearest edge of the map (0 on an edge hex):
    /// a column a step, and north or south a row a step.
    pub(in crate::engine) fn edge_gap(&self, p: Pos) -> i32 {
        p.col.min(self.map.width - 1 - p.col).min(p.row).min(self.map.height - 1 - p.row)
    }

    /// At STOP: every routed squad on the map throws its rout dice
    /// (`eb_rout`), and each of its men runs that many inches toward the
    /// nearest edge, leaving the map once he steps off it.
    pub(in crate::engine) fn routs_run(&mut self, events: &mut Events) {
        let Some(t) = tables_in(&self.book) else { return };
        if t.rout_leaves_at_once {
            return;
        }
        let ((count, sides), per_hex) = (t.rout_dice, t.inches_per_hex.max(1));
        let mut done: Vec<(Side, u32)> = Vec::new();
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            let key = (s.side, self.squad_key(i));
            if s.pressure != Pressure::Routed || !s.can_act() || done.contains(&key) {
                continue;
            }
            done.push(key);
            let men: Vec<usize> = (0..self.soldiers.len())
                .filter(|&j| {
                    let m = &self.soldiers[j];
                    m.side == key.0 && self.squad_key(j) == key.1 && m.can_act() && m.pressure == Pressure::Routed
                })
                .collect();
            let roll = self
                .dice
                .table(Purpose::EbRout, count, sides, |inches| Name::new_static(hexes_words(inches / per_hex)));
            let inches = roll.total;
            events.push(Event::Roll(roll.by(&self.soldiers[i].id)));
            for m in men {
                self.run_for_the_edge(m, inches, per_hex, events);
            }
        }
    }

    /// Soldier `m` runs `inches` toward the nearest edge of the map.
    fn run_for_the_edge(&mut self, m: usize, mut inches: u32, per_hex: u32, events: &mut Events) {
        let side = self.soldiers[m].side;
        while let Some(here) = self.soldiers[m].pos {
            let gap = self.edge_gap(here);
            if gap == 0 {
                if inches < per_hex {
                    return;
                }
                // Off the edge: out of the fight (a man of the patrol makes his own way home).
                let s = &mut self.soldiers[m];
                s.pos = None;
                let soldiers = vec![s.id.clone()];
                events.push(match side {
                    Side::Enemy => Event::Gone { soldiers },
                    Side::Friendly => Event::Exited { soldiers, hex: here },
                });
                return;
            }
            let foes: Vec<Pos> = self.able_hexes(side.other()).collect();
            let step = here
                .neighbours()
                .into_iter()
                .filter(|&n| self.edge_gap(n) < gap && self.map.enterable(&self.book, n) && !foes.contains(&n))
                .map(|n| (self.step_inches(n, per_hex), n))
                .filter(|&(cost, _)| cost <= inches)
                .min_by_key(|&(cost, _)| cost);
            let Some((cost, to)) = step else { return };
            inches -= cost;
            let s = &mut self.soldiers[m];
            (s.pos, s.moved) = (Some(to), true);
            events.push(Event::Moved { section: None, soldiers: vec![s.id.clone()], from: here, to });
        }
    }

    /// What a step into `to` costs a running man: a hex's inches, twice
    /// that through difficult ground.
    fn step_inches(&self, to: Pos, per_hex: u32) -> u32 {
        let difficult = self.map.terrain(&self.book, to).is_some_and(|t| self.rules.difficult(&self.book, t));
        if difficult { 2 * per_hex } else { per_hex }
    }
}
