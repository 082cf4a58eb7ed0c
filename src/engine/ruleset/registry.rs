//! The rule sets this program knows, and the one place that registers
//! them. A scenario, a campaign and a save name one (`rules:
//! CombatPatrol`); `RuleSet` is that name as the game holds it, `Tables`
//! the tables of its own a rule book holds for it, and `Kit` what it gives
//! each of its men beyond what every man has.
//!
//! Adding a rule set is its folder, its `mod` line in `ruleset/mod.rs`, its
//! variant here and its arm in `RuleSet::rules` (`handle.rs`, apart so that
//! what files hold of a rule set is read without its rules): every `match`
//! here is over every rule set, with no arm for "the others", so the
//! compiler lists each line the new one must write (its name, its tables
//! and how a book names them, its men's state).

use crate::engine::ruleset::combat_patrol::man as combat_patrol;
use crate::engine::ruleset::combat_patrol::tables::CombatPatrol;
use crate::engine::ruleset::company::man as company;
use crate::engine::ruleset::company::tables::Company;
use crate::engine::ruleset::european::man as european;
use crate::engine::ruleset::european::tables::European;
#[cfg(test)]
use crate::engine::ruleset::one_shot::man as one_shot;
#[cfg(test)]
use crate::engine::ruleset::one_shot::tables::OneShotTables;

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
        Tables::field(self).is_some()
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
    #[cfg(test)]
    OneShot(one_shot::Man),
}

