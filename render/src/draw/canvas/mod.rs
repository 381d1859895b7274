//! A thin drawing layer over a tiny-skia pixmap. Every coordinate and size is in *design
//! units* (the image is designed 1200 units wide); the canvas scales them to pixels, so one
//! scene description serves every output width.
//!
//! The rooms: `rects.rs` rectangles and rounded rectangles blended by hand, `paths.rs`
//! curves and strokes through tiny-skia, `glyphs.rs` text, `sprites.rs` icons drawn once
//! and copied. This file holds the colours, lines and the canvas itself (whole or a band).

mod glyphs;
mod paths;
mod rects;
mod sprites;

pub(crate) use paths::polyline_path;
pub(crate) use sprites::SpriteKey;

use tiny_skia::{Color, Paint, Pixmap, Transform};

use crate::draw::damage::{Cells, OpHash, Ops, Wanted};

/// An sRGB colour with alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// Opaque colour from `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgba {
        Rgba((v >> 16) as u8, (v >> 8) as u8, v as u8, 255)
    }

    /// The same colour with alpha `a` (0–255).
    pub const fn alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// Mixes towards `other` by `t` (0 = self, 1 = other), keeping self's alpha.
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgba(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            self.3,
        )
    }

    /// Relative luminance (0–1), for choosing text colour on a fill.
    pub fn luminance(self) -> f32 {
        let lin = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color(Color::from_rgba8(self.0, self.1, self.2, self.3));
        p.anti_alias = true;
        p
    }
}

impl OpHash {
    /// Folds in a colour.
    pub(crate) fn rgba(self, c: Rgba) -> OpHash {
        self.word(u64::from(u32::from_le_bytes([c.0, c.1, c.2, c.3])))
    }

    /// Folds in a colour that may be absent.
    pub(crate) fn maybe(self, c: Option<Rgba>) -> OpHash {
        c.map_or(self.word(u64::MAX), |c| self.rgba(c))
    }

    /// Folds in a line style that may be absent.
    pub(crate) fn line(self, l: Option<Line>) -> OpHash {
        let Some(l) = l else {
            return self.word(u64::MAX);
        };
        let (on, off) = l.dash.unwrap_or((-1.0, -1.0));
        self.rgba(l.color)
            .f32(l.width)
            .f32(on)
            .f32(off)
            .word(u64::from(l.round))
    }
}

/// Horizontal text alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// A pixmap plus the design-unit scale. The pixmap may be one horizontal band of a taller
/// image: `top` is the image row its first row stands for, and everything is drawn shifted
/// up by it (so two threads can each draw their band of one image from the same scene).
pub(crate) struct Canvas {
    pub pix: Pixmap,
    scale: f32,
    top: f32,
    /// Where each text drawn so far put its ink, so a test can check that a layout keeps
    /// every text inside its card ([`Canvas::texts`]).
    texts: Vec<TextInk>,
    /// A transparent layer (see [`Canvas::layer`]): rectangles blended by hand keep its
    /// alpha too.
    layer: bool,
    mode: Mode,
    /// The rows of the image this canvas stands for, from `top`: its pixmap's, except
    /// when probing, where the pixmap is one row (nothing is written).
    rows: u32,
}

/// What a canvas does with the operations drawn on it (see `draw/damage.rs`).
#[derive(Debug, Default)]
pub(crate) enum Mode {
    /// Draws them.
    #[default]
    Draw,
    /// Draws nothing: records each operation's pixel box and hash.
    Probe(Ops),
    /// Draws only the operations that touch a wanted cell, and of those (where it can tell
    /// cheaply) only the wanted cells. The other pixels are left as they were, unused.
    Only(Wanted),
}

/// The box a drawn text's glyphs cover, in design units of the whole image.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TextInk {
    pub text: String,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

impl std::fmt::Debug for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas")
            .field("width", &self.pix.width())
            .field("height", &self.rows)
            .field("scale", &self.scale)
            .field("top", &self.top)
            .finish()
    }
}

/// A line style.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub color: Rgba,
    pub width: f32,
    pub dash: Option<(f32, f32)>,
    pub round: bool,
}

impl Line {
    pub fn new(color: Rgba, width: f32) -> Line {
        Line {
            color,
            width,
            dash: None,
            round: true,
        }
    }
    pub fn dashed(mut self, on: f32, off: f32) -> Line {
        self.dash = Some((on, off));
        self
    }
    pub fn square(mut self) -> Line {
        self.round = false;
        self
    }
}

