//! `labscape simulate --game G --policy A --against B`: whole games of a game other than
//! Labscape between two computer players, seats swapped every other game, and how often
//! each won. Deterministic given `--seed`: game `i` plays with seed `SEED/i`.

use std::time::Instant;

use anyhow::{Context, bail};
use labscape_core::{AnyGame, GameKind, Seat};
use serde::Serialize;

/// Most actions one game may take before it is called a runaway (no game here is near it).
const MAX_ACTIONS: usize = 10_000;

/// What a run found.
#[derive(Debug, Default, Serialize, PartialEq)]
pub struct Versus {
    game: &'static str,
    policy: String,
    against: String,
    games: usize,
    policy_wins: usize,
    against_wins: usize,
    /// Games won by whoever moved first.
    first_seat_wins: usize,
    other: usize,
    mean_actions: f64,
    seconds: f64,
}

/// Plays the games and prints the result.
pub fn run(
    kind: GameKind,
    policy: &str,
    against: Option<&str>,
    games: usize,
    seed: &str,
    json: bool,
) -> anyhow::Result<()> {
    let a = kind.policy(policy).with_context(|| {
        format!(
            "--policy {policy}: {} has {}",
            kind.name(),
            kind.policies().join(", ")
        )
    })?;
    let b = match against {
        None => a.clone(),
        Some(p) => kind.policy(p).with_context(|| {
            format!(
                "--against {p}: {} has {}",
                kind.name(),
                kind.policies().join(", ")
            )
        })?,
    };
    let v = play(kind, &a, &b, games, seed)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let pct = |n: usize| 100.0 * n as f64 / v.games.max(1) as f64;
        println!(
            "{} · {} games · {} vs {}\n{} won {} ({:.1}%), {} won {} ({:.1}%), other {}; the first to move won {:.1}%\n{:.1} actions per game · {:.2} s",
            kind.name(),
            v.games,
            v.policy,
            v.against,
            v.policy,
            v.policy_wins,
            pct(v.policy_wins),
            v.against,
            v.against_wins,
            pct(v.against_wins),
            v.other,
            pct(v.first_seat_wins),
            v.mean_actions,
            v.seconds
        );
    }
    Ok(())
}

/// Plays `games` games of `a` against `b`.
fn play(kind: GameKind, a: &str, b: &str, games: usize, seed: &str) -> anyhow::Result<Versus> {
    let start = Instant::now();
    let mut v = Versus {
        game: kind.id(),
        policy: a.to_string(),
        against: b.to_string(),
        games,
        ..Versus::default()
    };
    let mut actions = 0usize;
    for i in 0..games {
        // Even games: `a` takes seat 0; odd games: seat 1.
        let seats = if i % 2 == 0 { [a, b] } else { [b, a] };
        let names: Vec<String> = seats.iter().map(|s| (*s).to_string()).collect();
        let game_seed = format!("{seed}/{i}");
        let (mut game, _) = AnyGame::new_game(kind, &[], &names, &game_seed)
            .with_context(|| format!("starting {}", kind.name()))?;
        let mut n = 0;
        while let Some(to_move) = game.to_move() {
            if n >= MAX_ACTIONS {
                bail!("game {i} did not end in {MAX_ACTIONS} actions");
            }
            let policy = seats[to_move.index() % 2];
            let action = game
                .choose(policy, &format!("{game_seed}/computer/{n}"))
                .with_context(|| format!("{policy} found no action in game {i}"))?;
            game = game
                .play(to_move, &action)
                .with_context(|| format!("{policy} chose {action} in game {i}"))?
                .0;
            n += 1;
        }
        actions += n;
        let winner = game.outcome().and_then(|o| o.winner());
        match winner {
            Some(Seat(w)) => {
                if w == 0 {
                    v.first_seat_wins += 1;
                }
                if usize::from(w) == i % 2 {
                    v.policy_wins += 1;
                } else {
                    v.against_wins += 1;
                }
            }
            None => v.other += 1,
        }
    }
    v.mean_actions = actions as f64 / games.max(1) as f64;
    v.seconds = start.elapsed().as_secs_f64();
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strong_player_wins_and_runs_are_reproducible() {
        let nim = GameKind::from_id("nim").expect("the test game is built in tests");
        let v = play(nim, "strong", "random", 20, "t").unwrap();
        assert_eq!(v.games, 20);
        assert_eq!(v.policy_wins + v.against_wins + v.other, 20);
        assert!(v.policy_wins >= 15, "{v:?}");
        let again = play(nim, "strong", "random", 20, "t").unwrap();
        assert_eq!(
            (v.policy_wins, v.first_seat_wins, v.mean_actions),
            (again.policy_wins, again.first_seat_wins, again.mean_actions)
        );
    }
}
