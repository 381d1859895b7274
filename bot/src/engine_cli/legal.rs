//! `engine legal`: every legal action of the seat to move, canonical; `[]` once over.
//! Given a view, only the view of the seat to move lists its actions (the same list as the
//! whole position: a game's legal actions depend only on what the mover sees).

use labscape_core::Audience;
use serde_json::Value;

use super::{
    Failure, PositionArg,
    input::{Input, audience_words, read_any},
};

pub(super) fn run(a: &PositionArg) -> Result<Value, Failure> {
    let game = match read_any(a)? {
        Input::Whole(game) => game,
        Input::View(view) => {
            let game = view.game();
            let mover = game.to_move().map(Audience::Seat);
            if !game.is_over() && mover != Some(view.audience()) {
                return Err(Failure::invalid(format!(
                    "this is the view of {}, and it is {}'s turn: legal actions are listed \
                     from the whole position or the view of the seat to move",
                    audience_words(view.audience()),
                    mover.map_or_else(|| "nobody".to_string(), audience_words)
                )));
            }
            game.clone()
        }
    };
    Ok(Value::from(
        game.legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
    ))
}
