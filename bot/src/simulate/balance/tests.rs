//! Tests of `simulate`.

use super::*;

fn cell() -> Cell {
    Cell {
        layout: "single".into(),
        players: 2,
        difficulty: Difficulty::Medium,
    }
}

#[test]
fn simulations_are_reproducible_from_their_seed_whatever_the_threads() {
    let hidden = ProgressBar::hidden();
    let cells = [cell()];
    let a = run_cells(&cells, 24, Policy::Heuristic, "s", 1, &hidden).unwrap();
    let b = run_cells(&cells, 24, Policy::Heuristic, "s", 3, &hidden).unwrap();
    assert_eq!(a, b);
    let c = run_cells(&cells, 24, Policy::Heuristic, "t", 2, &hidden).unwrap();
    assert_ne!(a, c);
}

#[test]
fn a_summary_counts_what_happened() {
    let c = cell();
    let games: Vec<GameStats> = (0..30)
        .map(|i| {
            play_game(
                &c.settings().unwrap(),
                &c.game_seed("x", i),
                Policy::Heuristic,
            )
        })
        .collect();
    let s = Summary::new(&c, Policy::Heuristic, &games);
    assert_eq!(s.games, 30);
    assert_eq!(s.dawn, 18);
    assert!((0.0..=1.0).contains(&s.escape_share));
    assert!(s.all_escaped_share <= s.escape_share + 1e-9);
    assert!(s.turns_mean > 0.0 && s.turns_max >= s.turns_median);
    let escaped: usize = games.iter().map(|g| g.escaped).sum();
    assert_eq!(s.escape_share, escaped as f64 / 60.0);
}
