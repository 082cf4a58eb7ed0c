use super::*;

#[test]
fn every_command_round_trips_through_text() {
    let cmds = [
        Command::Move { section: None, to: Pos::new(3, 4) },
        Command::Move { section: Some("B".into()), to: Pos::new(10, 0) },
        Command::Split { soldiers: vec!["Hughes".into(), "Dunn".into()] },
        Command::Join { section: "B".into(), into: "A".into() },
        Command::Exit { section: None },
        Command::Exit { section: Some("A".into()) },
        Command::Turn,
        Command::Fire { target: Target::Soldier("G2".into()) },
        Command::Fire { target: Target::Hex(Pos::new(5, 5)) },
        Command::FireSpecial { target: Target::Soldier("G3".into()) },
        Command::Throw { hex: Pos::new(4, 2) },
        Command::Reload { gunner: None },
        Command::Reload { gunner: Some("Duffy".into()) },
        Command::Steer { towards: Pos::new(6, 3) },
        Command::Fight { target: "G1".into() },
        Command::Carry { wounded: "Mills".into(), to: Pos::new(8, 9) },
        Command::Hold,
        Command::Capture { prisoner: "G4".into() },
        Command::Call { hex: Pos::new(3, 4) },
        Command::Spend { on: PointUse::Fire },
        Command::Spend { on: PointUse::Move },
        Command::Spend { on: PointUse::Rally },
        Command::Stance { stance: Stance::Double },
        Command::Stance { stance: Stance::DigIn },
        Command::Stance { stance: Stance::Up },
        Command::CallSmoke { hex: Pos::new(3, 4) },
        Command::CallAir { hex: Pos::new(12, 0) },
    ];
    for c in cmds {
        assert_eq!(c.to_string().parse::<Command>(), Ok(c.clone()), "{c}");
    }
}

#[test]
fn errors_point_at_the_word() {
    let e = "move 3;4".parse::<Command>().unwrap_err();
    assert_eq!(e.column, 6);
    assert!(e.message.contains("'3;4' is not a hex"));
    let e = "  jump 1,1".parse::<Command>().unwrap_err();
    assert_eq!(e.message, "unknown command 'jump'");
    let e = "turn now".parse::<Command>().unwrap_err();
    assert_eq!(e.column, 6);
    let e = "fire".parse::<Command>().unwrap_err();
    assert_eq!(e.column, 5);
    let e = "m 9,9 extra".parse::<Command>().unwrap_err();
    assert_eq!((e.column, e.message.as_str()), (7, "unexpected 'extra' after the command"));
    let e = "go\u{0}".parse::<Command>().unwrap_err();
    assert_eq!(e.message, "unknown command 'go\\0'");
    let long = "x".repeat(5000);
    assert!(long.parse::<Command>().unwrap_err().message.len() < 80);
}

#[test]
fn a_space_after_the_comma_and_a_trailing_comment_are_fine() {
    assert_eq!("move 9, 10 # up the lane".parse(), Ok(Command::Move { section: None, to: Pos::new(9, 10) }));
    assert_eq!("MOVE b 9,10".parse(), Ok(Command::Move { section: Some("b".into()), to: Pos::new(9, 10) }));
}
