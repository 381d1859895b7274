//! The two-player games' engines: `legal_actions`, playing one action, and the `strong`
//! computer player's time per move, on the position with the most legal actions met in a
//! seeded random game (the largest a game reaches). Goals (issues 21 and 22): under 5 µs
//! for `legal_actions` and for playing; under 1 s a move for `strong`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use labscape_core::{AnyGame, GameKind, Seat};

/// The position with the most legal actions along a seeded random game of `kind` (its
/// first 2,000 actions: random SAGES players can go on for ever).
fn largest(kind: GameKind) -> AnyGame {
    let players = ["a".to_string(), "b".to_string()];
    let (mut game, _) = AnyGame::new_game(kind, &[], &players, "bench").expect("a new game");
    let mut best = game.clone();
    let mut most = 0;
    for ply in 0..2_000 {
        if game.is_over() {
            break;
        }
        let n = game.legal_actions().len();
        if n > most {
            most = n;
            best = game.clone();
        }
        let seat = game.to_move().unwrap_or(Seat(0));
        let action = game
            .choose("random", &format!("bench-{ply}"))
            .expect("a legal action");
        game = game.play(seat, &action).expect("a listed action").0;
    }
    best
}

fn games(c: &mut Criterion) {
    for &kind in GameKind::ALL {
        if kind == GameKind::Labscape {
            continue; // benches/engine.rs
        }
        let pos = largest(kind);
        let legal = pos.legal_actions();
        let seat = pos.to_move().unwrap_or(Seat(0));
        println!(
            "{}: largest position has {} legal actions",
            kind.id(),
            legal.len()
        );
        let id = kind.id();
        c.bench_function(&format!("{id}: legal_actions (largest)"), |b| {
            b.iter(|| black_box(&pos).legal_actions())
        });
        let action = legal[legal.len() / 2].clone();
        c.bench_function(&format!("{id}: play one action (largest)"), |b| {
            b.iter(|| {
                black_box(&pos)
                    .play(seat, black_box(&action))
                    .expect("legal")
            })
        });
        let mut group = c.benchmark_group(format!("{id}: strong"));
        group.sample_size(10);
        group.bench_function("one move (largest)", |b| {
            b.iter(|| black_box(&pos).choose("strong", "bench"))
        });
        group.finish();
    }
}

/// Skarb Labiryntu on its largest maze (issue 35): 25 × 25 without the map, 200 hedges
/// planted by a seeded random architect while the seeker waits, the architect to move.
/// Goals: `legal` for the architect under 1 ms; the strong players under 1 s a move.
fn skarb(c: &mut Criterion) {
    use labscape_core::{Audience, Game, skarb};
    let options = [
        ("size".to_string(), "25".to_string()),
        ("map".to_string(), "no".to_string()),
    ];
    let settings = skarb::Position::settings(&options).expect("settings");
    let mut pos = skarb::Position::start(settings);
    let mut ply = 0;
    while pos.hedge_count() < 200 {
        let seat = pos.to_move().expect("running");
        let action = if seat == skarb::ARCHITECT {
            pos.choose("random", &format!("skarb-{ply}"))
                .expect("legal")
        } else {
            skarb::Action::Pass
        };
        pos = pos.play(seat, &action).expect("legal").0;
        ply += 1;
    }
    if pos.to_move() != Some(skarb::ARCHITECT) {
        pos = pos
            .play(skarb::SEEKER, &skarb::Action::Pass)
            .expect("legal")
            .0;
    }
    let legal = pos.legal_actions();
    println!("skarb 25x25, 200 hedges: {} legal hedges", legal.len());
    c.bench_function("skarb 25x25: legal_actions (architect, 200 hedges)", |b| {
        b.iter(|| black_box(&pos).legal_actions())
    });
    let action = legal[legal.len() / 2];
    c.bench_function("skarb 25x25: play one hedge", |b| {
        b.iter(|| {
            black_box(&pos)
                .play(skarb::ARCHITECT, black_box(&action))
                .expect("legal")
        })
    });
    c.bench_function("skarb 25x25: view (seeker)", |b| {
        b.iter(|| black_box(&pos).view(Audience::Seat(skarb::SEEKER)))
    });
    let seeker = pos
        .play(skarb::ARCHITECT, &skarb::Action::Pass)
        .expect("legal")
        .0;
    let mut group = c.benchmark_group("skarb 25x25: strong");
    group.sample_size(10);
    group.bench_function("architect, one move", |b| {
        b.iter(|| black_box(&pos).choose("strong", "bench"))
    });
    group.bench_function("seeker, one move", |b| {
        b.iter(|| black_box(&seeker).choose("strong", "bench"))
    });
    group.finish();
}

criterion_group!(benches, games, skarb);
criterion_main!(benches);
