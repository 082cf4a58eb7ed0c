use crate::engine::cache::Cache;
use crate::engine::campaign::{Campaign, Status};
use crate::engine::vocabulary::event::Event;

fn bocage() -> Campaign {
    let book = crate::engine::testing::book();
    crate::rules::campaign("bocage", &book).unwrap().start(1, book)
}

fn weapon(c: &Campaign, name: &str) -> String {
    c.roster.iter().find(|m| m.name == name).unwrap().weapon.clone()
}

#[test]
fn a_support_weapon_changes_hands_and_the_next_patrol_sets_out_so() {
    let mut c = bocage();
    let events = c.issue("BAZOOKA", "hughes").unwrap();
    assert_eq!(
        events,
        [Event::Issued {
            soldier: "Hughes".into(),
            weapon: "bazooka".into(),
            from: "Novak".into(),
            gave: "rifle".into()
        }]
    );
    assert_eq!((weapon(&c, "Hughes"), weapon(&c, "Novak")), ("bazooka".into(), "rifle".into()));
    let m = c.muster().unwrap();
    assert!(m.going.iter().any(|g| g.0 == "Hughes" && g.2 == "bazooka"));
    assert_eq!(m.changes, events, "the squad page shows it");
    let opening = c.begin().unwrap();
    assert_eq!(opening[0], events[0], "the patrol's log opens with it");
    let game = c.patrol.as_ref().unwrap();
    let hughes = game.soldiers().iter().find(|s| s.id == "Hughes").unwrap();
    assert_eq!(hughes.weapon(game.book()), "bazooka");
    assert!(c.issued.is_empty(), "said once");
}

#[test]
fn a_weapon_is_refused_on_a_patrol_to_a_wounded_man_and_when_it_is_no_support_weapon() {
    let mut c = bocage();
    assert!(c.issue("rifle", "Hughes").unwrap_err().reason().contains("not one of the squad's support weapons"));
    assert!(c.issue("mg", "Nobody").unwrap_err().reason().contains("nobody called 'Nobody'"));
    // A replacement still to join is named as one, with what to do instead.
    let joining = c.replacements.first().expect("the campaign has replacements").name.clone();
    let e = c.issue("bazooka", &joining.to_ascii_lowercase()).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{joining} has not joined yet")) && e.contains("Hand the bazooka"), "{e}");
    assert!(c.issue("mg", "Kowalski").unwrap_err().reason().contains("carries the mg already"));
    c.roster.iter_mut().find(|m| m.name == "Dunn").unwrap().status = Status::Wounded(1);
    assert!(c.issue("mg", "Dunn").unwrap_err().reason().contains("still out wounded"));
    c.begin().unwrap();
    assert!(c.issue("mg", "Hughes").unwrap_err().reason().contains("between patrols"));
}

#[test]
fn the_squad_page_names_who_healed_and_who_is_still_out() {
    let mut c = bocage();
    let mut cache = Cache::new();
    let (mut healed, mut out) = (false, false);
    for _ in 0..5 {
        if c.is_over() {
            break;
        }
        c.begin().unwrap();
        crate::session::auto(&mut c, &mut cache, 100_000);
        let m = c.muster();
        let Ok(m) = m else { break };
        let wounded: Vec<_> =
            c.roster.iter().filter_map(|r| matches!(r.status, Status::Wounded(_)).then_some(r.name.clone())).collect();
        assert_eq!(m.out.iter().map(|o| o.0.clone()).collect::<Vec<_>>(), wounded);
        assert_eq!(m.healed, c.healed);
        for h in &m.healed {
            assert!(c.roster.iter().any(|r| r.name == *h && r.status == Status::Fit), "{h} is fit");
        }
        (healed, out) = (healed || !m.healed.is_empty(), out || !m.out.is_empty());
    }
    assert!(c.finished >= 2, "patrols were played: {}", c.finished);
    assert!(healed && out, "a campaign with nobody healed or nobody out: the test saw nothing");
}
