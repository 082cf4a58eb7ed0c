//! Squads in an action, under rule sets whose teams fight as squads (the
//! company level, `Rules::squads`): a team's card fires its whole squad at
//! a squad, and the squad's pressure and courage tests. How far a team
//! moves on its card is `moves.rs`.

use crate::engine::book::RuleBook;
use crate::engine::cache::memo::Memo;
use crate::engine::game::Game;
use crate::engine::map::Map;
use crate::engine::ruleset::{Blow, Deed, Firer, Pressure, Reaction, SquadFire, TargetTeam};
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::format_name;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::sink::Events;
use crate::engine::vocabulary::soldier::{Side, Soldier};

impl Game {
    /// Whether soldiers `a` and `b` are of one squad: one side, and one
    /// squad (`Game::squad_key`: a man of no squad, or a vehicle, is a squad alone).
    fn squadmates(&self, a: usize, b: usize) -> bool {
        self.soldiers[a].side == self.soldiers[b].side && self.squad_key(a) == self.squad_key(b)
    }

    /// The fire of `shooter`'s squad at the squad of `target`, which he has
    /// a shot at, as the loop gathers it (`SquadFire` says who is in it).
    pub(in crate::engine) fn volley(&self, memo: Memo<'_>, shooter: usize, target: usize) -> Volley {
        let squad = self.able_squad(target);
        let mut firers = vec![shooter];
        firers.extend((0..self.soldiers.len()).filter(|&j| {
            j != shooter
                && self.soldiers[j].can_act()
                && self.soldiers[j].pos.is_some()
                // A man who dodged a vehicle fires no more this turn.
                && !self.soldiers[j].kit.european().dodged
                && self.squadmates(j, shooter)
                && self.cards_to_come(j) > 0
                && self.foe_at_close_quarters(j).is_none()
                && squad.iter().any(|&m| self.aimed_shot(memo, j, m).is_ok())
        }));
        self.volley_of(memo, firers, target)
    }

    /// The able men on the map of the squad of `target`, him among them if he is able.
    pub(in crate::engine) fn able_squad(&self, target: usize) -> Vec<usize> {
        let able = |i: usize| self.soldiers[i].can_act() && self.soldiers[i].pos.is_some();
        (0..self.soldiers.len()).filter(|&j| able(j) && self.squadmates(j, target)).collect()
    }

    /// The fire of `firers` (the first the man whose card is up) at the
    /// squad of `target`.
    fn volley_of(&self, memo: Memo<'_>, firers: Vec<usize>, target: usize) -> Volley {
        let squad = self.able_squad(target);
        let shooter = firers[0];
        // The teams fired at that a firer reaches, each with its distance
        // to the nearest such firer.
        let mut targets: Vec<(u32, usize)> = squad
            .iter()
            .filter_map(|&m| {
                let at = self.soldiers[m].pos?;
                let near = firers
                    .iter()
                    .filter(|&&f| self.aimed_shot(memo, f, m).is_ok())
                    .filter_map(|&f| self.soldiers[f].pos.map(|p| p.distance(at)))
                    .min()?;
                Some((near, m))
            })
            .collect();
        targets.sort_unstable();
        let side = self.soldiers[target].side;
        let overloading = self.rules.overloading();
        let mut overloaded: Vec<Pos> = squad
            .iter()
            .filter_map(|&m| self.soldiers[m].pos)
            .filter(|&h| overloading && self.overloaded(h, side))
            .collect();
        overloaded.sort_unstable();
        overloaded.dedup();
        let me = &self.soldiers[shooter];
        let beside = |m: usize| self.soldiers[m].pos.zip(me.pos).is_some_and(|(a, b)| a.distance(b) <= 1);
        let assault = self.rules.assaults() && me.moved && targets.iter().any(|&(_, m)| beside(m));
        let point = squad.first().is_some_and(|&m| self.may_spend(m));
        Volley { firers, targets, squad, overloaded: overloaded.len() as u32, assault, point }
    }

