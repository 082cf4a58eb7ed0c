//! The names the engine gives the enemy: `G12` for a man, `V3` for a
//! vehicle. No man of the patrol may be called so, which lets events and
//! saves tell the two sides apart by name.

use crate::engine::vocabulary::name::{Name, format_name};

/// Is `name` of the form the engine gives enemy soldiers (G and a number)
/// and vehicles (V and a number), in either case? No man of the squad may
/// be called so, which lets events tell the two sides apart by name.
pub fn enemy_id(name: &str) -> bool {
    enemy_digits(name).is_some()
}

/// The number in an enemy's id (`G12`, `v3`, either case; see
/// `enemy_id`), if it is one and the number fits.
pub(in crate::engine) fn enemy_number(id: &str) -> Option<u32> {
    // By hand: `str::parse` cost more than the rest of the look-up, and an
    // id is read for every fire order.
    enemy_digits(id)?.iter().try_fold(0u32, |n, &b| n.checked_mul(10)?.checked_add(u32::from(b - b'0')))
}

/// The digits after the G or V of an id shaped as an enemy's.
fn enemy_digits(id: &str) -> Option<&[u8]> {
    let (first, digits) = id.as_bytes().split_first()?;
    let shaped =
        matches!(first, b'G' | b'g' | b'V' | b'v') && !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
    shaped.then_some(digits)
}

/// Ids of numbers below this are read from `KEPT_IDS`, not written.
const KEPT: usize = 100;

/// Every id `G0` to `G99`, then `V0` to `V99`, one after another: an id
/// numbered below `KEPT` is a slice of this text, which a `Name` keeps as
/// the `&'static str` it is, with nothing to write or check.
const KEPT_IDS: &str = {
    const LEN: usize = 2 * (10 * 2 + (KEPT - 10) * 3);
    const BYTES: [u8; LEN] = {
        let mut text = [0; LEN];
        let (mut at, mut k) = (0, 0);
        while k < 2 * KEPT {
            let n = k % KEPT;
            text[at] = if k < KEPT { b'G' } else { b'V' };
            if n >= 10 {
                text[at + 1] = b'0' + (n / 10) as u8;
                at += 1;
            }
            text[at + 1] = b'0' + (n % 10) as u8;
            at += 2;
            k += 1;
        }
        text
    };
    match std::str::from_utf8(&BYTES) {
        Ok(text) => text,
        Err(_) => panic!("ids are ASCII"),
    }
};

/// An enemy's id, `G12` or `V3`: `letter` and the number, as `format!`
/// writes it; below `KEPT` without writing at all (an id is made for every
/// man placed).
pub(in crate::engine) fn enemy_name(letter: u8, number: u32) -> Name {
    if let (b'G' | b'V', Ok(n @ ..KEPT)) = (letter, usize::try_from(number)) {
        // Where the id starts among the letter's: ten of two bytes, then three bytes each.
        let start = if n < 10 { 2 * n } else { 20 + 3 * (n - 10) };
        let start = start + if letter == b'V' { KEPT_IDS.len() / 2 } else { 0 };
        return Name::new_static(&KEPT_IDS[start..start + 2 + usize::from(n >= 10)]);
    }
    // Past the kept ids (a long campaign's): written out.
    format_name!("{}{number}", char::from(letter))
}

#[cfg(test)]
#[path = "enemy_ids_tests.rs"]
mod tests;
