//! A squad's fire at a squad: the firing dice (each firing team's rate of
//! fire, less on a turn it moved, and one more die for each overloaded hex
//! the target squad stands in), the hits they show, the saving dice the
//! target rolls for them, and the hits that pin it.

use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Modifier, Modifiers, Purpose, Roll};
use crate::engine::ruleset::company::tables::{Company, Experience, FireFace, SaveFace};
use crate::engine::vocabulary::name::format_name;

/// The squad fired at, as its saving dice read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// In a hex whose terrain gives cover.
    pub cover: bool,
    /// In a hex whose terrain hides it.
    pub concealed: bool,
    pub experience: Experience,
}

/// The most dice one throw may have (a squad's fire, or its saves).
pub const MOST_DICE: u32 = 255;

/// The faces of the firing die that hit: the infantry faces, and in an
/// assault the grenade face too.
pub fn hitting(t: &Company, assault: bool) -> impl Fn(u8) -> bool + '_ {
    move |face| match t.firing_die.get(usize::from(face).wrapping_sub(1)) {
        Some(FireFace::Infantry) => true,
        Some(FireFace::Grenade) => assault,
        _ => false,
    }
}

/// The faces of the saving die that save `target`: the cover faces in
/// cover, the concealed face when concealed (never for conscripts), the
/// veteran face for veterans.
pub fn saving(t: &Company, target: Target) -> impl Fn(u8) -> bool + '_ {
    move |face| match t.saving_die.get(usize::from(face).wrapping_sub(1)) {
        Some(SaveFace::Cover) => target.cover,
        Some(SaveFace::Concealed) => target.concealed && target.experience != Experience::Conscript,
        Some(SaveFace::Veteran) => target.experience == Experience::Veteran,
        _ => false,
    }
}

/// How many of the die's faces `scores` counts.
pub fn faces_that(sides: usize, scores: impl Fn(u8) -> bool) -> u32 {
    (1..=sides).filter(|&f| u8::try_from(f).is_ok_and(&scores)).count() as u32
}

/// The firing dice of a fire: each firing team's dice (`Team::dice`), and
/// one more for each overloaded hex (more than one team in it) the target
/// squad stands in.
pub fn firing_dice(team_dice: impl IntoIterator<Item = u32>, overloaded_hexes: u32) -> u32 {
    team_dice.into_iter().fold(overloaded_hexes, u32::saturating_add)
}

/// The die's sides, as a throw takes them.
fn sides_of<T>(faces: &[T]) -> u8 {
    u8::try_from(faces.len()).unwrap_or(u8::MAX)
}

/// The firing dice thrown: the roll (its result the hits, "3 hits") and the hits.
///
/// # Errors
/// More dice than one throw may have.
pub fn fire(t: &Company, dice: &mut Dice, count: u32, assault: bool) -> Result<(Roll, u32), String> {
    let n = u8::try_from(count).map_err(|_| format!("{count} firing dice: one fire throws at most {MOST_DICE}"))?;
    let hits_on = hitting(t, assault);
    let mut hits = 0;
    let mut roll = dice.custom(Purpose::CompanyFire, n, sides_of(&t.firing_die), |faces| {
        hits = faces.iter().filter(|&&f| hits_on(f)).count() as u32;
        format_name!("{hits} {}", if hits == 1 { "hit" } else { "hits" })
    });
    let infantry = t.firing_die.iter().filter(|&&f| f == FireFace::Infantry).count();
    let grenade = t.firing_die.iter().filter(|&&f| f == FireFace::Grenade).count();
    roll.modifiers = counting([("infantry", infantry), ("grenade", if assault { grenade } else { 0 })]);
    Ok((roll, hits))
}

