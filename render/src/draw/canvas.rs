//! A thin drawing layer over a tiny-skia pixmap. Every coordinate and size is in *design
//! units* (the image is designed 1200 units wide); the canvas scales them to pixels, so one
//! scene description serves every output width.

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, StrokeDash,
    Transform,
};

use crate::{
    draw::memo::Memo,
    draw::text::{self, Weight},
};

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
            .field("height", &self.pix.height())
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

/// Which icon a sprite is, for the sprite cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SpriteKey {
    pub icon: u8,
    pub variant: u8,
}

/// Icons drawn once per size into a small transparent pixmap and then copied: icons are
/// most of the paths in an image and look the same everywhere they appear. Keyed by (icon,
/// size in quarter pixels, scale bits).
static SPRITES: Memo<(SpriteKey, u32, u32), Pixmap> = Memo::new(2048);

impl Canvas {
    /// Draws an icon through the sprite cache, centred at `(cx, cy)` (snapped to whole
    /// pixels). `draw` draws it centred at its arguments at `size`.
    pub fn sprite(
        &mut self,
        key: SpriteKey,
        (cx, cy): (f32, f32),
        size: f32,
        draw: impl Fn(&mut Canvas, f32, f32, f32),
    ) {
        let px = size * self.scale;
        let dim = (px * 1.5).ceil() as u32 + 4;
        let cache_key = (key, (px * 4.0).round() as u32, self.scale.to_bits());
        let sprite = SPRITES.get(cache_key, || {
            let pix = Pixmap::new(dim, dim).expect("a non-empty sprite");
            let mut sub = Canvas {
                pix,
                scale: self.scale,
                top: 0.0,
                texts: Vec::new(),
            };
            let c = dim as f32 / 2.0 / self.scale;
            draw(&mut sub, c, c, size);
            sub.pix
        });
        let x = (cx * self.scale - dim as f32 / 2.0).round() as i32;
        let y = (cy * self.scale - dim as f32 / 2.0).round() as i32 - self.top as i32;
        self.blit(&sprite, x, y);
    }

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
        (start, end): (u32, u32),
        bg: Rgba,
        covers: &[(f32, f32, f32, f32, f32)],
    ) -> Canvas {
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
        };
        let holes: Vec<Hole> = covers
            .iter()
            .filter_map(|&(x, y, w, h, r)| cv.covered_px((x, y, w, h), r))
            .collect();
        cv.rect_px_except(0.0, cv.top, width_px as f32, rows as f32, bg, &holes);
        cv
    }

    /// A canvas only for measuring text at the scale of one `width_px` wide (it has no
    /// pixels to speak of).
    pub fn measure(width_px: u32, design_width: f32) -> Canvas {
        Canvas {
            pix: Pixmap::new(1, 1).expect("a 1×1 pixmap"),
            scale: width_px as f32 / design_width,
            top: 0.0,
            texts: Vec::new(),
        }
    }

    /// Whether any of the design rows `y0..y1` fall in this band: drawing that lies
    /// wholly outside would be clipped away, so it can be skipped.
    pub fn shows_rows(&self, y0: f32, y1: f32) -> bool {
        let rows = self.pix.height() as f32;
        y1 * self.scale > self.top && y0 * self.scale < self.top + rows
    }

    /// Design units to this band's pixels.
    fn transform(&self) -> Transform {
        Transform::from_row(self.scale, 0.0, 0.0, self.scale, 0.0, -self.top)
    }

    /// Fills a path built in design units.
    pub fn fill(&mut self, path: &Path, color: Rgba) {
        self.pix.fill_path(
            path,
            &color.paint(),
            FillRule::Winding,
            self.transform(),
            None,
        );
    }

    /// Strokes a path built in design units.
    pub fn stroke(&mut self, path: &Path, line: Line) {
        let stroke = Stroke {
            width: line.width,
            line_cap: if line.round {
                LineCap::Round
            } else {
                LineCap::Butt
            },
            line_join: if line.round {
                LineJoin::Round
            } else {
                LineJoin::Miter
            },
            dash: line
                .dash
                .and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
            ..Stroke::default()
        };
        self.pix
            .stroke_path(path, &line.color.paint(), &stroke, self.transform(), None);
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgba) {
        let k = self.scale;
        self.rect_px(x * k, y * k, w * k, h * k, color);
    }

    /// A rounded rectangle, filled and/or outlined.
    pub fn round_rect(
        &mut self,
        (x, y, w, h): (f32, f32, f32, f32),
        r: f32,
        fill: Option<Rgba>,
        outline: Option<Line>,
    ) {
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        // An opaque solid outline around an opaque fill: two filled shapes, no stroking.
        if let Some((f, l)) = solid_ring(fill, outline) {
            let e = l.width / 2.0;
            let inner = (x + e, y + e, w - 2.0 * e, h - 2.0 * e);
            let ri = (r - e).max(0.0);
            // The outline's colour is not laid where the fill will cover every pixel:
            // for a panel that would be most of its area written twice.
            let hole = self.covered_px(inner, ri);
            self.fill_round_rect_except(
                (x - e, y - e, w + 2.0 * e, h + 2.0 * e),
                r + e,
                l.color,
                hole.as_slice(),
            );
            self.fill_round_rect(inner, ri, f);
            return;
        }
        if let Some(c) = fill {
            self.fill_round_rect((x, y, w, h), r, c);
        }
        if let Some(l) = outline
            && let Some(path) = round_rect_path(x, y, w, h, r)
        {
            self.stroke(&path, l);
        }
    }

    /// A filled rounded rectangle.
    fn fill_round_rect(&mut self, rect: (f32, f32, f32, f32), r: f32, c: Rgba) {
        self.fill_round_rect_except(rect, r, c, &[]);
    }

    /// The pixels (columns, then rows of this band) that [`Canvas::fill_round_rect`]
    /// of an opaque colour covers wholly, as a rectangle: the full width between the
    /// rows where the corners end.
    fn covered_px(&self, (x, y, w, h): (f32, f32, f32, f32), r: f32) -> Option<Hole> {
        if w <= 0.0 || h <= 0.0 {
            return None;
        }
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        let k = self.scale;
        let (x0, y0, x1, y1, rr) = (x * k, y * k, (x + w) * k, (y + h) * k, r * k);
        // The same row bounds as the side pieces below (or the plain rectangle's).
        let (sy0, sy1) = if r > 0.0 {
            let sy0 = (y0 + rr).round();
            (sy0, (y1 - rr).round().max(sy0))
        } else {
            (y0.ceil(), y1.floor())
        };
        let (c0, c1) = (x0.ceil().max(0.0), x1.floor().max(0.0));
        let (r0, r1) = ((sy0 - self.top).max(0.0), (sy1 - self.top).max(0.0));
        (c0 < c1 && r0 < r1).then_some(Hole {
            cols: c0 as usize..c1 as usize,
            rows: r0 as usize..r1 as usize,
        })
    }

    /// [`Canvas::fill_round_rect`], leaving the pixels of `holes` as they are where its
    /// pieces are copied whole (a fill drawn over them next covers them anyway).
    fn fill_round_rect_except(
        &mut self,
        (x, y, w, h): (f32, f32, f32, f32),
        r: f32,
        c: Rgba,
        holes: &[Hole],
    ) {
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        if c.3 == 255 && r > 0.0 {
            // Three rectangles and four corner quarter-discs: much cheaper than one
            // anti-aliased path over a large area. Worked in pixels, with the seams between
            // the pieces on whole pixels so no seam shows. The rectangles are stacked (the
            // caps between the corners, the full width between them) so that each row is
            // one copy: side by side, a tall panel paid for every row three times.
            let k = self.scale;
            let (x0, y0, x1, y1, rr) = (x * k, y * k, (x + w) * k, (y + h) * k, r * k);
            let sx0 = (x0 + rr).round();
            let sx1 = (x1 - rr).round().max(sx0);
            let sy0 = (y0 + rr).round();
            let sy1 = (y1 - rr).round().max(sy0);
            self.rect_px_except(sx0, y0, sx1 - sx0, sy0 - y0, c, holes);
            self.rect_px_except(x0, sy0, x1 - x0, sy1 - sy0, c, holes);
            self.rect_px_except(sx0, sy1, sx1 - sx0, y1 - sy1, c, holes);
            self.quarter_px(sx0, sy0, x0 - sx0, y0 - sy0, c);
            self.quarter_px(sx1, sy0, x1 - sx1, y0 - sy0, c);
            self.quarter_px(sx0, sy1, x0 - sx0, y1 - sy1, c);
            self.quarter_px(sx1, sy1, x1 - sx1, y1 - sy1, c);
        } else if r == 0.0 {
            self.rect(x, y, w, h, c);
        } else if let Some(path) = round_rect_path(x, y, w, h, r) {
            self.fill(&path, c);
        }
    }

    /// A filled rectangle in pixels, anti-aliased by area coverage. Whole pixels of an
    /// opaque colour are copied and the rest blended here: tiny-skia sets up a raster
    /// pipeline for every rectangle, and an image has hundreds of thin rules and fringes.
    fn rect_px(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba) {
        self.rect_px_except(x, y, w, h, c, &[]);
    }

    /// [`Canvas::rect_px`], skipping the pixels of `holes` (which do not overlap) on rows
    /// it copies whole.
    fn rect_px_except(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba, holes: &[Hole]) {
        if w <= 0.0 || h <= 0.0 || c.3 == 0 {
            return;
        }
        let y = y - self.top;
        let (pw, ph) = (self.pix.width() as usize, self.pix.height() as usize);
        let (x0, y0) = (x.max(0.0), y.max(0.0));
        let (x1, y1) = ((x + w).min(pw as f32), (y + h).min(ph as f32));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (cx0, cx1) = (x0.floor() as usize, (x1.ceil() as usize).min(pw));
        let (ry0, ry1) = (y0.floor() as usize, (y1.ceil() as usize).min(ph));
        let cover = |i: usize, lo: f32, hi: f32| {
            ((i as f32 + 1.0).min(hi) - (i as f32).max(lo)).clamp(0.0, 1.0)
        };
        let cols: Vec<f32> = (cx0..cx1).map(|i| cover(i, x0, x1)).collect();
        // The run of columns wholly inside, copied as one slice on fully covered rows.
        let full_a = cols.iter().position(|&k| k >= 1.0).unwrap_or(cols.len());
        let full_b = cols
            .iter()
            .rposition(|&k| k >= 1.0)
            .map_or(full_a, |i| i + 1);
        let template = if c.3 == 255 {
            [c.0, c.1, c.2, 255].repeat(full_b - full_a)
        } else {
            Vec::new()
        };
        let stride = pw * 4;
        let ca = f32::from(c.3);
        let data = self.pix.data_mut();
        for row in ry0..ry1 {
            let cy = cover(row, y0, y1);
            let line = &mut data[row * stride + cx0 * 4..row * stride + cx1 * 4];
            if c.3 == 255 && cy >= 1.0 {
                // Columns `a..b` of the line copied whole, less those of the holes on
                // this row, left to right.
                let (a, b) = (cx0 + full_a, cx0 + full_b);
                if holes.is_empty() {
                    line[full_a * 4..full_b * 4].copy_from_slice(&template);
                } else {
                    copy_around(line, cx0, (a, b), row, holes, &template);
                }
                for k in (0..full_a).chain(full_b..cols.len()) {
                    blend(
                        &mut line[k * 4..k * 4 + 4],
                        c,
                        (cols[k] * 255.0 + 0.5) as u32,
                    );
                }
                continue;
            }
            for (px, &cx) in line.chunks_exact_mut(4).zip(&cols) {
                blend(px, c, ((cx * cy * ca + 0.5) as u32).min(255));
            }
        }
    }

    /// A quarter ellipse in pixels centred at `(cx, cy)` (whole pixels) with signed radii
    /// towards its quadrant. Rounded rectangles come in a handful of sizes, so the
    /// coverage of each corner is drawn once and kept.
    fn quarter_px(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, c: Rgba) {
        if rx == 0.0 || ry == 0.0 {
            return;
        }
        let cy = cy - self.top;
        let key = ((rx * 64.0).round() as i32, (ry * 64.0).round() as i32);
        let corner = CORNERS.get(key, || {
            Corner::new(key.0 as f32 / 64.0, key.1 as f32 / 64.0)
        });
        self.blend_mask(
            cx as i32 - corner.ox,
            cy as i32 - corner.oy,
            corner.w,
            corner.h,
            &corner.coverage,
            c,
        );
    }
}

