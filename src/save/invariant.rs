//! Whatever the game writes, it loads back: random play from every save
//! fixture and from campaigns made at the game's limits, saved after every
//! command, must give a file that the loader and `hexpatrol check` accept,
//! holding the same game.

use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::engine::book::scenario::Objective;
use crate::engine::campaign::PatrolPlan;
use crate::engine::vocabulary::limits::{ENEMY_NUMBERS, FILE_BYTES, MAP_SIDE, PATROLS, TERRAIN_TYPES};
use crate::engine::{Cache, Command, Name, Pos, RuleBook, Scenario, Side, Target, players::leader};

fn book() -> Arc<RuleBook> {
    crate::rules::rule_book().expect("the built-in rules load")
}

/// A one-patrol campaign of `scenario`, set out.
fn single(scenario: &Scenario, book: Arc<RuleBook>) -> Campaign {
    crate::rules::check_scenario(scenario, &book, "", "").expect("the made scenario is good");
    let mut c = Campaign::single(scenario, 5, book);
    c.begin().expect("the patrol sets out");
    c
}

/// Rows of `width` hexes, each the hedgerow map's row `r % 12` repeated.
fn rows(width: usize, height: usize) -> Vec<String> {
    let hedgerow = crate::rules::scenario("hedgerow", &book()).unwrap().rows;
    (0..height).map(|r| hedgerow[r % hedgerow.len()].chars().cycle().take(width).collect()).collect()
}

/// A map as wide as maps may be, four rows deep.
fn widest() -> Campaign {
    let b = book();
    let base = crate::rules::scenario("hedgerow", &b).unwrap();
    let mut rows = rows(MAP_SIDE as usize, 12);
    rows.drain(..8);
    let s = Scenario { rows, start: Pos::new(9, 3), objective: Objective::Reach(Pos::new(25, 1)), ..base };
    single(&s, b)
}

/// A map as tall as maps may be, sixteen hexes wide.
fn tallest() -> Campaign {
    let b = book();
    let base = crate::rules::scenario("hedgerow", &b).unwrap();
    let side = MAP_SIDE as usize;
    let s = Scenario {
        rows: rows(16, side),
        start: Pos::new(9, MAP_SIDE - 1),
        objective: Objective::Reach(Pos::new(12, MAP_SIDE - 10)),
        ..base
    };
    single(&s, b)
}

/// A rule book with as many terrain types as there may be, and a map that
/// uses the last of them.
fn most_terrain() -> Campaign {
    let mut b = (*book()).clone();
    let open = b.terrain[0].clone();
    let mut k = 0;
    while b.terrain.len() < TERRAIN_TYPES {
        let glyph = char::from_u32(0x100 + k).unwrap();
        b.terrain.push(crate::engine::book::Terrain { key: format!("open{k}").as_str().into(), glyph, ..open.clone() });
        k += 1;
    }
    crate::rules::check_rule_book(&b, "", "", "", "").expect("256 terrain types are allowed");
    let last = b.terrain[TERRAIN_TYPES - 1].glyph;
    let base = crate::rules::scenario("hedgerow", &b).unwrap();
    let rows = base.rows.iter().map(|r| r.replace('.', &last.to_string())).collect();
    single(&Scenario { rows, ..base }, Arc::new(b))
}

/// The default campaign with its counts at their limits: as many patrols
/// finished as leave room for the ones to come, and the next enemy
/// numbered as far on as may be.
fn counted_to_the_limit() -> Campaign {
    let b = book();
    let def = crate::rules::campaign("bocage", &b).unwrap();
    let mut c = def.start(3, b);
    c.begin().unwrap();
    c.finished = (PATROLS - c.plans.len()) as u32;
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c }).unwrap();
    let text = text.replacen("next_enemy: 1,", &format!("next_enemy: {ENEMY_NUMBERS},"), 1);
    parse(Path::new("limit.ron"), &text).expect("a campaign at its limits loads").campaign
}

/// Every fixture under `saves/`.
fn fixtures() -> Vec<Campaign> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut found = Vec::new();
    for version in std::fs::read_dir(&root).unwrap().flatten().map(|e| e.path()).filter(|p| p.is_dir()) {
        let mut files: Vec<_> = std::fs::read_dir(&version).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for file in files.iter().filter(|p| p.extension().is_some_and(|x| x == "ron")) {
            found.push(read(file).unwrap_or_else(|e| panic!("{e}")).campaign);
        }
    }
    assert!(found.len() >= 4, "fixtures found: {}", found.len());
    found
}

