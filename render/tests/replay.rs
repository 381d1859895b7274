//! Replay GIFs of whole games played by the engine's computer players: the size budget
//! (a `grand` game with 6 players under 8 MiB) and the frame count.

mod common;

use labscape_core::labscape::{Dice, Policy, Position, SetupMode, play_out};
use labscape_render::{REPLAY_WIDTH, Replay, View};

/// Plays a whole game with `policy` for every seat, pushing a frame per turn; returns the
/// GIF and the number of turns played.
fn whole_game(layout: &str, players: usize, seed: &str, policy: Policy) -> (Vec<u8>, usize) {
    let settings = common::settings(layout, players, SetupMode::Random);
    let (mut pos, events) = Position::new_game(&settings, seed).expect("a new game");
    let mut replay = Replay::new(&View::new(&pos).events(&events), REPLAY_WIDTH);
    let mut rng = Dice::from_seed(seed);
    let mut turns = 0;
    while let Some(action) = policy.choose(&pos, &mut rng) {
        let events = pos
            .play(None, &action)
            .expect("policies play legal actions");
        replay.push(&View::new(&pos).events(&events).title("Replay"));
        turns += 1;
        assert!(turns < 5_000, "a game ends by dawn");
    }
    assert!(pos.is_over());
    assert_eq!(replay.frames(), turns + 1);
    (replay.finish(), turns)
}

fn frame_count(gif_bytes: &[u8]) -> usize {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    opts.skip_frame_decoding(true);
    let mut dec = opts.read_info(gif_bytes).expect("a GIF");
    let mut n = 0;
    while dec.next_frame_info().expect("a frame").is_some() {
        n += 1;
    }
    n
}

/// Turns in a whole game (no drawing).
fn length(layout: &str, players: usize, seed: &str, policy: Policy) -> usize {
    let settings = common::settings(layout, players, SetupMode::Random);
    let (mut pos, _) = Position::new_game(&settings, seed).expect("a new game");
    play_out(&mut pos, policy, &mut Dice::from_seed(seed), 5_000)
}

#[test]
fn the_longest_of_many_grand_games_with_six_players_stays_under_8_mib() {
    // The longest of 24 games: length drives the size, and the heuristic players' games run
    // longer than random players' (up to about 630 turns against 580).
    let policy = Policy::Heuristic;
    let seed = (0..24)
        .map(|i| format!("budget-{i}"))
        .max_by_key(|s| length("grand", 6, s, policy))
        .expect("seeds");
    let (gif, turns) = whole_game("grand", 6, &seed, policy);
    println!(
        "grand 6p {policy} ({seed}): {turns} turns, {} bytes ({:.2} MiB)",
        gif.len(),
        gif.len() as f64 / (1024.0 * 1024.0)
    );
    assert!(turns > 500, "a long game: {turns} turns");
    assert!(gif.len() < 8 << 20, "{} bytes", gif.len());
    assert_eq!(frame_count(&gif), turns + 1);
}
