//! `engine new`: a fresh position of any game. Labscape keeps its own flags (`--layout`,
//! `--difficulty`, `--setup`, as `position-format.md` documents them); every game, Labscape
//! included, also takes its options as `--option KEY=VALUE`.

use clap::Args;
use labscape_core::{
    AnyGame, GameKind, Member, NewAnyError, SettingsError,
    game::parse_options,
    labscape::{Difficulty, Layout, Position, Settings, SetupMode},
};
use serde_json::Value;

use super::Failure;

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
    /// Labscape: a preset (single, duo, tower, pyramid, grand) or layout notation like
    /// `###/##/#`.
    #[arg(long)]
    layout: Option<String>,
    /// Number of players (Labscape: 1 to 8; the two-player games: 2, the default).
    #[arg(long)]
    players: Option<String>,
    /// Labscape: easy, medium (default), hard or impossible.
    #[arg(long)]
    difficulty: Option<String>,
    /// The game's seed (any text). Without it, a random one.
    #[arg(long)]
    seed: Option<String>,
    /// Labscape: random (default) or draft.
    #[arg(long)]
    setup: Option<String>,
    /// Player names, comma-separated (default p1, p2, …).
    #[arg(long)]
    names: Option<String>,
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
        options.extend(parse_options(o).map_err(option_failure)?);
    }
    let players = players(&a, kind, &options)?;
    let seed = a.seed.clone().unwrap_or_else(crate::random_seed);
    if kind == GameKind::Labscape {
        return labscape(a, options, players, &seed);
    }
    for (flag, given) in [
        ("--layout", a.layout.is_some()),
        ("--difficulty", a.difficulty.is_some()),
        ("--setup", a.setup.is_some()),
    ] {
        if given {
            return Err(Failure::usage(
                "unknown-option",
                format!("{flag} is a Labscape option; {} has none", kind.name()),
            ));
        }
    }
    let (game, _events) =
        AnyGame::new_game(kind, &options, &players, &seed).map_err(|e| match e {
            NewAnyError::Settings(e) => option_failure(e),
            NewAnyError::Players(e) => Failure::usage("invalid-players", e.to_string()),
        })?;
    Ok(super::json(&game))
}

/// The players' names: `--names`, or `p1, p2, …` for `--players` (or the fewest the game
/// seats).
fn players(
    a: &NewArgs,
    kind: GameKind,
    options: &[(String, String)],
) -> Result<Vec<String>, Failure> {
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
        (None, None) if kind == GameKind::Labscape => {
            return Err(Failure::usage(
                "invalid-players",
                "--players is required for Labscape (1 to 8)",
            ));
        }
        (None, None) => {
            // The seats these options give (a game's player count may be an option).
            let settings: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let fewest = kind.seats(&settings.join(" ")).map_or(2, |r| *r.start());
            (1..=fewest).map(|i| format!("p{i}")).collect()
        }
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
    Ok(names)
}

/// Labscape, with its own flags and their own error codes, as it always was.
fn labscape(
    a: NewArgs,
    options: Vec<(String, String)>,
    players: Vec<String>,
    seed: &str,
) -> Result<Value, Failure> {
    labscape_core::game::check_option_keys(&options, <Position as labscape_core::Game>::OPTIONS)
        .map_err(option_failure)?;
    let pick = |flag: Option<String>, key: &'static str| -> Result<Option<String>, Failure> {
        let opt = labscape_core::game::option(&options, key).map(str::to_string);
        match (flag, opt) {
            (Some(_), Some(_)) => Err(option_failure(SettingsError::Repeated(key.into()))),
            (f, o) => Ok(f.or(o)),
        }
    };
    let layout = pick(a.layout, "layout")?.ok_or_else(|| {
        Failure::usage(
            "invalid-layout",
            "--layout is required for Labscape: a preset (single, duo, tower, pyramid, grand) or a layout like ###/##/#",
        )
    })?;
    let difficulty = pick(a.difficulty, "difficulty")?.unwrap_or_else(|| "medium".into());
    let setup = pick(a.setup, "setup")?.unwrap_or_else(|| "random".into());
    let layout =
        Layout::parse(&layout).map_err(|e| Failure::usage("invalid-layout", e.to_string()))?;
    let difficulty = Difficulty::from_name(&difficulty).ok_or_else(|| {
        Failure::usage(
            "invalid-difficulty",
            format!(
                "“{}” is not a difficulty: use easy, medium, hard or impossible",
                clip(&difficulty)
            ),
        )
    })?;
    let setup = SetupMode::from_name(&setup).ok_or_else(|| {
        Failure::usage(
            "invalid-setup",
            format!(
                "“{}” is not a setup mode: use random or draft",
                clip(&setup)
            ),
        )
    })?;
    let settings = Settings {
        layout,
        difficulty,
        setup,
        players,
    };
    let (pos, _events) = Position::new_game(&settings, seed)
        .map_err(|e| Failure::usage("invalid-players", e.to_string()))?;
    Ok(super::json(&pos.into_any()))
}

fn option_failure(e: SettingsError) -> Failure {
    let code = match e {
        SettingsError::UnknownOption { .. } => "unknown-option",
        _ => "invalid-option",
    };
    Failure::usage(code, e.to_string())
}

/// At most 40 characters of what was typed, for a message.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}
