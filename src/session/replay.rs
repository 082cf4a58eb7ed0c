//! A patrol played again, order by order, from where it set out: the
//! engine is deterministic, so its orders played from its scenario and
//! seed give every event again, and the patrol as it stood after each.
//! `hexpatrol replay` steps through these frames.

use std::sync::Arc;

use crate::engine::campaign::{Campaign, PatrolRecord};
use crate::engine::dice::hand::Order;
use crate::engine::{Cache, Event, Events, Game, RuleBook};

/// The patrol as it stood after an order: the game, how many of the
/// patrol's events had happened, and the order (None: as it set out).
#[derive(Clone, Debug)]
pub struct Frame {
    pub game: Game,
    pub events: usize,
    pub order: Option<String>,
}

/// Why a patrol cannot be played again; `patrol` is its number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("patrol {patrol}'s record was written before records kept their map and squad: it cannot be replayed")]
    NoScenario { patrol: u32 },
    #[error(
        "patrol {patrol}'s record keeps no orders (it was recorded before records kept them): it cannot be replayed"
    )]
    NoOrders { patrol: u32 },
    /// Its patrol would not set out again from its scenario (what the engine says).
    #[error("patrol {patrol}: {why}")]
    SetOut { patrol: u32, why: String },
    #[error("no patrol is under way")]
    NoPatrol,
    #[error(
        "patrol {patrol} under way keeps no history to play it from (iron man, or begun before take-backs were \
         kept): an iron-man patrol can be replayed once it is over"
    )]
    NoHistory { patrol: u32 },
    /// Its orders, played again, do not give its events: from `at` on.
    #[error("patrol {patrol}'s orders do not play back to its events ({at}): it cannot be replayed")]
    Differs { patrol: u32, at: Differs },
}

/// Where a patrol's orders played again part from its events.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Differs {
    #[error("its start")]
    Start,
    /// Order `number` (from 1) of `of`, as it is written.
    #[error("order {number} of {of}, '{order}'")]
    Order { number: usize, of: usize, order: String },
    #[error("its end")]
    End,
}

/// A patrol played again: every event of it, and a frame for each order.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Patrol K of the campaign.
    pub number: u32,
    pub name: String,
    /// Its events from its start (those before it, the replacements, are the campaign's).
    pub events: Vec<Event>,
    pub frames: Vec<Frame>,
    /// Whether the patrol is over (a record), or still under way.
    pub finished: bool,
}

impl Replay {
    /// A finished patrol, from its record and the campaign's rule book.
    ///
    /// # Errors
    /// The record keeps no scenario or no orders (an old one, or one
    /// played iron man), or its orders do not play back to its events.
    pub fn of_record(record: &PatrolRecord, book: Arc<RuleBook>) -> Result<Self, ReplayError> {
        let k = record.number;
        let Some(scenario) = &record.scenario else {
            return Err(ReplayError::NoScenario { patrol: k });
        };
        if record.orders.is_empty() {
            return Err(ReplayError::NoOrders { patrol: k });
        }
        let setout = Game::new(book, scenario, record.seed)
            .map_err(|e| ReplayError::SetOut { patrol: k, why: e.to_string() })?;
        let start = record.events.iter().position(|e| matches!(e, Event::Start { .. })).unwrap_or(0);
        Self::play(k, &record.name, setout, &record.orders, &record.events[start..], true)
    }

    /// The patrol under way, up to now, from what take-backs keep of it.
    ///
    /// # Errors
    /// No patrol is under way, or its orders are not kept (iron man, or
    /// begun before take-backs were kept), or they do not play back.
    pub fn of_patrol_under_way(campaign: &Campaign) -> Result<Self, ReplayError> {
        let k = campaign.finished + 1;
        let (Some(game), Some(history)) = (&campaign.patrol, &campaign.history) else {
            return Err(match campaign.patrol {
                None => ReplayError::NoPatrol,
                Some(_) => ReplayError::NoHistory { patrol: k },
            });
        };
        let start = campaign.log.iter().position(|e| matches!(e, Event::Start { .. })).unwrap_or(0);
        let name = game.scenario().to_string();
        Self::play(k, &name, history.setout.clone(), &history.orders, &campaign.log[start..], false)
    }

