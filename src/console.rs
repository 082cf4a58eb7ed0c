//! A plain, line-by-line way to play in a terminal: the map drawn in text,
//! a prompt for the same commands the headless runner reads, and every
//! event in words. The full-screen interface replaces this as the default.

use std::io::{self, BufRead, Write};

use crate::engine::campaign::{Campaign, PatrolRecord, Status};
use crate::engine::{Command, Event, Game, Phase, Pos, Side, State};
use crate::narrate::{describe, describe_odds};
use crate::save::{SaveError, Slot};
use crate::script::{Line, ask, now, parse_line, play_line};

const HELP: &str = "\
Commands (the same as the headless runner's, see docs/COMMANDS.md):
  move [SECTION] COL,ROW   patrol: a section steps one hex; action: the man whose card is up
  split NAME...            patrol: these men form a new section
  join SECTION INTO        patrol: two sections in one hex become one
  exit [SECTION]           leave the map from a hex on the home edge
  turn                     action: turn the next card
  fire TARGET | fight TARGET | carry WOUNDED COL,ROW | hold
  capture PRISONER         patrol: take a seriously wounded enemy in your hex prisoner
  auto N                   the patrol leader makes your next N decisions
  odds QUESTION            exact odds, changing nothing: odds move [SECTION] COL,ROW,
                           odds fire [SHOOTER] TARGET, odds fight [MAN] ENEMY,
                           odds bombard FIRER [COL,ROW], odds stop, odds casualty
  begin                    set out on the campaign's next patrol
  map   redraw the map and roster    roll  the men lost so far
  ?     this help                    quit  save and leave
Short forms: m move, t turn, f fire, h hold. Hexes are COL,ROW from 0,0 at the top left.
Map: each hex shows its terrain and a mark. Terrain: . open  = road  T woods
  B buildings  h hedgerow  , crops  ~ water. Marks: A, B... a section (F a patrol
  man in an action), G enemy, ! both sides in one hex, + men down, * objective,
  X minefield. Odd columns sit half a row lower: 5,3 touches 4,3 and 4,4.
Rules: each hex entered is an incident check, 2D6, 7+ (woods, buildings -1;
-1 per earlier incident, at most -2). In an action each man has two cards,
STOP ends the turn. Hits are rolled for when the action is over:
1-2 flesh wound, 3-4 serious (carried by two fit men), 5-6 dead.";

/// The map as text: each hex is its terrain glyph and one mark; odd
/// columns sit half a row lower, as on the hex grid.
/// Marks: a section letter (F for a patrol man in an action), G enemy,
/// ! both sides, + men down, * objective, X minefield.
pub fn draw_map(game: &Game) -> String {
    let map = &game.map;
    let mut lines = vec![String::from("     ")];
    for c in 0..map.width {
        lines[0].push_str(&format!("{c:<3}"));
    }
    for r in 0..map.height {
        for half in 0..2 {
            let mut line = if half == 0 { format!("{r:>3}  ") } else { String::from("     ") };
            for c in 0..map.width {
                if c % 2 == half {
                    let p = Pos::new(c, r);
                    let glyph = map.terrain(&game.book, p).map_or('?', |t| t.glyph);
                    line.push(glyph);
                    line.push(mark(game, p));
                    line.push(' ');
                } else {
                    line.push_str("   ");
                }
            }
            lines.push(line.trim_end().to_string());
        }
    }
    lines.join("\n")
}

fn mark(game: &Game, p: Pos) -> char {
    if let Some(s) =
        game.sections.iter().find(|s| game.section_pos(s) == Some(p) && matches!(game.phase, Phase::Patrol))
    {
        return s.name.chars().next().unwrap_or('F');
    }
    let here: Vec<_> = game.in_hex(p).map(|i| &game.soldiers[i]).collect();
    let friend = here.iter().any(|s| s.side == Side::Friendly && s.can_act());
    let foe = here.iter().any(|s| s.side == Side::Enemy && s.can_act());
    match (friend, foe) {
        (true, true) => return '!',
        (true, false) => return 'F',
        (false, true) => return 'G',
        (false, false) => {}
    }
    if !here.is_empty() {
        return '+';
    }
    if !game.objective_reached && game.objective.hexes().contains(&p) && game.visited.binary_search(&p).is_err() {
        return '*';
    }
    if game.map.is_minefield(p) {
        return 'X';
    }
    ' '
}

