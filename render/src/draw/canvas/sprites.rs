//! Icons drawn once per size into a small pixmap and then copied.

use tiny_skia::Pixmap;

use crate::draw::memo::Memo;

use super::Canvas;
use crate::draw::damage::OpHash;

/// Which icon a sprite is, for the sprite cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SpriteKey {
    pub icon: u8,
    pub variant: u8,
}

/// Icons drawn once per size into a small transparent pixmap and then copied: icons are
/// most of the paths in an image and look the same everywhere they appear. Keyed by (icon,
/// size in quarter pixels, scale bits).
static SPRITES: Memo<(SpriteKey, u32, u32), Sprite> = Memo::new(2048);

/// Shapes of one colour and a few flags (a player's token), drawn once per size, look and
/// quarter-pixel position and copied: keyed by (look, bits of the exact size, scale bits,
/// horizontal and vertical quarter-pixel phase), so that one key is always one drawing
/// (whichever band draws it first: the result must not depend on which thread wins).
/// Bounded low: each is a few dozen KiB (a token), at most about 100 KiB (a dashed
/// outline, `rects.rs`).
static FINE: Memo<(u64, u32, u32, u8, u8), Sprite> = Memo::new(1024);

/// A sprite drawn once, with its rows read as runs: most of a sprite's pixels are wholly
/// transparent (the corners of its square) or wholly opaque (its inside), and copying
/// runs of those costs a fraction of blending pixel by pixel. Only the anti-aliased edge
/// is blended.
struct Sprite {
    pix: Pixmap,
    /// Per row: the end of its runs in `runs`.
    rows: Vec<u32>,
    runs: Vec<Run>,
}

/// Columns `start..end` of a sprite's row, none wholly transparent: all opaque, or all
/// partly covering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    start: u32,
    end: u32,
    opaque: bool,
}

impl Sprite {
    fn new(pix: Pixmap) -> Sprite {
        let width = pix.width() as usize;
        let mut rows = Vec::with_capacity(pix.height() as usize);
        let mut runs = Vec::new();
        for row in pix.data().chunks_exact(width * 4) {
            let mut run: Option<Run> = None;
            for (x, px) in row.chunks_exact(4).enumerate() {
                let x = x as u32;
                let kind = match px[3] {
                    0 => None,
                    255 => Some(true),
                    _ => Some(false),
                };
                match (&mut run, kind) {
                    (Some(r), Some(opaque)) if r.opaque == opaque => r.end = x + 1,
                    _ => {
                        runs.extend(run.take());
                        run = kind.map(|opaque| Run {
                            start: x,
                            end: x + 1,
                            opaque,
                        });
                    }
                }
            }
            runs.extend(run);
            rows.push(runs.len() as u32);
        }
        Sprite { pix, rows, runs }
    }

    /// The runs of row `row`.
    fn runs(&self, row: usize) -> &[Run] {
        let start = if row == 0 { 0 } else { self.rows[row - 1] };
        &self.runs[start as usize..self.rows[row] as usize]
    }
}