impl Canvas {
    /// A canvas `width_px` pixels wide for a design `design_width` units wide and
    /// `design_height` units tall, filled with `bg`.
    pub fn new(width_px: u32, design_width: f32, design_height: f32, bg: Rgba) -> Canvas {
        let height_px = height_px(width_px, design_width, design_height);
        Canvas::band(width_px, design_width, (0, height_px), bg)
    }

    /// Rows `start..end` of the canvas [`Canvas::new`] would make `width_px` wide for a
    /// design `design_width` units wide, filled with `bg`.
    pub fn band(width_px: u32, design_width: f32, rows: (u32, u32), bg: Rgba) -> Canvas {
        Canvas::band_behind(width_px, design_width, rows, bg, &[])
    }

    /// [`Canvas::band`], with `bg` laid only where no opaque rounded rectangle of
    /// `covers` (x, y, width, height, radius, in design units) will be drawn over it:
    /// the caller draws each of them next, and panels cover most of a turn image.
    pub fn band_behind(
        width_px: u32,
        design_width: f32,
        rows: (u32, u32),
        bg: Rgba,
        covers: &[(f32, f32, f32, f32, f32)],
    ) -> Canvas {
        Canvas::band_in(width_px, design_width, rows, bg, covers, Mode::Draw)
    }

    /// [`Canvas::band_behind`] drawing in `mode` (not probing): in `Mode::Only`, the page
    /// is laid only on the wanted cells, and a wanted row has the pixels it has in the band
    /// drawn whole (a shape is cut by the band's edges the same way).
    pub fn band_in(
        width_px: u32,
        design_width: f32,
        (start, end): (u32, u32),
        bg: Rgba,
        covers: &[(f32, f32, f32, f32, f32)],
        mode: Mode,
    ) -> Canvas {
        debug_assert!(!matches!(mode, Mode::Probe(_)), "a band is never probed");
        let scale = width_px as f32 / design_width;
        let rows = end.saturating_sub(start).max(1);
        let data = crate::draw::encode::pixel_buffer((width_px * rows * 4) as usize);
        let size = tiny_skia::IntSize::from_wh(width_px, rows).expect("a non-empty canvas");
        let pix = Pixmap::from_vec(data, size).expect("a buffer of the canvas size");
        let mut cv = Canvas {
            pix,
            scale,
            top: start as f32,
            texts: Vec::new(),
            layer: false,
            mode,
            rows,
        };
        let holes = rects::holes(
            covers
                .iter()
                .filter_map(|&(x, y, w, h, r)| cv.covered_px((x, y, w, h), r)),
        );
        cv.rect_px_except(0.0, cv.top, width_px as f32, rows as f32, bg, &holes);
        cv
    }

    /// [`Canvas::band_behind`] for the whole image, in `mode`: the page is recorded (when
    /// probing) or laid only on the wanted cells.
    pub fn whole_behind(
        width_px: u32,
        design_width: f32,
        height_px: u32,
        bg: Rgba,
        covers: &[(f32, f32, f32, f32, f32)],
        mode: Mode,
    ) -> Canvas {
        let rows = (0, height_px);
        match mode {
            Mode::Draw => Canvas::band_behind(width_px, design_width, rows, bg, covers),
            Mode::Probe(mut ops) => {
                let mut h = OpHash::new(0).word(u64::from(width_px)).f32(design_width);
                h = h.bytes(&[bg.0, bg.1, bg.2, bg.3]);
                for &(x, y, w, hh, r) in covers {
                    h = [x, y, w, hh, r].into_iter().fold(h, OpHash::f32);
                }
                ops.push(rows, (0.0, width_px as f32), width_px, h);
                // As large as the image (for whoever asks its size), but never written.
                let mut cv = Canvas::whole(width_px, design_width, height_px);
                cv.mode = Mode::Probe(ops);
                cv
            }
            mode @ Mode::Only(_) => Canvas::band_in(width_px, design_width, rows, bg, covers, mode),
        }
    }

    /// A probing canvas of a whole image `height_px` rows tall: a pixmap of one row, as
    /// nothing is written.
    fn whole(width_px: u32, design_width: f32, height_px: u32) -> Canvas {
        Canvas {
            pix: Pixmap::new(width_px, 1).expect("a non-empty canvas"),
            rows: height_px.max(1),
            ..Canvas::measure(width_px, design_width)
        }
    }

