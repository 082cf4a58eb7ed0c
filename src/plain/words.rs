//! What plain mode says: the prompt for each moment of the game, and the
//! map, the roster and where everyone is, each as short lines of text that
//! a screen reader reads in order and an 80-column terminal does not wrap.

use crate::engine::book::scenario::Edge;
use crate::engine::campaign::{Campaign, Status};
use crate::engine::vocabulary::soldier::{Side, Soldier, State};
use crate::engine::{Game, Phase, Pos};

/// The six steps plain mode takes by name, as the compass reads them on
/// this grid (flat-topped hexes, odd columns half a hex lower).
pub const STEPS: [&str; 6] = ["n", "ne", "se", "s", "sw", "nw"];

/// Where a hex is on a flat plane: x across, y down (odd columns half a hex lower).
fn plane(p: Pos) -> (f64, f64) {
    (f64::from(p.col) * 1.5, 3f64.sqrt() * (f64::from(p.row) + if p.col & 1 == 1 { 0.5 } else { 0.0 }))
}

/// The way from `from` to `to` as one of eight compass points ("north-east").
pub fn bearing(from: Pos, to: Pos) -> &'static str {
    const POINTS: [&str; 8] =
        ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
    let ((x0, y0), (x1, y1)) = (plane(from), plane(to));
    let degrees = (x1 - x0).atan2(y0 - y1).to_degrees().rem_euclid(360.0);
    POINTS[((degrees + 22.5) / 45.0) as usize % 8]
}

/// The hex a step named by `word` (`n`, `ne` ...) reaches from `from`.
pub fn step(from: Pos, word: &str) -> Option<Pos> {
    let want = match word {
        "n" => "north",
        "s" => "south",
        "ne" => "north-east",
        "se" => "south-east",
        "sw" => "south-west",
        "nw" => "north-west",
        _ => return None,
    };
    from.neighbours().into_iter().find(|&n| bearing(from, n) == want)
}

/// "3 hexes north-east", "here".
fn away(from: Pos, to: Pos) -> String {
    match from.distance(to) {
        0 => "here".into(),
        1 => format!("1 hex {}", bearing(from, to)),
        d => format!("{d} hexes {}", bearing(from, to)),
    }
}

fn terrain(game: &Game, p: Pos) -> String {
    game.map().terrain(game.book(), p).map_or_else(|| "off the map".into(), |t| t.name.to_string())
}

/// Who is up or moves now, and where: the man whose card is up, else the first section.
pub fn mover(game: &Game) -> Option<(String, Pos)> {
    if let Some(i) = game.card_up() {
        let s = &game.soldiers()[i];
        return s.pos.map(|p| (s.id.to_string(), p));
    }
    let section = game.sections().first()?;
    game.section_pos(section).map(|p| (format!("Section {}", section.name), p))
}

/// What to type now: the moment in a sentence, then the commands it takes
/// (`help` lists every one).
pub fn prompt(campaign: &Campaign, asked: Option<String>) -> String {
    if let Some(ask) = asked {
        return format!("{ask}. Type the faces (e.g. 4 3), - for the game's throw, or cancel.");
    }
    let Some(game) = &campaign.patrol else {
        if campaign.is_over() {
            return "The campaign is over. Type campaign, roster, log, help or quit.".into();
        }
        let next = campaign.current_plan().map_or(String::new(), |p| format!(", {},", p.scenario.name));
        return format!(
            "Between patrols: patrol {}{}{next} is next. Type begin, squad, campaign, issue, roster, log, help or quit.",
            campaign.finished + 1,
            campaign.of_total()
        );
    };
    let at = |up: &str| mover(game).map_or(String::new(), |(who, p)| format!(" {who}{up} at {p}."));
    match game.phase() {
        Phase::Patrol => format!(
            "Patrol movement.{} Type a step (n ne se s sw nw), move COL,ROW, exit, auto N, map, where, or help.",
            at(" is")
        ),
        Phase::Action(a) if a.flight.is_some() => {
            "A grenade is in the air. Type steer COL,ROW, auto 1, where, or help.".into()
        }
        Phase::Action(a) => match a.up {
            Some(_) => format!(
                "Action, turn {}.{} Type fire TARGET, a step, move COL,ROW, hold, auto 1, where, or help.",
                a.turn,
                at("'s card is up,")
            ),
            None => {
                format!("Action, turn {}. Press Enter to turn the next card, or type auto N, where, or help.", a.turn)
            }
        },
        Phase::Over { outcome } => format!("The patrol is over ({outcome}). Type roster, log, help or quit."),
    }
}

