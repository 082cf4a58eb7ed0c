use super::*;
use crate::engine::Pos;

#[test]
fn the_built_in_rules_and_scenarios_load() {
    let book = rule_book().unwrap();
    assert_eq!(book.fire.short, 3);
    for (name, _) in SCENARIOS {
        let s = scenario(name, &book).unwrap();
        assert!(s.rows.len() >= 10 && s.rows[0].len() >= 14, "{name} is about 16x12");
        assert!((8..=10).contains(&s.squad.len()));
    }
}

fn broken_rules(from: &str, to: &str) -> DataError {
    let text = RULES_TEXT.replacen(from, to, 1);
    assert_ne!(text, RULES_TEXT, "the test's edit applies");
    parse_rule_book(RULES_FILE, &text, FORCES_FILE, FORCES_TEXT).unwrap_err()
}

fn line_col(e: &DataError) -> (usize, usize) {
    match e {
        DataError::At { line, col, .. } => (*line, *col),
        DataError::File { .. } => panic!("expected a position: {e}"),
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let e = broken_rules("cover_from: Soft)", "cover_from: Sofa)");
    let msg = e.to_string();
    assert!(msg.starts_with("assets/rules/lone_warrior.ron:"), "{msg}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "cover_from: Soft"));
}

#[test]
fn semantic_errors_point_at_the_entry() {
    let e = broken_rules("Direct(short: 2, medium: 3, long: 4)", "Direct(short: 3, medium: 2, long: 4)");
    assert!(e.to_string().contains("weapon 'rifle': bands must grow"), "{e}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "(key: \"rifle\""));

    let e = broken_rules("(rolls: (5, 6), wound: Dead)", "(rolls: (5, 5), wound: Dead)");
    assert!(e.to_string().contains("casualty_table: a roll of 6 has no entry"), "{e}");

    let e = broken_rules("group: \"sniper\", min: 3", "group: \"snyper\", min: 3");
    assert!(e.to_string().contains("no group 'snyper'"), "{e}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "group: \"sniper\", min: 3"));
}

#[test]
fn arsenal_errors_point_at_the_entry() {
    let e = broken_rules("(key: \"truck\",", "(key: \"jeep\",");
    assert!(e.to_string().contains("vehicle 'jeep' is listed twice"), "{e}");
    let e = broken_rules("name: \"cavalry\",               cards: 2", "name: \"cavalry\",               cards: 0");
    assert!(e.to_string().contains("vehicle 'cavalry': cards must be 1 to 10"), "{e}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "(key: \"cavalry\""));
    let e = broken_rules("point_blank: 2, normal: Some(5), extreme: 8", "point_blank: 2, normal: Some(9), extreme: 8");
    assert!(e.to_string().contains("A/T weapon 'at_gun': need 1 <= point_blank < normal < extreme"), "{e}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "(key: \"at_gun\""));
    let e = broken_rules("(rolls: (6, 6), damage: Destroyed)", "(rolls: (5, 6), damage: Destroyed)");
    assert!(e.to_string().contains("extreme_damage: a roll of 5 has more than one entry"), "{e}");
    let e = broken_rules("soft_skin_destroyed_from: 4", "soft_skin_destroyed_from: 7");
    assert!(e.to_string().contains("high_explosive:"), "{e}");
}

#[test]
fn scenario_errors_point_at_the_bad_hex() {
    let book = rule_book().unwrap();
    let (_, text) = SCENARIOS[0];
    let row = "..~~~..,,=..TTT.";
    let broken = text.replacen(row, "..~~~..,,=..TQT.", 1);
    let e = parse_scenario("my.ron", &broken, &book).unwrap_err();
    let (line, col) = line_col(&e);
    assert_eq!(line, line_of(text, row));
    let quote = broken.lines().nth(line - 1).unwrap().find('"').unwrap();
    assert_eq!(col, quote + 2 + 13, "column of the Q");
    assert!(e.to_string().contains("unknown terrain 'Q' in row 3"), "{e}");

    let e = parse_scenario("my.ron", &text.replacen("start: (9, 11)", "start: (99, 11)", 1), &book).unwrap_err();
    assert!(e.to_string().contains("start 99,11 is off the 16x12 map"), "{e}");
    let e = parse_scenario("my.ron", &text.replacen("\"Ruiz\"", "\"Baker\"", 1), &book).unwrap_err();
    assert!(e.to_string().contains("two men called 'Baker'"), "{e}");
    let e = parse_scenario("my.ron", "Scenario(", &book).unwrap_err();
    assert!(e.to_string().starts_with("my.ron:1:"), "{e}");
}

#[test]
fn an_unknown_scenario_name_says_what_exists() {
    let book = rule_book().unwrap();
    let e = scenario("no-such-place", &book).unwrap_err();
    assert!(
        e.to_string().contains(
            "not a built-in scenario (hedgerow, crossroads, river, orchard, ridge, orchard_road, panzer_road, mesnil)"
        ),
        "{e}"
    );
}

#[test]
fn scenario_mistakes_a_player_makes() {
    let book = rule_book().unwrap();
    let (_, text) = SCENARIOS[0];
    let check = |edited: String, want: &str, line_with: Option<&str>| {
        let e = parse_scenario("my.ron", &edited, &book).unwrap_err();
        assert!(e.to_string().contains(want), "wanted '{want}' in: {e}");
        if let Some(needle) = line_with {
            assert_eq!(line_col(&e).0, line_of(&edited, needle), "{e}");
        }
    };
    check(text.replacen("weapon: \"rifle\")", "weapon: \"mortar\")", 1), "the squad has aimed weapons only", None);
    check(text.replacen("\"Ruiz\"", "\"BAKER\"", 1), "two men called 'BAKER'", Some("\"BAKER\""));
    check(text.replacen("briefing:", "brief:", 1), "brief", Some("brief:"));
    check(text.replacen("home_edge: South,", "home_edge: South,\n    colour: \"red\",", 1), "colour", Some("colour"));
    let no_squad = {
        let a = text.find("squad: [").unwrap();
        format!("{}squad: [],\n)\n", &text[..a])
    };
    check(no_squad, "squad: nobody in it", Some("squad: []"));
    // A byte-order mark at the start is not an error.
    assert!(parse_scenario("my.ron", &format!("\u{feff}{text}"), &book).is_ok());
}

#[test]
fn a_company_level_scenario_is_a_platoon_of_teams_in_squads() {
    let book = rule_book().unwrap();
    let text = SCENARIOS.iter().find(|(k, _)| *k == "ridge").unwrap().1;
    assert!(parse_scenario("ridge.ron", text, &book).is_ok());
    for (from, to, want, at) in [
        ("weapon: \"rifle_team\",    squad: Some(2)),", "weapon: \"rifle_team\"),", "Price has no squad", "\"Price\""),
        (
            "\"rifle_mg_team\", squad: Some(3)",
            "\"rifle_mg_team\", squad: Some(0)",
            "squads are numbered from 1",
            "\"Moreno\"",
        ),
        ("weapon: \"mg_team\"", "weapon: \"mg\"", "'mg' is not a kind of team", "\"Walsh\""),
        ("Reconnoitre([(8, 1), (12, 3)])", "Prisoner((8, 1))", "no prisoner is ever taken", "objective:"),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "the edit applies: {from}");
        let e = parse_scenario("ridge.ron", &edited, &book).unwrap_err();
        assert!(e.to_string().contains(want), "wanted '{want}' in: {e}");
        assert_eq!(line_col(&e).0, line_of(&edited, at), "{e}");
    }
    // A squad on a Lone Warrior man means nothing, and says so.
    let (_, hedgerow) = SCENARIOS[0];
    let edited = hedgerow.replacen("weapon: \"rifle\")", "weapon: \"rifle\", squad: Some(1))", 1);
    let e = parse_scenario("my.ron", &edited, &book).unwrap_err();
    assert!(e.to_string().contains("only rules of teams and squads read"), "{e}");
}

