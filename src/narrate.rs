//! Events in words, as a player reads them in a log.

mod transport;
mod weapon;

pub use weapon::weapon_words;

use crate::engine::ruleset::house;
use crate::engine::ruleset::lone_warrior::call::Called;
use crate::engine::{Event, OddsAnswer, Roll, RollOdds, RuleBook, Spread};

/// The house rules of `book` in words: the preset (or "set by hand"), then
/// a line for each switch that departs from the article's text.
pub fn house_rules(book: &RuleBook) -> Vec<String> {
    let departing: Vec<_> = house::departures(book).collect();
    if departing.is_empty() {
        return vec!["House rules: none, the article as written.".into()];
    }
    let name = match house::preset_of(book) {
        Some(p) => format!("{}, {}", p.key(), p.says()),
        None => "set by hand".into(),
    };
    let mut lines = vec![format!("House rules: {name}. Departing from the article:")];
    lines.extend(departing.into_iter().map(|(h, on)| {
        if on {
            format!("  {}: {}", h.key, h.says)
        } else {
            format!("  {} off, though the text has it: {}", h.key, h.says)
        }
    }));
    lines
}

/// `n` and the noun, singular or plural.
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether a name is a vehicle's: enemy vehicles are V and a number, which
/// no man of the squad may be called (rules/check.rs).
fn is_vehicle(name: &str) -> bool {
    name.strip_prefix('V').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn weapon_name<'a>(book: &'a RuleBook, key: &'a str) -> &'a str {
    book.weapon(key).map_or(key, |w| w.name.as_str())
}

fn roll_words(r: &Roll) -> String {
    let purpose = serde_json::to_value(r.purpose).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    let who = match (&r.soldier, &r.target) {
        (Some(s), Some(t)) => format!(" {s} at {t}:"),
        (Some(s), None) => format!(" {s}:"),
        _ => String::new(),
    };
    let faces: Vec<String> = r.faces.iter().map(u8::to_string).collect();
    let by = if r.physical { "thrown by hand" } else { "rolled" };
    let mut text = format!("[{}]{who} {} {by} {} = {}", purpose.replace('_', " "), r.dice, faces.join("+"), r.total);
    if r.purpose == crate::engine::Purpose::EbPriority && r.faces.len() == 2 {
        let verdict = match r.faces[0].cmp(&r.faces[1]) {
            std::cmp::Ordering::Equal => "a tie: thrown again".to_string(),
            std::cmp::Ordering::Greater => format!("the patrol first by {}", r.faces[0] - r.faces[1]),
            std::cmp::Ordering::Less => format!("the enemy first by {}", r.faces[1] - r.faces[0]),
        };
        return format!(
            "[eb priority] a die each: the patrol {} against the enemy {}: {verdict}",
            r.faces[0], r.faces[1]
        );
    }
    if let (crate::engine::Purpose::EbActivation, Some(most), Some(ok)) = (r.purpose, r.need, r.success) {
        let verdict = if ok { "may move" } else { "may not move, but may shoot" };
        text.push_str(&format!(", at most {most} (courage): {verdict}"));
        return text;
    }
    if let (Some(need), Some(ok)) = (r.need, r.success) {
        let mods: Vec<String> =
            r.modifiers.iter().flatten().map(|m| format!("{} {:+}", m.name.replace('_', " "), m.value)).collect();
        let mods = if mods.is_empty() { String::new() } else { format!(" ({})", mods.join(", ")) };
        // An incident check that "succeeds" brings trouble: say what it means.
        // So does a save, a wound or a courage test: say what came of it.
        use crate::engine::Purpose as P;
        let verdict = match (r.purpose, ok) {
            (P::Incident, true) => "incident!",
            (P::Incident, false) => "no incident",
            (P::EbWound, true) => "wounded",
            (P::EbWound, false) => "no wound",
            (P::EbAaWound, true) => "shot down",
            (P::EbAaWound, false) => "not shot down",
            (P::EbSave | P::EbCrewSave, true) => "saved",
            (P::EbSave | P::EbCrewSave, false) => "not saved",
            (P::EbCourage, true) => "passed",
            (P::EbCourage, false) => "failed",
            (_, true) => "success",
            (_, false) => "failure",
        };
        text.push_str(&format!(", need {need}+{mods}: {verdict}"));
    }
    if let Some(result) = &r.result {
        // A table read with something added (Combat Patrol's grenade +2 on
        // the wound chart, a trained medic +1, a throw less the inverted
        // accuracy): say what, and the score it was read at.
        let mods: Vec<String> =
            r.modifiers.iter().flatten().map(|m| format!("{} {:+}", m.name.replace('_', " "), m.value)).collect();
        // (A test with a need has said its modifiers already: "double 1: routs".)
        if !mods.is_empty() && r.need.is_none() {
            let score = i64::from(r.total) + r.modifiers.iter().flatten().map(|m| i64::from(m.value)).sum::<i64>();
            text.push_str(&format!(" ({}) = {score}", mods.join(", ")));
        }
        text.push_str(&format!(" -> {}", result.replace('_', " ")));
        if r.purpose == crate::engine::Purpose::Placement {
            // The direction is a preference (docs/RULES.md, placement).
            text.push_str(" (where a hex that way will do; else the best one)");
        }
    }
    text
}

/// A company-level roll, its custom dice read out as faces: "6 firing
/// dice: infantry, blank, grenade, infantry, infantry, blank -> 3 hits".
fn company_roll_words(r: &Roll, book: &RuleBook) -> Option<String> {
    use crate::engine::ruleset::company::fire::{fire_words, save_words};
    let t = crate::engine::ruleset::company::tables_in(book)?;
    let (dice, words) = match r.purpose {
        crate::engine::Purpose::CompanyFire => ("firing", fire_words(t, &r.faces)),
        crate::engine::Purpose::CompanySave => ("saving", save_words(t, &r.faces)),
        _ => return None,
    };
    let who = match (&r.soldier, &r.target) {
        (Some(s), Some(t)) => format!(" {s} at {t}:"),
        (Some(s), None) => format!(" {s}:"),
        _ => String::new(),
    };
    let n = r.faces.len();
    let result = r.result.as_deref().unwrap_or("");
    Some(format!("[{dice}]{who} {} {dice} {}: {words} -> {result}", n, if n == 1 { "die" } else { "dice" }))
}

/// One event as a line of text.
pub fn describe(event: &Event, book: &RuleBook) -> String {
    match event {
        Event::Start { scenario, seed, squad, hex } => {
            format!("{scenario} (seed {seed}): {} at {hex}", count(squad.len() as u64, "man", "men"))
        }
        Event::Roll(r) => company_roll_words(r, book).unwrap_or_else(|| roll_words(r)),
        Event::SquadFire { firers, targets, overloaded, assault } => {
            let (first, rest) = firers.split_first().map_or(("", &[][..]), |(f, r)| (f.as_str(), r));
            let with = if rest.is_empty() { String::new() } else { format!(" with {}", rest.join(", ")) };
            let extra = if *overloaded > 0 {
                format!(" ({} overloaded: +{overloaded})", count(*overloaded, "hex", "hexes"))
            } else {
                String::new()
            };
            let kind = if *assault { "assaults" } else { "fires at" };
            format!("{first}{with} {kind} {}{extra}", targets.join(", "))
        }
        Event::Moved { section: Some(s), from, to, .. } => format!("Section {s} moves {from} -> {to}"),
        Event::Moved { section: None, soldiers, from, to } => format!("{} moves {from} -> {to}", soldiers.join(", ")),
        Event::Incident { name, hex } => format!("INCIDENT at {hex}: {name}"),
        Event::EnemyAppears { group, soldiers, hex } => format!("{group} appears at {hex}: {}", soldiers.join(", ")),
        Event::EnemyUnplaced { group, min, max } => {
            format!("No room on the map for the {group} ({min}-{max} hexes off): nobody comes")
        }
        Event::MinefieldMarked { hex } => format!("{hex} is marked as a minefield"),
        e @ (Event::Embarked { .. }
        | Event::Disembarked { .. }
        | Event::KilledInside { .. }
        | Event::Pivoted { .. }
        | Event::RunOver { .. }
        | Event::HulkPushed { .. }) => transport::describe(e).unwrap_or_default(),
        Event::VehicleDamaged { vehicle, hit, damage, by } => match (hit.as_str(), damage.as_str()) {
            (_, "destroyed") => format!("{vehicle} is destroyed by {by}: its crew is lost"),
            // European Battlefield's wounds, KO chart and crews.
            (_, "destroyed_hulk") => format!("{vehicle} takes its last wound from {by}: destroyed, a hulk"),
            (_, "burning_hulk") => format!("{vehicle} explodes ({by}): its crew is killed, its hulk burns"),
            ("crew_bails_out", _) => format!("{vehicle}'s crew bail out: it stands abandoned, a hulk"),
            ("ko_immobile", _) => format!("{vehicle} is knocked out by {by}: it cannot move"),
            ("ko_must_move_to_spot", _) => format!("{vehicle} is knocked out by {by}: it must move to spot a target"),
            ("no_damage", "no_damage") => format!("{vehicle} is hit by {by} but not harmed"),
            (hit, now) => {
                format!("{vehicle} is hit by {by}: {}; it now has {}", hit.replace('_', " "), now.replace('_', " "))
            }
        },
        Event::FireCalled { soldier, hex, missions_left, called } => match called {
            Called::Shells => format!(
                "{soldier} calls H.E. fire on {hex}: it lands at the STOP card ({} left)",
                count(*missions_left, "mission", "missions")
            ),
            Called::Smoke => format!(
                "{soldier} calls the guns' smoke on {hex}: it comes down at the STOP card ({} left)",
                count(*missions_left, "mission", "missions")
            ),
            Called::Air => format!(
                "{soldier} calls an air strike on {hex}: it comes in at the STOP card, if it comes ({} left)",
                count(*missions_left, "strike", "strikes")
            ),
        },
        Event::Landed { by, aim, at: None, smoke, .. } => {
            let what = if *smoke { "smoke" } else { "fire" };
            format!("{by}'s {what} on {aim} goes over the horizon: nothing lands")
        }
        Event::Landed { by, aim, at: Some(at), radius, smoke } => {
            // The mortar's bombs, the battery's shells and the air strike's
            // bombs alike: the fire of the man who fired or called it.
            let what = if *smoke { format!("{by}'s smoke") } else { format!("{by}'s fire") };
            let reach = if *radius == 0 {
                "the hex".to_string()
            } else {
                format!("{} around", count(u64::from(*radius), "hex", "hexes"))
            };
            let place = if at == aim {
                format!("on {aim}, the point aimed at")
            } else {
                format!("at {at}, scattered from {aim}")
            };
            format!("{what} lands {place}: its template covers {reach}")
        }
        Event::SmokeDrifted { from, to } => format!("The smoke at {from} drifts to {to}"),
        Event::SmokeCleared { hex } => format!("The smoke at {hex} clears"),
        Event::Wounded { soldier, wound } => format!("{soldier}: {}", wound.replace('_', " ")),
        Event::ActionStart { hex } => format!("Tactical action begins at {hex}"),
        Event::Deck { size, in_order: false, .. } => format!("The deck is shuffled: {size} cards"),
        Event::Deck { size, in_order: true, .. } => {
            format!("The deck is laid out in priority order: {size} cards, the winner's squads first, STOP last")
        }
        Event::Card { card, side } if side == "none" => format!("Card: {card}"),
        Event::Card { card, side } => format!("Card: {card} ({side})"),
        Event::CardLost { soldier, reason } => format!("{soldier} {reason}: the card passes"),
        Event::Hold { soldier } => format!("{soldier} holds"),
        Event::Shot { shooter, target, weapon, distance, band } => {
            let d = count(*distance, "hex", "hexes");
            // Combat Patrol's shots have no band: they are within the weapon's optimum range or past it.
            let optimum = crate::engine::ruleset::combat_patrol::tables_in(book)
                .and_then(|t| t.profile(weapon))
                .map(|p| p.optimum);
            let range = match optimum {
                _ if !band.is_empty() => format!("{band} range"),
                Some(o) if *distance <= o => "optimum range".to_string(),
                Some(_) => "past optimum range".to_string(),
                None => "range".to_string(),
            };
            let whose = if is_vehicle(shooter) { "its" } else { "his" };
            format!("{shooter} fires {whose} {} at {target}, {d} ({range})", weapon_name(book, weapon))
        }
        Event::Bombard { firer, hex, distance, gun: None } => {
            format!("{firer} drops mortar bombs on {hex}, {}", count(*distance, "hex", "hexes"))
        }
        Event::Bombard { firer, hex, distance, gun: Some(gun) } => format!(
            "{firer} fires its {} (H.E.) at {hex}, {}",
            weapon_name(book, gun),
            count(*distance, "hex", "hexes")
        ),
        // Under Combat Patrol the wound chart is rolled at once, and says
        // whether he goes down; else he is knocked over until the action ends.
        Event::Hit { soldier, by } if crate::engine::ruleset::combat_patrol::tables_in(book).is_some() => {
            format!("{soldier} is hit by {by}")
        }
        Event::Hit { soldier, by } => format!("{soldier} is hit by {by} and goes down"),
        Event::Killed { soldier, by } => format!("{soldier} is killed by {by}"),
        Event::HandToHand { attacker, defender, outcome, loser, .. } => match loser {
            Some(l) => format!("Hand-to-hand {attacker} v {defender}: {l} {}", outcome.replace('_', " ")),
            None => format!("Hand-to-hand {attacker} v {defender}: no decision"),
        },
        // One man alone drags a lightly wounded man (Combat Patrol): the verb agrees.
        Event::Carried { wounded, bearers, to, .. } => {
            let verb = if bearers.len() == 1 { "carries" } else { "carry" };
            format!("{} {verb} {wounded} to {to}", bearers.join(" and "))
        }
        Event::Exited { soldiers, hex } => {
            format!("{} {} the map at {hex}", soldiers.join(", "), if soldiers.len() == 1 { "leaves" } else { "leave" })
        }
        Event::Stop { turn } => format!("STOP: turn {turn} ends"),
        Event::ActionEnd { reason } => format!("The action is over: {reason}"),
        Event::Gone { soldiers } => {
            format!("{} {} away", soldiers.join(", "), if soldiers.len() == 1 { "slips" } else { "slip" })
        }
        Event::Split { section, new_section, soldiers } => {
            format!("{} split from section {section} as section {new_section}", soldiers.join(", "))
        }
        Event::Joined { section, into } => format!("Section {section} joins section {into}"),
        Event::Sections { sections } if sections.is_empty() => "Nobody of the patrol is left on the map".into(),
        Event::Sections { sections } => {
            let parts: Vec<String> = sections
                .iter()
                .map(|s| format!("{} at {} ({})", s.name, s.hex, count(s.soldiers.len() as u64, "man", "men")))
                .collect();
            format!("The patrol re-forms: {}", parts.join("; "))
        }
        Event::ObjectiveReached { hex } => format!("Objective reached at {hex}"),
        Event::Reconnoitred { hex, left } => format!("{hex} reconnoitred; {left} to go"),
        Event::PrisonerLost { prisoner, hex } => format!("{prisoner} was left alone at {hex}: the prisoner is lost"),
        Event::Captured { prisoner, section, hex } => format!("Section {section} takes {prisoner} prisoner at {hex}"),
        Event::PatrolEnd { outcome, home, left_behind, dead, enemy_casualties, .. } => format!(
            "PATROL OVER: {outcome}. Home: {}. Left behind: {}. Dead: {}. Enemy casualties: {enemy_casualties}",
            home.len(),
            left_behind.len(),
            dead.len()
        ),
        Event::Replacement { soldier, rank, weapon } => {
            format!("{rank} {soldier} joins the squad as a replacement ({})", weapon_name(book, weapon))
        }
        Event::Reissued { soldier, weapon } => {
            format!("The company sends a new {}: {soldier} carries it now", weapon_name(book, weapon))
        }
        Event::Recovered { soldier } => format!("{soldier} is back from hospital"),
        Event::TakesCommand { soldier, rank, from } => {
            format!("{rank} {soldier} takes command of the patrol from {from}")
        }
        Event::Promoted { soldier, rank, from, field } => match field {
            true => format!("{soldier} is made {rank} (was {from}) for taking command when his leader fell"),
            false => format!("{soldier} is made {rank} (was {from})"),
        },
        Event::Issued { soldier, weapon, from, gave } if from == "the company" => {
            format!(
                "The company sends {soldier} a {} (he hands in his {})",
                weapon_name(book, weapon),
                weapon_name(book, gave)
            )
        }
        Event::Issued { soldier, weapon, from, gave } => {
            format!(
                "{soldier} carries the {} now ({from} took his {})",
                weapon_name(book, weapon),
                weapon_name(book, gave)
            )
        }
        Event::Debrief { patrol, outcome, next } => match next {
            Some(n) => format!("Patrol {patrol} is over ({outcome}). Next: {n}."),
            None => format!("Patrol {patrol} is over ({outcome}). That was the last patrol of the campaign."),
        },
        Event::CampaignEnd { campaign, patrols, success, failed, lost, men_lost, came_through } => {
            let mut text = format!("CAMPAIGN OVER: {campaign}. {}", count(*patrols, "patrol", "patrols"));
            let counted = success + failed + lost;
            text.push_str(&format!(": {success} success, {failed} failed, {lost} lost"));
            if counted < *patrols {
                text.push_str(&format!(
                    " (of the last {counted}; the first {} were played by an older version)",
                    patrols - counted
                ));
            }
            text.push_str(&format!(". Men lost: {men_lost}. "));
            match came_through.len() {
                0 => text.push_str("Nobody came through."),
                n => {
                    let men: Vec<String> = came_through.iter().map(|m| format!("{} {}", m.rank, m.name)).collect();
                    text.push_str(&format!("{} came through: {}.", count(n as u64, "man", "men"), men.join(", ")));
                }
            }
            text
        }
        Event::Auto { command } => format!("(leader) {command}"),
        Event::Pressure { soldier, pressure } => format!("{soldier} is {pressure}"),
        Event::Grenade { thrower, target, in_sight: true } => format!("{thrower} throws a grenade at {target}"),
        Event::Grenade { thrower, target, in_sight: false } => {
            format!("{thrower} throws a grenade at {target}, out of his sight")
        }
        Event::Scatter { by, inches, hex } => {
            let who = if by == "opponent" { "the opponent" } else { "the thrower" };
            format!("  it scatters: {who} moves it {} ({hex})", count(*inches, "inch", "inches"))
        }
        Event::GrenadeLands { hex, blast } if blast.is_empty() => format!("The grenade goes off at {hex}, off the map"),
        Event::GrenadeLands { hex, .. } => format!("The grenade goes off at {hex}"),
        Event::Sweep { shooter, target, method, hexes } => {
            let what = if method == "spray" { "sprays fire around" } else { "sweeps his machine gun's arc at" };
            format!("{shooter} {what} {target}: {} reached", count(hexes.len() as u64, "hex", "hexes"))
        }
        Event::Reload { gunner, by, loaded } => match (gunner == by, loaded) {
            (true, true) => format!("{gunner} reloads: his gun is ready"),
            (true, false) => format!("{gunner} reloads: not ready yet"),
            (false, true) => format!("{by} helps {gunner} reload: the gun is ready"),
            (false, false) => format!("{by} helps {gunner} reload: not ready yet"),
        },
        Event::Force { core, support, points, budget } => {
            let with = if support.is_empty() {
                "alone".to_string()
            } else {
                format!("with {}", support.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" and "))
            };
            format!("The enemy's force: {core} {with}, {points} points of {budget}")
        }
        Event::Stance { soldier, stance } => match stance.as_str() {
            "double" => format!("{soldier} goes at the double: twice his move, no firing"),
            "dig" => format!("{soldier} digs in: prone, saving on 5+, and staying down until he gets up"),
            _ => format!("{soldier} gets up"),
        },
        Event::Priority { side, points } => {
            let who = if side.as_str() == "friendly" { "The patrol" } else { "The enemy" };
            let s = if *points == 1 { "" } else { "s" };
            format!("{who} wins priority: it acts first this turn, with {points} command point{s} (one a squad)")
        }
        Event::CommandPoint { soldier, on, points_left } => {
            let what = match on.as_str() {
                "fire" => "another round of fire",
                "move" => "half a move more",
                "rally" => "lifting a suppression",
                _ => "+5 to its courage test",
            };
            format!("{soldier}'s squad spends a command point on {what} ({points_left} left)")
        }
        Event::Restrained { soldier, may_move, may_fire } => match (may_move, may_fire) {
            (false, false) => format!("{soldier} hesitates: he may neither move nor fire on this card"),
            (false, true) => format!("{soldier} hesitates: he may fire but not move on this card"),
            (true, false) => format!("{soldier} hesitates: he may move but not fire on this card"),
            (true, true) => format!("{soldier} may act"),
        },
        Event::TakenBack { orders, rolls } => {
            let orders = orders.iter().map(|o| format!("'{o}'")).collect::<Vec<_>>().join(", ");
            let dice: Vec<String> = rolls.iter().map(|r| format!("{} {}", r.purpose.name(), r.total)).collect();
            match dice.is_empty() {
                true => format!("Taken back: {orders}. No die was rolled for them."),
                false => format!(
                    "Taken back: {orders}. The dice stay as they fell: given again, these orders meet {} again.",
                    dice.join(", ")
                ),
            }
        }
    }
}

