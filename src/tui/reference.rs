//! The rules reference: every rule the game plays, written from the rule
//! book the game is playing (its numbers, its tables, its house rules), so
//! it can never disagree with the game. The help (`?`) and the title
//! screen's "Rules reference" both show it.

mod combat_patrol;
mod european;
mod european_vehicles;
mod vehicles;

use crate::engine::RuleBook;
use crate::engine::book::{Band, Cover, IncidentKind, WeaponKind, Wound};
use crate::engine::ruleset::house;

/// One part of the reference: a heading and its paragraphs.
pub struct Part {
    pub title: &'static str,
    pub lines: Vec<String>,
}

/// The whole reference for `book`, part by part, in the order a patrol meets them.
pub fn reference(book: &RuleBook) -> Vec<Part> {
    let mut parts = vec![
        Part { title: "Patrol movement and incidents", lines: patrol(book) },
        Part { title: "Tactical action", lines: action(book) },
        Part { title: "Fire", lines: fire(book) },
        Part { title: "First shots of snipers and MG teams", lines: first_shots(book) },
        Part { title: "Hand-to-hand", lines: hand_to_hand(book) },
        Part { title: "The mortar and the template", lines: mortar(book) },
        Part { title: "Casualties and carrying", lines: casualties(book) },
    ];
    let arsenal = vehicles::vehicles(book);
    if !arsenal.is_empty() {
        parts.push(Part { title: "Vehicles, anti-tank and H.E. fire", lines: arsenal });
    }
    if let Some(cp) = combat_patrol::combat_patrol(book) {
        parts.push(Part { title: "Combat Patrol (a scenario that names it)", lines: cp });
    }
    if let Some(eb) = european::european(book) {
        parts.push(Part { title: "European Battlefield (a scenario that names it)", lines: eb });
    }
    if let Some(lines) = european_vehicles::european_vehicles(book) {
        parts.push(Part { title: "European Battlefield's vehicles", lines });
    }
    parts.push(Part { title: "The campaign: healing and experience", lines: campaign(book) });
    parts.push(Part { title: "House rules", lines: house_rules(book) });
    parts
}

/// `a` or `a-b` for a range of faces.
pub(super) fn faces((a, b): (u8, u8)) -> String {
    if a == b { a.to_string() } else { format!("{a}-{b}") }
}

/// A span of hexes: `3` or `3-5`.
pub(super) fn hexes(from: u32, to: u32) -> String {
    if from >= to { to.to_string() } else { format!("{from}-{to}") }
}

/// Names of the terrain with this property.
fn terrain_where(book: &RuleBook, keep: impl Fn(&crate::engine::book::Terrain) -> bool) -> String {
    let names: Vec<String> = book.terrain.iter().filter(|t| keep(t)).map(|t| t.name.to_string()).collect();
    if names.is_empty() { "none".into() } else { names.join(", ") }
}

