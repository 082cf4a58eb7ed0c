//! The patrol on the march: a patrol set up from its scenario, sections
//! moving hex by hex, the incident check at every hex entered and what an
//! incident brings (the table, the enemy placed where the map's spots allow,
//! `map::placement`), the chain of command, and the patrol's end.

pub(in crate::engine) mod chain;
pub(in crate::engine) mod end;
pub(in crate::engine) mod incident;
pub(in crate::engine) mod movement;
pub(in crate::engine) mod setup;
