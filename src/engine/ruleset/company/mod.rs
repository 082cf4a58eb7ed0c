//! The company-level rule set ("Company-level WW II", parts 1 and 2): a
//! platoon of teams (stands), each a unit on the map, whose squads fire
//! custom dice at squads; the squad fired at rolls a saving die a hit, and
//! each hit it does not save loses it a team. The numbers are in
//! `assets/rules/company.ron` (`tables::Company`).
//!
//! The patrol loop stays Lone Warrior's: movement hex by hex, incidents
//! (on this rule set's own table, whose enemies are squads of teams), the
//! deck and its STOP card, hand to hand (the article has none: a team
//! beaten hand to hand is lost). Decisions are marked in docs/RULES.md.

use std::borrow::Cow;
pub mod fire;
pub mod house;
pub mod man;
pub mod tables;

use crate::engine::book::{RuleBook, Terrain, Weapon, WeaponKind, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifiers, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::ruleset::Ammo;
use crate::engine::ruleset::Leave;
use crate::engine::ruleset::Method;
use crate::engine::ruleset::Reaction;
use crate::engine::ruleset::Reloading;
use crate::engine::ruleset::Shelled;
use crate::engine::ruleset::Shot;
use crate::engine::ruleset::Tending;
use crate::engine::ruleset::Throw;
use crate::engine::ruleset::Thrown;
use crate::engine::ruleset::company::tables::{Company as Book, Experience};
use crate::engine::ruleset::one_die_volley;
use crate::engine::ruleset::{
    Aim, Blow, Deed, Fired, Fought, Hit, LoneWarrior, Lost, MeleeOdds, Moves, Odds, Pressure, Rules, SquadFire,
    SquadOdds,
};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

/// The company-level rule set.
pub struct Company;

/// The name scenarios, campaigns and saves give it.
pub const NAME: &str = "Company";

/// The rule book's company-level tables. A game is never begun by these
/// rules with a book that lacks them (`Game::new` refuses it).
pub fn tables_in(book: &RuleBook) -> Option<&Book> {
    match book.own(crate::engine::ruleset::registry::RuleSet::Company)? {
        crate::engine::ruleset::Tables::Company(t) => Some(t),
        _ => None,
    }
}

/// The same, to change (a house rule, a test).
pub fn tables_in_mut(book: &mut RuleBook) -> Option<&mut Book> {
    match book.own_mut(crate::engine::ruleset::registry::RuleSet::Company)? {
        crate::engine::ruleset::Tables::Company(t) => Some(t),
        _ => None,
    }
}

/// How seasoned a team is: the enemy's by the tables, the patrol's by the
/// man (a veteran, a conscript, else trained).
pub fn experience(t: &Book, man: &Soldier) -> Experience {
    match (man.side, man.veteran, man.kit.company().conscript) {
        (Side::Enemy, _, _) => t.enemy_experience,
        (_, true, _) => Experience::Veteran,
        (_, _, true) => Experience::Conscript,
        _ => Experience::Trained,
    }
}

/// The nation a team fights for.
fn nation(t: &Book, side: Side) -> &str {
    match side {
        Side::Friendly => &t.nations.friendly,
        Side::Enemy => &t.nations.enemy,
    }
}

/// The firing dice `man` adds to his squad's fire now (none for a weapon
/// that is not a team's).
pub fn team_dice(t: &Book, book: &RuleBook, man: &Soldier, moved: bool) -> u32 {
    t.team(man.weapon(book)).map_or(0, |team| team.dice(moved, nation(t, man.side)))
}

/// The ground a team stands on, as its saving die reads it.
pub fn target_of(t: &Book, man: &Soldier, terrain: &Terrain) -> fire::Target {
    fire::Target {
        cover: terrain.cover != crate::engine::book::Cover::None,
        concealed: t.concealing.contains(&terrain.key),
        experience: experience(t, man),
    }
}

impl Rules for Company {
    fn name(&self) -> &'static str {
        NAME
    }

    fn house_rules(&self) -> &'static [crate::engine::ruleset::house::HouseRule] {
        house::RULES
    }

    /// A team is in the fight or lost.
    fn states(&self) -> &'static [State] {
        &[State::Fit, State::Dead]
    }

    fn squads(&self) -> bool {
        true
    }

    /// Its squad, its firing dice standing, and its experience where it is
    /// not trained: "s2 2d", "s4 1d con", "s3 1d vet".
    /// The book as these rules play it: their teams are weapons of the book (each firing to its range), and their own incident table and forces stand for the book's.
    fn fit_book(&self, book: &mut Cow<'_, RuleBook>) {
        let Some(t) = tables_in(book) else { return };
        let teams_known = t.teams.iter().all(|team| book.weapon(&team.key).is_some());
        if teams_known && book.incident_table == t.incident_table && book.forces == t.forces {
            return;
        }
        let t = t.clone();
        let own = book.to_mut();
        for team in &t.teams {
            if own.weapon(&team.key).is_none() {
                let r = team.range;
                own.weapons.push(Weapon {
                    key: team.key.as_str().into(),
                    name: team.name.as_str().into(),
                    kind: WeaponKind::Direct { short: r, medium: r, long: r },
                });
            }
        }
        own.incident_table = t.incident_table;
        own.forces = t.forces;
    }

    fn profile(&self, book: &RuleBook, man: &Soldier) -> Option<String> {
        let t = tables_in(book)?;
        let dice = team_dice(t, book, man, false);
        let squad = man.squad.map_or(String::new(), |s| format!("s{s} "));
        let seasoned = match experience(t, man) {
            Experience::Trained => "",
            Experience::Conscript => " con",
            Experience::Veteran => " vet",
        };
        Some(format!("{squad}{dice}d{seasoned}"))
    }

    fn fire_and_move(&self, _book: &RuleBook) -> bool {
        false
    }

    fn cards(&self, book: &RuleBook, _man: &Soldier) -> u32 {
        tables_in(book).map_or(1, |t| t.cards_per_team)
    }

    fn stop_cards(&self, book: &RuleBook) -> u32 {
        book.action.stop_cards
    }

    /// A team fires at a team it sees within its range, beside it or
    /// farther; the need stands for the firing die's hitting faces (three
    /// of six: 4+), which is how the engine's own choices weigh it.
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        let t = tables_in(book).ok_or("this rule book has no company-level tables")?;
        let team = t
            .team(&aim.weapon.key)
            .ok_or_else(|| format!("the {} is not a team's: it does not fire by squads", aim.weapon.name))?;
        if aim.special {
            return Err(
                "the company level has no special firing method: a team fires with its squad (fire TARGET)".into()
            );
        }
        if aim.distance == 0 {
            return Err("same hex: fight hand to hand instead".into());
        }
        if aim.distance > team.range {
            return Err(format!("{} hexes: the {} fires {} at most", aim.distance, team.name, team.range));
        }
        let sides = u8::try_from(t.firing_die.len()).unwrap_or(u8::MAX);
        let hitting = fire::faces_that(t.firing_die.len(), fire::hitting(t, false)) as i32;
        Ok(Odds { dice: 1, sides, base: i32::from(sides) + 1 - hitting, modifiers: Modifiers::default(), band: None })
    }

    fn bombard(&self, _book: &RuleBook, _weapon: &Weapon, _distance: u32, _moved: bool) -> Result<Odds, String> {
        Err("the company-level rules have no indirect fire".into())
    }

    /// Every blow loses the team: an unsaved hit, a fight lost hand to
    /// hand, a mine.
    fn hit(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Name, _blow: Blow) -> Hit {
        Hit::Wounded(None, Wound::Dead)
    }

    /// Never rolled (a team hit is lost at once); Lone Warrior's roll, were it.
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        LoneWarrior.casualty(book, dice, man)
    }

    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        LoneWarrior.casualty_spread(book)
    }

    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        LoneWarrior.hand_to_hand_spread(book)
    }

    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought {
        LoneWarrior.hand_to_hand(book, dice, attacker, defender)
    }

    /// A pinned squad does not move at all.
    fn may(&self, _book: &RuleBook, man: &Soldier, deed: Deed) -> bool {
        deed != Deed::Move || man.pressure != Pressure::Pinned
    }

    fn squad_fire(
        &self,
        book: &RuleBook,
        dice: &mut Dice,
        fire: &SquadFire<'_>,
        events: &mut Events,
    ) -> Option<Result<Fired, String>> {
        let t = tables_in(book)?;
        Some(squad_volley(t, book, dice, fire, events))
    }

    /// The firing dice the team adds to its squad's fire now: at its
    /// moving rate once it has moved this turn (none where it may not fire
    /// on the move).
    fn shots(&self, book: &RuleBook, shooter: &Soldier, _special: bool) -> u32 {
        tables_in(book).map_or(0, |t| team_dice(t, book, shooter, shooter.moved))
    }

    fn squad_fire_odds(&self, book: &RuleBook, fire: &SquadFire<'_>) -> Option<Result<SquadOdds, String>> {
        let t = tables_in(book)?;
        Some(squad_odds(t, book, fire))
    }

    fn moves(&self, book: &RuleBook, _man: &Soldier) -> Option<Moves> {
        tables_in(book).map(|t| Moves { open: t.moves.open, difficult: t.moves.difficult })
    }

    fn squad_weapon_fault(&self, book: &RuleBook, weapon: &str) -> Option<String> {
        let team = tables_in(book).is_some_and(|t| t.team(weapon).is_some());
        (!team).then(|| "is not a kind of team".to_string())
    }

    fn overloading(&self) -> bool {
        true
    }

    fn assaults(&self) -> bool {
        true
    }

    fn difficult(&self, book: &RuleBook, terrain: &Terrain) -> bool {
        tables_in(book).is_some_and(|t| t.difficult.contains(&terrain.key))
    }

    /// A team pinned when its turn began unpins once its turn is over
    /// (pinned again meanwhile, it stays so until its next turn's end).
    fn card_over(&self, _book: &RuleBook, man: &Soldier) -> Option<Pressure> {
        (man.pressure == Pressure::Pinned).then_some(Pressure::Steady)
    }

    /// The article has no morale: a squad fights until it is gone.
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

    /// Its forces are teams, none with a gun: nothing fires H.E.
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

    fn activate(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<(Roll, Leave)> {
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

    /// Fire called this turn lands (the rule book's H.E.: the article has
    /// none of its own). A pinned team unpins at its own card's end, not here.
    fn turn_ends(&self, game: &mut Game, events: &mut Events) {
        game.land_fire(events);
    }

    /// Nothing beyond the casualty roll.
    fn action_ends(&self, _game: &mut Game, _events: &mut Events) {}

    /// Nothing: its men carry no state of their own beyond every man's
    /// (one written anyway is refused as another rule set's).
    fn men_hold(&self, _game: &Game) -> Result<(), String> {
        Ok(())
    }
}

/// The fire `fire` gathered: the firing dice, each hit dealt to the teams
/// in sight nearest first (one to each before any takes a second), the
/// saving dice of each team hit by its own ground and experience, and the
/// pinning by the hits before saves.
///
/// # Errors
/// The team whose card is up moved and may not fire on the move, or more
/// dice than one throw holds; no die is thrown.
pub fn squad_volley(
    t: &Book,
    book: &RuleBook,
    dice: &mut Dice,
    fire: &SquadFire<'_>,
    events: &mut Events,
) -> Result<Fired, String> {
    let count = dice_of(t, book, fire)?;
    let (mut roll, hits) = fire::fire(t, dice, count, fire.assault)?;
    if let Some(first) = fire.firers.first() {
        roll.soldier = Some(first.man.id.clone());
    }
    roll.target = fire.targets.first().map(|x| x.man.id.clone());
    events.push(Event::Roll(roll));
    let squad_experience = fire.squad.iter().map(|m| experience(t, m)).min().unwrap_or_default();
    let pinned = hits > 0 && hits >= t.pinned_at(fire.squad.len() as u32, squad_experience);
    let mut lost = Vec::new();
    let n = fire.targets.len() as u32;
    for (k, target) in fire.targets.iter().enumerate() {
        // Hit k of the fire falls on target k mod n: one each, nearest first.
        let on_it = hits / n + u32::from((k as u32) < hits % n);
        if on_it == 0 {
            continue;
        }
        let saved = match fire::save(t, dice, on_it, ground(t, target, fire.assault)) {
            Some((roll, saved)) => {
                events.push(Event::Roll(roll.by(&target.man.id)));
                saved
            }
            None => 0,
        };
        // The squad's dice are thrown as one: the team that opened the fire
        // is credited with what it took (a decision).
        if saved < on_it {
            lost.push(Lost { target: k, by: 0 });
        }
    }
    Ok(Fired {
        lost,
        pressure: pinned.then_some(Pressure::Pinned),
        commander_lost: false,
        point_spent: false,
        vehicles: Vec::new(),
    })
}

/// The firing dice of `fire`: its teams' dice and one for each overloaded
/// hex.
///
/// # Errors
/// The team whose card is up moved and may not fire on the move: it does
/// not open its squad's fire.
fn dice_of(t: &Book, book: &RuleBook, fire: &SquadFire<'_>) -> Result<u32, String> {
    if let Some(first) = fire.firers.first()
        && team_dice(t, book, first.man, first.moved) == 0
    {
        return Err(format!("{} moved this turn, and its team may not fire on the move", first.man.id));
    }
    Ok(fire::firing_dice(fire.firers.iter().map(|f| team_dice(t, book, f.man, f.moved)), fire.overloaded))
}

/// The exact odds of `squad_volley` with `fire`: its dice, its hits, and
/// the saves of the teams they fall on.
///
/// # Errors
/// As `squad_volley`'s, or too many dice to count exactly.
pub fn squad_odds(t: &Book, book: &RuleBook, fire: &SquadFire<'_>) -> Result<SquadOdds, String> {
    let count = dice_of(t, book, fire)?;
    let grounds: Vec<fire::Target> = fire.targets.iter().map(|x| ground(t, x, fire.assault)).collect();
    let side = |die: usize| u8::try_from(die).unwrap_or(u8::MAX);
    Ok(SquadOdds {
        dice: count,
        hits: fire::hits_spread(t, count, fire.assault)?,
        saves: fire::fire_saves_spread(t, count, fire.assault, &grounds)?,
        purposes: (Purpose::CompanyFire, Purpose::CompanySave),
        sides: (side(t.firing_die.len()), side(t.saving_die.len())),
    })
}

/// A team fired at, as its saving die reads it: under the house rule
/// `assault_strips_cover`, in an assault, a team beside a team that fires
/// has no save from its cover.
fn ground(t: &Book, target: &crate::engine::ruleset::TargetTeam<'_>, assault: bool) -> fire::Target {
    let g = target_of(t, target.man, target.terrain);
    let stripped = t.assault_strips_cover && assault && target.distance <= 1;
    fire::Target { cover: g.cover && !stripped, ..g }
}

#[cfg(test)]
mod squad_tests;
