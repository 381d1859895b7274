//! Every board game's replay of its longest seeded game stays under the replay budget
//! ([`labscape_render::MAX_REPLAY_BYTES`]): a long game shows every k-th turn rather than
//! grow past what a chat takes. Labscape's own is tested in the renderer
//! (`render/tests/replay.rs`).

use labscape_core::{AnyGame, GameKind};

use super::{GameRecord, replay};
use crate::i18n::Lang;

/// The board games: every game of core's list but Labscape and the test game.
fn board_games() -> impl Iterator<Item = GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|k| !matches!(k.id(), "labscape" | "nim"))
}

/// A whole game of `kind` from `seed`, its `easy` computer player against its `random` one
/// (random on both sides can go round for ever in some games), as a record.
fn record(kind: GameKind, seed: &str) -> GameRecord {
    let players = vec!["Ana".to_string(), "Bia".to_string()];
    let (mut g, _) = AnyGame::new_game(kind, &[], &players, seed).expect("defaults");
    let mut actions = Vec::new();
    while g.outcome().is_none() {
        let seat = g.to_move().expect("a seat to move");
        let policy = if seat.0 == 0 { "easy" } else { "random" };
        let a = g
            .choose(policy, &format!("{seed}/{}", actions.len()))
            .expect("a legal action");
        actions.push((seat.0, a.to_string()));
        g = g.play(seat, &a).expect("legal").0;
        assert!(actions.len() < 5000, "{kind:?} ends");
    }
    GameRecord {
        kind,
        title: format!("{} #1", kind.name()),
        settings: String::new(),
        computer: vec![None; players.len()],
        players,
        seed: seed.to_string(),
        seed_hash: labscape_core::labscape::commitment(seed),
        over: true,
        abandoned: false,
        actions,
        resigned: None,
    }
}

#[test]
fn every_board_games_longest_seeded_replay_stays_under_the_budget() {
    std::thread::scope(|s| {
        let runs: Vec<_> = board_games()
            .map(|kind| {
                s.spawn(move || {
                    let longest = (0..4)
                        .map(|i| record(kind, &format!("longest-{i}")))
                        .max_by_key(|r| r.actions.len())
                        .expect("seeds");
                    let gif = replay(&longest, Lang::PtBr)
                        .expect("the record replays")
                        .expect("a board game has a replay");
                    (kind, longest.actions.len(), gif)
                })
            })
            .collect();
        for run in runs {
            let (kind, turns, gif) = run.join().expect("no panic");
            assert!(
                gif.len() <= labscape_render::MAX_REPLAY_BYTES,
                "{kind:?}: {turns} turns, {} bytes",
                gif.len()
            );
            let n = crate::app::tests::gif_frames(&gif);
            assert!(
                n >= 2 && n <= turns + 1,
                "{kind:?}: {n} frames for {turns} turns"
            );
        }
    });
}
