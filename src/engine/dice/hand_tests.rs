use super::*;
use crate::engine::dice::roll::Roll;

fn roll(count: u8, sides: u8) -> Roll {
    crate::engine::dice::Dice::new(1).table(Purpose::Casualty, count, sides, |_| "x".into())
}

/// `roll` thrown with `hand` lent, as the dice throw it.
fn lent(hand: &mut Hand, roll: &mut Roll, need: Option<i32>) {
    let throw = Wanted { purpose: roll.purpose, dice: roll.dice, need, refused: None };
    roll.physical = hand.take(throw, &mut roll.faces, &mut roll.total);
}

#[test]
fn faces_are_checked_against_the_dice() {
    let d = DiceSet { count: 2, sides: 6 };
    assert_eq!(fits(d, &[4, 3]), Ok(()));
    assert_eq!(fits(d, &[4, 7]).unwrap_err(), "a d6 shows 1 to 6: it cannot show 7");
    assert_eq!(fits(d, &[4]).unwrap_err(), "2d6 is 2 faces, one a die, but 1 face was given");
    assert_eq!(fits(d, &[1, 2, 3]).unwrap_err(), "2d6 is 2 faces, one a die, but 3 faces were given");
    assert!(fits(DiceSet { count: 1, sides: 10 }, &[10]).is_ok());
    assert!(read_throw("4 x").unwrap_err().contains("'x' is not a face"));
    assert!(read_throw("4 0").unwrap_err().contains("no face 0"));
    assert!(read_throw("300").unwrap_err().contains("'300'"));
    assert!(read_throw("  ").unwrap_err().contains("expected the faces"));
    assert_eq!(read_throw(" - "), Ok(None));
}

#[test]
fn orders_read_back_as_they_are_written() {
    for text in ["move 9,10", "dice 4 3; move 9,10", "dice -; dice 6; fire G1", "dice 1 1 1 1; turn"] {
        let order: Order = text.parse().unwrap();
        assert_eq!(order.to_string(), text);
    }
    let order: Order = "dice 4 3; dice -; move 9,10".parse().unwrap();
    assert_eq!(order.thrown, vec![Some(Faces::from(vec![4, 3])), None]);
    assert!("dice 4 q; move 9,10".parse::<Order>().is_err());
    assert!("dice 4 3".parse::<Order>().is_err(), "faces alone are no order");
}

#[test]
fn a_throw_takes_owed_faces_then_given_ones_then_asks() {
    let mut hand = Hand { all: true, ..Hand::default() };
    hand.owed.push(Faces::from(vec![2, 2]));
    hand.given.push_back(Some(Faces::from(vec![5])));
    let mut one = roll(1, 6);
    lent(&mut hand, &mut one, None);
    assert_eq!((&one.faces[..], one.total, one.physical), (&[5][..], 5, true));
    let mut two = roll(2, 6);
    lent(&mut hand, &mut two, Some(7));
    assert_eq!((&two.faces[..], two.total), (&[2, 2][..], 4), "the owed 2d6 goes to the next 2d6");
    let mut three = roll(2, 6);
    lent(&mut hand, &mut three, Some(6));
    let wanted = hand.wanted.clone().unwrap();
    assert_eq!(wanted.ask(), "roll 2d6 for the casualty roll: 6+ succeeds");
    assert!(!three.physical);
    assert_eq!(hand.recorded().len(), 2);
}

#[test]
fn faces_that_do_not_fit_are_refused_and_software_throws_are_recorded_as_dashes() {
    let mut hand = Hand::default();
    hand.given.extend([None, Some(Faces::from(vec![7]))]);
    let mut first = roll(1, 6);
    let before = first.clone();
    lent(&mut hand, &mut first, None);
    assert_eq!(first, before, "a dash leaves the game's throw");
    let mut second = roll(1, 6);
    lent(&mut hand, &mut second, None);
    assert_eq!(hand.wanted.unwrap().refused.unwrap(), "a d6 shows 1 to 6: it cannot show 7");
    let mut soft = Hand::default();
    lent(&mut soft, &mut roll(1, 6), None);
    assert_eq!(soft.wanted, None, "software dice want nothing");
    assert!(soft.recorded().is_empty());
}
