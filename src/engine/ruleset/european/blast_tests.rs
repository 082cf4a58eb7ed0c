//! A template over a vehicle: one hit, h-class one weaker, on its flank
//! armour (from above), then the wound chart, its wounds, the KO chart and
//! its crew's courage as direct fire has them.

use crate::engine::book::RuleBook;
use crate::engine::dice::Purpose;
use crate::engine::ruleset::european::indirect::fire;
use crate::engine::ruleset::european::tables::vehicles::{Hurt, Ko};
use crate::engine::ruleset::european::tests::{book, loaded};
use crate::engine::ruleset::lone_warrior::arsenal::Damage;
use crate::engine::ruleset::{Gun, Shelled, Shot, VehicleHurt};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier, State, Vehicle};

const AIM: Pos = Pos::new(8, 4);

/// The patrol's radio operator, and a Panzer IV at `at` that has taken `wounds`.
fn field(b: &RuleBook, at: Pos, wounds: u8) -> Vec<Soldier> {
    let ames = Soldier::new(b, "Ames".into(), "Cpl".into(), Side::Friendly, "rifle".into(), Some(Pos::new(8, 11)));
    let mut tank = Soldier::new(b, "V1".into(), "Panzer IV".into(), Side::Enemy, "tank_gun".into(), Some(at));
    let hurt = Hurt { wounds, ..Hurt::default() };
    tank.vehicle = Some(Vehicle { kind: "medium_tracked".into(), facing: 0, damage: Damage::None, turns: 0, hurt });
    vec![ames, tank]
}

/// `gun` spotted by the first of `men` lands on the point (a 6), then these faces.
fn shell(b: &RuleBook, gun: Gun<'_>, men: &[Soldier], faces: &[&[u8]]) -> (Shelled, Vec<Event>) {
    let t = crate::engine::ruleset::european::tables_in(b).unwrap();
    let spotter = (gun != Gun::AirStrike).then_some(&men[0]);
    let shot = Shot { gun, spotter, aim: AIM, target_moved: false, rangefinder: false, smoke: false, men };
    let mut all = vec![&[6u8][..]];
    all.extend_from_slice(faces);
    let mut events = Events::all();
    let shelled = fire(t, b, &mut loaded(&all), &shot, &mut events).expect("it fires");
    (shelled, events.into_vec())
}

