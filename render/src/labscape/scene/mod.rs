//! The whole image: layout, header, floor panel, building column, time board, player table,
//! and the setup and game-over variants.
//!
//! This file lays the image out ([`Frame`]) and draws any band of its rows; the panels are
//! drawn in their own rooms: `header.rs` (title, chips, the last turn in words from
//! `summary.rs`), `floor_panels.rs` (the floor in play and the building column),
//! `timeboard.rs`, `table.rs` (the players), `cards.rs` (the status and setup cards) and
//! `results.rs` (the end of the game).

use labscape_core::labscape::FloorShape;

use crate::{
    draw::canvas::{self, Canvas, Line, Mode},
    draw::text::Weight,
    draw::theme,
    labscape::context::Scene,
};

mod cards;
mod floor_panels;
mod header;
mod results;
mod summary;
mod table;
mod timeboard;

/// Design width: every coordinate is in units of a 1200-wide image.
pub(crate) const DESIGN_W: f32 = 1200.0;
const M: f32 = 24.0;
const GAP: f32 = 16.0;
const PAD: f32 = 16.0;
/// Smallest text drawn, in design units: 15 px at the narrowest output width (1200), above
/// the 12 px floor.
pub(crate) const SMALL: f32 = 15.0;
const BODY: f32 = 18.0;
const H2: f32 = 21.0;
const H1: f32 = 32.0;
/// Side of a time-board square.
const SQ: f32 = 64.0;

/// The layout of one image: computed once, then drawn band by band.
#[derive(Debug)]
pub(crate) struct Frame {
    pub width_px: u32,
    pub height_px: u32,
    /// A pixel row in the gap between the top panels and the bottom ones: no shape
    /// crosses it, so bands cut there draw exactly what the whole image does (a shape cut
    /// by a band's edge can come out a shade different). See [`Frame::bands`].
    pub split: u32,
    /// A pixel row in the gap between the header and the top panels.
    top: u32,
    header_lines: Vec<String>,
    /// One floor: floor and time board side by side, players along the bottom.
    compact: bool,
    main_y: f32,
    col_w: f32,
    main_w: f32,
    main_h: f32,
    mini: f32,
    bottom_y: f32,
    tb_w: f32,
    bottom_h: f32,
}

impl Frame {
    /// The two bands the image is drawn in, one per thread: about half the work each.
    /// In general the two rows of panels, cut in the gap between them (see
    /// [`Frame::split`]). In the one-floor arrangement the top row is most of the work,
    /// so it is cut across, a little below its middle (the header above it is light):
    /// shapes crossing the cut can come out a shade different from the image drawn
    /// whole, a few dozen pixels next to it, which nobody sees.
    pub(crate) fn bands(&self) -> [(u32, u32); 2] {
        let (top, split, h) = (self.top, self.split, self.height_px);
        let cut = if self.compact {
            top + (split - top) * 14 / 25
        } else {
            split
        };
        [(0, cut), (cut, h)]
    }
}

/// The band of column and row names along the large floor.
const RULER: f32 = 28.0;

/// The width the large floor's cells may take in a panel `w` wide.
fn floor_room(w: f32) -> f32 {
    w - 2.0 * PAD - RULER - 6.0
}

/// The side of a cell of the large floor `shape` in a panel `w` wide.
fn cell_size(shape: &FloorShape, w: f32) -> f32 {
    let (cols, rows) = (f32::from(shape.width()), f32::from(shape.height()));
    (floor_room(w) / cols).min(620.0 / rows).min(130.0).floor()
}