#[test]
fn a_built_in_scenario_can_be_named_by_its_title() {
    let book = rule_book().unwrap();
    assert_eq!(scenario("hedgerow farm", &book).unwrap().name, "Hedgerow Farm");
}

#[test]
fn a_lost_support_weapon_is_reissued_to_a_rifleman() {
    use crate::engine::Event;
    let book = rule_book().unwrap();
    let mut c = campaign(default_campaign_name(), &book).unwrap().start(1, book);
    assert_eq!(c.kit, ["mg", "bazooka"], "the squad began with both");
    // Novak and his bazooka were lost on an earlier patrol.
    c.roster.retain(|m| m.name != "Novak");
    let events = c.begin().unwrap();
    let reissued: Vec<(String, String)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Reissued { soldier, weapon } => Some((soldier.to_string(), weapon.to_string())),
            _ => None,
        })
        .collect();
    assert_eq!(reissued, [("Ruiz".to_string(), "bazooka".to_string())], "the first rifleman, not the leader");
    let game = c.patrol.as_ref().unwrap();
    let ruiz = game.find("Ruiz").unwrap();
    assert_eq!(game.soldiers()[ruiz].weapon(game.book()), "bazooka");
    // With the MG and the bazooka both in the squad, nothing is handed out.
    let book = rule_book().unwrap();
    let mut c = campaign(default_campaign_name(), &book).unwrap().start(1, book);
    let events = c.begin().unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Reissued { .. })));
}

#[test]
fn names_an_enemy_could_be_given_are_refused_for_rookies_and_replacements() {
    let e = broken_rules("\"Abbott\"", "\"G7\"");
    assert!(e.to_string().contains("rookie name 'G7' cannot be a name"), "{e}");
    assert_eq!(line_col(&e).0, line_of(RULES_TEXT, "\"Abbott\""));
    let book = rule_book().unwrap();
    let (_, text) = CAMPAIGNS[0];
    let broken = text.replacen("name: \"Walsh\"", "name: \"v12\"", 1);
    assert_ne!(broken, text, "the test's edit applies");
    let e = parse_campaign("bocage.ron", &broken, &book).unwrap_err();
    assert!(e.to_string().contains("replacements: 'v12' cannot be a name"), "{e}");
    assert_eq!(line_col(&e).0, line_of(text, "\"Walsh\""));
}