    /// The hashes of the cells of the image a probing canvas stands for, from the
    /// operations it recorded (none for a canvas that drew).
    pub fn into_cells(self) -> Cells {
        let (height, width) = (self.rows, self.pix.width());
        match self.mode {
            Mode::Probe(ops) => ops.cells(height, width),
            _ => Ops::default().cells(height, width),
        }
    }

    /// Whether an operation that may touch the pixels `x0..x1` × `y0..y1` of the whole
    /// image (any fractions; widened by a pixel each way for anti-aliasing) is drawn:
    /// always when drawing; never when probing, where it is recorded with the hash `hash`
    /// gives; when it touches a wanted cell otherwise.
    pub(super) fn admit(
        &mut self,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        hash: impl FnOnce() -> OpHash,
    ) -> bool {
        let rows = (
            (y0.floor() - 1.0).max(0.0) as u32,
            (y1.ceil() + 1.0).max(0.0) as u32,
        );
        let cols = (x0 - 1.0, x1 + 1.0);
        let width = self.pix.width();
        match &mut self.mode {
            Mode::Draw => true,
            Mode::Probe(ops) => {
                ops.push(rows, cols, width, hash());
                false
            }
            Mode::Only(wanted) => wanted.any_in(rows, cols, width),
        }
    }

    /// The wanted cells of a canvas in `Mode::Only`.
    pub(super) fn only(&self) -> Option<&Wanted> {
        only_rows(&self.mode)
    }

    /// A canvas only for measuring text at the scale of one `width_px` wide (it has no
    /// pixels to speak of).
    pub fn measure(width_px: u32, design_width: f32) -> Canvas {
        Canvas {
            pix: Pixmap::new(1, 1).expect("a 1×1 pixmap"),
            scale: width_px as f32 / design_width,
            top: 0.0,
            texts: Vec::new(),
            layer: false,
            mode: Mode::Draw,
            rows: 1,
        }
    }

    /// A transparent band of rows `start..end` at this canvas's scale and width: a layer
    /// drawn once and copied over many images ([`Canvas::blit_layer`]). Rectangles blended
    /// by hand keep its alpha (premultiplied, as tiny-skia's paths do).
    pub fn layer(&self, (start, end): (u32, u32)) -> Canvas {
        let rows = end.saturating_sub(start).max(1);
        Canvas {
            pix: Pixmap::new(self.pix.width(), rows).expect("a non-empty layer"),
            scale: self.scale,
            top: start as f32,
            texts: Vec::new(),
            layer: true,
            mode: Mode::Draw,
            rows,
        }
    }

    /// The scale: pixels per design unit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Whether any of the design rows `y0..y1` fall in this band: drawing that lies
    /// wholly outside would be clipped away, so it can be skipped.
    pub fn shows_rows(&self, y0: f32, y1: f32) -> bool {
        let rows = self.rows as f32;
        let shown = y1 * self.scale > self.top && y0 * self.scale < self.top + rows;
        shown
            && self.only().is_none_or(|w| {
                let a = (y0 * self.scale).floor().max(0.0) as u32;
                w.any(a, (y1 * self.scale).ceil().min(u32::MAX as f32) as u32)
            })
    }

    /// Design units to this band's pixels.
    pub(super) fn transform(&self) -> Transform {
        Transform::from_row(self.scale, 0.0, 0.0, self.scale, 0.0, -self.top)
    }

    /// Every text drawn so far, with where its ink lies.
    pub fn texts(&self) -> &[TextInk] {
        &self.texts
    }

    /// The canvas's height in design units (of the whole image for a band).
    pub fn design_height(&self) -> f32 {
        (self.top + self.rows as f32) / self.scale
    }
}

/// The wanted cells of `mode` when it is `Mode::Only` (a function of the field alone, so a
/// drawing loop can hold it while it writes the pixmap).
pub(super) fn only_rows(mode: &Mode) -> Option<&Wanted> {
    match mode {
        Mode::Only(w) => Some(w),
        _ => None,
    }
}

/// The height in pixels of a canvas `width_px` wide for a design `design_width` units wide
/// and `design_height` tall.
pub(crate) fn height_px(width_px: u32, design_width: f32, design_height: f32) -> u32 {
    let scale = width_px as f32 / design_width;
    (design_height * scale).ceil().max(1.0) as u32
}
