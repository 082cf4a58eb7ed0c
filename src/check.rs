//! `hexpatrol check FILE`: tells what kind of hexpatrol file it is by its
//! first word and checks it as the game would load it.

use std::path::Path;

use crate::{rules, save};

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

/// Checks the file; returns what kind of file it is.
///
/// # Errors
/// What is wrong and where (file:line:col), as the game would report it on loading.
pub fn check(path: &Path) -> Result<&'static str, String> {
    let text = rules::read_text(path, || "no such file".into()).map_err(|e| e.to_string())?;
    let file = path.display().to_string();
    let book = || rules::rule_book().map_err(|e| e.to_string());
    match first_word(&text).as_str() {
        "SaveFile" | "" if text.contains("format_version") => {
            save::parse(path, &text).map(|_| "campaign save").map_err(|e| e.to_string())
        }
        "Scenario" => rules::parse_scenario(&file, &text, &*book()?).map(|_| "scenario").map_err(|e| e.to_string()),
        "Campaign" => rules::parse_campaign(&file, &text, &*book()?).map(|_| "campaign").map_err(|e| e.to_string()),
        "RuleBook" => rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
            .map(|_| "rules file")
            .map_err(|e| e.to_string()),
        "{" => rules::parse_rule_book(rules::RULES_FILE, rules::RULES_TEXT, &file, &text)
            .map(|_| "forces file")
            .map_err(|e| e.to_string()),
        // Written without its name: tell the kind by a field only it has.
        "" if text.trim_start().starts_with('(') => {
            if text.contains("rows:") {
                rules::parse_scenario(&file, &text, &*book()?).map(|_| "scenario").map_err(|e| e.to_string())
            } else if text.contains("patrols:") {
                rules::parse_campaign(&file, &text, &*book()?).map(|_| "campaign").map_err(|e| e.to_string())
            } else if text.contains("terrain:") {
                rules::parse_rule_book(&file, &text, rules::FORCES_FILE, rules::FORCES_TEXT)
                    .map(|_| "rules file")
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
