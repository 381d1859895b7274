//! A board game's replay as an animated GIF: one frame per turn, square, hex or pitch.

use labscape_core::Lang;

use super::{BoardView, HexView, PitchView, hex, pitch, square};

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

/// The replay of a board game: the start and every turn after it (`frames`), `width` pixels
/// wide (360–1600), as an animated GIF built like Labscape's (only the changed box of each
/// frame, one palette, at most [`MAX_REPLAY_BYTES`](crate::MAX_REPLAY_BYTES): a longer game
/// shows every k-th turn and says so in `lang` on its first frame); `None` without frames.
pub fn render_board_gif(frames: &[BoardFrame], width: u32, lang: Lang) -> Option<Vec<u8>> {
    let width = width.clamp(360, 1600);
    let turns = frames.len().checked_sub(1)?;
    let mut replay = crate::draw::gif::Replay::exactly(width, turns, lang);
    for f in frames {
        if !replay.wants() {
            replay.skip();
            continue;
        }
        replay.push_with(|width| match f {
            BoardFrame::Square(v) => square::sheet(v, width).draw_bands(),
            BoardFrame::Hex(v) => hex::sheet(v, width).draw_bands(),
            BoardFrame::Pitch(v) => pitch::sheet(pitch::Pitch::of_view(v), width).draw_bands(),
        });
    }
    Some(replay.finish())
}
