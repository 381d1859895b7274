//! `labscape engine …`: the engine's public command line (`position-format.md`, "Command
//! line"). Positions and actions go in as text, positions and events come out as JSON.
//!
//! Exit codes: 0 success; 1 an action that was refused or could not be read (the position
//! is unchanged); 2 an invalid position, layout or option, or a file that could not be read.
//! Every failure prints `{"error": {"code": …, "message": …}}` on standard output.

use std::{io::Read, path::PathBuf, process::ExitCode};

use clap::{Args, Subcommand};
use labscape_core::labscape::{
    Action, Difficulty, Layout, Position, PositionDoc, Seat, Settings, SetupMode,
};
use serde_json::{Value, json};

/// `labscape engine` subcommands.
#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// Print a fresh position (random setup, or draft) after the first player is drawn.
    New(NewArgs),
    /// Apply one action to a position; print the new position and the events.
    Apply(ApplyArgs),
    /// Print every legal action for the player whose turn it is.
    Legal(PositionArg),
    /// Render the turn image of a position.
    Render(RenderArgs),
}

/// Options of `engine new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// Preset (single, duo, tower, pyramid, grand) or layout notation like `###/##/#`.
    #[arg(long)]
    layout: String,
    /// Number of players (1 to 8).
    #[arg(long)]
    players: usize,
    /// easy, medium, hard or impossible.
    #[arg(long, default_value = "medium")]
    difficulty: String,
    /// The game's seed (any text). Without it, a random one.
    #[arg(long)]
    seed: Option<String>,
    /// random (default) or draft.
    #[arg(long, default_value = "random")]
    setup: String,
    /// Player names, comma-separated (default p1, p2, …).
    #[arg(long)]
    names: Option<String>,
}

/// A position file (`-` for standard input).
#[derive(Debug, Args)]
pub struct PositionArg {
    /// The position (JSON in the public notation); `-` reads standard input.
    #[arg(long)]
    position: PathBuf,
}

/// Options of `engine apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    position: PositionArg,
    /// The seat acting (default: the player whose turn it is).
    #[arg(long)]
    seat: Option<u8>,
    /// The action, e.g. `move NNE`, `rotate-wall B3:NE B2:SE` (one or several words).
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, trailing_var_arg = true)]
    action: Vec<String>,
}

/// Options of `engine render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
    /// Image width in pixels (default: the renderer's).
    #[arg(long)]
    width: Option<u32>,
}

/// A failure: the JSON code, the message, the exit code.
struct Failure {
    code: &'static str,
    message: String,
    exit: u8,
    extra: Option<Value>,
}

impl Failure {
    fn usage(code: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            exit: 2,
            extra: None,
        }
    }
    fn refused(code: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            exit: 1,
            extra: None,
        }
    }
}

/// Runs an engine subcommand, printing its JSON result.
pub fn run(cmd: EngineCommand) -> ExitCode {
    let result = match cmd {
        EngineCommand::New(a) => new(a),
        EngineCommand::Apply(a) => apply(a),
        EngineCommand::Legal(a) => legal(a),
        EngineCommand::Render(a) => render(a),
    };
    match result {
        Ok(v) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&v).expect("JSON values serialise")
            );
            ExitCode::SUCCESS
        }
        Err(f) => {
            let mut err = json!({"code": f.code, "message": f.message});
            if let Some(extra) = f.extra {
                err["problems"] = extra;
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&json!({ "error": err })).expect("JSON")
            );
            ExitCode::from(f.exit)
        }
    }
}

fn new(a: NewArgs) -> Result<Value, Failure> {
    let layout =
        Layout::parse(&a.layout).map_err(|e| Failure::usage("invalid-layout", e.to_string()))?;
    let difficulty = Difficulty::from_name(&a.difficulty).ok_or_else(|| {
        Failure::usage(
            "invalid-difficulty",
            format!(
                "“{}” is not a difficulty: use easy, medium, hard or impossible",
                a.difficulty
            ),
        )
    })?;
    let setup = SetupMode::from_name(&a.setup).ok_or_else(|| {
        Failure::usage(
            "invalid-setup",
            format!("“{}” is not a setup mode: use random or draft", a.setup),
        )
    })?;
    let players: Vec<String> = match &a.names {
        Some(names) => names.split(',').map(|s| s.trim().to_string()).collect(),
        None => (1..=a.players).map(|i| format!("p{i}")).collect(),
    };
    if players.len() != a.players {
        return Err(Failure::usage(
            "invalid-players",
            format!(
                "--names gives {} names for {} players",
                players.len(),
                a.players
            ),
        ));
    }
    let seed = a.seed.unwrap_or_else(crate::random_seed);
    let settings = Settings {
        layout,
        difficulty,
        setup,
        players,
    };
    let (pos, _events) = Position::new_game(&settings, &seed)
        .map_err(|e| Failure::usage("invalid-players", e.to_string()))?;
    Ok(serde_json::to_value(pos.to_doc()).expect("documents serialise"))
}

fn read_position(arg: &PositionArg) -> Result<Position, Failure> {
    let text = if arg.position.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| {
            Failure::usage(
                "unreadable-file",
                format!("cannot read standard input: {e}"),
            )
        })?;
        s
    } else {
        std::fs::read_to_string(&arg.position).map_err(|e| {
            Failure::usage(
                "unreadable-file",
                format!("cannot read {}: {e}", arg.position.display()),
            )
        })?
    };
    let doc: PositionDoc = serde_json::from_str(&text).map_err(|e| {
        Failure::usage(
            "invalid-position",
            format!("the position is not valid JSON for the notation: {e}"),
        )
    })?;
    Position::from_doc(&doc).map_err(|e| Failure {
        code: "invalid-position",
        message: e.to_string(),
        exit: 2,
        extra: Some(json!(e.problems)),
    })
}

fn apply(a: ApplyArgs) -> Result<Value, Failure> {
    let mut pos = read_position(&a.position)?;
    let text = a.action.join(" ");
    let action =
        Action::parse(&text).map_err(|e| Failure::refused("unreadable-action", e.to_string()))?;
    let events = pos
        .play(a.seat.map(Seat), &action)
        .map_err(|e| Failure::refused(e.code(), e.to_string()))?;
    Ok(json!({
        "position": serde_json::to_value(pos.to_doc()).expect("documents serialise"),
        "events": serde_json::to_value(&events).expect("events serialise"),
    }))
}

fn legal(a: PositionArg) -> Result<Value, Failure> {
    let pos = read_position(&a)?;
    Ok(json!(
        pos.legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    ))
}

fn render(a: RenderArgs) -> Result<Value, Failure> {
    let pos = read_position(&a.position)?;
    let png = crate::render_position(&pos, a.width);
    std::fs::write(&a.out, &png).map_err(|e| {
        Failure::usage(
            "unwritable-file",
            format!("cannot write {}: {e}", a.out.display()),
        )
    })?;
    Ok(json!({"out": a.out.display().to_string(), "bytes": png.len()}))
}
