//! The company-level rule set ("Company-level WW II", parts 1 and 2): a
//! platoon of teams (stands), each a unit on the map, whose squads fire
//! custom dice at squads; the squad fired at rolls a saving die a hit, and
//! each hit it does not save loses it a team. The numbers are in
//! `assets/rules/company.ron` (`data::company::Company`).
//!
//! So far the fire and the saves are played here, whole and exact (`fire`);
//! the patrol loop does not deal them yet.

pub mod fire;
