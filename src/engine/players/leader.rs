//! The built-in patrol leader: picks the player's next command. `auto N` in
//! the headless runner, the simulator and the tests use it. Its judgement
//! (charging, advancing, keeping clear of armour, the cheapest route) is in
//! `tactics`; docs/RULES.md, "The patrol leader", says it in plain words.
//!
//! In patrol movement it keeps the squad together (sections in one hex join;
//! a section apart walks to the largest), heads for the objective by the
//! cheapest route while more than four in five of the squad can fight, then
//! for the home edge by the cheapest route, and leaves the map there. A
//! section that cannot carry all its seriously wounded leaves the ones it
//! cannot carry behind.
//! In an action, the man whose card is up fights an enemy in his hex, else
//! (if he works the radio) calls H.E. fire on a hex of two or more enemies
//! well clear of the patrol, else throws a grenade where the shot is poor,
//! else gets out of the way of armour he cannot hurt, else charges a hex of
//! few enemies where his shot is poor, else fires at the target he is
//! likeliest to hit (in the open, under rules with special moves, he digs in
//! first), else advances toward an enemy he can hurt by cover while the
//! patrol outnumbers the enemy, else holds; a routed man makes for home, at
//! the double where the ground lets him, and his squad's command point goes
//! on the run. With no card up it turns the next card.
//! A grenade in the air it steers by the engine's rule: the thrower's move
//! back towards his aim, the opponent's towards the thrower.

use std::ops::ControlFlow;

use crate::engine::book::Cover;
use crate::engine::book::scenario::Objective;
use crate::engine::cache::Cache;
use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::ruleset::Deed;
use crate::engine::ruleset::combat_patrol::throwing::GRENADE_NEED;
use crate::engine::vocabulary::command::PointUse;
use crate::engine::vocabulary::command::{Command, Stance, Target};
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Pressure, Side, State};

/// The patrol leader's next command for `game`; `cache` keeps what it works
/// out about the map (see `Cache`).
#[inline]
pub fn decide(game: &Game, cache: &Cache) -> Option<Command> {
    // Most decisions (three in five) turn the next card, and need neither
    // the cache nor any setting up: answered here, the rest out of line.
    match &game.phase {
        Phase::Action(a) if a.up.is_none() && a.flight.is_none() => Some(Command::Turn),
        _ => decide_more(game, cache),
    }
}

/// `decide` for anything but turning a card: the cache is asked for its
/// answers only here.
#[inline(never)]
fn decide_more(game: &Game, cache: &Cache) -> Option<Command> {
    match &game.phase {
        Phase::Over { .. } => None,
        // A grenade in the air is steered by the engine's own rule.
        Phase::Action(a) if let Some(f) = &a.flight => Some(Command::Steer { towards: f.rule_towards() }),
        Phase::Action(a) => match a.up {
            Some(me) if game.may_spend(me) => spend_first(game, me, order(game, cache.memo(game), me)),
            Some(me) => order(game, cache.memo(game), me),
            None => Some(Command::Turn),
        },
        Phase::Patrol => patrol(game, cache.memo(game)),
    }
}

/// Whether the rule set has special moves and `here` gives no cover: a man
/// with a shot there digs in before he takes it.
fn digs_in(game: &Game, here: Pos) -> bool {
    game.rules.double_stop(&game.book).is_some() && game.map.cover(&game.book, here) == Cover::None
}

/// Whether the rule set has special moves and a man may run into `to` at
/// the double: it is not difficult ground.
fn runs(game: &Game, to: Pos) -> bool {
    game.rules.double_stop(&game.book).is_some()
        && game.map.terrain(&game.book, to).is_some_and(|t| !game.rules.difficult(&game.book, t))
}

