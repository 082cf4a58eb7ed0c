//! The rule-set seam: what the four rule articles do differently, asked of
//! one trait, `Rules`, while the patrol loop (movement, incidents, the deck
//! and its STOP card, the end of actions, the campaign) is written once.
//!
//! A rule set is a folder with a type that implements `Rules`, and its line
//! in `registry.rs`, where `RuleSet` names every rule set the program knows;
//! a scenario, a campaign and a save name it (`rules: LoneWarrior`). See
//! docs/ARCHITECTURE.md, and `one_shot/` for a whole, small one that only
//! the tests know.

pub mod combat_patrol;
pub mod company;
pub mod european;
mod handle;
pub mod house;
pub mod lone_warrior;
mod method;
pub(in crate::engine) mod odds;
#[cfg(test)]
mod one_shot;
mod outcome;
mod own_state;
pub(in crate::engine) mod pressure;
pub(in crate::engine) mod registry;
mod shelling;
mod squads;

pub use combat_patrol::CombatPatrol;
pub use lone_warrior::{LoneWarrior, melee_outcome};
pub use method::{Ammo, Method, Reloading};
pub use odds::{Aim, AimedShot, Melee, MeleeOdds, Odds};
pub use outcome::{Blow, Fought, Hit, Tending, Throw, Thrown, one_die_volley};
pub use pressure::{Deed, Leave, Pressure, Reaction};
pub use registry::{Kit, RuleSet, Tables};
pub use shelling::{Gun, Shelled, Shot};
pub use squads::{Fired, Firer, Lost, Moves, SquadFire, SquadOdds, TargetTeam, VehicleHurt};

use std::borrow::Cow;

use crate::engine::book::{RuleBook, Weapon, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Purpose, Roll};
use crate::engine::game::Game;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State};

/// How a firefight is fought: everything a rule set decides. Each method
/// says which part of the loop asks it. The dice are the game's own seeded
/// dice; a method rolls only what its rule rolls, and says what each roll
/// was for, so that every roll is an event.
pub trait Rules: Sync {
    /// The name scenarios, campaigns and saves give this rule set.
    fn name(&self) -> &'static str;

    /// The house rules of its own (its folder's `house.rs`): where it may
    /// depart from its article, each a switch of its tables.
    fn house_rules(&self) -> &'static [house::HouseRule];

    /// The states a man can be in under these rules: a save holding a man
    /// in any other is refused.
    fn states(&self) -> &'static [State];