/// The scenario file the player wrote, the same as the built-in one at
/// `key` with `from` written `to`; checked against the built-in rules.
fn edited_scenario(key: &str, from: &str, to: &str) -> Result<Scenario, DataError> {
    let text = SCENARIOS.iter().find(|(k, _)| *k == key).unwrap().1;
    let edited = text.replacen(from, to, 1);
    assert_ne!(edited, text, "the test's edit applies");
    parse_scenario("mine.ron", &edited, &rule_book().unwrap())
}

/// A map past the limits of a save, or a start with no way home, is
/// refused where the scenario is read, not once its save will not load.
#[test]
fn scenarios_past_the_limits_are_refused_where_they_are_read() {
    let row = format!("\"{}\",", ".".repeat(1001));
    let wide = edited_scenario("hedgerow", "\"TT..hh..BB..TT..\",", &format!("{}\n{row}", "")).unwrap_err();
    assert!(wide.to_string().contains("each side may have 1 to 1000"), "{wide}");
    let tall = edited_scenario("hedgerow", "rows: [", &format!("rows: [{}", "\"................\",".repeat(1000)))
        .unwrap_err();
    assert!(tall.to_string().contains("a map of 16x1012"), "{tall}");
    // A start hex walled in by water.
    let book = rule_book().unwrap();
    let mut s = scenario("hedgerow", &book).unwrap();
    for (r, row) in s.rows.iter_mut().enumerate().take(3) {
        let wall = if r == 1 { "~.~" } else { "~~~" };
        *row = format!("{wall}{}", &row[3..]);
    }
    s.start = Pos::new(1, 1);
    let e = check_scenario(&s, &book, "mine.ron", "").unwrap_err();
    assert!(e.to_string().contains("start 1,1 has no way to the home edge"), "{e}");
    s.rows[2].replace_range(1..2, ".");
    check_scenario(&s, &book, "mine.ron", "").expect("one hex opened lets the patrol out");
}

/// A rule book of more terrain types than a map can number is refused.
#[test]
fn a_rule_book_past_256_terrain_types_is_refused() {
    let extra: String = (0..250)
        .map(|k| {
            let glyph = char::from_u32(0x100 + k).unwrap();
            format!(
                "(key: \"t{k}\", name: \"t\", glyph: '{glyph}', incident_modifier: 0, cover: None, blocks_sight: false, passable: true),\n"
            )
        })
        .collect();
    let e = broken_rules("terrain: [", &format!("terrain: [{extra}"));
    assert!(e.to_string().contains("257 types; a rule book has 1 to 256"), "{e}");
}

/// A rules file that some built-in scenario does not fit still plays the
/// scenarios it fits, by name or from a file.
#[test]
fn own_rules_are_checked_against_the_scenario_played_only() {
    // Crossroads brings a tank in place of the incident table's mortar group; these rules have none.
    let text =
        RULES_TEXT.replacen("Enemy(group: \"mortar\", min: 4, max: 6", "Enemy(group: \"sniper\", min: 3, max: 4", 1);
    let book = parse_rule_book(RULES_FILE, &text, FORCES_FILE, FORCES_TEXT).unwrap();
    assert!(scenario("crossroads", &book).is_err());
    assert!(scenario("river", &book).is_ok());
    assert!(scenario("Hedgerow", &book).is_ok());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("myriver.ron");
    std::fs::write(&path, SCENARIOS.iter().find(|(k, _)| *k == "river").unwrap().1).unwrap();
    scenario(path.to_str().unwrap(), &book).expect("a scenario file the rules fit");
}

/// As written a sniper's first shot is his card's point: a rule book that
/// places him beyond his rifle's reach is refused, at the entry; one that
/// keeps the first shot to the table (as books before house rules did) is not.
#[test]
fn snipers_are_placed_where_their_first_shot_reaches() {
    let far =
        RULES_TEXT.replacen("Enemy(group: \"sniper\", min: 3, max: 4", "Enemy(group: \"sniper\", min: 3, max: 5", 1);
    let e = parse_rule_book(RULES_FILE, &far, FORCES_FILE, FORCES_TEXT).unwrap_err();
    assert!(e.to_string().contains("placed up to 5 hexes away, but its Scharfschütze's rifle reaches 4"), "{e}");
    assert!(e.to_string().starts_with("assets/rules/lone_warrior.ron:65:"), "{e}");
    let by_table = far.replacen("first_shot_by_the_table: false", "first_shot_by_the_table: true", 1);
    parse_rule_book(RULES_FILE, &by_table, FORCES_FILE, FORCES_TEXT).expect("the old placement, by the house rule");
}