/// The map as lines: a row of characters a map row, one a hex, with a
/// key. Columns are counted from 0 across, rows from 0 down.
pub fn map(game: &Game) -> Vec<String> {
    let m = game.map();
    let mut lines = vec![format!(
        "Map: columns 0 to {} across, rows 0 to {} down; odd columns sit half a hex lower. \
         One character a hex, column 0 first.",
        m.width - 1,
        m.height - 1
    )];
    let mark = |p: Pos| -> Option<char> {
        // A hulk (European Battlefield's destroyed vehicles) under anyone standing there.
        let hulk = game.hulk_at(p).then_some('H');
        let mut here = game.soldiers().iter().filter(|s| s.pos == Some(p) && s.state != State::Dead);
        let Some(first) = here.next() else { return hulk };
        Some(if first.side == Side::Friendly { '@' } else { 'E' })
    };
    let goal = game.objective().hexes();
    for row in 0..m.height {
        let cells: String = (0..m.width)
            .map(|col| {
                let p = Pos::new(col, row);
                mark(p)
                    .or_else(|| game.smoke().iter().any(|b| b.covers(p)).then_some('~'))
                    .or_else(|| goal.contains(&p).then_some('*'))
                    .or_else(|| game.map().terrain(game.book(), p).map(|t| t.glyph))
                    .unwrap_or('?')
            })
            .collect();
        lines.push(format!("row {row:>2}: {cells}"));
    }
    let mut key = vec!["@ your men".to_string(), "E enemy".into(), "* objective".into()];
    if game.rules().vehicles() {
        key.push("H a hulk (a destroyed vehicle: it blocks sight and vehicles)".into());
    }
    if !game.smoke().is_empty() {
        key.push("~ smoke".into());
    }
    key.extend(game.book().terrain.iter().map(|t| format!("{} {}", t.glyph, t.name)));
    lines.push(format!("Key: {}.", key.join(", ")));
    lines
}

/// Where everyone is, and the objective and home, from the man or section that moves.
pub fn place(game: &Game) -> Vec<String> {
    let Some((who, from)) = mover(game) else { return vec!["Nobody of the patrol is on the map.".into()] };
    let mut lines = vec![format!("{who} is at {from}, {}.", terrain(game, from))];
    for sec in game.sections().iter().filter(|s| !who.ends_with(&format!("Section {}", s.name))) {
        if let Some(p) = game.section_pos(sec) {
            lines.push(format!("Section {} ({} men) at {p}, {}.", sec.name, sec.members.len(), away(from, p)));
        }
    }
    lines.push(format!("Objective: {}.", game.objective().describe()));
    if let crate::engine::book::scenario::Objective::Reach(p) = game.objective() {
        lines.push(match from == *p {
            true => format!("{who} is on {p}."),
            false => format!("{p} is {} from {who}.", away(from, *p)),
        });
    }
    let edge = match game.map().home_edge {
        Edge::North => "north",
        Edge::South => "south",
        Edge::East => "east",
        Edge::West => "west",
    };
    lines.push(format!("Home is the {edge} edge."));
    let enemy: Vec<&Soldier> =
        game.soldiers().iter().filter(|s| s.side == Side::Enemy && s.pos.is_some() && s.state == State::Fit).collect();
    if enemy.is_empty() {
        lines.push("No enemy able to fight is on the map.".into());
    }
    for s in enemy {
        let p = s.pos.unwrap_or(from);
        // A vehicle's armour and wounds left, as the roster shows them.
        let profile = match &s.vehicle {
            Some(_) => game.rules().profile(game.book(), s).map_or(String::new(), |w| format!(" ({w})")),
            None => String::new(),
        };
        lines.push(format!("Enemy {}{profile} at {p}, {}, in {}.", s.id, away(from, p), terrain(game, p)));
        // A transport's men inside (European Battlefield): not on the map, not to be fired at.
        if let Some(v) = game.find(&s.id).filter(|&v| !game.carried(v).is_empty()) {
            let men: Vec<&str> = game.carried(v).iter().map(|&i| game.soldiers()[i].id.as_str()).collect();
            lines.push(format!("  Inside {}: {}.", s.id, men.join(", ")));
        }
    }
    for s in game.soldiers().iter().filter(|s| s.vehicle.is_some() && s.pos.is_some_and(|p| game.hulk_at(p))) {
        if s.state != State::Dead {
            continue;
        }
        let p = s.pos.unwrap_or(from);
        let burning = if s.vehicle.as_ref().is_some_and(|v| v.hurt.burning()) { ", burning" } else { "" };
        lines.push(format!("Hulk of {} at {p}, {}{burning}: it blocks sight.", s.id, away(from, p)));
    }
    for b in game.smoke() {
        let reach = if b.radius == 0 { String::new() } else { format!(" and {} around", b.radius) };
        lines.push(format!("Smoke at {}{reach}, {}: no sight through it.", b.hex, away(from, b.hex)));
    }
    if let Some(b) = game.battery() {
        lines.push(format!(
            "The battery: {} on the radio; {} fire missions and {} air strike left.",
            b.radio,
            game.fire_missions_left(),
            game.air_strikes_left()
        ));
    }
    lines
}

