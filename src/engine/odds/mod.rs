//! Exact odds before a roll: which dice a choice would throw, what they need
//! and how likely each result is, counted from the dice (never sampled).
//!
//! `Game::odds` only reads the game: nothing changes and no random number is
//! drawn, so asking can never change what happens next. Each answer has the
//! need and modifiers exactly as the roll event would show them.

mod answer;
mod parse;

use answer::tally;
pub use answer::{OddsAnswer, OddsQuery, Outcome, RollOdds, Spread};

use crate::engine::book::WeaponKind;
use crate::engine::cache::Cache;
use crate::engine::cache::memo::Memo;
use crate::engine::dice::Purpose;
use crate::engine::dice::chance::{Chance, totals};
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::patrol::incident::INCIDENT_TABLE_DICE;
use crate::engine::ruleset::lone_warrior::template::template_result;
use crate::engine::ruleset::{Method, Odds};
use crate::engine::vocabulary::command::Target;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::Side;

impl Game {
    /// The exact odds of the roll a choice would lead to now. Reads the game
    /// only: nothing changes and no random number is drawn.
    ///
    /// # Errors
    /// Why the question has no answer now, in the words the command itself
    /// would use where there is one (no such man, not next to him, out of
    /// range, a move in an action that rolls nothing...).
    pub fn odds(&self, cache: &Cache, query: &OddsQuery) -> Result<OddsAnswer, RuleError> {
        if let Phase::Over { outcome } = &self.phase {
            return Err(RuleError::Over(outcome.to_string()));
        }
        let memo = cache.memo(self);
        let (roll, then) = match query {
            OddsQuery::Move { section, to } => self.move_odds(section.as_deref(), *to)?,
            OddsQuery::Fire { shooter, target } => self.fire_odds(memo, shooter.as_deref(), target)?,
            OddsQuery::Special { shooter, target } => self.special_fire_odds(memo, shooter.as_deref(), target)?,
            OddsQuery::Throw { thrower, hex } => self.throw_odds(memo, thrower.as_deref(), *hex)?,
            OddsQuery::Fight { attacker, defender } => (self.fight_odds(attacker.as_deref(), defender)?, None),
            OddsQuery::Bombard { firer, hex } => self.bombard_odds(firer, *hex)?,
            OddsQuery::Call { hex } => self.call_odds(memo, *hex)?,
            OddsQuery::CallAir { hex } => self.air_odds(memo, *hex)?,
            OddsQuery::Stop => self.stop_odds()?,
            OddsQuery::Casualty { soldier } => (self.casualty_odds(soldier.as_deref())?, None),
        };
        Ok(OddsAnswer { query: query.to_string(), roll, then })
    }

    /// Soldier `id`, or why not.
    fn named(&self, id: &str) -> Result<usize, RuleError> {
        self.find(id).map_or_else(|| refuse(RuleError::Unknown, format!("there is nobody called '{id}'")), Ok)
    }

    /// The man whose card is up, for questions that leave out who acts.
    fn up_for(&self, what: &str) -> Result<usize, RuleError> {
        self.card_up().map_or_else(|| refuse(RuleError::Odds, format!("no friendly card is up: name who {what}")), Ok)
    }