/// Replacements carry what the squad may carry, and a replacement's
/// problem is pointed at his own entry.
#[test]
fn replacements_are_held_to_the_squads_rules() {
    let book = rule_book().unwrap();
    let text = CAMPAIGNS[0].1;
    let mortar = text.replacen(
        "(name: \"Walsh\",     rank: \"Pvt\", weapon: \"rifle\")",
        "(name: \"Walsh\", rank: \"Pvt\", weapon: \"mortar\")",
        1,
    );
    assert_ne!(mortar, text);
    let e = parse_campaign("c.ron", &mortar, &book).unwrap_err();
    assert!(e.to_string().contains("Walsh cannot carry the mortar"), "{e}");
    assert_eq!(line_col(&e).0, line_of(&mortar, "\"Walsh\""));
    let squad_name = campaign(default_campaign_name(), &book).unwrap().squad[2].name.clone();
    let twice = text.replacen("\"Walsh\"", &format!("\"{squad_name}\""), 1);
    let e = parse_campaign("c.ron", &twice, &book).unwrap_err();
    assert!(e.to_string().contains("is already on the roll"), "{e}");
    let after = twice.find("replacements:").unwrap();
    assert_eq!(line_col(&e).0, twice[..after].lines().count() + 1, "{e}");
}

/// A player's own rule book without a weapon that the built-in Combat
/// Patrol tables mention (an older book, before the light MG) still loads:
/// the built-in tables leave that weapon out. His own Combat Patrol part
/// that names a weapon his book lacks is refused, at the weapon.
#[test]
fn the_built_in_combat_patrol_tables_fit_a_book_without_their_weapons() {
    let lmg = RULES_TEXT.lines().find(|l| l.contains("(key: \"lmg\"")).expect("the book's light MG");
    let older = RULES_TEXT.replacen(lmg, "", 1);
    assert_ne!(older, RULES_TEXT);
    let book = parse_rule_book(RULES_FILE, &older, FORCES_FILE, FORCES_TEXT).expect("an older book loads");
    let cp = crate::engine::ruleset::combat_patrol::tables_in(&book).unwrap();
    assert!(cp.profile("lmg").is_none() && cp.feed("lmg").is_none());
    assert!(cp.profile("mg").is_some() && cp.feed("mg").is_some(), "the rest are kept");
    // His own tables are his to keep right.
    let body = older.trim_end().strip_suffix(')').expect("the book closes");
    let own = format!("{body}    combat_patrol: Some({COMBAT_PATROL_TEXT}),\n)");
    let e = parse_rule_book(RULES_FILE, &own, FORCES_FILE, FORCES_TEXT).unwrap_err();
    assert!(e.to_string().contains("weapons: 'lmg' is not a weapon of the rule book"), "{e}");
    assert!(e.to_string().starts_with(RULES_FILE), "{e}");
}

/// A man whose name an earlier man of the roll already has is pointed at
/// on his own line: a replacement named as an earlier replacement, a man of
/// a campaign's squad named as an earlier one (not at the first patrol,
/// which checks the squad too).
#[test]
fn a_second_man_of_one_name_is_pointed_at_on_his_own_line() {
    let book = rule_book().unwrap();
    let text = CAMPAIGNS[0].1;
    // Okafor comes after Walsh among the replacements.
    let twice = text.replacen("\"Okafor\"", "\"Walsh\"", 1);
    assert_ne!(twice, text);
    let e = parse_campaign("c.ron", &twice, &book).unwrap_err();
    assert!(e.to_string().contains("replacements: 'Walsh' is already on the roll"), "{e}");
    assert_eq!(line_col(&e).0, line_of(text, "\"Okafor\""), "{e}");
    // Mills comes after Baker in the squad.
    let squad = text.replacen("\"Mills\"", "\"Baker\"", 1);
    let e = parse_campaign("c.ron", &squad, &book).unwrap_err();
    assert!(e.to_string().contains("squad: 'Baker' is already on the roll"), "{e}");
    assert_eq!(line_col(&e).0, line_of(text, "\"Mills\""), "{e}");
    // A weapon the squad may not carry, at the man who carries it.
    let mortar = text.replacen(
        "\"Dunn\",     rank: \"Pvt\", weapon: \"rifle\"",
        "\"Dunn\", rank: \"Pvt\", weapon: \"mortar\"",
        1,
    );
    assert_ne!(mortar, text);
    let e = parse_campaign("c.ron", &mortar, &book).unwrap_err();
    assert!(e.to_string().contains("squad: Dunn cannot carry the mortar"), "{e}");
    assert_eq!(line_col(&e).0, line_of(text, "\"Dunn\""), "{e}");
}

