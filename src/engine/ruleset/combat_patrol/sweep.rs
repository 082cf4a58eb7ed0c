//! Fire that reaches beyond one man, and ammunition (rule sets that have
//! them: Combat Patrol). A special method that sprays a hex or sweeps an
//! arc (`Method::Spray`, `Method::Arc`) is played here: the rule set gives
//! its numbers and rolls its dice, the loop finds the men it reaches. A
//! weapon's ammunition is spent as it fires and reloaded card by card.

use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::ruleset::Method;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::State;

impl Game {
    /// Soldier `me` fires at `target` by his weapon's special method: more
    /// shots at the man (the volley), or a spray or an arc.
    pub(in crate::engine) fn fire_special(
        &mut self,
        memo: Memo<'_>,
        me: usize,
        target: usize,
        events: &mut Events,
    ) -> Result<(), String> {
        match self.rules.method(&self.book, &self.soldiers[me]) {
            Some(m @ (Method::Spray { .. } | Method::Arc { .. })) => self.sweep(memo, me, target, m, events),
            // More shots, or none at all: the rule set's odds say which, or why not.
            Some(Method::Shots) | None => {
                let shot = self.special_shot(memo, me, target)?;
                self.fire(me, target, shot, events);
                Ok(())
            }
        }
    }

    /// A spray around `target`, or an arc swept towards him: every man it
    /// reaches, of either side (not the shooter, not a vehicle), in the
    /// order of `Game::soldiers`. An arc's bullets are shots at him by the gunner's standard
    /// method; a man no bullet hits, and every man a spray reaches, takes
    /// the rule set's reaction test, the method's number harder.
    fn sweep(
        &mut self,
        memo: Memo<'_>,
        me: usize,
        target: usize,
        method: Method,
        events: &mut Events,
    ) -> Result<(), String> {
        // The man aimed at must be one he could shoot at now: in sight, in
        // range, with ammunition.
        let shot = self.aimed_shot(memo, me, target)?;
        if shot.at_band.is_some() {
            return Err("a vehicle is fired at with anti-tank weapons, not a special firing method".into());
        }
        let (name, hexes, worse) = self.reach_of(memo, me, target, method)?;
        let reached = self.reached(me, &hexes);
        let shooter = self.soldiers[me].id.clone();
        events.push(Event::Sweep {
            shooter: shooter.clone(),
            target: self.soldiers[target].id.clone(),
            method: Name::new_static(name),
            hexes: hexes.clone(),
        });
        let rules = self.rules;
        for i in reached {
            let mut hit = false;
            if matches!(method, Method::Arc { .. }) {
                hit = self.bullets_at(me, i, events) > 0;
            }
            if hit || !self.soldiers[i].can_act() {
                continue;
            }
            if let Some(r) = rules.suppressed(&self.book, &mut self.dice, &self.soldiers[i], (name, worse)) {
                self.pressed(i, r, events);
            }
        }
        self.soldiers[me].first_shot = false;
        self.spend(me, true, false);
        Ok(())
    }

    /// The hexes `me`'s special method would reach fired at `target` now
    /// (a spray's or an arc's), for the map to show before he fires; None
    /// where it would reach only the man aimed at, or could not be fired.
    pub fn special_reach(&self, memo: Memo<'_>, me: usize, target: usize) -> Option<Vec<Pos>> {
        match self.rules.method(&self.book, &self.soldiers[me])? {
            m @ (Method::Spray { .. } | Method::Arc { .. }) => self.reach_of(memo, me, target, m).ok().map(|r| r.1),
            Method::Shots => None,
        }
    }

    /// What `method` fired by `me` at `target` reaches: the method's name,
    /// the hexes, and how much harder their men's reaction test is.
    pub(in crate::engine) fn reach_of(
        &self,
        memo: Memo<'_>,
        me: usize,
        target: usize,
        method: Method,
    ) -> Result<(&'static str, Vec<Pos>, i32), String> {
        let (Some(from), Some(to)) = (self.soldiers[me].pos, self.soldiers[target].pos) else {
            return Err("not on the map".into());
        };
        let (name, worse) = method.reach().ok_or("more shots at one man reach nobody else")?;
        let hexes = match method {
            Method::Spray { radius, .. } => {
                let mut hexes: Vec<Pos> = to.hex().range(radius).map(Pos::from_hex).collect();
                hexes.retain(|&h| self.map.contains(h));
                hexes.sort_by_key(|&h| (to.distance(h), h));
                hexes
            }
            Method::Arc { degrees, reach, .. } => {
                let d = from.distance(to);
                if d > reach {
                    return Err(format!(
                        "out of the arc's reach: {} is {d} hexes off, the arc reaches {reach} (the optimum range)",
                        self.soldiers[target].id
                    ));
                }
                let mut hexes = arc(from, to, degrees, reach);
                hexes.retain(|&h| self.map.contains(h) && self.can_see(memo, from, h));
                hexes
            }
            Method::Shots => unreachable!("more shots have no reach (Method::reach)"),
        };
        Ok((name, hexes, worse))
    }