    /// The same checks as the move command, then the incident check it would roll.
    fn move_odds(&self, section: Option<&str>, to: Pos) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        if matches!(self.phase, Phase::Action(_)) {
            return refuse(
                RuleError::Odds,
                "in an action a man steps without an incident check: the move rolls nothing",
            );
        }
        let s = &self.sections[self.pick_section(section)?];
        let Some(from) = self.section_pos(s) else {
            return refuse(RuleError::Odds, format!("section {} is not on the map", s.name));
        };
        self.check_step(from, to)?;
        self.section_can_move(s)?;
        let check = RollOdds::check(Purpose::Incident, &self.incident_odds(to)).on(to);
        Ok((check, Some(self.incident_table_odds(to))))
    }

    /// What the incident table gives, result by result (a result on two
    /// rows of the table counts once, with both rows' throws).
    pub fn incident_table_odds(&self, hex: Pos) -> RollOdds {
        let (count, sides) = INCIDENT_TABLE_DICE;
        let mut outcomes = Vec::new();
        for (total, &ways) in totals(count, sides).iter().enumerate().filter(|&(_, &w)| w > 0) {
            let name = self.book.incident_for(total as u8).map_or("nothing", |e| e.name.as_str());
            tally(&mut outcomes, name.to_string(), Chance::of_throws(ways, count, sides));
        }
        RollOdds::new(Purpose::IncidentTable, format!("{count}d{sides}"), Spread::Table { outcomes }).on(hex)
    }

    /// Who fires (the man whose card is up if nobody is named: `example`
    /// says how to name him) and at whom, as the fire order finds them.
    fn shooter_and_target(
        &self,
        shooter: Option<&str>,
        target: &Target,
        example: &str,
    ) -> Result<(usize, usize), RuleError> {
        let me = match shooter {
            Some(id) => self.named(id)?,
            None => self.up_for(example)?,
        };
        Ok((me, self.pick_target(me, target)?))
    }

    /// Aimed fire; at a vehicle, the A/T roll and then the damage a hit does.
    fn fire_odds(
        &self,
        memo: Memo<'_>,
        shooter: Option<&str>,
        target: &Target,
    ) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let (me, t) = self.shooter_and_target(shooter, target, "fires, e.g. odds fire Ruiz G1")?;
        let odds = self.shot_odds(memo, me, t).map_err(RuleError::Odds)?;
        if self.rules.squads()
            && let Some(squad) = self.rules.squad_fire_odds(&self.book, &self.squad_view(&self.volley(memo, me, t)))
        {
            let squad = squad.map_err(RuleError::Odds)?;
            let (by, at) = (&self.soldiers[me].id, &self.soldiers[t].id);
            let table = |spread: Vec<Chance>, one: &str, many: &str| {
                let outcomes = spread
                    .into_iter()
                    .enumerate()
                    .map(|(k, chance)| Outcome {
                        result: format!("{k} {}", if k == 1 { one } else { many }),
                        loser: None,
                        chance,
                    })
                    .collect();
                Spread::Table { outcomes }
            };
            let ((fp, sp), (fs, ss)) = (squad.purposes, squad.sides);
            let fire = RollOdds::new(fp, format!("{}d{fs}", squad.dice), table(squad.hits, "hit", "hits"));
            let saves = (!squad.saves.is_empty())
                .then(|| RollOdds::new(sp, format!("1d{ss} a hit"), table(squad.saves, "saved", "saved")).at(at));
            return Ok((fire.by(by).at(at), saves));
        }
        let (by, at) = (&self.soldiers[me].id, &self.soldiers[t].id);
        let damage = self.at_shot(memo, me, t).and_then(|(_, band)| {
            let table = self.book.arsenal.anti_tank.as_ref()?;
            let sides = table.damage_sides;
            let mut outcomes = Vec::new();
            for face in 1..=sides {
                tally(&mut outcomes, table.damage(band, face).name().to_string(), Chance::of_throws(1, 1, sides));
            }
            Some(RollOdds::new(Purpose::Damage, format!("1d{sides}"), Spread::Table { outcomes }).by(by).at(at))
        });
        // At a man, each shot is the rule set's roll; at a vehicle, the A/T table's.
        let purpose = if damage.is_some() { Purpose::Fire } else { self.rules.fire_purpose() };
        Ok((RollOdds::check(purpose, &odds).by(by).at(at), damage))
    }

    /// The special method's odds (see `OddsQuery::Special`).
    fn special_fire_odds(
        &self,
        memo: Memo<'_>,
        shooter: Option<&str>,
        target: &Target,
    ) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let (me, t) = self.shooter_and_target(shooter, target, "fires, e.g. odds fire Ruiz G1 special")?;
        let (by, at) = (&self.soldiers[me].id, &self.soldiers[t].id);
        let method = self.rules.method(&self.book, &self.soldiers[me]);
        let Some(reach) = method.and_then(Method::reach) else {
            // More shots at the man: each one's odds.
            let odds = self.special_odds(memo, me, t).map_err(RuleError::Odds)?;
            return Ok((RollOdds::check(self.rules.fire_purpose(), &odds).by(by).at(at), None));
        };
        // A man he could fire at, and whom it reaches, as the order would
        // find them (or why not).
        self.aimed_shot(memo, me, t).map_err(RuleError::Odds)?;
        self.reach_of(memo, me, t, method.unwrap_or(Method::Shots)).map_err(RuleError::Odds)?;
        let test = |man: usize| {
            let (purpose, odds) = self.rules.suppressed_odds(&self.book, &self.soldiers[man], reach)?;
            Some(RollOdds::check(purpose, &odds).by(at))
        };
        match method {
            Some(Method::Arc { .. }) => {
                let bullets = self.table_odds(Purpose::CpBullets, 0).by(by).at(at);
                let shot = self.shot_odds(memo, me, t).map_err(RuleError::Odds)?;
                Ok((bullets, Some(RollOdds::check(self.rules.fire_purpose(), &shot).by(by).at(at))))
            }
            _ => Ok((test(t).ok_or_else(|| RuleError::Odds("these rules have no reaction test".into()))?, None)),
        }
    }

    /// The odds of a grenade's throw and of the blast's wound chart.
    fn throw_odds(
        &self,
        memo: Memo<'_>,
        thrower: Option<&str>,
        hex: Pos,
    ) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let me = match thrower {
            Some(id) => self.named(id)?,
            None => self.up_for("throws, e.g. odds throw Ruiz 4,5")?,
        };
        let s = &self.soldiers[me];
        let Some(from) = s.pos else { return refuse(RuleError::Odds, format!("{} is not on the map", s.id)) };
        if !self.map.contains(hex) {
            return refuse(RuleError::Odds, format!("{hex} is not on the map"));
        }
        let in_sight = self.can_see(memo, from, hex);
        let throw = crate::engine::ruleset::Throw { thrower: s, index: me, from, target: hex, in_sight };
        let rolls = self.rules.grenade_odds(&self.book, &throw).map_err(RuleError::Odds)?;
        let [throw_roll, blast] = rolls.map(|(purpose, modifier)| self.table_odds(purpose, modifier));
        Ok((throw_roll.by(&s.id).on(hex), Some(blast.on(hex))))
    }

    /// A rule set's table roll `purpose` with modifiers totalling `modifier`,
    /// each result with its chance (`Rules::table_spread`).
    fn table_odds(&self, purpose: Purpose, modifier: i32) -> RollOdds {
        let (dice, table) = self.rules.table_spread(&self.book, purpose, modifier).unwrap_or_default();
        let outcomes = table.into_iter().map(|(r, chance)| Outcome { result: r.to_string(), loser: None, chance });
        RollOdds::new(purpose, dice, Spread::Table { outcomes: outcomes.collect() })
    }

    fn fight_odds(&self, attacker: Option<&str>, defender: &str) -> Result<RollOdds, RuleError> {
        let d = self.named(defender)?;
        let a = match attacker {
            Some(id) => self.named(id)?,
            None => {
                // As the fight command: an able enemy in the hex of the man whose card is up.
                let me = self.up_for("fights, e.g. odds fight Ruiz G1")?;
                let foe = &self.soldiers[d];
                if foe.side == Side::Friendly || !foe.can_act() || foe.pos != self.soldiers[me].pos {
                    return refuse(RuleError::Odds, format!("{} is not an able enemy in your hex", foe.id));
                }
                me
            }
        };
        let (sa, sd) = (&self.soldiers[a], &self.soldiers[d]);
        if sa.side == sd.side {
            return refuse(RuleError::Odds, format!("{} and {} are on the same side", sa.id, sd.id));
        }
        let (dice, spread) = self.rules.hand_to_hand_spread(&self.book);
        let outcomes = spread
            .into_iter()
            .map(|m| Outcome {
                result: m.outcome.name().into(),
                loser: m.attacker_lost.map(|lost| if lost { sa.id.to_string() } else { sd.id.to_string() }),
                chance: m.chance,
            })
            .collect();
        Ok(RollOdds::new(Purpose::HandToHand, dice, Spread::Table { outcomes }).by(&sa.id).at(&sd.id))
    }

    fn bombard_odds(&self, firer: &str, hex: Option<Pos>) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let e = self.named(firer)?;
        let s = &self.soldiers[e];
        let Some(from) = s.pos.filter(|_| s.can_act()) else {
            return refuse(
                RuleError::Odds,
                format!("{} cannot fire: he is {}", s.id, if s.pos.is_none() { "off the map" } else { s.state.name() }),
            );
        };
        let weapon = s
            .weapon_in(&self.book)
            .ok_or_else(|| RuleError::Unknown(format!("unknown weapon {}", s.weapon(&self.book))))?;
        if !matches!(weapon.kind, WeaponKind::Mortar { .. }) {
            return refuse(RuleError::Odds, format!("{} carries a {}, which cannot fire at a hex", s.id, weapon.name));
        }
        let (hex, odds) = match hex {
            // As the enemy chooses: the patrol hex likeliest to be hit.
            None => self
                .bombard_target(e, weapon)
                .ok_or_else(|| RuleError::Odds(format!("no patrol hex is in reach of {}", s.id)))?,
            Some(h) => {
                let moved = self.in_hex(h).any(|i| self.soldiers[i].side == Side::Friendly && self.soldiers[i].moved);
                (h, self.rules.bombard(&self.book, weapon, from.distance(h), moved).map_err(RuleError::Odds)?)
            }
        };
        let purpose = self.rules.bombard_purpose();
        let check = RollOdds::check(purpose, &odds).by(&s.id).on(hex);
        // Fire that scatters has no triangle to roll: where it lands is the dice's.
        let template = (purpose == Purpose::Mortar).then(|| self.template_odds(hex, &s.id));
        Ok((check, template))
    }

    /// The template over `hex`: one triangle in `triangles`, each as likely.
    fn template_odds(&self, hex: Pos, by: &str) -> RollOdds {
        let n = self.book.template.triangles;
        let placed = self.template_triangles(hex, None);
        let outcomes = (1..=n)
            .map(|t| Outcome {
                result: template_result(&self.soldiers, &placed, t).to_string(),
                loser: None,
                chance: Chance::of_throws(1, 1, n),
            })
            .collect();
        RollOdds::new(Purpose::Template, format!("1d{n}"), Spread::Table { outcomes }).by(by).on(hex)
    }

    /// H.E. fire on `hex` by the radio man, as it would land with things as they are now.
    fn call_odds(&self, memo: Memo<'_>, hex: Pos) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let caller = self.radio_man().ok_or_else(|| RuleError::Odds("this patrol has no radio".into()))?;
        let distance = self.fire_call_check(memo, caller, hex).map_err(RuleError::Odds)?;
        let mission = crate::engine::ruleset::lone_warrior::call::FireMission {
            hex,
            caller: self.soldiers[caller].id.clone(),
            distance,
            called: crate::engine::ruleset::lone_warrior::call::Called::Shells,
        };
        let sides = self.book.arsenal.high_explosive.as_ref().map_or(8, |h| h.sides);
        let (base, mut modifiers) = self
            .fire_mission_need(&mission)
            .ok_or_else(|| RuleError::Odds(format!("{hex} is out of the guns' reach")))?;
        let id = &self.soldiers[caller].id;
        if self.battery().is_some() {
            // The battery's roll to hit at the radio operator's Shoot value,
            // the extremes held; where it scatters is the dice's.
            let need = base + modifiers.total();
            let held = need.clamp(2, 6);
            if held != need {
                modifiers.push(crate::engine::dice::Modifier::new("extremes", held - need));
            }
            let odds = Odds { dice: 1, sides: 6, base, modifiers, band: None };
            return Ok((RollOdds::check(Purpose::EbIndirect, &odds).by(id).on(hex), None));
        }
        let odds = Odds { dice: 1, sides, base, modifiers, band: None };
        Ok((RollOdds::check(Purpose::HighExplosive, &odds).by(id).on(hex), Some(self.template_odds(hex, id))))
    }

    /// The air strike the radio operator would call on `hex`: the roll that
    /// it comes, then its roll to hit at 4+ as things stand now (whether it
    /// is mistaken, 5+, and where it scatters are the dice's).
    fn air_odds(&self, memo: Memo<'_>, hex: Pos) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        let caller = self.radio_man().ok_or_else(|| RuleError::Odds("nobody can call an air strike".into()))?;
        let called = crate::engine::ruleset::lone_warrior::call::Called::Air;
        let distance = self.battery_call_check(memo, caller, hex, called).map_err(RuleError::Odds)?;
        let id = self.soldiers[caller].id.clone();
        let mission =
            crate::engine::ruleset::lone_warrior::call::FireMission { hex, caller: id.clone(), distance, called };
        let air = crate::engine::ruleset::european::tables_in(&self.book)
            .and_then(|t| t.indirect.as_ref())
            .map(|i| i.air.arrive);
        let (base, modifiers) = self
            .fire_mission_need(&mission)
            .ok_or_else(|| RuleError::Odds("these rules have no air strikes".into()))?;
        let arrive =
            Odds { dice: 1, sides: 6, base: i32::from(air.unwrap_or(5)), modifiers: Default::default(), band: None };
        let strike = Odds { dice: 1, sides: 6, base, modifiers, band: None };
        Ok((
            RollOdds::check(Purpose::EbAirArrive, &arrive).by(&id).on(hex),
            Some(RollOdds::check(Purpose::EbIndirect, &strike).on(hex)),
        ))
    }

    /// The check at STOP, as the action rolls it: no terrain modifier, and
    /// earlier incidents only if the rules data says so.
    fn stop_odds(&self) -> Result<(RollOdds, Option<RollOdds>), RuleError> {
        if !matches!(self.phase, Phase::Action(_)) {
            return refuse(RuleError::Odds, "there is no action: STOP cards come only in one");
        }
        let Some(at) = self.able(Side::Friendly).next().and_then(|i| self.soldiers[i].pos) else {
            return refuse(RuleError::Odds, "no man of the patrol is left to make the check");
        };
        let c = &self.book.incident;
        let modifiers = if c.earlier_incidents_at_stop { self.earlier_incidents_modifier() } else { None };
        let odds = Odds {
            dice: c.dice,
            sides: c.sides,
            base: i32::from(c.base),
            modifiers: modifiers.into_iter().collect(),
            band: None,
        };
        Ok((RollOdds::check(Purpose::Incident, &odds).on(at), Some(self.incident_table_odds(at))))
    }

    fn casualty_odds(&self, soldier: Option<&str>) -> Result<RollOdds, RuleError> {
        let (purpose, dice, spread) = self.rules.casualty_spread(&self.book);
        let outcomes =
            spread.into_iter().map(|(w, chance)| Outcome { result: w.into(), loser: None, chance }).collect();
        let roll = RollOdds::new(purpose, dice, Spread::Table { outcomes });
        match soldier {
            Some(id) => Ok(roll.by(&self.soldiers[self.named(id)?].id)),
            None => Ok(roll),
        }
    }
}

#[cfg(test)]
mod tests;
