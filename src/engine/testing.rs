//! Engine tests: the source's worked examples, every table at its edges,
//! and the properties the design promises, in a file for each part of the
//! rules. Here, what they all set games up with; other modules' tests use
//! it too (`crate::engine::testing::default_game`).

pub(crate) use std::sync::Arc;

pub(crate) use proptest::prelude::*;

pub(crate) use super::ruleset::{Aim, Melee, melee_outcome};
pub(crate) use super::vocabulary::event::SectionView;
pub(crate) use super::*;
pub(crate) use crate::engine::book::scenario::{Edge, Member, Scenario};
pub(crate) use crate::engine::book::{Band, Wound};

/// Commands played as a front end plays them, each with its events in a
/// list and a cache of its own (a cache never changes what happens, and a
/// fresh one works every answer out).
pub(crate) trait Play {
    fn play(&mut self, command: &Command) -> Result<Vec<Event>, RuleError>;
}

impl Play for Game {
    fn play(&mut self, command: &Command) -> Result<Vec<Event>, RuleError> {
        let mut events = Events::all();
        self.apply(command, &mut Cache::new(), &mut events)?;
        Ok(events.into_vec())
    }
}

pub(super) fn book() -> Arc<RuleBook> {
    crate::rules::rule_book().expect("the built-in rules load")
}

/// The incident table the rules had before issue 17 rebalanced them: a
/// minefield, a booby trap, an armoured car, and a sniper on two rows. The
/// default table no longer brings these; the tests of how the engine plays
/// them give a game this table (`with_full_table`).
pub(super) fn full_table() -> Vec<super::book::IncidentEntry> {
    use crate::engine::book::{IncidentEntry, IncidentKind};
    let enemy = |group: &'static str, min, max| IncidentKind::Enemy { group: Name::new_static(group), min, max };
    [
        ((2, 2), "minefield", IncidentKind::Minefield),
        ((3, 3), "mortar fire", enemy("mortar", 4, 6)),
        ((4, 4), "MG team", enemy("mg_team", 3, 5)),
        ((5, 5), "sniper", enemy("sniper", 3, 4)),
        ((6, 8), "false alarm", IncidentKind::FalseAlarm),
        ((9, 9), "enemy patrol", enemy("patrol", 3, 4)),
        ((10, 10), "sniper", enemy("sniper", 3, 4)),
        ((11, 11), "booby trap", IncidentKind::BoobyTrap),
        ((12, 12), "armoured car", enemy("armoured_car", 3, 5)),
    ]
    .into_iter()
    .map(|(rolls, name, kind)| IncidentEntry { rolls, name: Name::new_static(name), kind })
    .collect()
}

/// `g` plays with `full_table` for its incident table.
pub(super) fn with_full_table(g: &mut Game) {
    let mut book = (*g.book).clone();
    book.incident_table = full_table();
    g.book = Arc::new(book);
}

/// A small test map; `rows` use the built-in terrain glyphs.
pub(super) fn game_on(rows: &[&str], start: (i32, i32), squad: &[(&str, &str)], seed: u64) -> Game {
    let squad = squad.iter().map(|(n, w)| member(n, "Pvt", w, None)).collect();
    let scenario = test_scenario(RuleSet::default(), rows, start, squad);
    Game::new(book(), &scenario, seed).expect("test scenario is valid")
}

/// A test scenario under `rules` on the map `rows`: the patrol `squad` at
/// `start`, sent to 0,0 and home by the south edge.
pub(super) fn test_scenario(rules: RuleSet, rows: &[&str], start: (i32, i32), squad: Vec<Member>) -> Scenario {
    Scenario {
        name: "test".into(),
        briefing: String::new(),
        rules,
        rows: rows.iter().map(|r| r.to_string()).collect(),
        start: start.into(),
        objective: book::scenario::Objective::Reach(Pos::new(0, 0)),
        home_edge: Edge::South,
        squad,
        forces: Default::default(),
        radio: false,
        encounters: Vec::new(),
        chain_of_command: false,
        enemy_points: None,
        battery: None,
    }
}

/// A man of a test scenario's patrol.
pub(super) fn member(name: &str, rank: &str, weapon: &str, squad: Option<u32>) -> Member {
    Member {
        name: name.into(),
        rank: rank.into(),
        weapon: weapon.into(),
        veteran: false,
        medic: false,
        squad,
        conscript: false,
    }
}

pub(super) const OPEN: [&str; 8] = ["........"; 8];

pub(super) fn squad(n: usize) -> Vec<(&'static str, &'static str)> {
    ["Able", "Baker", "Charlie", "Dog", "Easy", "Fox", "George", "How", "Item"][..n]
        .iter()
        .map(|&n| (n, "rifle"))
        .collect()
}

pub(super) fn add_enemy(g: &mut Game, weapon: &str, at: (i32, i32)) -> usize {
    let id = crate::engine::vocabulary::name::format_name!("G{}", g.next_enemy);
    g.next_enemy += 1;
    g.soldiers.push(Soldier::new(&g.book, id, "Grenadier".into(), Side::Enemy, weapon.into(), Some(at.into())));
    // A man who joins an action is one more of the enemy it met, as the engine counts.
    if let Phase::Action(a) = &mut g.phase {
        a.enemies_met += 1;
    }
    g.soldiers.len() - 1
}

/// Puts the game into an action with a freshly dealt deck, every enemy among
/// the soldiers one it met.
pub(super) fn begin_action(g: &mut Game) -> Vec<Event> {
    let mut events = Events::all();
    let enemies_met = g.soldiers.iter().filter(|s| s.side == Side::Enemy).count();
    g.phase = Phase::Action(Action {
        deck: vec![],
        turned: vec![],
        up: None,
        turn: 1,
        quiet_turns: 0,
        enemies_met,
        leave: Default::default(),
        flight: None,
        steps: 0,
        priority: None,
        double: false,
    });
    g.deal(&mut events);
    events.into_vec()
}

/// Makes `i`'s card the next one turned.
pub(super) fn card_next(g: &mut Game, i: usize) {
    if let Phase::Action(a) = &mut g.phase {
        a.deck.push(Card::soldier(i));
    }
}

pub(super) fn rolls<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<&'a Roll> {
    events.into_iter().filter_map(|e| if let Event::Roll(r) = e { Some(r) } else { None }).collect()
}

pub(super) fn default_game(seed: u64) -> Game {
    let b = book();
    let s = crate::rules::scenario(crate::rules::default_scenario_name(), &b).unwrap();
    Game::new(b, &s, seed).unwrap()
}
