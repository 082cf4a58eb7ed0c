use super::*;

fn book() -> RuleBook {
    (*crate::engine::tests::default_game(1).book).clone()
}

#[test]
fn show() {
    let book = book();
    for n in 1..=6 {
        let m = patrol(&book, 7, n).unwrap();
        println!(
            "{} / {}\n{:?} {:?} start {} {:?}",
            m.scenario.name,
            m.scenario.briefing,
            m.scenario.objective,
            m.scenario.home_edge,
            m.scenario.start,
            m.survey
        );
        for r in &m.scenario.rows {
            println!("{r}");
        }
    }
}
