//! `hexpatrol check FILE`: tells what kind of hexpatrol file it is by its
//! first word and checks it as the game would load it.

use std::path::Path;

use crate::engine::RuleBook;
use crate::{rules, save};

/// What `check` found: the kind of file, and the house rules of a rules
/// file or a save (the rules a game is played by).
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub kind: &'static str,
    /// The house rules in words (`narrate::house_rules`), for a file that carries a rule book,
    /// and for a rules file whether it plays Combat Patrol.
    pub house_rules: Vec<String>,
}

impl Checked {
    fn kind(kind: &'static str) -> Self {
        Checked { kind, house_rules: Vec::new() }
    }

    /// A scenario or campaign: it has no house rules of its own.
    fn plays_by_the_book(kind: &'static str) -> Self {
        let words = "House rules: none of its own; a game of it plays by the rule book's, chosen when it begins \
                     (--house-rule, or the Rules in play page).";
        Checked { kind, house_rules: vec![words.into()] }
    }

    fn with_book(kind: &'static str, book: &RuleBook) -> Self {
        Checked { kind, house_rules: crate::narrate::house_rules(book) }
    }

    /// A rules file: its house rules, and whether Combat Patrol is played
    /// by it (the built-in tables are left out where they do not fit it).
    fn rules_file(book: &RuleBook) -> Self {
        let mut checked = Checked::with_book("rules file", book);
        if book.combat_patrol.is_none() {
            checked.house_rules.push(
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
    match first_word(&text).as_str() {
        "SaveFile" | "" if text.contains("format_version") => save::parse(path, &text)
            .map(|s| Checked::with_book("campaign save", &s.campaign.book))
            .map_err(|e| e.to_string()),
        "Scenario" => rules::parse_scenario(&file, &text, &*book()?)
            .map(|_| Checked::plays_by_the_book("scenario"))
            .map_err(|e| e.to_string()),
        "Campaign" => rules::parse_campaign(&file, &text, &*book()?)
            .map(|_| Checked::plays_by_the_book("campaign"))
            .map_err(|e| e.to_string()),
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
                rules::parse_campaign(&file, &text, &*book()?)
                    .map(|_| Checked::plays_by_the_book("campaign"))
                    .map_err(|e| e.to_string())
            } else if text.contains("terrain:") {
                rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
                    .map(|b| Checked::rules_file(&b))
                    .map_err(|e| e.to_string())
            } else {
                Err(format!(
                    "{file}:1:1: cannot tell what kind of hexpatrol file this is (a save needs its format_version)"
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
            crate::engine::command::quote(other)
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn first_word_skips_comments() {
        assert_eq!(super::first_word("// a\n/* b */ #![enable(implicit_some)]\n Scenario("), "Scenario");
        assert_eq!(super::first_word("\u{feff}{ \"x\": 1 }"), "{");
        assert_eq!(super::first_word(""), "");
    }
}
