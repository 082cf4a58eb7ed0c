//! What a key means at the cursor hex: the command it gives, or why there
//! is none. The rest of the app's update is in `app.rs`.

use super::keymap::Msg;
use super::model::App;
use crate::engine::book::scenario::Objective;
use crate::engine::{Command, Game, Memo, Name, OddsQuery, Phase, Pos, Side, State, Target};
use crate::session::Line;

impl App {
    /// The command a key means at the cursor hex, or why there is none.
    pub(super) fn order(&self, msg: Msg) -> Result<Line, Refusal> {
        let Some(game) = self.game() else {
            return match msg {
                Msg::Act => Ok(Line::Begin),
                _ => Err(say("No patrol is under way: press Enter to set out on the next one.")),
            };
        };
        let here = self.cursor;
        let play = |c| Ok(Line::Play(c));
        match (&game.phase(), msg) {
            (Phase::Over { .. }, _) => Err(say("The patrol is over.")),
            // A grenade in the air: the cursor says where the next move goes.
            (Phase::Action(a), Msg::Act | Msg::Throw) if a.flight.is_some() => play(Command::Steer { towards: here }),
            (Phase::Action(a), _) if a.flight.is_some() => Err(say(
                "A grenade is in the air: put the cursor where its next move should go and press Enter (a: the leader \
                 steers by the rule).",
            )),
            (Phase::Action(a), _) if a.up.is_none() && matches!(msg, Msg::Act) => play(Command::Turn),
            (Phase::Action(a), _) if a.up.is_none() => Err(say("Turn the next card first (Space).")),
            (_, Msg::Exit) => self.exit_order(game),
            (_, Msg::Call) => play(Command::Call { hex: here }),
            (_, Msg::Move) => play(Command::Move { section: self.section_name(game), to: here }),
            (_, Msg::Fire) => {
                let t = target_in(game, self.cache.memo(game), here).map_err(Refusal::Say)?;
                play(Command::Fire { target: Target::Soldier(t) })
            }
            (_, Msg::FireSpecial) => {
                let t = target_in(game, self.cache.memo(game), here).map_err(Refusal::Say)?;
                play(Command::FireSpecial { target: Target::Soldier(t) })
            }
            (_, Msg::Throw) => play(Command::Throw { hex: here }),
            (_, Msg::Reload) => play(Command::Reload { gunner: gun_to_reload(game) }),
            (_, Msg::Carry) => {
                let me = self.active_pos().ok_or(say("Nobody to carry with."))?;
                let wounded = game
                    .in_hex(me)
                    .find(|&i| {
                        let s = &game.soldiers()[i];
                        s.side == Side::Friendly && s.state.may_be_carried() && Some(i) != game.card_up()
                    })
                    .ok_or(say("Nobody wounded in this hex to carry."))?;
                play(Command::Carry { wounded: game.soldiers()[wounded].id.clone(), to: here })
            }
            (_, Msg::Capture) => {
                let me = self.active_pos().ok_or(say("Nobody to take a prisoner."))?;
                let prisoner = game
                    .in_hex(me)
                    .find(|&i| {
                        let s = &game.soldiers()[i];
                        s.side == Side::Enemy && s.state == State::SeriousWound && !s.captive
                    })
                    .ok_or(say("No seriously wounded enemy in this hex to take prisoner."))?;
                play(Command::Capture { prisoner: game.soldiers()[prisoner].id.clone() })
            }
            // Enter: whatever the hex under the cursor calls for.
            (phase, _) => {
                let me = self.active_pos().ok_or(say("Nobody to give an order to."))?;
                if matches!(phase, Phase::Action(_))
                    && let Ok(t) = target_in(game, self.cache.memo(game), here)
                {
                    return play(if here == me {
                        Command::Fight { target: t }
                    } else {
                        Command::Fire { target: Target::Soldier(t) }
                    });
                }
                // In patrol movement, Enter on another section's hex chooses it.
                let other = game.sections().iter().position(|s| game.section_pos(s) == Some(here));
                if let (Phase::Patrol, Some(other)) = (phase, other)
                    && other != self.section
                    && (here == me || !me.is_adjacent(here))
                {
                    return Err(Refusal::Choose(other));
                }
                if here == me {
                    if game.map().on_home_edge(me) {
                        return self.exit_order(game);
                    }
                    return Err(say("Put the cursor on a neighbouring hex to step there, or on a target to fire."));
                }
                play(Command::Move { section: self.section_name(game), to: here })
            }
        }
    }

