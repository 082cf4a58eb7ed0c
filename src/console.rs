//! A plain, line-by-line way to play in a terminal: the map drawn in text,
//! a prompt for the same commands the headless runner reads, and every
//! event in words. The full-screen interface replaces this as the default.

use std::io::{self, BufRead, Write};

use crate::engine::{Game, Phase, Pos, Side, State};
use crate::narrate::describe;
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
  map   redraw the map    ?  this help    quit  leave the game
Rules: each hex entered is an incident check, 2D6, 7+ (woods, buildings -1;
-1 per earlier incident, at most -2). In an action each man has two cards,
STOP ends the turn. Hits are rolled for when the action is over:
1-2 flesh wound, 3-4 serious (carried by two fit men), 5-6 dead.";

/// The map as text: each hex is its terrain glyph and one mark; odd
/// columns sit half a row lower, as on the hex grid.
/// Marks: a section letter, G enemy, + a man down, * objective, X minefield.
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
    if here.iter().any(|s| s.side == Side::Friendly && s.can_act()) {
        return 'F';
    }
    if here.iter().any(|s| s.side == Side::Enemy && s.can_act()) {
        return 'G';
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
            format!("  {:<8} {:<14} {:<7} {:<13} {at}", s.id, s.rank, s.weapon, s.state.name())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn status(game: &Game) -> String {
    match &game.phase {
        Phase::Patrol => format!(
            "Patrol movement. Incidents so far: {}. Objective {}{}.",
            game.incidents,
            game.map.objective,
            if game.objective_reached { " reached" } else { "" }
        ),
        Phase::Action(a) => match a.up {
            Some(i) => {
                format!("Action, turn {}: {}'s card is up ({} cards left).", a.turn, game.soldiers[i].id, a.deck.len())
            }
            None => format!("Action, turn {}: turn a card ({} left).", a.turn, a.deck.len()),
        },
        Phase::Over { outcome } => format!("The patrol is over: {outcome}."),
    }
}

/// Plays `game` at the prompt until the patrol ends or the player quits.
///
/// # Errors
/// Only failures to read the terminal or write to it.
pub fn play(game: &mut Game, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}\n\n{}\n\n{}\n{}\nType ? for help.",
        describe(&game.start_event()),
        draw_map(game),
        roster(game),
        status(game)
    )?;
    let mut lines = input.lines();
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        let events = match line.trim() {
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
                Ok(Line::Play(c)) => game.apply(&c).map_err(|e| e.to_string()),
                Ok(Line::Auto(n)) => match auto(game, n) {
                    (events, None) => Ok(events),
                    (_, Some(e)) => Err(format!("the patrol leader's order was refused: {e}")),
                },
                Err(e) => Err(format!("column {}: {}", e.column, e.message)),
            },
        };
        match events {
            Ok(events) => {
                use crate::engine::Event as E;
                // Redraw the map only when someone moved, appeared or left.
                let moved = events.iter().any(|e| {
                    matches!(
                        e,
                        E::Moved { .. }
                            | E::EnemyAppears { .. }
                            | E::Carried { .. }
                            | E::Exited { .. }
                            | E::Sections { .. }
                    )
                });
                for e in &events {
                    writeln!(out, "  {}", describe(e))?;
                }
                if moved {
                    writeln!(out, "{}", draw_map(game))?;
                }
                writeln!(out, "{}", status(game))?;
            }
            Err(e) => writeln!(out, "  Not now: {e}")?,
        }
        if game.is_over() {
            writeln!(out, "{}", roster(game))?;
            break;
        }
    }
    Ok(())
}
