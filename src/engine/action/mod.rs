//! The tactical action, card by card: the deck and what it holds, a card
//! turned and its owner's activation, the orders a man carries out, aimed
//! fire and the blows that land, the STOP card, and the end of the action
//! with its casualties.

pub(in crate::engine) mod activation;
pub(in crate::engine) mod blows;
pub(in crate::engine) mod cards;
mod deck;
pub(in crate::engine) mod end;
pub(in crate::engine) mod shot;
pub(in crate::engine) mod stop;
