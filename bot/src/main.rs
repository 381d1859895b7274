//! `labscape`: the Labscape chat bot and its command line.
//!
//! This crate is the imperative shell around `labscape-core` (the rules) and
//! `labscape-render` (the turn image): it reads files and the environment, and (in later
//! modules) talks to the database, Discord and Telegram. `anyhow` lives only here.

mod engine_cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The Labscape bot.
#[derive(Debug, Parser)]
#[command(
    name = "labscape",
    version,
    about = "Labscape: escape the lab before dawn, by chat message"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The rules engine's command line (positions and actions in the public notation).
    #[command(subcommand)]
    Engine(engine_cli::EngineCommand),
}

/// A fresh 256-bit seed, as hex.
pub fn random_seed() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The turn image of a position with no last-turn overlay.
pub fn render_position(pos: &labscape_core::labscape::Position, width: Option<u32>) -> Vec<u8> {
    let _ = (pos, width);
    Vec::new()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Engine(cmd)) => engine_cli::run(cmd),
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::from(2)
        }
    }
}