fn patrol(book: &RuleBook) -> Vec<String> {
    let i = &book.incident;
    let modifiers: Vec<String> = book
        .terrain
        .iter()
        .filter(|t| t.incident_modifier != 0)
        .map(|t| format!("{} {:+}", t.name, t.incident_modifier))
        .collect();
    let mut lines = vec![
        "A section moves one hex at a time; `split` and `join` (the command line) divide and merge sections.".into(),
        format!(
            "Every hex entered is an incident check: {}D{}, an incident on {}+. Entering {} changes the need; \
             each earlier incident of this patrol changes it by {} more, counting at most {}.",
            i.dice,
            i.sides,
            i.base,
            if modifiers.is_empty() { "any terrain never".into() } else { modifiers.join(", ") },
            i.per_earlier_incident,
            i.max_earlier
        ),
        if i.false_alarms_count {
            "A false alarm counts as an earlier incident (house rule false_alarms_count).".into()
        } else {
            "Only incidents that were not false alarms count as earlier incidents (the article's example: an \
             encounter with the enemy)."
                .into()
        },
        if i.earlier_incidents_at_stop {
            format!(
                "At a STOP card the check counts the earlier incidents too ({}+, {} each, at most {}), with no \
                 terrain modifier: nobody entered a hex.",
                i.base, i.per_earlier_incident, i.max_earlier
            )
        } else {
            format!("At a STOP card the check is a bare {}+ (house rule bare_stop_check).", i.base)
        },
        "An incident rolls 2D6 on the incident table:".into(),
    ];
    for e in &book.incident_table {
        let what = match &e.kind {
            IncidentKind::FalseAlarm => "nothing there".to_string(),
            IncidentKind::Minefield => "the template picks who in the hex is hit; his wound is serious; the hex is \
                                        marked as a minefield (X) and cannot be entered again"
                .to_string(),
            IncidentKind::BoobyTrap => {
                "the template picks who sets it off; he rolls for his wound at once; the trap is spent".to_string()
            }
            IncidentKind::Enemy { group, min, max } => {
                let men = book.forces.get(group.as_str()).map_or_else(String::new, |g| {
                    let men: Vec<String> = g
                        .men
                        .iter()
                        .map(|m| match &m.vehicle {
                            Some(v) => book.arsenal.vehicle(v).map_or_else(|| v.to_string(), |v| v.name.clone()),
                            None => format!("{} ({})", m.role, book.weapon(&m.weapon).map_or(&*m.weapon, |w| &w.name)),
                        })
                        .collect();
                    // "armoured car: armoured car" says it once.
                    if men.len() == 1 && g.name.eq_ignore_ascii_case(&e.name) {
                        men.join("")
                    } else {
                        format!("{}: {}", g.name, men.join(", "))
                    }
                });
                format!("{men}; placed {min}-{max} hexes away")
            }
        };
        lines.push(format!("  {:>5}  {}: {what}", faces(e.rolls), e.name));
    }
    lines.push(if i.mines_at_stop {
        "A minefield or booby trap rolled at a STOP card goes off in the hex of the first able man (house rule \
         mines_at_stop)."
            .into()
    } else {
        "A minefield or booby trap rolled at a STOP card comes to nothing: nobody stepped anywhere.".into()
    });
    lines.push(
        "The patrol comes home by leaving from a hex of the home edge (x). It is a success if the objective was done \
         and someone came home."
            .into(),
    );
    lines
}

fn action(book: &RuleBook) -> Vec<String> {
    let a = &book.action;
    let mut lines = vec![
        format!(
            "An enemy incident starts an action. The deck: {} cards for each man of either side who can act (a \
             vehicle its type's cards), and {} STOP. Cards are turned one at a time.",
            a.cards_per_soldier, a.stop_cards
        ),
        "On your man's card: move one hex, fire, fight hand-to-hand, carry a wounded comrade, leave by the home edge, \
         or hold. In an action men move singly and entering a hex is no incident check. Enemy cards play themselves; \
         a hit man's card passes."
            .into(),
        "STOP ends the turn: H.E. called by radio lands, the incident check is made (new enemy join), and the deck is \
         dealt again for everyone who can still act."
            .into(),
    ];
    lines.push(if a.contact_breaks {
        format!(
            "The action ends when every enemy is hit or gone, or no patrol man on the map can act; and after {} STOP \
             cards in a row at which nobody could fire, it ends and the enemy slips away (house rule contact_breaks).",
            a.quiet_turns_to_break_contact
        )
    } else {
        format!(
            "The action goes on until every enemy is hit (or gone), or no patrol man is left on the map able to act \
             (the patrol got away). After {} STOP cards in a row at which nobody could fire, the enemy closes in: \
             every man of it, snipers and MG teams too, steps toward the patrol, into its hex if he can, to fight \
             hand to hand (a mortar in reach still fires). If at such a quiet STOP card not one enemy man could \
             step nearer, contact is lost and the action ends.",
            a.quiet_turns_to_break_contact
        )
    });
    lines.push("When the action ends, enemies still on their feet slip away.".into());
    lines
}

