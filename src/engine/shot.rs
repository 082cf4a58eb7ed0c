//! Aimed fire between two men: the odds a player is shown, and the need
//! alone that the engine's own choices weigh, many shots at a time.

use super::Game;
use super::data::Weapon;
use super::pos::Pos;
use super::ruleset::{Aim, Odds};
use super::soldier::Soldier;

impl Game {
    /// The odds of `shooter` hitting `target` with aimed fire now, or why he cannot.
    ///
    /// # Errors
    /// The reason in words: not a legitimate target, no line of sight, out of range.
    pub fn shot_odds(&self, shooter: usize, target: usize) -> Result<Odds, String> {
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
        let weapon = self.book.weapon(&s.weapon).ok_or_else(|| format!("unknown weapon {}", s.weapon))?;
        if !self.map.line_of_sight(&self.book, from, to) {
            return Err(format!("no line of sight from {from} to {to}"));
        }
        self.rules.fire().aimed(&self.book, &self.aim(s, weapon, from, to))
    }

    /// A shot by `s` with `weapon` from `from` at a man in `to`, as the fire rules see it.
    fn aim<'a>(&self, s: &Soldier, weapon: &'a Weapon, from: Pos, to: Pos) -> Aim<'a> {
        Aim {
            weapon,
            distance: from.distance(to),
            cover: self.map.cover(&self.book, to),
            first_shot: s.first_shot,
            veteran: s.veteran,
        }
    }

    /// The need of `shot_odds(shooter, target)`, or None where that is an
    /// error: the cheap checks first, and no words or modifiers written down.
    pub fn shot_need(&self, shooter: usize, target: usize) -> Option<i32> {
        self.marksman(shooter)?.need(target)
    }

    /// `shooter` about to weigh shots at several men, or None if he has no
    /// shot at anybody (off the map, or a weapon the rules do not know).
    pub fn marksman(&self, shooter: usize) -> Option<Marksman<'_>> {
        let s = &self.soldiers[shooter];
        let (from, weapon) = (s.pos?, self.book.weapon(&s.weapon)?);
        Some(Marksman { game: self, shooter: s, from, weapon })
    }
}

/// A man weighing shots: where he stands and his weapon, looked up once for
/// all the men he weighs. The patrol leader, the enemy and the end of every
/// turn weigh every pair of men this way.
pub struct Marksman<'a> {
    game: &'a Game,
    shooter: &'a Soldier,
    from: Pos,
    weapon: &'a Weapon,
}

impl Marksman<'_> {
    /// The need of a shot at `target`, as `Game::shot_need` gives it.
    pub fn need(&self, target: usize) -> Option<i32> {
        let (g, t) = (self.game, &self.game.soldiers[target]);
        if self.shooter.side == t.side || !t.can_act() {
            return None;
        }
        let to = t.pos?;
        let need = g.rules.fire().aimed_need(&g.book, &g.aim(self.shooter, self.weapon, self.from, to))?;
        g.map.line_of_sight(&g.book, self.from, to).then_some(need)
    }
}
