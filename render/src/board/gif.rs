//! A board game's replay as an animated GIF: one frame per turn, square, hex or pitch.
//!
//! A frame is the frame before it with only what changed drawn again: the views of the two
//! turns say which rows of the image can differ (`dirty.rs`: the header, the rows of
//! squares from the first to the last that changed, the footer), and only those rows are
//! drawn, over a copy of the frame before. A view laid out otherwise (another size or
//! shape) is drawn whole.

use labscape_core::Lang;
use tiny_skia::{IntSize, Pixmap};

use super::{
    BoardView, DESIGN_W, HexView, PitchView,
    card::Sheet,
    dirty::{self, Span},
    hex, pitch, square,
};
use crate::draw::encode;

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
    build(frames, width, lang, true)
}

/// [`render_board_gif`], each frame drawn again only where it changed when `incremental`,
/// else whole.
fn build(frames: &[BoardFrame], width: u32, lang: Lang, incremental: bool) -> Option<Vec<u8>> {
    let width = width.clamp(360, 1600);
    let turns = frames.len().checked_sub(1)?;
    let mut replay = crate::draw::gif::Replay::exactly(width, turns, lang);
    // The last frame drawn: its view and its pixels.
    let mut last: Option<(&BoardFrame, Vec<u8>)> = None;
    for f in frames {
        if !replay.wants() {
            replay.skip();
            continue;
        }
        replay.push_with(|width| {
            let sheet = sheet(f, width);
            let spans = last
                .as_ref()
                .filter(|_| incremental)
                .and_then(|(before, _)| dirty::spans(before, f));
            let (pix, screen) = match (spans, last.take()) {
                (Some(spans), Some((_, screen))) => redraw(&sheet, &spans, screen),
                _ => whole(&sheet),
            };
            last = Some((f, screen));
            pix
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

/// A frame drawn whole, on one canvas (so the rows drawn again later, cut only where the
/// shapes are drawn the same in any band, are exactly its rows): the frame, and its pixels
/// kept. Only the first frame, and one laid out otherwise than the frame before, are.
fn whole(sheet: &Sheet<'_>) -> (Vec<Pixmap>, Vec<u8>) {
    let pix = sheet.draw().pix;
    let screen = pix.data().to_vec();
    (vec![pix], screen)
}

/// The frame after `screen` (the last frame's pixels, laid out alike), with the design row
/// `spans` drawn again (on two threads when there are several): the frame, and its pixels.
fn redraw(sheet: &Sheet<'_>, spans: &[Span], mut screen: Vec<u8>) -> (Vec<Pixmap>, Vec<u8>) {
    let (w, h) = sheet.size();
    let rows = pixel_rows(spans, w, h);
    let draw = |r: &[(u32, u32)]| -> Vec<Pixmap> { r.iter().map(|&r| sheet.band(r).pix).collect() };
    let drawn: Vec<Pixmap> = match rows.split_first() {
        Some((first, rest)) if !rest.is_empty() => std::thread::scope(|s| {
            let others = s.spawn(|| draw(rest));
            let mut all = draw(std::slice::from_ref(first));
            all.extend(others.join().expect("drawing a band does not panic"));
            all
        }),
        _ => draw(&rows),
    };
    let stride = w as usize * 4;
    for (&(a, _), band) in rows.iter().zip(drawn) {
        let at = a as usize * stride;
        screen[at..at + band.data().len()].copy_from_slice(band.data());
        encode::recycle(band);
    }
    let mut data = encode::pixel_buffer(screen.len());
    data.copy_from_slice(&screen);
    let size = IntSize::from_wh(w, h).expect("a frame of the sheet's size");
    let pix = Pixmap::from_vec(data, size).expect("a buffer of the frame's size");
    (vec![pix], screen)
}

/// Design row `spans` as bands of pixel rows of an image `w × h`, a row either side for
/// anti-aliasing, the bands that touch merged, top to bottom.
fn pixel_rows(spans: &[Span], w: u32, h: u32) -> Vec<(u32, u32)> {
    let k = w as f32 / DESIGN_W;
    let mut rows: Vec<(u32, u32)> = spans
        .iter()
        .map(|&(a, b)| {
            let top = ((a * k).floor() - 1.0).max(0.0) as u32;
            let bottom = ((b * k).ceil() + 1.0).max(0.0) as u32;
            (top.min(h), bottom.min(h))
        })
        .filter(|(a, b)| a < b)
        .collect();
    rows.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(rows.len());
    for (a, b) in rows {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged
}

#[cfg(test)]
#[path = "../../tests/common/boards.rs"]
mod boards;

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawing only the rows that changed gives the frames drawn whole: the same GIF, byte
    /// for byte, for every kind of board (the rows drawn again are cut where only shapes
    /// drawn exactly whatever the band lie).
    #[test]
    fn frames_drawn_where_they_changed_are_the_frames_drawn_whole() {
        for (name, frames) in boards::board_games(16) {
            let whole = build(&frames, 720, Lang::En, false);
            let incremental = build(&frames, 720, Lang::En, true);
            assert!(whole == incremental, "{name}: the GIFs differ");
        }
    }

    /// The rows of a frame after a one-square move are a small part of the image.
    #[test]
    fn a_move_of_one_square_redraws_a_few_rows() {
        let games = boards::board_games(1);
        let (_, frames) = games
            .iter()
            .find(|(n, _)| *n == "gatos_caes")
            .expect("a game");
        let spans = dirty::spans(&frames[0], &frames[1]).expect("laid out alike");
        let rows: f32 = spans.iter().map(|(a, b)| b - a).sum();
        assert!(rows < 500.0, "{spans:?}");
        assert!(dirty::spans(&frames[0], &frames[0]).is_some_and(|s| s.is_empty()));
    }
}