/// In a turn his side won priority, the command point his squad holds goes
/// before his order: to lift a suppression it is under, or on a second
/// round of the fire he is about to open. Kept otherwise, for a courage test.
fn spend_first(game: &Game, me: usize, order: Option<Command>) -> Option<Command> {
    // An enemy in his hex: the fight comes before anything else.
    if matches!(order, Some(Command::Fight { .. })) {
        return order;
    }
    if game.rules.point_lifts(&game.book, game.soldiers[me].pressure).is_some() {
        return Some(Command::Spend { on: PointUse::Rally });
    }
    match order {
        Some(Command::Fire { .. }) => Some(Command::Spend { on: PointUse::Fire }),
        // A routed squad has no courage test left to spend it on: it runs.
        Some(Command::Move { .. } | Command::Stance { stance: Stance::Double })
            if game.soldiers[me].pressure == Pressure::Routed =>
        {
            Some(Command::Spend { on: PointUse::Move })
        }
        other => other,
    }
}

/// Out of line, as `patrol` is: most decisions are to turn the next card,
/// and with both inlined `decide` set up a frame for all they need first.
/// Always an order: it is an `Option` so that `decide` hands it on as it is.
#[inline(never)]
fn order(game: &Game, memo: Memo<'_>, me: usize) -> Option<Command> {
    let Some(here) = game.soldiers[me].pos else { return Some(Command::Hold) };
    // One walk over the able enemies finds both a man to fight hand to hand
    // in his hex (the first; a vehicle there is not fought so) and the shot
    // he is likeliest to hit, should there be no such man.
    let marksman = game.marksman(memo, me);
    let walk = game.foe_or_shot(Side::Enemy, here, marksman.as_ref(), |foe| foe.vehicle.is_none());
    let best = match walk {
        ControlFlow::Break(e) => return Some(Command::Fight { target: game.soldiers[e].id.clone() }),
        ControlFlow::Continue(best) => best,
    };
    // What the rule set lets him do on this card (anything, under Lone Warrior).
    let (may_fire, may_move) = (game.may(me, Deed::Fire), game.may(me, Deed::Move));
    // An empty gun, his own or one in his hex, is reloaded first.
    if let Some(g) = game.gun_to_reload(me) {
        return Some(Command::Reload { gunner: (g != me).then(|| game.soldiers[g].id.clone()) });
    }
    if let Some(hex) = fire_mission(game, memo, me).filter(|_| may_fire) {
        return Some(Command::Call { hex });
    }
    if let Some(call) = battery_call(game, memo, me).filter(|_| may_fire) {
        return Some(call);
    }
    // A grenade where the shot is poor (Combat Patrol: a need of 8 or more).
    if let Some(hex) = game.grenade_target(me, best.map(|b| b.0), GRENADE_NEED).filter(|_| may_fire) {
        return Some(Command::Throw { hex });
    }
    // Out of the way of armour he cannot hurt, if it sees and reaches him.
    if may_move && let Some(to) = game.away_from_armour(memo, me).filter(|&to| game.check_move_left(me, to).is_ok()) {
        return Some(Command::Move { section: None, to });
    }
    // In with the bayonet where the shot is poor and the odds are good.
    let may_charge = game.may(me, Deed::Charge);
    let charge = game.charge_hex(me, best.filter(|_| may_fire).map(|b| b.0)).filter(|_| may_charge);
    if may_move && let Some(to) = charge.filter(|&to| game.check_move_left(me, to).is_ok()) {
        return Some(Command::Move { section: None, to });
    }
    // In the open, with a shot to take and his move not begun, he digs in
    // first (European Battlefield: prone, 5+ to save, and he still fires),
    // where it costs him no firing dice (digging in is moving: a rifle
    // would throw one die of two).
    if best.is_some()
        && may_fire
        && digs_in(game, here)
        && !game.dig_in_costs_fire(me)
        && game.may_take(me, Stance::DigIn)
    {
        return Some(Command::Stance { stance: Stance::DigIn });
    }
    if let Some((_, _, e)) = best.filter(|_| may_fire) {
        let target = Target::Soldier(game.soldiers[e].id.clone());
        // The special firing method where it is likelier to hit more.
        // Not a snap fire after his move (Combat Patrol): the standard method only.
        let special =
            !game.snap_fire(me) && (game.prefers_sweep(memo, me, e, GRENADE_NEED) || game.prefers_special(memo, me, e));
        return Some(if special { Command::FireSpecial { target } } else { Command::Fire { target } });
    }
    // A man dug in (by the player's order) gets up when he has no shot.
    if game.soldiers[me].kit.european().dug_in && game.may_get_up(me) {
        return Some(Command::Stance { stance: Stance::Up });
    }
    if !may_move {
        return Some(Command::Hold);
    }
    if let Some(carry) = drag(game, memo, me, here) {
        return Some(carry);
    }
    // One who may not charge (routed) makes for home, and leaves by it.
    if !may_charge {
        if game.map.on_home_edge(here) {
            return Some(Command::Exit { section: None });
        }
        let home = game.map.nearest_home(&game.book, memo, here);
        return match home.and_then(|h| step_toward(game, memo, here, h)) {
            // At the double where the ground lets him (European Battlefield).
            Some(to) if runs(game, to) && game.may_take(me, Stance::Double) => {
                Some(Command::Stance { stance: Stance::Double })
            }
            Some(to) if game.check_move_left(me, to).is_ok() && !game.able_hexes(Side::Enemy).any(|p| p == to) => {
                Some(Command::Move { section: None, to })
            }
            _ => Some(Command::Hold),
        };
    }
    // No shot: he steps toward an enemy he can hurt, by cover (from cover
    // only into cover), within what is left of his move this card (rules
    // that move more than a hex on it); else he holds.
    match game.advance_step(me) {
        Some(to) if game.check_move_left(me, to).is_ok() => Some(Command::Move { section: None, to }),
        _ => Some(Command::Hold),
    }
}

