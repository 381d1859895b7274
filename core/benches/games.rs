//! The board games' engines: `legal_actions`, playing one action, and the `strong`
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

/// Labirinto da Hidra with 4 players (issue 37), a seeded game of strong players. Goals:
/// `legal` and applying a Scream in microseconds; the strong player under 1 s a turn.
/// Besides criterion's figures, every turn of that whole game is timed once and the mean
/// and the slowest printed (a turn is every decision of one seat's turn, Screams and
/// drops included, each from that seat's view).
fn hidra(c: &mut Criterion) {
    use std::time::{Duration, Instant};

    use labscape_core::{Game, hidra::Position};
    let options = [("players".to_string(), "4".to_string())];
    let settings = Position::settings(&options).expect("settings");
    let names: Vec<String> = (0..4).map(|i| format!("p{i}")).collect();
    let (start, _) = Position::new_game(&settings, &names, "bench").expect("a new game");

    // One seat's turn played by the strong player from `p`, its decisions seeded from
    // `ply` on: the position after it and the actions played.
    let turn = |mut p: Position, mut ply: usize| {
        let seat = p.seat_to_move();
        while !p.is_over() && p.seat_to_move() == seat {
            let a = p
                .choose("strong", &format!("bench-{ply}"))
                .expect("running");
            p = p.play(seat, &a).expect("legal").0;
            ply += 1;
        }
        (p, ply)
    };
    let (mut pos, mut ply) = (start.clone(), 0);
    let mut times = Vec::new();
    let mut slowest = (Duration::ZERO, start.clone(), 0);
    while !pos.is_over() {
        let t = Instant::now();
        let (next, next_ply) = turn(pos.clone(), ply);
        let took = t.elapsed();
        if took > slowest.0 {
            slowest = (took, pos, ply);
        }
        times.push(took);
        (pos, ply) = (next, next_ply);
    }
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "hidra, 4 strong players: {} turns, {ply} actions, {} rounds; strong per turn: mean {:.2} ms, slowest {:.2} ms",
        times.len(),
        pos.round(),
        mean.as_secs_f64() * 1e3,
        slowest.0.as_secs_f64() * 1e3
    );

    // Along the same game: the position with the most legal actions and nothing owed, and
    // the first Scream owed from round 3 on.
    let (mut p, mut n) = (start, 0);
    let (mut mid, mut scream) = (p.clone(), None);
    while !p.is_over() {
        let legal = p.legal_actions().len();
        if p.pending().is_empty() && legal > mid.legal_actions().len() {
            mid = p.clone();
        }
        if scream.is_none() && p.round() >= 3 && p.pending().scream {
            scream = Some(p.clone());
        }
        let seat = p.seat_to_move();
        let a = p.choose("strong", &format!("bench-{n}")).expect("running");
        p = p.play(seat, &a).expect("legal").0;
        n += 1;
    }
    let scream = scream.expect("a Scream owed");
    let slides = scream.legal_actions();
    println!(
        "hidra: {} legal actions at most with nothing owed, {} with a Scream owed",
        mid.legal_actions().len(),
        slides.len()
    );
    c.bench_function("hidra 4p: legal_actions (the most, nothing owed)", |b| {
        b.iter(|| black_box(&mid).legal_actions())
    });
    c.bench_function("hidra 4p: legal_actions (Scream owed)", |b| {
        b.iter(|| black_box(&scream).legal_actions())
    });
    let seat = scream.seat_to_move();
    let slide = scream
        .parse_action("scream 3 e 90")
        .ok()
        .filter(|a| slides.contains(a))
        .unwrap_or(slides[0]);
    c.bench_function(&format!("hidra 4p: apply a Scream ({slide})"), |b| {
        b.iter(|| {
            black_box(&scream)
                .play(seat, black_box(&slide))
                .expect("legal")
        })
    });
    let mut group = c.benchmark_group("hidra 4p: strong");
    group.sample_size(10);
    group.bench_function("one Scream chosen", |b| {
        b.iter(|| black_box(&scream).choose("strong", "bench"))
    });
    group.bench_function("the game's slowest turn", |b| {
        b.iter(|| turn(black_box(&slowest.1).clone(), slowest.2))
    });
    group.finish();
}

criterion_group!(benches, games, skarb, hidra);
criterion_main!(benches);