/// A rule set's own part of a man, read and changed through his `Kit`.
macro_rules! own {
    ($(#[$cfg:meta])* $read:ident, $held:ident, $change:ident, $variant:ident, $man:ty) => {
        /// His state under this rule set (as he set out if his kit holds none).
        $(#[$cfg])*
        #[inline]
        pub fn $read(&self) -> &$man {
            match self {
                Kit::$variant(m) => m,
                _ => &<$man>::START,
            }
        }

        /// His state under this rule set, to change, if his kit holds it
        /// (to put something back as it was, which a kit at its start is).
        $(#[$cfg])*
        #[inline]
        pub fn $held(&mut self) -> Option<&mut $man> {
            match self {
                Kit::$variant(m) => Some(m),
                _ => None,
            }
        }

        /// His state under this rule set, to change.
        $(#[$cfg])*
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
    own!(
        #[cfg(test)]
        one_shot,
        one_shot_held,
        one_shot_mut,
        OneShot,
        one_shot::Man
    );

    /// A man of `rules` as he sets out (`None` under rules that give none).
    fn start(rules: RuleSet) -> Kit {
        match rules {
            RuleSet::LoneWarrior => Kit::None,
            RuleSet::CombatPatrol => Kit::CombatPatrol(combat_patrol::Man::START),
            RuleSet::Company => Kit::Company(company::Man::START),
            RuleSet::EuropeanBattlefield => Kit::EuropeanBattlefield(european::Man::START),
            #[cfg(test)]
            RuleSet::OneShot => Kit::OneShot(one_shot::Man::START),
        }
    }

    /// The names of the fields a save writes of a man of `rules`'s kit.
    fn fields(rules: RuleSet) -> &'static [&'static str] {
        match rules {
            RuleSet::LoneWarrior => &[],
            RuleSet::CombatPatrol => combat_patrol::Man::FIELDS,
            RuleSet::Company => company::Man::FIELDS,
            RuleSet::EuropeanBattlefield => european::Man::FIELDS,
            #[cfg(test)]
            RuleSet::OneShot => one_shot::Man::FIELDS,
        }
    }

    /// Whether a save writes its fields before a man's squad (Combat
    /// Patrol's, which came first when every man had every field) or after.
    pub(in crate::engine) fn before_squad(&self) -> bool {
        match self {
            Kit::CombatPatrol(_) => true,
            Kit::None | Kit::Company(_) | Kit::EuropeanBattlefield(_) => false,
            #[cfg(test)]
            Kit::OneShot(_) => false,
        }
    }

    /// Whether it holds nothing but what a man sets out with.
    pub fn at_start(&self) -> bool {
        match self {
            Kit::None => true,
            Kit::CombatPatrol(m) => *m == combat_patrol::Man::START,
            Kit::Company(m) => *m == company::Man::START,
            Kit::EuropeanBattlefield(m) => *m == european::Man::START,
            #[cfg(test)]
            Kit::OneShot(m) => *m == one_shot::Man::START,
        }
    }

    /// Whose kit it is, at its start or not (None: no rule set's).
    fn owner(&self) -> Option<RuleSet> {
        match self {
            Kit::None => None,
            Kit::CombatPatrol(_) => Some(RuleSet::CombatPatrol),
            Kit::Company(_) => Some(RuleSet::Company),
            Kit::EuropeanBattlefield(_) => Some(RuleSet::EuropeanBattlefield),
            #[cfg(test)]
            Kit::OneShot(_) => Some(RuleSet::OneShot),
        }
    }

    /// Writes its fields among a man's (a save's), each left out at its start.
    pub(in crate::engine) fn write<S: serde::ser::SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        match self {
            Kit::None => Ok(()),
            Kit::CombatPatrol(m) => m.write(s),
            Kit::Company(m) => m.write(s),
            Kit::EuropeanBattlefield(m) => m.write(s),
            #[cfg(test)]
            Kit::OneShot(m) => m.write(s),
        }
    }

    /// Reads the man's field `key` into it: false if it has no such field.
    fn read<'de, A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match self {
            Kit::None => Ok(false),
            Kit::CombatPatrol(m) => m.read(key, map),
            Kit::Company(m) => m.read(key, map),
            Kit::EuropeanBattlefield(m) => m.read(key, map),
            #[cfg(test)]
            Kit::OneShot(m) => m.read(key, map),
        }
    }

    /// The rule set whose state it holds, None if it holds none.
    pub fn rule_set(&self) -> Option<RuleSet> {
        if self.at_start() { None } else { self.owner() }
    }
}

/// Every field a man's kit may be written with, of any rule set, as a save
/// orders them: those written before a man's squad, and those after.
pub(in crate::engine) fn kit_fields_around_squad() -> (Vec<&'static str>, Vec<&'static str>) {
    let of = |before: bool| {
        RuleSet::ALL
            .iter()
            .filter(|r| Kit::start(**r).before_squad() == before)
            .flat_map(|r| Kit::fields(*r))
            .copied()
            .collect()
    };
    (of(true), of(false))
}

/// A man's kit as a save's fields are read, rule set by rule set: a field
/// given twice is refused, as every other field of a man is.
#[derive(Default)]
pub(in crate::engine) struct KitFields(Vec<Kit>, Vec<&'static str>);

impl KitFields {
    /// Reads the man's field `key` into the kit of the rule set that has
    /// it: false if no rule set's kit has such a field.
    pub(in crate::engine) fn read<'de, A: serde::de::MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        let Some(rules) = RuleSet::ALL.iter().copied().find(|r| Kit::fields(*r).contains(&key)) else {
            return Ok(false);
        };
        let field = Kit::fields(rules).iter().copied().find(|f| *f == key).unwrap_or_default();
        if self.1.contains(&field) {
            return Err(serde::de::Error::duplicate_field(field));
        }
        self.1.push(field);
        let i = match self.0.iter().position(|k| k.owner() == Some(rules)) {
            Some(i) => i,
            None => {
                self.0.push(Kit::start(rules));
                self.0.len() - 1
            }
        };
        self.0[i].read(key, map)
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
            #[cfg(test)]
            (Kit::OneShot(a), Kit::OneShot(b)) => a == b,
            // Two rule sets' kits, or none and one: equal only both at their start.
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
    #[cfg(test)]
    OneShot(Box<OneShotTables>),
}

impl Tables {
    /// The rule set whose tables they are.
    pub fn rule_set(&self) -> RuleSet {
        match self {
            Tables::CombatPatrol(_) => RuleSet::CombatPatrol,
            Tables::Company(_) => RuleSet::Company,
            Tables::EuropeanBattlefield(_) => RuleSet::EuropeanBattlefield,
            #[cfg(test)]
            Tables::OneShot(_) => RuleSet::OneShot,
        }
    }

    /// The field of a rule book (a rules file's, a save's) that holds
    /// `rules`'s own tables, as they have always been named; None for a
    /// rule set without tables of its own.
    pub const fn field(rules: RuleSet) -> Option<&'static str> {
        match rules {
            RuleSet::LoneWarrior => None,
            RuleSet::CombatPatrol => Some("combat_patrol"),
            RuleSet::Company => Some("company"),
            RuleSet::EuropeanBattlefield => Some("european"),
            #[cfg(test)]
            RuleSet::OneShot => Some("one_shot"),
        }
    }

    /// Written as the field of a rule book that holds them (an option of a
    /// book: `Some((...))`).
    pub(in crate::engine) fn write<S: serde::ser::SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
        let field = Tables::field(self.rule_set()).expect("a rule set with tables names their field");
        match self {
            Tables::CombatPatrol(t) => s.serialize_field(field, &Some(t)),
            Tables::Company(t) => s.serialize_field(field, &Some(t)),
            Tables::EuropeanBattlefield(t) => s.serialize_field(field, &Some(t)),
            #[cfg(test)]
            Tables::OneShot(t) => s.serialize_field(field, &Some(t)),
        }
    }

    /// The rule set whose tables a rule book's field `key` holds, if any.
    pub(in crate::engine) fn named(key: &str) -> Option<RuleSet> {
        RuleSet::ALL.iter().copied().find(|r| Tables::field(*r) == Some(key))
    }

    /// Reads `rules`'s tables from the value of its field in a rule book:
    /// None for a book that says it has none (`key: None`).
    pub(in crate::engine) fn read<'de, A: serde::de::MapAccess<'de>>(
        rules: RuleSet,
        map: &mut A,
    ) -> Result<Option<Tables>, A::Error> {
        Ok(match rules {
            // No field holds them (`Tables::field`): nothing is asked of it.
            RuleSet::LoneWarrior => map.next_value::<serde::de::IgnoredAny>().map(|_| None)?,
            RuleSet::CombatPatrol => map.next_value::<Option<Box<CombatPatrol>>>()?.map(Tables::CombatPatrol),
            RuleSet::Company => map.next_value::<Option<Box<Company>>>()?.map(Tables::Company),
            RuleSet::EuropeanBattlefield => map.next_value::<Option<Box<European>>>()?.map(Tables::EuropeanBattlefield),
            #[cfg(test)]
            RuleSet::OneShot => map.next_value::<Option<Box<OneShotTables>>>()?.map(Tables::OneShot),
        })
    }

    /// The fields of a rule book that may hold rule sets' tables, in the
    /// order of `RuleSet`.
    pub(in crate::engine) fn fields() -> impl Iterator<Item = &'static str> {
        RuleSet::ALL.iter().filter_map(|r| Tables::field(*r))
    }
}
