//! European Battlefield's vehicles played by the patrol loop: The Panzer
//! Road's patrols fought whole by the built-in leader, the bazooka against
//! a halftrack and a Panzer IV, checked against the rules as the events
//! tell them; the halftrack's Panzergrenadiers carried, never firing nor
//! fired at inside, and getting out; crews on foot; and a patrol saved
//! mid-action with a vehicle damaged, and one with men carried, resumed
//! exactly.

use std::collections::BTreeMap;
use std::sync::Arc;

use hexpatrol::engine::book::RuleBook;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::engine::dice::Purpose;
use hexpatrol::engine::{Cache, Event, Game, Phase, Side};
use hexpatrol::rules;

#[path = "common/patrols.rs"]
mod patrols;

fn book() -> Arc<RuleBook> {
    rules::rule_book().expect("the built-in rules load")
}

fn panzer_road(seed: u64) -> Campaign {
    let book = book();
    let scenario = rules::scenario("panzer_road", &book).expect("the built-in scenario with vehicles");
    assert_eq!(scenario.rules.name(), "EuropeanBattlefield");
    Campaign::single(&scenario, seed, book)
}

const MOST: usize = 50_000;

/// Every patrol, checked against the rules as its events tell them: only
/// the bazooka (t-class) fires at armour; a turret roll comes only before
/// the wound roll of a hit; a vehicle's wounds count down, one a wound; a
/// hulk never fires nor is dealt a card again; every kind of vehicle roll is made.
#[test]
fn the_panzer_road_is_fought_by_armour_wounds_and_the_ko_chart() {
    let mut kinds: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut outcomes: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 1..=60 {
        let mut c = panzer_road(seed);
        let mut events = c.begin().expect("the patrol sets out");
        patrols::play(&mut c, &mut Cache::new(), &mut events, MOST, |_| false);
        assert!(c.patrol.is_none(), "seed {seed}: the patrol ended");
        let mut firers_at_vehicle: Vec<String> = Vec::new();
        let mut wounds: BTreeMap<String, u32> = BTreeMap::new();
        let mut hulks: Vec<String> = Vec::new();
        let mut last: Option<Purpose> = None;
        // Between a shell's roll to hit and its landing, its template's
        // rolls: the men under it, then a wound roll for each vehicle.
        let mut shelling = false;
        for e in &events {
            match e {
                Event::SquadFire { firers, targets, .. } if targets.iter().any(|t| t.starts_with('V')) => {
                    assert_eq!(targets.len(), 1, "seed {seed}: a vehicle is a squad of its own");
                    firers_at_vehicle.extend(firers.iter().map(|f| f.to_string()));
                }
                Event::SquadFire { firers, .. } if firers.iter().any(|f| hulks.iter().any(|h| h == f.as_str())) => {
                    panic!("seed {seed}: a hulk fires: {e:?}");
                }
                Event::Deck { composition, .. } if hulks.iter().any(|h| composition.get(h).is_some()) => {
                    panic!("seed {seed}: a hulk's card is dealt: {e:?}");
                }
                Event::Landed { .. } => shelling = false,
                Event::Roll(r) if r.purpose == Purpose::EbIndirect => shelling = true,
                Event::Roll(r) if shelling => {
                    *kinds.entry(r.purpose.name()).or_default() += 1;
                    if r.purpose == Purpose::EbArmour {
                        *kinds.entry("eb_armour_under_a_template").or_default() += 1;
                        assert_eq!(
                            r.result.as_deref().map(|w| w.contains("flank armour")),
                            Some(true),
                            "seed {seed}: {r:?}"
                        );
                        assert_ne!(r.soldier.as_deref(), Some("Novak"), "seed {seed}: the shell is the spotter's");
                    }
                    last = Some(r.purpose);
                }
                Event::Roll(r) => {
                    *kinds.entry(r.purpose.name()).or_default() += 1;
                    if r.purpose == Purpose::EbArmour {
                        assert!(
                            matches!(
                                last,
                                Some(Purpose::EbFire | Purpose::EbTurret | Purpose::EbArmour | Purpose::EbKo)
                            ),
                            "seed {seed}: a wound roll against armour follows a hit: {last:?}"
                        );
                    }
                    last = Some(r.purpose);
                }
                Event::VehicleDamaged { vehicle, hit, damage, .. } => {
                    outcomes.entry(hit.to_string()).and_modify(|n| *n += 1).or_insert(1);
                    if hit == "wound" || hit == "last_wound" {
                        let n = wounds.entry(vehicle.to_string()).or_default();
                        *n += 1;
                        if hit == "wound" {
                            assert!(damage.ends_with("_wounds_left"), "seed {seed}: {damage}");
                        }
                    }
                    if matches!(damage.as_str(), "destroyed_hulk" | "burning_hulk" | "abandoned") {
                        hulks.push(vehicle.to_string());
                    }
                }
                _ => {}
            }
        }
        // Only Novak carries a weapon that hurts armour.
        assert!(firers_at_vehicle.iter().all(|f| f == "Novak"), "seed {seed}: {firers_at_vehicle:?}");
        // The Panzer IV has 3 wounds, the halftrack 2: never more taken.
        assert!(wounds.values().all(|&n| n <= 3), "seed {seed}: {wounds:?}");
    }
    for kind in ["eb_turret", "eb_armour", "eb_ko", "eb_bail_out", "eb_fire", "eb_armour_under_a_template"] {
        assert!(kinds.get(kind).copied().unwrap_or(0) >= 1, "{kind} rolls: {kinds:?}");
    }
    for hit in ["wound", "crew_bails_out"] {
        assert!(outcomes.contains_key(hit), "{hit}: {outcomes:?}");
    }
}