/// Every campaign the property starts from, made once.
fn starts() -> &'static [Campaign] {
    static STARTS: std::sync::OnceLock<Vec<Campaign>> = std::sync::OnceLock::new();
    STARTS.get_or_init(|| {
        let mut all = fixtures();
        all.extend([widest(), tallest(), most_terrain(), counted_to_the_limit()]);
        all
    })
}

/// One move of random play, read against the game as it stands: `kind`
/// picks what, `a` and `b` pick whom and where.
fn command(c: &Campaign, kind: u8, a: u16, b: u16) -> Option<Command> {
    let g = c.patrol.as_ref()?;
    let pick = |side: Side| {
        let ids: Vec<&Name> = g.soldiers().iter().filter(|s| s.side == side).map(|s| &s.id).collect();
        (!ids.is_empty()).then(|| ids[usize::from(a) % ids.len()].clone())
    };
    let near = || {
        let from = g.soldiers().iter().filter_map(|s| s.pos).nth(usize::from(a) % g.soldiers().len().max(1))?;
        Some(from.neighbours()[usize::from(b) % 6])
    };
    let section = || g.sections().get(usize::from(a) % g.sections().len().max(1)).map(|s| s.name.clone());
    Some(match kind % 13 {
        0..=3 => return leader::decide(g, &Cache::new()),
        12 => Command::Steer { towards: near()? },
        4 => Command::Turn,
        5 => Command::Move { section: section(), to: near()? },
        6 => Command::Fire { target: Target::Soldier(pick(Side::Enemy)?) },
        7 => Command::Hold,
        8 => Command::Split { soldiers: vec![pick(Side::Friendly)?] },
        9 => Command::Exit { section: section() },
        10 => Command::Capture { prisoner: pick(Side::Enemy)? },
        _ => Command::Call { hex: near()? },
    })
}

/// The save the game would write now: it must be written, and read back
/// as the same campaign.
fn loads_back(c: &Campaign) -> Result<(), TestCaseError> {
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c.clone() };
    let text = writable(Path::new("w.ron"), &save).map_err(|e| TestCaseError::fail(format!("not written: {e}")))?;
    let back = parse(Path::new("w.ron"), &text).map_err(|e| TestCaseError::fail(format!("not read back: {e}")))?;
    prop_assert_eq!(&back, &save);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_save_written_loads_back(
        start in 0usize..64,
        plan in prop::collection::vec((any::<u8>(), any::<u16>(), any::<u16>()), 1..32),
    ) {
        let starts = starts();
        let mut c = starts[start % starts.len()].clone();
        for (kind, a, b) in plan {
            if c.patrol.is_none() {
                let _ = c.begin();
            } else if let Some(command) = command(&c, kind, a, b) {
                // A refused command changes nothing; either way the game is saved.
                let _ = c.apply(&command, &mut Cache::new());
            }
            loads_back(&c)?;
        }
        // And through the disk, as the game saves it, for the loader and `check`.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ron");
        let slot = Slot::open(&path).unwrap();
        slot.save(&mut c, 2).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&slot.load().map_err(|e| TestCaseError::fail(e.to_string()))?, &c);
        prop_assert_eq!(crate::check::check(&path).map(|c| c.kind), Ok("campaign save"));
    }
}

/// Each start itself loads back, and the one at its counts' limits goes on
/// to the end of a patrol and past it without leaving them.
#[test]
fn the_starts_at_the_limits_load_back_and_play_on() {
    for c in starts() {
        loads_back(c).unwrap();
    }
    let mut c = counted_to_the_limit();
    let mut steps = 0;
    while c.unarchived.is_none() && steps < 5_000 {
        let Some(cmd) = c.patrol.as_ref().and_then(|g| leader::decide(g, &Cache::new())) else { break };
        c.apply(&cmd, &mut Cache::new()).unwrap();
        steps += 1;
    }
    assert!(c.unarchived.is_some(), "the patrol ended");
    loads_back(&c).unwrap();
    c.unarchived = None;
    c.begin().unwrap();
    loads_back(&c).unwrap();
}

/// A campaign of as many patrols as a campaign may have saves and loads.
#[test]
fn a_campaign_of_the_most_patrols_loads_back() {
    let b = book();
    let def = crate::rules::campaign("bocage", &b).unwrap();
    let plans: Vec<PatrolPlan> = def.plans.iter().cycle().take(PATROLS).cloned().collect();
    let mut c = Campaign::new(&def.title, &def.briefing, 1, b, plans, &def.squad, def.replacements);
    c.begin().unwrap();
    loads_back(&c).unwrap();
    c.plans.push(c.plans[1].clone());
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c };
    let e = writable(Path::new("w.ron"), &save).unwrap_err().to_string();
    assert!(e.contains("not saved") && e.contains(&format!("at most {PATROLS}")), "{e}");
}