fn fire(book: &RuleBook) -> Vec<String> {
    let f = &book.fire;
    let mut lines = vec![format!(
        "Aimed fire: one D6, a hit on {}+ at short range, {}+ at medium, {}+ at long. Each weapon's bands, in hexes:",
        f.short, f.medium, f.long
    )];
    for w in &book.weapons {
        let line = match &w.kind {
            WeaponKind::Direct { short, medium, long } => {
                let mut bands = Vec::new();
                let mut from = 1;
                for (band, to) in [(Band::Short, *short), (Band::Medium, *medium), (Band::Long, *long)] {
                    if to >= from {
                        let hexes = if from == to { from.to_string() } else { format!("{from}-{to}") };
                        bands.push(format!("{} {hexes} ({}+)", band.name(), f.need(band)));
                        from = to + 1;
                    }
                }
                bands.join(", ")
            }
            WeaponKind::Mortar { max_range } => format!("indirect fire on a hex, 1-{max_range} (see the mortar)"),
            WeaponKind::AntiTank { side_arm } => {
                format!("anti-tank (see vehicles); at men its man fires his {}", weapon_name(book, side_arm))
            }
            WeaponKind::Gun { side_arm } => match side_arm {
                Some(s) => format!("H.E. at a hex of men; at one man its {}", weapon_name(book, s)),
                None => "H.E. at a hex of men".into(),
            },
        };
        lines.push(format!("  {:<16} {line}", w.name.to_string()));
    }
    let soft = terrain_where(book, |t| t.cover == Cover::Soft && t.cover >= f.cover_from);
    let hard = terrain_where(book, |t| t.cover == Cover::Hard && t.cover >= f.cover_from);
    lines.push(format!(
        "Cover is the target hex's terrain (soft: {soft}; hard: {hard}): a target in cover counts one band longer, \
         and in cover at long range cannot be hit."
    ));
    lines.push(format!(
        "Firing needs line of sight ({} block it; the two end hexes never do) and a target in range. Only fit or \
         flesh-wounded men are targets; a man down is not. Nobody fires into his own hex.",
        terrain_where(book, |t| t.blocks_sight)
    ));
    lines
}

fn weapon_name(book: &RuleBook, key: &str) -> String {
    book.weapon(key).map_or(key.to_string(), |w| w.name.to_string())
}

fn first_shots(book: &RuleBook) -> Vec<String> {
    let need = book.action.first_shot_need;
    let misses = if need <= 2 { "misses only on a 1".to_string() } else { format!("hits on {need}+") };
    let who: Vec<String> = book
        .forces
        .values()
        .flat_map(|g| g.men.iter().filter(|m| m.first_shot).map(move |m| format!("{} ({})", m.role, g.name)))
        .collect();
    let who = if who.is_empty() { "nobody in these forces".into() } else { who.join(", ") };
    vec![if book.action.first_shot_by_the_table {
        format!(
            "The first shot of a sniper's or MG team's card {misses}, but keeps to range bands and cover: it cannot \
             reach past the weapon's long range, nor a target in cover at long range (house rule \
             first_shot_by_the_table). Later shots use the table. Who: {who}."
        )
    } else {
        format!(
            "The first shot of a sniper's or MG team's card {misses}, at any range the weapon reaches, in cover or \
             not; it still needs sight of the target. Later shots use the table. Who: {who}."
        )
    }]
}

fn hand_to_hand(book: &RuleBook) -> Vec<String> {
    let h = &book.hand_to_hand;
    let (lo, hi) = h.knock_out;
    let dice = format!(
        "One D{} each: a difference of {lo}-{hi} knocks the loser out (a casualty like any hit man), {} or more \
         kills him; a tie settles nothing.",
        h.sides, h.kill_from
    );
    let when = if book.action.hand_to_hand_by_choice {
        "A man whose card is up may fight an enemy in his hex, one pair a card (the enemy always does); a man may \
         walk out of a hex the enemy holds (house rule hand_to_hand_by_choice)."
    } else {
        "Opposing men who come to share a hex fight at once, pair by pair: a man stepping into a hex that holds \
         able enemies fights each of them in turn while he is on his feet. Men still sharing a hex fight again on \
         their cards: a man whose card comes up with an able enemy in his hex can only fight, so nobody leaves a \
         hex an able enemy holds."
    };
    vec![when.into(), dice]
}

