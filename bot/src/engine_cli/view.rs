//! `engine view`: what one seat, or the public, may see of a position (`engine-cli.md`,
//! "Hidden information: `view`"): the position's notation with the masked parts as the
//! game's rules say, plus `"view"`. A game without secrets shows every audience the
//! position itself.

use clap::Args;
use serde_json::Value;

use super::{
    Failure, PositionArg,
    input::{audience_arg, read_position},
};

/// Options of `engine view`.
#[derive(Debug, Args)]
pub struct ViewArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Whose view: a seat's number (0, 1, …) or `public`.
    #[arg(long)]
    seat: String,
}

pub(super) fn run(a: &ViewArgs) -> Result<Value, Failure> {
    let game = read_position(&a.position)?;
    let audience = audience_arg(&game, &a.seat)?;
    Ok(super::json(&game.view(audience)))
}