/// Copies `template` (the pixels of columns `a..b`) into `line` (which starts at column
/// `x0`), leaving the columns of the `holes` on `row` as they are.
fn copy_around(
    line: &mut [u8],
    x0: usize,
    (a, b): (usize, usize),
    row: usize,
    holes: &[Hole],
    template: &[u8],
) {
    let mut skip: Vec<std::ops::Range<usize>> = holes
        .iter()
        .filter(|h| h.rows.contains(&row))
        .map(|h| h.cols.start.clamp(a, b)..h.cols.end.clamp(a, b))
        .collect();
    skip.sort_by_key(|cols| cols.start);
    let mut at = a;
    for cols in skip.into_iter().chain(std::iter::once(b..b)) {
        if at < cols.start {
            line[(at - x0) * 4..(cols.start - x0) * 4]
                .copy_from_slice(&template[(at - a) * 4..(cols.start - a) * 4]);
        }
        at = at.max(cols.end);
    }
}

/// The coverage of a quarter ellipse with signed radii, in a mask whose pixel
/// `(ox, oy)` is the ellipse's centre.
#[derive(Debug)]
struct Corner {
    ox: i32,
    oy: i32,
    w: usize,
    h: usize,
    coverage: Vec<u8>,
}

/// Corner masks by radii in 1/64 px.
static CORNERS: Memo<(i32, i32), Corner> = Memo::new(4096);

