//! Where the weapon each of a rule book's weapons is aimed at men with
//! stands in its list (`RuleBook::aimed_index`): a table made once for a
//! book and kept in a `Cache` (see `memo`), never in the game. A man's
//! weapon is its place in the book (`Soldier::weapon_index`); the weapon he
//! aims with is read here rather than found by the side arm's key.

use std::sync::Arc;

use super::data::RuleBook;

/// For each of one rule book's weapons, where the weapon it is aimed at men
/// with stands (`RuleBook::aimed_index`).
#[derive(Debug)]
pub(super) struct Arms {
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
    pub(super) fn of(book: &Arc<RuleBook>) -> Self {
        let index = |i: Option<usize>| i.and_then(|i| u32::try_from(i).ok()).filter(|&i| i != NONE);
        let aimed = (0..book.weapons.len()).map(|i| index(book.aimed_index(i)).unwrap_or(NONE)).collect();
        Arms { book: book.clone(), aimed }
    }

    /// Whether this table was made for `book`.
    #[inline]
    pub(super) fn is_for(&self, book: &Arc<RuleBook>) -> bool {
        Arc::ptr_eq(&self.book, book)
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
    fn each_weapon_is_aimed_with_what_the_book_says() {
        let book = Arc::new(crate::engine::tests::default_game(1).book().as_ref().clone());
        let arms = Arms::of(&book);
        assert!(arms.is_for(&book) && !arms.is_for(&Arc::new(book.as_ref().clone())));
        for i in 0..book.weapons.len() {
            assert_eq!(arms.aimed(i), book.aimed_index(i), "{}", book.weapons[i].key);
        }
        assert_eq!(arms.aimed(book.weapons.len()), None);
        // Some weapon is aimed with another (a side arm): the table says so.
        assert!((0..book.weapons.len()).any(|i| arms.aimed(i).is_some_and(|a| a != i)));
        // A cache made for a game has the table of its book.
        let g = crate::engine::tests::default_game(1);
        let mut cache = crate::engine::Cache::new();
        cache.fit(&g);
        assert!(cache.memo(&g).arms(g.book()).is_some());
        assert!(crate::engine::Memo::default().arms(g.book()).is_none());
    }
}
