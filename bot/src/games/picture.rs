//! The turn image of any game: what the service hands the renderer (`TurnPicture`; each
//! game's module draws its own), and the types of the renderers the service is given.

use labscape_core::{AnyAction, AnyEvent, AnyGame};

use super::GameRecord;
use crate::i18n::Lang;

/// What a turn image shows, as the service hands it to the renderer it was given.
#[derive(Clone, Debug)]
pub struct TurnPicture {
    /// The game after the turn, as its audience may see it.
    pub game: AnyGame,
    /// The actions of the turn(s) the reply tells, oldest first.
    pub actions: Vec<AnyAction>,
    /// Their events, in order.
    pub events: Vec<AnyEvent>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// A note per seat, in seat order, shown under the player's name (away time), for a
    /// game whose image shows them (`Profile::shows_notes`).
    pub notes: Vec<Option<String>>,
    /// The game's name, for the header.
    pub title: String,
    /// The language of the labels.
    pub lang: Lang,
}

/// Draws a turn image: a [`TurnPicture`] → PNG bytes (empty: no image). `main` plugs in
/// [`image`]; tests plug in counters.
pub type Renderer = std::sync::Arc<dyn Fn(&TurnPicture) -> Vec<u8> + Send + Sync>;

/// Draws a game's replay from its record (seconds for a long game: the service calls it
/// on `spawn_blocking`); `None` for a game without images. `main` plugs in [`replay`].
pub type ReplayRenderer =
    std::sync::Arc<dyn Fn(&GameRecord, Lang) -> Result<Option<Vec<u8>>, String> + Send + Sync>;

/// The turn image of a game, as its module draws it.
pub fn image(picture: &TurnPicture) -> Option<Vec<u8>> {
    super::of(picture.game.kind()).image(picture)
}

/// The image of a position of any game with no turn to tell and no names (the engine's
/// `render`), `width` pixels wide.
pub fn position_image(game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    super::of(game.kind()).position_image(game, width)
}

/// A game's replay GIF from its record, labels in `lang`.
///
/// # Errors
/// The reason, when the stored record does not replay.
pub fn replay(r: &GameRecord, lang: Lang) -> Result<Option<Vec<u8>>, String> {
    super::of(r.kind).replay(r, lang)
}