fn mortar(book: &RuleBook) -> Vec<String> {
    let ranges: Vec<String> = book
        .weapons
        .iter()
        .filter_map(|w| match w.kind {
            WeaponKind::Mortar { max_range } => Some(format!("{} 1-{max_range} hexes", w.name)),
            _ => None,
        })
        .collect();
    vec![
        format!(
            "Mortar ({}): one D6, at least the hex count (the whole distance: next door is 1) to land on the hex, {:+} \
             to the count if a man in the target hex moved this turn. It needs no line of sight (it has an observer).",
            ranges.join(", "),
            book.action.mortar_moved_modifier
        ),
        format!(
            "The template: the hex is cut into {} triangles; the men on their feet there are placed in them in roster \
             order, and a die picks the triangle: everyone in it is hit. Mortar bombs, H.E. shells, mines and booby \
             traps all use it.",
            book.template.triangles
        ),
    ]
}

fn casualties(book: &RuleBook) -> Vec<String> {
    let wounds: Vec<String> = book
        .casualty_table
        .iter()
        .map(|e| {
            let what = match e.wound {
                Wound::Flesh => "flesh wound (fights on as if fit)",
                Wound::Serious => "serious wound (moves only when carried)",
                Wound::Dead => "dead",
                // A rules file's check refuses these in the casualty table.
                Wound::Light => "light wound",
                Wound::Critical => "critical wound",
            };
            format!("{} {what}", faces(e.rolls))
        })
        .collect();
    let bearers = book.patrol.bearers_per_wounded;
    vec![
        "A man who is hit is knocked over where he stands: no longer a target, and his cards pass.".into(),
        format!("When the action is over, each man knocked over, of either side, rolls a D6: {}.", wounds.join(", ")),
        format!(
            "Carrying: a seriously wounded man moves only with {bearers} fit men to carry him. In patrol movement a \
             section moves only if it can carry all its wounded (split off those it cannot). In an action, `carry` \
             takes him one hex with a second fit man of his hex; {}.",
            if book.patrol.one_bearer_card {
                "only the card of the man whose card is up is spent (house rule one_bearer_card)"
            } else {
                "every bearer spends a card: the man whose card is up, and his helper, whose next card this turn \
                 is taken from the deck (a helper with no card to come cannot help)"
            }
        ),
        "A seriously wounded enemy on the map can be taken prisoner (p) and carried home the same way.".into(),
    ]
}

fn campaign(book: &RuleBook) -> Vec<String> {
    let c = &book.campaign;
    vec![
        format!(
            "Flesh wounds heal before the next patrol; a serious wound keeps a man out for {} patrols, if he was \
             brought home. The dead and the missing (left on the map) leave the roster.",
            c.serious_wound_patrols
        ),
        format!(
            "Before each patrol, replacements join until {} men are fit{}. A support weapon the squad began with ({}) is \
             handed to a rifleman if it was lost.",
            c.squad_size,
            // Rules that fight by squads send no rookie riflemen (engine/campaign.rs).
            if crate::engine::ruleset::european::tables_in(book).is_some()
                || crate::engine::ruleset::company::tables_in(book).is_some()
            {
                ": only the men the campaign lists as replacements, and no rookies after them"
            } else {
                ": the men the campaign lists first, then rookies"
            },
            if c.reissue.is_empty() {
                "none".into()
            } else {
                c.reissue.iter().map(|w| weapon_name(book, w)).collect::<Vec<_>>().join(", ")
            }
        ),
        format!(
            "Experience: {} a patrol come home from, {} an enemy hit or beaten hand-to-hand. At {} a man is a veteran: \
             {:+} to the need of his aimed fire.",
            c.experience_per_patrol, c.experience_per_hit, c.veteran_at, c.veteran_fire_modifier
        ),
    ]
}