/// Where a drag is a man's combat move (Combat Patrol's card, a fire and a
/// combat move): a wounded comrade in his hex whom an able enemy sees
/// there he drags a hex towards home, into a hex no able enemy sees or
/// with better cover, and no enemy in it, if he has the cards to come that
/// the drag takes. His fire comes first: he drags on the move half of his
/// card, after his shot, or with no shot to take.
fn drag(game: &Game, memo: Memo<'_>, me: usize, here: Pos) -> Option<Command> {
    if !game.rules.fire_and_move(&game.book) {
        return None;
    }
    let (bearers, cards_each) = game.rules.bearing(&game.book);
    if bearers != 1 || game.cards_to_come(me) + 1 < cards_each as usize {
        return None;
    }
    let w = game.in_hex(here).find(|&i| {
        let s = &game.soldiers[i];
        i != me && s.side == Side::Friendly && !s.captive && s.state.may_be_carried()
    })?;
    let foes = game.hexes_of(Side::Enemy);
    let seen = |h: Pos| foes.iter().any(|&f| game.can_see(memo, f, h));
    if !seen(here) {
        return None;
    }
    let home = game.map.nearest_home(&game.book, memo, here)?;
    let to = step_toward(game, memo, here, home)?;
    let cover = |h: Pos| game.map.cover(&game.book, h).preference();
    let better = !seen(to) || cover(to) < cover(here);
    (better && !foes.contains(&to)).then(|| Command::Carry { wounded: game.soldiers[w].id.clone(), to })
}

/// The radio man calls the guns on the hex with the most enemies, when two
/// or more stand there, the shells would land on 6 or less of the D8, and
/// no man of the patrol is within a hex of it (the template hits anyone).
fn fire_mission(game: &Game, memo: Memo<'_>, me: usize) -> Option<Pos> {
    if game.battery().is_some()
        || game.radio_man() != Some(me)
        || game.fire_missions_left() == 0
        || !game.fire_pending.is_empty()
    {
        return None;
    }
    let friends = game.hexes_of(Side::Friendly);
    game.hexes_of(Side::Enemy)
        .into_iter()
        .filter(|&h| friends.iter().all(|f| f.distance(h) > 1))
        .filter_map(|h| {
            let distance = game.fire_call_check(memo, me, h).ok()?;
            let mission = crate::engine::ruleset::lone_warrior::call::FireMission {
                hex: h,
                caller: game.soldiers[me].id.clone(),
                distance,
                called: crate::engine::ruleset::lone_warrior::call::Called::Shells,
            };
            let (base, mods) = game.fire_mission_need(&mission)?;
            let need = base + mods.total();
            let foes = game.able(Side::Enemy).filter(|&i| game.soldiers[i].pos == Some(h)).count();
            (foes >= 2 && need <= 6).then_some((std::cmp::Reverse(foes), need, h))
        })
        .min()
        .map(|(_, _, h)| h)
}

