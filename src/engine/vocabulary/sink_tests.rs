use super::*;
use crate::engine::vocabulary::name::Name;

#[test]
fn a_summary_list_keeps_only_what_a_summary_counts() {
    let counted = Event::Auto { command: Name::new_static("turn") };
    assert!(!counted.in_summary(), "the test needs an event a summary does not count");
    let card = Event::Card { card: Name::new_static("STOP"), side: Name::new_static("stop") };
    assert!(card.in_summary());
    let mut all = Events::all();
    let mut summary = Events::with_capacity(Keep::Summary, 4);
    for e in [counted.clone(), card.clone(), counted] {
        all.push(e.clone());
        summary.push(e);
    }
    assert_eq!(all.len(), 3);
    assert_eq!(summary[..], [card]);
    assert!(all.keeps_all() && !summary.keeps_all());
}