impl Canvas {
    /// Draws a shape through the fine sprite cache, centred at `(cx, cy)` to within an
    /// eighth of a pixel (the copy is drawn at the quarter-pixel phase of its place, so it
    /// looks as drawn in place): for large anti-aliased shapes that recur with a few looks,
    /// such as the players' tokens on the floor. `look` tells the looks apart; `size` is
    /// the shape's whole extent; `draw` draws it centred at its arguments.
    pub fn sprite_fine(
        &mut self,
        look: u64,
        (cx, cy): (f32, f32),
        size: f32,
        draw: impl Fn(&mut Canvas, f32, f32),
    ) {
        let dim = (size * self.scale).ceil() as u32 + 4;
        let half = dim as f32 / 2.0;
        let place = |v: f32| {
            let at = v - half;
            let whole = at.floor();
            let q = ((at - whole) * 4.0).round();
            if q >= 4.0 {
                (whole as i32 + 1, 0u8)
            } else {
                (whole as i32, q as u8)
            }
        };
        let (x, qx) = place(cx * self.scale);
        let (y, qy) = place(cy * self.scale - self.top);
        let key = (look, size.to_bits(), self.scale.to_bits(), qx, qy);
        let k = key;
        let hash = OpHash::new(6)
            .word(k.0)
            .word(u64::from(k.1))
            .word(u64::from(k.2))
            .word(u64::from(k.3) << 8 | u64::from(k.4));
        if !self.admit_sprite((x, y), dim, hash) {
            return;
        }
        let sprite = FINE.get(key, || {
            let mut sub = self.sprite_canvas(dim);
            let at = |q: u8| (half + f32::from(q) / 4.0) / self.scale;
            draw(&mut sub, at(qx), at(qy));
            Sprite::new(sub.pix)
        });
        self.blit(&sprite, x, y);
    }

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
        let x = (cx * self.scale - dim as f32 / 2.0).round() as i32;
        let y = (cy * self.scale - dim as f32 / 2.0).round() as i32 - self.top as i32;
        let hash = OpHash::new(7)
            .word(u64::from(key.icon) << 8 | u64::from(key.variant))
            .word(u64::from(cache_key.1) << 32 | u64::from(cache_key.2));
        if !self.admit_sprite((x, y), dim, hash) {
            return;
        }
        let sprite = SPRITES.get(cache_key, || {
            let mut sub = self.sprite_canvas(dim);
            let c = dim as f32 / 2.0 / self.scale;
            draw(&mut sub, c, c, size);
            Sprite::new(sub.pix)
        });
        self.blit(&sprite, x, y);
    }

    /// [`Canvas::admit`] for a sprite `dim` pixels square whose top-left corner is at pixel
    /// `(x, y)` of this band, kept under `key`.
    fn admit_sprite(&mut self, (x, y): (i32, i32), dim: u32, key: OpHash) -> bool {
        let (x0, y0) = (x as f32, y as f32 + self.top);
        let area = (x0, y0, x0 + dim as f32, y0 + dim as f32);
        self.admit(area, || key.word(x as u64).word(y as u64))
    }

    /// A transparent canvas `dim` pixels square at this canvas's scale: a sprite drawn once.
    fn sprite_canvas(&self, dim: u32) -> Canvas {
        Canvas {
            pix: Pixmap::new(dim, dim).expect("a non-empty sprite"),
            scale: self.scale,
            top: 0.0,
            texts: Vec::new(),
            layer: false,
            mode: super::Mode::Draw,
            rows: dim,
        }
    }

    /// Whether a layer that lies on image rows `rows` and is kept under the hash `key` (all
    /// its pixels depend on) is drawn: see [`Canvas::admit`]. Asked before the layer is
    /// looked up (or drawn), which a probing canvas never needs.
    pub fn wants_layer(&mut self, key: u64, (r0, r1): (u32, u32)) -> bool {
        let area = (0.0, r0 as f32, self.pix.width() as f32, r1 as f32);
        self.admit(area, || OpHash::new(8).word(key))
    }

    /// Draws the spans of a layer (premultiplied pixels from image column `x` of image
    /// row `row`, see [`Canvas::layer`]) that fall in this band, source over: after
    /// [`Canvas::wants_layer`].
    pub fn blit_layer<'a>(&mut self, spans: impl Iterator<Item = (u32, u32, &'a [u8])>) {
        let (pw, top) = (self.pix.width() as usize, self.top as u32);
        let rows = top..top + self.pix.height();
        let only = super::only_rows(&self.mode);
        let data = self.pix.data_mut();
        for (row, x, src) in spans {
            if !rows.contains(&row) || x as usize + src.len() / 4 > pw {
                continue;
            }
            if only.is_some_and(|w| !w.row(row as usize)) {
                continue;
            }
            let start = ((row - top) as usize * pw + x as usize) * 4;
            let line = &mut data[start..start + src.len()];
            for (d, s) in line.chunks_exact_mut(4).zip(src.chunks_exact(4)) {
                over(d, s);
            }
        }
    }

    /// Draws a premultiplied sprite with its top-left corner at pixel `(x, y)` of this
    /// band (source over): its opaque runs copied (on an opaque canvas; a layer keeps its
    /// own alpha), the rest blended pixel by pixel.
    fn blit(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let (pw, ph) = (self.pix.width() as i32, self.pix.height() as i32);
        let (sw, sh) = (sprite.pix.width() as i32, sprite.pix.height() as i32);
        let (c0, c1) = ((-x).max(0), (pw - x).min(sw));
        if c0 >= c1 {
            return;
        }
        let (c0, c1) = (c0 as u32, c1 as u32);
        let src = sprite.pix.data();
        let top = self.top as i32;
        let copy = !self.layer;
        let only = super::only_rows(&self.mode);
        let data = self.pix.data_mut();
        for row in (-y).max(0)..(ph - y).min(sh) {
            if only.is_some_and(|w| !w.row((y + row + top) as usize)) {
                continue;
            }
            let line = ((y + row) * pw) as usize * 4;
            let from = (row * sw) as usize * 4;
            for run in sprite.runs(row as usize) {
                let (a, b) = (run.start.max(c0), run.end.min(c1));
                if a >= b {
                    continue;
                }
                // Columns `a..b` of the sprite, at `x + a..x + b` of the band (never left of
                // its first column: `a` is at least `-x`).
                let at = line + (x + a as i32) as usize * 4;
                let n = (b - a) as usize * 4;
                let s = &src[from + a as usize * 4..][..n];
                let d = &mut data[at..at + n];
                if run.opaque && copy {
                    d.copy_from_slice(s);
                } else {
                    for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
                        over(d, s);
                    }
                }
            }
        }
    }
}

