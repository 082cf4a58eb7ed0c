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

/// One man in a transport's load: the carry points he takes, whether he
/// brings a heavy support weapon, and his squad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Load {
    pub points: u8,
    pub heavy: bool,
    pub squad: Option<u32>,
}

/// Whether a load of men fits a transport of `carry` points: each man's
/// points summed; or, with a heavy support weapon among them, the weapon
/// and its crew fill the transport, which must have at least `heavy_fills`
/// points. Its crew is its squad (decision, as for the crew's save): one
/// heavy weapon a transport, and no man of another squad beside it.
pub fn fits(t: &Transport, carry: u8, load: &[Load]) -> bool {
    let mut heavy = load.iter().filter(|m| m.heavy);
    if let Some(gun) = heavy.next() {
        return heavy.next().is_none() && load.iter().all(|m| m.squad == gun.squad) && carry >= t.heavy_fills;
    }
    load.iter().map(|m| u32::from(m.points)).sum::<u32>() <= u32::from(carry)
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
