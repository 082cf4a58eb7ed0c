//! European Battlefield's transports, crews and manoeuvres as rules data
//! (core rules v3.0, section XII): carry points, mounting and dismounting,
//! the men inside a vehicle destroyed, crews on foot, a turretless
//! vehicle's pivot, running men over and pushing a hulk. Read from
//! `assets/rules/european_battlefield.ron` (`vehicles: (transport: ...)`).

use serde::{Deserialize, Serialize};

/// The transport and crew rules (`Vehicles::transport`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transport {
    /// Carry points a man takes (the article: 1).
    pub man_cp: u8,
    /// Carry points a weapon takes besides its man (the article: a mortar
    /// 2, a bazooka 1, a heavy machine gun 2).
    pub weapon_cp: Vec<(String, u8)>,
    /// A heavy support weapon fills the transport, which must carry at
    /// least this many points (the article: 7), crew included.
    pub heavy_fills: u8,
    /// Men this near the vehicle, in inches, may mount it (the article: 6").
    pub mount_inches: u32,
    /// The dismount chart (decision: the article does not print it): each
    /// man's 1d6, on this or more he gets out; less, he stays inside.
    pub dismount_need: u8,
    /// Decision: the enemy dismounts on the vehicle's card when a man of
    /// the patrol it can see is this near, in inches (or it is damaged).
    pub dismount_inches: u32,
    /// A man inside, or a crewman, getting out of a vehicle destroyed and
    /// not exploded: 1d6, this or more (the article's 4+ for a crewman).
    pub escape_need: u8,
    /// A crew on foot: the commander's rank and weapon, and the rest's.
    pub crew_leader: (String, String),
    pub crew_man: (String, String),
    /// A turretless vehicle's pivot: free up to this many degrees, then an
    /// inch for each further `pivot_step` degrees (the article: 90, 45).
    pub pivot_free: u32,
    pub pivot_step: u32,
}

impl Transport {
    /// The carry points a man with `weapon` takes, and whether his weapon
    /// is a heavy support weapon that fills the transport.
    pub fn points(&self, weapon: &str, heavy: bool) -> (u8, bool) {
        let extra = self.weapon_cp.iter().find(|(k, _)| k == weapon).map_or(0, |(_, n)| *n);
        (self.man_cp.saturating_add(extra), heavy)
    }

    /// The inches a turretless vehicle's pivot of `sextants` sixths of a
    /// turn costs (60 degrees a sextant): none up to `pivot_free` degrees,
    /// then one for each further `pivot_step` or part of it.
    pub fn pivot_inches(&self, sextants: u32) -> u32 {
        let degrees = sextants.min(3) * 60;
        degrees.saturating_sub(self.pivot_free).div_ceil(self.pivot_step.max(1))
    }
}

/// Whether a load of men fits a transport of `carry` points: each man's
/// points summed, and a heavy weapon among them filling a transport that
/// must have at least `heavy_fills` (then nothing else but its crew).
pub fn fits(t: &Transport, carry: u8, load: &[(u8, bool)]) -> bool {
    let sum: u32 = load.iter().map(|&(n, _)| u32::from(n)).sum();
    let heavy = load.iter().any(|&(_, h)| h);
    if heavy {
        return carry >= t.heavy_fills;
    }
    sum <= u32::from(carry)
}

#[cfg(test)]
mod tests {
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
        // An Unteroffizier with an SMG, a MG gunner and two riflemen: 1 + 3 + 1 + 1.
        let squad = [t.points("smg", false), t.points("mg", false), t.points("rifle", false), t.points("rifle", false)];
        assert!(fits(&t, 6, &squad));
        assert!(!fits(&t, 5, &squad), "six points do not go into five");
        // A heavy weapon fills the transport, which must carry 7 or more.
        let gun = [t.points("at_gun", true), t.points("rifle", false)];
        assert!(fits(&t, 7, &gun) && fits(&t, 10, &gun));
        assert!(!fits(&t, 6, &gun));
    }

    #[test]
    fn a_pivot_is_free_to_90_degrees_then_an_inch_a_45() {
        let t = rules();
        // 60 degrees: free. 120: 30 past 90, an inch. 180: 90 past, two.
        assert_eq!([0, 1, 2, 3].map(|k| t.pivot_inches(k)), [0, 0, 1, 2]);
        assert_eq!(t.pivot_inches(5), 2, "never more than half a turn");
    }
}
