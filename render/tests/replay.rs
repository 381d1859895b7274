//! Replay GIFs of whole games played by the engine's computer players: the size budget
//! (the longest of many `grand` games with 6 players under 8 MiB, and a tighter budget held
//! by showing fewer turns) and the frame count.

mod common;

use labscape_core::{
    Lang,
    labscape::{Action, Dice, Event, Policy, Position, SetupMode},
};
use labscape_render::{MAX_REPLAY_BYTES, REPLAY_WIDTH, Replay, View};

/// A whole game played with `policy` for every seat: the start and every action.
fn game(
    layout: &str,
    players: usize,
    seed: &str,
    policy: Policy,
) -> (Position, Vec<Event>, Vec<Action>) {
    let settings = common::settings(layout, players, SetupMode::Random);
    let (start, events) = Position::new_game(&settings, seed).expect("a new game");
    let mut pos = start.clone();
    let mut rng = Dice::from_seed(seed);
    let mut actions = Vec::new();
    while let Some(action) = policy.choose(&pos, &mut rng) {
        pos.play(None, &action)
            .expect("policies play legal actions");
        actions.push(action);
        assert!(actions.len() < 5_000, "a game ends by dawn");
    }
    assert!(pos.is_over());
    (start, events, actions)
}

/// The replay of a game within `budget` bytes: the GIF and the turns it shows.
fn replay(
    start: &Position,
    events: &[Event],
    actions: &[Action],
    budget: usize,
) -> (Vec<u8>, usize) {
    let mut replay = Replay::new(REPLAY_WIDTH, actions.len(), Lang::En).budget(budget);
    let mut pos = start.clone();
    replay.push(&View::new(&pos).events(events).title("Replay"));
    for a in actions {
        let events = pos.play(None, a).expect("a legal action");
        replay.push(&View::new(&pos).events(&events).title("Replay"));
    }
    let shown = replay.turns_shown();
    assert_eq!(replay.frames(), shown + 1);
    (replay.finish(), shown)
}

/// The first frame's indices.
fn first_frame(gif_bytes: &[u8]) -> Vec<u8> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(gif_bytes).expect("a GIF");
    let frame = dec
        .read_next_frame()
        .expect("a frame")
        .expect("a first frame");
    frame.buffer.to_vec()
}

/// Frames in a GIF.
fn frames(gif_bytes: &[u8]) -> usize {
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
    labscape_core::labscape::play_out(&mut pos, policy, &mut Dice::from_seed(seed), 5_000)
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
    let (start, events, actions) = game("grand", 6, &seed, policy);
    let turns = actions.len();
    assert!(turns > 500, "a long game: {turns} turns");
    let (gif, shown) = replay(&start, &events, &actions, MAX_REPLAY_BYTES);
    println!(
        "grand 6p {policy} ({seed}): {turns} turns, {shown} shown, {} bytes ({:.2} MiB)",
        gif.len(),
        gif.len() as f64 / (1024.0 * 1024.0)
    );
    assert!(gif.len() <= MAX_REPLAY_BYTES, "{} bytes", gif.len());
    assert_eq!(frames(&gif), shown + 1);

    assert_eq!(shown, turns, "every turn fits");

    // Deterministic, whatever the caches hold from the first build and whichever band
    // draws a cached shape first.
    let (again, _) = replay(&start, &events, &actions, MAX_REPLAY_BYTES);
    assert!(again == gif, "the same game gives the same bytes");

    // A sixth of the room: fewer turns, the budget held, and the first frame says so.
    let budget = gif.len() / 6;
    let (small, fewer) = replay(&start, &events, &actions, budget);
    assert!(small.len() <= budget, "{} > {budget}", small.len());
    assert!(fewer < shown / 3 && fewer > 10, "{fewer} of {shown} turns");
    assert_eq!(frames(&small), fewer + 1);
    assert_ne!(first_frame(&small), first_frame(&gif), "the note");
}
