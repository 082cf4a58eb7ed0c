//! Plain mode (`hexpatrol new --plain`, `resume --plain`): the same game as
//! lines of text, for players who use a screen reader or a braille display.
//! Nothing is redrawn and no box is drawn: every event is one sentence (in
//! `narrate`'s words, as the log writes it), every prompt says what it
//! takes, and the map, the roster and where everyone is are lines printed
//! when asked for (`words`). What is typed is the command language of the
//! headless runner, played by the same command layer (`session`), with a
//! few words of its own: the six steps, `map`, `where`, `roster`, `log`.
//! Lines are wrapped at word boundaries to the terminal's width.

mod words;

use std::io::{self, BufRead, Write};

use crate::engine::campaign::Campaign;
use crate::engine::{Cache, Command, Event, Phase};
use crate::narrate::describe_all;
use crate::report::screens;
use crate::save::SaveError;
use crate::session::start::Opened;
use crate::session::{self, Line};

/// How a game in plain mode ended.
#[derive(Debug)]
pub enum Ended {
    /// The player quit (or the input ended): the game is saved.
    Quit,
    /// A save failed: play stopped there.
    SaveFailed(SaveError),
}

/// Writes `text` wrapped at word boundaries to `width` columns, later
/// lines of it indented by two spaces.
fn say(out: &mut impl Write, text: &str, width: usize) -> io::Result<()> {
    let width = width.max(20);
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            writeln!(out, "{}", line.trim_end())?;
            line = format!("  {word}");
        } else {
            if len > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    writeln!(out, "{}", line.trim_end())
}

/// The game in plain lines: `input` read a line at a time, what happened
/// written to `out`, `width` columns wide. Saved after every line that
/// changed the campaign.
///
/// # Errors
/// Only failures to read input or write output.
pub fn run(mut opened: Opened, input: impl BufRead, mut out: impl Write, width: usize) -> io::Result<Ended> {
    let mut cache = Cache::new();
    let c = &mut opened.campaign;
    for line in opening(c, &opened.name) {
        say(&mut out, &line, width)?;
    }
    for line in screens::squad(c) {
        say(&mut out, &line, width)?;
    }
    let mut lines = input.lines();
    loop {
        let asked = c.wanted(&mut cache).map(|w| {
            let ask = w.ask();
            format!("{}{}", ask[..1].to_uppercase(), &ask[1..])
        });
        say(&mut out, &words::prompt(c, asked.clone()), width)?;
        write!(out, "> ")?;
        out.flush()?;
        let Some(typed) = lines.next().transpose()? else {
            writeln!(out)?;
            say(&mut out, "End of input: the game is saved. hexpatrol resume --plain goes on from here.", width)?;
            return Ok(Ended::Quit);
        };
        let typed = typed.trim();
        // The pages between patrols read the records of the finished patrols.
        let page = match typed.to_ascii_lowercase().as_str() {
            "squad" => Some(screens::squad(c)),
            "campaign" => Some(screens::campaign(c, &opened.slot.records())),
            _ => None,
        };
        if let Some(lines) = page {
            let lines =
                if lines.is_empty() { vec!["A patrol is under way: the squad is the roster.".into()] } else { lines };
            for line in lines {
                say(&mut out, &line, width)?;
            }
            continue;
        }
        let said = match answer(c, typed, asked.is_some()) {
            Answer::Quit => {
                say(&mut out, "Saved. hexpatrol resume --plain goes on from here.", width)?;
                return Ok(Ended::Quit);
            }
            Answer::Say(lines) => lines,
            Answer::Play(line) => {
                let dice = matches!(line, Line::Dice(_) | Line::Withdraw | Line::RealDice(_));
                let issue = matches!(line, Line::Issue { .. });
                let patrol = c.patrol.is_some();
                let mut said = play(c, &mut cache, line);
                let changed = dice || said.1 || c.waiting.is_some();
                if changed && let Err(e) = opened.slot.save(c, session::now()) {
                    for line in said.0 {
                        say(&mut out, &line, width)?;
                    }
                    return Ok(Ended::SaveFailed(e));
                }
                // A patrol just over: the campaign so far, then the squad for the next.
                if patrol && c.patrol.is_none() {
                    said.0.push(String::new());
                    said.0.extend(screens::campaign(c, &opened.slot.records()));
                }
                if (issue || patrol) && said.1 && c.patrol.is_none() {
                    said.0.push(String::new());
                    said.0.extend(screens::squad(c));
                }
                said.0
            }
        };
        for line in said {
            say(&mut out, &line, width)?;
        }
    }
}