impl Corner {
    fn new(rx: f32, ry: f32) -> Corner {
        let (w, h) = (rx.abs().ceil() as u32, ry.abs().ceil() as u32);
        let ox = if rx < 0.0 { w as f32 } else { 0.0 };
        let oy = if ry < 0.0 { h as f32 } else { 0.0 };
        let mut pix = Pixmap::new(w.max(1), h.max(1)).expect("a non-empty corner");
        let k = 0.552_284_8;
        let mut pb = PathBuilder::new();
        pb.move_to(ox, oy);
        pb.line_to(ox + rx, oy);
        pb.cubic_to(ox + rx, oy + ry * k, ox + rx * k, oy + ry, ox, oy + ry);
        pb.close();
        if let Some(p) = pb.finish() {
            pix.fill_path(
                &p,
                &Rgba(0, 0, 0, 255).paint(),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        Corner {
            ox: ox as i32,
            oy: oy as i32,
            w: pix.width() as usize,
            h: pix.height() as usize,
            coverage: pix.pixels().iter().map(|p| p.alpha()).collect(),
        }
    }
}

/// The fill and outline of a shape when both are opaque and the outline solid: such a
/// shape is drawn as two fills (the outline's shape grown by half its width, then the
/// fill's shrunk by as much), which costs less than stroking and looks the same.
fn solid_ring(fill: Option<Rgba>, outline: Option<Line>) -> Option<(Rgba, Line)> {
    let (f, l) = (fill?, outline?);
    (f.3 == 255 && l.color.3 == 255 && l.dash.is_none()).then_some((f, l))
}

/// Pixels a drawing leaves alone: `cols` × `rows` of a band, in pixels.
struct Hole {
    cols: std::ops::Range<usize>,
    rows: std::ops::Range<usize>,
}

/// Blends colour `c` at coverage `a` (0–255, before the colour's own alpha) into one
/// opaque RGBA pixel.
#[inline]
fn blend(px: &mut [u8], c: Rgba, a: u32) {
    let a = a * u32::from(c.3) / 255;
    if a == 0 {
        return;
    }
    if a >= 255 {
        px[..3].copy_from_slice(&[c.0, c.1, c.2]);
        return;
    }
    for (d, s) in px.iter_mut().zip([c.0, c.1, c.2]) {
        *d = ((u32::from(s) * a + u32::from(*d) * (255 - a) + 127) / 255) as u8;
    }
}

impl Canvas {
    /// A circle, filled and/or outlined.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Option<Rgba>, outline: Option<Line>) {
        // An opaque solid ring around an opaque fill: two filled discs, no stroking (as
        // for rounded rectangles; the stroker costs more than the fill).
        if let Some((f, l)) = solid_ring(fill, outline)
            && r > l.width / 2.0
        {
            let e = l.width / 2.0;
            if let (Some(outer), Some(inner)) = (
                PathBuilder::from_circle(cx, cy, r + e),
                PathBuilder::from_circle(cx, cy, r - e),
            ) {
                self.fill(&outer, l.color);
                self.fill(&inner, f);
                return;
            }
        }
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            if let Some(c) = fill {
                self.fill(&path, c);
            }
            if let Some(l) = outline {
                self.stroke(&path, l);
            }
        }
    }

