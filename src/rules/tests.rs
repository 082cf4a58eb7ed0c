use super::*;

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
    assert!(e.to_string().contains("not a built-in scenario (hedgerow, crossroads, river)"), "{e}");
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
    assert_eq!(game.soldiers()[ruiz].weapon(), "bazooka");
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
