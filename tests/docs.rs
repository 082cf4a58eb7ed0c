//! The documents say what the program has: every house rule is listed in
//! docs/COMMANDS.md with its value in each preset.

use hexpatrol::engine::house::{HOUSE_RULES, Preset};

#[test]
fn every_house_rule_is_in_the_commands_document_with_its_presets() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/COMMANDS.md")).expect("the document");
    let word = |on: bool| if on { "on" } else { "off" };
    for h in HOUSE_RULES {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", h.key)))
            .unwrap_or_else(|| panic!("{} has no row in docs/COMMANDS.md", h.key));
        let values: Vec<&str> = Preset::ALL.iter().map(|&p| word(h.value_in(p))).collect();
        let want = format!("| {} | {} | `{}` |", h.says, values.join(" | "), h.at);
        assert!(row.ends_with(&want), "docs/COMMANDS.md, {}:\n  {row}\nshould end\n  {want}", h.key);
    }
    for p in Preset::ALL {
        assert!(doc.contains(&format!("`{}`", p.key())), "{}", p.key());
    }
}
