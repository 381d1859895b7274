//! The card every board image is drawn on: the header (title, the sides, whose turn), the
//! footer under the board, the coordinates round it, and the check that no text leaves
//! the card.

use crate::{
    draw::canvas::{self, Align, Canvas, Line, Mode, Rgba},
    draw::encode,
    draw::text::{self, Weight},
    draw::theme,
    draw::wrap,
};

use super::{
    BoardFrame, DESIGN_W, MARGIN, Side, hex::draw_hex, palette::MARK, pieces::piece,
    pitch::draw_pitch, square::draw_board,
};

/// A board image laid out, ready to draw whole or as any band of its rows: its card,
/// `total_h` design units tall, and what is drawn on it. The PNG and the replay draw it as
/// two bands on two threads, cut between two rows of squares near the middle (`cut`, in
/// design units), where only the last move's line and the marks' outlines can cross.
pub(super) struct Sheet<'a> {
    width: u32,
    total_h: f32,
    cut: f32,
    paint: Paint<'a>,
}

/// What a [`Sheet`] draws on its card (any band of it).
pub(super) type Paint<'a> = Box<dyn Fn(&mut Canvas) + Sync + 'a>;

impl<'a> Sheet<'a> {
    /// A card `total_h` design units tall, `width` pixels wide (clamped to 360–1600),
    /// drawn on by `paint`, cut for two threads at design row `cut`.
    pub(super) fn new(width: u32, total_h: f32, cut: f32, paint: Paint<'a>) -> Sheet<'a> {
        Sheet {
            width: width.clamp(360, 1600),
            total_h,
            cut,
            paint,
        }
    }

    /// The image's size in pixels.
    pub(super) fn size(&self) -> (u32, u32) {
        let h = canvas::height_px(self.width, DESIGN_W, self.total_h);
        (self.width, h)
    }

    /// The two bands the image is drawn in: cut at the row of `cut`.
    fn bands(&self) -> [(u32, u32); 2] {
        let (w, h) = self.size();
        let cut = (self.cut * w as f32 / DESIGN_W).round() as u32;
        let cut = cut.clamp(1.min(h), h.saturating_sub(1));
        [(0, cut), (cut, h)]
    }

    /// Rows `rows` of the image: the card, and the drawing on it.
    pub(super) fn band(&self, rows: (u32, u32)) -> Canvas {
        self.band_in(rows, Mode::Draw)
    }

    /// [`Sheet::band`] in `mode` (drawing only some cells: see `draw/damage.rs`).
    fn band_in(&self, rows: (u32, u32), mode: Mode) -> Canvas {
        let mut cv = card(self.total_h, |covers| {
            Canvas::band_in(self.width, DESIGN_W, rows, theme::PAGE, covers, mode)
        });
        (self.paint)(&mut cv);
        cv
    }

    /// The whole image on a canvas in `mode`: probing what it draws, or drawing only some
    /// rows (see `draw/damage.rs`).
    pub(super) fn whole_in(&self, mode: Mode) -> Canvas {
        let (w, h) = self.size();
        let mut cv = card(self.total_h, |covers| {
            Canvas::whole_behind(w, DESIGN_W, h, theme::PAGE, covers, mode)
        });
        (self.paint)(&mut cv);
        cv
    }

    /// The whole image on one canvas.
    pub(super) fn draw(&self) -> Canvas {
        self.band((0, self.size().1))
    }

    /// [`Sheet::png`] drawn whole, as before there were images kept (for tests).
    #[cfg(test)]
    pub(super) fn png_whole(&self, seed: &[u32]) -> Vec<u8> {
        encode::banded_png(self.size(), &self.bands(), |rows| self.band(rows).pix, seed)
    }

    /// The image as an indexed PNG keeping `seed` colours exact: drawn, scanned and
    /// compressed on two threads, and drawn again only where it changed since an image
    /// kept (the same game's turn before: `draw/encode/kept.rs`).
    pub(super) fn png(&self, seed: &[u32]) -> Vec<u8> {
        encode::kept_png(
            self.size(),
            &self.bands(),
            || self.whole_in(Mode::Probe(Default::default())).into_cells(),
            |rows| self.band(rows).pix,
            |rows, wanted| self.band_in(rows, Mode::Only(wanted)).pix,
            seed,
        )
    }
}

/// A blank card `total_h` design units tall on the canvas `canvas` makes (given the panel
/// the page lies behind): the page, and the panel drawn `MARGIN / 2` inside its edges (the
/// page not laid where the panel covers it).
fn card(total_h: f32, canvas: impl FnOnce(&[(f32, f32, f32, f32, f32)]) -> Canvas) -> Canvas {
    let panel = (
        MARGIN / 2.0,
        MARGIN / 2.0,
        DESIGN_W - MARGIN,
        total_h - MARGIN,
    );
    let (x, y, w, h) = panel;
    let covers = [(x, y, w, h, CARD_RADIUS)];
    let mut cv = canvas(&covers);
    cv.round_rect(
        panel,
        CARD_RADIUS,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 2.0)),
    );
    cv
}

