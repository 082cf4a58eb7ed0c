use super::*;

fn rules() -> Transport {
    Transport {
        man_cp: 1,
        weapon_cp: vec![("mortar".into(), 2), ("bazooka".into(), 1), ("mg".into(), 2)],
        heavy_fills: 7,
        mount_inches: 6,
        dismount_need: 2,
        dismount_inches: 12,
        escape_need: 4,
        crew_leader: ("Unteroffizier".into(), "smg".into()),
        crew_man: ("Panzerschütze".into(), "pistol".into()),
        pivot_free: 90,
        pivot_step: 45,
    }
}

#[test]
fn carry_points_count_men_and_their_weapons() {
    let t = rules();
    assert_eq!(t.points("rifle", false), (1, false));
    assert_eq!(t.points("mortar", false), (3, false), "a mortar 2 and its man 1");
    assert_eq!(t.points("bazooka", false), (2, false));
    assert_eq!(t.points("mg", false), (3, false));
}

/// A man of squad `squad` with `weapon`, as a load counts him.
fn man(t: &Transport, weapon: &str, heavy: bool, squad: u32) -> Load {
    let (points, heavy) = t.points(weapon, heavy);
    Load { points, heavy, squad: Some(squad) }
}

#[test]
fn a_load_fits_by_its_points_or_a_heavy_weapon_and_its_crew_fill_it() {
    let t = rules();
    // An Unteroffizier with an SMG, a MG gunner and two riflemen: 1 + 3 + 1 + 1.
    let squad =
        [man(&t, "smg", false, 1), man(&t, "mg", false, 1), man(&t, "rifle", false, 1), man(&t, "rifle", false, 1)];
    assert!(fits(&t, 6, &squad));
    assert!(!fits(&t, 5, &squad), "six points do not go into five");
    // A heavy weapon and its crew fill the transport, which must carry 7 or more.
    let gun = [man(&t, "at_gun", true, 2), man(&t, "rifle", false, 2), man(&t, "rifle", false, 2)];
    assert!(fits(&t, 7, &gun) && fits(&t, 10, &gun));
    assert!(!fits(&t, 6, &gun));
    // Nobody else beside it, however much room is left.
    let mut crowded = gun.to_vec();
    crowded.push(man(&t, "rifle", false, 1));
    assert!(!fits(&t, 10, &crowded), "a man of another squad does not get in beside a heavy weapon");
    let two = [man(&t, "at_gun", true, 2), man(&t, "at_gun", true, 2)];
    assert!(!fits(&t, 10, &two), "one heavy weapon fills a transport");
    assert!(fits(&t, 10, &two[..1]));
}

#[test]
fn a_pivot_is_free_to_90_degrees_then_an_inch_a_45() {
    let t = rules();
    // 60 degrees: free. 120: 30 past 90, an inch. 180: 90 past, two.
    assert_eq!([0, 1, 2, 3].map(|k| t.pivot_inches(k)), [0, 0, 1, 2]);
    assert_eq!(t.pivot_inches(5), 2, "never more than half a turn");
}