fn rolls(events: &[Event]) -> Vec<(Purpose, Option<String>, Option<i32>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll(r) => Some((r.purpose, r.result.as_ref().map(|n| n.to_string()), r.need)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_shell_strikes_the_flank_armour_one_weaker_and_the_crew_tests() {
    let b = book();
    let men = field(&b, AIM.neighbour(0), 0);
    // The battery's 6h is 5 against armour; the flank armour is 5: 4+. A 4
    // wounds (one of three); the crew throws 5 and 5 and courage 4: it stays.
    let (shelled, events) = shell(&b, Gun::Battery, &men, &[&[4], &[5, 5]]);
    assert_eq!(
        rolls(&events),
        [
            (Purpose::EbIndirect, Some("on the point".into()), Some(4)),
            (Purpose::EbArmour, Some("strength 5 against flank armour 5".into()), Some(4)),
            (Purpose::EbBailOut, None, Some(6)),
        ]
    );
    let hurt = Hurt { wounds: 1, ..Hurt::default() };
    assert_eq!(shelled.vehicles, [VehicleHurt { target: 1, hurt, out: false }]);
    assert!(
        events.iter().any(|e| matches!(e, Event::VehicleDamaged { hit, by, .. } if hit == "wound" && by == "Ames"))
    );
    assert!(shelled.lost.is_empty(), "a vehicle is no man lost");
    // The crew throws 2 and 3: it bails out, and the vehicle is out of the fight.
    let (shelled, _) = shell(&b, Gun::Battery, &men, &[&[4], &[2, 3]]);
    let hurt = Hurt { wounds: 1, bailed: true, ..Hurt::default() };
    assert_eq!(shelled.vehicles, [VehicleHurt { target: 1, hurt, out: true }]);
}

#[test]
fn a_six_on_the_wound_and_the_last_wound_roll_the_same_ko_chart() {
    let b = book();
    let men = field(&b, AIM, 0);
    // A 6 where a 4 was needed rolls the KO chart: a 5, it explodes.
    let (shelled, events) = shell(&b, Gun::Battery, &men, &[&[6], &[5]]);
    let kinds: Vec<Purpose> = rolls(&events).iter().map(|r| r.0).collect();
    assert_eq!(kinds, [Purpose::EbIndirect, Purpose::EbArmour, Purpose::EbKo]);
    let hurt = Hurt { wounds: 1, ko: Some(Ko::Explodes), bailed: false };
    assert_eq!(shelled.vehicles, [VehicleHurt { target: 1, hurt, out: true }]);
    // Its last wound (two taken): a die, a 6 rolls the KO chart, a 1 immobile.
    let men = field(&b, AIM, 2);
    let (shelled, events) = shell(&b, Gun::Battery, &men, &[&[4], &[6], &[1]]);
    let kinds: Vec<Purpose> = rolls(&events).iter().map(|r| r.0).collect();
    assert_eq!(kinds, [Purpose::EbIndirect, Purpose::EbArmour, Purpose::EbLastWound, Purpose::EbKo]);
    let hurt = Hurt { wounds: 3, ko: Some(Ko::Immobile), bailed: false };
    assert_eq!(shelled.vehicles, [VehicleHurt { target: 1, hurt, out: true }]);
}

#[test]
fn the_mortar_and_the_air_strike_and_who_is_not_under_it() {
    let b = book();
    // The mortar's 4h is 3 against armour, 5+ on the flank's 5; its
    // template is the hex alone: a tank next door is not under it.
    let gunner = Soldier::new(&b, "G1".into(), "Mortar gunner".into(), Side::Enemy, "mortar".into(), Some(AIM));
    let mut men = field(&b, AIM, 0);
    men[0] = gunner.clone();
    let (shelled, events) = shell(&b, Gun::Weapon("mortar"), &men, &[&[4], &[4]]);
    let armour: Vec<_> = rolls(&events).into_iter().filter(|r| r.0 == Purpose::EbArmour).collect();
    assert_eq!(armour, [(Purpose::EbArmour, Some("strength 3 against flank armour 5".into()), Some(5))]);
    assert!(shelled.vehicles.is_empty(), "a 4 does not wound at 5+");
    men[1].pos = Some(AIM.neighbour(0));
    let (shelled, events) = shell(&b, Gun::Weapon("mortar"), &men, &[&[4]]);
    assert!(shelled.vehicles.is_empty() && !rolls(&events).iter().any(|r| r.0 == Purpose::EbArmour));
    // The air strike's 7h is 6 against armour, 4+ on the flank's 5: nobody spotted it.
    let men = field(&b, AIM, 0);
    let (shelled, events) = shell(&b, Gun::AirStrike, &men, &[&[3], &[6, 6]]);
    let armour = events.iter().find_map(|e| match e {
        Event::Roll(r) if r.purpose == Purpose::EbArmour => Some(r.clone()),
        _ => None,
    });
    let armour = armour.expect("the strike rolls against the armour");
    assert_eq!((armour.need, armour.soldier), (Some(4), None));
    assert_eq!(armour.result.as_deref(), Some("strength 6 against flank armour 5"));
    assert_eq!(shelled.vehicles.len(), 0, "a 3 does not wound");
    // A hulk takes no hit.
    let mut men = field(&b, AIM, 0);
    men[1].state = State::Dead;
    let (shelled, events) = shell(&b, Gun::Battery, &men, &[]);
    assert!(shelled.vehicles.is_empty() && rolls(&events).len() == 1);
}
