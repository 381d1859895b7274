//! Engine speed: `legal_actions()`, applying an action, and a whole random game, on a
//! mid-game `grand` position with 6 players. Goals (issue 2): < 100 µs, < 20 µs, < 50 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use labscape_core::labscape::{
    Action, Dice, Layout, Policy, Position, Settings, SetupMode, play_out,
};

fn grand(seed: &str) -> Position {
    let settings = Settings {
        layout: Layout::parse("grand").expect("preset"),
        difficulty: Default::default(),
        setup: SetupMode::Random,
        players: (1..=6).map(|i| format!("p{i}")).collect(),
    };
    Position::new_game(&settings, seed).expect("6 players").0
}

/// A `grand` game on its ground floor (8 modules), players spread out, 30 random turns in.
fn mid_game() -> Position {
    let mut doc = grand("bench").to_doc();
    doc.floor = 0;
    for f in doc.floors.iter_mut().skip(1) {
        *f = None;
    }
    let cells = ["A1", "C5", "F2", "H6", "K3", "L1"];
    for (i, p) in doc.players.iter_mut().enumerate() {
        p.cell = Some(cells[i].into());
        p.time = 30 + i as i64;
    }
    doc.exit = Some("L6".into());
    doc.robot = Some("F4".into());
    doc.watermark = 28;
    doc.keys = 20;
    let mut pos = Position::from_doc(&doc).expect("a valid ground-floor position");
    let mut rng = Dice::from_seed("bench-policy");
    play_out(&mut pos, Policy::Random, &mut rng, 30);
    assert!(
        !pos.is_over(),
        "the benchmark position must still be in play"
    );
    pos
}

fn engine(c: &mut Criterion) {
    let pos = mid_game();
    let legal = pos.legal_actions();
    println!(
        "mid-game grand position: {} legal actions, floor {}",
        legal.len(),
        pos.floor()
    );
    c.bench_function("legal_actions (grand, 6 players, mid-game)", |b| {
        b.iter(|| black_box(&pos).legal_actions())
    });
    let step = legal
        .iter()
        .find(|a| matches!(a, Action::Move(_)))
        .cloned()
        .unwrap_or(Action::Wait(1));
    c.bench_function("apply a move (grand, 6 players, mid-game)", |b| {
        b.iter(|| {
            black_box(&pos)
                .after(None, black_box(&step))
                .expect("legal")
        })
    });
    let rotation = legal
        .iter()
        .find(|a| matches!(a, Action::RotateWall { .. }))
        .cloned();
    if let Some(rot) = rotation {
        c.bench_function("apply a wall rotation (grand, 6 players, mid-game)", |b| {
            b.iter(|| black_box(&pos).after(None, black_box(&rot)).expect("legal"))
        });
    }
    let fresh = grand("whole");
    let mut n = 0u64;
    c.bench_function("whole random game (grand, 6 players)", |b| {
        b.iter(|| {
            let mut p = fresh.clone();
            let mut rng = Dice::from_seed(&n.to_string());
            n += 1;
            black_box(play_out(&mut p, Policy::Random, &mut rng, 100_000))
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
