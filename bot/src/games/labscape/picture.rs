//! What the service hands to the Labscape renderers it was given: a turn's [`Picture`],
//! and the record of a game for its replay. The service never draws; `main` plugs in
//! `labscape-render` (the board games draw through `games::image`).

use std::sync::Arc;

use labscape_core::labscape::{Event, Position, Record, RecordError};

use crate::i18n::Lang;

/// What a turn image shows, as the service hands it to the [`Renderer`].
#[derive(Clone, Debug)]
pub struct Picture {
    /// The game after the turn.
    pub position: Position,
    /// The events of the turn(s) this reply tells.
    pub events: Vec<Event>,
    /// The game's name, for the header.
    pub title: String,
    /// A note per seat, in seat order, shown under the player's name (away time).
    pub notes: Vec<Option<String>>,
    /// The language of the image's labels.
    pub lang: Lang,
}

/// Draws the turn image: a [`Picture`] → PNG bytes.
pub type Renderer = Arc<dyn Fn(&Picture) -> Vec<u8> + Send + Sync>;

/// Draws a game's replay: its record, name and language → GIF bytes (an error if the
/// record does not replay). Seconds for a long game; the service calls it on
/// `spawn_blocking`.
pub type ReplayRenderer =
    Arc<dyn Fn(&Record, &str, Lang) -> Result<Vec<u8>, RecordError> + Send + Sync>;
