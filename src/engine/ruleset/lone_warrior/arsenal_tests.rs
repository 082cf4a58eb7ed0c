//! Every table of the arsenal at its edges, read from the built-in rule book.

use super::*;
use crate::engine::testing::book;

fn arsenal() -> Arsenal {
    book().arsenal.clone()
}

fn at() -> AntiTank {
    arsenal().anti_tank.expect("the built-in rules have A/T fire")
}

fn he() -> HighExplosive {
    arsenal().high_explosive.expect("the built-in rules have H.E. fire")
}

#[test]
fn every_vehicle_has_the_sources_card_count() {
    let a = arsenal();
    let cards = |key: &str| a.vehicle(key).unwrap_or_else(|| panic!("no vehicle '{key}'")).cards;
    for (key, n) in [
        ("horse_drawn", 1),
        ("cavalry", 2),
        ("jeep", 3),
        ("light_truck", 3),
        ("motorcycle", 3),
        ("armoured_car", 3),
        ("truck", 2),
        ("halftrack", 2),
        ("slow_tracked", 1),
        ("medium_tracked", 2),
        ("fast_tracked", 3),
    ] {
        assert_eq!(cards(key), n, "{key}");
    }
    assert_eq!(a.vehicles.len(), 11, "every row of the source's table, no more");
}

#[test]
fn tanks_block_sight_and_soft_skins_do_not() {
    let a = arsenal();
    for v in &a.vehicles {
        let tank = v.key.ends_with("_tracked");
        assert_eq!(v.blocks_sight, tank, "{}", v.key);
        if tank {
            assert_eq!(v.armour, Armour::Closed, "{}", v.key);
        }
    }
    assert_eq!(a.vehicle("halftrack").map(|v| v.armour), Some(Armour::OpenTop));
    assert_eq!(a.vehicle("jeep").map(|v| v.armour), Some(Armour::SoftSkin));
}

#[test]
fn at_bands_follow_the_range_table() {
    let t = at();
    let w = |k: &str| t.weapon(k).unwrap_or_else(|| panic!("no A/T weapon '{k}'")).clone();
    for short in ["at_rifle", "bazooka", "panzerfaust"] {
        let w = w(short);
        assert_eq!(AntiTank::band(&w, 0), None, "{short}: not into his own hex");
        assert_eq!(AntiTank::band(&w, 1), Some(AtBand::PointBlank), "{short}: adjacent");
        assert_eq!(AntiTank::band(&w, 2), Some(AtBand::Extreme), "{short}: 2 hexes");
        assert_eq!(AntiTank::band(&w, 3), None, "{short}: beyond extreme");
    }
    let gun = w("at_gun");
    let bands: Vec<_> = (0..=9).map(|d| AntiTank::band(&gun, d)).collect();
    use AtBand::*;
    assert_eq!(
        bands,
        vec![
            None,
            Some(PointBlank),
            Some(PointBlank),
            Some(Normal),
            Some(Normal),
            Some(Normal),
            Some(Extreme),
            Some(Extreme),
            Some(Extreme),
            None
        ]
    );
}