    /// What these rules change in a rule book to play by it, beside
    /// leaving out other rule sets' tables (`RuleSet::book_for`): nothing,
    /// or their own teams as weapons, their own incident table and forces.
    /// Asked with the book borrowed, and made its own only if changed.
    fn fit_book(&self, book: &mut Cow<'_, RuleBook>);

    /// What the roster shows of a man under these rules beside his weapon
    /// and state (Combat Patrol: his accuracy, "4+"); None for nothing.
    fn profile(&self, _book: &RuleBook, _man: &Soldier) -> Option<String>;

    // --- Activation: what the deck holds ---------------------------------

    /// Whether a man's card is a fire and a combat move, in either order
    /// (Combat Patrol's activation, as written): after one half his card
    /// stays up for the other, a shot after his move is a snap fire (the
    /// standard method only), and a drag or a helper's reload is the move
    /// half. False: a card is one deed (or, under `moves`, a move and then
    /// fire).
    fn fire_and_move(&self, book: &RuleBook) -> bool;

    /// The cards a man who can act brings to the deck when it is dealt (a
    /// vehicle is a man with `Soldier::vehicle`).
    fn cards(&self, book: &RuleBook, man: &Soldier) -> u32;

    /// The STOP cards in the deck.
    fn stop_cards(&self, book: &RuleBook) -> u32;

    /// The priority phase that opens each turn of an action, if the rule
    /// set's turn has one (European Battlefield's): its rolls go to
    /// `events`; the side that acts first, and its command points. None:
    /// the deck is shuffled, and its cards come as they fall.
    fn priority(&self, _book: &RuleBook, _dice: &mut Dice, _events: &mut Events) -> Option<(Side, u8)>;

    /// Whether the rule set has special moves (at the double, digging in),
    /// and if so the hexes from an enemy within which a man at the double
    /// stops. None: no special moves.
    fn double_stop(&self, _book: &RuleBook) -> Option<u32>;

    /// The enemy met at an incident, bought to a points budget (`budget`:
    /// the scenario's, else the rule set's own), if the rule set buys its
    /// forces (European Battlefield's army lists): the groups to bring
    /// beside the incident's own group `core`, each placed as a squad of its
    /// own. Its rolls go to `events`. Empty: the incident
    /// brings its group alone, and no die is thrown.
    fn muster(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _core: &str,
        _budget: Option<u32>,
        _events: &mut Events,
    ) -> Vec<Name>;

    /// A command point spent to lift one suppression from a squad under
    /// `now`: the pressure it is under after, or None if it has none to
    /// lift (steady, gone to ground, routed). Only rule sets with a
    /// priority phase answer.
    fn point_lifts(&self, _book: &RuleBook, _now: Pressure) -> Option<Pressure>;

    // --- Fire ------------------------------------------------------------

    /// The odds of an aimed shot, or why it cannot hit.
    ///
    /// # Errors
    /// The reason in words: out of range, same hex, in cover at long range.
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String>;

    /// Only the need of `aimed`, or None when there is no shot: the
    /// engine's own choices weigh many shots and need neither the reasons
    /// nor the modifiers.
    fn aimed_need(&self, book: &RuleBook, aim: &Aim) -> Option<i32>;

    /// The odds of indirect fire landing on a hex `distance` away.
    ///
    /// # Errors
    /// The reason in words: out of range, or not an indirect-fire weapon.
    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Result<Odds, String>;

    /// `bombard` without the reason when there is no shot.
    fn bombard_odds(&self, book: &RuleBook, weapon: &Weapon, distance: u32, target_moved: bool) -> Option<Odds>;

    /// What the roll of `bombard`'s odds is called in the events: Lone
    /// Warrior's mortar roll (then the hex template), or a rule set's own
    /// roll to hit of fire that scatters (then no template roll).
    fn bombard_purpose(&self) -> Purpose;

    /// Indirect fire that scatters and lays a template (European
    /// Battlefield): the roll to hit, where it lands, and what it does to
    /// every man under it. None where indirect fire is `bombard`'s roll and
    /// the hex template: nothing is rolled.
    fn indirect(&self, _book: &RuleBook, _dice: &mut Dice, _shot: &Shot<'_>, _events: &mut Events) -> Option<Shelled>;

    /// Whether a gun (a weapon of kind `Gun`: a tank's, an anti-tank or
    /// anti-aircraft gun) fires H.E. at a hex of men by the rule book's
    /// arsenal: Lone Warrior's D8 and six-triangle template, the enemy's
    /// choice `Game::gun_target`. False where the rule set fires its guns
    /// at men by rules of its own: a gunner then fires at a man as any
    /// weapon does (`aimed`, `squad_fire`), and never at a hex.
    fn guns_fire_he(&self) -> bool;

    // --- What a hit does, and when ---------------------------------------

    /// What a blow does to a man at the moment it lands: knocked over, to be
    /// rolled for when the action ends, or wounded or killed at once (by a
    /// roll of the rule set's own, or by its rule alone).
    fn hit(&self, book: &RuleBook, dice: &mut Dice, man: &Name, blow: Blow) -> Hit;

    /// The roll that settles what happened to a man knocked over, once the
    /// action is over.
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound);

    /// The roll that says what a hit did (the casualty roll, or a wound
    /// chart rolled at the moment of the hit): what it is for, its dice
    /// ("1d6"), and each result it can give with its exact chance, in the
    /// order of the table.
    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>);

