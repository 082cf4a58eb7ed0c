//! Checks on rules data beyond what the types enforce. RON gives positions
//! only for syntax and type errors; for these, the position is found by
//! looking for the offending entry's text in the file.

use std::collections::BTreeSet;

use super::DataError;
use super::place::{Checker, locate};
use crate::engine::Pos;
use crate::engine::book::scenario::{Edge, Member, Objective, Scenario};
use crate::engine::book::{IncidentKind, RuleBook, WeaponKind, Wound};
use crate::engine::vocabulary::limits::{EXPERIENCE_STEP, MAP_SIDE, MEN, PATROLS, TERRAIN_TYPES};

/// Every total of a table's dice must give exactly one entry.
pub(super) fn check_cover(c: &Checker, table: &str, ranges: &[(u8, u8)], lo: u8, hi: u8) -> Result<(), DataError> {
    for &(a, b) in ranges {
        if a > b {
            return Err(c.err(&format!("({a}, {b})"), format!("{table}: range ({a}, {b}) runs backwards")));
        }
    }
    for total in lo..=hi {
        let n = ranges.iter().filter(|(a, b)| (*a..=*b).contains(&total)).count();
        if n != 1 {
            let what = if n == 0 { "no entry" } else { "more than one entry" };
            return Err(c.err(table, format!("{table}: a roll of {total} has {what}; rolls {lo}-{hi} need one each")));
        }
    }
    Ok(())
}