/// The end of a campaign as the after-action report shows it: the tally
/// of its patrols, then a table of the men who came through, a line each.
/// Nothing for any other event.
pub fn campaign_end(event: &Event) -> Vec<String> {
    let Event::CampaignEnd { campaign, patrols, success, failed, lost, men_lost, came_through } = event else {
        return Vec::new();
    };
    let mut lines = vec![
        format!("The campaign is over: {campaign}"),
        format!(
            "{} made: {success} success, {failed} failed, {lost} lost; men lost {men_lost}",
            count(*patrols, "patrol", "patrols")
        ),
    ];
    if success + failed + lost < *patrols {
        lines.push(format!(
            "(the first {} were played by an older version, which did not count them)",
            patrols - success - failed - lost
        ));
    }
    lines.push(String::new());
    if came_through.is_empty() {
        lines.push("Nobody came through.".into());
        return lines;
    }
    lines.push(format!("{:<12} {:<4} {:>7} {:>4}  {}", "Came through", "rank", "patrols", "hits", "now"));
    for m in came_through {
        let now = match (m.veteran, m.out) {
            (true, 0) => "veteran".to_string(),
            (false, 0) => "fit".to_string(),
            (v, n) => {
                format!(
                    "{}wounded, out for {n} more patrol{}",
                    if v { "veteran, " } else { "" },
                    if n == 1 { "" } else { "s" }
                )
            }
        };
        lines.push(format!("{:<12} {:<4} {:>7} {:>4}  {now}", m.name, m.rank, m.patrols, m.hits));
    }
    lines
}