    /// The exact chance of each result of a table roll this rule set makes
    /// beyond the casualty roll (`casualty_spread`), for a roll `purpose`
    /// whose modifiers total `modifier`, in the order of the table, with its
    /// dice ("1d10"); None for a roll it does not make. The simulator sets
    /// what it observes beside it, and `odds` asks it.
    fn table_spread(
        &self,
        _book: &RuleBook,
        _purpose: Purpose,
        _modifier: i32,
    ) -> Option<(String, Vec<(&'static str, Chance)>)>;

    /// How many men carry a wounded comrade, the man whose card is up among
    /// them, and how many cards each spends on a hex (the card that is up
    /// is his first).
    fn bearing(&self, book: &RuleBook) -> (u32, u32);

    /// At a STOP card, or once the action is over (`action_over`), a
    /// critically wounded man's wound runs its course: the friend `helper`
    /// in his hex, if any, tries to save him first. The rolls, and what
    /// became of him. Only rule sets with critical wounds answer.
    fn tend(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _man: &Soldier,
        _helper: Option<&Soldier>,
        _action_over: bool,
    ) -> Option<Tending>;

    // --- Hand-to-hand ----------------------------------------------------

    /// The dice each fighter throws ("1d6") and every way a fight can end:
    /// the tie, then the defender losing, then the attacker losing.
    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>);

    /// A fight between two men in one hex: its rolls (the two fighters'
    /// dice first), the outcome, and whether the attacker lost.
    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, attacker: &Soldier, defender: &Soldier) -> Fought;

