//! The rule sets this program knows, a line each. A scenario, a campaign
//! and a save name one (`rules: CombatPatrol`); `RuleSet` is that name as
//! the game holds it. Adding a rule set is its folder and its line here:
//! the compiler then lists every `match` that must say what it does (the
//! rules it answers with, `handle.rs`).

/// One of the rule sets the program knows, written in files by its name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