    /// Tab: the next section in patrol movement, the next enemy in sight in an action.
    pub(super) fn next(&mut self) {
        let Some(game) = self.game() else { return };
        match &game.phase() {
            Phase::Patrol if game.sections().len() > 1 => {
                self.section = (self.section + 1) % game.sections().len();
                self.cursor_to_section();
                let name = self.game().and_then(|g| g.sections().get(self.section)).map(|s| s.name.clone());
                self.notice = name.map(|n| format!("Section {n} moves next"));
            }
            Phase::Patrol => {
                self.notice = Some(
                    "The squad moves as one section: ':split NAME NAME...' makes another, for Tab to choose.".into(),
                );
            }
            Phase::Action(a) => {
                // The hexes of the enemy, the likeliest shot for the man up first, then the nearest.
                let from = self.active_pos();
                let key = |p: Pos| {
                    let need = a.up.and_then(|me| {
                        game.in_hex(p).filter_map(|e| game.shot_need(self.cache.memo(game), me, e)).min()
                    });
                    (need.unwrap_or(i32::MAX), from.map_or(0, |f| f.distance(p)), p)
                };
                let mut hexes: Vec<(i32, u32, Pos)> =
                    game.able(Side::Enemy).filter_map(|e| game.soldiers()[e].pos).map(key).collect();
                hexes.sort();
                hexes.dedup();
                let at = hexes.iter().position(|&(_, _, p)| p == self.cursor);
                let next = at.map_or(0, |k| (k + 1) % hexes.len());
                match hexes.get(next) {
                    Some(&(_, _, p)) => self.cursor = p,
                    None => self.notice = Some("No enemy able to fight is on the map.".into()),
                }
            }
            _ => {}
        }
    }

    /// Exit from the home edge. When leaving now would cost the patrol
    /// something (the objective not done, wounded men left without
    /// carriers, one man left alone), it is asked first, in patrol movement
    /// and in an action alike.
    fn exit_order(&self, game: &Game) -> Result<Line, Refusal> {
        let Some(at) = self.active_pos() else { return Err(say("Nobody to lead off the map.")) };
        if !game.map().on_home_edge(at) {
            let edge = format!("{:?}", game.map().home_edge).to_lowercase();
            return Err(Refusal::Say(format!(
                "{at} is not on the home edge: the map is left from a hex of the {edge} edge."
            )));
        }
        let command = Command::Exit { section: self.section_name(game).filter(|_| game.card_up().is_none()) };
        let leavers: Vec<usize> = match game.card_up() {
            Some(me) => vec![me],
            None => game
                .sections()
                .get(self.section)
                .map(|s| s.members.iter().copied().filter(|&i| game.soldiers()[i].pos == Some(at)).collect())
                .unwrap_or_default(),
        };
        let reasons = exit_warnings(game, &leavers);
        if reasons.is_empty() {
            return Ok(Line::Play(command));
        }
        Err(Refusal::Confirm(reasons, command))
    }

    /// The chosen section's name, when there is more than one to choose from.
    pub(super) fn section_name(&self, game: &Game) -> Option<Name> {
        (game.card_up().is_none() && game.sections().len() > 1)
            .then(|| game.sections().get(self.section).map(|s| s.name.clone()))
            .flatten()
    }

    /// The odds question for acting on the cursor hex.
    pub(super) fn odds_query(&self) -> Result<OddsQuery, String> {
        let game = self.game().ok_or("No patrol is under way.")?;
        match &game.phase() {
            Phase::Patrol => {
                Ok(OddsQuery::Move { section: self.section_name(game).map(String::from), to: self.cursor })
            }
            Phase::Action(a) if a.up.is_some() => {
                // A shot the man up can fire, else, for the radio man, the guns on the hex.
                let fire = target_in(game, self.cache.memo(game), self.cursor)
                    .ok()
                    .map(|t| OddsQuery::Fire { shooter: None, target: Target::Soldier(t) })
                    .filter(|q| game.odds(&self.cache, q).is_ok());
                let call = OddsQuery::Call { hex: self.cursor };
                match fire {
                    Some(q) => Ok(q),
                    None if a.up == game.radio_man() && game.odds(&self.cache, &call).is_ok() => Ok(call),
                    // No enemy there: what stepping there would roll (the answer says it rolls nothing).
                    None => match target_in(game, self.cache.memo(game), self.cursor) {
                        Ok(t) => Ok(OddsQuery::Fire { shooter: None, target: Target::Soldier(t) }),
                        Err(_) => Ok(OddsQuery::Move { section: None, to: self.cursor }),
                    },
                }
            }
            Phase::Action(_) => Ok(OddsQuery::Stop),
            Phase::Over { .. } => Err("The patrol is over.".into()),
        }
    }
}

