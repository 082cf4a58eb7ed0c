use super::*;

#[test]
fn template_results_name_the_men_in_the_triangle_or_none() {
    let g = crate::engine::testing::default_game(1);
    let placed: Vec<(u8, usize)> = (0..g.soldiers.len()).map(|i| ((i % 3) as u8 + 1, i)).collect();
    for t in [0, 1, 2, 3, 4, 9, 10, 99, 100, 255] {
        let hit: Vec<&str> = placed.iter().filter(|(k, _)| *k == t).map(|&(_, i)| g.soldiers[i].id.as_str()).collect();
        let want =
            if hit.is_empty() { format!("triangle {t}: empty") } else { format!("triangle {t}: {}", hit.join(", ")) };
        assert_eq!(template_result(&g.soldiers, &placed, t), want);
    }
}
