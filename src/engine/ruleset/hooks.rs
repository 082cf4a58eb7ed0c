//! Which of the seam's hooks a rule set answers itself, asked once.

/// Which of the seam's hooks with defaults a rule set answers itself
/// (`Rules::hooks`): each `false` is a hook it leaves at its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hooks {
    pub activate: bool,
    pub may: bool,
    pub volley: bool,
    pub under_fire: bool,
    pub rally: bool,
    /// `aimed` reads the shooter's side and state (`Aim::side`,
    /// `Aim::state`): the engine's kept needs are then kept apart by them.
    pub aims_by_man: bool,
    /// `tend`: it has critical wounds, which run their course at STOP.
    pub tend: bool,
    /// `grenade` and `grenades`: its men carry hand grenades.
    pub grenades: bool,
    /// `ammo` and `reload`: some weapons' ammunition runs out.
    pub ammo: bool,
    /// `method`: some weapons' special methods reach more men than the one
    /// aimed at (a spray, an arc of fire).
    pub sweeps: bool,
    /// `squad_fire`, `squad_fire_odds`, `moves`, `difficult` and
    /// `card_over`: its men are teams that fight as squads. Not a hook left
    /// at a default but the way the loop plays (a team's card, the squad's
    /// fire, its move, who may be in a squad list): off unless a rule set
    /// turns it on, even in `Hooks::ALL`.
    pub squads: bool,
}

impl Hooks {
    /// Every hook asked: what a rule set is taken to answer unless it says
    /// (its men fight alone all the same: `squads` is off).
    pub const ALL: Hooks = Hooks {
        activate: true,
        may: true,
        volley: true,
        under_fire: true,
        rally: true,
        aims_by_man: true,
        tend: true,
        grenades: true,
        ammo: true,
        sweeps: true,
        squads: false,
    };
    /// None asked: every hook at its default.
    pub const NONE: Hooks = Hooks {
        activate: false,
        may: false,
        volley: false,
        under_fire: false,
        rally: false,
        aims_by_man: false,
        tend: false,
        grenades: false,
        ammo: false,
        sweeps: false,
        squads: false,
    };
}

#[cfg(test)]
#[path = "hooks_tests.rs"]
mod tests;