/// The faces of a die that count (hit, or save), by kind, as the roll
/// writes them in its modifiers: each die of the roll scores on this many
/// of its faces, which the simulator measures it by.
fn counting<const N: usize>(kinds: [(&'static str, usize); N]) -> Option<Modifiers> {
    let mut m = Modifiers::default();
    for (name, n) in kinds.into_iter().filter(|&(_, n)| n > 0) {
        m.push(Modifier::new(name, n as i32));
    }
    Some(m)
}

/// The saving dice the squad hit throws, one a hit: the roll (its result
/// the saves) and the hits saved. None where nothing is thrown: no hits,
/// or no face of the die saves it (in the open, not concealed, not veteran).
pub fn save(t: &Company, dice: &mut Dice, hits: u32, target: Target) -> Option<(Roll, u32)> {
    let saves = saving(t, target);
    if hits == 0 || faces_that(t.saving_die.len(), &saves) == 0 {
        return None;
    }
    let n = u8::try_from(hits.min(MOST_DICE)).unwrap_or(u8::MAX);
    let mut saved = 0;
    let mut roll = dice.custom(Purpose::CompanySave, n, sides_of(&t.saving_die), |faces| {
        saved = faces.iter().filter(|&&f| saves(f)).count() as u32;
        format_name!("{saved} saved")
    });
    let of = |face: SaveFace| t.saving_die.iter().filter(|&&f| f == face).count();
    let concealed = target.concealed && target.experience != Experience::Conscript;
    roll.modifiers = counting([
        ("cover", if target.cover { of(SaveFace::Cover) } else { 0 }),
        ("concealed", if concealed { of(SaveFace::Concealed) } else { 0 }),
        ("veteran", if target.experience == Experience::Veteran { of(SaveFace::Veteran) } else { 0 }),
    ]);
    Some((roll, saved))
}

/// The faces thrown, in words: "infantry, blank, grenade".
pub fn fire_words(t: &Company, faces: &[u8]) -> String {
    let word = |f: &u8| match t.firing_die.get(usize::from(*f).wrapping_sub(1)) {
        Some(FireFace::Infantry) => "infantry",
        Some(FireFace::Grenade) => "grenade",
        Some(FireFace::Blank) => "blank",
        None => "?",
    };
    faces.iter().map(word).collect::<Vec<_>>().join(", ")
}

/// The saving faces thrown, in words: "cover, veteran, blank".
pub fn save_words(t: &Company, faces: &[u8]) -> String {
    let word = |f: &u8| match t.saving_die.get(usize::from(*f).wrapping_sub(1)) {
        Some(SaveFace::Cover) => "cover",
        Some(SaveFace::Concealed) => "concealed",
        Some(SaveFace::Veteran) => "veteran",
        Some(SaveFace::Blank) => "blank",
        None => "?",
    };
    faces.iter().map(word).collect::<Vec<_>>().join(", ")
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The exact chance of each number of successes, 0 to `count`, when each
/// of `count` dice succeeds on `faces` of its `sides`: the binomial spread,
/// counted in whole ways of the fraction reduced (3 faces of 6 are 1 of 2).
///
/// # Errors
/// Too many dice to count exactly in 64 bits.
pub fn spread(count: u32, faces: u32, sides: u32) -> Result<Vec<Chance>, String> {
    let too_many = || format!("{count} dice are too many to count the odds of exactly");
    if count > MOST_DICE {
        return Err(too_many());
    }
    let (faces, sides) = (u64::from(faces.min(sides)), u64::from(sides.max(1)));
    let g = gcd(faces, sides).max(1);
    let (a, b) = (faces / g, sides / g);
    let n = count as usize;
    // Every die fails, or every die succeeds: one count is certain.
    if a == 0 || a == b {
        let mut out = vec![Chance::new(0, 1); n + 1];
        out[if a == 0 { 0 } else { n }] = Chance::new(1, 1);
        return Ok(out);
    }
    let of = b.checked_pow(count).ok_or_else(too_many)?;
    let mut out = Vec::with_capacity(n + 1);
    let mut choose: u128 = 1; // count choose k
    for k in 0..=count {
        let ways = u64::try_from(choose)
            .ok()
            .and_then(|c| c.checked_mul(a.checked_pow(k)?))
            .and_then(|w| w.checked_mul((b - a).checked_pow(count - k)?))
            .ok_or_else(too_many)?;
        out.push(Chance::new(ways, of));
        if k < count {
            choose = choose * u128::from(count - k) / u128::from(k + 1);
        }
    }
    Ok(out)
}

/// The spread of the hits of `count` firing dice.
///
/// # Errors
/// As `spread`.
pub fn hits_spread(t: &Company, count: u32, assault: bool) -> Result<Vec<Chance>, String> {
    let faces = faces_that(t.firing_die.len(), hitting(t, assault));
    spread(count, faces, t.firing_die.len() as u32)
}

/// The spread of the saves of `hits` hits on `target`.
///
/// # Errors
/// As `spread`.
pub fn saves_spread(t: &Company, hits: u32, target: Target) -> Result<Vec<Chance>, String> {
    let faces = faces_that(t.saving_die.len(), saving(t, target));
    spread(hits, faces, t.saving_die.len() as u32)
}

/// The exact spread of the saves a fire of `count` firing dice makes, its
/// hits dealt one a team to `targets` (nearest first, each as its saving
/// die reads it) before any takes a second: for each number of saves, its
/// chance. Counted in 128 bits over one denominator, then reduced.
///
/// # Errors
/// Too many dice to count the odds of exactly.
pub fn fire_saves_spread(t: &Company, count: u32, assault: bool, targets: &[Target]) -> Result<Vec<Chance>, String> {
    let too_many = || format!("{count} firing dice are too many to count the saves of exactly");
    let hits = hits_spread(t, count, assault)?;
    let n = targets.len() as u32;
    let mut out = vec![0u128; count as usize + 1];
    let of_hits = u128::from(hits.first().map_or(1, |c| c.of));
    if n == 0 {
        return Ok(hits.iter().enumerate().map(|(k, _)| Chance::new(u64::from(k == 0), 1)).collect());
    }
    // Each team's save as a fraction a/b, and the most hits it can take.
    let sides = t.saving_die.len() as u64;
    let saves: Vec<(u128, u128)> = targets
        .iter()
        .map(|&x| {
            let a = u64::from(faces_that(t.saving_die.len(), saving(t, x)));
            let g = gcd(a, sides).max(1);
            (u128::from(a / g), u128::from(sides / g))
        })
        .collect();
    let most = |j: u32, h: u32| h / n + u32::from(j < h % n);
    let mut of = of_hits;
    for (j, &(_, b)) in saves.iter().enumerate() {
        of = of.checked_mul(b.checked_pow(most(j as u32, count)).ok_or_else(too_many)?).ok_or_else(too_many)?;
    }
    for (h, chance) in hits.iter().enumerate() {
        // Saves given h hits: each team's binomial, convolved, over the
        // common denominator.
        let mut given = vec![u128::from(chance.ways)];
        for (j, &(a, b)) in saves.iter().enumerate() {
            let (on, top) = (most(j as u32, h as u32), most(j as u32, count));
            let mut team = Vec::with_capacity(on as usize + 1);
            let mut choose: u128 = 1;
            for k in 0..=on {
                let w = choose
                    .checked_mul(a.checked_pow(k).ok_or_else(too_many)?)
                    .and_then(|w| w.checked_mul((b - a).checked_pow(on - k)?))
                    .and_then(|w| w.checked_mul(b.checked_pow(top - on)?))
                    .ok_or_else(too_many)?;
                team.push(w);
                choose = choose * u128::from(on - k) / u128::from(k + 1);
            }
            let mut next = vec![0u128; given.len() + team.len() - 1];
            for (x, &p) in given.iter().enumerate() {
                for (y, &q) in team.iter().enumerate() {
                    next[x + y] =
                        next[x + y].checked_add(p.checked_mul(q).ok_or_else(too_many)?).ok_or_else(too_many)?;
                }
            }
            given = next;
        }
        for (s, w) in given.into_iter().enumerate() {
            out[s] = out[s].checked_add(w).ok_or_else(too_many)?;
        }
    }
    let g = out.iter().fold(of, |g, &w| gcd128(g, w)).max(1);
    let of = u64::try_from(of / g).map_err(|_| too_many())?;
    out.into_iter().map(|w| u64::try_from(w / g).map(|w| Chance::new(w, of)).map_err(|_| too_many())).collect()
}

fn gcd128(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd128(b, a % b) }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
