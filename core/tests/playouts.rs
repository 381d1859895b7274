//! Random playouts of whole games: every preset, 1 to 8 players, all four difficulties,
//! random and draft setup. Every game must end (dawn bounds it) within a bound derived from
//! the rules, and every position and action along the way is checked against the
//! independent model in `common`.

mod common;

use common::{Model, PRESETS, Rng, check_action, check_invariants, choose_action, settings};
use labscape_core::labscape::{Action, Difficulty, Event, Phase, Position, SetupMode};

#[derive(Default, Debug)]
struct Stats {
    games: usize,
    turns: usize,
    escapes: usize,
    games_with_escape: usize,
    floor_changes: usize,
    catches: usize,
    timeouts: usize,
    rotations: usize,
    specials: usize,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.turns += o.turns;
        self.escapes += o.escapes;
        self.games_with_escape += o.games_with_escape;
        self.floor_changes += o.floor_changes;
        self.catches += o.catches;
        self.timeouts += o.timeouts;
        self.rotations += o.rotations;
        self.specials += o.specials;
    }
}

fn special_cells(pos: &Position) -> usize {
    let doc = pos.to_doc();
    doc.floors
        .iter()
        .flatten()
        .map(|f| f.items.values().filter(|i| *i == "special").count())
        .sum()
}

/// Plays one whole game and checks it; `legal_every` > 0 compares the engine's legal actions
/// with the model's every that many turns.
fn play_game(
    layout: &str,
    players: usize,
    difficulty: Difficulty,
    setup: SetupMode,
    seed: u64,
    legal_every: usize,
    purposeful: u64,
) -> Stats {
    let s = settings(layout, players, difficulty, setup);
    let tag = format!("{layout}/{players}/{difficulty}/{setup:?}/{seed}");
    let (mut pos, setup_events) =
        Position::new_game(&s, &format!("playout-{seed}")).expect("new game");
    assert!(
        matches!(setup_events.first(), Some(Event::FirstPlayer { .. })),
        "{tag}: the first event is the first-player draw"
    );
    let mut rng = Rng::new(seed);
    let mut stats = Stats {
        games: 1,
        ..Stats::default()
    };

    // Draft setup: placements, bounded by the building's size.
    let modules = pos.layout().module_count();
    let mut placements = 0;
    while let Phase::Setup(_) = pos.phase() {
        check_invariants(&pos).unwrap_or_else(|e| panic!("{tag}: setup: {e}"));
        let a = choose_action(&mut rng, &pos, 0);
        pos.play(None, &a)
            .unwrap_or_else(|e| panic!("{tag}: placement {a} refused: {e}"));
        placements += 1;
        assert!(
            placements <= modules * 30,
            "{tag}: draft setup does not end"
        );
    }

    let dawn = pos.dawn() as usize;
    let bound = players * (dawn + 2 * special_cells(&pos)) + 1;
    let mut last_events = Vec::new();
    while !pos.is_over() {
        check_invariants(&pos).unwrap_or_else(|e| panic!("{tag} turn {}: {e}", stats.turns));
        if legal_every > 0 && stats.turns.is_multiple_of(legal_every) {
            let model: Vec<String> = Model::new(&pos).legal().into_iter().collect();
            let mut engine: Vec<String> = pos
                .legal_actions()
                .iter()
                .map(ToString::to_string)
                .collect();
            engine.sort();
            assert_eq!(
                engine,
                model,
                "{tag} turn {}: legal actions differ from the rules\n{:?}",
                stats.turns,
                pos.to_doc()
            );
        }
        let a = choose_action(&mut rng, &pos, purposeful);
        let seat = pos.active().expect("someone is active while the game runs");
        let before = pos.clone();
        let events = pos
            .play(Some(seat), &a)
            .unwrap_or_else(|e| panic!("{tag}: {a} refused: {e}\n{:?}", before.to_doc()));
        check_action(&before, &pos, seat, &events).unwrap_or_else(|e| {
            panic!(
                "{tag} turn {}: {a}: {e}\nbefore: {:?}\nevents: {events:?}",
                stats.turns,
                before.to_doc()
            )
        });
        for e in &events {
            match e {
                Event::Escaped { .. } => stats.escapes += 1,
                Event::FloorSetUp { .. } => stats.floor_changes += 1,
                Event::Caught { .. } => stats.catches += 1,
                Event::TimedOut { .. } => stats.timeouts += 1,
                Event::WallRotated { .. } => stats.rotations += 1,
                Event::Rolled {
                    special: Some(_), ..
                } => stats.specials += 1,
                _ => {}
            }
        }
        stats.turns += 1;
        assert!(
            stats.turns <= bound,
            "{tag}: the game did not end within {bound} turns"
        );
        last_events = events;
    }
    check_invariants(&pos).unwrap_or_else(|e| panic!("{tag}: final: {e}"));
    let Some(Event::GameOver {
        escaped,
        top_forager,
    }) = last_events.last()
    else {
        panic!("{tag}: the last action's last event is not game over: {last_events:?}");
    };
    assert_eq!(
        Some((escaped.clone(), top_forager.clone())),
        pos.outcome(),
        "{tag}"
    );
    if !escaped.is_empty() {
        stats.games_with_escape += 1;
    }
    assert!(pos.legal_actions().is_empty());
    assert!(
        pos.play(None, &Action::Wait(1)).is_err(),
        "{tag}: actions after the end are refused"
    );
    stats
}