    /// The men in `hexes` a sweep by `me` reaches: able men of either side
    /// on foot, not he, in the order of `Game::soldiers`.
    fn reached(&self, me: usize, hexes: &[Pos]) -> Vec<usize> {
        (0..self.soldiers.len())
            .filter(|&i| {
                let s = &self.soldiers[i];
                i != me && s.can_act() && s.vehicle.is_none() && s.pos.is_some_and(|p| hexes.contains(&p))
            })
            .collect()
    }

    /// Whether the patrol leader's or the enemy's `me` sprays or sweeps an
    /// arc at `target` rather than shoot at him, by the rule both follow (a
    /// decision): the method reaches two or more able, unpinned men of the
    /// other side and none of his own, and a spray only where his shot
    /// would need `worst_need` or more.
    #[inline]
    pub(in crate::engine) fn prefers_sweep(&self, memo: Memo<'_>, me: usize, target: usize, worst_need: i32) -> bool {
        self.sweep_is_better(memo, me, target, worst_need)
    }

    /// `prefers_sweep` under a rule set with sweeps.
    #[inline(never)]
    fn sweep_is_better(&self, memo: Memo<'_>, me: usize, target: usize, worst_need: i32) -> bool {
        let method = match self.rules.method(&self.book, &self.soldiers[me]) {
            Some(m @ (Method::Spray { .. } | Method::Arc { .. })) => m,
            _ => return false,
        };
        let Ok(shot) = self.aimed_shot(memo, me, target) else { return false };
        if shot.at_band.is_some() || (matches!(method, Method::Spray { .. }) && shot.odds.need() < worst_need) {
            return false;
        }
        let Ok((_, hexes, _)) = self.reach_of(memo, me, target, method) else { return false };
        let side = self.soldiers[me].side;
        let reached = self.reached(me, &hexes);
        let foes = reached.iter().filter(|&&i| self.soldiers[i].side != side && self.soldiers[i].pressure.is_steady());
        foes.count() >= 2 && reached.iter().all(|&i| self.soldiers[i].side != side)
    }

    /// The bullets of an arc at soldier `i`: each a shot at him by the
    /// gunner's standard method, each hit a blow. The hits.
    fn bullets_at(&mut self, me: usize, i: usize, events: &mut Events) -> u32 {
        let rules = self.rules;
        let Some((roll, bullets)) = rules.bullets(&self.book, &mut self.dice, &self.soldiers[me], &self.soldiers[i].id)
        else {
            return 0;
        };
        events.push(Event::Roll(roll));
        let (s, t) = (&self.soldiers[me], &self.soldiers[i]);
        let (Some(from), Some(to), Some(weapon)) = (s.pos, t.pos, self.aimed_weapon(s)) else { return 0 };
        let Ok(odds) = rules.aimed(&self.book, &self.aim(s, weapon, from, to)) else { return 0 };
        let mut hits = 0;
        for _ in 0..bullets {
            let names = (&self.soldiers[me], &self.soldiers[i].id);
            hits += rules.volley(&self.book, &mut self.dice, odds.clone(), names, false, events);
        }
        self.struck_by(i, me, hits, events);
        hits
    }

    /// Why soldier `me`'s own weapon cannot fire for want of ammunition,
    /// if it cannot (rule sets with ammunition). Every load is at least one
    /// use (the rule book's check), so a gun that has spent none is loaded:
    /// the rule set is not asked.
    #[inline]
    pub(in crate::engine) fn ammo_out(&self, me: usize) -> Option<String> {
        if self.soldiers[me].kit.combat_patrol().spent == 0 {
            return None;
        }
        self.empty_gun(me)
    }

    /// `ammo_out` under a rule set with ammunition: out of line, as the
    /// question is asked at every shot and most rule sets have none.
    #[inline(never)]
    fn empty_gun(&self, me: usize) -> Option<String> {
        let s = &self.soldiers[me];
        let ammo = self.rules.ammo(&self.book, s).filter(|a| a.left == 0)?;
        let weapon = s.weapon_in(&self.book).map_or(s.weapon(&self.book), |w| w.name.as_str());
        Some(match ammo.reload {
            Some(_) => format!(
                "{}'s {weapon} is empty: reload it first (reload, or reload {} by a man in his hex)",
                s.id, s.id
            ),
            None => format!("{}'s {weapon} has no ammunition left for this patrol", s.id),
        })
    }