/// The men of both sides still in the story, one line each.
pub fn roster(game: &Game) -> String {
    game.soldiers
        .iter()
        .filter(|s| s.side == Side::Friendly || s.state != State::Fit || s.pos.is_some())
        .map(|s| {
            let at = s.pos.map_or("off map".into(), |p| p.to_string());
            let weapon = game.book.weapon(&s.weapon).map_or(s.weapon.as_str(), |w| w.name.as_str());
            format!("  {:<8} {:<13} {:<15} {:<13} {at}", s.id, s.rank, weapon, s.state.name().replace('_', " "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn status(game: &Game) -> String {
    match &game.phase {
        Phase::Patrol => format!(
            "Patrol movement. Incidents so far: {}. Objective: {}{}; {}.",
            game.incidents,
            game.objective.describe(),
            progress(game),
            home_edge(game)
        ),
        Phase::Action(a) => match a.up {
            Some(i) => {
                let me = &game.soldiers[i];
                let at = me.pos.map_or("-".into(), |p| p.to_string());
                let weapon = game.book.weapon(&me.weapon).map_or(me.weapon.as_str(), |w| w.name.as_str());
                let targets: Vec<String> = game
                    .able(Side::Enemy)
                    .filter_map(|e| {
                        let odds = game.shot_odds(i, e).ok()?;
                        let (foe, d) = (&game.soldiers[e], at_distance(game, i, e));
                        let band = odds.band.map_or("", |b| b.name());
                        Some(format!("{} {d} {band} {}+ ({:.0}%)", foe.id, odds.need(), odds.chance() * 100.0))
                    })
                    .collect();
                let targets = if targets.is_empty() { "none in range and sight".into() } else { targets.join(", ") };
                format!(
                    "Action, turn {}: {} {} ({weapon}) at {at}, your order. {} cards left. Targets: {targets}.",
                    a.turn,
                    me.rank,
                    me.id,
                    a.deck.len()
                )
            }
            None => format!("Action, turn {}: turn a card ({} left).", a.turn, a.deck.len()),
        },
        Phase::Over { outcome } => format!("The patrol is over: {outcome}."),
    }
}

/// "3 hexes" between two soldiers on the map.
fn at_distance(game: &Game, a: usize, b: usize) -> String {
    let d = game.soldiers[a].pos.zip(game.soldiers[b].pos).map_or(0, |(p, q)| p.distance(q));
    if d == 1 { "1 hex".into() } else { format!("{d} hexes") }
}

/// How far the objective has come, in a few words.
fn progress(game: &Game) -> String {
    use crate::engine::data::Objective;
    if game.objective_reached {
        return " (done)".into();
    }
    match &game.objective {
        Objective::Reconnoitre(hexes) => format!(" ({} of {} seen)", game.visited.len(), hexes.len()),
        Objective::Prisoner(_) if game.holds_prisoner() => " (prisoner taken: bring him home)".into(),
        _ => String::new(),
    }
}

fn home_edge(game: &Game) -> String {
    let edge = format!("{:?}", game.map.home_edge).to_lowercase();
    format!("home is the {edge} edge: leave the map from there with exit")
}

/// The campaign's roll: every man, his state between patrols and his record.
pub fn campaign_roster(campaign: &Campaign) -> String {
    let veteran_at = campaign.book.campaign.veteran_at;
    campaign
        .roster
        .iter()
        .map(|m| {
            let status = match m.status {
                Status::Fit => "fit".to_string(),
                Status::Wounded(n) => format!("wounded, out {n} more"),
            };
            let vet = if m.experience >= veteran_at { " veteran" } else { "" };
            format!(
                "  {:<9} {:<4} {:<8} {:<24} patrols {:>2}  hits {:>2}  exp {:>2}{vet}",
                m.name, m.rank, m.weapon, status, m.patrols, m.hits, m.experience
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What to do next when no patrol is under way.
fn between_patrols(campaign: &Campaign) -> String {
    match campaign.current_plan() {
        Some(plan) => format!(
            "Next: patrol {} of {}, {}.\n{}\nObjective: {}.\nType begin to set out (or quit; the campaign is saved).",
            campaign.finished + 1,
            campaign.total_patrols(),
            plan.scenario.name,
            plan.scenario.briefing,
            plan.scenario.objective.describe()
        ),
        None => "The campaign is over.".into(),
    }
}

fn patrol_opening(game: &Game, plan_briefing: &str) -> String {
    format!(
        "{plan_briefing}\nObjective: {}; {}.\n\n{}\n\n{}\n{}",
        game.objective.describe(),
        home_edge(game),
        draw_map(game),
        roster(game),
        status(game)
    )
}

/// Plays a campaign at the prompt until the player quits or it is over,
/// saving after every command that changed something when `slot` is given.
///
/// # Errors
/// Failures to read the terminal or write to it; a save that failed comes
/// back as the inner error, with the game stopped and the old file intact.
pub fn play(
    campaign: &mut Campaign,
    slot: Option<&Slot>,
    input: impl BufRead,
    mut out: impl Write,
) -> io::Result<Result<(), SaveError>> {
    let book = campaign.book.clone();
    writeln!(out, "{}\n{}\n", campaign.title, campaign.briefing)?;
    let briefing = |c: &Campaign| c.current_plan().map(|p| p.scenario.briefing.clone()).unwrap_or_default();
    match &campaign.patrol {
        Some(game) => writeln!(
            out,
            "Patrol {} of {}, {}.\n{}",
            campaign.finished + 1,
            campaign.total_patrols(),
            game.scenario,
            patrol_opening(game, &briefing(campaign))
        )?,
        None => writeln!(out, "{}\n\n{}", campaign_roster(campaign), between_patrols(campaign))?,
    }
    writeln!(out, "Type ? for help.")?;
    let mut lines = input.split(b'\n');
    let mut exit_warned = false;
    while !campaign.is_over() {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else { break };
        let Ok(line) = String::from_utf8(line?) else {
            writeln!(out, "  Cannot read that: it is not UTF-8 text")?;
            continue;
        };
        let word = line.trim().to_ascii_lowercase();
        let parsed = match word.as_str() {
            "quit" | "q" => {
                if slot.is_some() {
                    writeln!(out, "Saved. `hexpatrol` takes you back here.")?;
                }
                break;
            }
            "?" | "help" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "roll" => {
                writeln!(out, "{}", roll_of_honour(slot))?;
                continue;
            }
            "map" | "roster" => {
                match &campaign.patrol {
                    Some(game) => writeln!(out, "{}\n{}\n{}", draw_map(game), roster(game), status(game))?,
                    None => writeln!(out, "{}\n{}", campaign_roster(campaign), between_patrols(campaign))?,
                }
                continue;
            }
            _ => match parse_line(&line) {
                Ok(Line::Skip) => continue,
                Ok(parsed) => parsed,
                Err(e) => {
                    writeln!(out, "  Cannot read that (column {}): {}", e.column, e.message)?;
                    continue;
                }
            },
        };
        // Leaving with a prisoner is how that objective is done, so no warning then.
        let leaving_early = matches!(parsed, Line::Play(Command::Exit { .. }))
            && campaign.patrol.as_ref().is_some_and(|g| {
                let holding = g.holds_prisoner();
                matches!(g.phase, Phase::Patrol) && !g.objective_reached && !holding
            });
        if leaving_early && !exit_warned {
            exit_warned = true;
            writeln!(
                out,
                "  The objective is not done yet. Type exit again to leave the map anyway (quit leaves the game)."
            )?;
            continue;
        }
        exit_warned = false;
        if let Line::Odds(query) = &parsed {
            match ask(campaign, query) {
                Ok(answer) => writeln!(out, "{}", describe_odds(&answer))?,
                Err(e) => writeln!(out, "  No odds: {e}")?,
            }
            continue;
        }
        let begins = matches!(parsed, Line::Begin);
        let (events, refused) = match play_line(campaign, parsed) {
            Ok(events) => (events, None),
            Err((events, e)) => (events, Some(e)),
        };
        let moved = events.iter().any(|e| {
            matches!(
                e,
                Event::Moved { .. }
                    | Event::EnemyAppears { .. }
                    | Event::Carried { .. }
                    | Event::Exited { .. }
                    | Event::Sections { .. }
            )
        });
        // Redraw the map first, so the news stays below it.
        if let (true, Some(game), false) = (moved, &campaign.patrol, begins) {
            writeln!(out, "{}", draw_map(game))?;
        }
        for e in &events {
            writeln!(out, "  {}", describe(e, &book))?;
        }
        if let Some(e) = refused {
            writeln!(out, "  Not now: {e}")?;
        }
        if let Some(record) = &campaign.unarchived {
            writeln!(out, "{}", debrief(record))?;
        }
        if !events.is_empty()
            && let Some(slot) = slot
            && let Err(e) = slot.save(campaign, now())
        {
            return Ok(Err(e));
        }
        match &campaign.patrol {
            Some(game) if begins => writeln!(out, "{}", patrol_opening(game, &briefing(campaign)))?,
            Some(game) => writeln!(out, "{}", status(game))?,
            None if !events.is_empty() && !campaign.is_over() => {
                writeln!(out, "{}\n\n{}", campaign_roster(campaign), between_patrols(campaign))?
            }
            None => {}
        }
    }
    // A single patrol ends with its report; a campaign with its roll.
    if campaign.is_over() && slot.is_some() {
        let patrols =
            if campaign.finished == 1 { "1 patrol".to_string() } else { format!("{} patrols", campaign.finished) };
        let roster = if campaign.roster.is_empty() { "  nobody".to_string() } else { campaign_roster(campaign) };
        writeln!(out, "\nThe campaign is over: {patrols} made. The men still on the roll:\n{roster}")?;
        writeln!(out, "{}", roll_of_honour(slot))?;
    }
    Ok(Ok(()))
}

/// The men lost so far, from the records of the finished patrols.
fn roll_of_honour(slot: Option<&Slot>) -> String {
    let Some(slot) = slot else { return "  (a single patrol keeps no records)".into() };
    let mut lines = Vec::new();
    for path in slot.records() {
        match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| ron::from_str::<PatrolRecord>(&t).map_err(|e| e.to_string()))
        {
            Ok(r) => lines.extend(
                r.men
                    .iter()
                    .filter(|m| m.fate == "dead" || m.fate == "missing")
                    .map(|m| format!("  {:<9} {:<8} patrol {} ({})", m.name, m.fate, r.number, r.name)),
            ),
            Err(e) => lines.push(format!("  {}: cannot be read: {e}", path.display())),
        }
    }
    if lines.is_empty() { "  Nobody lost yet.".into() } else { format!("Roll of honour:\n{}", lines.join("\n")) }
}

/// The after-action report of a finished patrol.
pub fn debrief(record: &PatrolRecord) -> String {
    let men: Vec<String> = record
        .men
        .iter()
        .map(|m| format!("  {:<9} {:<14} hits {}", m.name, m.fate.replace('_', " "), m.hits))
        .collect();
    let prisoners = if record.prisoners.is_empty() {
        String::new()
    } else {
        format!(", prisoners {}", record.prisoners.join(", "))
    };
    format!(
        "After-action report, patrol {} ({}): {}. Incidents {}, actions {}, enemy hit {}{prisoners}.\n{}",
        record.number,
        record.name,
        record.outcome,
        record.incidents,
        record.actions,
        record.enemy_hit,
        men.join("\n")
    )
}
