//! Labscape's turn image, drawn by `labscape-render` from the position and the turn's
//! events, with notes under the players' names.

use labscape_core::labscape::Position;

use crate::games::Picture;

/// The turn image `p` asks for.
pub fn image(p: &Picture<'_, Position>) -> Vec<u8> {
    labscape_render::render_png(
        &labscape_render::View::new(p.game)
            .events(&p.events)
            .title(p.title)
            .notes(p.notes)
            .lang(p.lang),
        None,
    )
}