fn house_rules(book: &RuleBook) -> Vec<String> {
    // The set's name; the list below says which depart.
    let mut lines: Vec<String> = crate::narrate::house_rules(book).into_iter().take(1).collect();
    lines.push("Every house rule, on or off in this game:".into());
    for h in house::house_rules() {
        let Some(on) = h.get(book) else { continue };
        let mark = match (on, h.departs(book)) {
            (true, true) => "on, departs",
            (true, false) => "on",
            (false, true) => "off, departs",
            (false, false) => "off",
        };
        lines.push(format!("  {} ({mark}): {}", h.key, h.says));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::house::{self, Preset};

    fn book(preset: Preset) -> RuleBook {
        let mut b = (*crate::rules::rule_book().expect("the built-in rules load")).clone();
        house::set_preset(&mut b, preset);
        b
    }

    fn text(book: &RuleBook) -> String {
        reference(book)
            .iter()
            .flat_map(|p| std::iter::once(p.title.to_string()).chain(p.lines.clone()))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn every_weapon_and_every_part_of_the_rules_is_there() {
        let b = book(Preset::AsWritten);
        let t = text(&b);
        for w in &b.weapons {
            assert!(t.contains(&format!("  {:<16} ", w.name.to_string())), "{} has its line:\n{t}", w.name);
        }
        if let Some(at) = &b.arsenal.anti_tank {
            for w in &at.weapons {
                assert!(t.contains(&w.name), "{}", w.name);
            }
        }
        for v in &b.arsenal.vehicles {
            assert!(t.contains(&v.name), "{}", v.name);
        }
        for e in &b.incident_table {
            assert!(t.contains(e.name.as_str()), "{}", e.name);
        }
        for words in [
            "rifle",
            "short 1-2 (3+), medium 3 (4+), long 4 (5+)",
            "cannot be hit",
            "template",
            "veteran",
            "serious wound keeps a man out for 2 patrols",
            "D8",
            "misses only on a 1",
        ] {
            assert!(t.contains(words), "{words}:\n{t}");
        }
        for h in house::house_rules() {
            assert!(t.contains(h.says), "{}", h.key);
        }
    }

    /// A game fought by European Battlefield explains it from its tables;
    /// one fought by Lone Warrior does not show it.
    #[test]
    fn european_battlefield_is_explained_from_its_tables() {
        let full = crate::rules::rule_book().expect("the built-in rules load");
        let eb = crate::engine::RuleSet::EuropeanBattlefield.book_for(&full).expect("its own book");
        let t = text(&eb);
        for words in [
            "European Battlefield",
            "Soldat (enemy, any other): 3/5+ D4 C3 5pts",
            "rifle: 3s, 20\" (6 hexes), ROF 2, SA: half its dice on the move",
            "strength 3 against defense 4 needs 5+",
            "2d6 and its bravest man's courage: 10 or more passes",
        ] {
            assert!(t.contains(words), "{words}:\n{t}");
        }
        let lw = crate::engine::RuleSet::default().book_for(&full).expect("Lone Warrior's book");
        assert!(!text(&lw).contains("European Battlefield"));
    }

    #[test]
    fn the_reference_changes_when_a_house_rule_does() {
        let written = text(&book(Preset::AsWritten));
        let classic = text(&book(Preset::Classic));
        assert!(written.contains("at any range the weapon reaches, in cover or not"));
        assert!(classic.contains("keeps to range bands and cover"));
        assert!(!classic.contains("at any range the weapon reaches"));
        assert!(written.contains("fight at once, pair by pair"));
        assert!(classic.contains("one pair a card"));
        assert!(written.contains("the enemy closes in"));
        assert!(classic.contains("it ends and the enemy slips away"));
        assert!(written.contains("every bearer spends a card"));
        assert!(written.contains("counts the earlier incidents too"));
        assert!(classic.contains("bare 7+"));
        // One switch alone changes its own words and nothing else's.
        let mut b = book(Preset::AsWritten);
        house::set(&mut b, "first_shot_by_the_table", true).unwrap();
        let one = text(&b);
        assert!(one.contains("keeps to range bands and cover"));
        assert!(one.contains("fight at once, pair by pair"));
    }
}
