//! The rule seams. Fire resolution, casualty resolution and morale are each
//! one trait; a game names its rule set and the loop asks the set for the
//! implementation. Lone Warrior is the default and, for now, the only one;
//! Combat Patrol, European Battlefield and the company-level rules plug in here.

use serde::{Deserialize, Serialize};

use super::data::{Band, Cover, RuleBook, Weapon, WeaponKind, Wound};
use super::dice::{Dice, Modifier, Purpose, Roll};

/// Which rules decide fire, casualties and morale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleSet {
    #[default]
    LoneWarrior,
}

impl RuleSet {
    pub fn fire(self) -> &'static dyn FireRules {
        match self {
            RuleSet::LoneWarrior => &LoneWarrior,
        }
    }

    pub fn casualties(self) -> &'static dyn CasualtyRules {
        match self {
            RuleSet::LoneWarrior => &LoneWarrior,
        }
    }

    pub fn morale(self) -> &'static dyn MoraleRules {
        match self {
            RuleSet::LoneWarrior => &LoneWarrior,
        }
    }
}

/// What a shot needs: the die, the base need and what changed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    pub sides: u8,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    /// The range band the shot counts at before cover (aimed fire only).
    pub band: Option<Band>,
}

impl Odds {
    pub fn need(&self) -> i32 {
        self.base + self.modifiers.iter().map(|m| m.value).sum::<i32>()
    }

    /// The exact chance of success, from the die.
    pub fn chance(&self) -> f64 {
        let need = self.need().max(1);
        let sides = i32::from(self.sides);
        f64::from((sides - need + 1).max(0)) / f64::from(sides)
    }

    pub fn roll(&self, dice: &mut Dice, purpose: Purpose) -> Roll {
        dice.check(purpose, 1, self.sides, self.base, self.modifiers.clone())
    }
}

/// An aimed shot as the fire rules see it.
pub struct Aim<'a> {
    pub weapon: &'a Weapon,
    pub distance: u32,
    pub cover: Cover,
    /// A sniper's or MG team's first shot.
    pub first_shot: bool,
    /// A campaign veteran shoots better.
    pub veteran: bool,
}

pub trait FireRules {
    /// The odds of an aimed shot, or why it cannot hit.
    ///
    /// # Errors
    /// The reason in words: out of range, same hex, in cover at long range.
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String>;

    /// The odds of indirect fire landing on a hex `distance` away.
    ///
    /// # Errors
    /// The reason in words: out of range, or not an indirect-fire weapon.
    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, String>;
}

/// How a hand-to-hand fight came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Melee {
    Tie,
    /// The loser is knocked over (a casualty, rolled for after the action).
    KnockedOut,
    Killed,
}

impl Melee {
    pub fn name(self) -> &'static str {
        match self {
            Melee::Tie => "tie",
            Melee::KnockedOut => "knocked_out",
            Melee::Killed => "killed",
        }
    }
}

pub trait CasualtyRules {
    /// The roll that settles what a hit did.
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, soldier: &str) -> (Roll, Wound);

    /// One die each; returns both rolls, the outcome, and whether the attacker lost.
    fn hand_to_hand(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        attacker: &str,
        defender: &str,
    ) -> ([Roll; 2], Melee, bool);
}

/// A side's nerve. Lone Warrior has no morale rules: men fight until hit.
pub trait MoraleRules {
    /// Called at each STOP card with the share of each side still able to
    /// fight; returns true if that side breaks off the action.
    fn breaks(&self, able: usize, started: usize) -> bool;
}

pub struct LoneWarrior;