/// The radio operator of an off-board battery (European Battlefield) calls
/// it on the enemy's hex whose template (the hex and its neighbours) covers
/// the most enemies, none of the patrol within three hexes of it (its
/// shells scatter): the air strike while the patrol has it, then the guns'
/// shells. He never calls smoke.
fn battery_call(game: &Game, memo: Memo<'_>, me: usize) -> Option<Command> {
    use crate::engine::ruleset::lone_warrior::call::Called;
    if game.battery().is_none() || game.radio_man() != Some(me) || !game.fire_pending.is_empty() {
        return None;
    }
    let what = match (game.air_strikes_left(), game.fire_missions_left()) {
        (1.., _) => Called::Air,
        (0, 1..) => Called::Shells,
        (0, 0) => return None,
    };
    let friends = game.hexes_of(Side::Friendly);
    let foes: Vec<Pos> = game.able(Side::Enemy).filter_map(|i| game.soldiers[i].pos).collect();
    let (_, hex) = game
        .hexes_of(Side::Enemy)
        .into_iter()
        .filter(|&h| friends.iter().all(|f| f.distance(h) > 3))
        .filter(|&h| game.battery_call_check(memo, me, h, what).is_ok())
        .map(|h| (std::cmp::Reverse(foes.iter().filter(|p| p.distance(h) <= 1).count()), h))
        .min()?;
    Some(match what {
        Called::Air => Command::CallAir { hex },
        _ => Command::Call { hex },
    })
}

/// A section on the map, with its able men and the seriously wounded it
/// carries, counted once for all the questions below.
#[derive(Clone, Copy)]
struct Placed {
    section: usize,
    at: Pos,
    able: usize,
    carried: usize,
}

