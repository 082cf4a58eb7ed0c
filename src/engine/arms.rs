//! The rule book's weapons found by key without reading their text: a
//! table made once for a book and kept in a `Cache` (see `memo`), never in
//! the game.
//!
//! A man carries his weapon's key, and the engine asks where it stands in
//! the book's list whenever he weighs a shot (some 130 times a patrol).
//! Searching the list compares the keys as text, each behind a `Name`;
//! here every key of up to 8 bytes is one number and its length, so a key
//! is read once and compared with numbers.

use std::sync::Arc;

use super::data::RuleBook;

/// Where each weapon of one rule book stands in its list, and where the
/// weapon it is aimed at men with stands (`RuleBook::aimed_index`).
#[derive(Debug)]
pub(super) struct Arms {
    /// The book the table was made for, held so that no other book can come
    /// to stand at its address while the table is kept.
    book: Arc<RuleBook>,
    /// Each weapon's key as `packed` gives it, in the book's order.
    keys: Box<[u128]>,
    /// For each weapon, `RuleBook::aimed_index` of it; `NONE` for none.
    aimed: Box<[u32]>,
}

/// No weapon, in `Arms::aimed`.
const NONE: u32 = u32::MAX;

/// A key as one number: its length above, its bytes below. For a key of up
/// to 8 bytes the number says every byte (a key of 4 to 8 its first and
/// last four, which may overlap; a shorter one its first, middle and last
/// byte); longer keys alike in these are told apart by their text.
#[inline(always)]
fn packed(key: &str) -> u128 {
    let b = key.as_bytes();
    let n = b.len();
    let word = match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        (Some(first), Some(last)) => u64::from(u32::from_le_bytes(*first)) | u64::from(u32::from_le_bytes(*last)) << 32,
        _ if n > 0 => u64::from(b[0]) | u64::from(b[n / 2]) << 8 | u64::from(b[n - 1]) << 16,
        _ => 0,
    };
    (n as u128) << 64 | u128::from(word)
}

impl Arms {
    /// The table of `book`'s weapons.
    pub(super) fn of(book: &Arc<RuleBook>) -> Self {
        let keys = book.weapons.iter().map(|w| packed(&w.key)).collect();
        let index = |i: Option<usize>| i.and_then(|i| u32::try_from(i).ok()).filter(|&i| i != NONE);
        let aimed = (0..book.weapons.len()).map(|i| index(book.aimed_index(i)).unwrap_or(NONE)).collect();
        Arms { book: book.clone(), keys, aimed }
    }

    /// Whether this table was made for `book`.
    #[inline]
    pub(super) fn is_for(&self, book: &Arc<RuleBook>) -> bool {
        Arc::ptr_eq(&self.book, book)
    }

    /// Where the weapon `key` stands in the book's list, as
    /// `RuleBook::weapon_index` gives it.
    #[inline(always)]
    pub(super) fn find(&self, key: &str) -> Option<usize> {
        let packed = packed(key);
        if key.len() > 8 {
            return self.book.weapon_index(key);
        }
        self.keys.iter().position(|&k| k == packed)
    }

    /// Where the weapon the weapon at `own` is aimed with stands, as
    /// `RuleBook::aimed_index` gives it.
    #[inline(always)]
    pub(super) fn aimed(&self, own: usize) -> Option<usize> {
        self.aimed.get(own).filter(|&&i| i != NONE).map(|&i| i as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_where_the_book_has_them() {
        let book = Arc::new(crate::engine::tests::default_game(1).book().as_ref().clone());
        let arms = Arms::of(&book);
        assert!(arms.is_for(&book) && !arms.is_for(&Arc::new(book.as_ref().clone())));
        let mut keys: Vec<String> = book.weapons.iter().map(|w| w.key.to_string()).collect();
        keys.extend(
            ["", "r", "ri", "rif", "rifl", "rifles", "pistoll", "mg ", "MG", "tank_gu", "tank_gunn"].map(String::from),
        );
        // Keys alike but for one byte, of every length up to 9.
        for n in 1..=9 {
            for at in 0..n {
                let mut k = b"abcdefghi"[..n].to_vec();
                k[at] = b'x';
                keys.push(String::from_utf8(k).unwrap());
            }
        }
        for k in &keys {
            let own = book.weapon_index(k);
            assert_eq!(arms.find(k), own, "{k:?}");
            assert_eq!(own.and_then(|i| arms.aimed(i)), own.and_then(|i| book.aimed_index(i)), "{k:?}");
        }
        // A cache made for a game has the table of its book.
        let g = crate::engine::tests::default_game(1);
        let mut cache = crate::engine::Cache::new();
        cache.fit(&g);
        assert!(cache.memo(&g).arms(g.book()).is_some());
        assert!(crate::engine::Memo::default().arms(g.book()).is_none());
        // Keys of up to 8 bytes pack alike exactly when they are the same.
        for a in keys.iter().filter(|k| k.len() <= 8) {
            for b in keys.iter().filter(|k| k.len() <= 8) {
                assert_eq!(packed(a) == packed(b), a == b, "{a:?} and {b:?}");
            }
        }
    }
}