/// Wraps `lines` of words to `max_w`.
fn wrap(
    cv: &Canvas,
    parts: &[String],
    sep: &str,
    size: f32,
    max_w: f32,
    max_lines: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for p in parts {
        let cand = if cur.is_empty() {
            p.clone()
        } else {
            format!("{cur}{sep}{p}")
        };
        if cv.text_width(&cand, size, Weight::Regular) <= max_w || cur.is_empty() {
            cur = cand;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur = p.clone();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = lines.pop().unwrap_or_default() + " …";
        lines.push(last);
    }
    lines
        .into_iter()
        .map(|l| cv.fit(&l, size, Weight::Regular, max_w))
        .collect()
}

/// The corner radius of a panel.
const PANEL_RADIUS: f32 = 14.0;

/// The width of the building column.
const COLUMN_W: f32 = 300.0;

/// The height of the status card beside the players (keys, and five facts under them).
const STATUS_CARD_H: f32 = 264.0;

pub(crate) fn panel(cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
    // An opaque fill with a solid outline: two filled shapes, no stroking (stroking a
    // path this large costs more than filling the panel twice).
    cv.round_rect(
        (x, y, w, h),
        PANEL_RADIUS,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 1.5)),
    );
}

impl Scene<'_> {
    /// Where everything goes on an image `width_px` wide, and how tall it is.
    ///
    /// Two arrangements. In general: the current floor large with the column of all
    /// floors beside it, then the time board and the players below. A building of one
    /// floor has no column worth showing (it would only repeat the floor): when its floor
    /// is drawn as large beside the time board as above it (one module wide, as `single`),
    /// the floor and the time board share the top row and the players, with the status
    /// card beside them, run along the bottom: the same things in a sixth less height.
    pub(crate) fn frame(&self, width_px: u32) -> Frame {
        let measure = Canvas::measure(width_px, DESIGN_W);
        let header_lines = self.header_lines(&measure);
        let header_h = 96.0 + header_lines.len() as f32 * 26.0;

        let main_y = M + header_h + GAP;
        let tb_w = 8.0 * SQ + 2.0 * PAD;
        let tb_h = self.timeboard_height();
        let layout = self.pos.layout();
        let compact_w = DESIGN_W - 2.0 * M - GAP - tb_w;
        let compact = layout.floor_count() == 1
            && cell_size(layout.floor(0), compact_w)
                >= cell_size(layout.floor(0), DESIGN_W - 2.0 * M - GAP - COLUMN_W);
        let (col_w, main_w, main_h, mini, bottom_h) = if compact {
            let main_w = compact_w;
            let main_h = self.main_height(main_w).max(tb_h);
            (0.0, main_w, main_h, 0.0, self.wide_table_height())
        } else {
            let col_w = COLUMN_W;
            let main_w = DESIGN_W - 2.0 * M - GAP - col_w;
            let main_h_floor = self.main_height(main_w);
            let (col_h, mini) = self.column_size(col_w, main_h_floor);
            let main_h = main_h_floor.max(col_h);
            (col_w, main_w, main_h, mini, tb_h.max(self.table_height()))
        };
        let bottom_y = main_y + main_h + GAP;
        let total_h = bottom_y + bottom_h + M;
        let scale = width_px as f32 / DESIGN_W;
        Frame {
            width_px,
            height_px: canvas::height_px(width_px, DESIGN_W, total_h),
            split: ((bottom_y - GAP / 2.0) * scale).round() as u32,
            top: ((main_y - GAP / 2.0) * scale).round() as u32,
            header_lines,
            compact,
            main_y,
            col_w,
            main_w,
            main_h,
            mini,
            bottom_y,
            tb_w,
            bottom_h,
        }
    }

    /// Draws the image on a canvas `width_px` wide.
    #[cfg(test)]
    pub(crate) fn draw(&self, width_px: u32) -> Canvas {
        let frame = self.frame(width_px);
        self.draw_band(&frame, (0, frame.height_px))
    }

    /// Draws rows `start..end` of the image laid out by `frame`.
    pub(crate) fn draw_band(&self, f: &Frame, rows: (u32, u32)) -> Canvas {
        self.draw_band_in(f, rows, Mode::Draw)
    }

    /// [`Scene::draw_band`] in `mode`: drawing only the wanted rows of the band (see
    /// `draw/damage.rs`), the same pixels on them.
    pub(crate) fn draw_band_in(&self, f: &Frame, rows: (u32, u32), mode: Mode) -> Canvas {
        self.draw_on(f, |covers| {
            Canvas::band_in(f.width_px, DESIGN_W, rows, theme::PAGE, covers, mode)
        })
    }

    /// Draws the whole image laid out by `frame` in `mode`: probing what it draws, or
    /// drawing only some rows (see `draw/damage.rs`).
    pub(crate) fn draw_whole(&self, f: &Frame, mode: Mode) -> Canvas {
        self.draw_on(f, |covers| {
            Canvas::whole_behind(f.width_px, DESIGN_W, f.height_px, theme::PAGE, covers, mode)
        })
    }

    /// Draws the image laid out by `frame` on the canvas `canvas` makes, given the panels
    /// the page lies behind.
    fn draw_on(
        &self,
        f: &Frame,
        canvas: impl FnOnce(&[(f32, f32, f32, f32, f32)]) -> Canvas,
    ) -> Canvas {
        let main = (M, f.main_y, f.main_w, f.main_h);
        let (time, table, column) = if f.compact {
            let time = (M + f.main_w + GAP, f.main_y, f.tb_w, f.main_h);
            (time, (M, f.bottom_y, DESIGN_W - 2.0 * M, f.bottom_h), None)
        } else {
            let tx = M + f.tb_w + GAP;
            let column = (DESIGN_W - M - f.col_w, f.main_y, f.col_w, f.main_h);
            let table = (tx, f.bottom_y, DESIGN_W - M - tx, f.bottom_h);
            ((M, f.bottom_y, f.tb_w, f.bottom_h), table, Some(column))
        };
        // The page is not laid under the panels: the same list is drawn below, and a band
        // skips only the rows of panels it does not reach.
        let covers: Vec<_> = [Some(main), column, Some(time), Some(table)]
            .into_iter()
            .flatten()
            .map(|(x, y, w, h)| (x, y, w, h, PANEL_RADIUS))
            .collect();
        let mut cv = canvas(&covers);
        let draw_panel =
            |cv: &mut Canvas, (x, y, w, h): (f32, f32, f32, f32)| panel(cv, x, y, w, h);
        // Each row of panels is drawn only in the bands it reaches (up to the middle of
        // the gaps around it): laying out what would be clipped away is about a tenth of
        // a band's drawing time.
        let (main_top, bottom_top) = (f.main_y - GAP / 2.0, f.bottom_y - GAP / 2.0);
        if cv.shows_rows(0.0, main_top) {
            self.draw_header(&mut cv, M, &f.header_lines);
        }
        if cv.shows_rows(main_top, bottom_top) {
            draw_panel(&mut cv, main);
            self.draw_main(&mut cv, M, f.main_y, f.main_w, f.main_h);
            if let Some(c @ (x, y, w, _)) = column {
                draw_panel(&mut cv, c);
                self.draw_column(&mut cv, x, y, w, f.mini);
            }
        }
        let time_rows = if f.compact {
            (main_top, bottom_top)
        } else {
            (bottom_top, f32::INFINITY)
        };
        if cv.shows_rows(time_rows.0, time_rows.1) {
            draw_panel(&mut cv, time);
            self.draw_timeboard(&mut cv, time.0, time.1);
        }
        if cv.shows_rows(bottom_top, f32::INFINITY) {
            draw_panel(&mut cv, table);
            let (x, y, w, h) = table;
            let beside = f.compact.then_some(f.main_w);
            self.draw_table(&mut cv, x, y, w, h, beside);
        }
        cv
    }
}

/// A little stacked-floors icon.
fn building_icon(cv: &mut Canvas, x: f32, y: f32, size: f32) {
    let w = size;
    let h = size * 0.26;
    for i in 0..3 {
        let fy = y + size * 0.4 - i as f32 * (h + size * 0.06);
        let fw = w * (1.0 - i as f32 * 0.2);
        cv.round_rect(
            (x - fw / 2.0, fy - h / 2.0, fw, h),
            2.0,
            Some(theme::INK_SOFT),
            None,
        );
    }
}
