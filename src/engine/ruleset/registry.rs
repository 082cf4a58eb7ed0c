//! The rule sets this program knows, a line each. A scenario, a campaign
//! and a save name one (`rules: CombatPatrol`); `RuleSet` is that name as
//! the game holds it, and `Kit` what it gives each of its men beyond what
//! every man has. Adding a rule set is its folder and its lines here: the
//! compiler then lists every `match` that must say what it does (the rules
//! it answers with, `handle.rs`).

use crate::engine::ruleset::combat_patrol::man as combat_patrol;
use crate::engine::ruleset::combat_patrol::tables::CombatPatrol;
use crate::engine::ruleset::company::man as company;
use crate::engine::ruleset::company::tables::Company;
use crate::engine::ruleset::european::man as european;
use crate::engine::ruleset::european::tables::European;

/// One of the rule sets the program knows, written in files by its name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleSet {
    /// Lone Warrior's solo patrol rules, the rules the game was first made
    /// for (files leave it unsaid).
    #[default]
    LoneWarrior,
    /// "Combat Patrol": a D10 a shot, the 2D10 wound chart, critical wounds.
    CombatPatrol,
    /// "Company-level WW II": squads of teams firing custom dice.
    Company,
    /// "European Battlefield": profiles, courage, the wound chart of
    /// strength against defence.
    EuropeanBattlefield,
    /// One Shot, the tests' own rule set (`one_shot/`).
    #[cfg(test)]
    OneShot,
}

impl RuleSet {
    /// Every rule set, in the order of their names.
    #[cfg(not(test))]
    pub const ALL: &[RuleSet] =
        &[RuleSet::CombatPatrol, RuleSet::Company, RuleSet::EuropeanBattlefield, RuleSet::LoneWarrior];
    #[cfg(test)]
    pub const ALL: &[RuleSet] = &[
        RuleSet::CombatPatrol,
        RuleSet::Company,
        RuleSet::EuropeanBattlefield,
        RuleSet::LoneWarrior,
        RuleSet::OneShot,
    ];

    /// Whether it has tables of its own, which a book it plays with holds
    /// (`RuleBook::own`).
    pub const fn has_tables(self) -> bool {
        match self {
            RuleSet::LoneWarrior => false,
            RuleSet::CombatPatrol | RuleSet::Company | RuleSet::EuropeanBattlefield => true,
            #[cfg(test)]
            RuleSet::OneShot => false,
        }
    }

    /// The name files give it.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::LoneWarrior => "LoneWarrior",
            RuleSet::CombatPatrol => "CombatPatrol",
            RuleSet::Company => "Company",
            RuleSet::EuropeanBattlefield => "EuropeanBattlefield",
            #[cfg(test)]
            RuleSet::OneShot => "OneShot",
        }
    }
}

/// What a man's rule set gives him beyond what every man has (his wounds,
/// his place, the pressure of the fire he is under, his squad): each rule
/// set's own, and nothing at all under rules that give none (Lone
/// Warrior's). A man whose rule set's state is all as he set out carries
/// `Kit::None` too: a save writes nothing of it, and reading it back gives
/// the same man.
#[derive(Clone, Debug, Default)]
pub enum Kit {
    #[default]
    None,
    CombatPatrol(combat_patrol::Man),
    Company(company::Man),
    EuropeanBattlefield(european::Man),
}

/// A rule set's own part of a man, read and changed through his `Kit`.
macro_rules! own {
    ($read:ident, $held:ident, $change:ident, $variant:ident, $man:ty) => {
        /// His state under this rule set (as he set out if his kit holds none).
        #[inline]
        pub fn $read(&self) -> &$man {
            match self {
                Kit::$variant(m) => m,
                _ => &<$man>::START,
            }
        }

        /// His state under this rule set, to change, if his kit holds it
        /// (to put something back as it was, which a kit at its start is).
        #[inline]
        pub fn $held(&mut self) -> Option<&mut $man> {
            match self {
                Kit::$variant(m) => Some(m),
                _ => None,
            }
        }

        /// His state under this rule set, to change.
        pub fn $change(&mut self) -> &mut $man {
            if !matches!(self, Kit::$variant(_)) {
                *self = Kit::$variant(<$man>::START);
            }
            match self {
                Kit::$variant(m) => m,
                _ => unreachable!("set just above"),
            }
        }
    };
}

impl Kit {
    own!(combat_patrol, combat_patrol_held, combat_patrol_mut, CombatPatrol, combat_patrol::Man);
    own!(company, company_held, company_mut, Company, company::Man);
    own!(european, european_held, european_mut, EuropeanBattlefield, european::Man);

    /// Whether it holds nothing but what a man sets out with.
    pub fn at_start(&self) -> bool {
        match self {
            Kit::None => true,
            Kit::CombatPatrol(m) => *m == combat_patrol::Man::START,
            Kit::Company(m) => *m == company::Man::START,
            Kit::EuropeanBattlefield(m) => *m == european::Man::START,
        }
    }