/// The card's corner radius.
const CARD_RADIUS: f32 = 14.0;

/// What the header of every board image shows.
#[derive(Clone, Copy, Debug)]
pub(super) struct Heading<'a> {
    /// The title.
    pub title: &'a str,
    /// The sides, seat order.
    pub sides: &'a [Side],
    /// The seat to move (`None` once over).
    pub to_move: Option<usize>,
    /// Whose turn, or the result.
    pub status: &'a str,
}

/// Footers are made no smaller than this (design units) before they are cut.
const FOOTER_MIN_SIZE: f32 = 14.0;
/// Footers are broken over at most this many lines.
const FOOTER_LINES: usize = 2;
/// A footer longer than this (characters) is cut before it is laid out.
const FOOTER_CHARS: usize = 200;

/// Draws the footer `s` centred under the board: on one line with its baseline at
/// `baseline` when it fits the card, else broken over two lines at its " · " separators
/// (centred where the one line stands) or, failing that, smaller. It is measured in the face
/// it is drawn in, so it never leaves the card whatever its numbers or language.
pub(super) fn footer(
    cv: &mut Canvas,
    s: &str,
    baseline: f32,
    (size, weight): (f32, Weight),
    colour: Rgba,
) {
    let Some(s) = text::sanitize(s, FOOTER_CHARS) else {
        return;
    };
    let block = wrap::layout(
        &s,
        (size, FOOTER_MIN_SIZE),
        DESIGN_W - 2.0 * MARGIN,
        FOOTER_LINES,
        |t, at| cv.text_width(t, at, weight),
    );
    // The middle of the lowercase letters stays where a one-line footer's would be.
    let middle = baseline - 0.35 * size;
    let line_h = block.size * 1.25;
    let n = block.lines.len() as f32;
    for (i, line) in block.lines.iter().enumerate() {
        let y = middle + 0.35 * block.size + (i as f32 - (n - 1.0) / 2.0) * line_h;
        cv.text(
            line,
            (DESIGN_W / 2.0, y),
            block.size,
            weight,
            colour,
            Align::Center,
        );
    }
}

/// What of `frame`, drawn `width` pixels wide, is drawn outside its card or cut: each text
/// whose ink leaves the card, and each word of the footer that is not drawn (a footer cut
/// with an ellipsis). Empty when the image is whole. The bot's tests hold every game's
/// longest footer to it, in both languages, at every width it draws.
pub fn texts_outside_card(frame: &BoardFrame, width: u32) -> Vec<String> {
    let (cv, footer) = match frame {
        BoardFrame::Square(v) => (draw_board(v, width), &v.counters),
        BoardFrame::Hex(v) => (draw_hex(v, width), &v.counters),
        BoardFrame::Pitch(v) => (draw_pitch(v, width), &v.counters),
    };
    // The card: the panel drawn MARGIN / 2 inside the image's edges.
    let (left, top) = (MARGIN / 2.0, MARGIN / 2.0);
    let (right, bottom) = (DESIGN_W - MARGIN / 2.0, cv.design_height() - MARGIN / 2.0);
    // Ink is measured in whole pixels: allow one pixel.
    let slack = DESIGN_W / width.clamp(360, 1600) as f32;
    let mut problems: Vec<String> = cv
        .texts()
        .iter()
        .filter(|t| {
            t.left < left - slack
                || t.right > right + slack
                || t.top < top - slack
                || t.bottom > bottom + slack
        })
        .map(|t| {
            format!(
                "“{}” is drawn from x {:.0} to {:.0}, y {:.0} to {:.0}, outside the card \
                 ({left:.0}–{right:.0} × {top:.0}–{bottom:.0}) at width {width}",
                t.text, t.left, t.right, t.top, t.bottom
            )
        })
        .collect();
    let drawn: Vec<&str> = cv.texts().iter().flat_map(|t| t.text.split(' ')).collect();
    let footer = text::sanitize(footer, FOOTER_CHARS).unwrap_or_default();
    for word in footer.split(' ').filter(|w| *w != "·") {
        if !drawn.contains(&word) {
            problems.push(format!(
                "the footer's “{word}” is not drawn at width {width} (“{footer}”)"
            ));
        }
    }
    problems
}

