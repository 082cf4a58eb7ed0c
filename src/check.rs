//! `hexpatrol check FILE`: tells what kind of hexpatrol file it is by its
//! first word and checks it as the game would load it.

use std::path::Path;

use crate::engine::{RuleBook, Scenario};
use crate::{rules, save};

/// What `check` found: the kind of file, and what it says of it: the
/// house rules of a rules file or a save (the rules a game is played by),
/// or whose record a patrol record is and what it holds.
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub kind: &'static str,
    /// Lines to print under the verdict: the house rules in words
    /// (`narrate::house_rules`) for a file that carries a rule book, and
    /// for a rules file whether it plays Combat Patrol; for a patrol's
    /// record, the patrol, its men and events, and whether it keeps its map.
    pub notes: Vec<String>,
}

impl Checked {
    fn kind(kind: &'static str) -> Self {
        Checked { kind, notes: Vec::new() }
    }

    /// A scenario or campaign: it has no house rules of its own.
    fn plays_by_the_book(kind: &'static str) -> Self {
        let words = "House rules: none of its own; a game of it plays by the rule book's, chosen when it begins \
                     (--house-rule, or the Rules in play page).";
        Checked { kind, notes: vec![words.into()] }
    }

    fn with_book(kind: &'static str, book: &RuleBook) -> Self {
        Checked { kind, notes: crate::narrate::house_rules(book) }
    }

    /// A rules file: its house rules, and whether Combat Patrol is played
    /// by it (the built-in tables are left out where they do not fit it).
    fn rules_file(book: &RuleBook) -> Self {
        let mut checked = Checked::with_book("rules file", book);
        if crate::engine::ruleset::combat_patrol::tables_in(book).is_none() {
            checked.notes.push(
                "Combat Patrol: not played by it (it gives no tables, and the built-in ones name weapons it lacks)."
                    .into(),
            );
        }
        checked
    }
}