/// A campaign takes only the ground of a built-in map: the map's own
/// forces are not judged against a rules file of the player's own, and a
/// patrol's own forces that the file does not fit are reported in the
/// campaign file.
#[test]
fn a_campaign_on_a_built_in_map_is_checked_against_its_own_patrols_only() {
    // These rules have no mortar group: Crossroads' own forces ({"mortar": "tank"}) do not fit them.
    let text =
        RULES_TEXT.replacen("Enemy(group: \"mortar\", min: 4, max: 6", "Enemy(group: \"sniper\", min: 3, max: 4", 1);
    let book = parse_rule_book(RULES_FILE, &text, FORCES_FILE, FORCES_TEXT).unwrap();
    let mine = r#"Campaign(
    name: "Mine",
    briefing: "b",
    squad: [(name: "Brennan", rank: "Lt", weapon: "pistol"), (name: "Baker", rank: "Sgt", weapon: "smg")],
    patrols: [
        (name: "1", briefing: "b", map: "crossroads", objective: Reach((7, 4))),
    ],
)"#;
    let c = parse_campaign("mine.ron", mine, &book).expect("the patrol brings no forces of its own");
    assert!(c.plans[0].scenario.forces.is_empty());
    let e = parse_campaign("bocage.ron", CAMPAIGNS[0].1, &book).unwrap_err();
    assert!(e.to_string().starts_with("bocage.ron:"), "{e}");
    assert!(e.to_string().contains("patrol '2. Eyes on the Crossroads'"), "{e}");
    // With the built-in rules the campaign still finds a map's ground it cannot walk.
    let walled = mine.replacen("Reach((7, 4))", "Reach((12, 8))", 1);
    let e = parse_campaign("mine.ron", &walled, &rule_book().unwrap()).unwrap_err();
    assert!(e.to_string().contains("cannot be entered"), "{e}");
}

/// A rules file of the player's own without Combat Patrol's tables is not
/// judged by the built-in ones where they do not fit it (they name the
/// weapons they give ranges for): it plays Lone Warrior, and a Combat
/// Patrol scenario is refused with it as the scenario is read.
#[test]
fn own_rules_are_not_judged_by_built_in_tables_they_did_not_give() {
    let text = RULES_TEXT.replace("\"pistol\"", "\"revolver\"");
    assert_ne!(text, RULES_TEXT);
    let book = Arc::new(parse_rule_book(RULES_FILE, &text, FORCES_FILE, FORCES_TEXT).expect("a book without pistols"));
    assert!(crate::engine::ruleset::combat_patrol::tables_in(&book).is_none());
    assert!(
        crate::engine::ruleset::combat_patrol::tables_in(&rule_book().unwrap()).is_some(),
        "the built-in book keeps its tables"
    );
    let read = |key: &str| {
        let (_, scenario_text) = SCENARIOS.iter().find(|(k, _)| *k == key).unwrap();
        parse_scenario("mine.ron", &scenario_text.replace("\"pistol\"", "\"revolver\""), &book)
    };
    let s = read("hedgerow").expect("a Lone Warrior scenario is good");
    crate::engine::Game::new(book.clone(), &s, 1).expect("and plays");
    // A Combat Patrol scenario is refused as it is read, at its rule set.
    let e = read("orchard").unwrap_err();
    assert!(e.to_string().contains("rules: the rule book lacks the tables the rule set CombatPatrol plays by"), "{e}");
    let (_, orchard) = SCENARIOS.iter().find(|(k, _)| *k == "orchard").unwrap();
    assert_eq!(line_col(&e).0, line_of(orchard, "rules:"), "{e}");
    // And its game is saved and read back.
    let (_, hedgerow) = SCENARIOS.iter().find(|(k, _)| *k == "hedgerow").unwrap();
    let s = parse_scenario("mine.ron", &hedgerow.replace("\"pistol\"", "\"revolver\""), &book).unwrap();
    let mut c = crate::engine::campaign::Campaign::single(&s, 1, book.clone());
    c.begin().unwrap();
    let save = crate::save::SaveFile { format_version: crate::save::FORMAT_VERSION, saved_at: 0, campaign: c };
    let text = crate::save::writable(std::path::Path::new("w.ron"), &save).expect("its save is written");
    assert_eq!(crate::save::parse(std::path::Path::new("w.ron"), &text).expect("and read back"), save);
}

/// Combat Patrol's spray, arc and ammunition in a player's own rules file
/// are checked, each fault named at its place.
#[test]
fn bad_sweeps_and_ammunition_are_refused_where_they_are_written() {
    let body = RULES_TEXT.trim_end().strip_suffix(')').expect("the book closes");
    let with = |edit: &dyn Fn(&str) -> String| {
        let own = format!("{body}    combat_patrol: Some({}),\n)", edit(COMBAT_PATROL_TEXT));
        (parse_rule_book(RULES_FILE, &own, FORCES_FILE, FORCES_TEXT), own)
    };
    assert!(with(&|t| t.to_string()).0.is_ok(), "the built-in tables as a player's own");
    for (from, to, says) in [
        ("degrees: 45", "degrees: 0", "machine_gun: an arc of 1 to 180 degrees"),
        ("bullets: (dice: 1, sides: 2, less: 1)", "bullets: (dice: 1, sides: 2, less: 2)", "machine_gun:"),
        ("bullets: (dice: 1, sides: 2, less: 1)", "bullets: (dice: 3, sides: 6, less: 1)", "0 to 6 bullets"),
        ("spray: (inches: 3, reaction: 2,", "spray: (inches: 3, reaction: 20,", "spray:"),
        ("near: (sides: 6, struck: 1)", "near: (sides: 6, struck: 6)", "near a die of 2 to 100 sides"),
        ("Magazine(bursts: 2, sides: 10, again: 5)", "Magazine(bursts: 2, sides: 10, again: 10)", "'lmg'"),
        ("Belt(bursts: 4, actions: 3)", "Belt(bursts: 0, actions: 3)", "'mg': 1 to 50 bursts"),
    ] {
        let (result, _) = with(&|t| t.replacen(from, to, 1));
        let e = result.expect_err(to).to_string();
        assert!(e.contains(says) && e.starts_with(RULES_FILE), "{to}: {e}");
    }
    // A weapon twice, pointed at the second entry; one the book lacks, at its entry.
    let twice = "(weapon: \"piat\",    feed: Limited(uses: 3)),";
    let (result, own) =
        with(&|t| t.replacen(twice, &format!("{twice}\n        (weapon: \"mg\", feed: Limited(uses: 2)),"), 1));
    let e = result.unwrap_err();
    assert!(e.to_string().contains("ammunition: 'mg' is listed twice"), "{e}");
    assert_eq!(line_col(&e).0, line_of(&own, "(weapon: \"mg\", feed: Limited"), "{e}");
    let (result, own) = with(&|t| t.replacen("(weapon: \"piat\",", "(weapon: \"flamer\",", 1));
    let e = result.unwrap_err();
    assert!(e.to_string().contains("ammunition: 'flamer' is not a weapon of the rule book"), "{e}");
    assert_eq!(line_col(&e).0, line_of(&own, "\"flamer\""), "{e}");
}

