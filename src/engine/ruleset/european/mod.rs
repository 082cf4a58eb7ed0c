//! European Battlefield ("European Battlefield", core rules v3.0): each man
//! has a profile (Fight/Shoot, Defense, Courage); a squad fires one die for
//! each rate of fire of its weapons at their men's Shoot value; each man hit
//! may save (cover, prone) and then rolls strength against defense on the
//! wound chart; hits suppress and pin a squad; a squad that loses a quarter
//! of its strength tests its courage, and may go to ground or rout.
//!
//! The patrol loop stays Lone Warrior's: movement hex by hex, incidents (on
//! this rule set's own table), the deck and its STOP card, and the casualty
//! roll at the action's end for the men the wound chart took (the article
//! removes them; a campaign must know whether they live). Activation is by
//! the deck, a card a man, with the article's courage roll to move.
//! Decisions are marked in docs/RULES.md and in
//! `assets/rules/european_battlefield.ron`.

use std::borrow::Cow;
pub mod barrage;
pub(in crate::engine) mod crew;
pub(in crate::engine) mod enemy_battery;
pub mod house;
pub(in crate::engine) mod hulk;
pub mod man;
pub(in crate::engine) mod manoeuvre;
pub(in crate::engine) mod rout;
pub(in crate::engine) mod stance;
pub mod state;
pub mod tables;
pub(in crate::engine) mod transports;

pub mod aa;
mod aim;
mod army;
mod blast;
pub use army::ARTILLERY;
mod fire;
pub mod heavy;
pub mod indirect;
mod melee;
mod priority;
mod throws;
pub mod transport;
pub mod vehicles;

use crate::engine::book::{RuleBook, Terrain, Weapon, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::ruleset::Ammo;
use crate::engine::ruleset::Method;
use crate::engine::ruleset::Reloading;
use crate::engine::ruleset::Tending;
use crate::engine::ruleset::Throw;
use crate::engine::ruleset::Thrown;
use crate::engine::ruleset::european::tables::{Activation, European as Book, SoldierProfile, WeaponProfile};
use crate::engine::ruleset::one_die_volley;
use crate::engine::ruleset::{
    Aim, Blow, Deed, Fired, Fought, Hit, Leave, LoneWarrior, MeleeOdds, Moves, Odds, Pressure, Reaction, Rules,
    Shelled, Shot, SquadFire, SquadOdds,
};
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

pub use throws::{after_test, courage_test, test_need};

/// The European Battlefield rule set.
pub struct European;

/// The name scenarios, campaigns and saves give it.
pub const NAME: &str = "EuropeanBattlefield";

/// The rule book's European Battlefield tables. A game is never begun by
/// these rules with a book that lacks them (`Game::new` refuses it).
pub fn tables_in(book: &RuleBook) -> Option<&Book> {
    match book.own(crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield)? {
        crate::engine::ruleset::Tables::EuropeanBattlefield(t) => Some(t),
        _ => None,
    }
}

/// The same, to change (a house rule, a test).
pub fn tables_in_mut(book: &mut RuleBook) -> Option<&mut Book> {
    match book.own_mut(crate::engine::ruleset::registry::RuleSet::EuropeanBattlefield)? {
        crate::engine::ruleset::Tables::EuropeanBattlefield(t) => Some(t),
        _ => None,
    }
}

/// `man`'s profile: the first of his side whose ranks name his (checked:
/// every side has one for any man).
pub fn profile<'a>(t: &'a Book, man: &Soldier) -> Option<&'a SoldierProfile> {
    t.soldier(man.side, &man.rank)
}

/// The profile of the weapon `man` fires at men (a bazooka man's pistol).
pub fn arm<'a>(t: &'a Book, book: &RuleBook, man: &Soldier) -> Option<&'a WeaponProfile> {
    let i = man.aimed_index(book)?;
    t.weapon(&book.weapons[i].key)
}

