//! Aimed fire between two men: the odds a player is shown, and the need
//! alone that the engine's own choices weigh, many shots at a time.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::engine::book::Weapon;
use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::lone_warrior::arsenal::AtBand;
use crate::engine::ruleset::{Aim, AimedShot, Odds};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

impl AimedShot {
    /// An anti-tank shot at a vehicle, with its band.
    fn at_vehicle(odds: Odds, band: AtBand) -> Self {
        AimedShot { odds, at_band: Some(band), special: false }
    }

    /// The weapon `shooter` fires this shot with, as the `Shot` event
    /// names it: at a vehicle his own (anti-tank) weapon, else the one he
    /// aims at men (`Game::aimed_weapon`, which `aimed_at` was given).
    pub fn weapon(&self, game: &Game, shooter: &Soldier) -> Name {
        match (&self.at_band, game.aimed_weapon(shooter)) {
            (None, Some(w)) => w.key.clone(),
            _ => shooter.weapon(&game.book).into(),
        }
    }
}

impl Game {
    /// The odds of `shooter` hitting `target` with aimed fire now, or why he cannot.
    ///
    /// # Errors
    /// The reason in words: not a legitimate target, no line of sight, out of range.
    pub fn shot_odds(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Result<Odds, String> {
        self.aimed_shot(memo, shooter, target).map(|shot| shot.odds)
    }

    /// The odds of `shooter` hitting `target` by his weapon's special firing
    /// method now, or why he cannot (no such method, or as `shot_odds`).
    ///
    /// # Errors
    /// The reason in words.
    pub fn special_odds(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Result<Odds, String> {
        self.special_shot(memo, shooter, target).map(|shot| shot.odds)
    }

    /// The shot `special_odds` gives the odds of: the checks of an aimed
    /// shot, and the rule set's odds of the special method. Never at a vehicle.
    pub(in crate::engine) fn special_shot(
        &self,
        memo: Memo<'_>,
        shooter: usize,
        target: usize,
    ) -> Result<AimedShot, String> {
        let shot = self.aimed_shot(memo, shooter, target)?;
        if shot.at_band.is_some() {
            return Err("a vehicle is fired at with anti-tank weapons, not a special firing method".into());
        }
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        let weapon = self.aimed_weapon(s).ok_or_else(|| format!("unknown weapon {}", s.weapon(&self.book)))?;
        let (Some(from), Some(to)) = (s.pos, t.pos) else { return Err("not on the map".into()) };
        let aim = Aim { special: true, ..self.aim(s, weapon, from, to) };
        let odds = self.rules.aimed(&self.book, &aim)?;
        Ok(AimedShot { odds, at_band: None, special: true })
    }

    /// Of `shot` (a standard shot at `target`) and the special method's,
    /// the one likelier to score more hits: the patrol leader and the enemy
    /// fire it. Only a rule set whose special method fires more shots is
    /// asked its odds; one that rolls the default volley has none.
    pub(in crate::engine) fn better_shot(
        &self,
        memo: Memo<'_>,
        shooter: usize,
        target: usize,
        shot: AimedShot,
    ) -> AimedShot {
        let Some((standard, special)) = self.special_fires_more(shooter).filter(|_| shot.at_band.is_none()) else {
            return shot;
        };
        match self.special_shot(memo, shooter, target) {
            Ok(sp) if sp.odds.chance() * f64::from(special) > shot.odds.chance() * f64::from(standard) => sp,
            _ => shot,
        }
    }

    /// Whether the patrol leader's `shooter` fires at `target` by his
    /// special method: where `better_shot` would choose it.
    pub(in crate::engine) fn prefers_special(&self, memo: Memo<'_>, shooter: usize, target: usize) -> bool {
        self.special_fires_more(shooter).is_some()
            && self
                .marksman(memo, shooter)
                .and_then(|m| m.shot(target))
                .is_some_and(|shot| self.better_shot(memo, shooter, target, shot).special)
    }

    /// The shots of `shooter`'s standard method and of his special one,
    /// where the special fires more; else None.
    fn special_fires_more(&self, shooter: usize) -> Option<(u32, u32)> {
        let s = &self.soldiers[shooter];
        let (standard, special) = (self.rules.shots(&self.book, s, false), self.rules.shots(&self.book, s, true));
        (special > standard).then_some((standard, special))
    }

    /// The shot `shot_odds` gives the odds of, as `fire` fires it.
    pub(in crate::engine) fn aimed_shot(
        &self,
        memo: Memo<'_>,
        shooter: usize,
        target: usize,
    ) -> Result<AimedShot, String> {
        let (s, t) = (&self.soldiers[shooter], &self.soldiers[target]);
        if s.side == t.side {
            return Err(format!("{} is on your own side", t.id));
        }
        if !t.can_act() {
            return Err(format!("{} is {}: not a legitimate target", t.id, t.state.words()));
        }
        let (Some(from), Some(to)) = (s.pos, t.pos) else {
            return Err("not on the map".into());
        };
        if let Some(why) = self.ammo_out(shooter).filter(|_| t.vehicle.is_some() || self.fires_own_weapon(shooter)) {
            return Err(why);
        }
        if t.vehicle.is_some() {
            if let Some(shot) = self.own_vehicle_shot(memo, shooter, target) {
                return shot;
            }
            let (odds, band) = self.at_odds(memo, shooter, target)?;
            return Ok(AimedShot::at_vehicle(odds, band));
        }
        let weapon = self
            .aimed_arm(memo, s)
            .and_then(|i| self.book.weapons.get(i))
            .ok_or_else(|| format!("unknown weapon {}", s.weapon(&self.book)))?;
        if !self.can_see(memo, from, to) {
            return Err(format!("no line of sight from {from} to {to}"));
        }
        self.aimed_at(s, weapon, from, to)
    }

    /// `s`'s shot with `weapon` from `from` at a man in `to`, once the man
    /// is known to be a target in sight: the fire rules' odds. Inline: its
    /// `AimedShot` is then made where it is used rather than moved there.
    #[inline]
    fn aimed_at(&self, s: &Soldier, weapon: &Weapon, from: Pos, to: Pos) -> Result<AimedShot, String> {
        let odds = self.rules.aimed(&self.book, &self.aim(s, weapon, from, to))?;
        Ok(AimedShot { odds, at_band: None, special: false })
    }

    /// The weapon a man aims at men: his own, or the side arm of an
    /// anti-tank weapon's man or of a gun.
    pub(crate) fn aimed_weapon(&self, s: &Soldier) -> Option<&Weapon> {
        s.aimed_index(&self.book).map(|i| &self.book.weapons[i])
    }

    /// Where the weapon `s` aims at men with stands in the rule book's list
    /// (`Soldier::aimed_index`): read from the cache's table of the book's
    /// weapons (`arms`) when it has one for this book, else looked up.
    #[inline(always)]
    pub(in crate::engine) fn aimed_arm(&self, memo: Memo<'_>, s: &Soldier) -> Option<usize> {
        let own = s.weapon_index()?;
        match memo.arms(&self.book) {
            Some(arms) => arms.aimed(own),
            None => self.book.aimed_index(own),
        }
    }

    /// `s`'s weapon (`Soldier::weapon_in`).
    #[inline(always)]
    pub(in crate::engine) fn weapon_of(&self, s: &Soldier) -> Option<&Weapon> {
        s.weapon_in(&self.book)
    }

    /// A shot by `s` with `weapon` from `from` at a man in `to`, as the fire rules see it.
    #[inline]
    pub(in crate::engine) fn aim<'a>(&self, s: &Soldier, weapon: &'a Weapon, from: Pos, to: Pos) -> Aim<'a> {
        Aim {
            weapon,
            distance: from.distance(to),
            cover: self.map.cover(&self.book, to),
            first_shot: s.first_shot,
            veteran: s.veteran,
            side: s.side,
            state: s.state,
            dragged: s.kit.combat_patrol().dragged,
            special: false,
        }
    }

