//! One Shot, a rule set for the tests alone, that proves the seam: a rule
//! set with tables of its own and a state of its own for its men. Every
//! aimed shot in sight and within the weapon's reach hits on its D12 fire
//! table by distance (5+ within 2 hexes, 8+ within 6, 11+ within 99), every
//! hit kills on the spot, every man brings one card, hand to hand is one
//! die each (the higher kills, a tie is nothing), and nobody breaks. A man
//! on the map and not pinned who is shot at and missed is shaken one more
//! (to at most 2) and tests his
//! nerve: on a D6 of 4 or more, one more for each time he was shaken
//! before, he keeps it, else he is pinned (he may fire but not move) until
//! he rallies at a STOP card on 4+, which steadies him. And a man whose
//! card is turned rolls a D6 first: on a 1 he hesitates and may only fire.
//!
//! It is this folder, its `mod` line in `ruleset/mod.rs`, its variant in
//! `ruleset/registry.rs` and its arm in `RuleSet::rules`, and nothing else
//! (`tests/engine_purity` holds it so): a scenario names it, its tables are read and saved in the rule
//! book's field `one_shot`, its men's shaking is saved with them, and whole
//! patrols are played, saved, resumed and played on by the loop every rule
//! set shares.

pub mod man;
pub mod tables;

use crate::engine::book::{RuleBook, Weapon, WeaponKind, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifiers, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::ruleset::Ammo;
use crate::engine::ruleset::Fired;
use crate::engine::ruleset::Method;
use crate::engine::ruleset::Moves;
use crate::engine::ruleset::Reloading;
use crate::engine::ruleset::Shelled;
use crate::engine::ruleset::Shot;
use crate::engine::ruleset::SquadFire;
use crate::engine::ruleset::SquadOdds;
use crate::engine::ruleset::Tending;
use crate::engine::ruleset::Throw;
use crate::engine::ruleset::Thrown;
use crate::engine::ruleset::one_die_volley;
use crate::engine::ruleset::one_shot::tables::{FIRE_DIE, OneShotTables};
use crate::engine::ruleset::{
    Aim, Blow, Deed, Fought, Hit, Kit, Leave, Melee, MeleeOdds, Odds, Pressure, Reaction, Rules,
};
use crate::engine::ruleset::{RuleSet, Tables};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Side;
use crate::engine::vocabulary::soldier::Soldier;
use crate::engine::vocabulary::soldier::State;
use std::borrow::Cow;

/// The test-only rule set.
pub struct OneShot;

/// The rule book's One Shot tables (a game's book always holds them:
/// `fit_book` puts the built-in ones in a book that lacks them).
pub fn tables_in(book: &RuleBook) -> Option<&OneShotTables> {
    match book.own(RuleSet::OneShot)? {
        Tables::OneShot(t) => Some(t),
        _ => None,
    }
}

/// The tables a game's book holds, or the built-in ones for a book that
/// never had them (an odds question asked of another book).
fn tables(book: &RuleBook) -> Cow<'_, OneShotTables> {
    tables_in(book).map_or_else(|| Cow::Owned(OneShotTables::built_in()), Cow::Borrowed)
}

