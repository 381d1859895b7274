//! `engine apply`: one action, read in the game's notation, for the seat to move or
//! `--seat`; the next position and the events, or the refusal's code.

use clap::Args;
use labscape_core::Seat;
use serde_json::{Value, json};

use super::{
    Failure, PositionArg,
    input::{audience_arg, read_position},
};

/// Options of `engine apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    position: PositionArg,
    /// The seat acting (default: the seat to move).
    #[arg(long)]
    seat: Option<u8>,
    /// Print the new position and the events as this audience may see them: a seat's
    /// number or `public` (without it: the whole position and every event).
    #[arg(long)]
    view: Option<String>,
    /// The action, e.g. `move NNE`, `rotate-wall B3:NE B2:SE`, `c1`, `b2xc3` (one or
    /// several words).
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, trailing_var_arg = true)]
    action: Vec<String>,
}

pub(super) fn run(a: ApplyArgs) -> Result<Value, Failure> {
    let game = read_position(&a.position)?;
    let audience = a
        .view
        .as_deref()
        .map(|v| audience_arg(&game, v))
        .transpose()?;
    let text = a.action.join(" ");
    let (_action, next, events) = game
        .apply(a.seat.map(Seat), &text)
        .map_err(|e| Failure::refused(e.code(), e.to_string()))?;
    Ok(match audience {
        None => json!({
            "position": super::json(&next),
            "events": super::json(&events),
        }),
        Some(audience) => json!({
            "position": super::json(&next.view(audience)),
            "events": super::json(&game.mask_events(&next, audience, &events)),
        }),
    })
}
