use super::*;

fn book() -> RuleBook {
    (*crate::rules::rule_book().expect("the built-in rules load")).clone()
}

#[test]
fn the_built_in_book_is_the_article_as_written() {
    let b = book();
    assert_eq!(preset_of(&b), Some(Preset::AsWritten));
    assert_eq!(in_play(&b).count(), house_rules().count(), "the built-in book has every switch");
    assert!(in_play(&b).all(|(h, on)| on == h.as_written));
}

#[test]
fn each_preset_is_found_again_and_every_switch_sets_and_reads_back() {
    for p in Preset::ALL {
        let mut b = book();
        set_preset(&mut b, p);
        assert_eq!(preset_of(&b), Some(p), "{}", p.key());
    }
    for h in house_rules() {
        for v in [true, false] {
            let mut b = book();
            set(&mut b, h.key, v).unwrap();
            assert_eq!(h.get(&b), Some(v), "{}", h.key);
        }
    }
}

#[test]
fn arguments_name_what_is_wrong() {
    let mut b = book();
    apply_argument(&mut b, "gentler").unwrap();
    assert_eq!(preset_of(&b), Some(Preset::Gentler));
    apply_argument(&mut b, "radio=off").unwrap();
    assert_eq!(
        describe(&b),
        "custom: bare_stop_check=true, first_shot_by_the_table=true, hand_to_hand_by_choice=true, contact_breaks=true, vehicles_pull_back=true, one_bearer_card=true, dig_in_keeps_fire=true, saved_hits_suppress=true, rout_leaves_at_once=true"
    );
    assert!(apply_argument(&mut b, "radio=maybe").unwrap_err().contains("'maybe' is not true or false"));
    assert!(apply_argument(&mut b, "ammo=on").unwrap_err().contains("no house rule called 'ammo'"));
    assert!(apply_argument(&mut b, "kind").unwrap_err().contains("neither a preset"));
    // A house rule named alone is switched on.
    apply_argument(&mut b, "as-written").unwrap();
    apply_argument(&mut b, "contact_breaks").unwrap();
    assert_eq!(departures(&b).map(|(h, on)| (h.key, on)).collect::<Vec<_>>(), [("contact_breaks", true)]);
}

/// docs/RULES.md's table of house rules says what this list says.
#[test]
fn the_rules_reference_lists_every_house_rule_with_its_presets() {
    let doc = include_str!("../../../docs/RULES.md");
    let table = &doc[doc.find("## House rules").expect("RULES.md has a House rules section")..];
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), house_rules().count(), "one row a house rule");
    let word = |on: bool| if on { "on" } else { "off" };
    for h in house_rules() {
        let row =
            rows.iter().find(|r| r.starts_with(&format!("| `{}` |", h.key))).unwrap_or_else(|| panic!("{}", h.key));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(cells[2].starts_with(&format!("`{}`", h.at)), "{}: {}", h.key, cells[2]);
        assert_eq!(&cells[3..6], &[word(h.as_written), word(h.gentler), word(h.classic)], "{}", h.key);
    }
}

#[test]
fn the_presets_differ_and_classic_is_every_departure() {
    assert!(house_rules().all(|h| h.classic != h.as_written), "classic is every departure on");
    assert!(house_rules().any(|h| h.gentler != h.as_written));
    assert!(house_rules().any(|h| h.gentler != h.classic));
}
