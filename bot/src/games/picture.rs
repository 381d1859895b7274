//! The turn image of any game: what the service hands the renderer (`TurnPicture`), the
//! image of each game, whether it shows who is away, and whether `/status` is public.

use labscape_core::{AnyAction, AnyEvent, AnyGame, GameKind};

use super::*;
use crate::i18n::Lang;

/// What a turn image shows, as the service hands it to the renderer it was given.
#[derive(Clone, Debug)]
pub struct TurnPicture {
    /// The game after the turn.
    pub game: AnyGame,
    /// The actions of the turn(s) the reply tells, oldest first.
    pub actions: Vec<AnyAction>,
    /// Their events, in order.
    pub events: Vec<AnyEvent>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// A note per seat, in seat order, shown under the player's name (away time), for a
    /// game whose image shows them ([`shows_notes`]).
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

/// The turn image of a game, if the game has one.
pub fn image(picture: &TurnPicture) -> Option<Vec<u8>> {
    match &picture.game {
        AnyGame::Labscape(pos) => Some(labscape::image(pos, picture)),
        AnyGame::Semaforo(_)
        | AnyGame::GatosCaes(_)
        | AnyGame::Rastros(_)
        | AnyGame::Avanco(_)
        | AnyGame::Flume(_) => {
            boards::view(picture).map(|v| labscape_render::render_board_png(&v, None))
        }
        AnyGame::Produto(_) => {
            boards::hex_view(picture).map(|v| labscape_render::render_hex_png(&v, None))
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Whether a running game's `/status` is posted for the whole chat: Labscape's is (its
/// board changes between turns, everyone reads it); a board game's answers the asker
/// alone (the last turn post shows the same board).
pub fn status_in_public(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// Whether a game's turn image shows who is away under their names (the service reads
/// the players' preferences for it only then).
pub fn shows_notes(kind: GameKind) -> bool {
    kind == GameKind::Labscape
}

/// The image of a position of any game with no turn to tell and no names (the engine's
/// `render`), `width` pixels wide.
pub fn position_image(game: &AnyGame, width: Option<u32>) -> Option<Vec<u8>> {
    if let AnyGame::Labscape(pos) = game {
        return Some(labscape::render_position(pos, width));
    }
    let picture = TurnPicture {
        game: game.clone(),
        actions: Vec::new(),
        events: Vec::new(),
        notes: Vec::new(),
        names: boards::default_names(game, Lang::En),
        title: game.kind().name().to_string(),
        lang: Lang::En,
    };
    if let Some(v) = boards::hex_view(&picture) {
        return Some(labscape_render::render_hex_png(&v, width));
    }
    boards::view(&picture).map(|v| labscape_render::render_board_png(&v, width))
}
