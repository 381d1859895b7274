//! Labscape's turn image, drawn by `labscape-render` from the position and the turn's
//! events, with notes under the players' names.

use labscape_core::labscape::Position;

use crate::games::TurnPicture;

/// The turn image of `pos`, as `picture` asks for it.
pub fn image(pos: &Position, picture: &TurnPicture) -> Vec<u8> {
    let events = super::events(&picture.events);
    labscape_render::render_png(
        &labscape_render::View::new(pos)
            .events(&events)
            .title(&picture.title)
            .notes(&picture.notes)
            .lang(picture.lang),
        None,
    )
}
