//! Checks on a campaign read back from a file, beside the patrol's
//! (`consistency.rs`): its roster and counters, the patrol under way, the
//! history kept for take-backs, and the throws typed and owed.

use std::collections::BTreeSet;

use crate::engine::campaign::Campaign;
use crate::engine::campaign::history::History;
use crate::engine::dice::hand::Order;
use crate::engine::vocabulary::enemy_ids::enemy_id;
use crate::engine::vocabulary::limits::{COUNTER, MEN, PATROLS};

impl Campaign {
    /// # Errors
    /// The first thing that does not hold together, in words.
    pub fn check_consistent(&self) -> Result<(), String> {
        if let Some(game) = &self.patrol {
            game.check_consistent().map_err(|e| format!("the patrol under way: {e}"))?;
        }
        // Playing moves a patrol from those to come to those finished: the sum stays.
        if u64::from(self.finished) + self.plans.len() as u64 > PATROLS as u64 {
            return Err(format!(
                "{} patrols finished and {} to come: a campaign has at most {PATROLS}",
                self.finished,
                self.plans.len()
            ));
        }
        if self.patrol.is_some() && self.plans.is_empty() {
            return Err("a patrol is under way, but no patrol is left to come".into());
        }
        if self.replacements.len() > MEN {
            return Err(format!("{} replacements (at most {MEN})", self.replacements.len()));
        }
        if self.rookies > COUNTER || self.replacements_used > COUNTER as usize {
            return Err(format!("the count of rookies or replacements used is over {COUNTER}"));
        }
        if let Some(m) = self.roster.iter().find(|m| {
            [m.experience, m.hits, m.patrols].iter().any(|&k| k > COUNTER)
                || matches!(m.status, crate::engine::campaign::Status::Wounded(k) if k > COUNTER)
        }) {
            return Err(format!("{}'s experience, hits or patrols are over {COUNTER}", m.name));
        }
        if let Some(h) = &self.history {
            history_consistent(h, self)?;
        }
        if self.typed.len() > crate::engine::vocabulary::limits::THROWS_KEPT
            || self.owed.len() > crate::engine::vocabulary::limits::THROWS_KEPT
        {
            return Err(format!(
                "{} throws typed and {} owed (at most {} each)",
                self.typed.len(),
                self.owed.len(),
                crate::engine::vocabulary::limits::THROWS_KEPT
            ));
        }
        if let Some(w) = &self.waiting {
            if self.patrol.is_none() {
                return Err(format!("the order '{w}' waits for dice, but no patrol is under way"));
            }
            w.parse::<crate::engine::vocabulary::command::Command>()
                .map_err(|e| format!("the order waiting for dice, '{w}': {e}"))?;
        }
        let o = &self.outcomes;
        if o.counted > self.finished
            || [o.success, o.failed, o.lost].iter().map(|&n| u64::from(n)).sum::<u64>() > u64::from(o.counted)
        {
            return Err("more patrols are counted by how they ended than were finished".into());
        }
        if self.unarchived.as_ref().is_some_and(|r| r.number != self.finished) {
            return Err("the record waiting to be archived is not of the last patrol finished".into());
        }
        let mut names = BTreeSet::new();
        for m in &self.roster {
            if !names.insert(m.name.to_ascii_lowercase()) {
                return Err(format!("two men on the roster called '{}'", m.name));
            }
            // Each patrol's game refuses such a man (see `Game::new`).
            if enemy_id(&m.name) {
                return Err(format!("{} on the roster is called as enemies are (G or V and a number)", m.name));
            }
            if self.book.weapon(&m.weapon).is_none() {
                return Err(format!("{} carries an unknown weapon '{}'", m.name, m.weapon));
            }
        }
        // A replacement called as enemies are is passed over when the
        // squad is filled (see `set_out`): a save from before the campaign
        // file's check plays on.
        Ok(())
    }
}

/// What does not hold together in the kept history of the patrol under way: a patrol as it set out,
/// orders in the command language, and a log that begins as it did.
/// (Whether the orders play back to the patrol is asked when they are
/// taken back: `undo` refuses, changing nothing, if they do not.)
fn history_consistent(h: &History, c: &Campaign) -> Result<(), String> {
    if !c.take_backs || c.patrol.is_none() {
        return Err("take-backs are kept, but take-backs are off or no patrol is under way".into());
    }
    h.setout.check_consistent().map_err(|e| format!("the patrol as it set out: {e}"))?;
    // It set out by the rules it is played by (checked with the patrol).
    let patrol = c.patrol.as_ref().expect("checked above");
    if h.setout.book != patrol.book || h.setout.rules != patrol.rules {
        return Err("the patrol as it set out has other rules than the patrol under way".into());
    }
    if h.opening > c.log.len() {
        return Err(format!("the log of the patrol is shorter than its opening ({} events)", h.opening));
    }
    if let Some((k, (o, e))) =
        h.orders.iter().enumerate().find_map(|(k, o)| o.parse::<Order>().err().map(|e| (k, (o, e))))
    {
        return Err(format!("kept order {} '{o}' does not read: {e}", k + 1));
    }
    Ok(())
}
