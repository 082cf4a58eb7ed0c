//! A squad's fire under European Battlefield: each man's firing dice at his
//! Shoot value, the hits dealt to the men in reach nearest first, each man
//! hit saving (cover, prone) and then rolling the wound chart; the
//! suppression the hits lay; and the courage test a squad takes when it
//! loses a quarter of its strength.

use crate::engine::book::RuleBook;
use crate::engine::dice::{Dice, Modifiers, Purpose};
use crate::engine::ruleset::european::tables::{Class, European as Book, WeaponProfile};
use crate::engine::ruleset::european::throws::{Gun, after_test, courage_test, scores, test, test_need, throw, wounds};
use crate::engine::ruleset::european::{arm, profile, shoot_need};
use crate::engine::ruleset::{Fired, Lost, Pressure, SquadFire, SquadOdds, TargetTeam};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::Soldier;

/// The men of `fire` who throw dice, with what.
///
/// # Errors
/// The man whose card is up has no dice now (moved with a weapon that
/// cannot fire on the move): he does not open his squad's fire.
fn guns<'a>(t: &'a Book, book: &RuleBook, fire: &'a SquadFire<'a>) -> Result<Vec<Gun<'a>>, String> {
    let mut out = Vec::new();
    for (k, f) in fire.firers.iter().enumerate() {
        // A vehicle fires its main gun and machine guns (vehicles.rs).
        if f.man.vehicle.is_some() {
            let nearest = fire.targets.first().map_or(0, |x| x.distance);
            let guns = crate::engine::ruleset::european::vehicles::guns(t, f.man, f.moved, nearest);
            if guns.is_empty() && k == 0 {
                return Err(format!("{} has no gun that may fire now", f.man.id));
            }
            out.extend(guns);
            continue;
        }
        let Some(weapon) = arm(t, book, f.man) else { continue };
        let dice = weapon.dice(f.moved);
        // A t- or a-class gun fires at nothing nearer than its least range.
        let least = crate::engine::ruleset::european::heavy::least_at_men(t, weapon);
        let far = |x: &TargetTeam<'_>| x.man.pos.zip(f.man.pos).is_none_or(|(a, b)| a.distance(b) >= least);
        if least > 0 && !fire.targets.iter().any(far) {
            if k == 0 {
                return Err(format!("{} fires at nothing nearer than {least} hexes", f.man.id));
            }
            continue;
        }
        if dice == 0 {
            if k == 0 {
                return Err(format!(
                    "{} moved this turn, and his {} cannot fire on the move",
                    f.man.id,
                    book.weapon(&weapon.weapon).map_or(weapon.weapon.as_str(), |w| w.name.as_str())
                ));
            }
            continue;
        }
        let Some((base, modifiers)) = shoot_need(t, f.man) else { continue };
        let why: Vec<&str> = modifiers.iter().map(|m| m.name.as_str()).collect();
        let need = test_need(base + modifiers.total());
        out.push(Gun { man: f.man, weapon, dice, need, why: why.join(", ") });
    }
    Ok(out)
}

/// A hit that struck: its weapon's strength and classes, and the man who
/// fired it (it falls only on a man his weapon reaches).
#[derive(Clone, Copy)]
struct Struck<'a> {
    weapon: &'a WeaponProfile,
    by: &'a Soldier,
}