/// The first word of a RON file after comments and attributes.
fn first_word(text: &str) -> String {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/").map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("#!") {
            rest = r.split_once(']').map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    if rest.starts_with('{') {
        return "{".into();
    }
    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

/// Checks the file; returns what kind of file it is, with its house rules
/// if it carries a rule book (a rules file, a save).
///
/// # Errors
/// What is wrong and where (file:line:col), as the game would report it on loading.
pub fn check(path: &Path) -> Result<Checked, String> {
    let text = rules::read_text(path, || "no such file".into()).map_err(|e| e.to_string())?;
    let file = path.display().to_string();
    let book = || rules::rule_book().map_err(|e| e.to_string());
    let word = first_word(&text);
    if is_record(path, &word, &text) {
        return check_record(path, &text);
    }
    match word.as_str() {
        "SaveFile" | "" if text.contains("format_version") => save::parse(path, &text)
            .map(|s| Checked::with_book("campaign save", &s.campaign.book))
            .map_err(|e| e.to_string()),
        "Scenario" => rules::parse_scenario(&file, &text, &*book()?)
            .map(|_| Checked::plays_by_the_book("scenario"))
            .map_err(|e| e.to_string()),
        "Campaign" => campaign(&file, &text, book()?),
        "RuleBook" => rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
            .map(|b| Checked::rules_file(&b))
            .map_err(|e| e.to_string()),
        "{" => rules::parse_rule_book(rules::RULES_FILE, rules::RULES_TEXT, &file, &text)
            .map(|_| Checked::kind("forces file"))
            .map_err(|e| e.to_string()),
        // Written without its name: tell the kind by a field only it has.
        "" if text.trim_start().starts_with('(') => {
            if text.contains("rows:") {
                rules::parse_scenario(&file, &text, &*book()?)
                    .map(|_| Checked::plays_by_the_book("scenario"))
                    .map_err(|e| e.to_string())
            } else if text.contains("patrols:") {
                campaign(&file, &text, book()?)
            } else if text.contains("terrain:") {
                rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
                    .map(|b| Checked::rules_file(&b))
                    .map_err(|e| e.to_string())
            } else {
                Err(format!(
                    "{file}:1:1: cannot tell what kind of hexpatrol file this is (a save needs its format_version; \
                     a patrol's record its outcome and events)"
                ))
            }
        }
        "" if text.trim().is_empty() => Err(format!(
            "{file}: empty: expected a hexpatrol file (SaveFile, Scenario, Campaign, RuleBook or a forces map)"
        )),
        "" => Err(format!(
            "{file}:1:1: not a hexpatrol file: expected SaveFile, Scenario, Campaign, RuleBook or a forces map"
        )),
        other => Err(format!(
            "{file}:1:1: '{}' is not a kind of hexpatrol file: expected SaveFile, Scenario, Campaign, RuleBook or a forces map {{...}}",
            crate::engine::vocabulary::command::quote(other)
        )),
    }
}

/// A campaign file, and the campaign begun from it, whose first save must
/// be within the size a save may have: each patrol to come is in the save
/// with its map and briefing, so a campaign file under the limit can make a
/// save past it, which `new` would refuse before any play.
fn campaign(file: &str, text: &str, book: std::sync::Arc<RuleBook>) -> Result<Checked, String> {
    use crate::engine::vocabulary::limits::FILE_BYTES;
    let def = rules::parse_campaign(file, text, &book).map_err(|e| e.to_string())?;
    let mut c = def.start(1, book);
    c.begin().map_err(|e| format!("{file}: its first patrol cannot set out: {e}"))?;
    let first = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let bytes = save::to_text(&first).map_err(|e| e.to_string())?.len() as u64;
    if bytes > FILE_BYTES {
        return Err(format!(
            "{file}: a campaign begun from it would be saved in {bytes} bytes, more than the {FILE_BYTES} a save \
             may have (the save holds each patrol to come with its map and briefing): fewer patrols or shorter \
             briefings"
        ));
    }
    Ok(Checked::plays_by_the_book("campaign"))
}

/// `hexpatrol check --generated N`: makes the maps of N generated patrols
/// (map K is patrol K of the generator started with seed K, so both the
/// seeds and the patrol numbers vary), and checks each as the game would
/// load it: its own check (`engine::generate::survey`) again, as a
/// scenario file is checked, and set out with the default squad. Says how
/// many drawn maps failed their check on the way, and why, and the range
/// of what was measured.
///
/// # Errors
/// The first map that the generator could not make or that fails a check.
pub fn generated(n: u32) -> Result<Checked, String> {
    use crate::engine::Game;
    use crate::engine::generate::{self, survey};
    use std::collections::BTreeMap;
    let book = rules::rule_book().map_err(|e| e.to_string())?;
    let squad = rules::campaign(rules::default_campaign_name(), &book).map_err(|e| e.to_string())?.squad;
    let road = book.terrain.iter().position(|t| t.key == "road").ok_or("the rule book has no road")?;
    let mut refused: BTreeMap<String, u32> = BTreeMap::new();
    let (mut out, mut home, mut view) = ((u32::MAX, 0), (u32::MAX, 0), (u32::MAX, 0));
    for k in 1..=n {
        let which = format!("generated map {k} (seed {k}, patrol {k})");
        let made = generate::patrol(&book, u64::from(k), k).map_err(|e| format!("{which}: {e}"))?;
        let s = Scenario { squad: squad.clone(), ..made.scenario };
        let text = ron::to_string(&s).map_err(|e| e.to_string())?;
        rules::check_scenario(&s, &book, &which, &text).map_err(|e| e.to_string())?;
        let game = Game::new(book.clone(), &s, 1).map_err(|e| format!("{which}: cannot set out: {e}"))?;
        let m = survey::survey(game.map(), &book, s.start, &s.objective.hexes(), road)
            .map_err(|e| format!("{which}: fails its check: {e}"))?;
        for r in &made.survey.refused {
            // Counted by the reason's kind: its words with every number an N.
            let mut kind = String::new();
            for c in r.why.chars() {
                match c.is_ascii_digit() {
                    true if kind.ends_with('N') => {}
                    true => kind.push('N'),
                    false => kind.push(c),
                }
            }
            *refused.entry(kind).or_default() += 1;
        }
        let widen = |(lo, hi): (u32, u32), v: u32| (lo.min(v), hi.max(v));
        (out, home, view) = (widen(out, m.out), widen(home, m.home), widen(view, m.view));
    }
    let tries: u32 = refused.values().sum();
    let mut notes = vec![
        format!("{n} generated maps: every one passed its check, loads as a scenario and sets out."),
        format!(
            "Steps out to the objective {} to {}; home from it {} to {}; the objective sees {}% to {}% of the hexes \
             within {} (at least {}%).",
            out.0,
            out.1,
            home.0,
            home.1,
            view.0,
            view.1,
            survey::VIEW_RADIUS,
            survey::VIEW_AT_LEAST
        ),
        format!("{tries} maps drawn on the way failed their check and the next seed was tried:"),
    ];
    notes.extend(refused.iter().map(|(why, k)| format!("  {k} x {why}")));
    Ok(Checked { kind: "map generator", notes })
}

/// Whether the file is a finished patrol's record (`NAME.records/patrol-NNN.ron`):
/// named so, or in a records folder, or holding what only a record holds.
fn is_record(path: &Path, word: &str, text: &str) -> bool {
    if word == "PatrolRecord" {
        return true;
    }
    let in_records = path.parent().and_then(Path::file_name).is_some_and(|d| d.to_string_lossy().ends_with(".records"));
    let shaped = text.contains("outcome:") && text.contains("events:");
    word.is_empty() && !text.contains("format_version") && (in_records || shaped)
}

/// Checks a finished patrol's record as `hexpatrol report` reads it, and
/// says whose it is and what it holds.
fn check_record(path: &Path, text: &str) -> Result<Checked, String> {
    use crate::engine::Event;
    let file = path.display().to_string();
    let record = save::parse_record(path, text).map_err(|e| e.to_string())?;
    if record.number == 0 {
        return Err(format!("{file}: a record of patrol 0: patrols are numbered from 1"));
    }
    // The file's name is how a report finds patrol K: the two must agree.
    let named = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.strip_prefix("patrol-"));
    if let Some(k) = named.and_then(|n| n.parse::<u32>().ok())
        && k != record.number
    {
        return Err(format!("{file}: holds the record of patrol {}, but its name says patrol {k}", record.number));
    }
    if !record.events.iter().any(|e| matches!(e, Event::Start { .. })) {
        return Err(format!("{file}: its events have no start of a patrol: not a whole patrol's record"));
    }
    if !record.events.iter().any(|e| matches!(e, Event::PatrolEnd { .. })) {
        return Err(format!("{file}: its events have no end of the patrol: not a finished patrol's record"));
    }
    if let Some(s) = &record.scenario {
        let width = s.rows.first().map_or(0, |r| r.chars().count());
        if width == 0 || s.rows.iter().any(|r| r.chars().count() != width) {
            return Err(format!("{file}: the map of its scenario is not a rectangle of hexes"));
        }
    }
    let campaign = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|d| d.to_str())
        .and_then(|d| d.strip_suffix(".records"))
        .map_or(String::new(), |n| format!(" of campaign '{n}'"));
    let mut fates: Vec<String> = Vec::new();
    for fate in ["dead", "missing", "serious_wound", "flesh_wound", "light_wound"] {
        let n = record.men.iter().filter(|m| m.fate == fate).count();
        if n > 0 {
            fates.push(format!("{n} {}", fate.replace('_', " ")));
        }
    }
    let fates = if fates.is_empty() { "all back fit".to_string() } else { fates.join(", ") };
    let mut lines = vec![
        format!("The record of patrol {}{campaign}: {}, {}.", record.number, record.name, record.outcome),
        format!(
            "Men: {} ({fates}). Events: {}. Incidents {}, tactical actions {}, enemy hit {}.",
            record.men.len(),
            record.events.len(),
            record.incidents,
            record.actions,
            record.enemy_hit
        ),
    ];
    let replays = replayable(path, &record)?;
    lines.push(match record.scenario {
        Some(_) => {
            "It keeps the patrol's map, briefing and squad: `hexpatrol report` draws its ground and route.".into()
        }
        None => {
            "Written by an older hexpatrol: it keeps no map, briefing or squad (ranks and weapons), so a report of \
                 it has none."
                .into()
        }
    });
    lines.extend(replays);
    Ok(Checked { kind: "patrol record", notes: lines })
}

