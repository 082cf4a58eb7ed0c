//! Lone Warrior's house rules: each place where the game may depart from
//! the article's text, a switch of the rule book beside the rule it
//! changes (`incident`, `action`, `patrol`, `arsenal`). Every rule set
//! plays the patrol loop, so these are in play under every rule set.

use crate::engine::ruleset::house::HouseRule;
use crate::engine::ruleset::lone_warrior::arsenal::Armour;

/// Lone Warrior's house rules, in the order a player meets them in a patrol.
pub const RULES: &[HouseRule] = &[
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
];

/// The vehicle type the armoured car's house rule speaks of.
const ARMOURED_CAR: &str = "armoured_car";
