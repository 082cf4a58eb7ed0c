//! What each fuzz target requires of its input, shared with the plain test
//! that runs the seed files through them (`tests/fuzz_seeds.rs`). Any bytes
//! give a value or an error, never a panic; and whatever a data file or a
//! script lets the game start or play, it can save and load back.

#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

use hexpatrol::engine::RuleBook;
use hexpatrol::engine::campaign::Campaign;
use hexpatrol::save::{self, FORMAT_VERSION, SaveFile};

fn book() -> Arc<RuleBook> {
    hexpatrol::rules::rule_book().expect("the built-in rules load")
}

/// The campaign's save is written, and read back as the same campaign.
fn loads_back(c: &Campaign) {
    let file = SaveFile { format_version: FORMAT_VERSION, saved_at: 0, campaign: c.clone() };
    let text = save::writable(Path::new("fuzz.ron"), &file).expect("a game the rules let start can be saved");
    let back = save::parse(Path::new("fuzz.ron"), &text).expect("a save written loads");
    assert_eq!(back, file);
}

/// A campaign begun: its first patrol must set out, and save.
fn sets_out(mut c: Campaign) {
    c.begin().expect("a campaign that checks sets out");
    loads_back(&c);
}

/// The save loader: what loads saves again and loads back the same.
pub fn save(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(save) = save::parse(Path::new("fuzz.ron"), text) {
        let again = save::to_text(&save).expect("a loaded save can be written");
        let back = save::parse(Path::new("fuzz.ron"), &again).expect("a written save loads");
        assert_eq!(back, save);
        save::writable(Path::new("fuzz.ron"), &save).expect("a loaded save passes the checks made before writing");
    }
}

/// A scenario file: one that checks sets out as a patrol of its own.
pub fn scenario(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let book = book();
    if let Ok(s) = hexpatrol::rules::parse_scenario("fuzz.ron", text, &book) {
        sets_out(Campaign::single(&s, 1, book));
    }
}

/// A campaign file: one that checks sets out on its first patrol.
pub fn campaign(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let book = book();
    if let Ok(def) = hexpatrol::rules::parse_campaign("fuzz.ron", text, &book) {
        sets_out(def.start(1, book));
    }
}

/// A rules file: one that checks plays every built-in scenario it fits.
pub fn rules(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = hexpatrol::rules::FORCES_FILE;
    let Ok(book) = hexpatrol::rules::parse_rule_book("fuzz.ron", text, file, hexpatrol::rules::FORCES_TEXT) else {
        return;
    };
    let book = Arc::new(book);
    for (key, _) in hexpatrol::rules::SCENARIOS {
        if let Ok(s) = hexpatrol::rules::scenario(key, &book) {
            sets_out(Campaign::single(&s, 1, book.clone()));
        }
    }
}

/// A script, played on the default scenario: whatever it does, the game
/// it leaves can be saved and loaded back.
pub fn script(data: &[u8]) {
    // Each decision of `auto` plays on: a bound keeps one input quick.
    if data.len() > 4096 {
        return;
    }
    let book = book();
    let s = hexpatrol::rules::scenario(hexpatrol::rules::default_scenario_name(), &book).expect("the default scenario");
    let mut c = Campaign::single(&s, 7, book);
    c.begin().expect("the default scenario sets out");
    hexpatrol::script::run(&mut c, None, data, std::io::sink(), std::io::sink()).expect("writing to a sink");
    loads_back(&c);
}
