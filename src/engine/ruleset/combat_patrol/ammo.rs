//! Combat Patrol's special methods that reach beyond one man (Spray, the
//! Machine Gun's arc) and its ammunition: belts, magazines and limited
//! ammunition, reloaded action by action.

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Purpose, Roll};
use crate::engine::ruleset::combat_patrol::tables::{CombatPatrol as Book, Feed, Special};
use crate::engine::ruleset::combat_patrol::{Ammo, Method, Reloading, tables_in};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::Soldier;

/// What the special method of `shooter`'s weapon does, if it has one.
pub(super) fn method(book: &RuleBook, shooter: &Soldier) -> Option<Method> {
    let t = tables_in(book)?;
    let i = shooter.aimed_index(book)?;
    let p = t.profile(&book.weapons[i].key)?;
    Some(match p.special.as_ref()? {
        Special::Shots { .. } => Method::Shots,
        Special::Spray => {
            let radius = if t.spray.around { t.hexes(t.spray.inches) } else { t.within(t.spray.inches) };
            Method::Spray { radius, worse: t.spray.reaction }
        }
        Special::MachineGun => {
            Method::Arc { degrees: t.machine_gun.degrees, reach: p.optimum, worse: t.machine_gun.reaction }
        }
    })
}

/// The result a bullets roll reads: how many bullets, in words.
pub(super) const BULLETS: [&str; 7] =
    ["no_bullet", "one_bullet", "two_bullets", "three_bullets", "four_bullets", "five_bullets", "six_bullets"];

/// The bullets of an arc at one man: the dice, less the book's number.
pub(super) fn bullets(t: &Book, dice: &mut Dice, gunner: &Soldier, target: &Name) -> Roll {
    let b = &t.machine_gun.bullets;
    dice.table(Purpose::CpBullets, b.dice, b.sides, |total| {
        let n = total.saturating_sub(u32::from(b.less)) as usize;
        Name::new_static(BULLETS[n.min(BULLETS.len() - 1)])
    })
    .by(&gunner.id)
    .at(target)
}

/// How many bullets a bullets roll sends.
pub(super) fn bullets_of(t: &Book, roll: &Roll) -> u32 {
    roll.total.saturating_sub(u32::from(t.machine_gun.bullets.less))
}

/// The ammunition of `man`'s own weapon, if it runs out. A vehicle's
/// guns carry enough for a patrol's firefights (a decision).
pub(super) fn ammo(book: &RuleBook, man: &Soldier) -> Option<Ammo> {
    if man.vehicle.is_some() {
        return None;
    }
    let feed = tables_in(book)?.feed(man.weapon(book))?;
    let load = feed.load();
    let left = load.saturating_sub(man.kit.combat_patrol().spent);
    let reload = match *feed {
        Feed::Limited { .. } => None,
        Feed::Belt { actions, .. } => {
            Some((man.kit.combat_patrol().reloaded, actions.saturating_sub(man.kit.combat_patrol().reloaded)))
        }
        // One action, and one more if its die says so: at least one more
        // until the first is done, then one more (the die said so).
        Feed::Magazine { .. } => {
            Some((man.kit.combat_patrol().reloaded, u8::from(man.kit.combat_patrol().reloaded < 2)))
        }
    };
    Some(Ammo { left, load, every_use: matches!(feed, Feed::Limited { .. }), reload })
}

/// One reload action on `gunner`'s empty gun: a belt is loaded after its
/// actions; a magazine after the first if its D10 beats `again`, else
/// after the second.
pub(super) fn reload(book: &RuleBook, dice: &mut Dice, gunner: &Soldier) -> Result<Reloading, String> {
    let t = tables_in(book).ok_or("this rule book has no Combat Patrol tables")?;
    let weapon = book.weapon(gunner.weapon(book)).map_or(gunner.weapon(book), |w| w.name.as_str());
    let feed = t.feed(gunner.weapon(book)).ok_or_else(|| format!("{}'s {weapon} is never reloaded", gunner.id))?;
    if gunner.kit.combat_patrol().spent < feed.load() {
        return Err(format!("{}'s {weapon} is not empty: it is reloaded once it has fired its last", gunner.id));
    }
    let done = gunner.kit.combat_patrol().reloaded.saturating_add(1);
    match *feed {
        Feed::Limited { uses } => {
            Err(format!("{}'s {weapon} has fired all {uses} it had: there is no more for this patrol", gunner.id))
        }
        Feed::Belt { actions, .. } => Ok(Reloading { roll: None, loaded: done >= actions }),
        Feed::Magazine { sides, again, .. } if done == 1 => {
            let roll = dice
                .table(Purpose::CpReload, 1, sides, |total| {
                    Name::new_static(if total <= u32::from(again) { "one_more_action" } else { "loaded" })
                })
                .by(&gunner.id);
            let loaded = roll.total > u32::from(again);
            Ok(Reloading { roll: Some(roll), loaded })
        }
        Feed::Magazine { .. } => Ok(Reloading { roll: None, loaded: true }),
    }
}