/// Extra seeds per configuration: the given number, or `LABSCAPE_PLAYOUT_SEEDS` for a longer hunt.
fn run_preset(layout: &str, extra_seeds: u64) -> Stats {
    let extra_seeds = std::env::var("LABSCAPE_PLAYOUT_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(extra_seeds);
    let mut total = Stats::default();
    for players in 1..=8 {
        for (d, difficulty) in Difficulty::ALL.into_iter().enumerate() {
            for k in 0..=extra_seeds {
                let seed =
                    (players as u64) * 1000 + d as u64 * 100 + k * 7919 + layout.len() as u64;
                let legal_every = if k == 0 {
                    3
                } else if k % 4 == 1 {
                    5
                } else {
                    0
                };
                let purposeful = if k == 0 { 90 } else { 60 };
                total.add(&play_game(
                    layout,
                    players,
                    difficulty,
                    SetupMode::Random,
                    seed,
                    legal_every,
                    purposeful,
                ));
            }
        }
    }
    eprintln!("{layout}: {total:?}");
    assert!(
        total.catches > 0 && total.rotations > 0 && total.specials > 0,
        "{layout}: the playouts exercise the rules: {total:?}"
    );
    total
}

#[test]
fn playouts_single() {
    let s = run_preset(PRESETS[0], 1);
    assert!(s.games_with_escape > 0, "{s:?}");
}

#[test]
fn playouts_duo() {
    let s = run_preset(PRESETS[1], 1);
    assert!(s.games_with_escape > 0, "{s:?}");
}

#[test]
fn playouts_tower() {
    let s = run_preset(PRESETS[2], 1);
    assert!(s.floor_changes > 0, "{s:?}");
}

#[test]
fn playouts_pyramid() {
    let s = run_preset(PRESETS[3], 0);
    assert!(s.floor_changes > 0, "{s:?}");
}

#[test]
fn playouts_grand() {
    run_preset(PRESETS[4], 0);
}

#[test]
fn playouts_draft_setup() {
    let mut total = Stats::default();
    for (i, (layout, players)) in [
        ("single", 1),
        ("single", 3),
        ("duo", 2),
        ("tower", 4),
        ("pyramid", 2),
        ("tower", 8),
    ]
    .into_iter()
    .enumerate()
    {
        let d = Difficulty::ALL[i % 4];
        total.add(&play_game(
            layout,
            players,
            d,
            SetupMode::Draft,
            500 + i as u64,
            2,
            85,
        ));
    }
    eprintln!("draft: {total:?}");
    assert_eq!(total.games, 6);
}