/// Whole campaigns played by the patrol leader, on every seed tried, hold
/// together at every step: the checks refuse nothing that play makes.
#[test]
fn whole_campaigns_hold_together_at_every_step() {
    let b = book();
    let mut steps = 0;
    // Both built-in campaigns: Lone Warrior's and Combat Patrol's.
    for (name, seed) in (1..=6).map(|s| ("bocage", s)).chain((1..=4).map(|s| ("night_drop", s))) {
        let def = crate::rules::campaign(name, &b).unwrap();
        let (mut c, mut cache) = (def.start(seed, b.clone()), Cache::new());
        while !c.is_over() && steps < 200_000 {
            if c.patrol.is_none() {
                c.unarchived = None;
                if c.begin().is_err() {
                    break;
                }
            } else {
                let Some(cmd) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) else { break };
                c.apply(&cmd, &mut cache).unwrap();
            }
            steps += 1;
            if let Err(e) = crate::rules::campaign_holds(&c) {
                panic!("{name}, seed {seed}, step {steps}: {e}");
            }
        }
    }
    assert!(steps > 1_000, "only {steps} steps played");
}

/// A patrol of a map as large as maps may be, 1000 by 1000 hexes, saves
/// and loads back the same: each map in the save (the patrol's, the one
/// it set out on, the plan's) is a row of text a row, some 1 MB.
#[test]
fn the_largest_map_loads_back() {
    let b = book();
    let base = crate::rules::scenario("hedgerow", &b).unwrap();
    let side = MAP_SIDE as usize;
    let s = Scenario {
        rows: rows(side, side),
        start: Pos::new(9, MAP_SIDE - 1),
        objective: Objective::Reach(Pos::new(MAP_SIDE - 5, 2)),
        ..base
    };
    let mut c = single(&s, b);
    let cmd = leader::decide(c.patrol.as_ref().unwrap(), &Cache::new()).unwrap();
    c.apply(&cmd, &mut Cache::new()).unwrap();
    let text = to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c.clone() }).unwrap();
    assert!(text.len() < 3_500_000, "three maps of a million hexes in {} bytes", text.len());
    loads_back(&c).unwrap();
}

/// A patrol's log grows with every card: a save up to the most a file may
/// hold is written and loads back the same, and one past it is not written.
#[test]
fn a_patrol_up_to_the_file_limit_loads_back_and_past_it_is_not_written() {
    let b = book();
    let mut c = crate::rules::campaign("bocage", &b).unwrap().start(3, b);
    c.begin().unwrap();
    let mut cache = Cache::new();
    for _ in 0..100 {
        let Some(cmd) = c.patrol.as_ref().and_then(|g| leader::decide(g, &cache)) else { break };
        let before = c.clone();
        c.apply(&cmd, &mut cache).unwrap();
        if c.patrol.is_none() {
            c = before;
            break;
        }
    }
    let played = c.log[c.history.as_ref().unwrap().opening..].to_vec();
    assert!(played.len() >= 20, "{} events played", played.len());
    let size = |c: &Campaign| {
        to_text(&SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c.clone() }).unwrap().len() as u64
    };
    // What each event adds to the save, wherever it is in the log.
    let base = size(&c);
    let adds: Vec<u64> = played
        .iter()
        .map(|e| {
            let mut one = c.clone();
            one.log.push(e.clone());
            size(&one) - base
        })
        .collect();
    // As many as fit, then one more.
    let (mut total, mut fit) = (base, 0);
    while total + adds[fit % adds.len()] <= FILE_BYTES {
        total += adds[fit % adds.len()];
        fit += 1;
    }
    c.log.extend(played.iter().cycle().take(fit).cloned());
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c.clone() };
    let text = writable(Path::new("w.ron"), &save).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text.len() as u64, total, "the events add up");
    let back = parse(Path::new("w.ron"), &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.campaign, c, "read back the same");
    // One event more: not written, with a message.
    c.log.push(played[fit % played.len()].clone());
    let save = SaveFile { format_version: FORMAT_VERSION, saved_at: 1, campaign: c };
    let e = writable(Path::new("w.ron"), &save).unwrap_err().to_string();
    assert!(e.contains("not saved") && e.contains(&format!("more than the {FILE_BYTES} a save may have")), "{e}");
}
