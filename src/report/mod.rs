//! After-action reports: a finished patrol, or a whole campaign, written
//! as Markdown a player can post as it is (`hexpatrol report`, and `A` and
//! `C` in the game). Made from the campaign file and its patrols' records;
//! the events are put in words by `narrate`, never here.
//!
//! Beside `session`: the command line and the terminal game both use it,
//! and it uses only the save layer, `narrate` and the engine's types.

mod campaign;
mod ground;
mod outcome;
mod patrol;
pub mod screens;

use std::path::Path;

use crate::engine::campaign::{Campaign, PatrolRecord};
use crate::save::{self, SaveError};

/// Heading levels: a patrol's report stands alone at level 1, or sits one
/// level down inside a campaign's.
#[derive(Clone, Copy, Debug)]
pub struct Heads {
    pub top: usize,
}

impl Heads {
    /// The `#`s of a heading `depth` levels under the top.
    fn h(self, depth: usize) -> String {
        "#".repeat((self.top + depth).min(6))
    }
}

/// A patrol's name without the number a campaign often gives it ("2. The Mill").
fn short_name(record: &PatrolRecord) -> &str {
    let prefix = format!("{}. ", record.number);
    record.name.strip_prefix(&prefix).unwrap_or(&record.name)
}

/// No record of the patrol a report was asked of: the campaign, the
/// patrol asked for, and the last patrol it has finished (if any).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("campaign '{campaign}' {}: there is no record of patrol {patrol}", finished_words(*.finished))]
pub struct NoRecord {
    pub campaign: String,
    pub patrol: u32,
    pub finished: Option<u32>,
}

fn finished_words(finished: Option<u32>) -> String {
    match finished {
        None => "has no finished patrol yet".to_string(),
        Some(1) => "has finished patrol 1 only".to_string(),
        Some(n) => format!("has finished patrols 1 to {n}"),
    }
}

/// A campaign as its reports read it: the campaign file, and the records
/// of its finished patrols in order (the one not yet archived included).
pub struct Sources {
    pub name: String,
    pub campaign: Campaign,
    pub records: Vec<PatrolRecord>,
}

impl Sources {
    /// The campaign `name` of the data folder, with its records.
    ///
    /// # Errors
    /// No such campaign, or its file or one of its records will not read:
    /// the message names the file (and the line and column where it can).
    pub fn load(data_dir: &Path, name: &str) -> Result<Self, SaveError> {
        let (path, save) = save::read_named(data_dir, name)?;
        let campaign = save.campaign;
        let files = save::record_files(&path);
        let mut records = Vec::new();
        for file in &files {
            records.push(save::read_record(file)?);
        }
        Ok(Self::new(name, campaign, records))
    }

    /// A campaign and the records read for it: a record the campaign file
    /// still holds (not yet archived) joins them, and they are put in order.
    pub fn new(name: &str, campaign: Campaign, mut records: Vec<PatrolRecord>) -> Self {
        if let Some(r) = &campaign.unarchived
            && !records.iter().any(|x| x.number == r.number)
        {
            records.push(r.clone());
        }
        records.sort_by_key(|r| r.number);
        Self { name: name.to_string(), campaign, records }
    }

    /// The report of patrol `k`.
    ///
    /// # Errors
    /// No finished patrol has that number.
    pub fn patrol(&self, k: u32) -> Result<String, NoRecord> {
        let Some(record) = self.records.iter().find(|r| r.number == k) else {
            let finished = self.records.iter().map(|r| r.number).max();
            return Err(NoRecord { campaign: self.name.clone(), patrol: k, finished });
        };
        let mut out = String::new();
        patrol::write(&mut out, record, &self.campaign.book, Heads { top: 1 }, Some(self.campaign.total_patrols()));
        out.push_str(&campaign::footer(self));
        Ok(out)
    }

    /// The report of the last finished patrol.
    ///
    /// # Errors
    /// No patrol is finished yet.
    pub fn last_patrol(&self) -> Result<String, NoRecord> {
        let last = self.records.last().map_or(0, |r| r.number);
        self.patrol(last)
    }

    /// The report of the whole campaign: every patrol, the men's service
    /// records and the roll of honour.
    pub fn campaign(&self) -> String {
        campaign::write(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Cache;
    use crate::session::{Line, play_line};

    /// A single patrol of the Hedgerow, the leader making every decision.
    fn played(seed: u64) -> Campaign {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let scenario = crate::rules::scenario("hedgerow", &book).expect("a built-in scenario");
        let mut campaign = Campaign::single(&scenario, seed, book);
        campaign.begin().expect("the patrol sets out");
        play_line(&mut campaign, &mut Cache::new(), Line::Auto(5000)).expect("the leader plays it out");
        assert!(campaign.unarchived.is_some(), "the patrol is over");
        campaign
    }

    #[test]
    fn a_record_keeps_its_scenario_and_an_old_one_is_reported_without_it() {
        let campaign = played(3);
        let record = campaign.unarchived.clone().expect("a record");
        let scenario = record.scenario.clone().expect("a new record keeps its scenario");
        assert_eq!(scenario.name, record.name);
        let squad: Vec<&str> = scenario.squad.iter().map(|m| m.name.as_str()).collect();
        let men: Vec<&str> = record.men.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(squad, men, "the squad as it set out is the men of the record");
        let report = Sources::new("t", campaign.clone(), Vec::new()).patrol(1).expect("patrol 1");
        assert!(report.contains("## The ground\n\n```text\n"), "{report}");
        let none = Sources::new("t", campaign.clone(), Vec::new()).patrol(2).expect_err("no patrol 2");
        assert_eq!(none, NoRecord { campaign: "t".into(), patrol: 2, finished: Some(1) });
        assert_eq!(none.to_string(), "campaign 't' has finished patrol 1 only: there is no record of patrol 2");
        assert!(report.contains(&scenario.briefing), "{report}");
        assert!(!report.contains("older hexpatrol"), "{report}");

        // A record from before records kept their scenario still reads, and says what it lacks.
        let mut old = record.clone();
        old.scenario = None;
        let text = ron::ser::to_string_pretty(&old, ron::ser::PrettyConfig::new()).expect("a record writes");
        assert!(!text.contains("rows:"), "no map in an old record");
        let read = save::parse_record(Path::new("patrol-001.ron"), &text).expect("an old record reads");
        assert_eq!(read, old);
        // `check` knows it, and says what it lacks.
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("c.records");
        std::fs::create_dir(&path).expect("a records folder");
        let path = path.join("patrol-001.ron");
        std::fs::write(&path, &text).expect("written");
        let checked = crate::check::check(&path).expect("a good record");
        assert_eq!(checked.kind, "patrol record");
        assert!(checked.notes[0].starts_with("The record of patrol 1 of campaign 'c': Hedgerow"), "{checked:?}");
        assert!(checked.notes[2].starts_with("Written by an older hexpatrol"), "{checked:?}");
        let mut without = campaign;
        without.unarchived = Some(old);
        let report = Sources::new("t", without, Vec::new()).patrol(1).expect("patrol 1");
        assert!(report.contains("older hexpatrol, which did not keep the patrol's briefing, map or squad"));
        assert!(!report.contains("The ground"), "{report}");
        assert!(report.contains("| ? | ? |"), "no rank or weapon to show: {report}");
    }
}
