//! A board game's replay as an animated GIF: one frame per turn, square, hex or pitch.
//!
//! A frame is drawn only where it changed since the frame before, as Labscape's are
//! (`draw/damage.rs`): what each row's drawing would be is recorded first, and only the
//! rows whose drawing differs are drawn and encoded.

use labscape_core::Lang;

use super::{BoardView, HexView, PitchView, card::Sheet, hex, pitch, square};
use crate::draw::gif::Changed;

/// One frame of a board game's replay: a square board or a hex board.
#[derive(Clone, Debug)]
pub enum BoardFrame {
    /// A square board.
    Square(BoardView),
    /// A hexagonal board.
    Hex(HexView),
    /// A football pitch (SAGES).
    Pitch(PitchView),
}

impl BoardFrame {
    /// The frame as a turn image: PNG bytes, `width` pixels wide (the boards' width when
    /// `None`), drawn as its own kind of board draws it.
    pub fn render_png(&self, width: Option<u32>) -> Vec<u8> {
        match self {
            BoardFrame::Square(v) => super::render_board_png(v, width),
            BoardFrame::Hex(v) => super::render_hex_png(v, width),
            BoardFrame::Pitch(v) => super::render_pitch_png(v, width),
        }
    }
}

/// The replay of a board game: the start and every turn after it (`frames`), `width` pixels
/// wide (360–1600), as an animated GIF built like Labscape's (only the changed box of each
/// frame, one palette, at most [`MAX_REPLAY_BYTES`](crate::MAX_REPLAY_BYTES): a longer game
/// shows every k-th turn and says so in `lang` on its first frame); `None` without frames.
pub fn render_board_gif(frames: &[BoardFrame], width: u32, lang: Lang) -> Option<Vec<u8>> {
    build(frames, width, lang, true)
}

/// [`render_board_gif`], each frame drawn only where it changed when `incremental`, else
/// whole.
fn build(frames: &[BoardFrame], width: u32, lang: Lang, incremental: bool) -> Option<Vec<u8>> {
    let width = width.clamp(360, 1600);
    let turns = frames.len().checked_sub(1)?;
    let mut replay = crate::draw::gif::Replay::exactly(width, turns, lang);
    #[cfg(test)]
    {
        replay.whole = !incremental;
    }
    #[cfg(not(test))]
    let _ = incremental;
    for f in frames {
        if !replay.wants() {
            replay.skip();
            continue;
        }
        replay.push_changed(|width, prior| {
            let sheet = sheet(f, width);
            Changed::draw(prior, |mode| sheet.whole_in(mode))
        });
    }
    Some(replay.finish())
}

/// The layout of frame `f`, `width` pixels wide.
fn sheet(f: &BoardFrame, width: u32) -> Sheet<'_> {
    match f {
        BoardFrame::Square(v) => square::sheet(v, width),
        BoardFrame::Hex(v) => hex::sheet(v, width),
        BoardFrame::Pitch(v) => pitch::sheet(pitch::Pitch::of_view(v), width),
    }
}

#[cfg(test)]
#[path = "../../tests/common/boards.rs"]
mod boards;

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// Drawing only the rows that changed gives the frames drawn whole: the same GIF, byte
    /// for byte, for every kind of board.
    #[test]
    fn frames_drawn_where_they_changed_are_the_frames_drawn_whole() {
        for (name, frames) in boards::board_games(16) {
            let whole = build(&frames, 720, Lang::En, false);
            let incremental = build(&frames, 720, Lang::En, true);
            assert!(whole == incremental, "{name}: the GIFs differ");
        }
    }

    /// A board image drawn where it changed since the image kept (the turn before) is the
    /// image drawn whole, byte for byte, for every kind of board.
    #[test]
    fn a_board_image_drawn_where_it_changed_is_the_image_drawn_whole() {
        use crate::draw::encode::{MIXED, TAKEN};
        crate::draw::encode::own_shelf();
        let (taken, mixed) = (TAKEN.with(Cell::get), MIXED.with(Cell::get));
        let mut images = 0;
        for (name, frames) in boards::board_games(6) {
            for (turn, frame) in frames.iter().enumerate() {
                let seed = super::super::palette::seed();
                let kept = sheet(frame, 720).png(&seed);
                let whole = sheet(frame, 720).png_whole(&seed);
                assert!(kept == whole, "{name}, turn {turn}");
                images += 1;
            }
        }
        let taken = TAKEN.with(Cell::get) - taken;
        assert!(
            2 * taken >= images,
            "{taken} of {images} images drawn from a kept one"
        );
        let mixed = MIXED.with(Cell::get) - mixed;
        assert!(
            mixed >= images / 2,
            "{mixed} bands of {images} images drawn where they changed"
        );
    }
}