    /// Whether soldier `me` fires his own weapon when he fires at men (not
    /// the side arm of an anti-tank weapon's man).
    pub(in crate::engine) fn fires_own_weapon(&self, me: usize) -> bool {
        let s = &self.soldiers[me];
        s.aimed_index(&self.book) == s.weapon_index()
    }

    /// Soldier `me` has fired (by the special method: `special`; at a
    /// vehicle, with his anti-tank weapon: `at_vehicle`): a use of his own
    /// weapon's ammunition is spent if he fired it and the rule set says
    /// this fire spends one.
    #[inline]
    pub(in crate::engine) fn spend(&mut self, me: usize, special: bool, at_vehicle: bool) {
        if !(at_vehicle || self.fires_own_weapon(me)) {
            return;
        }
        if self.rules.ammo(&self.book, &self.soldiers[me]).is_some_and(|a| a.spent_by(special)) {
            let s = &mut self.soldiers[me];
            s.kit.combat_patrol_mut().spent = s.kit.combat_patrol().spent.saturating_add(1);
        }
    }

    /// Soldier `me`, his card up, spends it on a reload action: on his own
    /// gun, or on that of `gunner`, a man of his side in his hex.
    pub(in crate::engine) fn reload_gun(
        &mut self,
        me: usize,
        gunner: Option<&Name>,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        let g = match gunner {
            None => me,
            Some(name) => {
                self.find(name).ok_or_else(|| RuleError::Unknown(format!("there is nobody called '{name}'")))?
            }
        };
        let (whole, half) = self.card_free(me);
        if g == me && !whole {
            return refuse(
                RuleError::Fire,
                format!("{} has used half his card: reloading his own gun takes the whole of it", self.soldiers[me].id),
            );
        }
        if g != me && !half {
            return refuse(
                RuleError::Fire,
                format!(
                    "{} has made his combat move on this card: helping to reload is the move half of a card",
                    self.soldiers[me].id
                ),
            );
        }
        let (s, gs) = (&self.soldiers[me], &self.soldiers[g]);
        if g != me && (gs.side != s.side || gs.pos.is_none() || gs.pos != s.pos || gs.state == State::Dead) {
            return refuse(
                RuleError::Fire,
                format!("{} is not a living man of your side in your hex: you can reload only beside him", gs.id),
            );
        }
        let rules = self.rules;
        let r = rules.reload(&self.book, &mut self.dice, &self.soldiers[g]).map_err(RuleError::Fire)?;
        if let Some(roll) = r.roll {
            events.push(Event::Roll(roll));
        }
        let gs = &mut self.soldiers[g];
        if r.loaded {
            (gs.kit.combat_patrol_mut().spent, gs.kit.combat_patrol_mut().reloaded) = (0, 0);
        } else {
            gs.kit.combat_patrol_mut().reloaded = gs.kit.combat_patrol().reloaded.saturating_add(1);
        }
        let gunner = gs.id.clone();
        events.push(Event::Reload { gunner, by: self.soldiers[me].id.clone(), loaded: r.loaded });
        Ok(())
    }

    /// The action is over: every gun that is reloaded (not limited
    /// ammunition) is loaded again in the quiet that follows.
    pub(in crate::engine) fn reload_after_action(&mut self) {
        for i in 0..self.soldiers.len() {
            if self.rules.ammo(&self.book, &self.soldiers[i]).is_some_and(|a| a.reload.is_some()) {
                let s = &mut self.soldiers[i];
                (s.kit.combat_patrol_mut().spent, s.kit.combat_patrol_mut().reloaded) = (0, 0);
            }
        }
    }

    /// The soldier whose empty gun soldier `me` would reload, by the rule
    /// the patrol leader and the enemy both follow (a decision): his own if
    /// it is empty, else that of a man of his side in his hex; None if none
    /// can be reloaded.
    /// Where a card is a fire and a combat move, only what his card has left
    /// room for: his own gun with the whole card, another's with its move half.
    #[inline]
    pub(in crate::engine) fn gun_to_reload(&self, me: usize) -> Option<usize> {
        let (whole, half) = self.card_free(me);
        if !half {
            return None;
        }
        self.empty_gun_beside(me, whole)
    }