/// A run of events as log lines, each as `describe` writes it, with what
/// one event alone cannot say: when the incident table's group is met as
/// another force (a campaign's or scenario's orders swap it), the incident
/// says so and why.
pub fn describe_all(events: &[Event], book: &RuleBook) -> Vec<String> {
    let mut table: Option<&str> = None;
    events
        .iter()
        .map(|e| {
            let mut line = describe(e, book);
            match e {
                Event::Roll(r) if r.purpose == crate::engine::Purpose::IncidentTable => {
                    table = r.result.as_deref();
                }
                Event::Incident { name, .. } => {
                    if let Some(rolled) = table.take()
                        && !name.starts_with(rolled)
                        && book.incident_table.iter().any(|i| i.name.as_str() == rolled)
                    {
                        line.push_str(&format!(
                            " (the table's {rolled} turns out to be {}: this patrol meets {name}s in its place)",
                            article(name)
                        ));
                    }
                }
                _ => {}
            }
            line
        })
        .collect()
}

/// "an" before a vowel, else "a", with the noun.
fn article(noun: &str) -> String {
    // By sound: an initialism read letter by letter ("MG team") takes "an"
    // when its first letter's name starts with a vowel sound.
    let first_word = noun.split_whitespace().next().unwrap_or("");
    let initialism = first_word.len() > 1 && first_word.chars().all(|c| c.is_ascii_uppercase());
    let vowel = match noun.chars().next() {
        Some(c) if initialism => "AEFHILMNORSX".contains(c),
        Some(c) => "aeiouAEIOU".contains(c),
        None => false,
    };
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// The words for one roll's odds: "incident 2d6, need 6+ (woods -1): 26/36 (72.2%)".
fn roll_odds_words(r: &RollOdds) -> String {
    let purpose = serde_json::to_value(r.purpose).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
    let who = match (&r.soldier, &r.target) {
        (Some(s), Some(t)) => format!(" {s} at {t}"),
        (Some(s), None) => format!(" {s}"),
        _ => String::new(),
    };
    let head = format!("{}{who} {}", purpose.replace('_', " "), r.dice);
    match &r.spread {
        Spread::Check { need, modifiers, chance } => {
            let mods: Vec<String> =
                modifiers.iter().map(|m| format!("{} {:+}", m.name.replace('_', " "), m.value)).collect();
            let mods = if mods.is_empty() { String::new() } else { format!(" ({})", mods.join(", ")) };
            format!("{head}, need {need}+{mods}: {chance}")
        }
        Spread::Table { outcomes } => {
            let parts: Vec<String> = outcomes
                .iter()
                .map(|o| match &o.loser {
                    Some(l) => format!("{l} {} {}", o.result.replace('_', " "), o.chance),
                    None => format!("{} {}", o.result.replace('_', " "), o.chance),
                })
                .collect();
            format!("{head}: {}", parts.join("; "))
        }
    }
}

/// An odds answer in words, one line per roll: the roll asked about, and
/// the one that follows if it succeeds.
pub fn describe_odds(answer: &OddsAnswer) -> String {
    let mut text = format!("  Odds ({}): {}", answer.query, roll_odds_words(&answer.roll));
    if let Some(then) = &answer.then {
        text.push_str(&format!("\n    then {}", roll_odds_words(then)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pos;
    use crate::engine::vocabulary::event::SectionView;

    #[test]
    fn a_table_read_with_something_added_says_what_and_the_score() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let mut dice = crate::engine::dice::Dice::new(1);
        let roll = dice.table(crate::engine::Purpose::CpBlast, 2, 10, |_| "light_wound".into()).by(&"Dunn".into());
        let total = roll.total;
        let mut blast = roll.clone();
        blast.modifiers = Some(vec![crate::engine::dice::Modifier::new("grenade", 2)].into());
        let words = describe(&Event::Roll(blast), &book);
        assert!(words.ends_with(&format!("= {total} (grenade +2) = {} -> light wound", total + 2)), "{words}");
        // A table without modifiers reads as it always has.
        let words = describe(&Event::Roll(roll), &book);
        assert!(words.ends_with(&format!("= {total} -> light wound")), "{words}");
    }

    #[test]
    fn a_test_that_routs_says_its_modifiers_once() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let courage = vec![crate::engine::dice::Modifier::new("leader_courage", -3)];
        let mut roll =
            crate::engine::dice::Dice::new(1).check(crate::engine::Purpose::EbCourage, 2, 6, 10, courage.into());
        (roll.faces, roll.total, roll.success) = (vec![1, 1].into(), 2, Some(false));
        roll.result = Some("double 1: routs".into());
        let words = describe(&Event::Roll(roll), &book);
        assert!(words.ends_with("need 7+ (leader courage -3): failed -> double 1: routs"), "{words}");
    }

    #[test]
    fn a_vehicle_fires_its_weapon_and_a_man_his() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let shot = |shooter: &str| Event::Shot {
            shooter: shooter.into(),
            target: "Dunn".into(),
            weapon: "mg".into(),
            distance: 3,
            band: "medium".into(),
        };
        assert_eq!(describe(&shot("V2"), &book), "V2 fires its machine gun at Dunn, 3 hexes (medium range)");
        assert_eq!(describe(&shot("G1"), &book), "G1 fires his machine gun at Dunn, 3 hexes (medium range)");
    }

    #[test]
    fn a_force_swapped_by_the_orders_is_said_at_its_incident() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let mut dice = crate::engine::dice::Dice::new(1);
        let table = dice.table(crate::engine::Purpose::IncidentTable, 2, 6, |_| "enemy patrol".into());
        let met = |name: &str| Event::Incident { name: name.into(), hex: Pos::new(3, 7) };
        let lines = describe_all(&[Event::Roll(table.clone()), met("MG team")], &book);
        assert_eq!(
            lines[1],
            "INCIDENT at 3,7: MG team (the table's enemy patrol turns out to be an MG team: this patrol meets MG \
             teams in its place)"
        );
        // The group the table names says nothing more.
        let lines = describe_all(&[Event::Roll(table), met("enemy patrol")], &book);
        assert_eq!(lines[1], "INCIDENT at 3,7: enemy patrol");
    }

    #[test]
    fn one_bearer_carries_and_two_carry() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let carried = |bearers: &[&str]| Event::Carried {
            wounded: "Carter".into(),
            bearers: bearers.iter().map(|&b| b.into()).collect(),
            from: crate::engine::Pos::new(1, 1),
            to: crate::engine::Pos::new(1, 2),
        };
        assert_eq!(describe(&carried(&["Hughes"]), &book), "Hughes carries Carter to 1,2");
        assert_eq!(describe(&carried(&["Hughes", "Dunn"]), &book), "Hughes and Dunn carry Carter to 1,2");
        let exited =
            |men: &[&str]| Event::Exited { soldiers: men.iter().map(|&m| m.into()).collect(), hex: Pos::new(9, 11) };
        assert_eq!(describe(&exited(&["Hughes"]), &book), "Hughes leaves the map at 9,11");
        assert_eq!(describe(&exited(&["Hughes", "Dunn"]), &book), "Hughes, Dunn leave the map at 9,11");
    }

    #[test]
    fn the_patrol_re_forms_only_when_someone_is_left_to_re_form() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let nobody = Event::Sections { sections: vec![] };
        assert_eq!(describe(&nobody, &book), "Nobody of the patrol is left on the map");
        let two = Event::Sections {
            sections: vec![SectionView {
                name: "A".into(),
                hex: Pos::new(3, 4),
                soldiers: vec!["Kowalski".into(), "Novak".into()],
            }],
        };
        assert_eq!(describe(&two, &book), "The patrol re-forms: A at 3,4 (2 men)");
    }

    #[test]
    fn a_campaigns_end_names_its_patrols_and_the_men_who_came_through() {
        use crate::engine::vocabulary::event::Survivor;
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let man = |name: &str, rank: &str, veteran, out| Survivor {
            name: name.into(),
            rank: rank.into(),
            patrols: 5,
            hits: 3,
            veteran,
            out,
        };
        let end = |success, came_through| Event::CampaignEnd {
            campaign: "Bocage, June 1944".into(),
            patrols: 5,
            success,
            failed: 1,
            lost: 1,
            men_lost: 12,
            came_through,
        };
        let two = end(3, vec![man("Baker", "Sgt", true, 0), man("Hale", "Pvt", false, 2)]);
        assert_eq!(
            describe(&two, &book),
            "CAMPAIGN OVER: Bocage, June 1944. 5 patrols: 3 success, 1 failed, 1 lost. Men lost: 12. \
             2 men came through: Sgt Baker, Pvt Hale."
        );
        let table = campaign_end(&two);
        assert_eq!(table[1], "5 patrols made: 3 success, 1 failed, 1 lost; men lost 12");
        assert!(table.iter().any(|l| l.starts_with("Baker") && l.ends_with("veteran")), "{table:?}");
        assert!(
            table.iter().any(|l| l.starts_with("Hale") && l.ends_with("wounded, out for 2 more patrols")),
            "{table:?}"
        );
        // Saved part-way by an older version: two patrols were not counted.
        let old = end(1, Vec::new());
        assert!(describe(&old, &book).contains("(of the last 3; the first 2 were played by an older version)"));
        assert!(describe(&old, &book).ends_with("Nobody came through."));
        assert!(campaign_end(&old).contains(&"Nobody came through.".to_string()));
        assert!(campaign_end(&Event::Stop { turn: 1 }).is_empty());
    }
}
