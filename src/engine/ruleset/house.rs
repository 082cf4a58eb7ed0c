//! House rules: every place where the game may depart from a rule
//! article's text, each a named switch of the rule book with a line saying
//! what it does. All switches at their `as_written` value is the articles
//! as written, the default of a new game.
//!
//! A switch lives in the rule book beside the rule it changes, so the
//! engine reads it where it plays the rule. Each rule set lists its own
//! (`Rules::house_rules`, its folder's `house.rs`); `house_rules` here
//! gathers them all, for the screen that chooses them, the command line,
//! `check` and the reference. A rule book written before a switch existed
//! loads with it at the behaviour hexpatrol had then (the `classic`
//! preset), so an old campaign plays on as it did.

use crate::engine::book::RuleBook;
use crate::engine::ruleset::registry::RuleSet;

/// One house rule: its name, what it does, and its value in each preset.
pub struct HouseRule {
    /// The name the command line and the rules screen use.
    pub key: &'static str,
    /// Where it is written in the rule book.
    pub at: &'static str,
    /// What it does when it is on, in one line.
    pub says: &'static str,
    /// Its value when the article is played as written.
    pub as_written: bool,
    /// Its value in the ready-made gentler set.
    pub gentler: bool,
    /// Its value before house rules existed (every departure on).
    pub classic: bool,
    pub(in crate::engine::ruleset) get: fn(&RuleBook) -> Option<bool>,
    pub(in crate::engine::ruleset) set: fn(&mut RuleBook, bool) -> bool,
}

impl HouseRule {
    /// Its value in `book`, or None if the book has no such rule (an
    /// arsenal without H.E. fire has no radio switch).
    pub fn get(&self, book: &RuleBook) -> Option<bool> {
        (self.get)(book)
    }

    /// Whether it departs from the text in `book`.
    pub fn departs(&self, book: &RuleBook) -> bool {
        self.get(book).is_some_and(|on| on != self.as_written)
    }

    pub fn value_in(&self, preset: Preset) -> bool {
        match preset {
            Preset::AsWritten => self.as_written,
            Preset::Gentler => self.gentler,
            Preset::Classic => self.classic,
        }
    }
}

/// The ready-made sets of house rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The article's text; gaps filled by the reading closest to it.
    AsWritten,
    /// Kinder to the patrol: contact breaks, vehicles pull back, a radio.
    Gentler,
    /// The rules hexpatrol played before house rules were a choice.
    Classic,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::AsWritten, Preset::Gentler, Preset::Classic];

    pub fn key(self) -> &'static str {
        match self {
            Preset::AsWritten => "as-written",
            Preset::Gentler => "gentler",
            Preset::Classic => "classic",
        }
    }

    pub fn says(self) -> &'static str {
        match self {
            Preset::AsWritten => "the article as written",
            Preset::Gentler => "kinder to the patrol: contact can break, vehicles pull back, a radio",
            Preset::Classic => "the rules of hexpatrol before house rules (every departure on)",
        }
    }

    pub fn by_key(key: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.key() == key || p.key().replace('-', "_") == key)
    }
}

/// Every house rule of every rule set: Lone Warrior's first (its patrol
/// loop is every rule set's), then each other rule set's in the order of
/// their names. A rule book has the rules of the tables it holds (`get`).
pub fn house_rules() -> impl Iterator<Item = &'static HouseRule> {
    let others = RuleSet::ALL.iter().filter(|&&r| r != RuleSet::LoneWarrior);
    std::iter::once(&RuleSet::LoneWarrior).chain(others).flat_map(|r| r.rules().house_rules())
}

/// The house rule called `key`.
pub fn house_rule(key: &str) -> Option<&'static HouseRule> {
    house_rules().find(|h| h.key == key)
}

/// Every house rule `book` has, with its value there.
pub fn in_play(book: &RuleBook) -> impl Iterator<Item = (&'static HouseRule, bool)> + '_ {
    house_rules().filter_map(|h| Some((h, h.get(book)?)))
}

/// Every house rule `book` has that departs from the text, with its value there.
pub fn departures(book: &RuleBook) -> impl Iterator<Item = (&'static HouseRule, bool)> + '_ {
    in_play(book).filter(|(h, on)| *on != h.as_written)
}

/// The preset `book` plays, or None if its switches were set one by one
/// into a set no preset has.
pub fn preset_of(book: &RuleBook) -> Option<Preset> {
    Preset::ALL.into_iter().find(|&p| in_play(book).all(|(h, on)| on == h.value_in(p)))
}

/// In words: the preset, or "custom" and the switches that depart from the text.
pub fn describe(book: &RuleBook) -> String {
    match preset_of(book) {
        Some(p) => p.key().to_string(),
        None => {
            let on: Vec<String> =
                in_play(book).filter(|(h, on)| *on != h.as_written).map(|(h, on)| format!("{}={on}", h.key)).collect();
            format!("custom: {}", if on.is_empty() { "none".to_string() } else { on.join(", ") })
        }
    }
}

/// Sets house rule `key` to `on` in `book`.
///
/// # Errors
/// No house rule of that name, or one this book has no rule for.
pub fn set(book: &mut RuleBook, key: &str, on: bool) -> Result<(), String> {
    let Some(h) = house_rule(key) else {
        let names: Vec<&str> = house_rules().map(|h| h.key).collect();
        return Err(format!("no house rule called '{key}' (there are: {})", names.join(", ")));
    };
    if (h.set)(book, on) { Ok(()) } else { Err(format!("house rule '{key}': these rules have no {}", h.at)) }
}

/// Sets every house rule `book` has to its value in `preset`.
pub fn set_preset(book: &mut RuleBook, preset: Preset) {
    for h in house_rules() {
        (h.set)(book, h.value_in(preset));
    }
}

/// Applies one `--house-rule` argument: a preset's name, or `NAME=VALUE`
/// with VALUE one of true/false, on/off, yes/no.
///
/// # Errors
/// An unknown preset or rule, or a value that is none of those words.
pub fn apply_argument(book: &mut RuleBook, arg: &str) -> Result<(), String> {
    let Some((key, value)) = arg.split_once('=') else {
        return match Preset::by_key(arg.trim()) {
            Some(p) => {
                set_preset(book, p);
                Ok(())
            }
            // A house rule named alone is switched on.
            None if house_rules().any(|h| h.key == arg.trim()) => set(book, arg.trim(), true),
            None => Err(format!(
                "'{arg}' is neither a preset ({}), a house rule's name, nor NAME=VALUE",
                Preset::ALL.map(Preset::key).join(", ")
            )),
        };
    };
    let on = match value.trim() {
        "true" | "on" | "yes" => true,
        "false" | "off" | "no" => false,
        other => return Err(format!("house rule '{}': '{other}' is not true or false", key.trim())),
    };
    set(book, key.trim(), on)
}

#[cfg(test)]
#[path = "house_tests.rs"]
mod tests;