pub fn check_rule_book(
    book: &RuleBook,
    rules_file: &str,
    rules: &str,
    forces_file: &str,
    forces: &str,
) -> Result<(), DataError> {
    let c = Checker { file: rules_file, text: rules };
    if book.terrain.is_empty() || book.terrain.len() > TERRAIN_TYPES {
        let why = format!("terrain: {} types; a rule book has 1 to {TERRAIN_TYPES}", book.terrain.len());
        return Err(c.err("terrain", why));
    }
    let mut keys = BTreeSet::new();
    let mut glyphs = BTreeSet::new();
    for t in &book.terrain {
        let at = format!("\"{}\"", t.key);
        if !keys.insert(t.key.as_str()) {
            return Err(DataError::at(
                rules_file,
                locate(rules, &at, 1),
                format!("terrain '{}' is listed twice", t.key),
            ));
        }
        if !glyphs.insert(t.glyph) || t.glyph.is_whitespace() || t.glyph == '"' {
            return Err(
                c.err(&at, format!("terrain '{}': glyph '{}' is blank, a quote, or used twice", t.key, t.glyph))
            );
        }
    }
    let mut weapons = BTreeSet::new();
    for w in &book.weapons {
        let at = format!("\"{}\"", w.key);
        if !weapons.insert(w.key.as_str()) {
            return Err(DataError::at(
                rules_file,
                locate(rules, &at, 1),
                format!("weapon '{}' is listed twice", w.key),
            ));
        }
        match w.kind {
            WeaponKind::Direct { short, medium, long } if !(short <= medium && medium <= long && long >= 1) => {
                return Err(c.err(&at, format!("weapon '{}': bands must grow: short {short} <= medium {medium} <= long {long}, long at least 1", w.key)));
            }
            WeaponKind::Mortar { max_range: 0 } => return Err(c.err(&at, format!("weapon '{}': a range of 0", w.key))),
            _ => {}
        }
        // An anti-tank weapon needs its row in the A/T table; a side arm must be aimed fire.
        let side_arm = match &w.kind {
            WeaponKind::AntiTank { side_arm } => {
                if book.arsenal.anti_tank.as_ref().and_then(|t| t.weapon(&w.key)).is_none() {
                    return Err(c.err(&at, format!("weapon '{}': no row for it in anti_tank weapons", w.key)));
                }
                Some(side_arm)
            }
            WeaponKind::Gun { side_arm } => side_arm.as_ref(),
            _ => None,
        };
        if let Some(arm) = side_arm
            && !book.weapon(arm).is_some_and(|a| matches!(a.kind, WeaponKind::Direct { .. }))
        {
            return Err(c.err(&at, format!("weapon '{}': side arm '{arm}' is not an aimed weapon", w.key)));
        }
    }
    let f = &book.fire;
    if ![f.short, f.medium, f.long].iter().all(|n| (1..=6).contains(n)) {
        return Err(c.err("fire:", "fire: each band's need must be 1 to 6 on a D6".into()));
    }
    let i = &book.incident;
    if i.dice != 2 || i.sides != 6 {
        return Err(c.err("incident:", "incident: the check is 2D6 (dice: 2, sides: 6)".into()));
    }
    let ranges: Vec<(u8, u8)> = book.incident_table.iter().map(|e| e.rolls).collect();
    check_cover(&c, "incident_table", &ranges, 2, 12)?;
    for e in &book.incident_table {
        if let IncidentKind::Enemy { group, min, max } = &e.kind {
            if !book.forces.contains_key(group.as_str()) {
                return Err(c.err(
                    &format!("\"{group}\""),
                    format!("incident '{}': no group '{group}' in {forces_file}", e.name),
                ));
            }
            if *min == 0 || min > max {
                return Err(c.err(
                    &format!("\"{group}\""),
                    format!("incident '{}': distance {min} to {max} is not a range of at least 1", e.name),
                ));
            }
        }
    }
    let ranges: Vec<(u8, u8)> = book.casualty_table.iter().map(|e| e.rolls).collect();
    check_cover(&c, "casualty_table", &ranges, 1, 6)?;
    if let Some(e) =
        book.casualty_table.iter().find(|e| !matches!(e.wound, Wound::Flesh | Wound::Serious | Wound::Dead))
    {
        let why = format!(
            "casualty_table: {} is a Combat Patrol wound; this table gives Flesh, Serious or Dead",
            e.wound.name()
        );
        return Err(c.err("casualty_table", why));
    }
    let h = &book.hand_to_hand;
    if h.sides < 2 || h.knock_out.0 == 0 || h.knock_out.0 > h.knock_out.1 || h.kill_from <= h.knock_out.1 {
        return Err(c.err("hand_to_hand", "hand_to_hand: need knock_out (a, b) with 1 <= a <= b < kill_from".into()));
    }
    if book.template.triangles == 0 {
        return Err(c.err("template", "template: at least one triangle".into()));
    }
    let a = &book.action;
    if !(1..=10).contains(&a.cards_per_soldier)
        || !(1..=10).contains(&a.stop_cards)
        || !(1..=6).contains(&a.first_shot_need)
        || a.quiet_turns_to_break_contact == 0
    {
        return Err(c.err(
            "action:",
            "action: cards and STOP cards 1 to 10, first_shot_need 1 to 6, quiet turns at least 1".into(),
        ));
    }
    let cr = &book.campaign;
    if cr.squad_size == 0 || cr.squad_size > 100 || cr.serious_wound_patrols == 0 || cr.veteran_at == 0 {
        return Err(c.err(
            "campaign:",
            "campaign: squad_size 1 to 100, serious_wound_patrols and veteran_at at least 1".into(),
        ));
    }
    if cr.experience_per_patrol > EXPERIENCE_STEP || cr.experience_per_hit > EXPERIENCE_STEP {
        let why = format!("campaign: experience_per_patrol and experience_per_hit at most {EXPERIENCE_STEP}");
        return Err(c.err("experience_per_", why));
    }
    // A wounded man's patrols to miss are saved with him, within the campaign's counters.
    if cr.serious_wound_patrols as usize > PATROLS {
        let why = format!("campaign: serious_wound_patrols at most {PATROLS}, the most patrols a campaign has");
        return Err(c.err("serious_wound_patrols", why));
    }
    if book.patrol.bearers_per_wounded == 0 {
        return Err(c.err("bearers_per_wounded", "patrol: at least one bearer per wounded man".into()));
    }
    check_arsenal(&c, &book.arsenal)?;
    let fc = Checker { file: forces_file, text: forces };
    for (key, g) in &book.forces {
        let at = format!("\"{key}\"");
        if g.men.is_empty() {
            return Err(fc.err(&at, format!("group '{key}' has no men")));
        }
        if let Some(m) = g.men.iter().find(|m| book.weapon(&m.weapon).is_none()) {
            return Err(fc.err(&format!("\"{}\"", m.weapon), format!("group '{key}': unknown weapon '{}'", m.weapon)));
        }
        if let Some(v) = g.men.iter().filter_map(|m| m.vehicle.as_ref()).find(|v| book.arsenal.vehicle(v).is_none()) {
            return Err(fc.err(&format!("\"{v}\""), format!("group '{key}': unknown vehicle '{v}'")));
        }
    }
    Ok(())
}

