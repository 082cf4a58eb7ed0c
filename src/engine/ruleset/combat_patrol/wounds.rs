//! Combat Patrol's wounds: the 2D10 chart rolled at the moment of a hit,
//! and a critical wound's course, the friend's try at saving him and the
//! death test, turn by turn.

use crate::engine::dice::chance::{self, Chance};
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::ruleset::combat_patrol::Tending;
use crate::engine::ruleset::combat_patrol::tables::{ChartWound, CombatPatrol as Book};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::soldier::{Soldier, State};

/// The wound chart rolled for `man`: the roll, and what it gives. In a
/// grenade's blast (`grenade`) it is its own roll, and the grenade's bonus
/// is added to the total it is read at.
pub(super) fn chart(t: &Book, dice: &mut Dice, man: &Name, grenade: bool) -> (Roll, ChartWound) {
    let (count, sides) = t.wound_dice;
    let (purpose, bonus) = if grenade { (Purpose::CpBlast, t.grenade.wound_bonus) } else { (Purpose::CpWound, 0) };
    let mut wound = ChartWound::Dead;
    let mut roll = dice
        .table(purpose, count, sides, |total| {
            wound = t.chart(total + u32::from(bonus));
            Name::new_static(wound.name())
        })
        .by(man);
    if grenade {
        roll.modifiers = Some(Modifiers::from(vec![Modifier::new(Name::new_static("grenade"), i32::from(bonus))]));
    }
    (roll, wound)
}

/// The wound chart's dice and each of its results with its exact chance,
/// in the chart's order.
pub(super) fn chart_spread(t: &Book) -> (Purpose, String, Vec<(&'static str, Chance)>) {
    let (count, sides) = t.wound_dice;
    (Purpose::CpWound, format!("{count}d{sides}"), chance::spread(count, sides, |total| t.chart(total).name()))
}

/// What the medic test can come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Care {
    /// His tests one worse from now on.
    Worse,
    /// Spared this turn's test, and the test back at its first need.
    Held,
    /// Out of danger: a serious wound now.
    Stabilised,
}

impl Care {
    pub(super) fn name(self) -> &'static str {
        match self {
            Care::Worse => "worse",
            Care::Held => "held",
            Care::Stabilised => "stabilised",
        }
    }
}

/// What a medic test's score (the die and a trained medic's bonus) comes
/// to on the medic table: a score past the table's top counts as its top.
pub(super) fn care(t: &Book, score: i64) -> Care {
    let m = &t.medic;
    if score >= i64::from(m.stabilised) {
        Care::Stabilised
    } else if score >= i64::from(m.held.0) {
        Care::Held
    } else {
        Care::Worse
    }
}

/// The medic test by `helper` (a trained medic adds his bonus), read on the
/// medic table: a score past the table's top counts as its top.
fn medic(t: &Book, dice: &mut Dice, man: &Soldier, helper: &Soldier) -> (Roll, Care) {
    let m = &t.medic;
    let bonus = if helper.kit.combat_patrol().medic { m.trained } else { 0 };
    let mut care = Care::Worse;
    let mut roll = dice
        .table(Purpose::CpMedic, 1, m.sides, |total| {
            care = self::care(t, i64::from(total) + i64::from(bonus));
            Name::new_static(care.name())
        })
        .by(&helper.id)
        .at(&man.id);
    if bonus != 0 {
        roll.modifiers = Some(Modifiers::from(vec![Modifier::new(Name::new_static("trained_medic"), bonus)]));
    }
    (roll, care)
}

/// A critically wounded man's turn: the friend beside him tries first;
/// then, unless that spared or saved him, the death test, which he fails
/// on his current need or less. Once the action is over whoever still
/// lives is stabilised by the patrol (a decision: the article's game ends
/// with the firefight, and the patrol carries him home).
pub(super) fn tend(t: &Book, dice: &mut Dice, man: &Soldier, helper: Option<&Soldier>, action_over: bool) -> Tending {
    let c = &t.critical;
    let mut dies_on = man.kit.combat_patrol().dies_on.unwrap_or(c.first);
    let mut rolls = Vec::new();
    let alive = |rolls, dies_on| {
        if action_over {
            Tending { rolls, state: State::SeriousWound, dies_on: None }
        } else {
            Tending { rolls, state: State::Critical, dies_on: Some(dies_on) }
        }
    };
    if let Some(h) = helper {
        let (roll, care) = medic(t, dice, man, h);
        rolls.push(roll);
        match care {
            Care::Stabilised => return Tending { rolls, state: State::SeriousWound, dies_on: None },
            Care::Held => return alive(rolls, c.first),
            Care::Worse => dies_on = dies_on.saturating_add(1),
        }
    }
    // He lives on more than his need: the check's need is one above it.
    let need = i32::from(dies_on) + 1;
    let roll = dice.check(Purpose::CpCritical, 1, c.sides, need, Modifiers::default()).by(&man.id);
    let lives = roll.succeeded();
    rolls.push(roll);
    if lives {
        alive(rolls, dies_on.saturating_add(c.per_turn))
    } else {
        Tending { rolls, state: State::Dead, dies_on: None }
    }
}