/// A premultiplied pixel `s` source over an opaque pixel `d`.
#[inline]
fn over(d: &mut [u8], s: &[u8]) {
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

#[cfg(test)]
mod tests {
    use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

    use super::{Canvas, Sprite, over};
    use crate::draw::canvas::Rgba;

    /// A disc with an anti-aliased edge, half transparent inside on the right half.
    fn disc(dim: u32) -> Pixmap {
        let mut pix = Pixmap::new(dim, dim).expect("pixmap");
        let c = dim as f32 / 2.0;
        let path = PathBuilder::from_circle(c, c, c - 1.5).expect("circle");
        let paint = Rgba(200, 40, 90, 255).paint();
        pix.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let half = PathBuilder::from_rect(tiny_skia::Rect::from_xywh(c, 0.0, c, c).expect("rect"));
        let paint = Rgba(10, 200, 30, 120).paint();
        pix.fill_path(
            &half,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        pix
    }

    #[test]
    fn runs_cover_every_pixel_that_is_not_transparent_and_say_which_are_opaque() {
        let pix = disc(23);
        let sprite = Sprite::new(pix.clone());
        for (y, row) in pix.data().chunks_exact(23 * 4).enumerate() {
            let mut kinds = [None; 23];
            for run in sprite.runs(y) {
                for x in run.start..run.end {
                    kinds[x as usize] = Some(run.opaque);
                }
            }
            for (x, px) in row.chunks_exact(4).enumerate() {
                let want = (px[3] != 0).then_some(px[3] == 255);
                assert_eq!(kinds[x], want, "row {y}, column {x}");
            }
        }
        assert!(sprite.runs.iter().any(|r| r.opaque));
        assert!(sprite.runs.iter().any(|r| !r.opaque));
    }

    #[test]
    fn a_blit_by_runs_is_the_blend_of_every_pixel_even_cut_by_the_edges() {
        let pix = disc(31);
        let sprite = Sprite::new(pix.clone());
        for (x, y) in [(5, 4), (-9, -7), (20, 12), (-3, 15)] {
            let mut cv = Canvas::new(40, 40.0, 30.0, Rgba(240, 230, 210, 255));
            cv.rect(0.0, 10.0, 40.0, 3.0, Rgba(20, 20, 120, 255));
            let mut want = cv.pix.clone();
            cv.blit(&sprite, x, y);
            // The reference: every pixel of the sprite blended on its own.
            let (w, h) = (want.width() as i32, want.height() as i32);
            let data = want.data_mut();
            for sy in 0..31 {
                for sx in 0..31 {
                    let (dx, dy) = (x + sx, y + sy);
                    if (0..w).contains(&dx) && (0..h).contains(&dy) {
                        let d = ((dy * w + dx) * 4) as usize;
                        let s = ((sy * 31 + sx) * 4) as usize;
                        over(&mut data[d..d + 4], &pix.data()[s..s + 4]);
                    }
                }
            }
            assert!(cv.pix.data() == want.data(), "sprite at ({x}, {y})");
        }
    }
}
