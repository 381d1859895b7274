//! A thin drawing layer over a tiny-skia pixmap. Every coordinate and size is in *design
//! units* (the image is designed 1200 units wide); the canvas scales them to pixels, so one
//! scene description serves every output width.

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
};

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PixmapPaint, Rect,
    Stroke, StrokeDash, Transform,
};

use crate::text::{self, Weight};

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

/// A pixmap plus the design-unit scale.
pub(crate) struct Canvas {
    pub pix: Pixmap,
    scale: f32,
}

impl std::fmt::Debug for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas")
            .field("width", &self.pix.width())
            .field("height", &self.pix.height())
            .field("scale", &self.scale)
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

/// Sprites by (icon, size in quarter pixels, scale bits).
type SpriteCache = HashMap<(SpriteKey, u32, u32), Arc<Pixmap>>;

/// Icons drawn once per size into a small transparent pixmap and then copied: icons are
/// most of the paths in an image and look the same everywhere they appear.
static SPRITES: LazyLock<Mutex<SpriteCache>> = LazyLock::new(|| Mutex::new(HashMap::new()));

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
        let sprite = {
            let mut cache = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
            if cache.len() > 2048 {
                cache.clear();
            }
            Arc::clone(cache.entry(cache_key).or_insert_with(|| {
                let pix = Pixmap::new(dim, dim).expect("a non-empty sprite");
                let mut sub = Canvas {
                    pix,
                    scale: self.scale,
                };
                let c = dim as f32 / 2.0 / self.scale;
                draw(&mut sub, c, c, size);
                Arc::new(sub.pix)
            }))
        };
        let x = (cx * self.scale - dim as f32 / 2.0).round() as i32;
        let y = (cy * self.scale - dim as f32 / 2.0).round() as i32;
        self.pix.draw_pixmap(
            x,
            y,
            sprite.as_ref().as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }

    /// A canvas `width_px` pixels wide for a design `design_width` units wide and
    /// `design_height` units tall, filled with `bg`.
    pub fn new(width_px: u32, design_width: f32, design_height: f32, bg: Rgba) -> Canvas {
        let scale = width_px as f32 / design_width;
        let height_px = (design_height * scale).ceil().max(1.0) as u32;
        let data = crate::encode::pixel_buffer((width_px * height_px * 4) as usize);
        let size = tiny_skia::IntSize::from_wh(width_px, height_px).expect("a non-empty canvas");
        let mut pix = Pixmap::from_vec(data, size).expect("a buffer of the canvas size");
        pix.fill(Color::from_rgba8(bg.0, bg.1, bg.2, 255));
        Canvas { pix, scale }
    }

    fn transform(&self) -> Transform {
        Transform::from_scale(self.scale, self.scale)
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
        if let (Some(f), Some(l)) = (fill, outline)
            && f.3 == 255
            && l.color.3 == 255
            && l.dash.is_none()
        {
            let e = l.width / 2.0;
            self.fill_round_rect((x - e, y - e, w + 2.0 * e, h + 2.0 * e), r + e, l.color);
            self.fill_round_rect(
                (x + e, y + e, w - 2.0 * e, h - 2.0 * e),
                (r - e).max(0.0),
                f,
            );
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
    fn fill_round_rect(&mut self, (x, y, w, h): (f32, f32, f32, f32), r: f32, c: Rgba) {
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        if c.3 == 255 && r > 0.0 {
            // Three rectangles and four corner quarter-discs: much cheaper than one
            // anti-aliased path over a large area. Worked in pixels, with the seams between
            // the pieces on whole pixels so no seam shows.
            let k = self.scale;
            let (x0, y0, x1, y1, rr) = (x * k, y * k, (x + w) * k, (y + h) * k, r * k);
            let sx0 = (x0 + rr).round();
            let sx1 = (x1 - rr).round().max(sx0);
            let sy0 = (y0 + rr).round();
            let sy1 = (y1 - rr).round().max(sy0);
            self.rect_px(sx0, y0, sx1 - sx0, y1 - y0, c);
            self.rect_px(x0, sy0, sx0 - x0, sy1 - sy0, c);
            self.rect_px(sx1, sy0, x1 - sx1, sy1 - sy0, c);
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

    /// A filled rectangle in pixels. Opaque colours fill whole pixels directly and leave
    /// only the fractional fringes to tiny-skia.
    fn rect_px(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba) {
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let (pw, ph) = (self.pix.width() as f32, self.pix.height() as f32);
        let (x0, y0) = (x.max(0.0), y.max(0.0));
        let (x1, y1) = ((x + w).min(pw), (y + h).min(ph));
        let (ix0, iy0, ix1, iy1) = (x0.ceil(), y0.ceil(), x1.floor(), y1.floor());
        if c.3 < 255 || ix1 - ix0 < 4.0 || iy1 <= iy0 {
            if let Some(r) = Rect::from_xywh(x, y, w, h) {
                self.pix
                    .fill_rect(r, &c.paint(), Transform::identity(), None);
            }
            return;
        }
        let stride = self.pix.width() as usize * 4;
        let (a, b) = (ix0 as usize * 4, ix1 as usize * 4);
        let template = [c.0, c.1, c.2, 255].repeat((b - a) / 4);
        let data = self.pix.data_mut();
        for row in iy0 as usize..iy1 as usize {
            data[row * stride + a..row * stride + b].copy_from_slice(&template);
        }
        let mut fringe = |fx: f32, fy: f32, fw: f32, fh: f32| {
            if let Some(r) = Rect::from_xywh(fx, fy, fw, fh) {
                self.pix
                    .fill_rect(r, &c.paint(), Transform::identity(), None);
            }
        };
        if iy0 > y0 {
            fringe(x0, y0, x1 - x0, iy0 - y0);
        }
        if y1 > iy1 {
            fringe(x0, iy1, x1 - x0, y1 - iy1);
        }
        if ix0 > x0 {
            fringe(x0, iy0, ix0 - x0, iy1 - iy0);
        }
        if x1 > ix1 {
            fringe(ix1, iy0, x1 - ix1, iy1 - iy0);
        }
    }

    /// A quarter ellipse in pixels centred at `(cx, cy)` with signed radii towards its
    /// quadrant.
    fn quarter_px(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, c: Rgba) {
        if rx == 0.0 || ry == 0.0 {
            return;
        }
        let k = 0.552_284_8;
        let mut pb = PathBuilder::new();
        pb.move_to(cx, cy);
        pb.line_to(cx + rx, cy);
        pb.cubic_to(cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry);
        pb.close();
        if let Some(p) = pb.finish() {
            self.pix.fill_path(
                &p,
                &c.paint(),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
}

impl Canvas {
    /// A circle, filled and/or outlined.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Option<Rgba>, outline: Option<Line>) {
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
        let baseline = (y * self.scale).round() as i32;
        let mut pen = x0;
        let mut prev = None;
        for c in s.chars() {
            if let Some(p) = prev {
                pen += text::kern(p, c, weight, px);
            }
            let g = text::glyph(c, weight, px);
            let gx = pen.round() as i32 + g.xmin;
            let gy = baseline - g.ymin - g.height as i32;
            self.blend_mask(gx, gy, g.width, g.height, &g.coverage, color);
            pen += g.advance;
            prev = Some(c);
        }
        w / self.scale
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
        let data = self.pix.data_mut();
        let ca = u32::from(color.3);
        for row in 0..h as i32 {
            let py = y + row;
            if py < 0 || py >= ph {
                continue;
            }
            for col in 0..w as i32 {
                let px = x + col;
                if px < 0 || px >= pw {
                    continue;
                }
                let cov = u32::from(mask[row as usize * w + col as usize]);
                if cov == 0 {
                    continue;
                }
                let a = cov * ca / 255;
                let i = ((py * pw + px) * 4) as usize;
                for (k, c) in [color.0, color.1, color.2].into_iter().enumerate() {
                    let d = u32::from(data[i + k]);
                    data[i + k] = ((u32::from(c) * a + d * (255 - a) + 127) / 255) as u8;
                }
            }
        }
    }
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