impl Rules for OneShot {
    fn name(&self) -> &'static str {
        "OneShot"
    }

    fn house_rules(&self) -> &'static [crate::engine::ruleset::house::HouseRule] {
        &[]
    }

    fn states(&self) -> &'static [State] {
        &[State::Fit, State::Dead]
    }

    fn fire_and_move(&self, _book: &RuleBook) -> bool {
        false
    }

    fn cards(&self, _book: &RuleBook, _man: &Soldier) -> u32 {
        1
    }

    fn stop_cards(&self, _book: &RuleBook) -> u32 {
        1
    }

    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        let reach = match aim.weapon.kind {
            WeaponKind::Direct { long, .. } => long,
            _ => return Err(format!("the {} is not aimed", aim.weapon.name)),
        };
        if aim.distance == 0 || aim.distance > reach {
            return Err(format!("out of reach: {} hexes", aim.distance));
        }
        let Some(need) = tables(book).need(aim.distance) else {
            return Err(format!("beyond the fire table: {} hexes", aim.distance));
        };
        Ok(Odds { dice: 1, sides: FIRE_DIE, base: need, modifiers: Modifiers::default(), band: None })
    }

    fn bombard(&self, _book: &RuleBook, weapon: &Weapon, _distance: u32, _moved: bool) -> Result<Odds, String> {
        Err(format!("the {} has no indirect fire under these rules", weapon.name))
    }

    /// Whatever struck him, certain death, rolled all the same so that the
    /// log shows it.
    fn hit(&self, _book: &RuleBook, dice: &mut Dice, man: &Name, _blow: Blow) -> Hit {
        let roll = dice.table(Purpose::Casualty, 1, 6, |_| Name::new_static("dead")).by(man);
        Hit::Wounded(Some(roll), Wound::Dead)
    }

    fn casualty(&self, _book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        // Nobody is ever knocked over, so nobody is rolled for; a man read
        // back knocked over from another rule set's save dies all the same.
        (dice.table(Purpose::Casualty, 1, 6, |_| Name::new_static("dead")).by(man), Wound::Dead)
    }

    fn casualty_spread(&self, _book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        (Purpose::Casualty, "1d6".into(), vec![("dead", Chance::of_throws(6, 1, 6))])
    }

    fn hand_to_hand_spread(&self, _book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        let of = |ways| Chance::of_throws(ways, 2, 6);
        let spread = vec![
            MeleeOdds { outcome: Melee::Tie, attacker_lost: None, chance: of(6) },
            MeleeOdds { outcome: Melee::Killed, attacker_lost: Some(false), chance: of(15) },
            MeleeOdds { outcome: Melee::Killed, attacker_lost: Some(true), chance: of(15) },
        ];
        ("1d6".into(), spread)
    }

    fn hand_to_hand(&self, _book: &RuleBook, dice: &mut Dice, a: &Soldier, d: &Soldier) -> Fought {
        let ra = dice.table(Purpose::HandToHand, 1, 6, |_| Name::default()).by(&a.id).at(&d.id);
        let rd = dice.table(Purpose::HandToHand, 1, 6, |_| Name::default()).by(&d.id).at(&a.id);
        let outcome = if ra.total == rd.total { Melee::Tie } else { Melee::Killed };
        let attacker_lost = ra.total < rd.total;
        let difference = ra.total.abs_diff(rd.total);
        Fought { rolls: vec![ra, rd], difference, outcome, attacker_lost }
    }

    fn enemy_breaks(&self, _able: usize, _met: usize) -> bool {
        false
    }

    fn activate(&self, _book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<(Roll, Leave)> {
        let roll = dice.check(Purpose::Activation, 1, 6, 2, Modifiers::default()).by(&man.id);
        let leave = if roll.succeeded() { Leave::FREE } else { Leave { may_move: false, may_fire: true } };
        Some((roll, leave))
    }

    fn may(&self, _book: &RuleBook, man: &Soldier, deed: Deed) -> bool {
        !(man.pressure == Pressure::Pinned && deed == Deed::Move)
    }

    fn under_fire(&self, book: &RuleBook, dice: &mut Dice, target: &Soldier, hit: bool) -> Option<Reaction> {
        if hit || target.pos.is_none() || target.pressure == Pressure::Pinned {
            return None;
        }
        // A test of his nerve, harder the more he was shaken before; the
        // miss shakes him one more whatever he rolls.
        let t = tables(book);
        let mut man = target.kit.one_shot().clone();
        let need = (t.nerve + i32::from(man.shaken)).min(6);
        let roll = dice.check(Purpose::Reaction, 1, 6, need, Modifiers::default()).by(&target.id);
        let pressure = if roll.succeeded() { target.pressure } else { Pressure::Pinned };
        man.shaken = man.shaken.saturating_add(1).min(t.most_shaken);
        Some(Reaction { roll: Some(roll), pressure, kit: Some(Kit::OneShot(man)) })
    }

    fn rally(&self, book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<Reaction> {
        let roll = dice.check(Purpose::Reaction, 1, 6, tables(book).rally, Modifiers::default()).by(&man.id);
        if !roll.succeeded() {
            return Some(Reaction { roll: Some(roll), pressure: man.pressure, kit: None });
        }
        Some(Reaction { roll: Some(roll), pressure: Pressure::Steady, kit: Some(Kit::None) })
    }

    /// Its own tables, the built-in ones if the book has none.
    fn fit_book(&self, book: &mut Cow<'_, RuleBook>) {
        if tables_in(book).is_none() {
            book.to_mut().set_own(Tables::OneShot(Box::new(OneShotTables::built_in())));
        }
    }

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

    fn aimed_need(&self, book: &RuleBook, aim: &Aim) -> Option<i32> {
        self.aimed(book, aim).ok().map(|o| o.need())
    }

    fn bombard_odds(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Option<Odds> {
        self.bombard(book, weapon, distance, target_moved).ok()
    }

    fn bombard_purpose(&self) -> Purpose {
        Purpose::Mortar
    }

    fn indirect(&self, _book: &RuleBook, _dice: &mut Dice, _shot: &Shot<'_>, _events: &mut Events) -> Option<Shelled> {
        None
    }

    /// No H.E. under these rules: every shot is aimed at a man.
    fn guns_fire_he(&self) -> bool {
        false
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

    fn suppressed(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _target: &Soldier,
        _method: (&'static str, i32),
    ) -> Option<Reaction> {
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

    /// Fire called this turn lands; pinned men rally on 4+.
    fn turn_ends(&self, game: &mut Game, events: &mut Events) {
        game.land_fire(events);
        game.rally_men(events);
    }

    /// Nothing: every hit has killed already.
    fn action_ends(&self, _game: &mut Game, _events: &mut Events) {}

    /// A man is never shaken past the tables' most.
    fn men_hold(&self, game: &Game) -> Result<(), String> {
        let most = tables(&game.book).most_shaken;
        match game.soldiers.iter().find(|s| s.kit.one_shot().shaken > most) {
            Some(s) => Err(format!("{} is shaken {} times, past the most ({most})", s.id, s.kit.one_shot().shaken)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;