    /// What of soldier `me`'s card is still his to spend: the whole of it,
    /// and its move half. Both, but where a card is a fire and a combat move
    /// (`Rules::fire_and_move`) and he has done one half of his card.
    fn card_free(&self, me: usize) -> (bool, bool) {
        match &self.phase {
            Phase::Action(a) if a.up == Some(me) && self.rules.fire_and_move(&self.book) => {
                (a.leave.is_free(), a.leave.may_move)
            }
            _ => (true, true),
        }
    }

    /// The empty gun beside `me` (his own first, if `own`), under a rule set
    /// with ammunition: `gun_to_reload`.
    #[inline(never)]
    pub(in crate::engine) fn empty_gun_beside(&self, me: usize, own: bool) -> Option<usize> {
        let s = &self.soldiers[me];
        let here = s.pos?;
        // A gun that has spent nothing is loaded (`ammo_out`).
        let empty = |i: usize| {
            let o = &self.soldiers[i];
            o.kit.combat_patrol().spent > 0
                && self.rules.ammo(&self.book, o).is_some_and(|a| a.left == 0 && a.reload.is_some())
        };
        if own && empty(me) {
            return Some(me);
        }
        (0..self.soldiers.len()).find(|&i| {
            let o = &self.soldiers[i];
            o.kit.combat_patrol().spent > 0
                && i != me
                && o.side == s.side
                && o.pos == Some(here)
                && o.can_act()
                && empty(i)
        })
    }

    /// What does not hold in `s`'s ammunition, if anything: spent only of
    /// a weapon whose ammunition runs out, no more than a load, reloading
    /// only an empty gun, and never past the actions it takes.
    pub(in crate::engine) fn ammo_inconsistent(
        &self,
        s: &crate::engine::vocabulary::soldier::Soldier,
    ) -> Option<String> {
        if s.kit.combat_patrol().spent == 0 && s.kit.combat_patrol().reloaded == 0 {
            return None;
        }
        let Some(a) = self.rules.ammo(&self.book, s) else {
            return Some(format!("{} has spent ammunition of a {} that never runs out", s.id, s.weapon(&self.book)));
        };
        if s.kit.combat_patrol().spent > a.load {
            return Some(format!(
                "{} has spent {} of the {} his {} holds",
                s.id,
                s.kit.combat_patrol().spent,
                a.load,
                s.weapon(&self.book)
            ));
        }
        match a.reload {
            _ if s.kit.combat_patrol().reloaded == 0 => None,
            Some((_, more)) if a.left == 0 && more > 0 => None,
            _ => Some(format!(
                "{} is {} actions into reloading a {} that cannot be so",
                s.id,
                s.kit.combat_patrol().reloaded,
                s.weapon(&self.book)
            )),
        }
    }
}

/// The hexes of an arc of `degrees` from `from` towards `to`, out to
/// `reach` hexes: those whose centres lie within half the angle of the line
/// between the two centres, `from` left out; nearest first.
///
/// Centres are compared in the plane of a flat-topped grid: a hex at axial
/// `(q, r)` is at `(3q, √3(2r + q))` (twice the usual, which the angle does
/// not mind), so every product below is a whole number but for the `√3`s,
/// which come in pairs. A hex exactly on the arc's edge is in it.
pub fn arc(from: Pos, to: Pos, degrees: u32, reach: u32) -> Vec<Pos> {
    let (o, t) = (from.hex(), to.hex());
    let v = |h: hexx::Hex| (i128::from(3 * (h.x - o.x)), i128::from(2 * (h.y - o.y) + (h.x - o.x)));
    // (x, y) with y to be scaled by √3: their dot product, a whole number.
    let dot = |a: (i128, i128), b: (i128, i128)| a.0 * b.0 + 3 * a.1 * b.1;
    let aim = v(t);
    // The square of the cosine of half the arc, in millionths of millionths,
    // rounded once: every comparison after it is in whole numbers, and so
    // the same on every machine. The rules' check keeps an arc within 1 to
    // 180 degrees.
    let half = (f64::from(degrees.clamp(1, 180)) / 2.0).to_radians();
    const SCALE: i128 = 1_000_000_000_000;
    let cos2 = (half.cos().powi(2) * SCALE as f64).round() as i128;
    let mut hexes: Vec<Pos> = o
        .range(reach)
        .filter(|&h| h != o)
        .filter(|&h| {
            let p = v(h);
            let d = dot(p, aim);
            d > 0 && d * d * SCALE >= cos2 * dot(p, p) * dot(aim, aim)
        })
        .map(Pos::from_hex)
        .collect();
    hexes.sort_by_key(|&h| (from.distance(h), h));
    hexes
}

#[cfg(test)]
#[path = "sweep_tests.rs"]
mod tests;
