//! A plain, line-by-line way to play in a terminal: the map drawn in text,
//! a prompt for the same commands the headless runner reads, and every
//! event in words. The full-screen interface replaces this as the default.

use std::io::{self, BufRead, Write};

use crate::engine::{Command, Event, Game, Phase, Pos, Side, State};
use crate::narrate::{describe, describe_odds};
use crate::script::{Line, auto, parse_line};

const HELP: &str = "\
Commands (the same as the headless runner's, see docs/COMMANDS.md):
  move [SECTION] COL,ROW   patrol: a section steps one hex; action: the man whose card is up
  split NAME...            patrol: these men form a new section
  join SECTION INTO        patrol: two sections in one hex become one
  exit [SECTION]           leave the map from a hex on the home edge
  turn                     action: turn the next card
  fire TARGET | fight TARGET | carry WOUNDED COL,ROW | hold
  auto N                   the patrol leader makes your next N decisions
  odds QUESTION            exact odds, changing nothing: odds move [SECTION] COL,ROW,
                           odds fire [SHOOTER] TARGET, odds fight [MAN] ENEMY,
                           odds bombard FIRER [COL,ROW], odds stop, odds casualty
  map   redraw the map and roster    ?  this help    quit  leave the game
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
    if p == game.map.objective {
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
            "Patrol movement. Incidents so far: {}. Objective {}{}; {}.",
            game.incidents,
            game.map.objective,
            if game.objective_reached { " reached" } else { "" },
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

fn home_edge(game: &Game) -> String {
    let edge = format!("{:?}", game.map.home_edge).to_lowercase();
    format!("home is the {edge} edge: leave the map from there with exit")
}

/// Plays `game` at the prompt until the patrol ends or the player quits.
///
/// # Errors
/// Only failures to read the terminal or write to it.
pub fn play(game: &mut Game, briefing: &str, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let book = game.book.clone();
    writeln!(
        out,
        "{}\n{briefing}\nObjective {}; {}.",
        describe(&game.start_event(), &book),
        game.map.objective,
        home_edge(game)
    )?;
    writeln!(out, "\n{}\n\n{}\n{}\nType ? for help.", draw_map(game), roster(game), status(game))?;
    let mut lines = input.lines();
    let mut exit_warned = false;
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        let word = line.trim().to_ascii_lowercase();
        let events = match word.as_str() {
            "quit" | "q" => break,
            "?" | "help" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "map" => {
                writeln!(out, "{}\n{}\n{}", draw_map(game), roster(game), status(game))?;
                continue;
            }
            _ => match parse_line(&line) {
                Ok(Line::Skip) => continue,
                Ok(Line::Play(Command::Exit { .. }))
                    if matches!(game.phase, Phase::Patrol) && !game.objective_reached && !exit_warned =>
                {
                    exit_warned = true;
                    writeln!(
                        out,
                        "  The objective is not reached yet. Type exit again to leave the map anyway (quit leaves the game)."
                    )?;
                    continue;
                }
                Ok(Line::Play(c)) => game.apply(&c).map_err(|e| format!("Not now: {e}")),
                Ok(Line::Odds(q)) => {
                    match game.odds(&q) {
                        Ok(answer) => writeln!(out, "{}", describe_odds(&answer))?,
                        Err(e) => writeln!(out, "  No odds: {e}")?,
                    }
                    continue;
                }
                Ok(Line::Auto(n)) => match auto(game, n) {
                    (events, None) => Ok(events),
                    (_, Some(e)) => Err(format!("The patrol leader's order was refused: {e}")),
                },
                Err(e) => Err(format!("Cannot read that (column {}): {}", e.column, e.message)),
            },
        };
        exit_warned = exit_warned && word.starts_with("exit");
        match events {
            Ok(events) => {
                // Redraw the map first when someone moved, appeared or left, so the news stays below it.
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
                if moved {
                    writeln!(out, "{}", draw_map(game))?;
                }
                for e in &events {
                    writeln!(out, "  {}", describe(e, &book))?;
                }
                writeln!(out, "{}", status(game))?;
            }
            Err(e) => writeln!(out, "  {e}")?,
        }
        if game.is_over() {
            writeln!(out, "{}", roster(game))?;
            break;
        }
    }
    Ok(())
}
