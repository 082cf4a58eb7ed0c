//! `RuleSet` (`registry.rs`) as the loop asks it: the rules each one plays
//! by (the one `match` a new rule set adds an arm to here), and, written
//! once for every rule set, the book each plays with, found by name, and
//! written in files by its name.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::book::RuleBook;
use crate::engine::ruleset::company::Company;
use crate::engine::ruleset::european::European;
use crate::engine::ruleset::{CombatPatrol, LoneWarrior, RuleSet, Rules};

impl RuleSet {
    /// The rules it plays by.
    #[inline]
    pub fn rules(self) -> &'static dyn Rules {
        match self {
            RuleSet::LoneWarrior => &LoneWarrior,
            RuleSet::CombatPatrol => &CombatPatrol,
            RuleSet::Company => &Company,
            RuleSet::EuropeanBattlefield => &European,
            #[cfg(test)]
            RuleSet::OneShot => &super::one_shot::OneShot,
        }
    }

    /// The rule book a game played by these rules plays with, made from
    /// `book`: of the rule sets' own tables, these rules' alone (a game
    /// never reads another's, and its saves need not hold them), and what
    /// the rules change in it (`Rules::fit_book`); None if that is `book`.
    pub fn book_for(self, book: &RuleBook) -> Option<RuleBook> {
        let mut own = Cow::Borrowed(book);
        if book.own_rule_sets().any(|r| r != self) {
            own.to_mut().keep_own(self);
        }
        self.fit_book(&mut own);
        match own {
            Cow::Owned(b) => Some(b),
            Cow::Borrowed(_) => None,
        }
    }

    /// Whether `book` holds every table these rules read: their own, for a
    /// rule set that has tables of its own.
    pub fn plays_with(self, book: &RuleBook) -> bool {
        !self.has_tables() || book.own(self).is_some()
    }

    /// The rule set called `name`, if the program has it.
    pub fn named(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.iter().copied().find(|r| r.name() == name)
    }

    /// Every rule set the program has, by name.
    pub fn all() -> Vec<RuleSet> {
        RuleSet::ALL.to_vec()
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
        *self == RuleSet::LoneWarrior
    }
}

/// A rule set is asked its rules directly: `game.rules.aimed(...)`.
impl std::ops::Deref for RuleSet {
    type Target = dyn Rules;
    #[inline]
    fn deref(&self) -> &(dyn Rules + 'static) {
        self.rules()
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