/// Vehicles, A/T and H.E. fire: keys once each, card counts the deck can
/// hold, ranges that grow band by band, and damage tables for every face.
fn check_arsenal(c: &Checker, a: &crate::engine::ruleset::lone_warrior::arsenal::Arsenal) -> Result<(), DataError> {
    let mut keys = BTreeSet::new();
    for v in &a.vehicles {
        let at = format!("\"{}\"", v.key);
        if !keys.insert(v.key.as_str()) {
            return Err(c.err(&at, format!("vehicle '{}' is listed twice", v.key)));
        }
        if !(1..=10).contains(&v.cards) {
            return Err(c.err(&at, format!("vehicle '{}': cards must be 1 to 10", v.key)));
        }
    }
    if !a.vehicles.is_empty() && a.hexes_per_card == 0 {
        return Err(c.err("hexes_per_card", "arsenal: hexes_per_card must be at least 1".into()));
    }
    if let Some(t) = &a.anti_tank {
        if t.sides < 2 || t.damage_sides < 2 {
            return Err(c.err("anti_tank", "anti_tank: the dice need at least two sides".into()));
        }
        let mut keys = BTreeSet::new();
        for w in &t.weapons {
            let at = format!("\"{}\"", w.key);
            let bands = w.point_blank >= 1
                && w.normal.is_none_or(|n| n > w.point_blank && n < w.extreme)
                && w.extreme > w.point_blank;
            if !keys.insert(w.key.as_str()) {
                return Err(c.err(&at, format!("A/T weapon '{}' is listed twice", w.key)));
            }
            if !bands {
                return Err(c.err(&at, format!("A/T weapon '{}': need 1 <= point_blank < normal < extreme", w.key)));
            }
        }
        let close: Vec<(u8, u8)> = t.close_damage.iter().map(|e| e.rolls).collect();
        check_cover(c, "close_damage", &close, 1, t.damage_sides)?;
        let extreme: Vec<(u8, u8)> = t.extreme_damage.iter().map(|e| e.rolls).collect();
        check_cover(c, "extreme_damage", &extreme, 1, t.damage_sides)?;
    }
    if let Some(h) = &a.high_explosive {
        let faces = 1..=h.effect_sides;
        if h.sides < 2
            || h.max_range == 0
            || !faces.contains(&h.soft_skin_destroyed_from)
            || !faces.contains(&h.open_top_destroyed_from)
        {
            return Err(c.err(
                "high_explosive",
                "high_explosive: dice of two sides or more, a range of 1 or more, destroyed-from faces on the effect die".into(),
            ));
        }
    }
    Ok(())
}

/// Why a man's name was refused.
pub(crate) const NAME_RULE: &str = "cannot be a name (no spaces, commas or #, not STOP, not G or V and a number)";

/// Whether a man of the patrol may be called `name`: one word that no
/// command could read as something else, and not the shape of an enemy's
/// id (G7, V3), which an enemy met later could be given.
pub(crate) fn man_name_ok(name: &str) -> bool {
    !name.is_empty()
        // A # starts a comment in the command language: "fight O#Brien" would not read.
        && !name.contains(|ch: char| ch.is_whitespace() || ch == ',' || ch == '#')
        && !crate::engine::vocabulary::enemy_ids::enemy_id(name)
        && !name.eq_ignore_ascii_case("stop")
}