/// The fire `fire` gathered, rolled: see the module's words.
///
/// # Errors
/// As `guns`; no die is thrown.
pub fn volley(
    t: &Book,
    book: &RuleBook,
    dice: &mut Dice,
    fire: &SquadFire<'_>,
    events: &mut Events,
) -> Result<Fired, String> {
    // Fire at a vehicle (a squad of its own) is the vehicle rules'.
    if fire.targets.first().is_some_and(|x| x.man.vehicle.is_some()) {
        return crate::engine::ruleset::european::vehicles::volley(t, book, dice, fire, events);
    }
    let guns = guns(t, book, fire)?;
    let at = fire.targets.first().map(|x| x.man.id.clone());
    let mut hits: Vec<Struck<'_>> = Vec::new();
    for g in &guns {
        let why = if g.why.is_empty() { String::new() } else { format!(" ({})", g.why) };
        let scored = throw(dice, g, at.clone(), &why, events);
        hits.extend(std::iter::repeat_n(Struck { weapon: g.weapon, by: g.man }, scored));
    }
    let mut lost: Vec<Lost> = Vec::new();
    // The hits that fell on a man and were not saved: the only hits, as
    // written (a man who saves is not hit).
    let mut struck: Vec<Struck<'_>> = Vec::new();
    let mut taken = vec![0u32; fire.targets.len()];
    for hit in &hits {
        // Each hit falls on a man its weapon reaches, one each before a
        // second, nearest first (a decision: the article lets the side
        // fired at choose among the men in range); a man already down
        // takes no more.
        let (reach, least) =
            (t.hexes(hit.weapon.range), crate::engine::ruleset::european::heavy::least_at_men(t, hit.weapon));
        let reaches = |x: &TargetTeam<'_>| {
            x.man.pos.zip(hit.by.pos).is_none_or(|(a, b)| (least..=reach).contains(&a.distance(b)))
        };
        let pick = (0..fire.targets.len())
            .filter(|&i| !lost.iter().any(|l| l.target == i) && reaches(&fire.targets[i]))
            .min_by_key(|&i| (taken[i], i));
        let Some(i) = pick else { continue };
        taken[i] += 1;
        let target = &fire.targets[i];
        if let Some((need, purpose, words)) =
            crate::engine::ruleset::european::heavy::save(t, book, fire, target, (hit.weapon, hit.by))
        {
            let mut roll = test(dice, purpose, i32::from(need), Modifiers::default()).by(&target.man.id);
            roll.result = words.map(Name::new_static);
            let saved = roll.succeeded();
            events.push(Event::Roll(roll));
            if saved {
                continue;
            }
        }
        struck.push(*hit);
        if wounds(t, dice, target.man, hit.weapon, events) {
            // The hit is the man's whose die scored it.
            let by = fire.firers.iter().position(|f| f.man.id == hit.by.id).unwrap_or(0);
            lost.push(Lost { target: i, by });
        }
    }
    let now = fire.squad.first().map_or(Pressure::Steady, |m| m.pressure);
    // House rule `saved_hits_suppress`: every hit that scored counts.
    let mut pressure = suppressed(t, now, if t.saved_hits_suppress { &hits } else { &struck });
    // A squad that lost a quarter of its strength, or its leader (the
    // bravest man: the first of them), tests its courage, led by the
    // bravest man it has left.
    let casualties = lost.len() as u32;
    let strength = fire.squad.len() as u32;
    let mut point_spent = false;
    let gone: Vec<&Soldier> = lost.iter().map(|l| fire.targets[l.target].man).collect();
    let leader = fire.squad.iter().filter_map(|m| Some((*m, profile(t, m)?.courage))).rev().max_by_key(|(_, c)| *c);
    let leader_lost = leader.is_some_and(|(l, _)| gone.iter().any(|g| g.id == l.id));
    if casualties > 0 && (leader_lost || casualties * 100 >= t.courage.casualties_percent * strength) {
        let left: Vec<&Soldier> = fire.squad.iter().copied().filter(|m| !gone.iter().any(|g| g.id == m.id)).collect();
        if let Some((roll, passed, routed)) = courage_test(t, dice, (&left, &fire.others), pressure, fire.point) {
            events.push(Event::Roll(roll));
            pressure = after_test(pressure, passed, routed);
            point_spent = fire.point;
        }
    }
    let commander_lost = gone.iter().any(|g| profile(t, g).is_some_and(|p| p.commands));
    Ok(Fired {
        lost,
        pressure: (pressure != now).then_some(pressure),
        commander_lost,
        point_spent,
        vehicles: Vec::new(),
    })
}

/// The pressure a squad under `now` is under after `hits` struck it (as
/// written, the hits not saved): an h-class hit suppresses alone, and
/// every `suppression.hits` others once (counted in one fire: a decision);
/// enough suppressions pin. A squad pinned, gone to ground or routed stays
/// so.
fn suppressed(t: &Book, now: Pressure, hits: &[Struck<'_>]) -> Pressure {
    let heavy = hits.iter().filter(|h| h.weapon.has(Class::H)).count() as u32;
    let other = hits.len() as u32 - heavy;
    let more = heavy + other / t.suppression.hits.max(1);
    let had = match now {
        Pressure::Steady => 0,
        Pressure::Suppressed(n) => u32::from(n),
        Pressure::Pinned | Pressure::Prone | Pressure::Routed => return now,
    };
    match had + more {
        0 => now,
        n if n >= u32::from(t.suppression.pinned_at) => Pressure::Pinned,
        n => Pressure::Suppressed(n as u8),
    }
}

/// The exact odds of `volley` before it is made: its firing dice and the
/// chance of each number of hits (the saves and wounds that follow are each
/// a one-die test the odds of a man hit show).
///
/// # Errors
/// As `guns`, or more dice than the odds count exactly.
pub fn odds(t: &Book, book: &RuleBook, fire: &SquadFire<'_>) -> Result<SquadOdds, String> {
    let guns = match fire.targets.first().is_some_and(|x| x.man.vehicle.is_some()) {
        true => crate::engine::ruleset::european::vehicles::at_vehicle(t, book, fire)?,
        false => guns(t, book, fire)?,
    };
    let count: u32 = guns.iter().map(|g| u32::from(g.dice)).sum();
    if count > 24 {
        return Err(format!("{count} firing dice are too many to count the odds of exactly"));
    }
    // Ways of each number of hits over 6^count throws, die by die.
    let mut ways: Vec<u64> = vec![1];
    for g in &guns {
        let hit = (1..=6u8).filter(|&f| scores(f, g.need)).count() as u64;
        for _ in 0..g.dice {
            let mut next = vec![0u64; ways.len() + 1];
            for (k, &w) in ways.iter().enumerate() {
                next[k] += w * (6 - hit);
                next[k + 1] += w * hit;
            }
            ways = next;
        }
    }
    let of = 6u64.pow(count);
    Ok(SquadOdds {
        dice: count,
        hits: crate::engine::dice::chance::over_one(ways, of),
        saves: Vec::new(),
        purposes: (Purpose::EbFire, Purpose::EbSave),
        sides: (6, 6),
    })
}