    /// A polyline.
    pub fn polyline(&mut self, points: &[(f32, f32)], line: Line) {
        if let Some(path) = polyline_path(points, false) {
            self.stroke(&path, line);
        }
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: &[(f32, f32)], color: Rgba) {
        if let Some(path) = polyline_path(points, true) {
            self.fill(&path, color);
        }
    }

    /// Text width in design units.
    pub fn text_width(&self, s: &str, size: f32, weight: Weight) -> f32 {
        text::width_px(s, weight, size * self.scale) / self.scale
    }

    /// Draws one line of text with its baseline at `y`; returns its width in design units.
    pub fn text(
        &mut self,
        s: &str,
        (x, y): (f32, f32),
        size: f32,
        weight: Weight,
        color: Rgba,
        align: Align,
    ) -> f32 {
        let px = size * self.scale;
        let w = text::width_px(s, weight, px);
        let x0 = x * self.scale
            - match align {
                Align::Left => 0.0,
                Align::Center => w / 2.0,
                Align::Right => w,
            };
        let baseline = (y * self.scale).round() as i32 - self.top as i32;
        let mut pen = x0;
        let mut prev = None;
        let mut ink: Option<(i32, i32, i32, i32)> = None;
        for c in s.chars() {
            if let Some(p) = prev {
                pen += text::kern(p, c, weight, px);
            }
            let g = text::glyph(c, weight, px);
            let gx = pen.round() as i32 + g.xmin;
            let gy = baseline - g.ymin - g.height as i32;
            self.blend_mask(gx, gy, g.width, g.height, &g.coverage, color);
            if g.width > 0 && g.height > 0 {
                let (r, b) = (gx + g.width as i32, gy + g.height as i32);
                ink = Some(ink.map_or((gx, gy, r, b), |(l, t, rr, bb)| {
                    (l.min(gx), t.min(gy), rr.max(r), bb.max(b))
                }));
            }
            pen += g.advance;
            prev = Some(c);
        }
        if let Some((l, t, r, b)) = ink {
            let unit = |v: i32, shift: f32| (v as f32 + shift) / self.scale;
            self.texts.push(TextInk {
                text: s.to_string(),
                left: unit(l, 0.0),
                right: unit(r, 0.0),
                top: unit(t, self.top),
                bottom: unit(b, self.top),
            });
        }
        w / self.scale
    }