/// Combat Patrol tables written before the spray, the arc and ammunition
/// (the first Combat Patrol saves hold such a book) read with the article's
/// spray and arc and no ammunition that runs out.
#[test]
fn combat_patrol_tables_without_sweeps_or_ammunition_still_read() {
    let start = COMBAT_PATROL_TEXT.find("    spray:").expect("the spray's entry");
    let end = COMBAT_PATROL_TEXT.rfind(')').unwrap();
    let older = format!("{}{}", &COMBAT_PATROL_TEXT[..start], &COMBAT_PATROL_TEXT[end..]);
    assert!(!older.contains("ammunition") && !older.contains("machine_gun:"));
    let t: crate::engine::ruleset::combat_patrol::tables::CombatPatrol =
        ron::from_str(&older).expect("an older table reads");
    assert!(t.ammunition.is_empty());
    assert_eq!((t.spray.inches, t.spray.reaction, t.machine_gun.degrees, t.machine_gun.reaction), (3, 2, 45, 1));
}

/// The company-level tables in a player's own rules file are checked, each
/// fault named at its line and column; a book without them has the
/// built-in ones; a game played by another rule set keeps none of them.
#[test]
fn company_tables_are_checked_where_they_are_written_and_kept_only_by_their_own_games() {
    let body = RULES_TEXT.trim_end().strip_suffix(')').expect("the book closes");
    let with = |edit: &dyn Fn(&str) -> String| {
        let own = format!("{body}    company: Some({}),\n)", edit(super::COMPANY_TEXT));
        (parse_rule_book(RULES_FILE, &own, FORCES_FILE, FORCES_TEXT), own)
    };
    assert!(with(&|t| t.to_string()).0.is_ok(), "the built-in tables as a player's own");
    for (from, to, says) in [
        ("moves: (open: 2, difficult: 1)", "moves: (open: 1, difficult: 2)", "moves: 1 <= difficult <= open"),
        ("range: 4, rof: 3", "range: 4, rof: 0", "'mg_team' fires 1 to 10 dice"),
        ("rof: 2, moving: Rof(1)", "rof: 2, moving: Rof(3)", "'rifle_mg_team' fires 1 to 2 dice on the move"),
        ("key: \"smg_team\"", "key: \"mg_team\"", "'mg_team' is listed twice"),
        ("firing_die: [Infantry, Infantry, Infantry,", "firing_die: [Blank, Blank, Blank,", "at least one Infantry"),
        ("saving_die: [Cover, Cover, Cover, Concealed, Veteran, Blank]", "saving_die: [Cover]", "2 to 20 faces"),
        ("conscript_halves: 2", "conscript_halves: 0", "pinning:"),
        ("cards_per_team: 1", "cards_per_team: 0", "cards_per_team: 1 to 10"),
        ("difficult: [\"woods\"", "difficult: [\"swamp\"", "no terrain 'swamp'"),
        ("(rolls: (4, 4), ", "(rolls: (4, 5), ", "incident_table: a roll of 5 has more than one entry"),
        ("kind: Enemy(group: \"mg_team\"", "kind: Enemy(group: \"panzers\"", "no squad 'panzers'"),
        ("weapon: \"smg_team\"", "weapon: \"smg\"", "'smg' is not a kind of team"),
    ] {
        let (got, own) = with(&|t| t.replacen(from, to, 1));
        let e = got.expect_err(says);
        let DataError::At { line, col, ref message, .. } = e else { panic!("{e}") };
        assert!(message.contains(says), "{message}");
        // The line and column are where the fault is written.
        let at_line = own.lines().nth(line - 1).unwrap_or("");
        // The quoted name the message gives, else the key the edit or the message starts with.
        let quoted = says.split('\'').nth(1);
        let keys = [from.split(':').next().unwrap(), says.split(':').next().unwrap()];
        let words: Vec<&str> = quoted.map_or(keys.to_vec(), |k| vec![k]);
        assert!(
            words.iter().any(|w| at_line[col - 1..].starts_with(w) || at_line.contains(w)),
            "{line}:{col} {at_line:?} for {says}"
        );
        // In the company-level part, below the Lone Warrior part's same words.
        assert!(line > own.lines().position(|l| l.contains("company: Some(")).unwrap(), "{line}: {says}");
    }
    let book = rule_book().unwrap();
    assert!(crate::engine::ruleset::company::tables_in(&book).is_some(), "the built-in book has the built-in tables");
    for rules in [crate::engine::RuleSet::default(), crate::engine::RuleSet::named("CombatPatrol").unwrap()] {
        let kept = rules.book_for(&book).expect("another rule set's tables are left out");
        assert!(crate::engine::ruleset::company::tables_in(&kept).is_none(), "{rules}");
    }
}