impl FireRules for LoneWarrior {
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        let WeaponKind::Direct { short, medium, long } = aim.weapon.kind else {
            return Err(format!("the {} fires only at a hex", aim.weapon.name));
        };
        if aim.distance == 0 {
            return Err("same hex: fight hand-to-hand instead".into());
        }
        let band = if aim.distance <= short {
            Band::Short
        } else if aim.distance <= medium {
            Band::Medium
        } else if aim.distance <= long {
            Band::Long
        } else {
            return Err(format!("out of range: {} hexes, the {} reaches {long}", aim.distance, aim.weapon.name));
        };
        let base = i32::from(book.fire.need(band));
        let mut modifiers = Vec::new();
        // Cover: the target counts one band longer; in cover at long range it cannot be hit.
        if aim.cover >= book.fire.cover_from && aim.cover != Cover::None {
            let Some(shifted) = band.longer() else {
                return Err("in cover at long range: cannot be hit".into());
            };
            modifiers.push(Modifier::new("cover", i32::from(book.fire.need(shifted)) - base));
        }
        if aim.veteran && book.campaign.veteran_fire_modifier != 0 {
            modifiers.push(Modifier::new("veteran", book.campaign.veteran_fire_modifier));
        }
        // Sniper and MG cards: the first shot misses only on a 1.
        let need: i32 = base + modifiers.iter().map(|m| m.value).sum::<i32>();
        let first = i32::from(book.action.first_shot_need);
        if aim.first_shot && need > first {
            modifiers.push(Modifier::new("first_shot", first - need));
        }
        Ok(Odds { sides: 6, base, modifiers, band: Some(band) })
    }

    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, String> {
        let WeaponKind::Mortar { max_range } = weapon.kind else {
            return Err(format!("the {} cannot fire at a hex", weapon.name));
        };
        if distance == 0 || distance > max_range {
            return Err(format!("a mortar reaches 1 to {max_range} hexes, not {distance}"));
        }
        // Mortar: score the hex count or more on a D6, +1 to the count if the target moved.
        let mut modifiers = Vec::new();
        if target_moved {
            modifiers.push(Modifier::new("target_moved", book.action.mortar_moved_modifier));
        }
        Ok(Odds { sides: 6, base: distance as i32, modifiers, band: None })
    }
}

impl CasualtyRules for LoneWarrior {
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, soldier: &str) -> (Roll, Wound) {
        let mut wound = Wound::Dead;
        let roll = dice.table(Purpose::Casualty, 1, 6, |total| {
            // The checked table covers 1-6; a gap would count as dead.
            wound = book.wound_for(total as u8).unwrap_or(Wound::Dead);
            wound.name().to_string()
        });
        (roll.by(soldier), wound)
    }

    fn hand_to_hand(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        attacker: &str,
        defender: &str,
    ) -> ([Roll; 2], Melee, bool) {
        let sides = book.hand_to_hand.sides;
        let mut a = dice.table(Purpose::HandToHand, 1, sides, |_| String::new()).by(attacker).at(defender);
        let mut d = dice.table(Purpose::HandToHand, 1, sides, |_| String::new()).by(defender).at(attacker);
        let outcome = melee_outcome(book, a.total.abs_diff(d.total));
        let attacker_lost = a.total < d.total;
        let (ra, rd) = match (outcome, attacker_lost) {
            (Melee::Tie, _) => ("tie", "tie"),
            (_, true) => ("loses", "wins"),
            (_, false) => ("wins", "loses"),
        };
        a.result = Some(ra.into());
        d.result = Some(rd.into());
        ([a, d], outcome, attacker_lost)
    }
}

/// Hand-to-hand by the difference of the two dice: 1-2 knocked out, 3+ dead, 0 nothing.
pub fn melee_outcome(book: &RuleBook, difference: u32) -> Melee {
    let h = &book.hand_to_hand;
    if difference >= u32::from(h.kill_from) {
        Melee::Killed
    } else if (u32::from(h.knock_out.0)..=u32::from(h.knock_out.1)).contains(&difference) {
        Melee::KnockedOut
    } else {
        Melee::Tie
    }
}

impl MoraleRules for LoneWarrior {
    fn breaks(&self, _able: usize, _started: usize) -> bool {
        false
    }
}