    /// Every text drawn so far, with where its ink lies.
    pub fn texts(&self) -> &[TextInk] {
        &self.texts
    }

    /// The canvas's height in design units (of the whole image for a band).
    pub fn design_height(&self) -> f32 {
        (self.top + self.pix.height() as f32) / self.scale
    }

    /// Text cut with an ellipsis to fit `max_w` design units.
    pub fn fit(&self, s: &str, size: f32, weight: Weight, max_w: f32) -> String {
        if self.text_width(s, size, weight) <= max_w {
            return s.to_string();
        }
        let mut chars: Vec<char> = s.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let mut t: String = chars.iter().collect::<String>().trim_end().to_string();
            t.push('…');
            if self.text_width(&t, size, weight) <= max_w {
                return t;
            }
        }
        String::new()
    }

    /// Blends a coverage mask at pixel `(x, y)` in `color` (the canvas is opaque).
    fn blend_mask(&mut self, x: i32, y: i32, w: usize, h: usize, mask: &[u8], color: Rgba) {
        let (pw, ph) = (self.pix.width() as i32, self.pix.height() as i32);
        let (c0, c1) = ((-x).max(0), (pw - x).min(w as i32));
        if c0 >= c1 {
            return;
        }
        let data = self.pix.data_mut();
        for row in (-y).max(0)..(ph - y).min(h as i32) {
            let start = ((y + row) * pw + x) as usize * 4;
            let line = &mut data[start + c0 as usize * 4..start + c1 as usize * 4];
            let m = &mask[row as usize * w + c0 as usize..row as usize * w + c1 as usize];
            for (px, &cov) in line.chunks_exact_mut(4).zip(m) {
                if cov != 0 {
                    blend(px, color, u32::from(cov));
                }
            }
        }
    }

    /// Draws a premultiplied sprite with its top-left corner at pixel `(x, y)` of this
    /// band (source over an opaque canvas).
    fn blit(&mut self, sprite: &Pixmap, x: i32, y: i32) {
        let (pw, ph) = (self.pix.width() as i32, self.pix.height() as i32);
        let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
        let (c0, c1) = ((-x).max(0), (pw - x).min(sw));
        if c0 >= c1 {
            return;
        }
        let src = sprite.data();
        let data = self.pix.data_mut();
        for row in (-y).max(0)..(ph - y).min(sh) {
            let start = ((y + row) * pw + x) as usize * 4;
            let line = &mut data[start + c0 as usize * 4..start + c1 as usize * 4];
            let from = (row * sw) as usize * 4;
            let s = &src[from + c0 as usize * 4..from + c1 as usize * 4];
            for (d, s) in line.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
                let sa = u32::from(s[3]);
                if sa == 255 {
                    d[..3].copy_from_slice(&s[..3]);
                } else if sa != 0 {
                    for k in 0..3 {
                        let v = u32::from(s[k]) + (u32::from(d[k]) * (255 - sa) + 127) / 255;
                        d[k] = v.min(255) as u8;
                    }
                }
            }
        }
    }
}

/// The height in pixels of a canvas `width_px` wide for a design `design_width` units wide
/// and `design_height` tall.
pub(crate) fn height_px(width_px: u32, design_width: f32, design_height: f32) -> u32 {
    let scale = width_px as f32 / design_width;
    (design_height * scale).ceil().max(1.0) as u32
}

/// A rounded-rectangle path.
pub(crate) fn round_rect_path(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    // Cubic approximation of a quarter circle.
    let k = r * 0.552_284_8;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// A path through `points`, optionally closed.
pub(crate) fn polyline_path(points: &[(f32, f32)], close: bool) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if close {
        pb.close();
    }
    pb.finish()
}