/// European Battlefield's tables, mistaken as a player might: each refused
/// with its line and column.
#[test]
fn european_battlefield_table_mistakes_are_placed() {
    use crate::engine::ruleset::european::tables::European;
    let book = rule_book().unwrap();
    let terrain: Vec<crate::engine::vocabulary::name::Name> = book.terrain.iter().map(|t| t.key.clone()).collect();
    let weapons: Vec<crate::engine::vocabulary::name::Name> = book.weapons.iter().map(|w| w.key.clone()).collect();
    let vehicles: Vec<crate::engine::vocabulary::name::Name> =
        book.arsenal.vehicles.iter().map(|v| crate::engine::vocabulary::name::Name::from(v.key.as_str())).collect();
    for (from, to, want) in [
        ("rof: 2, notes: [SA], blade: true", "rof: 0, notes: [SA], blade: true", "weapons: 'rifle': strength 1 to 10"),
        ("(weapon: \"lmg\",", "(weapon: \"flamer\",", "the rule book has no weapon 'flamer'"),
        ("(rolls: (12, 12),", "(rolls: (11, 12),", "a roll of 11 has more than one entry"),
        ("group: \"squad\"", "group: \"platoon\"", "no group 'platoon' in the forces"),
        ("difficult: [\"woods\"", "difficult: [\"jungle\"", "no terrain 'jungle'"),
        ("[N(4), N(5), N(5), N(6)", "[N(7), N(5), N(5), N(6)", "every need is 2 to 6"),
        (
            "support: [\"mg_team\", \"sniper\"",
            "support: [\"mg_team\", \"zeppelin\"",
            "army: no group 'zeppelin' in forces",
        ),
        (
            "support: [\"mg_team\", \"sniper\", \"squad\", \"pak_team\", \"flak_team\"]",
            "support: []",
            "army: 1 to 6 support units",
        ),
        ("radio: \"Funker\"", "radio: \"Funkerin\"", "its radio operator 'Funkerin' a role"),
        ("shield: Some(5)", "shield: Some(7)", "saves: each a need of 2 to 6"),
        ("defense: 6,", "defense: 0,", "a defense of 1 to 10"),
        ("kind: \"halftrack\", armour", "kind: \"hovercraft\", armour", "no vehicle type 'hovercraft'"),
        ("(rolls: (3, 4), ko: MustMove)", "(rolls: (3, 5), ko: MustMove)", "ko_chart: bands of 1 to 6"),
        ("main_gun: Some(\"tank_gun\")", "main_gun: Some(\"flak\")", "no weapon profile 'flak'"),
        (
            "vehicle: Some(\"medium_tracked\")",
            "vehicle: Some(\"slow_tracked\")",
            "the vehicle 'Panzer IV' has no profile",
        ),
        ("wounds: 3,", "wounds: 0,", "'Panzer IV': armour and defense 1 to 10"),
        // Indirect fire's numbers, each at its own line.
        ("hit_scatter: 1", "hit_scatter: 9", "scatter dice at most 6"),
        ("smoke_clears: (2, 3)", "smoke_clears: (3, 2)", "smoke clears on totals of 2d6"),
        ("arrive: 5", "arrive: 7", "air needs 1 to 6 on a die"),
        (
            "notes: [Heavy, Smoke], template: Some(0)",
            "notes: [Heavy, Smoke]",
            "'mortar' is h-class: it needs a template",
        ),
        ("missions: 3,", "missions: 300,", "missions at most 100"),
    ] {
        let text = EUROPEAN_TEXT.replacen(from, to, 1);
        assert_ne!(text, EUROPEAN_TEXT, "{from}");
        let t: European = ron::from_str(&text).unwrap();
        let e =
            super::check_european(&t, (&terrain, &weapons, &vehicles), "eb.ron", &text).expect_err(from).to_string();
        assert!(e.starts_with("eb.ron:") && e.contains(want), "{want}: {e}");
        let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
        assert!(line > 1, "{e}");
    }
}

