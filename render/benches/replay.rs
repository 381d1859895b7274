//! Size and build time of replay GIFs of whole games played by the heuristic computer
//! players: a long one (`grand`, 6 players) and a typical one (`pyramid`, 4 players).
//!
//! `cargo bench -p labscape-render --bench replay` prints, per game: turns, GIF size, and
//! the build time split into drawing, comparing and LZW-encoding the frames (`push`) and
//! writing the GIF (`finish`), the minimum over a few runs. Figures only: nothing here
//! passes or fails.

#[path = "../tests/common/boards.rs"]
mod boards;
#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use labscape_core::{
    Lang,
    labscape::{Action, Dice, Event, Policy, Position, SetupMode},
};
use labscape_render::{BOARD_WIDTH, REPLAY_WIDTH, Replay, View, render_board_gif};

/// A whole game: the start and every turn's action.
fn game(layout: &str, players: usize, seed: &str) -> (Position, Vec<Event>, Vec<Action>) {
    let settings = common::settings(layout, players, SetupMode::Random);
    let (start, events) = Position::new_game(&settings, seed).expect("a new game");
    let mut pos = start.clone();
    let mut rng = Dice::from_seed(seed);
    let mut actions = Vec::new();
    while let Some(a) = Policy::Heuristic.choose(&pos, &mut rng) {
        pos.play(None, &a).expect("a legal action");
        actions.push(a);
    }
    (start, events, actions)
}

/// Builds the GIF once: (bytes, push time, finish time).
fn build(start: &Position, events: &[Event], actions: &[Action]) -> (Vec<u8>, Duration, Duration) {
    let t = Instant::now();
    let mut pos = start.clone();
    let mut replay = Replay::new(REPLAY_WIDTH, actions.len(), Lang::En);
    replay.push(&View::new(&pos).events(events).title("Benchmark"));
    for a in actions {
        let events = pos.play(None, a).expect("a legal action");
        replay.push(&View::new(&pos).events(&events).title("Benchmark"));
    }
    let pushed = t.elapsed();
    let t = Instant::now();
    let gif = replay.finish();
    (gif, pushed, t.elapsed())
}

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: build once, quietly.
    let quick = !std::env::args().any(|a| a == "--bench");
    let cases = [("grand", 6, "long", 3), ("pyramid", 4, "typical", 5)];
    for (layout, players, seed, runs) in cases {
        let (start, events, actions) = game(layout, players, seed);
        let runs = if quick { 1 } else { runs };
        let mut best: Option<(Duration, Duration)> = None;
        let mut size = 0;
        for _ in 0..runs {
            let (gif, push, finish) = build(&start, &events, &actions);
            size = gif.len();
            if best.is_none_or(|(p, f)| push + finish < p + f) {
                best = Some((push, finish));
            }
        }
        let (push, finish) = best.expect("at least one run");
        if quick {
            continue;
        }
        let frames = actions.len() + 1;
        println!(
            "replay {layout} {players}p: {} turns, {size} bytes ({:.2} MiB, {:.1} KiB a frame); \
             build {:.2} s ({:.2} ms a frame) = frames {:.2} s ({:.1} ms each) + writing {:.2} s \
             (min of {runs})",
            actions.len(),
            size as f64 / (1024.0 * 1024.0),
            size as f64 / 1024.0 / frames as f64,
            (push + finish).as_secs_f64(),
            (push + finish).as_secs_f64() * 1000.0 / frames as f64,
            push.as_secs_f64(),
            push.as_secs_f64() * 1000.0 / frames as f64,
            finish.as_secs_f64(),
        );
    }
    boards(quick);
}

/// Every board game's replay: a game of 200 turns on a full board, one piece moved a turn,
/// at the board image's width.
fn boards(quick: bool) {
    let turns = if quick { 3 } else { 200 };
    for (name, frames) in boards::board_games(turns) {
        let runs = if quick { 1 } else { 3 };
        let mut best = Duration::MAX;
        let mut size = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let gif = render_board_gif(&frames, BOARD_WIDTH, Lang::En).expect("frames");
            best = best.min(t.elapsed());
            size = gif.len();
        }
        if quick {
            continue;
        }
        println!(
            "replay {name}: {turns} turns, {size} bytes ({:.2} MiB); build {:.3} s ({:.2} ms a \
             frame, min of {runs})",
            size as f64 / (1024.0 * 1024.0),
            best.as_secs_f64(),
            best.as_secs_f64() * 1000.0 / frames.len() as f64,
        );
    }
}