/// The men: in a patrol, each man of the squad where he is and how; between patrols, the campaign's roster.
pub fn roster(campaign: &Campaign) -> Vec<String> {
    if let Some(game) = &campaign.patrol {
        return game
            .soldiers()
            .iter()
            .filter(|s| s.side == Side::Friendly)
            .map(|s| {
                let at = s.pos.map_or("off the map".to_string(), |p| format!("at {p}"));
                let weapon = crate::narrate::weapon_words(game, s);
                // What the rule set shows beside the weapon (Combat Patrol's
                // accuracy, the company level's squad and dice), and pinning.
                let profile = game.rules().profile(game.book(), s).map_or(String::new(), |p| format!(" ({p})"));
                let pressure = if s.pressure.is_steady() { String::new() } else { format!(", {}", s.pressure.name()) };
                format!("{} {}, {weapon}{profile}: {}{pressure}, {at}.", s.rank, s.id, s.state.words())
            })
            .collect();
    }
    campaign
        .roster
        .iter()
        .map(|m| {
            let status = match m.status {
                Status::Fit => "fit".to_string(),
                Status::Wounded(n) => format!("wounded, out for {n} more patrols"),
            };
            format!("{} {}, {}: {status}; {} patrols, {} hits.", m.rank, m.name, m.weapon, m.patrols, m.hits)
        })
        .collect()
}

/// The help: every command plain mode takes, a line each.
pub const HELP: &[&str] = &[
    "Plain mode plays the game as lines of text. Each event is one sentence.",
    "n, ne, se, s, sw, nw: a step of the section, or of the man whose card is up.",
    "A step with a section's name moves that section: ne B.",
    "move [SECTION] COL,ROW steps to a hex. exit [SECTION] leaves by the home edge.",
    "split NAMES makes a new section of the men named. join B A joins B to A.",
    "fire TARGET: the man whose card is up fires at an enemy, by name (G1) or hex.",
    "hold: he does nothing. Also carry, capture, call, throw: see docs/COMMANDS.md.",
    "turn, or an empty line, turns the next card of an action.",
    "auto N: the patrol leader makes your next N decisions.",
    "begin sets out on the next patrol of the campaign.",
    "squad: the men who will go on the next patrol. campaign: the patrols so far,",
    "each man's service and the fallen.",
    "issue WEAPON NAME hands a support weapon to a man between patrols: issue mg Hale",
    "odds QUESTION gives the odds of a roll and changes nothing: odds fire G1.",
    "undo [N] takes back your last N orders. The dice stay as they fell.",
    "dice real: you throw every roll. dice game: the game throws them.",
    "When a roll is asked for, type its faces (4 3), - for the game's, or cancel.",
    "map: the map, a line a row, with a key. where: who is where, and the way.",
    "roster: the men and how they are. log N: the last N lines of the log.",
    "help: this list. quit: save and stop (resume --plain goes on from there).",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_by_name_reach_the_six_neighbours() {
        for from in [Pos::new(4, 4), Pos::new(5, 4)] {
            let reached: Vec<Pos> = STEPS.iter().map(|w| step(from, w).expect(w)).collect();
            let mut all = from.neighbours().to_vec();
            all.sort_by_key(|p| (p.col, p.row));
            let mut got = reached.clone();
            got.sort_by_key(|p| (p.col, p.row));
            assert_eq!(got, all, "from {from}");
        }
        assert_eq!(step(Pos::new(4, 4), "n"), Some(Pos::new(4, 3)));
        assert_eq!(step(Pos::new(4, 4), "s"), Some(Pos::new(4, 5)));
        assert_eq!(bearing(Pos::new(4, 4), Pos::new(8, 2)), "north-east");
        assert_eq!(bearing(Pos::new(9, 11), Pos::new(12, 5)), "north", "nearer north than north-east");
        assert_eq!(step(Pos::new(4, 4), "e"), None);
    }

    #[test]
    fn help_lines_fit_80_columns() {
        assert!(HELP.iter().all(|l| l.chars().count() <= 80), "{HELP:?}");
    }
}
