//! Aimed fire between two men: the odds a player is shown, and the need
//! alone that the engine's own choices weigh, many shots at a time.

use super::Game;
use super::arsenal::AtBand;
use super::data::{Weapon, WeaponKind};
use super::name::Name;
use super::pos::Pos;
use super::ruleset::{Aim, Odds};
use super::soldier::Soldier;
use super::vehicle::Sight;

/// An aimed shot as it is fired: its odds, the weapon the `Shot` event
/// names, and at a vehicle the anti-tank band a hit is rolled at. Worked
/// out once for both the odds and the firing.
pub(super) struct Shot {
    pub odds: Odds,
    pub weapon: Name,
    pub at_band: Option<AtBand>,
}

impl Game {
    /// The odds of `shooter` hitting `target` with aimed fire now, or why he cannot.
    ///
    /// # Errors
    /// The reason in words: not a legitimate target, no line of sight, out of range.
    pub fn shot_odds(&self, shooter: usize, target: usize) -> Result<Odds, String> {
        self.aimed_shot(shooter, target).map(|shot| shot.odds)
    }

    /// The shot `shot_odds` gives the odds of, as `fire` fires it.
    pub(super) fn aimed_shot(&self, shooter: usize, target: usize) -> Result<Shot, String> {
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
        if t.vehicle.is_some() {
            let (odds, band) = self.at_odds(shooter, target)?;
            return Ok(Shot { odds, weapon: s.weapon.clone(), at_band: Some(band) });
        }
        let weapon = self.aimed_weapon(s).ok_or_else(|| format!("unknown weapon {}", s.weapon))?;
        if !self.can_see(from, to) {
            return Err(format!("no line of sight from {from} to {to}"));
        }
        let odds = self.rules.fire().aimed(&self.book, &self.aim(s, weapon, from, to))?;
        Ok(Shot { odds, weapon: weapon.key.clone(), at_band: None })
    }

    /// The weapon a man aims at men: his own, or the side arm of an
    /// anti-tank weapon's man or of a gun.
    pub(crate) fn aimed_weapon(&self, s: &Soldier) -> Option<&Weapon> {
        let weapon = self.book.weapon(&s.weapon)?;
        match &weapon.kind {
            WeaponKind::AntiTank { side_arm } | WeaponKind::Gun { side_arm: Some(side_arm) } => {
                self.book.weapon(side_arm)
            }
            _ => Some(weapon),
        }
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
        let (from, weapon) = (s.pos?, self.aimed_weapon(s)?);
        Some(Marksman { game: self, shooter: s, shooter_index: shooter, from, weapon, sight: self.sight_from(from) })
    }
}

/// A man weighing shots: where he stands, his weapon and his sight, looked
/// up once for all the men he weighs. The patrol leader, the enemy and the
/// end of every turn weigh every pair of men this way.
pub struct Marksman<'a> {
    game: &'a Game,
    shooter: &'a Soldier,
    shooter_index: usize,
    from: Pos,
    weapon: &'a Weapon,
    sight: Sight<'a>,
}

impl Marksman<'_> {
    /// The need of a shot at `target`, as `Game::shot_need` gives it.
    pub fn need(&self, target: usize) -> Option<i32> {
        let (g, t) = (self.game, &self.game.soldiers[target]);
        if self.shooter.side == t.side || !t.can_act() {
            return None;
        }
        if t.vehicle.is_some() {
            return g.at_shot(self.shooter_index, target).map(|(odds, _)| odds.need());
        }
        let to = t.pos?;
        let need = g.rules.fire().aimed_need(&g.book, &g.aim(self.shooter, self.weapon, self.from, to))?;
        self.sight.to(to).then_some(need)
    }
}
