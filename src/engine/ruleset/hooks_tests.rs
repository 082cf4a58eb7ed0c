//! The hooks a rule set leaves at their defaults (`Rules::hooks`) are not
//! asked: Lone Warrior's answers are the defaults' for every man, and a
//! rule set that says it leaves a hook but answers it is caught (debug
//! builds ask it anyway, and compare).

use crate::engine::book::{Weapon, Wound};
use crate::engine::dice::chance::Chance;
use crate::engine::dice::{Dice, Roll};
use crate::engine::ruleset::{
    Aim, Blow, Deed, Fought, Hit, Hooks, Leave, LoneWarrior, MeleeOdds, Odds, Pressure, Rules,
};
use crate::engine::testing::*;
use crate::engine::vocabulary::name::Name;

#[test]
fn lone_warrior_leaves_every_hook_and_its_answers_are_the_defaults() {
    assert_eq!(RuleSet::default().hooks(), Hooks::NONE);
    let mut g = default_game(3);
    let book = g.book().clone();
    let states = [State::Fit, State::FleshWound, State::KnockedOver, State::SeriousWound, State::Dead];
    for pressure in [Pressure::Steady, Pressure::Suppressed(2), Pressure::Pinned] {
        for state in states {
            let mut man = g.soldiers[0].clone();
            (man.pressure, man.state) = (pressure, state);
            let before = g.dice.clone();
            assert!(LoneWarrior.may(&man, Deed::Move) && LoneWarrior.may(&man, Deed::Fire));
            assert!(LoneWarrior.activate(&book, &mut g.dice, &man).is_none());
            assert!(LoneWarrior.under_fire(&book, &mut g.dice, &man, true).is_none());
            assert!(LoneWarrior.under_fire(&book, &mut g.dice, &man, false).is_none());
            assert!(LoneWarrior.rally(&book, &mut g.dice, &man).is_none());
            assert_eq!(g.dice, before, "no die is thrown for a hook left at its default");
        }
    }
}

/// Lone Warrior in all but one thing: it says it leaves `may` at its
/// default, yet nobody may move.
struct SaysOneThing;

impl Rules for SaysOneThing {
    fn name(&self) -> &'static str {
        "SaysOneThing"
    }
    fn states(&self) -> &'static [State] {
        LoneWarrior.states()
    }
    fn cards(&self, book: &RuleBook, man: &Soldier) -> u32 {
        LoneWarrior.cards(book, man)
    }
    fn stop_cards(&self, book: &RuleBook) -> u32 {
        LoneWarrior.stop_cards(book)
    }
    fn aimed(&self, book: &RuleBook, aim: &Aim) -> Result<Odds, String> {
        LoneWarrior.aimed(book, aim)
    }
    fn bombard(&self, book: &RuleBook, weapon: &Weapon, distance: u32, moved: bool) -> Result<Odds, String> {
        LoneWarrior.bombard(book, weapon, distance, moved)
    }
    fn hit(&self, book: &RuleBook, dice: &mut Dice, man: &Name, blow: Blow) -> Hit {
        LoneWarrior.hit(book, dice, man, blow)
    }
    fn casualty(&self, book: &RuleBook, dice: &mut Dice, man: &Name) -> (Roll, Wound) {
        LoneWarrior.casualty(book, dice, man)
    }
    fn casualty_spread(&self, book: &RuleBook) -> (Purpose, String, Vec<(&'static str, Chance)>) {
        LoneWarrior.casualty_spread(book)
    }
    fn hand_to_hand_spread(&self, book: &RuleBook) -> (String, Vec<MeleeOdds>) {
        LoneWarrior.hand_to_hand_spread(book)
    }
    fn hand_to_hand(&self, book: &RuleBook, dice: &mut Dice, a: &Soldier, d: &Soldier) -> Fought {
        LoneWarrior.hand_to_hand(book, dice, a, d)
    }
    fn enemy_breaks(&self, able: usize, met: usize) -> bool {
        LoneWarrior.enemy_breaks(able, met)
    }
    fn may(&self, _man: &Soldier, deed: Deed) -> bool {
        deed != Deed::Move
    }
    fn hooks(&self) -> Hooks {
        Hooks { may: false, ..Hooks::ALL }
    }
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "SaysOneThing answers `may` and says it does not")]
fn a_rule_set_that_answers_a_hook_it_says_it_leaves_is_caught() {
    let mut g = default_game(1);
    g.rules = RuleSet::of(&SaysOneThing);
    assert_eq!(g.rules.hooks(), Hooks { may: false, ..Hooks::ALL });
    g.may(0, Deed::Move);
}

/// A save of a rule set without an activation test that holds a man back
/// on his card is refused: the loop, which does not ask such a rule set,
/// would let him do anything.
#[test]
fn a_man_held_back_without_an_activation_test_is_refused() {
    let mut cache = Cache::new();
    let mut found = None;
    'seeds: for seed in 1..40 {
        let mut g = default_game(seed);
        while let Some(c) = players::leader::decide(&g, &cache) {
            if g.card_up().is_some() {
                found = Some(g);
                break 'seeds;
            }
            g.apply(&c, &mut cache, &mut Events::all()).unwrap();
        }
    }
    let mut g = found.expect("a patrol man's card comes up in some patrol");
    assert_eq!(g.check_consistent(), Ok(()));
    let Phase::Action(a) = &mut g.phase else { unreachable!("a card is up") };
    a.leave = Leave { may_move: false, may_fire: true };
    let e = g.check_consistent().unwrap_err();
    assert!(e.contains("held back on his card, but LoneWarrior has no activation test"), "{e}");
}