    /// A man's card is turned up: the test the rule set rolls before he
    /// acts, if any, and what he may do on this card. Lone Warrior has none:
    /// every man acts as his state allows.
    fn activate(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<(Roll, Leave)>;

    /// Whether a man may do `deed` on his card, by his state and the fire he
    /// is under (a pinned man may not move). Lone Warrior: anything.
    fn may(&self, _book: &RuleBook, _man: &Soldier, _deed: Deed) -> bool;

    // --- Fire ------------------------------------------------------------

    /// Rolls the aimed fire `aimed` gave the odds of, by `shooter` at
    /// `target` (by his weapon's special method if `special`): each roll
    /// goes to `events`, in order, and the hits they score come back. One
    /// die against the need is Lone Warrior's; a rule set with firing dice
    /// and saving dice rolls them all here.
    fn volley(
        &self,
        _book: &RuleBook,
        dice: &mut Dice,
        odds: Odds,
        names: (&Soldier, &Name),
        special: bool,
        events: &mut Events,
    ) -> u32;

    /// A hand grenade thrown: the roll, its scatter and its blast; None if
    /// these rules have no grenades (Lone Warrior's have none).
    ///
    /// # Errors
    /// Why he cannot throw it: none left, out of reach.
    fn grenade(&self, _book: &RuleBook, _dice: &mut Dice, _throw: &Throw) -> Result<Thrown, String>;

    /// The table rolls a grenade thrown as `throw` would make, each with the
    /// total of its modifiers: the throw's, then the blast's wound chart
    /// (`table_spread` gives their chances). The throw is checked as
    /// `grenade` checks it.
    ///
    /// # Errors
    /// Why he cannot throw it, as `grenade` says.
    fn grenade_odds(&self, _book: &RuleBook, _throw: &Throw) -> Result<[(Purpose, i32); 2], String>;

    /// The odds of the reaction test `man` takes in a spray or an arc
    /// (`suppressed`): its purpose and odds, if the rule set has one.
    fn suppressed_odds(
        &self,
        _book: &RuleBook,
        _man: &Soldier,
        _method: (&'static str, i32),
    ) -> Option<(Purpose, Odds)>;

    /// The grenades `man` has left and how far he throws them; None under
    /// rules without grenades.
    fn grenades(&self, _book: &RuleBook, _man: &Soldier) -> Option<(u8, u32)>;

    /// What `shooter`'s weapon's special firing method does, if it has one
    /// (`fire TARGET special`). Lone Warrior: none.
    fn method(&self, _book: &RuleBook, _shooter: &Soldier) -> Option<Method>;

    /// The bullets an arc of fire (`Method::Arc`) sends at one man in it:
    /// the roll, and how many. Only rule sets with an arc roll.
    fn bullets(&self, _book: &RuleBook, _dice: &mut Dice, _gunner: &Soldier, _target: &Name) -> Option<(Roll, u32)>;

    /// The ammunition of `man`'s own weapon, if it runs out under these
    /// rules.
    fn ammo(&self, _book: &RuleBook, _man: &Soldier) -> Option<Ammo>;

    /// One reload action on `gunner`'s empty weapon (by him or a man beside
    /// him): its roll, if any, and whether it is loaded now.
    ///
    /// # Errors
    /// Why it cannot be reloaded: no ammunition rule, not empty, limited.
    fn reload(&self, _book: &RuleBook, _dice: &mut Dice, gunner: &Soldier) -> Result<Reloading, String>;

    /// What each roll of an aimed volley at a man is for, as its roll events
    /// and the odds a player asks for name it.
    fn fire_purpose(&self) -> Purpose;

    /// How many shots `volley` rolls for `shooter`'s weapon by the standard
    /// method, or by its special one (`special`): the engine's own choices
    /// weigh the two by it. Lone Warrior: one, and no special method.
    fn shots(&self, _book: &RuleBook, _shooter: &Soldier, _special: bool) -> u32;

    // --- Reactions, suppression and pinning ------------------------------

    /// Soldier `target` has just been fired at (`hit`: whether it struck
    /// him): the reaction test the rule set rolls, if any, and the pressure
    /// it leaves him under. Lone Warrior has no reactions.
    fn under_fire(&self, _book: &RuleBook, _dice: &mut Dice, _target: &Soldier, _hit: bool) -> Option<Reaction>;

    /// Soldier `target` is in the reach of a special method that tests his
    /// nerve (`Method::Spray`, `Method::Arc`; `method` names it, `spray` or
    /// `machine_gun`, and says how much harder the test is): the reaction
    /// test, if the rule set has one.
    fn suppressed(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _target: &Soldier,
        _method: (&'static str, i32),
    ) -> Option<Reaction>;

    /// At the STOP card, a man under pressure may shake it off: his roll,
    /// if any, and his pressure after it.
    fn rally(&self, _book: &RuleBook, _dice: &mut Dice, _man: &Soldier) -> Option<Reaction>;

    // --- Squads (rule sets whose teams fight as squads) -------------------

    /// A squad's fire at a squad, gathered by the loop when the team whose
    /// card is up fires: the rolls go to `events`, and what the fire did
    /// comes back. None under rules without squads: every man fires alone
    /// (`volley`).
    ///
    /// # Errors
    /// Why the squad cannot fire (no firing dice on a turn it moved).
    fn squad_fire(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _fire: &SquadFire<'_>,
        _events: &mut Events,
    ) -> Option<Result<Fired, String>>;

    /// The exact odds of `squad_fire` with `fire`, before it is made; None
    /// under rules without squads.
    ///
    /// # Errors
    /// Why the squad cannot fire, or too many dice to count exactly.
    fn squad_fire_odds(&self, _book: &RuleBook, _fire: &SquadFire<'_>) -> Option<Result<SquadOdds, String>>;

    /// How far `man` moves on his card, where these rules move him more
    /// than one hex on it (`Moves`); None: one hex, which ends the card.
    fn moves(&self, _book: &RuleBook, _man: &Soldier) -> Option<Moves>;

    /// Why a man carrying `weapon` (a key of `book`) cannot fire in his
    /// squad's fire under these rules, in words after "his weapon 'KEY'"
    /// ("is not a kind of team"); None if he can. Asked of scenarios and
    /// campaigns before they are played, under `squads`.
    fn squad_weapon_fault(&self, _book: &RuleBook, _weapon: &str) -> Option<String>;

    /// Whether a hex holding more than one able team of a squad draws more
    /// fire (the company level's overloaded squares: a firing die more for
    /// each, and the map's `ovl`). Rules without it leave it false.
    fn overloading(&self) -> bool;

    /// Whether a squad's fire opened by a team that moved on its card and
    /// stands beside a team it fires at is an assault (the company level's:
    /// the grenade face hits, cover does not save). Rules without it leave
    /// it false: their fire is fire, wherever it is made from.
    fn assaults(&self) -> bool;

    /// Whether ground of `terrain` slows a move (`moves`).
    fn difficult(&self, _book: &RuleBook, _terrain: &crate::engine::book::Terrain) -> bool;

    /// `man`'s card is over (he acted, or joined his squad's fire): the
    /// pressure he is under after it, where it changes (the company level:
    /// a team pinned when its turn began unpins at its end).
    fn card_over(&self, _book: &RuleBook, _man: &Soldier) -> Option<Pressure>;

    /// At the STOP card, the squad `squad` (its able men, under pressure)
    /// may shake off the fire it is under, as one: the roll, if any, and the
    /// pressure of every man of it after it. `others` are the able men of
    /// its side in other squads (a commander near may lend his courage);
    /// `point`: it holds a command point, which it spends on a test it
    /// takes. Rule sets whose squads rally as squads answer (European
    /// Battlefield's courage test); the rest leave it to `rally`, man by man.
    fn squad_rally(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _squad: (&[&Soldier], &[&Soldier]),
        _point: bool,
    ) -> Option<Reaction>;

    /// A commander of the side of `squad` has fallen: the squad (its able
    /// men; `others` the rest of its side) tests as one, and the pressure
    /// it is under after, if the rule set has such a test (European
    /// Battlefield: "test all squads under his command"); `point` as for
    /// `squad_rally`.
    fn shaken(
        &self,
        _book: &RuleBook,
        _dice: &mut Dice,
        _squad: (&[&Soldier], &[&Soldier]),
        _point: bool,
    ) -> Option<Reaction>;

    // --- Moments of the loop ----------------------------------------------

    /// The STOP card is turned and the turn ends: what these rules do then,
    /// before the loop's own incident check at STOP (fire called this turn
    /// landing, men rallying, the dying tended, smoke drifting...).
    fn turn_ends(&self, game: &mut Game, events: &mut Events);

    /// The action is over and its casualties are rolled for: what these
    /// rules settle and put back as the fighting stops.
    fn action_ends(&self, game: &mut Game, events: &mut Events);

    /// A game read back from a file (`Game::check_consistent`): what these
    /// rules' own state of its men must hold, the first thing that does
    /// not, in words. Asked after every man is known to carry these rules'
    /// state alone.
    fn men_hold(&self, game: &Game) -> Result<(), String>;

    // --- Morale ----------------------------------------------------------

    /// Asked at each STOP card with how many of the enemy met in this action
    /// can still fight and how many there were: true if the enemy breaks off.
    fn enemy_breaks(&self, able: usize, met: usize) -> bool;

    // --- What its rules have ---------------------------------------------

    /// Whether its men are teams that fight as squads (the company level,
    /// European Battlefield): a team's card fires its whole squad
    /// (`squad_fire`), a team moves by `moves`, and who may stand in a
    /// squad's list is the rule set's.
    fn squads(&self) -> bool;

    /// Whether `aimed` reads the shooter's side and state (`Aim::side`,
    /// `Aim::state`): the kept needs of aimed shots (`Cache`) are then
    /// kept apart by them.
    fn aims_by_man(&self) -> bool;

    /// Whether this rule set has vehicle rules of its own (European
    /// Battlefield's armour and wounds): every vehicle blocks sight, and a
    /// destroyed one stays where it is, a hulk that blocks sight and the
    /// way of other vehicles; fire at a vehicle is its squads' fire
    /// (`vehicle_shot`, `squad_fire`, `Fired::vehicles`); a vehicle's card
    /// is played by `Game::own_vehicle_acts`. False: the rule
    /// book's arsenal, as Lone Warrior plays it.
    fn vehicles(&self) -> bool;

    /// Under `vehicles`: the odds of `shooter`'s fire at the vehicle
    /// `target`, `distance` hexes off and in sight, one of his firing dice.
    ///
    /// # Errors
    /// Why he cannot fire at it.
    fn vehicle_shot(
        &self,
        _book: &RuleBook,
        _shooter: &Soldier,
        target: &Soldier,
        _distance: u32,
    ) -> Result<Odds, String>;
}
