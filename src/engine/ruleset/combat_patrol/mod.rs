//! Combat Patrol ("Combat Patrol! My Go at WWII Squad Level Wargaming
//! Rules"): a D10 a shot against the shooter's accuracy, one worse past the
//! weapon's optimum range and for cover, no shot past its maximum; the man
//! hit rolls 2D10 on the wound chart at once; a critically wounded man
//! tests each turn for death, and a friend beside him may save him; a man
//! shot at and missed takes a reaction test and may be pinned.
//!
//! The patrol loop stays Lone Warrior's: movement, incidents, the deck of
//! two cards a man and its STOP card, hand to hand (the article has none)
//! and indirect fire. The numbers are in `assets/rules/combat_patrol.ron`
//! (`RuleBook::combat_patrol`).

use std::borrow::Cow;
mod dying;
pub mod flight;
pub mod house;
pub mod man;
pub(in crate::engine) mod sweep;
pub mod tables;
pub(in crate::engine) mod throwing;

mod ammo;
mod grenade;
mod spreads;
mod wounds;

use crate::engine::book::{RuleBook, Weapon, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::ruleset::Fired;
use crate::engine::ruleset::Leave;
use crate::engine::ruleset::Moves;
use crate::engine::ruleset::Shelled;
use crate::engine::ruleset::Shot;
use crate::engine::ruleset::SquadFire;
use crate::engine::ruleset::SquadOdds;
use crate::engine::ruleset::combat_patrol::tables::{CombatPatrol as Book, Special};
use crate::engine::ruleset::{
    Aim, Ammo, Blow, Deed, Fought, Hit, LoneWarrior, MeleeOdds, Method, Odds, Pressure, Reaction, Reloading, Rules,
    Tending, Throw, Thrown,
};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

/// The Combat Patrol rule set.
pub struct CombatPatrol;

/// The name scenarios, campaigns and saves give it.
pub const NAME: &str = "CombatPatrol";

/// The rule book's Combat Patrol tables. A game is never begun by these
/// rules with a book that lacks them (`Game::new` refuses it).
pub fn tables_in(book: &RuleBook) -> Option<&Book> {
    match book.own(crate::engine::ruleset::registry::RuleSet::CombatPatrol)? {
        crate::engine::ruleset::Tables::CombatPatrol(t) => Some(t),
        _ => None,
    }
}

/// The same, to change (a house rule, a test).
pub fn tables_in_mut(book: &mut RuleBook) -> Option<&mut Book> {
    match book.own_mut(crate::engine::ruleset::registry::RuleSet::CombatPatrol)? {
        crate::engine::ruleset::Tables::CombatPatrol(t) => Some(t),
        _ => None,
    }
}

/// A man's accuracy: the D10 need of his shots and his reaction tests,
/// before what the moment adds, and his veteran's improvement.
pub fn accuracy(t: &Book, side: Side) -> i32 {
    i32::from(match side {
        Side::Friendly => t.accuracy.friendly,
        Side::Enemy => t.accuracy.enemy,
    })
}

/// `man`'s accuracy as he shoots now: his side's, a veteran's one better,
/// a lightly wounded man's worse. The roster shows it, and a grenade's
/// throw inverts it.
pub fn accuracy_now(t: &Book, man: &Soldier) -> i32 {
    let mut need = accuracy(t, man.side);
    if man.veteran {
        need = need.saturating_add(t.accuracy.veteran);
    }
    if man.state == State::LightWound {
        need = need.saturating_add(t.modifiers.light_wound);
    }
    need
}

impl CombatPatrol {
    /// The odds of an aimed shot, or why there is none.
    fn shot(book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        let t = tables_in(book).ok_or("this rule book has no Combat Patrol tables")?;
        let p = t
            .profile(&aim.weapon.key)
            .ok_or_else(|| format!("the {} has no Combat Patrol profile: it cannot fire at a man", aim.weapon.name))?;
        if aim.distance == 0 {
            return Err("same hex: fight hand-to-hand instead".into());
        }
        let special = match (&p.special, aim.special) {
            (_, false) | (Some(Special::Spray | Special::MachineGun), true) => None,
            (Some(Special::Shots { modifier, .. }), true) => Some(*modifier),
            (None, true) => {
                return Err(format!(
                    "the {} has no special firing method: fire it by the standard one",
                    aim.weapon.name
                ));
            }
        };
        if aim.distance > p.maximum {
            return Err(format!(
                "out of range: {} hexes, the {} reaches {} (optimum {})",
                aim.distance, aim.weapon.name, p.maximum, p.optimum
            ));
        }
        let mut modifiers = Modifiers::default();
        let mut add = |name: &'static str, value: i32| {
            if value != 0 {
                modifiers.push(Modifier::new(Name::new_static(name), value));
            }
        };
        if aim.veteran {
            add("veteran", t.accuracy.veteran);
        }
        if let Some(modifier) = special {
            add("special", modifier);
        }
        if aim.distance > p.optimum {
            add("beyond_optimum", t.modifiers.beyond_optimum);
        }
        add("cover", t.modifiers.cover(aim.cover));
        if aim.state == State::LightWound {
            add("light_wound", t.modifiers.light_wound);
        }
        if aim.dragged {
            add("dragged", t.modifiers.dragged);
        }
        Ok(Odds { dice: 1, sides: t.sides, base: accuracy(t, aim.side), modifiers, band: None })
    }

    /// The odds of `man`'s reaction test: his accuracy, one worse lightly
    /// wounded, and `worse` in a spray or an arc of fire (`method`: which).
    fn reaction_odds(t: &Book, man: &Soldier, (method, worse): (&'static str, i32)) -> Odds {
        let mut modifiers = Modifiers::default();
        if worse != 0 {
            modifiers.push(Modifier::new(Name::new_static(method), worse));
        }
        if man.veteran && t.accuracy.veteran != 0 {
            modifiers.push(Modifier::new(Name::new_static("veteran"), t.accuracy.veteran));
        }
        if man.state == State::LightWound && t.reaction.light_wound != 0 {
            modifiers.push(Modifier::new(Name::new_static("light_wound"), t.reaction.light_wound));
        }
        Odds { dice: 1, sides: t.reaction.sides, base: accuracy(t, man.side), modifiers, band: None }
    }

    /// The reaction test of `man` (see `reaction_odds`).
    fn reaction(t: &Book, dice: &mut Dice, man: &Soldier, method: (&'static str, i32)) -> Roll {
        Self::reaction_odds(t, man, method).roll(dice, Purpose::CpReaction).by(&man.id)
    }
}

impl Rules for CombatPatrol {
    fn name(&self) -> &'static str {
        NAME
    }

    fn house_rules(&self) -> &'static [crate::engine::ruleset::house::HouseRule] {
        house::RULES
    }

    fn states(&self) -> &'static [State] {
        &[State::Fit, State::FleshWound, State::LightWound, State::SeriousWound, State::Critical, State::Dead]
    }

    /// Its pinning, volleys, reactions and rallies; no activation test.
    fn aims_by_man(&self) -> bool {
        true
    }

    /// His accuracy, as he shoots now (a light wound one worse), and the
    /// grenades he has left ("4+ 2g"). The roster shows his weapon's
    /// ammunition after the weapon (`ammo`).
    /// Nothing: the book as every rule set's begins.
    fn fit_book(&self, _book: &mut Cow<'_, RuleBook>) {}

    fn profile(&self, book: &RuleBook, man: &Soldier) -> Option<String> {
        let t = tables_in(book)?;
        let Some((left, _)) = self.grenades(book, man) else { return Some(format!("{}+", accuracy_now(t, man))) };
        Some(format!("{}+ {left}g", accuracy_now(t, man)))
    }

    /// The article's "fire and combat move" activation, unless the house
    /// rule `one_deed_a_card` makes a card one deed.
    fn fire_and_move(&self, book: &RuleBook) -> bool {
        tables_in(book).is_some_and(|t| !t.one_deed)
    }

    fn cards(&self, book: &RuleBook, man: &Soldier) -> u32 {
        LoneWarrior.cards(book, man)
    }

    fn stop_cards(&self, book: &RuleBook) -> u32 {
        LoneWarrior.stop_cards(book)
    }

    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        Self::shot(book, aim)
    }

    /// The article has no indirect fire: the loop's mortar is Lone Warrior's.
    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, String> {
        LoneWarrior.bombard(book, weapon, distance, target_moved)
    }

    /// Every blow is rolled on the wound chart as it lands; a grenade's
    /// blast two worse.
    fn hit(&self, book: &RuleBook, dice: &mut Dice, man: &Name, blow: Blow) -> Hit {
        let Some(t) = tables_in(book) else { return LoneWarrior.hit(book, dice, man, blow) };
        let (roll, chart) = wounds::chart(t, dice, man, blow == Blow::Grenade);
        match chart.wound() {
            None => Hit::Spared(roll),
            Some(wound) => Hit::Wounded(Some(roll), wound),
        }
    }

    /// Nobody is knocked over under these rules; a man who was (in a game
    /// begun by other rules) is rolled for on the wound chart, and one who
    /// comes through it unhurt counts as a flesh wound.
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        let Some(t) = tables_in(book) else { return LoneWarrior.casualty(book, dice, man) };
        let (roll, chart) = wounds::chart(t, dice, man, false);
        (roll, chart.wound().unwrap_or(Wound::Flesh))
    }

    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        match tables_in(book) {
            Some(t) => wounds::chart_spread(t),
            None => LoneWarrior.casualty_spread(book),
        }
    }

    /// The blast's chart, the medic's try, a throw, bullets, a reload die.
    fn table_spread(
        &self,
        book: &RuleBook,
        purpose: Purpose,
        modifier: i32,
    ) -> Option<(String, Vec<(&'static str, Chance)>)> {
        spreads::table_spread(tables_in(book)?, purpose, modifier)
    }

    fn grenade(&self, book: &RuleBook, dice: &mut Dice, throw: &Throw) -> Result<Thrown, String> {
        grenade::throw(book, dice, throw)
    }

    fn grenade_odds(&self, book: &RuleBook, throw: &Throw) -> Result<[(Purpose, i32); 2], String> {
        grenade::odds(book, throw)
    }

    fn suppressed_odds(&self, book: &RuleBook, man: &Soldier, method: (&'static str, i32)) -> Option<(Purpose, Odds)> {
        Some((Purpose::CpReaction, Self::reaction_odds(tables_in(book)?, man, method)))
    }

    /// A vehicle's crew throws none (a decision: the enemy's vehicles
    /// fight with their guns).
    fn grenades(&self, book: &RuleBook, man: &Soldier) -> Option<(u8, u32)> {
        if man.vehicle.is_some() {
            return None;
        }
        let g = &tables_in(book)?.grenade;
        Some((g.each.saturating_sub(man.kit.combat_patrol().grenades_thrown), g.range))
    }

    /// One man drags a comrade, and the hex costs him two cards.
    fn bearing(&self, book: &RuleBook) -> (u32, u32) {
        match tables_in(book) {
            Some(t) => (t.drag.bearers, t.drag.cards_each),
            None => LoneWarrior.bearing(book),
        }
    }

    fn tend(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        man: &Soldier,
        helper: Option<&Soldier>,
        action_over: bool,
    ) -> Option<Tending> {
        Some(wounds::tend(tables_in(book)?, dice, man, helper, action_over))
    }

    /// The article has no hand to hand: the loop's (Lone Warrior's) is fought.
    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        LoneWarrior.hand_to_hand_spread(book)
    }

    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought {
        LoneWarrior.hand_to_hand(book, dice, attacker, defender)
    }

    /// A pinned man neither moves nor fires; a lightly wounded one may fire
    /// but makes no move of his own.
    fn may(&self, _book: &RuleBook, man: &Soldier, deed: Deed) -> bool {
        match deed {
            Deed::Move | Deed::Charge => man.pressure.is_steady() && man.state != State::LightWound,
            Deed::Fire => man.pressure.is_steady(),
        }
    }

    /// The firing method's shots (the standard one's, or the special
    /// `X/-Y`'s X), each a D10 against the need.
    fn volley(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        odds: Odds,
        (shooter, target): (&Soldier, &Name),
        special: bool,
        events: &mut Events,
    ) -> u32 {
        let shots = self.shots(book, shooter, special);
        let mut hits = 0;
        for _ in 0..shots {
            let mut roll = odds.clone().roll(dice, self.fire_purpose());
            (roll.soldier, roll.target) = (Some(shooter.id.clone()), Some(target.clone()));
            hits += u32::from(roll.succeeded());
            events.push(Event::Roll(roll));
        }
        hits
    }

    /// The standard method's shots, or the special `X/-Y`'s X (none for a
    /// weapon without one: the order is refused before it is rolled).
    fn shots(&self, book: &RuleBook, shooter: &Soldier, special: bool) -> u32 {
        let profile = shooter.aimed_index(book).and_then(|i| tables_in(book)?.profile(&book.weapons[i].key));
        let shots = match (profile, special) {
            (Some(p), false) => p.shots,
            (Some(p), true) => match &p.special {
                Some(Special::Shots { shots, .. }) => *shots,
                Some(Special::Spray | Special::MachineGun) | None => 0,
            },
            (None, special) => u8::from(!special),
        };
        u32::from(shots)
    }

    /// Spray, the Machine Gun's arc, or more shots at the man (`X/-Y`).
    fn method(&self, book: &RuleBook, shooter: &Soldier) -> Option<Method> {
        ammo::method(book, shooter)
    }

    /// The article's D2-1 bullets at each man in an arc.
    fn bullets(&self, book: &RuleBook, dice: &mut Dice, gunner: &Soldier, target: &Name) -> Option<(Roll, u32)> {
        let t = tables_in(book)?;
        let roll = ammo::bullets(t, dice, gunner, target);
        let n = ammo::bullets_of(t, &roll);
        Some((roll, n))
    }

    /// Belts, magazines and limited ammunition, from the book's `ammunition`.
    fn ammo(&self, book: &RuleBook, man: &Soldier) -> Option<Ammo> {
        ammo::ammo(book, man)
    }

    fn reload(&self, book: &RuleBook, dice: &mut Dice, gunner: &Soldier) -> Result<Reloading, String> {
        ammo::reload(book, dice, gunner)
    }

    fn fire_purpose(&self) -> Purpose {
        Purpose::CpFire
    }

    /// Missed, he tests his nerve: failing, he is pinned.
    fn under_fire(&self, book: &RuleBook, dice: &mut Dice, target: &Soldier, hit: bool) -> Option<Reaction> {
        if hit || !target.can_act() || target.pressure == Pressure::Pinned {
            return None;
        }
        let roll = Self::reaction(tables_in(book)?, dice, target, ("", 0));
        let pressure = if roll.succeeded() { target.pressure } else { Pressure::Pinned };
        Some(Reaction { roll: Some(roll), pressure, kit: None })
    }

    /// In a spray or an arc of fire, he tests his nerve the harder: failing,
    /// he is pinned.
    fn suppressed(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        target: &Soldier,
        method: (&'static str, i32),
    ) -> Option<Reaction> {
        let t = tables_in(book)?;
        if !target.can_act() || target.pressure == Pressure::Pinned {
            return None;
        }
        let roll = Self::reaction(t, dice, target, method);
        let pressure = if roll.succeeded() { target.pressure } else { Pressure::Pinned };
        Some(Reaction { roll: Some(roll), pressure, kit: None })
    }

    /// At STOP a pinned man takes the test again, and passing is steady,
    /// under the house rule `pinned_until_rallied`; by our reading
    /// of the text he is freed when his next card is over instead.
    fn rally(&self, book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<Reaction> {
        let t = tables_in(book)?;
        if !man.can_act() || !t.reaction.until_rallied {
            return None;
        }
        let roll = Self::reaction(t, dice, man, ("", 0));
        let pressure = if roll.succeeded() { Pressure::Steady } else { man.pressure };
        Some(Reaction { roll: Some(roll), pressure, kit: None })
    }

    /// No morale rules in the article: men fight until hit.
    fn enemy_breaks(&self, _able: usize, _met: usize) -> bool {
        false
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

    /// Its article has no guns: the enemy's guns fire H.E. by the rule
    /// book's arsenal, as its mortar fires by Lone Warrior's `bombard`.
    fn guns_fire_he(&self) -> bool {
        LoneWarrior.guns_fire_he()
    }

    fn activate(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<(Roll, Leave)> {
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

    /// The combat move, one hex, is half of a card that fires too.
    fn moves(&self, book: &RuleBook, _man: &Soldier) -> Option<Moves> {
        if self.fire_and_move(book) {
            return Some(Moves { open: 1, difficult: 1 });
        }
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

    /// A pinned man's card is over: he has kept his head down through it,
    /// and is steady again (not under `pinned_until_rallied`, where
    /// only a test at STOP frees him).
    fn card_over(&self, book: &RuleBook, man: &Soldier) -> Option<Pressure> {
        let pinned = man.pressure == Pressure::Pinned;
        (pinned && tables_in(book).is_some_and(|t| !t.reaction.until_rallied)).then_some(Pressure::Steady)
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

    /// Fire called this turn lands (the rule book's H.E.: the article has
    /// none of its own); men pinned rally; the critically wounded are tended
    /// by a friend beside them and take their death test.
    fn turn_ends(&self, game: &mut Game, events: &mut Events) {
        game.land_fire(events);
        game.rally_men(events);
        game.tend_the_dying(false, events);
        game.drags_done();
    }

    /// The critically wounded take their last test (the living are
    /// stabilised), and the guns that are reloaded are loaded again.
    fn action_ends(&self, game: &mut Game, events: &mut Events) {
        game.tend_the_dying(true, events);
        game.reload_after_action();
    }

    /// A death test only for a man critically wounded, no more grenades
    /// thrown than a man carries, and ammunition as a weapon can hold it.
    fn men_hold(&self, game: &Game) -> Result<(), String> {
        if let Some(s) =
            game.soldiers.iter().find(|s| s.kit.combat_patrol().dies_on.is_some() && s.state != State::Critical)
        {
            return Err(format!("{} has a death test to come, yet is {}", s.id, s.state.words()));
        }
        let carried = tables_in(&game.book).map_or(0, |t| t.grenade.each);
        if let Some(s) = game.soldiers.iter().find(|s| s.kit.combat_patrol().grenades_thrown > carried) {
            return Err(format!(
                "{} has thrown {} grenades of the {carried} a man carries",
                s.id,
                s.kit.combat_patrol().grenades_thrown
            ));
        }
        match game.soldiers.iter().find_map(|s| game.ammo_inconsistent(s)) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod activation_tests;
#[cfg(test)]
mod ammo_tests;
#[cfg(test)]
mod tests;