/// Out of line: see `order`.
#[inline(never)]
fn patrol(game: &Game, memo: Memo<'_>) -> Option<Command> {
    let placed: Vec<Placed> = game
        .sections
        .iter()
        .enumerate()
        .filter_map(|(section, s)| {
            let at = game.section_pos(s)?;
            let (able, carried) = game.strength(s);
            Some(Placed { section, at, able, carried })
        })
        .collect();
    let bearers = game.book.patrol.bearers_per_wounded.max(1) as usize;
    // Two sections are worth bringing together if together they can carry
    // everyone, or if one is wounded men alone and the other can carry at
    // least one more of them (those it still cannot carry are left, below).
    let spare = |p: &Placed| p.able / bearers > p.carried;
    let stranded = |p: &Placed| p.able == 0 && p.carried > 0;
    let joinable = |a: &Placed, b: &Placed| {
        let fit = a.able + b.able;
        fit > 0 && ((a.carried + b.carried) * bearers <= fit || (stranded(b) && spare(a)) || (stranded(a) && spare(b)))
    };
    // Sections in one hex join up.
    for (k, a) in placed.iter().enumerate() {
        if let Some(b) = placed[k + 1..].iter().find(|b| b.at == a.at && joinable(a, b)) {
            return Some(Command::Join {
                section: game.sections[b.section].name.clone(),
                into: game.sections[a.section].name.clone(),
            });
        }
    }
    let movable = |p: &Placed| game.can_carry(p.able, p.carried);
    // A section apart walks toward the largest movable section, or it to them.
    let main = placed
        .iter()
        .filter(|p| movable(p))
        .max_by_key(|p| (game.sections[p.section].members.len(), std::cmp::Reverse(p.section)));
    if let Some(main) = main {
        for other in placed.iter().filter(|p| p.section != main.section && joinable(p, main)) {
            let (mover, from, to) = if movable(other) { (other, other.at, main.at) } else { (main, main.at, other.at) };
            if let Some(step) = step_toward(game, memo, from, to) {
                return Some(Command::Move { section: Some(game.sections[mover.section].name.clone()), to: step });
            }
        }
    }
    let Some(&Placed { section: s, at, .. }) = placed.iter().find(|p| movable(p)) else {
        // Nobody can move: leave behind the wounded who cannot be carried.
        let p = placed.iter().find(|p| p.able > 0)?;
        let wounded: Vec<usize> = game.sections[p.section]
            .members
            .iter()
            .copied()
            .filter(|&i| game.soldiers[i].state == State::SeriousWound)
            .collect();
        let keep = p.able / bearers;
        let left = wounded.get(keep..)?.iter().map(|&i| game.soldiers[i].id.clone()).collect();
        return Some(Command::Split { soldiers: left });
    };
    let name = Some(game.sections[s].name.clone());
    // With one man in five or more out of the fight (of nine: the second man
    // hit), the patrol turns for home: a careful NCO brings the rest back.
    // The squad and its fit men (`able`) are counted in one walk over the
    // squad's part of the soldiers, and only while the objective is still to
    // be reached.
    let fit_enough = || {
        let (squad, fit) = game
            .squad_part()
            .iter()
            .filter(|x| x.side == Side::Friendly)
            .fold((0, 0), |(squad, fit), x| (squad + 1, fit + usize::from(x.can_act())));
        fit * 5 > squad * 4
    };
    if !game.objective_reached && fit_enough() {
        // The roster is searched for prisoners only when one is wanted.
        let wants_prisoner = matches!(game.objective, Objective::Prisoner(_)) && !game.holds_prisoner();
        if wants_prisoner && let Some(prisoner) = capturable(game).find(|&i| game.soldiers[i].pos == Some(at)) {
            return Some(Command::Capture { prisoner: game.soldiers[prisoner].id.clone() });
        }
        if let Some(step) = objective_hex(game, at).and_then(|target| game.cheapest_step(memo, at, &[target])) {
            return Some(Command::Move { section: name, to: step });
        }
    }
    if game.map.on_home_edge(at) {
        return Some(Command::Exit { section: name });
    }
    // The cheapest walk to any hex of the home edge.
    let home: Vec<Pos> = game.map.hexes().filter(|&p| game.map.on_home_edge(p)).collect();
    Some(Command::Move { section: name, to: game.cheapest_step(memo, at, &home)? })
}

/// Seriously wounded enemies lying on the map, who could be taken prisoner.
fn capturable(game: &Game) -> impl Iterator<Item = usize> + '_ {
    (0..game.soldiers.len()).filter(|&i| {
        let s = &game.soldiers[i];
        s.side == Side::Enemy && s.state == State::SeriousWound && !s.captive && s.pos.is_some()
    })
}

/// Where the objective leads a section at `at` next, if anywhere.
fn objective_hex(game: &Game, at: Pos) -> Option<Pos> {
    let nearest = |hexes: Vec<Pos>| hexes.into_iter().min_by_key(|p| (p.distance(at), *p));
    match &game.objective {
        Objective::Reach(p) => Some(*p),
        Objective::Reconnoitre(hexes) => {
            nearest(hexes.iter().copied().filter(|h| game.visited.binary_search(h).is_err()).collect())
        }
        // With a prisoner in hand, home; else a wounded enemy on the map if
        // there is one; else look about the expected hex.
        Objective::Prisoner(_) if game.holds_prisoner() => None,
        Objective::Prisoner(near) => nearest(capturable(game).filter_map(|i| game.soldiers[i].pos).collect())
            .or(Some(*near))
            .filter(|&p| p != at),
    }
}

fn step_toward(game: &Game, memo: Memo<'_>, from: Pos, to: Pos) -> Option<Pos> {
    if from == to {
        return None;
    }
    game.map.first_step(&game.book, memo, from, to)
}