    /// `volley` as the rule set reads it.
    pub(in crate::engine) fn squad_view(&self, v: &Volley) -> SquadFire<'_> {
        v.view(&self.soldiers, &self.map, &self.book)
    }

    /// Whether the hex `p` is overloaded with able teams of `side` (more
    /// than one): the company level's firing die more against them, and the
    /// map's `ovl`.
    pub fn overloaded(&self, p: Pos, side: Side) -> bool {
        self.soldiers.iter().filter(|s| s.side == side && s.can_act() && s.pos == Some(p)).nth(1).is_some()
    }

    /// `shooter`, whose card is up, fires with his squad at the squad of
    /// `target`, which he has a shot at: Ok(false) under rules without
    /// squads (he fires alone), else the fire made.
    ///
    /// # Errors
    /// Why the squad cannot fire; nothing has changed.
    pub(in crate::engine) fn squad_fire(
        &mut self,
        memo: Memo<'_>,
        shooter: usize,
        target: usize,
        events: &mut Events,
    ) -> Result<bool, String> {
        let rules = self.rules;
        if !rules.squads() {
            return Ok(false);
        }
        // Checked before the fire is told: a team that may not fire now
        // (moved, without moving fire) does not open its squad's fire.
        if rules.shots(&self.book, &self.soldiers[shooter], false) == 0 {
            return Err(self.may_not(shooter, Deed::Fire));
        }
        // The enemy's squad spends a command point it holds on another round
        // of the fire it opens (the player and the leader say `spend fire`).
        if self.soldiers[shooter].side == Side::Enemy
            && self.soldiers[shooter].vehicle.is_none()
            && self.may_spend(shooter)
        {
            self.spend_point(shooter, crate::engine::vocabulary::command::PointUse::Fire, events);
        }
        let v = self.volley(memo, shooter, target);
        let firers = v.firers.clone();
        if !self.round_of_fire(v, true, events)? {
            return Ok(false);
        }
        // A command point spent on another round of fire: the men who fired
        // and can still fire throw their dice again, at what of the squad
        // they reach; where none of it stands, at the squad of the man their
        // leader now has the best shot at (the article's "another round of
        // fire" names no target).
        if self.second_round(shooter) {
            let firers: Vec<usize> = firers.into_iter().filter(|&f| self.soldiers[f].can_act()).collect();
            let target = self.able_squad(target).into_iter().next().or_else(|| self.best_man_target(memo, shooter));
            if let (Some(target), true) = (target, firers.first() == Some(&shooter)) {
                let again = self.volley_of(memo, firers, target);
                if !again.targets.is_empty() {
                    self.round_of_fire(again, false, events)?;
                }
            }
        }
        Ok(true)
    }

    /// The able man on foot of the other side that `shooter` has the best
    /// shot at (the lowest need, then the nearest), if any is in his sight
    /// and reach.
    fn best_man_target(&self, memo: Memo<'_>, shooter: usize) -> Option<usize> {
        let m = self.marksman(memo, shooter)?;
        let from = self.soldiers[shooter].pos?;
        self.able(self.soldiers[shooter].side.other())
            .filter(|&f| self.soldiers[f].vehicle.is_none())
            .filter_map(|f| Some((m.need_of_able(f, &self.soldiers[f])?, from.distance(self.soldiers[f].pos?), f)))
            .min()
            .map(|(_, _, f)| f)
    }

    /// One round of a squad's fire: told, thrown by the rule set, the cards
    /// of the men who joined it spent (on its first round), and what it did
    /// dealt out. Ok(false) if the rule set refuses to fire so.
    fn round_of_fire(&mut self, v: Volley, first: bool, events: &mut Events) -> Result<bool, String> {
        let rules = self.rules;
        // More dice than one throw holds: refused before the fire is told.
        let dice: u32 = v.firers.iter().map(|&f| rules.shots(&self.book, &self.soldiers[f], false)).sum();
        if dice.saturating_add(v.overloaded) > u32::from(u8::MAX) {
            return Err(format!("{} firing dice: one fire throws at most {}", dice + v.overloaded, u8::MAX));
        }
        // The view borrows the soldiers, map and book alone: the dice are lent beside it.
        let fire = v.view(&self.soldiers, &self.map, &self.book);
        if events.keeps_all() {
            events.push(Event::SquadFire {
                firers: fire.firers.iter().map(|f| f.man.id.clone()).collect(),
                targets: fire.targets.iter().map(|t| t.man.id.clone()).collect(),
                overloaded: fire.overloaded,
                assault: fire.assault,
            });
        }
        // A fire the rule set refuses throws no die (`squad_volley` checks first).
        let Some(fired) = rules.squad_fire(&self.book, &mut self.dice, &fire, events) else {
            return Ok(false);
        };
        let fired = fired?;
        let Volley { firers, targets, squad, .. } = v;
        if fired.point_spent
            && let Some(&leader) = squad.first()
        {
            self.spend_point(leader, crate::engine::vocabulary::command::PointUse::Courage, events);
        }
        // Each man taken is struck by the man whose die took him.
        let lost: Vec<(usize, usize)> = fired
            .lost
            .iter()
            .filter_map(|l| Some((targets.get(l.target)?.1, *firers.get(l.by).unwrap_or(&firers[0]))))
            .collect();
        let by = self.soldiers[firers[0]].id.clone();
        for &f in firers[1..].iter().filter(|_| first) {
            self.spend_card_for(f, format_name!("fired with {by}"), events);
            self.card_over(f, events);
        }
        for (m, f) in lost {
            let by = self.soldiers[f].id.clone();
            self.strike(m, Some(&by), Blow::Aimed, events);
        }
        for hit in &fired.vehicles {
            if let Some(&(_, m)) = targets.get(hit.target) {
                self.vehicle_hurt(m, *hit, events);
            }
        }
        if let Some(pressure) = fired.pressure {
            self.squad_pressed(&squad, pressure, events);
        }
        if fired.commander_lost
            && let Some(&fell) = squad.first()
        {
            let fell = &self.soldiers[fell];
            self.squads_test(SquadTest::Shaken(fell.side, fell.squad), events);
        }
        Ok(true)
    }

    /// Every able man of `squad` (places in `Game::soldiers`) comes under
    /// `pressure`; under the house rule `rout_leaves_at_once` an enemy
    /// squad routed leaves the field at once (as written it runs for the
    /// edge turn by turn, at STOP: `Game::routs_run`).
    pub(in crate::engine) fn squad_pressed(&mut self, squad: &[usize], pressure: Pressure, events: &mut Events) {
        let able: Vec<usize> = squad.iter().copied().filter(|&m| self.soldiers[m].can_act()).collect();
        for &m in &able {
            self.pressed(m, Reaction { roll: None, pressure, kit: None }, events);
        }
        let routed: Vec<usize> = able
            .into_iter()
            .filter(|&m| {
                pressure == Pressure::Routed && self.soldiers[m].side == Side::Enemy && self.rout_leaves_at_once()
            })
            .collect();
        if !routed.is_empty() {
            let soldiers = routed.iter().map(|&m| self.soldiers[m].id.clone()).collect();
            for m in routed {
                self.soldiers[m].pos = None;
            }
            events.push(Event::Gone { soldiers });
        }
    }

    /// At the STOP card, under rules whose squads rally as squads
    /// (`Rules::squad_rally`): each squad under pressure tries, as one.
    pub(in crate::engine) fn squads_rally(&mut self, events: &mut Events) {
        self.squads_test(SquadTest::Rally, events);
    }

    /// Each squad a `test` asks, as one: at STOP the squads under
    /// pressure rally (`Rules::squad_rally`); once a commander falls, every
    /// squad of his side that can still fight tests (`Rules::shaken`).
    fn squads_test(&mut self, test: SquadTest, events: &mut Events) {
        let rules = self.rules;
        if !rules.squads() {
            return;
        }
        let mut done: Vec<(Side, u32)> = Vec::new();
        for i in 0..self.soldiers.len() {
            let s = &self.soldiers[i];
            let asked = match test {
                SquadTest::Rally => !s.pressure.is_steady(),
                SquadTest::Shaken(side, fell_in) => s.side == side && s.squad != fell_in,
            };
            let key = (s.side, self.squad_key(i));
            if !asked || s.pos.is_none() || !s.can_act() || done.contains(&key) {
                continue;
            }
            done.push(key);
            let squad = self.able_squad(i);
            let men: Vec<&Soldier> = squad.iter().map(|&j| &self.soldiers[j]).collect();
            let near = others(&self.soldiers, &squad);
            let point = self.may_spend(i);
            let (book, dice) = (&self.book, &mut self.dice);
            let reaction = match test {
                SquadTest::Rally => rules.squad_rally(book, dice, (&men, &near), point),
                SquadTest::Shaken(..) => rules.shaken(book, dice, (&men, &near), point),
            };
            let Some(reaction) = reaction else { continue };
            if let Some(roll) = reaction.roll {
                // A command point the squad held went to the test (its +5 is in the roll).
                if point {
                    self.spend_point(i, crate::engine::vocabulary::command::PointUse::Courage, events);
                }
                events.push(Event::Roll(roll));
            }
            self.squad_pressed(&squad, reaction.pressure, events);
        }
    }
}

