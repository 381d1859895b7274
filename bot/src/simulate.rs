//! `labscape simulate`: automated playtesting with computer players (issue 9).
//!
//! A game with a study of its own plays it: Labscape's here (`simulate/balance/`: the
//! escape rates of its balance table), any other game's in its module
//! (`ChatGame::study`, asked through `games::of(kind)`); every other game is played by two
//! computer players against each other, seats swapped every other game
//! (`simulate/versus.rs`). This file reads the options and picks the study; each study is
//! its game's room.

mod balance;
mod versus;

use std::{path::PathBuf, process::ExitCode};

use anyhow::Context;
use clap::Args;
use labscape_core::GameKind;

use crate::games::{self, StudyOptions};

/// Options of `labscape simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game (the default game, Labscape, if not given). Another game plays `--policy`
    /// (seat 0) against `--against` (seat 1), seats swapped every other game, and reports
    /// win rates.
    #[arg(long)]
    game: Option<String>,
    /// The other seat's computer player, for a two-player game (default: the same policy).
    #[arg(long)]
    against: Option<String>,
    /// Preset (single, duo, tower, pyramid, grand) or layout notation like `###/##/#`
    /// (pyramid if not given).
    #[arg(long)]
    layout: Option<String>,
    /// Players, every seat played by the policy: Labscape 1 to 8 (default 4); a game with
    /// a study of its own, the counts it seats (default: each of them in turn).
    #[arg(long)]
    players: Option<usize>,
    /// easy, medium, hard or impossible (medium if not given).
    #[arg(long)]
    difficulty: Option<String>,
    /// Games to play (per table cell with `--table`; default 1000, or 200 per cell; a
    /// game's own study: per player count, default 200).
    #[arg(long)]
    games: Option<usize>,
    /// Every game: random, easy or strong (Labscape also takes strong:N, N rollouts per
    /// decision, and careless; heuristic and search are older names of easy and strong).
    #[arg(long, default_value = "easy")]
    policy: String,
    /// Seed of the run (any text): game i of a cell plays with a seed derived from it.
    #[arg(long, default_value = "labscape")]
    seed: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Measure every preset × 2–6 players × the four difficulties and write the balance
    /// report (Markdown and PNG) into `--out`.
    #[arg(long, conflicts_with = "bench")]
    table: bool,
    /// Folder for `--table`'s `balance.md` and `balance.png`.
    #[arg(long, default_value = "docs")]
    out: PathBuf,
    /// Measure games per minute (pyramid, 4 players, medium unless given otherwise) on one
    /// core and on all of them.
    #[arg(long)]
    bench: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs `labscape simulate`.
pub fn run(args: SimulateArgs) -> ExitCode {
    match run_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("labscape simulate: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run_inner(args: &SimulateArgs) -> anyhow::Result<()> {
    let game = args.game.as_deref().unwrap_or(games::DEFAULT_GAME.id());
    let kind = GameKind::from_id(game).with_context(|| {
        format!(
            "--game {game}: not one of {}",
            GameKind::ALL
                .iter()
                .map(|k| k.id())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    if let Some(study) = balance::study(kind) {
        return study(args);
    }
    let options = StudyOptions {
        players: args.players,
        games: args.games,
        policy: args.policy.clone(),
        seed: args.seed.clone(),
        json: args.json,
    };
    if let Some(report) = games::of(kind).study(&options) {
        let report = report.map_err(anyhow::Error::msg)?;
        println!("{}", report.trim_end());
        return Ok(());
    }
    versus::run(
        kind,
        &args.policy,
        args.against.as_deref(),
        args.games.unwrap_or(200),
        &args.seed,
        args.json,
    )
}