    /// Plays `orders` from `setout`, a frame after each, and checks that
    /// they give `events` (the first of them the start).
    fn play(
        k: u32,
        name: &str,
        setout: Game,
        orders: &[String],
        events: &[Event],
        finished: bool,
    ) -> Result<Self, ReplayError> {
        let differs = |at: Differs| ReplayError::Differs { patrol: k, at };
        if events.first() != Some(&setout.start_event()) {
            return Err(differs(Differs::Start));
        }
        let mut cache = Cache::new();
        let mut game = setout;
        let mut frames = vec![Frame { game: game.clone(), events: 1, order: None }];
        let mut played = 1;
        for (i, order) in orders.iter().enumerate() {
            let at = || differs(Differs::Order { number: i + 1, of: orders.len(), order: order.clone() });
            let order: Order = order.parse().map_err(|_| at())?;
            let mut sink = Events::all();
            game.apply_order(&order, &mut cache, &mut sink).map_err(|_| at())?;
            let new = sink.into_vec();
            if events.get(played..played + new.len()) != Some(&new[..]) {
                return Err(at());
            }
            played += new.len();
            frames.push(Frame { game: game.clone(), events: played, order: Some(order.to_string()) });
        }
        // A finished patrol's record goes on past its end (the debrief): those are the campaign's.
        let end = if finished {
            events.iter().position(|e| matches!(e, Event::PatrolEnd { .. })).map_or(events.len(), |p| p + 1)
        } else {
            events.len()
        };
        if played != end {
            return Err(differs(Differs::End));
        }
        Ok(Self { number: k, name: name.to_string(), events: events[..end].to_vec(), frames, finished })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Line, play_line};

    #[test]
    fn a_finished_patrol_and_one_under_way_play_back_frame_by_frame() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let scenario = crate::rules::scenario("hedgerow", &book).expect("a built-in scenario");
        let mut campaign = Campaign::single(&scenario, 5, book.clone());
        campaign.begin().expect("the patrol sets out");
        let mut cache = Cache::new();
        play_line(&mut campaign, &mut cache, Line::Auto(25)).expect("the leader plays on");
        let under_way = Replay::of_patrol_under_way(&campaign).expect("the patrol so far replays");
        assert_eq!(under_way.frames.len(), 26, "a frame as it set out and one an order");
        assert!(under_way.frames.last().map(|f| &f.game) == campaign.patrol.as_ref(), "it ends where the patrol is");
        assert!(!under_way.finished);

        play_line(&mut campaign, &mut cache, Line::Auto(5000)).expect("the leader plays it out");
        let record = campaign.unarchived.clone().expect("the patrol is over");
        // The campaign's own book: it keeps only the tables of the rule sets its patrols use.
        let book = campaign.book.clone();
        let replay = Replay::of_record(&record, book.clone()).expect("the record replays");
        assert_eq!(replay.frames.len(), record.orders.len() + 1);
        assert!(replay.frames.last().is_some_and(|f| f.game.is_over()));
        // Each frame's events are the record's up to it.
        let start = record.events.iter().position(|e| matches!(e, Event::Start { .. })).unwrap_or(0);
        assert_eq!(replay.events[..], record.events[start..start + replay.events.len()]);
        assert!(matches!(replay.events.last(), Some(Event::PatrolEnd { .. })));
        // The first frames are the ones the patrol under way had.
        for (a, b) in under_way.frames.iter().zip(&replay.frames) {
            assert!(a.game == b.game && a.events == b.events && a.order == b.order, "at {:?}", a.order);
        }

        // An order changed by hand does not play back, and says where.
        let mut edited = record.clone();
        let last = edited.orders.len() - 1;
        edited.orders[last] = "hold".into();
        let e = Replay::of_record(&edited, book.clone()).expect_err("it does not play back");
        let at = Differs::Order { number: last + 1, of: last + 1, order: "hold".into() };
        assert_eq!(e, ReplayError::Differs { patrol: record.number, at });
        assert!(e.to_string().contains(&format!("(order {} of {}, 'hold')", last + 1, last + 1)), "{e}");
        // A record without orders says why it cannot be replayed.
        edited.orders.clear();
        let e = Replay::of_record(&edited, book).expect_err("no orders");
        assert_eq!(e, ReplayError::NoOrders { patrol: record.number });
        assert!(e.to_string().contains("keeps no orders"), "{e}");
    }

    #[test]
    fn an_iron_man_patrol_keeps_its_orders_for_its_record_and_replays() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let scenario = crate::rules::scenario("hedgerow", &book).expect("a built-in scenario");
        let mut campaign = Campaign::single(&scenario, 8, book);
        campaign.take_backs = false;
        campaign.begin().expect("the patrol sets out");
        let mut cache = Cache::new();
        play_line(&mut campaign, &mut cache, Line::Auto(10)).expect("the leader plays on");
        assert!(campaign.history.is_none(), "iron man keeps nothing to take back");
        assert_eq!(campaign.iron_orders.len(), 10);
        let e = Replay::of_patrol_under_way(&campaign).expect_err("no history");
        assert_eq!(e, ReplayError::NoHistory { patrol: 1 });
        assert!(e.to_string().contains("once it is over"), "{e}");
        play_line(&mut campaign, &mut cache, Line::Auto(5000)).expect("the leader plays it out");
        assert!(campaign.iron_orders.is_empty(), "the record took them");
        let record = campaign.unarchived.clone().expect("the patrol is over");
        let replay = Replay::of_record(&record, campaign.book.clone()).expect("an iron-man record replays");
        assert_eq!(replay.frames.len(), record.orders.len() + 1);
    }
}