/// Why a key gave no command.
pub(super) enum Refusal {
    /// Words for the status bar.
    Say(String),
    /// Enter on another section's hex: that section moves next.
    Choose(usize),
    /// Leaving the map would cost something: these reasons, asked before
    /// the command goes.
    Confirm(Vec<String>, Command),
}

/// What leaving the map now with `leavers` would cost the patrol, a
/// sentence each; none when nothing is lost by going.
pub fn exit_warnings(game: &Game, leavers: &[usize]) -> Vec<String> {
    let soldiers = game.soldiers();
    let mut reasons = Vec::new();
    let name = |i: usize| soldiers[i].id.to_string();
    // The prisoner objective is done by bringing him home: leaving with him does it.
    let brings_prisoner = leavers.iter().any(|&i| soldiers[i].captive);
    let done = game.objective_reached() || (matches!(game.objective(), Objective::Prisoner(_)) && brings_prisoner);
    if !done {
        reasons.push(format!("The objective ({}) is not done yet.", game.objective().describe()));
    }
    let staying: Vec<usize> = (0..soldiers.len())
        .filter(|i| !leavers.contains(i))
        .filter(|&i| {
            soldiers[i].side == Side::Friendly && soldiers[i].pos.is_some() && soldiers[i].state != State::Dead
        })
        .collect();
    // Able to carry: men who can act and move on their own (a lightly
    // wounded man under Combat Patrol cannot); the wounded who need them.
    let able: Vec<usize> = staying
        .iter()
        .copied()
        .filter(|&i| {
            soldiers[i].can_act() && game.rules().may(game.book(), &soldiers[i], crate::engine::ruleset::Deed::Move)
        })
        .collect();
    let wounded: Vec<usize> = staying.iter().copied().filter(|&i| soldiers[i].state.is_carried()).collect();
    // As many men as the rule set takes carry a seriously wounded one (two
    // under Lone Warrior, one drags under Combat Patrol).
    let bearers = game.rules().bearing(game.book()).0.max(1) as usize;
    if !wounded.is_empty() && able.len() < bearers {
        let who: Vec<String> = wounded.iter().map(|&i| name(i)).collect();
        let left = match able.as_slice() {
            [] => "nobody able".to_string(),
            some => format!("only {} able", some.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" and ")),
        };
        let takes = match bearers {
            1 => "one".to_string(),
            2 => "two".to_string(),
            n => n.to_string(),
        };
        reasons
            .push(format!("{} seriously wounded would stay with {left} to carry: it takes {takes}.", who.join(", ")));
    } else if let [one] = able.as_slice() {
        reasons.push(format!("{} would be the last able man on the map.", name(*one)));
    }
    reasons
}

pub(super) fn say(words: &str) -> Refusal {
    Refusal::Say(words.to_string())
}

/// The enemy in `hex` that `f` fires at: the one the man whose card is up
/// is likeliest to hit, else the first able one. In his own hex, where he
/// fights hand to hand, a man on foot before a vehicle (no man fights one).
pub fn target_in(game: &Game, memo: Memo<'_>, hex: Pos) -> Result<Name, String> {
    let up = game.card_up();
    let own_hex = up.and_then(|me| game.soldiers()[me].pos) == Some(hex);
    game.in_hex(hex)
        .filter(|&i| game.soldiers()[i].side == Side::Enemy && game.soldiers()[i].can_act())
        .min_by_key(|&i| {
            let vehicle = own_hex && game.soldiers()[i].vehicle.is_some();
            (vehicle, up.and_then(|me| game.shot_need(memo, me, i)).unwrap_or(i32::MAX), i)
        })
        .map(|i| game.soldiers()[i].id.clone())
        .ok_or_else(|| format!("No enemy able to fight at {hex}."))
}

/// Whose gun `R` reloads: the man up's own if it is empty or he carries
/// one that runs out, else the first man of his hex whose gun is empty
/// (None: his own, and the engine says why not).
fn gun_to_reload(game: &Game) -> Option<Name> {
    let me = game.card_up()?;
    let (rules, book) = (game.rules(), game.book());
    let ammo = |i: usize| rules.ammo(book, &game.soldiers()[i]);
    if ammo(me).is_some_and(|a| a.left == 0 && a.reload.is_some()) {
        return None;
    }
    let here = game.soldiers()[me].pos?;
    game.in_hex(here)
        .find(|&i| {
            i != me
                && game.soldiers()[i].side == Side::Friendly
                && ammo(i).is_some_and(|a| a.left == 0 && a.reload.is_some())
        })
        .map(|i| game.soldiers()[i].id.clone())
}