/// In an action with a vehicle still fighting that has taken a wound or a
/// KO, and the patrol able to fight it.
fn vehicle_damaged(g: &Game) -> bool {
    matches!(g.phase(), Phase::Action(_))
        && g.soldiers().iter().any(|s| s.can_act() && s.vehicle.as_ref().is_some_and(|v| !v.hurt.is_none()))
        && g.any_able(Side::Friendly)
}

/// The Panzer Road saved when `when` holds, in up to three of its first 60
/// patrols, and resumed as it would have gone on (`patrols::saved_and_resumed`);
/// each save holds the field `field`, which says `what`. At least one is.
fn saved_and_resumed_when(when: fn(&Game) -> bool, field: &str, what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("panzer_road.ron");
    let mut resumed = 0;
    for seed in 1..=60 {
        let Some(text) = patrols::saved_and_resumed(panzer_road(seed), &path, MOST, when) else {
            continue;
        };
        assert!(text.contains(field), "seed {seed}: the save holds {what}");
        resumed += 1;
        if resumed >= 3 {
            break;
        }
    }
    assert!(resumed >= 1, "saved and resumed ({what}): {resumed} of 60 seeds");
}

#[test]
fn a_patrol_saved_with_a_vehicle_damaged_resumes_as_it_would_have_gone_on() {
    saved_and_resumed_when(vehicle_damaged, "hurt:", "what the vehicle has suffered");
}

/// Men inside a vehicle are never among the firers nor the targets of a
/// fire, and are dealt no card; they get out (the dismount chart, or with
/// the crew), and crews come out as men on foot.
#[test]
fn men_carried_neither_fire_nor_are_fired_at_until_they_get_out() {
    let mut why: BTreeMap<String, u32> = BTreeMap::new();
    let mut crews = 0;
    for seed in 1..=60 {
        let mut c = panzer_road(seed);
        let mut events = c.begin().expect("the patrol sets out");
        patrols::play(&mut c, &mut Cache::new(), &mut events, MOST, |_| false);
        let mut inside: Vec<String> = Vec::new();
        for e in &events {
            match e {
                Event::Embarked { soldiers, .. } => inside.extend(soldiers.iter().map(|s| s.to_string())),
                Event::Disembarked { soldiers, why: w, .. } => {
                    *why.entry(w.to_string()).or_default() += 1;
                    crews += u32::from(w == "crew");
                    inside.retain(|m| !soldiers.iter().any(|s| s == m.as_str()));
                }
                Event::KilledInside { soldiers, .. } => inside.retain(|m| !soldiers.iter().any(|s| s == m.as_str())),
                Event::SquadFire { firers, targets, .. } => {
                    let carried = firers.iter().chain(targets).find(|m| inside.iter().any(|i| i == m.as_str()));
                    assert!(carried.is_none(), "seed {seed}: {carried:?} fires or is fired at inside: {e:?}");
                }
                Event::Deck { composition, .. } => {
                    assert!(inside.iter().all(|m| composition.get(m).is_none()), "seed {seed}: a card inside");
                }
                Event::Roll(r) if r.purpose == Purpose::EbDismount => {
                    let man = r.soldier.as_deref().unwrap_or("");
                    assert!(
                        inside.iter().any(|m| m == man),
                        "seed {seed}: {man} rolls to get out, not inside: {inside:?} {r:?}"
                    );
                }
                _ => {}
            }
        }
    }
    assert!(why.get("dismount").copied().unwrap_or(0) > 10, "men dismount: {why:?}");
    assert!(crews > 0, "crews get out on foot: {why:?}");
}

/// In an action with men inside the halftrack and the patrol able to fight.
fn men_carried(g: &Game) -> bool {
    matches!(g.phase(), Phase::Action(_))
        && (0..g.soldiers().len()).any(|i| g.inside(i).is_some())
        && g.any_able(Side::Friendly)
}

#[test]
fn a_patrol_saved_with_men_carried_resumes_as_it_would_have_gone_on() {
    saved_and_resumed_when(men_carried, "aboard:", "who rides in which vehicle");
}
