use super::*;

#[test]
fn each_weapon_is_aimed_with_what_the_book_says() {
    let book = Arc::new(crate::engine::testing::default_game(1).book().as_ref().clone());
    let arms = Arms::of(&book);
    assert!(arms.is_for(&book) && !arms.is_for(&Arc::new(book.as_ref().clone())));
    for i in 0..book.weapons.len() {
        assert_eq!(arms.aimed(i), book.aimed_index(i), "{}", book.weapons[i].key);
    }
    assert_eq!(arms.aimed(book.weapons.len()), None);
    // Some weapon is aimed with another (a side arm): the table says so.
    assert!((0..book.weapons.len()).any(|i| arms.aimed(i).is_some_and(|a| a != i)));
    // A cache made for a game has the table of its book.
    let g = crate::engine::testing::default_game(1);
    let mut cache = crate::engine::cache::Cache::new();
    cache.fit(&g);
    assert!(cache.memo(&g).arms(g.book()).is_some());
    assert!(crate::engine::cache::memo::Memo::default().arms(g.book()).is_none());
}