#[test]
fn at_need_is_the_hex_count_with_each_modifier() {
    let t = at();
    let gun = t.weapon("at_gun").expect("an A/T gun").clone();
    let bazooka = t.weapon("bazooka").expect("a bazooka").clone();
    let need = |w: &AtWeapon, shot: AtShot| t.need(w, shot).map(|(_, n)| n.need);
    let plain = AtShot { distance: 4, ..AtShot::default() };
    assert_eq!(need(&gun, plain), Some(4), "score at least the hex count");
    assert_eq!(need(&gun, AtShot { moved: true, ..plain }), Some(5), "+1 target or firer moved");
    assert_eq!(need(&gun, AtShot { partly_hidden: true, ..plain }), Some(5), "+1 partly hidden");
    assert_eq!(need(&gun, AtShot { rear: true, ..plain }), Some(3), "-1 at the rear");
    assert_eq!(need(&gun, AtShot { moved: true, partly_hidden: true, rear: true, ..plain }), Some(5));
    // The short weapons: +1 at extreme range only.
    assert_eq!(need(&bazooka, AtShot { distance: 1, ..plain }), Some(1));
    assert_eq!(need(&bazooka, AtShot { distance: 2, ..plain }), Some(3));
    assert_eq!(need(&gun, AtShot { distance: 8, ..plain }), Some(8), "no such +1 for the gun at extreme");
    assert_eq!(need(&gun, AtShot { distance: 9, ..plain }), None, "out of range");
    let (_, n) = t.need(&bazooka, AtShot { distance: 2, moved: true, ..plain }).expect("in range");
    let names: Vec<&str> = n.modifiers.iter().map(|m| m.name.as_ref()).collect();
    assert_eq!(names, ["moved", "short_weapon_at_extreme"]);
    assert_eq!(t.sides, 8, "a D8");
}

#[test]
fn at_damage_by_band_at_every_face() {
    let t = at();
    use Damage::*;
    let close: Vec<_> = (1..=6).map(|f| t.damage(AtBand::PointBlank, f)).collect();
    assert_eq!(close, [Light, Light, Heavy, Heavy, Destroyed, Destroyed]);
    let normal: Vec<_> = (1..=6).map(|f| t.damage(AtBand::Normal, f)).collect();
    assert_eq!(normal, close, "point blank and normal share a row");
    let extreme: Vec<_> = (1..=6).map(|f| t.damage(AtBand::Extreme, f)).collect();
    assert_eq!(extreme, [None, None, None, Light, Heavy, Destroyed]);
}

#[test]
fn he_need_range_and_modifiers() {
    let h = he();
    let need = |d, moved, hard| h.need(d, moved, hard).map(|n| n.need);
    assert_eq!(h.sides, 8, "a D8");
    assert_eq!(need(0, false, false), None);
    assert_eq!(need(1, false, false), Some(1));
    assert_eq!(need(8, false, false), Some(8), "eight hexes is the longest");
    assert_eq!(need(9, false, false), None);
    assert_eq!(need(5, true, false), Some(6), "+1 target or firer moved");
    assert_eq!(need(5, false, true), Some(6), "+1 target in hard cover");
    assert_eq!(need(5, true, true), Some(7));
}

#[test]
fn he_on_vehicles() {
    let h = he();
    assert_eq!(h.destroys_from(Armour::SoftSkin), Some(4), "soft skins: 4, 5, 6 on a D6");
    assert_eq!(h.destroys_from(Armour::OpenTop), Some(6), "open-top armour: 6");
    assert_eq!(h.destroys_from(Armour::Closed), None);
    assert_eq!(h.effect_sides, 6);
}

#[test]
fn damage_adds_up_and_costs_cards() {
    let a = arsenal();
    let d = a.damage.clone().expect("damage rules");
    use Damage::*;
    assert_eq!(d.after(None, Light), Light);
    assert_eq!(d.after(Light, Light), Heavy);
    assert_eq!(d.after(Light, Destroyed), Destroyed);
    assert_eq!(d.after(Heavy, Light), Destroyed);
    assert_eq!(d.after(Heavy, None), Heavy, "a miss of the damage die changes nothing");
    let car = a.vehicle("armoured_car").expect("an armoured car");
    let horse = a.vehicle("horse_drawn").expect("a wagon");
    assert_eq!(d.cards(car, None), 3);
    assert_eq!(d.cards(car, Light), 2);
    assert_eq!(d.cards(car, Heavy), 2);
    assert_eq!(d.cards(car, Destroyed), 0);
    assert_eq!(d.cards(horse, Light), 1, "a vehicle keeps one card");
    assert_eq!(a.hexes_per_card, 1);
    assert!(!a.fire_after_moving);
}
