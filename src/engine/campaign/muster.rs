//! The campaign between patrols, beside `campaign.rs`: rank after a patrol
//! (`promotion.rs` decides), the squad that would set out next, and the
//! player handing a support weapon to another man (`issue`).

use crate::engine::campaign::promotion::{by_seniority, promote};
use crate::engine::campaign::{Campaign, ManRecord, Status};
use crate::engine::game::Game;
use crate::engine::game::RuleError;
use crate::engine::game::refuse;
use crate::engine::vocabulary::event::Event;
use crate::engine::vocabulary::name::Name;

/// The squad the next patrol would set out with, as the player sees it
/// before it goes: who healed, who is still out, who joins and with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Muster {
    /// The men who would go, senior first: name, rank, weapon.
    pub going: Vec<(String, String, String)>,
    /// Men whose wounds healed since the last patrol.
    pub healed: Vec<String>,
    /// Men still out with wounds, and for how many more patrols.
    pub out: Vec<(String, u32)>,
    /// What setting out would do first: replacements joining, support
    /// weapons reissued or handed out by the player.
    pub changes: Vec<Event>,
}

impl Campaign {
    /// After a patrol: the field promotion and the promotions it earned,
    /// and the roster put in order of seniority (not under rules whose men
    /// are teams of squads, where the roster keeps its squads' order).
    pub(in crate::engine) fn rise_in_rank(&mut self, game: &Game, men: &[ManRecord], lost: &[Name]) -> Vec<Event> {
        let home: Vec<Name> =
            men.iter().filter(|m| m.fate != "dead" && m.fate != "missing").map(|m| m.name.as_str().into()).collect();
        // The leader the patrol set out with, if he is lost, and the man who led after him at the end.
        let first = game.soldiers.iter().find(|s| s.side == crate::engine::vocabulary::soldier::Side::Friendly);
        let taker = self.log.iter().rev().find_map(|e| match e {
            Event::TakesCommand { soldier, .. } => Some(soldier.clone()),
            _ => None,
        });
        let fallen = first.filter(|f| lost.contains(&f.id));
        let took = match (&taker, fallen) {
            (Some(t), Some(f)) => Some((t, f.rank.as_str())),
            _ => None,
        };
        let rules = &self.book.campaign;
        let events = promote(&mut self.roster, rules, &home, took);
        if self.fill_squad && !game.rules.squads() {
            by_seniority(&mut self.roster, &rules.ranks);
        }
        events
    }

    /// The squad the next patrol would set out with (nothing changes).
    ///
    /// # Errors
    /// A patrol is under way, the campaign is over, or nobody could go.
    pub fn muster(&self) -> Result<Muster, RuleError> {
        let mut draft = self.clone();
        let mut changes = draft.set_out()?;
        changes.retain(|e| matches!(e, Event::Replacement { .. } | Event::Reissued { .. } | Event::Issued { .. }));
        let going = draft
            .roster
            .iter()
            .filter(|m| m.status == Status::Fit)
            .map(|m| (m.name.clone(), m.rank.clone(), m.weapon.clone()))
            .collect();
        let out = self
            .roster
            .iter()
            .filter_map(|m| match m.status {
                Status::Wounded(n) => Some((m.name.clone(), n)),
                Status::Fit => None,
            })
            .collect();
        Ok(Muster { going, healed: self.healed.clone(), out, changes })
    }

    /// Between patrols, hands `weapon` (one of the support weapons the
    /// company reissues) to `man`, a fit man of the roster: whoever carries
    /// it gives it up and takes his weapon. With nobody carrying it (it was
    /// lost), the company sends it to him. The next patrol's log opens with
    /// it (`Event::Issued`).
    ///
    /// # Errors
    /// A patrol is under way or the campaign is over; the weapon is no
    /// support weapon of this squad; the man is not fit on the roster or
    /// carries it already. Nothing changes.
    pub fn issue(&mut self, weapon: &str, man: &str) -> Result<Vec<Event>, RuleError> {
        if self.patrol.is_some() {
            return refuse(RuleError::Campaign, "weapons are handed out between patrols, not on one");
        }
        if self.is_over() {
            return refuse(RuleError::Campaign, "the campaign is over");
        }
        let weapon = weapon.to_ascii_lowercase();
        if !self.kit.contains(&weapon) {
            let kit = if self.kit.is_empty() { "none".to_string() } else { self.kit.join(", ") };
            return refuse(
                RuleError::Campaign,
                format!("'{weapon}' is not one of the squad's support weapons (it has: {kit})"),
            );
        }
        let Some(to) = self.roster.iter().position(|m| m.name.eq_ignore_ascii_case(man)) else {
            // A replacement the squad page shows joining is not on the roster yet.
            if let Some(r) = self.replacements.iter().find(|r| r.name.eq_ignore_ascii_case(man)) {
                return refuse(
                    RuleError::Campaign,
                    format!(
                        "{} has not joined yet: he joins as the next patrol sets out, with his {}. Hand the {weapon} \
                     to a man on the roster now, or to him after that patrol",
                        r.name, r.weapon
                    ),
                );
            }
            return refuse(RuleError::Unknown, format!("nobody called '{man}' is on the roster"));
        };
        if self.roster[to].status != Status::Fit {
            return refuse(RuleError::Campaign, format!("{} is still out wounded", self.roster[to].name));
        }
        if self.roster[to].weapon == weapon {
            return refuse(RuleError::Campaign, format!("{} carries the {weapon} already", self.roster[to].name));
        }
        let gave = self.roster[to].weapon.clone();
        let from = match self.roster.iter().position(|m| m.status == Status::Fit && m.weapon == weapon) {
            Some(k) => {
                self.roster[k].weapon = gave.clone();
                self.roster[k].name.clone()
            }
            None => "the company".to_string(),
        };
        self.roster[to].weapon = weapon.clone();
        let event = Event::Issued {
            soldier: self.roster[to].name.as_str().into(),
            weapon: weapon.as_str().into(),
            from: from.as_str().into(),
            gave: gave.as_str().into(),
        };
        self.issued.push(event.clone());
        Ok(vec![event])
    }
}

#[cfg(test)]
#[path = "muster_tests.rs"]
mod tests;