/// What the game says when plain mode opens it.
fn opening(c: &Campaign, name: &str) -> Vec<String> {
    let mut lines = vec![format!("hexpatrol, plain mode. {}, saved as {name}. Type help for every command.", c.title)];
    let backs = if c.take_backs { "orders can be taken back (undo)" } else { "iron man: no take-backs" };
    let dice = if c.real_dice { "you throw the dice (dice game: the game throws)" } else { "the game throws the dice" };
    let set = crate::engine::ruleset::house::preset_of(&c.book).map_or("set by hand", |p| p.key());
    let n = crate::engine::ruleset::house::departures(&c.book).count();
    lines.push(format!("Rules: {set}, {n} house rules; {backs}; {dice}."));
    match &c.patrol {
        Some(game) => {
            lines.push(format!("Patrol {}{}: {}.", c.finished + 1, c.of_total(), game.scenario()));
            lines.extend(words::place(game));
            let log = describe_all(&c.log, &c.book);
            if log.len() > 1 {
                lines.push("The last of the log:".into());
                lines.extend(log.iter().skip(log.len().saturating_sub(5)).cloned());
            }
        }
        None => lines.push(c.briefing.clone()),
    }
    lines
}

/// What a typed line comes to.
enum Answer {
    Quit,
    /// Lines to say; nothing changes.
    Say(Vec<String>),
    Play(Line),
}

fn answer(c: &Campaign, typed: &str, asked: bool) -> Answer {
    let lower = typed.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let game = c.patrol.as_ref();
    match first {
        "quit" | "q" => return Answer::Quit,
        "help" | "?" => return Answer::Say(words::HELP.iter().map(|l| l.to_string()).collect()),
        "map" => return Answer::Say(game.map_or_else(|| vec!["No patrol is under way: no map.".into()], words::map)),
        "where" => {
            return Answer::Say(game.map_or_else(|| vec!["No patrol is under way.".into()], words::place));
        }
        "roster" => return Answer::Say(words::roster(c)),
        "log" => {
            let n = words.next().and_then(|n| n.parse().ok()).unwrap_or(10);
            let log = describe_all(&c.log, &c.book);
            return Answer::Say(log.iter().skip(log.len().saturating_sub(n)).cloned().collect());
        }
        _ => {}
    }
    if asked {
        return parsed(typed, true);
    }
    if first.is_empty() {
        let turn = matches!(game.map(|g| g.phase()), Some(Phase::Action(a)) if a.up.is_none() && a.flight.is_none());
        return if turn { Answer::Play(Line::Play(Command::Turn)) } else { Answer::Say(Vec::new()) };
    }
    if words::STEPS.contains(&first)
        && let Some(game) = game
    {
        let section = words.next().map(str::to_ascii_uppercase);
        let from = match &section {
            Some(name) => game.sections().iter().find(|s| s.name == name.as_str()).and_then(|s| game.section_pos(s)),
            None => words::mover(game).map(|(_, p)| p),
        };
        return match from.and_then(|p| words::step(p, first)) {
            Some(to) => Answer::Play(Line::Play(Command::Move { section: section.map(Into::into), to })),
            None => Answer::Say(vec![format!("No step {first} from here: {}", "see where and map")]),
        };
    }
    parsed(typed, false)
}

/// A line of the command language, or (`dice_asked`) the throw an order waits for.
fn parsed(typed: &str, dice_asked: bool) -> Answer {
    match session::parse_typed(typed, dice_asked) {
        Ok(Line::Skip) => Answer::Say(Vec::new()),
        Ok(line) => Answer::Play(line),
        Err(e) => Answer::Say(vec![e.says(typed)]),
    }
}

/// Plays a line: what to say, and whether anything happened.
fn play(c: &mut Campaign, cache: &mut Cache, line: Line) -> (Vec<String>, bool) {
    if let Line::Odds(q) = &line {
        return match session::ask(c, cache, q) {
            Ok(answer) => {
                (crate::narrate::describe_odds(&answer).lines().map(|l| l.trim().to_string()).collect(), false)
            }
            Err(e) => (vec![format!("No odds: {e}")], false),
        };
    }
    let real = matches!(line, Line::RealDice(_));
    let (events, refused) = match session::play_line(c, cache, line) {
        Ok(events) => (events, None),
        Err((events, e)) => (events, Some(e)),
    };
    let events: Vec<Event> = events.into_iter().filter(|e| !matches!(e, Event::Auto { .. })).collect();
    let mut lines = describe_all(&events, &c.book);
    if let Some(e) = refused {
        lines.push(format!("Not now: {e}"));
    } else if real {
        lines.push(if c.real_dice { "You throw the dice now." } else { "The game throws the dice now." }.into());
    }
    (lines, !events.is_empty())
}

#[cfg(test)]
mod tests;