/// Draws the header: the title, the sides side by side (the one to move boxed), the status.
pub(super) fn header(cv: &mut Canvas, view: Heading<'_>) {
    let title = text::sanitize(view.title, 48).unwrap_or_default();
    let title = cv.fit(&title, 30.0, Weight::Bold, DESIGN_W - 2.0 * MARGIN);
    cv.text(
        &title,
        (MARGIN + 8.0, 50.0),
        30.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    // Two sides share the width in halves; three or four (Hidra) in thirds or quarters.
    let columns = view.sides.len().clamp(2, 4);
    let half = (DESIGN_W - 2.0 * MARGIN) / columns as f32;
    for (i, side) in view.sides.iter().take(columns).enumerate() {
        let x = MARGIN + 8.0 + half * i as f32;
        let y = 78.0;
        let active = view.to_move == Some(i);
        if active {
            cv.round_rect(
                (x - 6.0, y - 20.0, half - 12.0, 30.0),
                8.0,
                Some(MARK.alpha(40)),
                Some(Line::new(MARK, 2.0)),
            );
        }
        let mut tx = x;
        if let Some(p) = side.piece {
            piece(cv, p, (x + 10.0, y - 5.0), 10.0);
            tx += 26.0;
        }
        let name = text::sanitize(&side.name, 20).unwrap_or_else(|| "?".into());
        let room = half - 40.0;
        let note = text::sanitize(&side.note, 40).unwrap_or_default();
        let label = if note.is_empty() {
            cv.fit(&name, 20.0, Weight::Bold, room)
        } else {
            // The note (a hand, a colour) is what tells the sides apart: a long name is
            // cut before it is, down to a few letters.
            let note = format!(" · {note}");
            let note_w = cv.text_width(&note, 20.0, Weight::Bold);
            let whole = format!("{name}{note}");
            if cv.text_width(&whole, 20.0, Weight::Bold) <= room || note_w > room - 48.0 {
                cv.fit(&whole, 20.0, Weight::Bold, room)
            } else {
                format!("{}{note}", cv.fit(&name, 20.0, Weight::Bold, room - note_w))
            }
        };
        cv.text(
            &label,
            (tx, y + 2.0),
            20.0,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
    }
    if let Some(status) = text::sanitize(view.status, 80) {
        let status = cv.fit(&status, 18.0, Weight::Regular, DESIGN_W - 2.0 * MARGIN);
        cv.text(
            &status,
            (MARGIN + 8.0, 104.0),
            18.0,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }
}

/// Draws the file letters above and below the board and the rank numbers either side.
pub(super) fn coordinates(cv: &mut Canvas, (x0, y0): (f32, f32), cell: f32, files: u8, ranks: u8) {
    let size = 17.0;
    let (bw, bh) = (cell * f32::from(files), cell * f32::from(ranks));
    for file in 0..files {
        let name = char::from(b'a' + file).to_string();
        let x = x0 + cell * (f32::from(file) + 0.5);
        for y in [y0 - 8.0, y0 + bh + 20.0] {
            cv.text(
                &name,
                (x, y),
                size,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Center,
            );
        }
    }
    for rank in 0..ranks {
        let name = (rank + 1).to_string();
        let y = y0 + cell * f32::from(ranks - 1 - rank) + cell / 2.0 + 6.0;
        cv.text(
            &name,
            (x0 - 12.0, y),
            size,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Center,
        );
        cv.text(
            &name,
            (x0 + bw + 12.0, y),
            size,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Center,
        );
    }
}
