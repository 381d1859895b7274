//! `engine legal`: every legal action of the seat to move, canonical; `[]` once over.

use serde_json::Value;

use super::{Failure, PositionArg, input::read_position};

pub(super) fn run(a: &PositionArg) -> Result<Value, Failure> {
    let game = read_position(a)?;
    Ok(Value::from(
        game.legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
    ))
}
