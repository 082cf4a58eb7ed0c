//! A patrol set up from its scenario (`Game::new`): the rule book as its
//! rule set reads it, the squad at its start hex, the map, the deck and the
//! dice; and the same patrol with its dice seeded anew, as the simulator
//! starts each one.

use std::sync::Arc;

use crate::engine::book::RuleBook;
use crate::engine::book::scenario::Scenario;
use crate::engine::dice::Dice;
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::map::Map;
use crate::engine::ruleset::lone_warrior::call;
use crate::engine::vocabulary::enemy_ids;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::soldier::Section;
use crate::engine::vocabulary::soldier::Side;
use crate::engine::vocabulary::soldier::Soldier;

impl Game {
    /// Sets up a patrol of `scenario` with the squad at its start hex.
    ///
    /// # Errors
    /// A map glyph, weapon or hex the rule book does not know. `rules/`
    /// checks scenarios before this, with file positions; this is the engine
    /// refusing to start on data it cannot play.
    pub fn new(book: Arc<RuleBook>, scenario: &Scenario, seed: u64) -> Result<Self, RuleError> {
        // The book as the scenario's rule set reads it: the company level's
        // teams are weapons of its book alone (`Rules::book_for`). Other
        // rule sets play with the book as given.
        let book = match scenario.rules.squads() {
            true => scenario.rules.book_for(&book).map_or(book, Arc::new),
            false => book,
        };
        let mut rows = Vec::new();
        for (r, row) in scenario.rows.iter().enumerate() {
            let mut cells = Vec::new();
            for (c, glyph) in row.chars().enumerate() {
                let Some(t) = book.terrain_by_glyph(glyph) else {
                    return refuse(RuleError::Setup, format!("map row {r}, column {c}: unknown terrain '{glyph}'"));
                };
                cells.push(t as u8);
            }
            rows.push(cells);
        }
        if !scenario.rules.plays_with(&book) {
            return refuse(
                RuleError::Setup,
                format!(
                    "the rule set {} needs tables this rule book does not have (assets/rules/combat_patrol.ron)",
                    scenario.rules
                ),
            );
        }
        let map = Map::new(rows, scenario.home_edge);
        if !map.enterable(&book, scenario.start) {
            return refuse(RuleError::Setup, format!("the start hex {} cannot be entered", scenario.start));
        }
        if let Some(k) = scenario.forces.values().find(|k| !book.forces.contains_key(*k)) {
            return refuse(RuleError::Setup, format!("unknown forces '{k}'"));
        }
        let mut soldiers = Vec::new();
        for (k, m) in scenario.squad.iter().enumerate() {
            // Ids are unique ignoring case, which `find` relies on; enemies
            // met later are called G or V and a number.
            if enemy_ids::enemy_id(&m.name) {
                return refuse(
                    RuleError::Setup,
                    format!("{}: a man of the squad cannot be called as enemies are (G or V and a number)", m.name),
                );
            }
            if let Some(other) = scenario.squad[..k].iter().find(|o| o.name.eq_ignore_ascii_case(&m.name)) {
                return refuse(
                    RuleError::Setup,
                    format!("two men called '{}' and '{}' (names are the same ignoring case)", other.name, m.name),
                );
            }
            if book.weapon(&m.weapon).is_none() {
                return refuse(RuleError::Setup, format!("{}: unknown weapon '{}'", m.name, m.weapon));
            }
            let (id, rank, weapon) = (m.name.as_str().into(), m.rank.as_str().into(), m.weapon.as_str().into());
            let mut man = Soldier::new(&book, id, rank, Side::Friendly, weapon, Some(scenario.start));
            man.veteran = m.veteran;
            if m.medic {
                man.kit.combat_patrol_mut().medic = true;
            }
            man.squad = m.squad;
            if m.conscript {
                man.kit.company_mut().conscript = true;
            }
            soldiers.push(man);
        }
        if let Some(b) = &scenario.battery {
            let named = |n: &Name| soldiers.iter().any(|s: &Soldier| s.id == *n);
            if let Some(n) = std::iter::once(&b.radio).chain(&b.rangefinder).find(|n| !named(n)) {
                return refuse(RuleError::Setup, format!("battery: no man of the squad is called '{n}'"));
            }
            if crate::engine::ruleset::european::tables_in(&book).is_none_or(|t| t.indirect.is_none())
                || !scenario.rules.squads()
            {
                return refuse(RuleError::Setup, "battery: only European Battlefield's rules have off-board batteries");
            }
        }
        let sections = vec![Section { name: "A".into(), members: (0..soldiers.len()).collect() }];
        Ok(Self {
            book,
            rules: scenario.rules,
            scenario: scenario.name.clone(),
            seed,
            map,
            soldiers,
            sections,
            phase: Phase::Patrol,
            incidents: 0,
            encounters: 0,
            objective: scenario.objective.clone(),
            visited: Vec::new(),
            objective_reached: false,
            dice: Dice::new(seed),
            next_enemy: 1,
            forces: scenario.forces.clone(),
            radio: scenario.radio,
            fire_missions: 0,
            fire_pending: Vec::new(),
            vehicles_block_sight: false,
            waiting: scenario.encounters.clone(),
            chain_of_command: scenario.chain_of_command,
            enemy_points: scenario.enemy_points,
            battery: scenario.battery.clone().map(|b| call::Battery { missions: 0, air_strikes: 0, ..b }),
            smoke: Vec::new(),
            enemy_battery: None,
        })
    }

    /// The patrol this game began as, with the dice seeded with `seed`
    /// instead: the same as `Game::new` with that seed, when called on a game
    /// `Game::new` has just made. The simulator starts every patrol this way,
    /// so that they all stand on one map's ground and one cache made for it
    /// serves them all.
    pub fn reseeded(&self, seed: u64) -> Game {
        let mut game = self.clone();
        // A clone has no room to spare: room for the enemies a patrol meets
        // (some seventeen on the default scenario), else the list of soldiers grows as
        // they are placed, each time moving every man.
        game.soldiers.reserve(32);
        game.seed = seed;
        game.dice = Dice::new(seed);
        game
    }
}
