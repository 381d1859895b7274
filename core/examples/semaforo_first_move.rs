//! Times Semáforo's `strong` player in a fresh process: its first move (which once built
//! the game's whole solution, seconds of CPU) and the moves after it. Issue 33, item 7.
//!
//! `cargo run --release -p labscape-core --example semaforo_first_move`
//!
//! Each run is one fresh process, so run it a few times; docs/performance.md keeps the
//! figures.

use std::time::{Duration, Instant};

use labscape_core::{Game, Seat, semaforo::Position};

fn main() {
    let start = Position::start();
    let t = Instant::now();
    let first = start.choose("strong", "first").expect("a legal action");
    let first_time = t.elapsed();
    println!("first strong move in a fresh process: {first} in {first_time:?}");

    // Later moves: a whole strong-against-strong game, every move timed.
    let mut later = Vec::new();
    for g in 0..20 {
        let mut p = Position::start();
        let mut n = 0;
        while let Some(seat) = p.to_move() {
            let t = Instant::now();
            let a = p
                .choose("strong", &format!("{g}/{n}"))
                .expect("a legal action");
            later.push(t.elapsed());
            p = p.play(seat, &a).expect("a listed action").0;
            n += 1;
        }
        assert_eq!(p.outcome().and_then(|o| o.winner()), Some(Seat(1)));
    }
    later.sort();
    let median = later[later.len() / 2];
    let max = later.last().copied().unwrap_or(Duration::ZERO);
    println!(
        "later strong moves ({} over 20 games): median {median:?}, slowest {max:?}",
        later.len()
    );
}
