//! Where the weapon each of a rule book's weapons is aimed at men with
//! stands in its list (`RuleBook::aimed_index`): a table made once for a
//! book and kept in a `Cache` (see `memo`), never in the game. A man's
//! weapon is its place in the book (`Soldier::weapon_index`); the weapon he
//! aims with is read here rather than found by the side arm's key.

use std::sync::Arc;

use crate::engine::book::RuleBook;

/// For each of one rule book's weapons, where the weapon it is aimed at men
/// with stands (`RuleBook::aimed_index`).
#[derive(Debug)]
pub(in crate::engine) struct Arms {
    /// The book the table was made for, held so that no other book can come
    /// to stand at its address while the table is kept.
    book: Arc<RuleBook>,
    /// For each weapon, `RuleBook::aimed_index` of it; `NONE` for none.
    aimed: Box<[u32]>,
}

/// No weapon, in `Arms::aimed`.
const NONE: u32 = u32::MAX;

impl Arms {
    /// The table of `book`'s weapons.
    pub(in crate::engine) fn of(book: &Arc<RuleBook>) -> Self {
        let index = |i: Option<usize>| i.and_then(|i| u32::try_from(i).ok()).filter(|&i| i != NONE);
        let aimed = (0..book.weapons.len()).map(|i| index(book.aimed_index(i)).unwrap_or(NONE)).collect();
        Arms { book: book.clone(), aimed }
    }

    /// Whether this table was made for `book`.
    #[inline]
    pub(in crate::engine) fn is_for(&self, book: &Arc<RuleBook>) -> bool {
        Arc::ptr_eq(&self.book, book)
    }

    /// Where the weapon the weapon at `own` is aimed with stands, as
    /// `RuleBook::aimed_index` gives it.
    #[inline(always)]
    pub(in crate::engine) fn aimed(&self, own: usize) -> Option<usize> {
        self.aimed.get(own).filter(|&&i| i != NONE).map(|&i| i as usize)
    }
}

#[cfg(test)]
#[path = "arms_tests.rs"]
mod tests;
