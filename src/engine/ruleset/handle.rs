//! `RuleSet`: the rule set a game plays by, as the loop holds it and files
//! name it; and the registry of the rule sets the program was built with.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::ruleset::{LoneWarrior, Rules};

/// One of the rule sets the program was built with, registered beside its
/// own code (`inventory::submit! { RuleSetEntry(&MyRules) }`).
pub struct RuleSetEntry(pub &'static dyn Rules);

inventory::collect!(RuleSetEntry);

inventory::submit! { RuleSetEntry(&LoneWarrior) }

/// The rule set a game plays by: a rule set the program was built with,
/// written in files by its name. Two are equal when they have one name.
#[derive(Clone, Copy)]
pub struct RuleSet {
    rules: &'static dyn Rules,
}

impl RuleSet {
    pub(in crate::engine) fn of(rules: &'static dyn Rules) -> RuleSet {
        RuleSet { rules }
    }

    /// The rule set called `name`, if the program has it.
    pub fn named(name: &str) -> Option<RuleSet> {
        // The default is known without the registry: every save written so
        // far names it, and none of them may depend on how a platform links.
        let default = RuleSet::default();
        if default.name() == name {
            return Some(default);
        }
        inventory::iter::<RuleSetEntry>.into_iter().find(|e| e.0.name() == name).map(|e| RuleSet::of(e.0))
    }

    /// Every rule set the program has, by name.
    pub fn all() -> Vec<RuleSet> {
        let mut all: Vec<RuleSet> = inventory::iter::<RuleSetEntry>.into_iter().map(|e| RuleSet::of(e.0)).collect();
        all.sort_by_key(|r| r.name());
        all
    }

    pub fn name(self) -> &'static str {
        self.rules.name()
    }

    /// Its name as a player reads it, a word at each capital:
    /// "European Battlefield", "Combat Patrol".
    pub fn words(self) -> String {
        let mut words = String::new();
        for c in self.name().chars() {
            if c.is_uppercase() && !words.is_empty() {
                words.push(' ');
            }
            words.push(c);
        }
        words
    }

    /// Whether this is the default, Lone Warrior (files leave it unsaid).
    pub fn is_default(&self) -> bool {
        *self == RuleSet::default()
    }
}

/// A rule set is asked its rules directly: `game.rules.aimed(...)`.
impl std::ops::Deref for RuleSet {
    type Target = dyn Rules;
    #[inline]
    fn deref(&self) -> &(dyn Rules + 'static) {
        self.rules
    }
}

impl Default for RuleSet {
    /// Lone Warrior, the rules the game was first made for.
    fn default() -> Self {
        RuleSet::of(&LoneWarrior)
    }
}

impl PartialEq for RuleSet {
    /// One name, one rule set. The same rules (the same value and table of
    /// methods) are known equal without reading the names: the cache asks
    /// at every command.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        #[allow(ambiguous_wide_pointer_comparisons)]
        let same = std::ptr::eq(self.rules, other.rules);
        same || self.name() == other.name()
    }
}

impl Eq for RuleSet {}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written as a bare name, as an enum's variant is (`rules: LoneWarrior`
/// in RON, `"LoneWarrior"` in JSON), which is how saves have always held it.
impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("RuleSet", 0, self.name())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Named;
        impl serde::de::Visitor<'_> for Named {
            type Value = RuleSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the name of a rule set")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RuleSet, E> {
                RuleSet::named(name).ok_or_else(|| {
                    let known: Vec<&str> = RuleSet::all().into_iter().map(RuleSet::name).collect();
                    E::custom(format!("no rule set called '{name}' (this program has: {})", known.join(", ")))
                })
            }
        }
        deserializer.deserialize_identifier(Named)
    }
}

#[cfg(test)]
#[path = "handle_tests.rs"]
mod tests;