/// As written, a sniper's or MG team's first shot is its card's point: a
/// rules file places them where that shot reaches. Checked where a rules
/// file is read, not in a save's book: a book from before house rules
/// places snipers up to 5 hexes off, and a player may turn its first shot
/// to as written; such a sniper fires his first shot once he is in reach.
pub(super) fn check_first_shots(book: &RuleBook, file: &str, text: &str) -> Result<(), DataError> {
    let c = Checker { file, text };
    if book.action.first_shot_by_the_table {
        return Ok(());
    }
    for e in &book.incident_table {
        let IncidentKind::Enemy { group, max, .. } = &e.kind else { continue };
        let Some(g) = book.forces.get(group.as_str()) else { continue };
        for m in g.men.iter().filter(|m| m.first_shot) {
            if let Some(WeaponKind::Direct { long, .. }) = book.weapon(&m.weapon).map(|w| &w.kind)
                && long < max
            {
                return Err(c.err(
                    &format!("\"{group}\""),
                    format!(
                        "incident '{}': placed up to {max} hexes away, but its {}'s {} reaches {long}: its first shot could never be fired",
                        e.name, m.role, m.weapon
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Rookie names a rules file may give: checked where the file is read. A
/// saved campaign's rule book is not refused for them (one saved before
/// this check plays on: the campaign passes over such a name).
pub(super) fn check_rookie_names(book: &RuleBook, file: &str, text: &str) -> Result<(), DataError> {
    let c = Checker { file, text };
    match book.campaign.rookie_names.iter().find(|n| !man_name_ok(n)) {
        Some(n) => Err(c.err(&format!("\"{n}\""), format!("campaign: rookie name '{n}' {NAME_RULE}"))),
        None => Ok(()),
    }
}

/// Where row `r` of a scenario is written in its file: the `nth` row of the
/// same text as it, quoted. Looked for only once a row is found wrong, so
/// that checking stays linear in the file's size.
fn row_at(s: &Scenario, text: &str, r: usize) -> (usize, usize) {
    let row = &s.rows[r];
    let nth = s.rows[..r].iter().filter(|x| *x == row).count();
    locate(text, &format!("\"{row}\""), nth)
}

/// The terrain of every hex of a scenario's map, row by row, as indices
/// into the rule book's list, after checking that the rows are all as
/// wide as the first, within the limits, and of known terrain.
fn scenario_map(s: &Scenario, book: &RuleBook, file: &str, text: &str) -> Result<(i32, i32, Vec<u8>), DataError> {
    let c = Checker { file, text };
    let Some(first) = s.rows.first() else {
        return Err(c.err("rows:", "rows: the map has no rows".into()));
    };
    let width = first.chars().count();
    if width == 0 {
        return Err(c.err("rows:", "rows: the first row is empty".into()));
    }
    let side = MAP_SIDE as usize;
    if width > side || s.rows.len() > side {
        let why = format!("rows: a map of {width}x{} hexes; each side may have 1 to {MAP_SIDE}", s.rows.len());
        return Err(c.err("rows:", why));
    }
    if book.terrain.len() > TERRAIN_TYPES {
        return Err(c.err(
            "rows:",
            format!("the rule book has {} terrain types (at most {TERRAIN_TYPES})", book.terrain.len()),
        ));
    }
    let glyphs: std::collections::HashMap<char, u8> =
        book.terrain.iter().enumerate().map(|(i, t)| (t.glyph, i as u8)).collect();
    let mut cells = Vec::with_capacity(width * s.rows.len());
    for (r, row) in s.rows.iter().enumerate() {
        let n = row.chars().count();
        if n != width {
            return Err(DataError::at(file, row_at(s, text, r), format!("row {r} has {n} hexes; row 0 has {width}")));
        }
        for (k, g) in row.chars().enumerate() {
            let Some(&t) = glyphs.get(&g) else {
                let known: String =
                    book.terrain.iter().map(|t| format!("'{}' {}", t.glyph, t.key)).collect::<Vec<_>>().join(", ");
                let (line, col) = row_at(s, text, r);
                let why = format!("unknown terrain '{g}' in row {r}; known: {known}");
                return Err(DataError::at(file, (line, col + 1 + k), why));
            };
            cells.push(t);
        }
    }
    Ok((width as i32, s.rows.len() as i32, cells))
}

/// Whether the home edge can be reached from `start` over passable hexes
/// (`passable` of an index into the map's hexes): a search over the map,
/// each hex looked at once.
fn way_home(w: i32, h: i32, start: Pos, home: Edge, passable: impl Fn(usize) -> bool) -> bool {
    let on_edge = |p: Pos| match home {
        Edge::North => p.row == 0,
        Edge::South => p.row == h - 1,
        Edge::West => p.col == 0,
        Edge::East => p.col == w - 1,
    };
    let index = |p: Pos| (p.col >= 0 && p.row >= 0 && p.col < w && p.row < h).then(|| (p.row * w + p.col) as usize);
    let mut seen = vec![false; (w * h) as usize];
    let mut todo = vec![start];
    if let Some(i) = index(start) {
        seen[i] = true;
    }
    while let Some(p) = todo.pop() {
        if on_edge(p) {
            return true;
        }
        for n in p.neighbours() {
            if let Some(i) = index(n)
                && !seen[i]
                && passable(i)
            {
                seen[i] = true;
                todo.push(n);
            }
        }
    }
    false
}

pub fn check_scenario(s: &Scenario, book: &RuleBook, file: &str, text: &str) -> Result<(), DataError> {
    let c = Checker { file, text };
    // The book as the scenario's rule set reads it (the company level's
    // teams are weapons of its book alone).
    let own = s.rules.squads().then(|| s.rules.book_for(book)).flatten();
    let book = own.as_ref().unwrap_or(book);
    // A rules file of the player's own may lack a rule set's tables (see `parse_rule_book`).
    if !s.rules.plays_with(book) {
        return Err(c.err("rules:", format!("rules: the rule book lacks the tables the rule set {} plays by", s.rules)));
    }
    let (w, h, cells) = scenario_map(s, book, file, text)?;
    let index = |p: Pos| (p.col >= 0 && p.row >= 0 && p.col < w && p.row < h).then(|| (p.row * w + p.col) as usize);
    let passable = |i: usize| book.terrain[usize::from(cells[i])].passable;
    let mut places = vec![("start", s.start)];
    places.extend(s.objective.hexes().into_iter().map(|p| ("objective", p)));
    if places.len() == 1 {
        return Err(c.err("objective:", "objective: Reconnoitre needs at least one hex".into()));
    }
    for (what, p) in places {
        let Some(i) = index(p) else {
            return Err(c.err(&format!("{what}:"), format!("{what} {p} is off the {w}x{h} map")));
        };
        if !passable(i) {
            return Err(c.err(&format!("{what}:"), format!("{what} {p} cannot be entered")));
        }
        if what == "objective" && p == s.start && !matches!(s.objective, Objective::Prisoner(_)) {
            let why = format!("objective {p} is the start hex: the patrol must go somewhere");
            return Err(c.err("objective:", why));
        }
    }
    if s.enemy_points.is_some_and(|p| p > 10_000) {
        return Err(c.err("enemy_points", "enemy_points: at most 10000 points".into()));
    }
    if s.rules.squads() && matches!(s.objective, Objective::Prisoner(_)) {
        let why = format!("objective: no prisoner is ever taken under {}: a team hit is lost", s.rules);
        return Err(c.err("objective:", why));
    }
    if !way_home(w, h, s.start, s.home_edge, passable) {
        let why = format!(
            "start {} has no way to the home edge ({:?}) over ground the patrol can enter",
            s.start, s.home_edge
        );
        return Err(c.err("start:", why));
    }
    for e in &s.encounters {
        let at = format!("group: \"{}\"", e.group);
        if index(e.at).is_none() {
            return Err(c.err(&at, format!("encounter at {} is off the {w}x{h} map", e.at)));
        }
        if !book.forces.contains_key(e.group.as_str()) {
            return Err(c.err(&at, format!("encounter at {}: no forces group '{}'", e.at, e.group)));
        }
        if let Some(why) =
            e.carrying.as_ref().and_then(|c| super::check_european_vehicles::check_carrying(book, &e.group, c))
        {
            return Err(c.err(&at, format!("encounter at {}: {why}", e.at)));
        }
        if e.min == 0 || e.min > e.max {
            return Err(c.err(
                &at,
                format!("encounter at {}: distance {} to {} is not a range of at least 1", e.at, e.min, e.max),
            ));
        }
    }
    if let Some(b) = &s.battery {
        let named = |n: &str| s.squad.iter().any(|m| m.name == n);
        if let Some(n) = std::iter::once(&b.radio).chain(&b.rangefinder).find(|n| !named(n)) {
            return Err(c.err("battery:", format!("battery: no man of the squad is called '{n}'")));
        }
        if crate::engine::ruleset::european::tables_in(book).is_none_or(|t| t.indirect.is_none()) || !s.rules.squads() {
            let why =
                "battery: only European Battlefield's rules (with their indirect tables) have off-board batteries";
            return Err(c.err("battery:", why.into()));
        }
    }
    for (key, to) in &s.forces {
        let met =
            book.incident_table.iter().any(|e| matches!(&e.kind, IncidentKind::Enemy { group, .. } if group == key));
        if !met {
            return Err(c.err(&format!("\"{key}\""), format!("forces: no incident brings a group called '{key}'")));
        }
        if !book.forces.contains_key(to) {
            return Err(c.err(&format!("\"{to}\""), format!("forces: no group called '{to}' in the forces list")));
        }
    }
    if s.squad.is_empty() {
        return Err(c.err("squad:", "squad: nobody in it".into()));
    }
    if s.squad.len() > MEN {
        return Err(c.err("squad:", format!("squad: {} men (at most {MEN})", s.squad.len())));
    }
    let mut names = BTreeSet::new();
    for (k, m) in s.squad.iter().enumerate() {
        let why = if !man_name_ok(&m.name) {
            format!("squad: '{}' {NAME_RULE}", m.name)
        } else if !names.insert(m.name.to_ascii_lowercase()) {
            format!("squad: two men called '{}'", m.name)
        } else if let Err(why) = check_carried(book, "squad", &m.name, &m.weapon) {
            why.to_string()
        } else if let Some(why) = team_fault(s.rules, book, m) {
            why
        } else {
            continue;
        };
        return Err(DataError::at(file, man_at(text, "squad", &s.squad, k), why));
    }
    Ok(())
}

/// Under rules whose men are teams of squads (the company level): why `m`
/// is not a team of a squad, if he is not. Under other rules a squad or a
/// conscript means nothing, and is refused so that nobody thinks it does.
pub(super) fn team_fault(rules: crate::engine::RuleSet, book: &RuleBook, m: &Member) -> Option<String> {
    let squads = rules.squads();
    let fault = squads.then(|| rules.squad_weapon_fault(book, &m.weapon)).flatten();
    match (squads, m.squad, fault) {
        (true, None, _) => {
            Some(format!("squad: {} has no squad (squad: Some(1), ...): under {} every team has one", m.name, rules))
        }
        (true, Some(0), _) => Some(format!("squad: {}'s squad is 0: squads are numbered from 1", m.name)),
        (true, _, Some(why)) => Some(format!("squad: {}'s weapon '{}' {why}", m.name, m.weapon)),
        (true, ..) if m.conscript && rules.name() != crate::engine::ruleset::company::NAME => {
            Some(format!("squad: {} is a conscript, which only the company level reads", m.name))
        }
        (false, ..) if m.squad.is_some() || m.conscript => {
            Some(format!("squad: {} has a squad or is a conscript, which only rules of teams and squads read", m.name))
        }
        _ => None,
    }
}

/// Where the `k`th man of the list `list` (`squad`, `replacements`) is
/// written in `text`: the place of his name, counted from the list's start,
/// so that a man who has the name of one before him (in the list, or
/// anywhere earlier in the file) is pointed at himself. Looked for only once
/// a man is found wrong, so that checking a good file reads it once.
pub(super) fn man_at(text: &str, list: &str, men: &[Member], k: usize) -> (usize, usize) {
    // The list's key, followed by its opening bracket (not the word in a comment or a briefing).
    let key = format!("{list}:");
    let from = text
        .match_indices(&key)
        .map(|(at, _)| at)
        .find(|&at| text[at + key.len()..].trim_start().starts_with('['))
        .unwrap_or(0);
    let name = &men[k].name;
    let needle = format!("\"{name}\"");
    let earlier = text[..from].matches(&needle).count() + men[..k].iter().filter(|m| m.name == *name).count();
    locate(text, &needle, earlier)
}

/// Why a man may not carry a weapon: `list` is where he is written
/// ("squad", "replacements", "roster", "kit"), `name` who he is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CarryError {
    #[error("{list}: {name} has unknown weapon '{weapon}'")]
    Unknown { list: String, name: String, weapon: String },
    #[error("{list}: {name} cannot carry the {weapon}: the squad has aimed weapons only")]
    Mortar { list: String, name: String, weapon: String },
    #[error("{list}: {name} cannot carry the {weapon}: guns belong to vehicles and gun crews")]
    Gun { list: String, name: String, weapon: String },
}

impl CarryError {
    /// The list the man is written in, and who he is.
    pub fn man(&self) -> (&str, &str) {
        match self {
            CarryError::Unknown { list, name, .. }
            | CarryError::Mortar { list, name, .. }
            | CarryError::Gun { list, name, .. } => (list, name),
        }
    }
}

/// A man of the patrol (in a squad, or a replacement) carries an aimed or
/// anti-tank weapon of the rule book: mortars and guns are not his.
///
/// # Errors
/// The weapon is not in the book, or is a mortar or a gun.
pub fn check_carried(book: &RuleBook, list: &str, name: &str, weapon: &str) -> Result<(), CarryError> {
    let (list, name, weapon) = (list.to_string(), name.to_string(), weapon.to_string());
    match book.weapon(&weapon).map(|w| &w.kind) {
        None => Err(CarryError::Unknown { list, name, weapon }),
        Some(WeaponKind::Mortar { .. }) => Err(CarryError::Mortar { list, name, weapon }),
        Some(WeaponKind::Gun { .. }) => Err(CarryError::Gun { list, name, weapon }),
        Some(WeaponKind::Direct { .. } | WeaponKind::AntiTank { .. }) => Ok(()),
    }
}
