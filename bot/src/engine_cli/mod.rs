//! `labscape engine …`: the engines' public command line (`engine-cli.md`, and Labscape's
//! `position-format.md`, "Command line"). Positions and actions go in as text, positions
//! and events come out as JSON, for every game.
//!
//! Exit codes: 0 success; 1 an action that was refused or could not be read (the position
//! is unchanged); 2 an invalid position, game, option or argument, or a file that could not
//! be read. Every failure prints `{"error": {"code": …, "message": …}}` on standard output
//! and nothing else. The position file names its game, so only `new` takes `--game`.

mod apply;
mod input;
mod legal;
mod new;
mod output;
mod render;
#[cfg(test)]
mod tests;
mod view;

use std::{path::PathBuf, process::ExitCode};

use clap::{Args, Subcommand};
use serde_json::Value;

pub use output::usage_error;

/// `labscape engine` subcommands.
#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// Print a fresh position of any game (Labscape by default).
    New(new::NewArgs),
    /// Apply one action to a position; print the new position and the events.
    Apply(apply::ApplyArgs),
    /// Print every legal action for the seat to move.
    Legal(PositionArg),
    /// Render the turn image of a position (or of a view).
    Render(render::RenderArgs),
    /// Print what one seat, or the public, may see of a position.
    View(view::ViewArgs),
}

/// A position file (`-` for standard input).
#[derive(Debug, Args)]
pub struct PositionArg {
    /// The position (JSON in the game's public notation); `-` reads standard input.
    #[arg(long)]
    position: PathBuf,
}

/// A failure: the JSON code, the message, the exit code, and the problems of an invalid
/// position.
#[derive(Debug)]
struct Failure {
    code: &'static str,
    message: String,
    exit: u8,
    problems: Option<Vec<String>>,
}

impl Failure {
    /// A failure of the input (exit 2).
    fn usage(code: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            exit: 2,
            problems: None,
        }
    }

    /// An invalid position (exit 2), with its one problem listed.
    fn invalid(message: impl Into<String>) -> Failure {
        let message = message.into();
        Failure {
            code: "invalid-position",
            problems: Some(vec![message.clone()]),
            message,
            exit: 2,
        }
    }

    /// A refused action (exit 1).
    fn refused(code: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
            exit: 1,
            problems: None,
        }
    }
}

/// Runs an engine subcommand, printing its JSON result.
pub fn run(cmd: EngineCommand) -> ExitCode {
    output::finish(execute(cmd))
}

/// Runs an engine subcommand: what it prints, and its exit code.
pub fn execute_to_document(cmd: EngineCommand) -> (Value, u8) {
    output::document(execute(cmd))
}

fn execute(cmd: EngineCommand) -> Result<Value, Failure> {
    match cmd {
        EngineCommand::New(a) => new::run(a),
        EngineCommand::Apply(a) => apply::run(a),
        EngineCommand::Legal(a) => legal::run(&a),
        EngineCommand::Render(a) => render::run(a),
        EngineCommand::View(a) => view::run(&a),
    }
}

/// Serialises a value the engine built itself.
fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("positions, events and actions serialise")
}