    /// The need of `shot_odds(shooter, target)`, or None where that is an
    /// error: the cheap checks first, and no words or modifiers written down.
    pub fn shot_need(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Option<i32> {
        self.marksman(memo, shooter)?.need(target)
    }

    /// What a man at `here` whose card is up finds in one walk over the able
    /// men of `side`: `Break` with the first of them in his hex whom
    /// `fought` allows him to fight hand to hand, else `Continue` with the
    /// shot `marksman` (he, if he has a shot) is likeliest to hit, the
    /// nearest on a tie: (need, distance, index). The patrol leader's order
    /// and the enemy's card both ask it, one walk rather than two. (A
    /// `try_fold` rather than a `for` loop: the walk then compiles to one
    /// tight loop.)
    #[inline]
    pub(in crate::engine) fn foe_or_shot(
        &self,
        side: Side,
        here: Pos,
        marksman: Option<&Marksman<'_>>,
        fought: impl Fn(&Soldier) -> bool,
    ) -> ControlFlow<usize, Option<(i32, u32, usize)>> {
        self.able(side).try_fold(None, |best: Option<(i32, u32, usize)>, i| {
            let foe = &self.soldiers[i];
            if foe.pos == Some(here) && fought(foe) {
                return ControlFlow::Break(i);
            }
            let shot = marksman
                .and_then(|m| m.need_of_able(i, foe))
                .map(|need| (need, foe.pos.map_or(u32::MAX, |p| p.distance(here)), i));
            ControlFlow::Continue(match (best, shot) {
                (Some(b), Some(s)) => Some(b.min(s)),
                (b, s) => b.or(s),
            })
        })
    }

    /// `shooter` about to weigh shots at several men, or None if he has no
    /// shot at anybody (off the map, or a weapon the rules do not know).
    pub fn marksman<'a>(&'a self, memo: Memo<'a>, shooter: usize) -> Option<Marksman<'a>> {
        let s = &self.soldiers[shooter];
        let (from, arm) = (s.pos?, self.aimed_arm(memo, s)?);
        // An empty gun weighs no shots (rule sets with ammunition).
        if self.ammo_out(shooter).is_some() && self.fires_own_weapon(shooter) {
            return None;
        }
        // His weapon, his state, his side, whether it is his first shot and
        // he is a veteran: all of him the need of a shot at a man depends
        // on, as an `Aim` holds no more of him. State and side only where
        // the rule set's need reads them (Lone Warrior's does not).
        let states = State::ALL.len();
        let (state, enemy) = match self.rules.aims_by_man() {
            true => (s.state as usize, usize::from(s.side == Side::Enemy)),
            false => (0, 0),
        };
        let way = ((arm * states + state) * 2 + enemy) * 4 + usize::from(s.first_shot) * 2 + usize::from(s.veteran);
        let kept = self.map.aims_from(memo, self.book.weapons.len() * states * 8, way, from);
        let dragged = s.kit.combat_patrol().dragged;
        Some(Marksman {
            game: self,
            memo,
            shooter,
            side: s.side,
            from,
            weapon: &self.book.weapons[arm],
            kept,
            // A tank or a smoke bank about: sight is asked each time.
            // A man dragged this turn shoots otherwise than the map keeps.
            quick: kept.filter(|_| !self.vehicles_block_sight && self.smoke.is_empty() && !dragged),
        })
    }
}

/// A man weighing shots: where he stands, his weapon and the needs the map
/// keeps for it, looked up once for all the men he weighs. The patrol
/// leader, the enemy and the end of every turn weigh every pair of men this
/// way, some 400 shots a patrol.
///
/// The need of a shot at a man depends on the shooter's weapon, first shot
/// and skill, on the two hexes (the distance, the cover, the map's sight),
/// and on the tanks about; all but the tanks never change for a map, so
/// the map keeps the need for every weapon and pair of hexes once worked
/// out (`Map::aims_from`, shared by the copies of a map as its sight is,
/// and like sight assuming a map is asked with the one rule book and rules
/// of its game), and a shot is weighed by reading one byte.
pub struct Marksman<'a> {
    game: &'a Game,
    memo: Memo<'a>,
    shooter: usize,
    side: Side,
    from: Pos,
    weapon: &'a Weapon,
    /// The kept needs from his hex at every hex, for his weapon and way of
    /// shooting; None on a map too big to keep them.
    kept: Option<&'a [AtomicU8]>,
    /// `kept` where it gives a man's need at once: None with a tank about
    /// (its sight must be traced past the tanks, `need_slowly`). Told once
    /// here rather than for every man weighed.
    quick: Option<&'a [AtomicU8]>,
}

