//! Labscape's turn image (drawn by `labscape-render` from the position and the turn's
//! events, with notes under the players' names), and the renderer of its replays, which
//! `main` hands to the service: the service never draws.

use std::sync::Arc;

use labscape_core::{
    AnyEvent,
    labscape::{Event, Position, Record, RecordError},
};

use crate::{games::TurnPicture, i18n::Lang};

/// The turn image of `pos`, as `picture` asks for it.
pub fn image(pos: &Position, picture: &TurnPicture) -> Vec<u8> {
    let events: Vec<Event> = picture
        .events
        .iter()
        .filter_map(|e| match e {
            AnyEvent::Labscape(e) => Some(e.clone()),
            #[allow(unreachable_patterns)]
            _ => None,
        })
        .collect();
    labscape_render::render_png(
        &labscape_render::View::new(pos)
            .events(&events)
            .title(&picture.title)
            .notes(&picture.notes)
            .lang(picture.lang),
        None,
    )
}

/// Draws a game's replay: its record, name and language → GIF bytes (an error if the
/// record does not replay). Seconds for a long game; the service calls it on
/// `spawn_blocking`.
pub type ReplayRenderer =
    Arc<dyn Fn(&Record, &str, Lang) -> Result<Vec<u8>, RecordError> + Send + Sync>;