/// `man`'s Shoot need now: his profile's, a campaign veteran's one better,
/// a pinned man's worse (before the extremes: `test_need`).
pub fn shoot_need(t: &Book, man: &Soldier) -> Option<(i32, Modifiers)> {
    let p = profile(t, man)?;
    let mut modifiers = Modifiers::default();
    if man.veteran {
        modifiers.push(Modifier::new(Name::new_static("veteran"), -1));
    }
    if man.pressure == Pressure::Pinned && t.suppression.pinned_to_hit != 0 {
        modifiers.push(Modifier::new(Name::new_static("pinned"), i32::from(t.suppression.pinned_to_hit)));
    }
    Some((i32::from(p.shoot), modifiers))
}

impl Rules for European {
    fn name(&self) -> &'static str {
        NAME
    }

    fn house_rules(&self) -> &'static [crate::engine::ruleset::house::HouseRule] {
        house::RULES
    }

    /// A man is fit, or hit and down until the action's casualty roll says
    /// what became of him (Lone Warrior's states).
    fn states(&self) -> &'static [State] {
        LoneWarrior.states()
    }

    /// Squads, the activation roll, and what pressure stops a man doing.
    fn squads(&self) -> bool {
        true
    }

    fn aims_by_man(&self) -> bool {
        true
    }

    /// His profile as the article writes it, and his squad's pressure:
    /// "3/5+ D4 C3", "4/4+ D4 C4 sup2".
    /// The book as these rules play it: its own incident table and forces stand for the book's.
    fn fit_book(&self, book: &mut Cow<'_, RuleBook>) {
        let Some(t) = tables_in(book) else { return };
        if book.incident_table == t.incident_table && book.forces == t.forces {
            return;
        }
        let t = t.clone();
        let own = book.to_mut();
        own.incident_table = t.incident_table;
        own.forces = t.forces;
    }

    fn profile(&self, book: &RuleBook, man: &Soldier) -> Option<String> {
        let t = tables_in(book)?;
        if let Some(v) = vehicles::profile(t, man) {
            return Some(vehicles::words(v, man));
        }
        let p = profile(t, man)?;
        let shoot = shoot_need(t, man).map_or(i32::from(p.shoot), |(base, m)| test_need(base + m.total()));
        let mut pressure = match man.pressure {
            Pressure::Steady => String::new(),
            Pressure::Suppressed(n) => format!(" sup{n}"),
            other => format!(" {}", other.name()),
        };
        if man.kit.european().dug_in {
            pressure.push_str(" dug in");
        }
        pressure.push_str(&heavy::words(t, book, man));
        Some(format!("{}/{shoot}+ D{} C{}{pressure}", p.fight, p.defense, p.courage))
    }

    fn fire_and_move(&self, _book: &RuleBook) -> bool {
        false
    }

    /// A man's cards, or a vehicle's its profile's; a routed man none, as
    /// written: he runs at STOP, and does nothing of his own.
    fn cards(&self, book: &RuleBook, man: &Soldier) -> u32 {
        let Some(t) = tables_in(book) else { return 1 };
        if man.pressure == Pressure::Routed && !t.rout_leaves_at_once {
            return 0;
        }
        vehicles::profile(t, man).map_or(t.cards_per_man, |p| p.cards)
    }

    fn stop_cards(&self, book: &RuleBook) -> u32 {
        book.action.stop_cards
    }

    /// The article's priority phase, unless the deck is played instead
    /// (house rule `activation_by_deck`).
    fn priority(&self, book: &RuleBook, dice: &mut Dice, events: &mut Events) -> Option<(Side, u8)> {
        priority::roll(tables_in(book)?, dice, events)
    }

    /// At the double, a man stops within 6" of the enemy.
    fn double_stop(&self, book: &RuleBook) -> Option<u32> {
        tables_in(book).map(|t| t.hexes(t.double_stop_inches))
    }

    /// The article's army lists: the incident's group and support units
    /// rolled for while the budget lasts.
    fn muster(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        core: &str,
        budget: Option<u32>,
        events: &mut Events,
    ) -> Vec<Name> {
        tables_in(book).map_or_else(Vec::new, |t| army::muster(t, book, dice, (core, budget), events))
    }

    /// One suppression fewer: a pinned squad (three suppressions) is
    /// suppressed one short of the pin.
    fn point_lifts(&self, book: &RuleBook, now: Pressure) -> Option<Pressure> {
        let left = match now {
            Pressure::Suppressed(n) => n.saturating_sub(1),
            Pressure::Pinned => tables_in(book)?.suppression.pinned_at.saturating_sub(1),
            Pressure::Steady | Pressure::Prone | Pressure::Routed => return None,
        };
        Some(if left == 0 { Pressure::Steady } else { Pressure::Suppressed(left) })
    }

    /// Its table rolls beyond the casualty roll: the priority phase's
    /// throws, the army list's support rolls, the KO chart, and indirect
    /// fire's scatter and smoke.
    fn table_spread(
        &self,
        book: &RuleBook,
        purpose: Purpose,
        modifier: i32,
    ) -> Option<(String, Vec<(&'static str, Chance)>)> {
        let t = tables_in(book)?;
        match purpose {
            Purpose::EbPriority if modifier == 0 && t.activation == Activation::Priority => Some(priority::spread()),
            Purpose::EbForce if modifier == 0 => army::spread(t),
            Purpose::EbKo => vehicles::tables(t).map(vehicles::ko_spread),
            Purpose::EbRout if modifier == 0 => Some(indirect::rout_spread(t)),
            _ => indirect::table_spread(t, purpose, modifier),
        }
    }

    /// A shot at a man in sight and range, at the Shoot value of his side's
    /// rank and file: the engine's own choices weigh it so, and the squad's
    /// fire rolls each man's own (`squad_fire`).
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        aim::aimed(tables_in(book).ok_or("this rule book has no European Battlefield tables")?, aim)
    }

    /// An h-class weapon's roll to hit a hex, at the Shoot value of its
    /// side's rank and file (the engine's own choices weigh it so; the shot
    /// rolls its gunner's own: `indirect`), between its least range and its
    /// range.
    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, moved: bool) -> Result<Odds, String> {
        aim::bombard(
            tables_in(book).ok_or("this rule book has no European Battlefield tables")?,
            weapon,
            distance,
            moved,
        )
    }

    fn bombard_purpose(&self) -> Purpose {
        Purpose::EbIndirect
    }

    fn indirect(&self, book: &RuleBook, dice: &mut Dice, shot: &Shot<'_>, events: &mut Events) -> Option<Shelled> {
        indirect::fire(tables_in(book)?, book, dice, shot, events)
    }

    /// No gun fires Lone Warrior's H.E. at a hex: the Pak 40 and the Flak
    /// fire directly at men (section XIII), as any weapon does, by their
    /// profiles (`squad_fire`: to hit, save, wound chart, suppression,
    /// courage), and at nothing nearer than their least range.
    fn guns_fire_he(&self) -> bool {
        false
    }

    /// A man the wound chart took is down, to be rolled for when the action
    /// ends (the chart was rolled as he was hit: `squad_fire`,
    /// `hand_to_hand`); any other blow is Lone Warrior's.
    fn hit(&self, book: &RuleBook, dice: &mut Dice, man: &Name, blow: Blow) -> Hit {
        match blow {
            Blow::Aimed | Blow::HandToHand => Hit::KnockedOver,
            _ => LoneWarrior.hit(book, dice, man, blow),
        }
    }

    /// Lone Warrior's casualty roll (a decision: the article only removes
    /// the man).
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        LoneWarrior.casualty(book, dice, man)
    }

    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        LoneWarrior.casualty_spread(book)
    }

    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        match tables_in(book) {
            Some(t) => melee::spread(t),
            None => LoneWarrior.hand_to_hand_spread(book),
        }
    }

    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought {
        match tables_in(book) {
            Some(t) => melee::fight(t, book, dice, attacker, defender),
            None => LoneWarrior.hand_to_hand(book, dice, attacker, defender),
        }
    }

    /// The article's activation: 1d6 at or under his Courage and he may
    /// move; failing, he may still shoot. A routed man neither moves by
    /// choice nor shoots, and is not tested.
    fn activate(&self, book: &RuleBook, dice: &mut Dice, man: &Soldier) -> Option<(Roll, Leave)> {
        let t = tables_in(book)?;
        if man.pressure == Pressure::Routed {
            return None;
        }
        let courage = vehicles::courage(t, man)?;
        let mut roll = dice.thrown(Purpose::EbActivation, 1, 6).by(&man.id);
        let moves = roll.total <= u32::from(courage);
        (roll.need, roll.success) = (Some(i32::from(courage)), Some(moves));
        Some((roll, Leave { may_move: moves, may_fire: true }))
    }

    /// A pinned man, or one gone to ground, does not move; a routed one
    /// neither fires nor charges, and as written makes no move of his own
    /// (he runs at STOP; under the house rule `rout_leaves_at_once` he goes
    /// where he is ordered).
    fn may(&self, book: &RuleBook, man: &Soldier, deed: Deed) -> bool {
        match deed {
            Deed::Move if man.pressure == Pressure::Routed => tables_in(book).is_none_or(|t| t.rout_leaves_at_once),
            Deed::Move => !man.kit.european().dug_in && !matches!(man.pressure, Pressure::Pinned | Pressure::Prone),
            // A man who dodged a vehicle this turn does not fire (section XII).
            Deed::Fire => man.pressure != Pressure::Routed && !man.kit.european().dodged,
            Deed::Charge => man.pressure != Pressure::Routed,
        }
    }

    fn squad_fire(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        fire: &SquadFire<'_>,
        events: &mut Events,
    ) -> Option<Result<Fired, String>> {
        let t = tables_in(book)?;
        Some(fire::volley(t, book, dice, fire, events))
    }

    fn squad_fire_odds(&self, book: &RuleBook, fire: &SquadFire<'_>) -> Option<Result<SquadOdds, String>> {
        let t = tables_in(book)?;
        Some(fire::odds(t, book, fire))
    }

    /// The firing dice of his weapon now: its rate of fire, or what its
    /// notes leave it on a turn he moved.
    fn shots(&self, book: &RuleBook, shooter: &Soldier, special: bool) -> u32 {
        if special {
            return 0;
        }
        let Some(t) = tables_in(book) else { return 0 };
        if shooter.vehicle.is_some() {
            let guns = vehicles::guns(t, shooter, shooter.moved, u32::MAX);
            return guns.iter().map(|g| u32::from(g.dice)).sum();
        }
        arm(t, book, shooter).map_or(0, |w| u32::from(w.dice(shooter.moved)))
    }

    /// Vehicles of its own: armour, wounds, the KO chart, hulks.
    fn vehicles(&self) -> bool {
        true
    }

    fn vehicle_shot(
        &self,
        book: &RuleBook,
        shooter: &Soldier,
        target: &Soldier,
        distance: u32,
    ) -> Result<Odds, String> {
        let t = tables_in(book).ok_or("this rule book has no European Battlefield tables")?;
        vehicles::shot(t, book, shooter, target, distance)
    }

    /// Infantry's move in hexes; a suppressed man's is halved (a decision:
    /// one hex, whatever the ground); a heavy weapon's gunner's as in
    /// difficult ground.
    fn moves(&self, book: &RuleBook, man: &Soldier) -> Option<Moves> {
        let t = tables_in(book)?;
        if let Pressure::Suppressed(_) = man.pressure {
            return Some(Moves { open: 1, difficult: 1 });
        }
        let (open, difficult) = t.moves();
        Some(heavy::moves(t, book, man, Moves { open, difficult }))
    }

    /// He fires the weapon he aims at men (a bazooka man's pistol): it
    /// must have a profile.
    fn squad_weapon_fault(&self, book: &RuleBook, weapon: &str) -> Option<String> {
        let aimed = book.weapon_index(weapon).and_then(|i| book.aimed_index(i)).map(|i| &book.weapons[i].key);
        let profiled = tables_in(book).zip(aimed).is_some_and(|(t, key)| t.weapon(key).is_some());
        (!profiled).then(|| format!("has no profile under {NAME}"))
    }

    fn difficult(&self, book: &RuleBook, terrain: &Terrain) -> bool {
        tables_in(book).is_some_and(|t| t.difficult.contains(&terrain.key))
    }

    /// At STOP, a squad suppressed, pinned or gone to ground tests its
    /// courage: passing, it is steady again. A routed squad runs on.
    fn squad_rally(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        squad: (&[&Soldier], &[&Soldier]),
        point: bool,
    ) -> Option<Reaction> {
        throws::squad_test(
            book,
            dice,
            (squad, point),
            Pressure::Steady,
            |now, passed| if passed { Pressure::Steady } else { now },
        )
    }

    /// Its commander fallen, the squad tests its courage: failing, it goes
    /// to ground; passing, it is as it was. A routed squad runs on.
    fn shaken(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        squad: (&[&Soldier], &[&Soldier]),
        point: bool,
    ) -> Option<Reaction> {
        throws::squad_test(book, dice, (squad, point), Pressure::Routed, |now, passed| {
            throws::after_test(now, passed, false)
        })
    }

    /// The article's morale is the courage test: an enemy squad routs, it
    /// does not break off by count.
    fn enemy_breaks(&self, _able: usize, _met: usize) -> bool {
        false
    }

    fn aimed_need(&self, book: &RuleBook, aim: &Aim) -> Option<i32> {
        self.aimed(book, aim).ok().map(|o| o.need())
    }

    fn bombard_odds(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Option<Odds> {
        self.bombard(book, weapon, distance, target_moved).ok()
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

    fn overloading(&self) -> bool {
        false
    }

    fn assaults(&self) -> bool {
        false
    }

    fn card_over(&self, _book: &RuleBook, _man: &Soldier) -> Option<Pressure> {
        None
    }

    /// Command points not spent are lost, before the turn's courage tests;
    /// smoke drifts and may clear before the fire called this turn comes
    /// down (a bank laid now stands for a turn); the patrol's battery, then
    /// the enemy's, lands; squads under pressure test their courage to rally.
    fn turn_ends(&self, game: &mut Game, events: &mut Events) {
        if let Some(p) = &mut game.action().priority {
            p.points = 0;
        }
        game.smoke_drifts(events);
        game.land_fire(events);
        game.enemy_battery_lands(events);
        game.routs_run(events);
        game.squads_rally(events);
    }

    /// The enemy's battery was its force's, for the action; men dug in get
    /// up, and a vehicle dodged is forgotten.
    fn action_ends(&self, game: &mut Game, _events: &mut Events) {
        game.enemy_battery = None;
        for s in &mut game.soldiers {
            if let Some(m) = s.kit.european_held() {
                (m.dug_in, m.dodged) = (false, false);
            }
        }
    }

    /// A man inside a transport is off the map, riding in a vehicle of his
    /// own side still in the fight; only in an action does a man dodge.
    fn men_hold(&self, game: &Game) -> Result<(), String> {
        let in_action = matches!(game.phase, crate::engine::vocabulary::phase::Phase::Action(_));
        for s in &game.soldiers {
            let m = s.kit.european();
            if m.aboard && (s.pos.is_some() || m.transport.is_none()) {
                return Err(format!("{} is inside a vehicle, yet on the map or with none named", s.id));
            }
            // Those inside one put out of the fight got out or died with it.
            if m.aboard && s.state != State::Dead {
                let car = m.transport.as_ref().and_then(|t| game.soldiers.iter().find(|v| v.id == *t));
                if !car.is_some_and(|v| v.vehicle.is_some() && v.side == s.side && v.state != State::Dead) {
                    return Err(format!("{} is inside a vehicle that is not his side's, or is out of the fight", s.id));
                }
            }
            if m.dodged && !in_action {
                return Err(format!("{} dodged a vehicle, but no action is under way", s.id));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod courage_tests;
#[cfg(test)]
mod rout_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vehicle_tests;
