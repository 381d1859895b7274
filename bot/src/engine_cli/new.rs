//! `engine new`: a fresh position of any game, its options as `--option KEY=VALUE`. A game
//! with flags of its own (`--layout`, `--difficulty`, `--setup`: Labscape's, as
//! `position-format.md` documents them) reads them in its module (`games::engine`); for
//! any other game they are unknown options.

use clap::Args;
use labscape_core::{AnyGame, GameKind, NewAnyError, game::parse_options};
use serde_json::Value;

use super::Failure;
use crate::games::{
    self,
    engine::{EngineError, EngineFlags, EngineNew, clip},
};

/// The most players any game seats; `--players` is checked against it before anything
/// is built.
const MAX_PLAYERS: usize = 8;

/// Options of `engine new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game, by its id as `/new` takes it (`labscape`, `semaforo`, `soccolot`, `hidra`,
    /// …; an unknown id is answered with the list).
    #[arg(long, default_value = "labscape")]
    game: String,
    /// A game option, `KEY=VALUE` (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The layout, for a game that has one: a preset (single, duo, tower, pyramid, grand)
    /// or layout notation like `###/##/#`.
    #[arg(long)]
    layout: Option<String>,
    /// Number of players (1 to 8, as the game seats; the two-player games: 2, the
    /// default).
    #[arg(long)]
    players: Option<String>,
    /// The difficulty, for a game that has one: easy, medium (default), hard or impossible.
    #[arg(long)]
    difficulty: Option<String>,
    /// The game's seed (any text). Without it, a random one.
    #[arg(long)]
    seed: Option<String>,
    /// The set-up, for a game that has one: random (default) or draft.
    #[arg(long)]
    setup: Option<String>,
    /// Player names, comma-separated (default p1, p2, …).
    #[arg(long)]
    names: Option<String>,
}

impl From<EngineError> for Failure {
    fn from(e: EngineError) -> Failure {
        Failure {
            code: e.code,
            message: e.message,
            exit: 2,
            problems: e.problems,
        }
    }
}

pub(super) fn run(a: NewArgs) -> Result<Value, Failure> {
    let kind = GameKind::from_id(&a.game).ok_or_else(|| {
        Failure::usage(
            "unknown-game",
            format!(
                "“{}” is not a game here: use one of {}",
                clip(&a.game),
                GameKind::ALL
                    .iter()
                    .map(|k| k.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })?;
    let mut options = Vec::new();
    for o in &a.options {
        options.extend(parse_options(o).map_err(EngineError::option)?);
    }
    let e = EngineNew {
        players: given_players(&a)?,
        seed: a.seed.clone().unwrap_or_else(crate::random_seed),
        flags: EngineFlags {
            layout: a.layout,
            difficulty: a.difficulty,
            setup: a.setup,
        },
        options,
    };
    if let Some(made) = games::of(kind).engine_new(&e) {
        return Ok(super::json(&made?));
    }
    if let Some(flag) = e.flags.first_given() {
        return Err(Failure::usage(
            "unknown-option",
            format!("{flag} is not an option of {}", kind.name()),
        ));
    }
    let mut options = e.options;
    // A game whose player count is its option `players` (Hidra's) takes `--players` or
    // `--names` as that option, unless the option is given too.
    if let Some(names) = &e.players
        && kind.options().contains(&"players")
        && !options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("players"))
    {
        options.push(("players".to_string(), names.len().to_string()));
    }
    let e = EngineNew { options, ..e };
    let players = e.players.unwrap_or_else(|| {
        // The seats these options give (a game's player count may be an option).
        let settings: Vec<String> = e.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let fewest = kind.seats(&settings.join(" ")).map_or(2, |r| *r.start());
        (1..=fewest).map(|i| format!("p{i}")).collect()
    });
    let (game, _events) =
        AnyGame::new_game(kind, &e.options, &players, &e.seed).map_err(|e| match e {
            NewAnyError::Settings(e) => Failure::from(EngineError::option(e)),
            NewAnyError::Players(e) => Failure::usage("invalid-players", e.to_string()),
        })?;
    Ok(super::json(&game))
}

/// The players' names given: `--names`, or `p1, p2, …` for `--players`; `None` when
/// neither was.
fn given_players(a: &NewArgs) -> Result<Option<Vec<String>>, Failure> {
    let count = match &a.players {
        None => None,
        Some(text) => Some(
            text.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_PLAYERS).contains(n))
                .ok_or_else(|| {
                    Failure::usage(
                        "invalid-players",
                        format!(
                            "--players takes a number from 1 to {MAX_PLAYERS}, not “{}”",
                            clip(text)
                        ),
                    )
                })?,
        ),
    };
    let names: Vec<String> = match (&a.names, count) {
        (Some(names), _) => names.split(',').map(|s| s.trim().to_string()).collect(),
        (None, Some(n)) => (1..=n).map(|i| format!("p{i}")).collect(),
        (None, None) => return Ok(None),
    };
    if names.len() > MAX_PLAYERS {
        return Err(Failure::usage(
            "invalid-players",
            format!(
                "--names gives {} names; a game seats at most {MAX_PLAYERS}",
                names.len()
            ),
        ));
    }
    if let Some(n) = count
        && names.len() != n
    {
        return Err(Failure::usage(
            "invalid-players",
            format!("--names gives {} names for {n} players", names.len()),
        ));
    }
    Ok(Some(names))
}
