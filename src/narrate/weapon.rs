//! A man's weapon in words, as the terminal game's roster and deck and
//! plain mode's roster name it: both front ends say it, so it is here.

use crate::engine::Game;
use crate::engine::book::WeaponKind;
use crate::engine::vocabulary::soldier::Soldier;

/// A man's weapon as the roster and the deck name it: an anti-tank weapon
/// with the side arm its man fires at men ("bazooka/pistol").
pub fn weapon_words(game: &Game, s: &Soldier) -> String {
    let Some(w) = s.weapon_in(game.book()) else { return s.weapon(game.book()).to_string() };
    match &w.kind {
        WeaponKind::AntiTank { side_arm } => {
            let arm = game.book().weapon(side_arm).map_or(side_arm.as_str(), |a| a.name.as_str());
            format!("{}/{arm}", w.name)
        }
        _ => w.name.to_string(),
    }
}
