//! Draws one kind of image a number of times, for a profiler (callgrind counts
//! instructions, which a shared machine does not blur) or a plain timing loop:
//! `cargo run --release -p labscape-render --example profile -- WHAT [COUNT]`, WHAT one of
//! `turn` (`grand`, 6 players, mid-game, 1200 px, drawn whole: no image kept from a run to
//! the next), `turns` (the turns after it, one a run, each drawn where it changed since the
//! one before), `turns:pyramid` (a `pyramid` game of 2 players from its start, as the
//! throughput run of `labscape bench` plays), `single`, `board:NAME` (a board game's
//! image at 720 px, drawn whole, NAME as in the `board` benchmark: `semaforo`, `produto`,
//! `sages`, …), `boards:NAME` (the turns of a game of it, each drawn where it changed),
//! `replay` (a whole `grand` game of 6 players at 800 px) or `replay:NAME` (a board game's
//! replay of 200 turns). Prints the image's size and a checksum of its bytes (to compare
//! two builds), and the median and the fastest of COUNT runs (default 20).

#[path = "../tests/common/boards.rs"]
mod boards;
#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use labscape_core::{
    Lang,
    labscape::{Dice, Policy, Position, SetupMode},
};
use labscape_render::{
    BOARD_WIDTH, BoardFrame, REPLAY_WIDTH, Replay, View, forget_images, render_board_gif,
    render_png,
};

fn board_png(frame: &BoardFrame) -> Vec<u8> {
    frame.render_png(None)
}

/// Draws `turns`' images one a run, in order (and around again): the first is drawn before
/// the timing starts, so each timed one has the turn before it kept.
fn in_turn<T: 'static>(
    turns: Vec<T>,
    draw: impl Fn(&T) -> Vec<u8> + 'static,
) -> Box<dyn FnMut() -> Vec<u8>> {
    draw(&turns[0]);
    let mut next = 1;
    Box::new(move || {
        next += 1;
        draw(&turns[(next - 1) % turns.len()])
    })
}

/// A whole `grand` game of six heuristic players: its replay's bytes.
fn grand_replay() -> impl FnMut() -> Vec<u8> {
    let settings = common::settings("grand", 6, SetupMode::Random);
    let (start, events) = Position::new_game(&settings, "long").expect("a new game");
    let mut pos = start.clone();
    let mut rng = Dice::from_seed("long");
    let mut actions = Vec::new();
    while let Some(a) = Policy::Heuristic.choose(&pos, &mut rng) {
        pos.play(None, &a).expect("a legal action");
        actions.push(a);
    }
    move || {
        let mut pos = start.clone();
        let mut replay = Replay::new(REPLAY_WIDTH, actions.len(), Lang::En);
        replay.push(&View::new(&pos).events(&events).title("Benchmark"));
        for a in &actions {
            let events = pos.play(None, a).expect("a legal action");
            replay.push(&View::new(&pos).events(&events).title("Benchmark"));
        }
        replay.finish()
    }
}

/// A checksum of the image's bytes, to tell two builds' images apart.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// For a PNG, a checksum of its pixels (as RGB), which two encoders of the same picture
/// share.
fn pixels_checksum(bytes: &[u8]) -> String {
    if !bytes.starts_with(b"\x89PNG") {
        return String::new();
    }
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    format!(", pixels {:016x}", fnv1a(&buf[..info.buffer_size()]))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "turn".into());
    let count: usize = args.next().and_then(|c| c.parse().ok()).unwrap_or(20);
    let mut run: Box<dyn FnMut() -> Vec<u8>> = match what
        .split_once(':')
        .unwrap_or((what.as_str(), ""))
    {
        ("turn" | "single", "") => {
            let (pos, events) = if what == "turn" {
                common::play("grand", 6, "bench", 40)
            } else {
                common::play("single", 1, "solo", 3)
            };
            Box::new(move || {
                forget_images();
                render_png(&View::new(&pos).events(&events).title("Benchmark"), None)
            })
        }
        ("turns", "" | "pyramid") => {
            let (mut pos, _) = if what == "turns" {
                common::play("grand", 6, "bench", 40)
            } else {
                common::play("pyramid", 2, "bench", 0)
            };
            let mut pick = common::Pick::new(40);
            let mut turns = Vec::new();
            while turns.len() < count + 1 && !pos.is_over() {
                let action = common::choose(&pos, &mut pick);
                let events = pos.play(None, &action).expect("a legal action");
                turns.push((pos.clone(), events));
            }
            in_turn(turns, |(pos, events)| {
                render_png(&View::new(pos).events(events).title("Benchmark"), None)
            })
        }
        ("replay", "") => Box::new(grand_replay()),
        ("board", name) => {
            let (_, frame) = boards::late_boards()
                .into_iter()
                .find(|(n, _)| *n == name)
                .expect("a board game's name");
            Box::new(move || {
                forget_images();
                board_png(&frame)
            })
        }
        ("boards", name) => {
            let (_, frames) = boards::board_games(count + 1)
                .into_iter()
                .find(|(n, _)| *n == name)
                .expect("a board game's name");
            in_turn(frames, board_png)
        }
        ("replay", name) => {
            let (_, frames) = boards::board_games(200)
                .into_iter()
                .find(|(n, _)| *n == name)
                .expect("a board game's name");
            Box::new(move || render_board_gif(&frames, BOARD_WIDTH, Lang::En).expect("frames"))
        }
        _ => panic!(
            "WHAT: turn, turns, turns:pyramid, single, replay, board:NAME, boards:NAME or replay:NAME"
        ),
    };
    let mut times: Vec<Duration> = Vec::with_capacity(count);
    let mut bytes = Vec::new();
    for _ in 0..count {
        let t = Instant::now();
        bytes = run();
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "{what}: {} bytes (FNV-1a {:016x}{}); median {:.3} ms, fastest {:.3} ms ({count} runs)",
        bytes.len(),
        fnv1a(&bytes),
        pixels_checksum(&bytes),
        times[count / 2].as_secs_f64() * 1000.0,
        times[0].as_secs_f64() * 1000.0,
    );
}