/// Under European Battlefield a man must carry a weapon with a profile
/// (the one he aims at men): the scenario says whose is not.
#[test]
fn a_european_battlefield_man_needs_a_weapon_with_a_profile() {
    let mut book = (*rule_book().unwrap()).clone();
    let (_, text) = SCENARIOS.iter().find(|(k, _)| *k == "orchard_road").unwrap();
    // A bazooka man fires his pistol at men, which has one.
    let bazooka = text.replacen("weapon: \"lmg\"", "weapon: \"bazooka\"", 1);
    assert_ne!(&bazooka, text);
    parse_scenario("my.ron", &bazooka, &book).expect("the pistol he aims has a profile");
    // A book whose tables leave the light machine gun out.
    crate::engine::ruleset::european::tables_in_mut(&mut book).unwrap().weapons.retain(|w| w.weapon != "lmg");
    let e = parse_scenario("my.ron", text, &book).unwrap_err().to_string();
    assert!(e.contains("squad: Brandt's weapon 'lmg' has no profile under EuropeanBattlefield"), "{e}");
}

/// A scenario's battery names men of its squad, and only European
/// Battlefield's rules have one: each mistake at its place.
#[test]
fn a_battery_names_men_of_the_squad_under_european_battlefield() {
    let book = rule_book().unwrap();
    let (_, text) = SCENARIOS.iter().find(|(k, _)| *k == "mesnil").unwrap();
    for (from, to, want) in [
        ("radio: \"Ames\"", "radio: \"Smith\"", "battery: no man of the squad is called 'Smith'"),
        ("Some(\"Lucas\")", "Some(\"Lucan\")", "battery: no man of the squad is called 'Lucan'"),
        ("rules: EuropeanBattlefield,", "", "only European Battlefield's rules"),
    ] {
        // Under Lone Warrior the mortar team is no group of its forces either.
        let bad = text
            .replacen(from, to, 1)
            .replace("encounters: [(at: (7, 7), group: \"mortar_team\", min: 5, max: 7)],", "");
        assert_ne!(&bad, text, "{from}");
        let e = parse_scenario("mesnil.ron", &bad, &book).unwrap_err().to_string();
        assert!(e.starts_with("mesnil.ron:") && e.contains(want), "{want}: {e}");
    }
}

#[test]
fn an_encounter_carries_only_a_group_its_transport_can_take() {
    let book = rule_book().unwrap();
    let text = SCENARIOS.iter().find(|(k, _)| *k == "panzer_road").unwrap().1;
    assert!(parse_scenario("panzer_road.ron", text, &book).is_ok());
    let carried = "carrying: Some(\"panzergrenadiers\")";
    let (halftrack, panzer) = ("group: \"halftrack\"", "group: \"panzer\"");
    for (from, to, want, at) in [
        (carried, "carrying: Some(\"nobody\")", "no forces group 'nobody'", halftrack),
        (carried, "carrying: Some(\"panzer\")", "has a vehicle: a transport carries men", halftrack),
        (
            "group: \"panzer\", min: 3, max: 5)",
            "group: \"panzer\", min: 3, max: 5, carrying: Some(\"squad\"))",
            "the Panzer IV is no transport",
            panzer,
        ),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "the edit applies: {from}");
        let e = parse_scenario("panzer_road.ron", &edited, &book).unwrap_err();
        assert!(e.to_string().contains(want), "wanted '{want}' in: {e}");
        assert_eq!(line_col(&e).0, line_of(&edited, at), "{e}");
    }
}

/// A campaign that does not hold together says which part and which man, as a type.
#[test]
fn a_campaign_that_does_not_hold_together_says_where_as_a_type() {
    let book = rule_book().unwrap();
    let mut c = campaign(default_campaign_name(), &book).unwrap().start(1, book.clone());
    assert_eq!(campaign_holds(&c), Ok(()));
    // The roster is the first patrol's squad, so its man is refused with that patrol's map.
    let mut broken = c.clone();
    broken.roster[0].weapon = "mortar".into();
    let e = campaign_holds(&broken).unwrap_err();
    assert!(matches!(&e, Unsound::Plan { message, .. } if message.contains("cannot carry the mortar")), "{e:?}");
    let mut broken = c.clone();
    let man = crate::engine::book::scenario::Member {
        name: "Hale".into(),
        rank: "Pvt".into(),
        weapon: "mortar".into(),
        veteran: false,
        medic: false,
        squad: None,
        conscript: false,
    };
    broken.replacements.insert(0, man);
    match campaign_holds(&broken) {
        Err(Unsound::Carried(CarryError::Mortar { list, name, weapon })) => {
            assert_eq!((list.as_str(), name.as_str(), weapon.as_str()), ("replacements", "Hale", "mortar"));
        }
        other => panic!("a mortar among the replacements: {other:?}"),
    }
    c.kit.push("no such gun".into());
    let e = campaign_holds(&c).unwrap_err();
    assert!(matches!(&e, Unsound::Carried(CarryError::Unknown { list, .. }) if list == "kit"), "{e:?}");
    // The words a player reads are the same as ever.
    assert_eq!(e.to_string(), "kit: the rifleman it is reissued to has unknown weapon 'no such gun'");
}
