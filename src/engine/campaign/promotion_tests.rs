use super::*;
use crate::engine::campaign::Status;

fn man(name: &str, rank: &str, patrols: u32, experience: u32) -> RosterMan {
    RosterMan {
        name: name.into(),
        rank: rank.into(),
        weapon: "rifle".into(),
        status: Status::Fit,
        experience,
        patrols,
        hits: 0,
        wounds: 0,
        medic: false,
        squad: None,
        conscript: false,
    }
}

fn rules() -> CampaignRules {
    crate::engine::testing::book().campaign.clone()
}

fn names(roster: &[RosterMan]) -> Vec<(&str, &str)> {
    roster.iter().map(|m| (m.name.as_str(), m.rank.as_str())).collect()
}

fn all_home(roster: &[RosterMan]) -> Vec<Name> {
    roster.iter().map(|m| m.name.as_str().into()).collect()
}

#[test]
fn the_rule_book_ranks_lieutenant_over_sergeant_over_private() {
    let r = rules();
    assert!(seniority(&r.ranks, "Lt") > seniority(&r.ranks, "Sgt"));
    assert!(seniority(&r.ranks, "Sgt") > seniority(&r.ranks, "Cpl"));
    assert!(seniority(&r.ranks, "Pfc") > seniority(&r.ranks, "Pvt"));
    assert_eq!(seniority(&r.ranks, "Admiral"), 0, "a rank not listed is junior to all");
}

#[test]
fn the_roster_stands_senior_first_and_men_of_one_rank_keep_their_order() {
    let r = rules();
    let mut roster = vec![
        man("Hughes", "Pvt", 0, 0),
        man("Ruiz", "Cpl", 0, 0),
        man("Carter", "Pvt", 0, 0),
        man("Baker", "Sgt", 0, 0),
    ];
    by_seniority(&mut roster, &r.ranks);
    assert_eq!(names(&roster), [("Baker", "Sgt"), ("Ruiz", "Cpl"), ("Hughes", "Pvt"), ("Carter", "Pvt")]);
}

#[test]
fn the_man_who_took_command_from_a_fallen_lieutenant_is_raised_one_rank() {
    let r = rules();
    // Brennan (Lt) is dead and off the roster; Baker led the patrol home.
    let mut roster = vec![man("Baker", "Sgt", 1, 1), man("Ruiz", "Cpl", 1, 1)];
    let home = all_home(&roster);
    let events = promote(&mut roster, &r, &home, Some((&Name::from("Baker"), "Lt")));
    assert_eq!(names(&roster), [("Baker", "SSgt"), ("Ruiz", "Cpl")]);
    assert_eq!(
        events,
        [Event::Promoted { soldier: "Baker".into(), rank: "SSgt".into(), from: "Sgt".into(), field: true }]
    );
}

#[test]
fn a_field_promotion_never_passes_the_fallen_leaders_rank() {
    let r = rules();
    let mut roster = vec![man("Ruiz", "Cpl", 1, 1)];
    let home = all_home(&roster);
    // The fallen leader was a corporal too: Ruiz stays one.
    assert!(promote(&mut roster, &r, &home, Some((&Name::from("Ruiz"), "Cpl"))).is_empty());
    // And a man who did not come home is not raised.
    assert!(promote(&mut roster, &r, &[], Some((&Name::from("Ruiz"), "Lt"))).is_empty());
    assert_eq!(roster[0].rank, "Cpl");
}

#[test]
fn men_rise_with_service_and_experience_up_to_the_number_each_rank_allows() {
    let r = rules();
    // No sergeant: the corporal with service enough rises; then the Pfcs
    // fill the two corporal's places, the more experienced first, and the
    // private with two patrols and two points becomes a Pfc.
    let mut roster = vec![
        man("Ruiz", "Cpl", 3, 5),
        man("Kowalski", "Pfc", 2, 3),
        man("Novak", "Pfc", 2, 4),
        man("Lane", "Pfc", 2, 6),
        man("Hughes", "Pvt", 2, 2),
        man("Carter", "Pvt", 1, 9),
    ];
    let home = all_home(&roster);
    let events = promote(&mut roster, &r, &home, None);
    assert_eq!(
        names(&roster),
        [("Ruiz", "Sgt"), ("Kowalski", "Pfc"), ("Novak", "Cpl"), ("Lane", "Cpl"), ("Hughes", "Pfc"), ("Carter", "Pvt")],
        "Carter has the points but one patrol only"
    );
    let risen: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Promoted { soldier, .. } => Some(soldier.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(risen, ["Ruiz", "Lane", "Novak", "Hughes"], "the highest step first, the most experienced first");
}

#[test]
fn ties_in_experience_go_to_the_man_higher_on_the_roster_and_nobody_rises_twice() {
    let r = rules();
    let mut roster =
        vec![man("Baker", "Sgt", 4, 9), man("Ruiz", "Cpl", 1, 1), man("Hale", "Pfc", 3, 5), man("Moreau", "Pfc", 3, 5)];
    let home = all_home(&roster);
    promote(&mut roster, &r, &home, None);
    // One corporal's place is free: Hale, first on the roster, takes it,
    // and does not go on to sergeant (Baker holds the one place anyway).
    assert_eq!(names(&roster), [("Baker", "Sgt"), ("Ruiz", "Cpl"), ("Hale", "Cpl"), ("Moreau", "Pfc")]);
}

#[test]
fn men_who_did_not_come_home_do_not_rise() {
    let r = rules();
    let mut roster = vec![man("Hughes", "Pvt", 2, 2)];
    assert!(promote(&mut roster, &r, &[], None).is_empty());
    assert_eq!(roster[0].rank, "Pvt");
}
