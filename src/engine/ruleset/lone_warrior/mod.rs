//! Lone Warrior's solo patrol rules (Lone Warrior #143): one D6 against a
//! need by range band, cover a band longer, a sniper's or MG's first shot
//! missing only on a 1; a hit knocks a man over, and the casualty D6 when
//! the action ends says what it did; hand-to-hand by the difference of two
//! dice; two cards a man and one STOP card; no morale.

use std::borrow::Cow;
pub mod arsenal;
pub mod call;
pub mod house;
pub mod support;
pub mod tables;
pub(in crate::engine) mod template;
pub mod vehicle;

use crate::engine::book::{Band, Cover, RuleBook, Weapon, WeaponKind, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::ruleset::Ammo;
use crate::engine::ruleset::Deed;
use crate::engine::ruleset::Fired;
use crate::engine::ruleset::Leave;
use crate::engine::ruleset::Method;
use crate::engine::ruleset::Moves;
use crate::engine::ruleset::Pressure;
use crate::engine::ruleset::Reaction;
use crate::engine::ruleset::Reloading;
use crate::engine::ruleset::Shelled;
use crate::engine::ruleset::Shot;
use crate::engine::ruleset::SquadFire;
use crate::engine::ruleset::SquadOdds;
use crate::engine::ruleset::Tending;
use crate::engine::ruleset::Throw;
use crate::engine::ruleset::Thrown;
use crate::engine::ruleset::one_die_volley;
use crate::engine::ruleset::{Aim, Blow, Fought, Hit, Melee, MeleeOdds, Odds, Rules};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;
use crate::engine::vocabulary::soldier::{Soldier, State};

/// The default rule set.
pub struct LoneWarrior;

/// Why a shot cannot be fired, before it is put in words: the engine's own
/// choices try many shots that cannot be, and need no words for them.
enum NoShot {
    NotAimed,
    SameHex,
    OutOfRange { long: u32 },
    InCoverAtLong,
    NotIndirect,
    OutOfReach { max_range: u32 },
}

impl NoShot {
    fn words(self, weapon: &Weapon, distance: u32) -> String {
        match self {
            NoShot::NotAimed => format!("the {} fires only at a hex", weapon.name),
            NoShot::SameHex => "same hex: fight hand-to-hand instead".into(),
            NoShot::OutOfRange { long } => {
                format!("out of range: {distance} hexes, the {} reaches {long}", weapon.name)
            }
            NoShot::InCoverAtLong => "in cover at long range: cannot be hit".into(),
            NoShot::NotIndirect => format!("the {} cannot fire at a hex", weapon.name),
            NoShot::OutOfReach { max_range } => format!("a mortar reaches 1 to {max_range} hexes, not {distance}"),
        }
    }
}

/// An aimed shot worked out, before its modifiers are written down.
struct Aimed {
    band: Band,
    base: i32,
    /// How much cover moved the need (one band longer).
    cover: Option<i32>,
    /// How much a campaign veteran's skill moved it.
    veteran: Option<i32>,
    /// How much a sniper's or MG's first shot moved it.
    first_shot: Option<i32>,
}

impl Aimed {
    fn need(&self) -> i32 {
        self.base + self.cover.unwrap_or(0) + self.veteran.unwrap_or(0) + self.first_shot.unwrap_or(0)
    }

    fn odds(self) -> Odds {
        let named = [("cover", self.cover), ("veteran", self.veteran), ("first_shot", self.first_shot)];
        let modifiers =
            named.into_iter().filter_map(|(name, value)| Some(Modifier::new(Name::new_static(name), value?))).collect();
        Odds { dice: 1, sides: 6, base: self.base, modifiers, band: Some(self.band) }
    }
}

impl LoneWarrior {
    fn aim(book: &RuleBook, aim: &Aim) -> Result<Aimed, NoShot> {
        let WeaponKind::Direct { short, medium, long } = aim.weapon.kind else {
            return Err(NoShot::NotAimed);
        };
        if aim.distance == 0 {
            return Err(NoShot::SameHex);
        }
        let band = if aim.distance <= short {
            Band::Short
        } else if aim.distance <= medium {
            Band::Medium
        } else if aim.distance <= long {
            Band::Long
        } else {
            return Err(NoShot::OutOfRange { long });
        };
        let base = i32::from(book.fire.need(band));
        let mut aimed = Aimed { band, base, cover: None, veteran: None, first_shot: None };
        // Sniper and MG cards, as written: the first shot misses only on a
        // 1 wherever the weapon reaches, in cover or not. The house rule
        // keeps it to the table below and only lowers the need.
        let first = i32::from(book.action.first_shot_need);
        if aim.first_shot && !book.action.first_shot_by_the_table {
            aimed.first_shot = Some(first - base);
            return Ok(aimed);
        }
        // Cover: the target counts one band longer; in cover at long range it cannot be hit.
        if aim.cover >= book.fire.cover_from && aim.cover != Cover::None {
            let Some(shifted) = band.longer() else {
                return Err(NoShot::InCoverAtLong);
            };
            aimed.cover = Some(i32::from(book.fire.need(shifted)) - base);
        }
        if aim.veteran && book.campaign.veteran_fire_modifier != 0 {
            aimed.veteran = Some(book.campaign.veteran_fire_modifier);
        }
        let need = aimed.need();
        if aim.first_shot && need > first {
            aimed.first_shot = Some(first - need);
        }
        Ok(aimed)
    }

    fn drop_bombs(book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, NoShot> {
        let WeaponKind::Mortar { max_range } = weapon.kind else {
            return Err(NoShot::NotIndirect);
        };
        if distance == 0 || distance > max_range {
            return Err(NoShot::OutOfReach { max_range });
        }
        // Mortar: score the hex count or more on a D6, +1 to the count if the target moved.
        let mut modifiers = Modifiers::default();
        if target_moved {
            modifiers.push(Modifier::new(Name::new_static("target_moved"), book.action.mortar_moved_modifier));
        }
        Ok(Odds { dice: 1, sides: 6, base: distance as i32, modifiers, band: None })
    }
}

impl Rules for LoneWarrior {
    fn name(&self) -> &'static str {
        "LoneWarrior"
    }

    fn house_rules(&self) -> &'static [crate::engine::ruleset::house::HouseRule] {
        house::RULES
    }

    fn states(&self) -> &'static [State] {
        &[State::Fit, State::FleshWound, State::KnockedOver, State::SeriousWound, State::Dead]
    }

    fn fire_and_move(&self, _book: &RuleBook) -> bool {
        false
    }

    /// Two cards a man (the rules data's number); a vehicle brings its
    /// type's cards, fewer once damaged.
    #[inline]
    fn cards(&self, book: &RuleBook, man: &Soldier) -> u32 {
        let per = book.action.cards_per_soldier;
        let Some(v) = &man.vehicle else { return per };
        match (book.arsenal.vehicle(&v.kind), &book.arsenal.damage) {
            (Some(k), Some(d)) => d.cards(k, v.damage),
            (Some(k), None) => k.cards,
            (None, _) => per,
        }
    }

    fn stop_cards(&self, book: &RuleBook) -> u32 {
        book.action.stop_cards
    }

    /// A hit knocks a man over, and what it did is rolled when the action
    /// ends; a minefield's wounds are all serious; a booby trap's victim
    /// rolls the casualty die at once.
    fn hit(&self, book: &RuleBook, dice: &mut Dice, man: &Name, blow: Blow) -> Hit {
        match blow {
            Blow::Aimed | Blow::HandToHand | Blow::Shells | Blow::Grenade => Hit::KnockedOver,
            Blow::Mine => Hit::Wounded(None, Wound::Serious),
            Blow::BoobyTrap => {
                let (roll, wound) = self.casualty(book, dice, man);
                Hit::Wounded(Some(roll), wound)
            }
        }
    }

    /// Lone Warrior has no morale rules: men fight until hit.
    fn enemy_breaks(&self, _able: usize, _met: usize) -> bool {
        false
    }

    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        if aim.special {
            return Err("Lone Warrior has no special firing methods: fire by the standard one".into());
        }
        Self::aim(book, aim).map(Aimed::odds).map_err(|no| no.words(aim.weapon, aim.distance))
    }

    fn aimed_need(&self, book: &RuleBook, aim: &Aim) -> Option<i32> {
        if aim.special {
            return None;
        }
        Self::aim(book, aim).ok().map(|a| a.need())
    }

    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, String> {
        Self::drop_bombs(book, weapon, distance, target_moved).map_err(|no| no.words(weapon, distance))
    }

    fn bombard_odds(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Option<Odds> {
        Self::drop_bombs(book, weapon, distance, target_moved).ok()
    }

    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        // The same die and the same reading as `casualty` below.
        let mut spread: Vec<(&'static str, Chance)> = Vec::new();
        for face in 1..=6u8 {
            let wound = book.wound_for(face).unwrap_or(Wound::Dead).name();
            match spread.iter_mut().find(|(w, _)| *w == wound) {
                Some((_, c)) => c.ways += 1,
                None => spread.push((wound, Chance::of_throws(1, 1, 6))),
            }
        }
        (Purpose::Casualty, "1d6".into(), spread)
    }

    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        // Hand-to-hand: one die each; the difference decides (melee_outcome).
        let sides = book.hand_to_hand.sides;
        let of = |ways| Chance::of_throws(ways, 2, sides);
        let mut spread: Vec<MeleeOdds> = vec![MeleeOdds { outcome: Melee::Tie, attacker_lost: None, chance: of(0) }];
        for lost in [false, true] {
            for outcome in [Melee::KnockedOut, Melee::Killed] {
                spread.push(MeleeOdds { outcome, attacker_lost: Some(lost), chance: of(0) });
            }
        }
        for a in 1..=u32::from(sides) {
            for d in 1..=u32::from(sides) {
                let outcome = melee_outcome(book, a.abs_diff(d));
                let lost = (outcome != Melee::Tie).then_some(a < d);
                if let Some(m) = spread.iter_mut().find(|m| m.outcome == outcome && m.attacker_lost == lost) {
                    m.chance.ways += 1;
                }
            }
        }
        (format!("1d{sides}"), spread)
    }

    fn casualty(&self, book: &RuleBook, dice: &mut Dice, soldier: &Name) -> (Roll, Wound) {
        let mut wound = Wound::Dead;
        let mut roll = dice.table(Purpose::Casualty, 1, 6, |total| {
            // The checked table covers 1-6; a gap would count as dead.
            wound = book.wound_for(total as u8).unwrap_or(Wound::Dead);
            Name::new_static(wound.name())
        });
        // Named in place: `by` would move the roll, which is large, and
        // every man hit is rolled for so.
        roll.soldier = Some(soldier.clone());
        (roll, wound)
    }

    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought {
        let (attacker, defender) = (&attacker.id, &defender.id);
        let sides = book.hand_to_hand.sides;
        let mut a = dice.table(Purpose::HandToHand, 1, sides, |_| Name::default()).by(attacker).at(defender);
        let mut d = dice.table(Purpose::HandToHand, 1, sides, |_| Name::default()).by(defender).at(attacker);
        let outcome = melee_outcome(book, a.total.abs_diff(d.total));
        let attacker_lost = a.total < d.total;
        let (ra, rd) = match (outcome, attacker_lost) {
            (Melee::Tie, _) => ("tie", "tie"),
            (_, true) => ("loses", "wins"),
            (_, false) => ("wins", "loses"),
        };
        a.result = Some(Name::new_static(ra));
        d.result = Some(Name::new_static(rd));
        let difference = a.total.abs_diff(d.total);
        Fought { rolls: vec![a, d], difference, outcome, attacker_lost }
    }

    /// Nothing: the book as every rule set's begins.
    fn fit_book(&self, _book: &mut Cow<'_, RuleBook>) {}

    fn profile(&self, _book: &RuleBook, _man: &Soldier) -> Option<String> {
        None
    }

    fn priority(&self, _book: &RuleBook, _dice: &mut Dice, _events: &mut Events) -> Option<(Side, u8)> {
        None
    }

    fn double_stop(&self, _book: &RuleBook) -> Option<u32> {
        None
    }

    fn muster(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _core: &str,
        _budget: Option<u32>,
        _events: &mut Events,
    ) -> Vec<Name> {
        Vec::new()
    }

    fn point_lifts(&self, _book: &RuleBook, _now: Pressure) -> Option<Pressure> {
        None
    }

    fn bombard_purpose(&self) -> Purpose {
        Purpose::Mortar
    }

    fn indirect(&self, _book: &RuleBook, _dice: &mut Dice, _shot: &Shot<'_>, _events: &mut Events) -> Option<Shelled> {
        None
    }

    /// A gun fires H.E. at a hex of men: the arsenal's D8 and the template.
    fn guns_fire_he(&self) -> bool {
        true
    }

    fn table_spread(
        &self,
        _book: &RuleBook,
        _purpose: Purpose,
        _modifier: i32,
    ) -> Option<(String, Vec<(&'static str, Chance)>)> {
        None
    }

    fn bearing(&self, book: &RuleBook) -> (u32, u32) {
        (book.patrol.bearers_per_wounded, 1)
    }

    fn tend(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _man: &Soldier,
        _helper: Option<&Soldier>,
        _action_over: bool,
    ) -> Option<Tending> {
        None
    }

    fn activate(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<(Roll, Leave)> {
        None
    }

    fn may(&self, _book: &RuleBook, _man: &Soldier, _deed: Deed) -> bool {
        true
    }

    fn volley(
        &self,
        _book: &RuleBook,
        dice: &mut Dice,
        odds: Odds,
        (shooter, target): (&Soldier, &Name),
        _special: bool,
        events: &mut Events,
    ) -> u32 {
        one_die_volley(dice, odds, (&shooter.id, target), events)
    }

    fn grenade(&self, _book: &RuleBook, _dice: &mut Dice, _throw: &Throw) -> Result<Thrown, String> {
        Err(format!("there are no hand grenades under {}'s rules", self.name()))
    }

    fn grenade_odds(&self, _book: &RuleBook, _throw: &Throw) -> Result<[(Purpose, i32); 2], String> {
        Err(format!("there are no hand grenades under {}'s rules", self.name()))
    }

    fn suppressed_odds(
        &self,
        _book: &RuleBook,
        _man: &Soldier,
        _method: (&'static str, i32),
    ) -> Option<(Purpose, Odds)> {
        None
    }

    fn grenades(&self, _book: &RuleBook, _man: &Soldier) -> Option<(u8, u32)> {
        None
    }

    fn method(&self, _book: &RuleBook, _shooter: &Soldier) -> Option<Method> {
        None
    }

    fn bullets(&self, _book: &RuleBook, _dice: &mut Dice, _gunner: &Soldier, _target: &Name) -> Option<(Roll, u32)> {
        None
    }

    fn ammo(&self, _book: &RuleBook, _man: &Soldier) -> Option<Ammo> {
        None
    }

    fn reload(&self, _book: &RuleBook, _dice: &mut Dice, gunner: &Soldier) -> Result<Reloading, String> {
        Err(format!("{}'s weapon is never reloaded under {}'s rules", gunner.id, self.name()))
    }

    fn fire_purpose(&self) -> Purpose {
        Purpose::Fire
    }

    fn shots(&self, _book: &RuleBook, _shooter: &Soldier, _special: bool) -> u32 {
        1
    }

    fn under_fire(&self, _book: &RuleBook, _dice: &mut Dice, _target: &Soldier, _hit: bool) -> Option<Reaction> {
        None
    }

    fn suppressed(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _target: &Soldier,
        _method: (&'static str, i32),
    ) -> Option<Reaction> {
        None
    }

    fn rally(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<Reaction> {
        None
    }

    fn squad_fire(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _fire: &SquadFire<'_>,
        _events: &mut Events,
    ) -> Option<Result<Fired, String>> {
        None
    }

    fn squad_fire_odds(&self, _book: &RuleBook, _fire: &SquadFire<'_>) -> Option<Result<SquadOdds, String>> {
        None
    }

    fn moves(&self, _book: &RuleBook, _man: &Soldier) -> Option<Moves> {
        None
    }

    fn squad_weapon_fault(&self, _book: &RuleBook, _weapon: &str) -> Option<String> {
        None
    }

    fn overloading(&self) -> bool {
        false
    }

    fn assaults(&self) -> bool {
        false
    }

    fn difficult(&self, _book: &RuleBook, _terrain: &crate::engine::book::Terrain) -> bool {
        false
    }

    fn card_over(&self, _book: &RuleBook, _man: &Soldier) -> Option<Pressure> {
        None
    }

    fn squad_rally(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _squad: (&[&Soldier], &[&Soldier]),
        _point: bool,
    ) -> Option<Reaction> {
        None
    }

    fn shaken(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _squad: (&[&Soldier], &[&Soldier]),
        _point: bool,
    ) -> Option<Reaction> {
        None
    }

    fn squads(&self) -> bool {
        false
    }

    fn aims_by_man(&self) -> bool {
        false
    }

    fn vehicles(&self) -> bool {
        false
    }

    fn vehicle_shot(
        &self,
        _book: &RuleBook,
        _shooter: &Soldier,
        target: &Soldier,
        _distance: u32,
    ) -> Result<Odds, String> {
        Err(format!("{} is fought by the arsenal's anti-tank table", target.id))
    }

    /// Fire called this turn lands (the radio's H.E.).
    fn turn_ends(&self, game: &mut Game, events: &mut Events) {
        game.land_fire(events);
    }

    /// Nothing: a hit man's casualty roll is all there is.
    fn action_ends(&self, _game: &mut Game, _events: &mut Events) {}

    /// Nothing: its men carry no state of their own beyond every man's
    /// (one written anyway is refused as another rule set's).
    fn men_hold(&self, _game: &Game) -> Result<(), String> {
        Ok(())
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

#[cfg(test)]
mod tests;