/// Whether a record's orders play back to its events, by the rule book of
/// its campaign (the file beside its records folder): words to say so, or
/// None when there is no campaign file to play them by.
///
/// # Errors
/// The orders play back to other events than the record's.
fn replayable(path: &Path, record: &crate::engine::campaign::PatrolRecord) -> Result<Option<String>, String> {
    if record.orders.is_empty() {
        return Ok(Some(
            "It keeps no orders (it was recorded before records kept them): it cannot be replayed.".into(),
        ));
    }
    if record.scenario.is_none() {
        return Ok(Some("It cannot be replayed without its map and squad.".into()));
    }
    let Some(campaign) = path.parent().map(|d| d.with_extension("ron")).filter(|c| c.is_file()) else {
        return Ok(None);
    };
    let Ok(save) = save::read(&campaign) else { return Ok(None) };
    crate::session::replay::Replay::of_record(record, save.campaign.book.clone())
        .map(|r| {
            Some(format!("Its {} orders play back to its events: `hexpatrol replay` shows it.", r.frames.len() - 1))
        })
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn first_word_skips_comments() {
        assert_eq!(super::first_word("// a\n/* b */ #![enable(implicit_some)]\n Scenario("), "Scenario");
        assert_eq!(super::first_word("\u{feff}{ \"x\": 1 }"), "{");
        assert_eq!(super::first_word(""), "");
    }

    /// A campaign file within the size limit whose campaign would not be:
    /// 1,000 patrols, each with a briefing of 8,000 characters.
    #[test]
    fn a_campaign_whose_first_save_would_be_too_big_is_refused() {
        let bocage = crate::rules::CAMPAIGNS.iter().find(|(k, _)| *k == "bocage").unwrap().1;
        let head = &bocage[..bocage.find("    patrols: [").unwrap()];
        let patrol = |k: usize, briefing: &str| {
            format!("(name: \"P{k}\", briefing: \"{briefing}\", map: \"hedgerow\", objective: Reach((12, 5))),\n")
        };
        let file = |briefing: &str| {
            let patrols: String = (0..1000).map(|k| patrol(k, briefing)).collect();
            format!("{head}    patrols: [\n{patrols}],\n)\n")
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("long.ron");
        let long = file(&"x".repeat(8000));
        assert!(long.len() as u64 <= crate::engine::vocabulary::limits::FILE_BYTES);
        std::fs::write(&path, &long).unwrap();
        let e = super::check(&path).unwrap_err();
        assert!(e.contains("long.ron: a campaign begun from it would be saved in") && e.contains("more than"), "{e}");
        std::fs::write(&path, file("Short.")).unwrap();
        assert_eq!(super::check(&path).map(|c| c.kind), Ok("campaign"));
    }
}