/// A kept need: not worked out yet.
const UNKNOWN: u8 = 0;
/// A kept need: no shot (out of range, in cover at long range, no sight...).
const NO_SHOT: u8 = 1;
/// A kept need is kept as the need plus this.
const NEED_BASE: i32 = 128;

/// The need a known kept need stands for, None for no shot.
#[inline]
fn kept_need(code: u8) -> Option<i32> {
    (code != NO_SHOT).then(|| i32::from(code) - NEED_BASE)
}

impl Marksman<'_> {
    /// The need of a shot at `target`, as `Game::shot_need` gives it.
    #[inline]
    pub fn need(&self, target: usize) -> Option<i32> {
        let t = &self.game.soldiers[target];
        if self.side == t.side || !t.can_act() {
            return None;
        }
        self.need_of_able(target, t)
    }

    /// `need` for `target`, the man `t`, known to be an able man of the
    /// other side: the walks over `able` of the other side know it, and so
    /// do not ask again (some 386 shots a patrol). The usual answer, a man's
    /// need read from the map's kept needs with no tank about, is worked out
    /// here; the rest out of line (`need_slowly`), so that this much is
    /// small enough to go inline where men are weighed.
    #[inline]
    pub(in crate::engine) fn need_of_able(&self, target: usize, t: &Soldier) -> Option<i32> {
        debug_assert!(self.side != t.side && t.can_act(), "need_of_able asked of a man who is no target");
        let kept = match (self.quick, t.pos.and_then(|to| self.game.map.index(to))) {
            (Some(row), Some(b)) if t.vehicle.is_none() => row[b].load(Ordering::Relaxed),
            _ => UNKNOWN,
        };
        match kept {
            UNKNOWN => self.need_slowly(target),
            code => kept_need(code),
        }
    }

    /// `need` for a target able to be shot at by the other side, where the
    /// kept needs do not answer: a vehicle, a need not worked out yet, a
    /// tank about, a map too big to keep needs.
    #[inline(never)]
    fn need_slowly(&self, target: usize) -> Option<i32> {
        let (g, t) = (self.game, &self.game.soldiers[target]);
        if t.vehicle.is_some() {
            if let Some(shot) = g.own_vehicle_shot(self.memo, self.shooter, target) {
                return shot.ok().map(|s| s.odds.need());
            }
            return g.at_shot(self.memo, self.shooter, target).map(|(odds, _)| odds.need());
        }
        let to = t.pos?;
        let need = match (self.kept, g.map.index(to)) {
            (Some(row), Some(b)) => match row[b].load(Ordering::Relaxed) {
                UNKNOWN => self.keep(&row[b], to),
                code => kept_need(code),
            },
            _ => self.work_out(to),
        }?;
        g.sight_from(self.memo, self.from).past_tanks(to).then_some(need)
    }

    /// The shot at `target`, as `Game::aimed_shot` gives it, for a man this
    /// marksman has weighed a need for: the checks are made, and only the
    /// odds are left to write down. The enemy fires at the man it weighed
    /// best this way.
    pub(in crate::engine) fn shot(&self, target: usize) -> Option<AimedShot> {
        let (g, s, t) = (self.game, &self.game.soldiers[self.shooter], &self.game.soldiers[target]);
        if t.vehicle.is_some() {
            if let Some(shot) = g.own_vehicle_shot(self.memo, self.shooter, target) {
                return shot.ok();
            }
            return g.at_shot(self.memo, self.shooter, target).map(|(odds, band)| AimedShot::at_vehicle(odds, band));
        }
        g.aimed_at(s, self.weapon, self.from, t.pos?).ok()
    }

    /// The need of a shot at a man in `to` with the map's own sight, worked
    /// out: the fire rules' need, if the map lets him see there.
    fn work_out(&self, to: Pos) -> Option<i32> {
        let (g, s) = (self.game, &self.game.soldiers[self.shooter]);
        let need = g.rules.aimed_need(&g.book, &g.aim(s, self.weapon, self.from, to))?;
        g.map.line_of_sight(&g.book, self.memo, self.from, to).then_some(need)
    }

    /// `work_out`, kept in `cell` (a need too far from the usual to be kept
    /// in a byte is worked out every time). Relaxed is enough: two threads
    /// that race both store the same answer.
    #[cold]
    fn keep(&self, cell: &AtomicU8, to: Pos) -> Option<i32> {
        let need = self.work_out(to);
        let code = match need {
            None => Some(NO_SHOT),
            Some(n) => u8::try_from(n + NEED_BASE).ok().filter(|&c| c > NO_SHOT),
        };
        if let Some(code) = code {
            cell.store(code, Ordering::Relaxed);
        }
        need
    }
}

#[cfg(test)]
#[path = "shot_tests.rs"]
mod tests;