    /// Whose kit it is, at its start or not (None: no rule set's).
    fn owner(&self) -> Option<RuleSet> {
        match self {
            Kit::None => None,
            Kit::CombatPatrol(_) => Some(RuleSet::CombatPatrol),
            Kit::Company(_) => Some(RuleSet::Company),
            Kit::EuropeanBattlefield(_) => Some(RuleSet::EuropeanBattlefield),
        }
    }

    /// Writes its fields among a man's (a save's), each left out at its start.
    pub(in crate::engine) fn write<S: serde::ser::SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        match self {
            Kit::None => Ok(()),
            Kit::CombatPatrol(m) => m.write(s),
            Kit::Company(m) => m.write(s),
            Kit::EuropeanBattlefield(m) => m.write(s),
        }
    }

    /// The rule set whose state it holds, None if it holds none.
    pub fn rule_set(&self) -> Option<RuleSet> {
        match self {
            _ if self.at_start() => None,
            Kit::None => None,
            Kit::CombatPatrol(_) => Some(RuleSet::CombatPatrol),
            Kit::Company(_) => Some(RuleSet::Company),
            Kit::EuropeanBattlefield(_) => Some(RuleSet::EuropeanBattlefield),
        }
    }
}

/// Every field a man's kit may be written with, of any rule set.
pub(in crate::engine) fn kit_fields() -> impl Iterator<Item = &'static str> {
    [combat_patrol::Man::FIELDS, company::Man::FIELDS, european::Man::FIELDS].into_iter().flatten().copied()
}

/// A man's kit as a save's fields are read, rule set by rule set.
#[derive(Default)]
pub(in crate::engine) struct KitFields(Vec<Kit>);

impl KitFields {
    /// Reads the man's field `key` into the kit of the rule set that has
    /// it: false if no rule set's kit has such a field.
    pub(in crate::engine) fn read<'de, A: serde::de::MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        let start = if combat_patrol::Man::FIELDS.contains(&key) {
            Kit::CombatPatrol(combat_patrol::Man::START)
        } else if company::Man::FIELDS.contains(&key) {
            Kit::Company(company::Man::START)
        } else if european::Man::FIELDS.contains(&key) {
            Kit::EuropeanBattlefield(european::Man::START)
        } else {
            return Ok(false);
        };
        let i = match self.0.iter().position(|k| k.owner() == start.owner()) {
            Some(i) => i,
            None => {
                self.0.push(start);
                self.0.len() - 1
            }
        };
        match &mut self.0[i] {
            Kit::None => Ok(false),
            Kit::CombatPatrol(m) => m.read(key, map),
            Kit::Company(m) => m.read(key, map),
            Kit::EuropeanBattlefield(m) => m.read(key, map),
        }
    }

    /// The man's kit: the one rule set's whose state he holds (none if he
    /// holds none). A man `id` holding two rule sets' state is refused.
    pub(in crate::engine) fn kit(self, id: &str) -> Result<Kit, String> {
        let mut held = self.0.into_iter().filter(|k| !k.at_start());
        let kit = held.next().unwrap_or_default();
        if let Some(other) = held.next() {
            let (a, b) = (kit.rule_set().map_or("", |r| r.name()), other.rule_set().map_or("", |r| r.name()));
            return Err(format!("{id} holds the state of two rule sets, {a} and {b}"));
        }
        Ok(kit)
    }
}

/// Two kits are equal when they hold the same: a man as he set out is the
/// same man whether his kit names his rule set or not (a save writes
/// neither, and reads back `Kit::None`).
impl PartialEq for Kit {
    fn eq(&self, other: &Kit) -> bool {
        match (self, other) {
            (Kit::CombatPatrol(a), Kit::CombatPatrol(b)) => a == b,
            (Kit::Company(a), Kit::Company(b)) => a == b,
            (Kit::EuropeanBattlefield(a), Kit::EuropeanBattlefield(b)) => a == b,
            _ => self.at_start() && other.at_start(),
        }
    }
}

impl Eq for Kit {}

/// A rule set's own tables, beside the rule book's (`RuleBook::own`): its
/// numbers, read from its part of a rules file and saved with its games.
#[derive(Clone, Debug, PartialEq)]
pub enum Tables {
    CombatPatrol(Box<CombatPatrol>),
    Company(Box<Company>),
    EuropeanBattlefield(Box<European>),
}

impl Tables {
    /// The rule set whose tables they are.
    pub fn rule_set(&self) -> RuleSet {
        match self {
            Tables::CombatPatrol(_) => RuleSet::CombatPatrol,
            Tables::Company(_) => RuleSet::Company,
            Tables::EuropeanBattlefield(_) => RuleSet::EuropeanBattlefield,
        }
    }

    /// Written as the field of a rule book that holds them, as rules files
    /// and saves have always named it (an option of a book: `Some((...))`).
    pub(in crate::engine) fn write<S: serde::ser::SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        match self {
            Tables::CombatPatrol(t) => s.serialize_field("combat_patrol", &Some(t)),
            Tables::Company(t) => s.serialize_field("company", &Some(t)),
            Tables::EuropeanBattlefield(t) => s.serialize_field("european", &Some(t)),
        }
    }
}