/// A courage test squads take as one (`Game::squads_test`).
#[derive(Clone, Copy)]
enum SquadTest {
    /// At STOP, the squads under pressure.
    Rally,
    /// A commander of this side has fallen: all its squads but the one
    /// he fell in (which tested for its losses, its leader among them).
    Shaken(Side, Option<u32>),
}

/// The able men on the map of the side of `squad` (places in `soldiers`)
/// who are not in it.
fn others<'a>(soldiers: &'a [Soldier], squad: &[usize]) -> Vec<&'a Soldier> {
    let Some(side) = squad.first().map(|&m| soldiers[m].side) else { return Vec::new() };
    (0..soldiers.len())
        .filter(|k| !squad.contains(k))
        .map(|k| &soldiers[k])
        .filter(|s| s.side == side && s.can_act() && s.pos.is_some())
        .collect()
}

/// A squad's fire as the loop gathers it, by the soldiers' places in
/// `Game::soldiers`: who fires, the teams fired at (nearest first, each with its
/// distance), the whole squad fired at, its overloaded hexes, and whether
/// it is an assault.
pub(in crate::engine) struct Volley {
    pub firers: Vec<usize>,
    pub targets: Vec<(u32, usize)>,
    pub squad: Vec<usize>,
    pub overloaded: u32,
    pub assault: bool,
    /// The squad fired at holds a command point for a courage test.
    pub point: bool,
}

impl Volley {
    /// The fire as the rule set reads it: the men by reference, each team
    /// fired at with the ground it stands on.
    fn view<'a>(&self, soldiers: &'a [Soldier], map: &Map, book: &'a RuleBook) -> SquadFire<'a> {
        let ground = |m: usize| soldiers[m].pos.and_then(|p| map.terrain(book, p)).unwrap_or(&book.terrain[0]);
        SquadFire {
            firers: self.firers.iter().map(|&f| Firer { man: &soldiers[f], moved: soldiers[f].moved }).collect(),
            targets: self
                .targets
                .iter()
                .map(|&(distance, m)| TargetTeam { man: &soldiers[m], terrain: ground(m), distance })
                .collect(),
            squad: self.squad.iter().map(|&m| &soldiers[m]).collect(),
            others: others(soldiers, &self.squad),
            overloaded: self.overloaded,
            assault: self.assault,
            point: self.point,
        }
    }
}

#[cfg(test)]
#[path = "fire_tests.rs"]
mod tests;
