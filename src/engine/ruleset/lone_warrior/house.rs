//! House rules: every place where the game may depart from the Lone Warrior
//! article's text, each a named switch of the rule book with a line saying
//! what it does. All switches at their `as_written` value is the article as
//! written, the default of a new game.
//!
//! A switch lives in the rule book beside the rule it changes (`incident`,
//! `action`, `patrol`, `arsenal`), so the engine reads it where it plays the
//! rule; this list is the one place that names them all, for the screen that
//! chooses them, the command line, `check` and the reference. A rule book
//! written before a switch existed loads with it at the behaviour hexpatrol
//! had then (the `classic` preset), so an old campaign plays on as it did.

use crate::engine::book::RuleBook;
use crate::engine::ruleset::european::tables::Activation;
use crate::engine::ruleset::lone_warrior::arsenal::Armour;

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
    get: fn(&RuleBook) -> Option<bool>,
    set: fn(&mut RuleBook, bool) -> bool,
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

/// Every house rule, in the order a player meets them in a patrol.
pub const HOUSE_RULES: &[HouseRule] = &[
    HouseRule {
        key: "false_alarms_count",
        at: "incident.false_alarms_count",
        says: "a false alarm counts as an earlier incident, lowering later incident needs",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| Some(b.incident.false_alarms_count),
        set: |b, v| {
            b.incident.false_alarms_count = v;
            true
        },
    },
    HouseRule {
        key: "bare_stop_check",
        at: "incident.earlier_incidents_at_stop",
        says: "the incident check at a STOP card is a bare 7+: earlier incidents do not count",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| Some(!b.incident.earlier_incidents_at_stop),
        set: |b, v| {
            b.incident.earlier_incidents_at_stop = !v;
            true
        },
    },
    HouseRule {
        key: "mines_at_stop",
        at: "incident.mines_at_stop",
        says: "a minefield or booby trap rolled at a STOP card goes off under the first able man",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| Some(b.incident.mines_at_stop),
        set: |b, v| {
            b.incident.mines_at_stop = v;
            true
        },
    },
    HouseRule {
        key: "first_shot_by_the_table",
        at: "action.first_shot_by_the_table",
        says: "a sniper's or MG team's first shot keeps to range bands and cover (it only needs less)",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| Some(b.action.first_shot_by_the_table),
        set: |b, v| {
            b.action.first_shot_by_the_table = v;
            true
        },
    },
    HouseRule {
        key: "hand_to_hand_by_choice",
        at: "action.hand_to_hand_by_choice",
        says: "men sharing a hex fight only when one chooses to, one pair a card, and may walk away",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| Some(b.action.hand_to_hand_by_choice),
        set: |b, v| {
            b.action.hand_to_hand_by_choice = v;
            true
        },
    },
    HouseRule {
        key: "contact_breaks",
        at: "action.contact_breaks",
        says: "after quiet STOP cards with nobody able to fire the action ends and the enemy slips away",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| Some(b.action.contact_breaks),
        set: |b, v| {
            b.action.contact_breaks = v;
            true
        },
    },
    HouseRule {
        key: "vehicles_pull_back",
        at: "arsenal.vehicles_pull_back",
        says: "an enemy vehicle pulls back once damaged or after its turns in an action, and leaves",
        as_written: false,
        gentler: true,
        classic: true,
        // A book without vehicles (one saved before they existed) has no such rule.
        get: |b| (!b.arsenal.vehicles.is_empty()).then_some(b.arsenal.vehicles_pull_back),
        set: |b, v| {
            b.arsenal.vehicles_pull_back = v;
            !b.arsenal.vehicles.is_empty()
        },
    },
    HouseRule {
        key: "one_bearer_card",
        at: "patrol.one_bearer_card",
        says: "carrying a seriously wounded man in an action spends one card, not one of each bearer",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| Some(b.patrol.one_bearer_card),
        set: |b, v| {
            b.patrol.one_bearer_card = v;
            true
        },
    },
    HouseRule {
        key: "radio",
        at: "arsenal.high_explosive.radio",
        says: "a patrol whose orders give it a radio may call H.E. fire missions from off the map",
        as_written: false,
        gentler: true,
        classic: true,
        get: |b| b.arsenal.high_explosive.as_ref().map(|h| h.radio),
        set: |b, v| match &mut b.arsenal.high_explosive {
            Some(h) => {
                h.radio = v;
                true
            }
            None => false,
        },
    },
    HouseRule {
        key: "armoured_car_closed",
        at: "arsenal.vehicles[armoured_car].armour",
        says: "the armoured car is closed armour, which H.E. cannot harm (an Sd.Kfz. 222 is open-topped)",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| b.arsenal.vehicle(ARMOURED_CAR).map(|v| v.armour == Armour::Closed),
        set: |b, v| match b.arsenal.vehicles.iter_mut().find(|t| t.key == ARMOURED_CAR) {
            Some(t) => {
                t.armour = if v { Armour::Closed } else { Armour::OpenTop };
                true
            }
            None => false,
        },
    },
    HouseRule {
        key: "pinning_by_experience",
        at: "company.pinning.by_experience",
        says: "company level: the hits that pin a squad grow with its experience (1, 1.5, 2 a stand), the author's musing",
        as_written: false,
        gentler: false,
        classic: true,
        // Only a book with the company level's tables has the switch.
        get: |b| crate::engine::ruleset::company::tables_in(b).map(|t| t.pinning.by_experience),
        set: |b, v| match crate::engine::ruleset::company::tables_in_mut(b) {
            Some(t) => {
                t.pinning.by_experience = v;
                true
            }
            None => false,
        },
    },
    HouseRule {
        key: "assault_strips_cover",
        at: "company.assault_strips_cover",
        says: "company level: in an assault, teams beside a firing team get no save from their cover",
        as_written: false,
        gentler: false,
        classic: true,
        get: |b| crate::engine::ruleset::company::tables_in(b).map(|t| t.assault_strips_cover),
        set: |b, v| match crate::engine::ruleset::company::tables_in_mut(b) {
            Some(t) => {
                t.assault_strips_cover = v;
                true
            }
            None => false,
        },
    },
    HouseRule {
        key: "activation_by_deck",
        at: "european.activation",
        says: "European Battlefield: no priority phase; a shuffled card a man, each rolling his own courage to move",
        as_written: false,
        gentler: false,
        classic: true,
        // Only a book with European Battlefield's tables has the switch.
        get: |b| crate::engine::ruleset::european::tables_in(b).map(|e| e.activation == Activation::Deck),
        set: |b, v| match crate::engine::ruleset::european::tables_in_mut(b) {
            Some(e) => {
                e.activation = if v { Activation::Deck } else { Activation::Priority };
                true
            }
            None => false,
        },
    },
];

/// The vehicle type the armoured car's house rule speaks of.
const ARMOURED_CAR: &str = "armoured_car";

/// The house rule called `key`.
pub fn house_rule(key: &str) -> Option<&'static HouseRule> {
    HOUSE_RULES.iter().find(|h| h.key == key)
}

/// Every house rule `book` has, with its value there.
pub fn in_play(book: &RuleBook) -> impl Iterator<Item = (&'static HouseRule, bool)> + '_ {
    HOUSE_RULES.iter().filter_map(|h| Some((h, h.get(book)?)))
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
        let names: Vec<&str> = HOUSE_RULES.iter().map(|h| h.key).collect();
        return Err(format!("no house rule called '{key}' (there are: {})", names.join(", ")));
    };
    if (h.set)(book, on) { Ok(()) } else { Err(format!("house rule '{key}': these rules have no {}", h.at)) }
}

/// Sets every house rule `book` has to its value in `preset`.
pub fn set_preset(book: &mut RuleBook, preset: Preset) {
    for h in HOUSE_RULES {
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
            None if HOUSE_RULES.iter().any(|h| h.key == arg.trim()) => set(book, arg.trim(), true),
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
