//! What a player typed, read as the game reads it; the action a missed deadline plays.

use labscape_core::{AnyAction, AnyEvent, AnyGame, AnyRefusal, GameKind, Seat};

/// Reads and plays what a player typed as one action, refusing in the game's own order
/// (Labscape reads the text before it looks at the turn, as its command line does; the
/// others refuse a seat that may not act first).
///
/// # Errors
/// The game's refusal; `game` is unchanged.
pub fn play_chat(
    game: &AnyGame,
    seat: Seat,
    text: &str,
) -> Result<(AnyAction, AnyGame, Vec<AnyEvent>), AnyRefusal> {
    if let AnyGame::Labscape(_) = game {
        return game.apply(Some(seat), text);
    }
    game.check_turn(Some(seat))?;
    let action = game.read_chat(text)?;
    let (next, events) = game.play(seat, &action)?;
    Ok((action, next, events))
}

/// Whether a turn may be typed as several actions separated by spaces (`/play c3 c4`);
/// Labscape's actions have spaces of their own.
pub fn reads_several(kind: GameKind) -> bool {
    kind != GameKind::Labscape
}

/// Whether the game reads Labscape's action words (`move`, `roll`…) as its own; in any
/// other game a turn typed with them is answered "that is Labscape's".
pub fn reads_labscape_words(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// The action played for a player whose deadline passed, in a game that has one
/// (Labscape's minute's wait); `None`: the deadline is only announced.
pub fn deadline_action(game: &AnyGame) -> Option<AnyAction> {
    match game {
        AnyGame::Labscape(_) => Some(AnyAction::Labscape(labscape_core::labscape::Action::Wait(
            1,
        ))),
        _ => None,
    }
}
