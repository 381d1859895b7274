//! Rectangles and rounded rectangles, blended by hand: coverage per row and column, and
//! corner masks kept across images, far cheaper than filling paths.

use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

use crate::draw::memo::Memo;

use super::{Canvas, Line, Rgba, paths::round_rect_path};
use crate::draw::damage::OpHash;

impl Canvas {
    /// A filled rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgba) {
        let k = self.scale;
        let hash = || OpHash::new(1).f32(x).f32(y).f32(w).f32(h).rgba(color);
        if !self.admit((x * k, y * k, (x + w) * k, (y + h) * k), hash) {
            return;
        }
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
        let (k, e) = (self.scale, outline.map_or(0.0, |l| l.width / 2.0));
        let hash = || {
            let h0 = OpHash::new(2).f32(x).f32(y).f32(w).f32(h).f32(r);
            h0.maybe(fill).line(outline)
        };
        let area = ((x - e) * k, (y - e) * k, (x + w + e) * k, (y + h + e) * k);
        if !self.admit(area, hash) {
            return;
        }
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
            && !self.outline_round_rect((x, y, w, h), r, l)
            && !self.dashed_round_rect((x, y, w, h), r, l)
            && let Some(path) = round_rect_path(x, y, w, h, r)
        {
            self.stroke(&path, l);
        }
    }

    /// A small rounded rectangle's dashed outline, stroked once per size, look and
    /// quarter-pixel place and then copied from the fine sprite cache: tiny-skia's dashing
    /// and stroking cost 400–900 K instructions for one square's outline, and a board's
    /// marked squares (a home, an exit, a field of view) are all one size. False (nothing
    /// drawn) for a solid line, an outline more than [`DASHED_SPRITE_PX`] across, or on a
    /// transparent layer (a copy blends colour only, and would leave the layer's alpha).
    fn dashed_round_rect(&mut self, (x, y, w, h): (f32, f32, f32, f32), r: f32, l: Line) -> bool {
        let extent = w.max(h) + l.width + 2.0;
        if l.dash.is_none() || self.layer || extent * self.scale > DASHED_SPRITE_PX {
            return false;
        }
        let look = OpHash::new(10).f32(w).f32(h).f32(r).line(Some(l)).value();
        let look = look & ((1 << 48) - 1) | DASHED_LOOK;
        self.sprite_fine(look, (x + w / 2.0, y + h / 2.0), extent, |cv, cx, cy| {
            if let Some(path) = round_rect_path(cx - w / 2.0, cy - h / 2.0, w, h, r) {
                cv.stroke(&path, l);
            }
        });
        true
    }

    /// A rounded rectangle's solid outline drawn by hand, as four straight strips and four
    /// quarter rings, the way [`Canvas::fill_round_rect`] fills: stroking the path costs
    /// as much as filling the whole rectangle (a board's outline, some 400 K instructions).
    /// The pieces meet on whole pixels and never overlap. False (nothing drawn) for a
    /// dashed or translucent line (a hand-blended rectangle weighs a colour's alpha
    /// differently from a path) or a corner too tight for a ring (its inner radius would
    /// not be positive): those are stroked.
    fn outline_round_rect(&mut self, (x, y, w, h): (f32, f32, f32, f32), r: f32, l: Line) -> bool {
        if l.dash.is_some() || l.color.3 != 255 || r <= 0.0 || w <= 0.0 || h <= 0.0 {
            return false;
        }
        let (k, e) = (self.scale, l.width / 2.0);
        let lw = l.width * k;
        let (x0, y0, x1, y1) = ((x - e) * k, (y - e) * k, (x + w + e) * k, (y + h + e) * k);
        let p = Snapped::new((x0, y0, x1, y1), (r + e) * k);
        // Each corner's radii (outer) must leave a ring a line wide on both axes.
        if p.least_radius() <= lw + 0.5 {
            return false;
        }
        let c = l.color;
        let Snapped {
            sx0, sx1, sy0, sy1, ..
        } = p;
        self.rect_px(sx0, y0, sx1 - sx0, lw, c);
        self.rect_px(sx0, y1 - lw, sx1 - sx0, lw, c);
        self.rect_px(x0, sy0, lw, sy1 - sy0, c);
        self.rect_px(x1 - lw, sy0, lw, sy1 - sy0, c);
        for (cx, cy, rx, ry) in p.corners() {
            self.quarter_ring_px(cx, cy, (rx, ry), lw, c);
        }
        true
    }

    /// A filled rounded rectangle.
    fn fill_round_rect(&mut self, rect: (f32, f32, f32, f32), r: f32, c: Rgba) {
        self.fill_round_rect_except(rect, r, c, &[]);
    }

    /// The pixels (columns, then rows of this band) that [`Canvas::fill_round_rect`]
    /// of an opaque colour covers wholly, as a rectangle: the full width between the
    /// rows where the corners end.
    pub(super) fn covered_px(&self, (x, y, w, h): (f32, f32, f32, f32), r: f32) -> Option<Hole> {
        if w <= 0.0 || h <= 0.0 {
            return None;
        }
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        let k = self.scale;
        let (x0, y0, x1, y1, rr) = (x * k, y * k, (x + w) * k, (y + h) * k, r * k);
        // The same row bounds as the side pieces below (or the plain rectangle's).
        let (sy0, sy1) = if r > 0.0 {
            let p = Snapped::new((x0, y0, x1, y1), rr);
            (p.sy0, p.sy1)
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
            let p = Snapped::new((x0, y0, x1, y1), rr);
            let Snapped {
                sx0, sx1, sy0, sy1, ..
            } = p;
            self.rect_px_except(sx0, y0, sx1 - sx0, sy0 - y0, c, holes);
            self.rect_px_except(x0, sy0, x1 - x0, sy1 - sy0, c, holes);
            self.rect_px_except(sx0, sy1, sx1 - sx0, y1 - sy1, c, holes);
            for (cx, cy, rx, ry) in p.corners() {
                self.quarter_px(cx, cy, rx, ry, c);
            }
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

    /// [`Canvas::rect_px`], skipping the pixels of `holes` (which do not overlap, in order
    /// of their first column: see [`holes`]) on rows it copies whole.
    pub(super) fn rect_px_except(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        c: Rgba,
        holes: &[Hole],
    ) {
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
        let top = self.top as usize;
        let width = pw as u32;
        let rows = ((ry0 + top) as u32, (ry1 + top) as u32);
        if self
            .only()
            .is_some_and(|w| !w.any_in(rows, (cx0 as f32, cx1 as f32), width))
        {
            return;
        }
        let cover = |i: usize, lo: f32, hi: f32| {
            ((i as f32 + 1.0).min(hi) - (i as f32).max(lo)).clamp(0.0, 1.0)
        };
        // Only the first and the last column can be partly covered: every column between
        // them is covered whole.
        let n = cx1 - cx0;
        let (cov_l, cov_r) = (cover(cx0, x0, x1), cover(cx1 - 1, x0, x1));
        let col = |k: usize| {
            if k == 0 {
                cov_l
            } else if k == n - 1 {
                cov_r
            } else {
                1.0
            }
        };
        // The run of columns wholly inside, filled as one slice on fully covered rows.
        let full_a = usize::from(cov_l < 1.0);
        let full_b = if n == 1 {
            full_a.max(usize::from(cov_l >= 1.0))
        } else if cov_r >= 1.0 {
            n
        } else {
            n - 1
        };
        let fill = tiny_skia::PremultipliedColorU8::from_rgba(c.0, c.1, c.2, 255);
        let stride = pw * 4;
        let layer = self.layer;
        let blend = |px: &mut [u8], c: Rgba, a: u32| {
            if layer {
                blend_layer(px, c, a);
            } else {
                blend(px, c, a);
            }
        };
        let only = super::only_rows(&self.mode);
        // The wanted columns of a row, when only some are (no list is made otherwise).
        let mut wanted: Vec<(usize, usize)> = Vec::new();
        let whole = [(cx0, cx1)];
        // A row that starts as the last one drawn started ends as it ended (a translucent
        // shade over a square or a panel, a board's square, repeat row after row), so it
        // is copied, not drawn again.
        let mut memo = RowMemo::default();
        for row in ry0..ry1 {
            if only.is_some_and(|w| !w.row(row + top)) {
                continue;
            }
            let cy = cover(row, y0, y1);
            // The columns of the row drawn: all of them, or the wanted ones.
            let spans: &[(usize, usize)] = match only {
                Some(w) => {
                    wanted.clear();
                    wanted.extend(w.spans(row + top, cx0, cx1));
                    &wanted
                }
                None => &whole,
            };
            for &(sa, sb) in spans {
                let line = row * stride;
                if let Some(fill) = fill.filter(|_| c.3 == 255 && cy >= 1.0) {
                    // A narrow rectangle (a board's square) over rows that repeat: a row
                    // that starts as the one before ends as it did (its edges blended
                    // alike), and is copied.
                    let narrow = holes.is_empty() && sb - sa <= NARROW;
                    let key = (sa, sb, u32::MAX);
                    let span = line + sa * 4..line + sb * 4;
                    if narrow {
                        let data = &mut self.pix.data_mut()[span.clone()];
                        if memo.replay(key, data) {
                            continue;
                        }
                    }
                    // Columns `a..b` filled whole, less those of the holes on this row;
                    // the edge columns blended.
                    let (a, b) = ((cx0 + full_a).max(sa), (cx0 + full_b).min(sb));
                    let pixels = &mut self.pix.pixels_mut()[row * pw..(row + 1) * pw];
                    fill_around(pixels, (a, b.max(a)), row, holes, fill);
                    let data = self.pix.data_mut();
                    for k in (0..full_a).chain(full_b..n) {
                        if (sa..sb).contains(&(cx0 + k)) {
                            let px = &mut data[line + (cx0 + k) * 4..][..4];
                            blend(px, c, (col(k) * 255.0 + 0.5) as u32);
                        }
                    }
                    if narrow {
                        memo.end(key, &self.pix.data()[span]);
                    }
                    continue;
                }
                // Inside, one coverage for the whole row: a pixel like the one before it
                // (a panel's background, mostly) becomes what that one became.
                let inside = ((cy * 255.0 + 0.5) as u32).min(255);
                let data = &mut self.pix.data_mut()[line + sa * 4..line + sb * 4];
                let key = (sa, sb, cy.to_bits());
                if memo.replay(key, data) {
                    continue;
                }
                let mut last: Option<([u8; 4], [u8; 4])> = None;
                for (i, px) in data.chunks_exact_mut(4).enumerate() {
                    let k = sa - cx0 + i;
                    if k == 0 || k == n - 1 {
                        blend(px, c, ((col(k) * cy * 255.0 + 0.5) as u32).min(255));
                        continue;
                    }
                    let was = [px[0], px[1], px[2], px[3]];
                    match last {
                        Some((from, to)) if from == was => px.copy_from_slice(&to),
                        _ => {
                            blend(px, c, inside);
                            last = Some((was, [px[0], px[1], px[2], px[3]]));
                        }
                    }
                }
                memo.end(key, data);
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
        let key = ((rx * 64.0).round() as i32, (ry * 64.0).round() as i32);
        let corner = CORNERS.get(key, || {
            Corner::new(key.0 as f32 / 64.0, key.1 as f32 / 64.0)
        });
        self.blend_corner((cx, cy), &corner, c);
    }

    /// A quarter ring in pixels centred at `(cx, cy)` (whole pixels): between the quarter
    /// ellipse with signed radii `(rx, ry)` and the one `width` nearer the centre. Kept per
    /// radii and width, like the corners of fills.
    fn quarter_ring_px(&mut self, cx: f32, cy: f32, (rx, ry): (f32, f32), width: f32, c: Rgba) {
        let q = |v: f32| (v * 64.0).round() as i32;
        let key = (q(rx), q(ry), q(width));
        let ring = RINGS.get(key, || {
            let k = |v: i32| v as f32 / 64.0;
            Corner::ring(k(key.0), k(key.1), k(key.2))
        });
        self.blend_corner((cx, cy), &ring, c);
    }

    /// Blends colour `c` through a corner's mask, its centre at image pixel `(cx, cy)`.
    fn blend_corner(&mut self, (cx, cy): (f32, f32), corner: &Corner, c: Rgba) {
        let cy = cy - self.top;
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

/// The fine sprite cache's looks of dashed outlines (a hash of the outline below).
const DASHED_LOOK: u64 = 0xDA5E << 48;
/// The widest dashed outline, in pixels, drawn through the sprite cache (a square's or a
/// field of view's on a large maze, each sprite at most about 100 KiB: a panel's, or a
/// field of view on a small board, is stroked in place).
const DASHED_SPRITE_PX: f32 = 160.0;

/// The last row a rectangle drew: its key (its columns, and its coverage or `u32::MAX`
/// for a whole opaque row), its pixels before and after.
#[derive(Default)]
struct RowMemo {
    key: Option<(usize, usize, u32)>,
    before: Vec<u8>,
    after: Vec<u8>,
}

impl RowMemo {
    /// Whether row pixels `data`, about to be drawn under `key`, start as the last row
    /// drawn under it started: then they are made what it became. Otherwise they are kept
    /// as the next row's "before".
    #[inline]
    fn replay(&mut self, key: (usize, usize, u32), data: &mut [u8]) -> bool {
        if self.key == Some(key) && *data == self.before[..] {
            data.copy_from_slice(&self.after);
            return true;
        }
        self.before.clear();
        self.before.extend_from_slice(data);
        false
    }

    /// The row just drawn under `key` ended as `data`.
    #[inline]
    fn end(&mut self, key: (usize, usize, u32), data: &[u8]) {
        self.after.clear();
        self.after.extend_from_slice(data);
        self.key = Some(key);
    }
}

/// A rounded rectangle in pixels with its corners' centres on whole pixels: there its
/// straight pieces meet its quarter discs (or rings), so no seam shows. Filled rectangles,
/// their holes and outlines all cut it the same way.
#[derive(Clone, Copy, Debug)]
struct Snapped {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    sx0: f32,
    sx1: f32,
    sy0: f32,
    sy1: f32,
}

impl Snapped {
    /// The rectangle `(x0, y0, x1, y1)` with corners of radius `rr`, all in pixels.
    fn new((x0, y0, x1, y1): (f32, f32, f32, f32), rr: f32) -> Snapped {
        let sx0 = (x0 + rr).round();
        let sy0 = (y0 + rr).round();
        Snapped {
            x0,
            y0,
            x1,
            y1,
            sx0,
            sx1: (x1 - rr).round().max(sx0),
            sy0,
            sy1: (y1 - rr).round().max(sy0),
        }
    }

    /// Each corner's centre and signed radii: top left, top right, bottom left, bottom
    /// right.
    fn corners(&self) -> [(f32, f32, f32, f32); 4] {
        let Snapped {
            x0,
            y0,
            x1,
            y1,
            sx0,
            sx1,
            sy0,
            sy1,
        } = *self;
        [
            (sx0, sy0, x0 - sx0, y0 - sy0),
            (sx1, sy0, x1 - sx1, y0 - sy0),
            (sx0, sy1, x0 - sx0, y1 - sy1),
            (sx1, sy1, x1 - sx1, y1 - sy1),
        ]
    }

    /// The smallest of the corners' radii once snapped.
    fn least_radius(&self) -> f32 {
        (self.sx0 - self.x0)
            .min(self.x1 - self.sx1)
            .min(self.sy0 - self.y0)
            .min(self.y1 - self.sy1)
    }
}

/// The widest rectangle, in pixels, whose repeated rows are compared and copied rather
/// than filled again: past it, filling costs less than comparing.
const NARROW: usize = 64;

/// Quarter rings by radii and width in 1/64 px.
static RINGS: Memo<(i32, i32, i32), Corner> = Memo::new(4096);

/// Fills columns `a..b` of a row's `pixels` with `fill`, leaving the columns of the
/// `holes` on `row` as they are (`holes` in order of their first column, as [`holes`]
/// makes them; they do not overlap).
fn fill_around(
    pixels: &mut [tiny_skia::PremultipliedColorU8],
    (a, b): (usize, usize),
    row: usize,
    holes: &[Hole],
    fill: tiny_skia::PremultipliedColorU8,
) {
    let mut at = a;
    for h in holes.iter().filter(|h| h.rows.contains(&row)) {
        let (start, end) = (h.cols.start.clamp(a, b), h.cols.end.clamp(a, b));
        if at < start {
            pixels[at..start].fill(fill);
        }
        at = at.max(end);
    }
    if at < b {
        pixels[at..b].fill(fill);
    }
}

/// Holes as [`Canvas::rect_px_except`] takes them: in order of their first column.
pub(super) fn holes(list: impl Iterator<Item = Hole>) -> Vec<Hole> {
    let mut holes: Vec<Hole> = list.collect();
    holes.sort_by_key(|h| h.cols.start);
    holes
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
        Corner::ring(rx, ry, 0.0)
    }

    /// The coverage between the quarter ellipse with signed radii `(rx, ry)` and the one
    /// `width` nearer its centre (the whole quarter for a width of 0); the inner radii must
    /// keep the outer's signs.
    fn ring(rx: f32, ry: f32, width: f32) -> Corner {
        let (w, h) = (rx.abs().ceil() as u32, ry.abs().ceil() as u32);
        let ox = if rx < 0.0 { w as f32 } else { 0.0 };
        let oy = if ry < 0.0 { h as f32 } else { 0.0 };
        let mut pix = Pixmap::new(w.max(1), h.max(1)).expect("a non-empty corner");
        let k = 0.552_284_8;
        let mut pb = PathBuilder::new();
        pb.move_to(ox, oy);
        pb.line_to(ox + rx, oy);
        pb.cubic_to(ox + rx, oy + ry * k, ox + rx * k, oy + ry, ox, oy + ry);
        if width > 0.0 {
            // Back along the inner quarter, the other way round: the ring alone is filled.
            let (ix, iy) = (rx - width * rx.signum(), ry - width * ry.signum());
            pb.line_to(ox, oy + iy);
            pb.cubic_to(ox + ix * k, oy + iy, ox + ix, oy + iy * k, ox + ix, oy);
        }
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
pub(super) fn solid_ring(fill: Option<Rgba>, outline: Option<Line>) -> Option<(Rgba, Line)> {
    let (f, l) = (fill?, outline?);
    (f.3 == 255 && l.color.3 == 255 && l.dash.is_none()).then_some((f, l))
}

/// Pixels a drawing leaves alone: `cols` × `rows` of a band, in pixels.
pub(super) struct Hole {
    cols: std::ops::Range<usize>,
    rows: std::ops::Range<usize>,
}

/// [`blend`] into a pixel of a transparent layer (premultiplied): its alpha grows too.
fn blend_layer(px: &mut [u8], c: Rgba, a: u32) {
    let da = u32::from(px[3]);
    blend(px, c, a);
    let a = a * u32::from(c.3) / 255;
    px[3] = (a + (da * (255 - a.min(255)) + 127) / 255).min(255) as u8;
}

/// Blends colour `c` at coverage `a` (0–255, before the colour's own alpha) into one
/// opaque RGBA pixel.
#[inline]
pub(super) fn blend(px: &mut [u8], c: Rgba, a: u32) {
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

#[cfg(test)]
mod tests {
    use super::{Canvas, Hole, Line, Rgba, fill_around, holes, round_rect_path};

    #[test]
    fn a_row_is_filled_around_its_holes_given_in_any_order() {
        let hole = |cols, rows| Hole { cols, rows };
        let holes = holes([hole(12..15, 0..5), hole(3..6, 0..5), hole(8..9, 4..9)].into_iter());
        let c = tiny_skia::PremultipliedColorU8::from_rgba(9, 8, 7, 255).expect("opaque");
        let filled = |row: usize| {
            let mut pixels = vec![tiny_skia::PremultipliedColorU8::TRANSPARENT; 20];
            fill_around(&mut pixels, (1, 18), row, &holes, c);
            pixels.iter().map(|p| *p == c).collect::<Vec<bool>>()
        };
        let want = |cols: &[std::ops::Range<usize>]| {
            (0..20)
                .map(|x| cols.iter().any(|r| r.contains(&x)))
                .collect::<Vec<bool>>()
        };
        assert_eq!(filled(2), want(&[1..3, 6..12, 15..18]));
        assert_eq!(filled(4), want(&[1..3, 6..8, 9..12, 15..18]));
        assert_eq!(filled(7), want(&[1..8, 9..18]));
        assert_eq!(filled(9), want(&[1..10, 10..18]));
    }

    /// The ink of every pixel (how far it is from the background), by channel.
    fn ink(cv: &Canvas, bg: Rgba) -> Vec<i32> {
        cv.pix
            .data()
            .chunks_exact(4)
            .flat_map(|p| {
                [bg.0, bg.1, bg.2]
                    .into_iter()
                    .zip(p)
                    .map(|(b, &c)| i32::from(b) - i32::from(c))
            })
            .collect()
    }

    #[test]
    fn an_outline_drawn_by_hand_looks_like_the_stroked_path() {
        let bg = Rgba(240, 230, 210, 255);
        for (line, r, scale) in [
            (Line::new(Rgba(30, 30, 60, 255), 2.0), 2.0, 1.0),
            (Line::new(Rgba(30, 30, 60, 255), 3.0), 6.0, 1.37),
            (Line::new(Rgba(200, 40, 40, 255), 4.0), 3.0, 1.11),
            (Line::new(Rgba(90, 140, 40, 255), 2.5), 12.0, 0.83),
        ] {
            let rect = (7.3, 5.6, 50.0, 31.2);
            let mut hand = Canvas::new((80.0 * scale) as u32, 80.0, 50.0, bg);
            hand.round_rect(rect, r, None, Some(line));
            let mut stroked = Canvas::new((80.0 * scale) as u32, 80.0, 50.0, bg);
            let path = round_rect_path(rect.0, rect.1, rect.2, rect.3, r).expect("path");
            stroked.stroke(&path, line);
            let (a, b) = (ink(&hand, bg), ink(&stroked, bg));
            let worst = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).max();
            let (sa, sb) = (a.iter().sum::<i32>(), b.iter().sum::<i32>());
            // tiny-skia rounds coverage to quarters of a row, a little upwards: close, not
            // equal.
            assert!(worst < Some(96), "{line:?}: a pixel differs by {worst:?}");
            assert!((sa - sb).abs() * 12 < sb, "{line:?}: ink {sa} against {sb}");
            // Down the middle of the top edge, each row holds the line's exact area.
            let k = hand.scale;
            let (top, bottom) = (
                (rect.1 - line.width / 2.0) * k,
                (rect.1 + line.width / 2.0) * k,
            );
            let x = ((rect.0 + rect.2 / 2.0) * k) as usize;
            let full = f32::from(bg.0 - line.color.0) * f32::from(line.color.3) / 255.0;
            for row in 0..(bottom.ceil() as usize + 2) {
                let cover =
                    ((row as f32 + 1.0).min(bottom) - (row as f32).max(top)).clamp(0.0, 1.0);
                let got = a[(row * hand.pix.width() as usize + x) * 3];
                assert!(
                    (got as f32 - cover * full).abs() <= 3.0,
                    "{line:?}: row {row} has ink {got}, its area {cover}"
                );
            }
        }
    }

    /// A translucent rectangle lays its colour at its alpha once: inside, the background
    /// and the colour mixed as the alpha says; on a half-covered edge, half as much.
    #[test]
    fn a_translucent_rect_is_blended_at_its_alpha() {
        let bg = Rgba(240, 230, 210, 255);
        let c = Rgba(20, 80, 200, 90);
        let mut cv = Canvas::new(40, 40.0, 40.0, bg);
        cv.rect(10.0, 10.0, 20.5, 20.0, c);
        let mix = |a: f32| {
            let m = |b: u8, c: u8| f32::from(b) + (f32::from(c) - f32::from(b)) * a / 255.0;
            (m(bg.0, c.0), m(bg.1, c.1), m(bg.2, c.2))
        };
        let near = |(x, y): (u32, u32), want: (f32, f32, f32)| {
            let p = cv.pix.pixel(x, y).expect("in the canvas");
            let got = (
                f32::from(p.red()),
                f32::from(p.green()),
                f32::from(p.blue()),
            );
            let off = [(got.0, want.0), (got.1, want.1), (got.2, want.2)]
                .iter()
                .map(|(g, w)| (g - w).abs())
                .fold(0.0, f32::max);
            assert!(off <= 1.0, "({x}, {y}): {got:?}, wanted {want:?}");
        };
        near((15, 15), mix(90.0));
        near((30, 15), mix(45.0));
        near((5, 5), mix(0.0));
        // So does a rounded one, filled, inside its corners.
        let mut cv = Canvas::new(40, 40.0, 40.0, bg);
        cv.round_rect((10.0, 10.0, 20.0, 20.0), 4.0, Some(c), None);
        let p = cv.pix.pixel(20, 20).expect("in the canvas");
        let want = mix(90.0);
        assert!(
            (f32::from(p.red()) - want.0).abs() <= 1.0,
            "{p:?} against {want:?}"
        );
        assert!(
            (f32::from(p.blue()) - want.2).abs() <= 1.0,
            "{p:?} against {want:?}"
        );
    }

    #[test]
    fn a_translucent_outline_is_stroked() {
        let bg = Rgba(240, 230, 210, 255);
        let line = Line::new(Rgba(200, 40, 40, 140), 3.0);
        let rect = (7.3, 5.6, 50.0, 31.2);
        let mut hand = Canvas::new(80, 80.0, 50.0, bg);
        hand.round_rect(rect, 5.0, None, Some(line));
        let mut stroked = Canvas::new(80, 80.0, 50.0, bg);
        let path = round_rect_path(rect.0, rect.1, rect.2, rect.3, 5.0).expect("path");
        stroked.stroke(&path, line);
        assert!(hand.pix.data() == stroked.pix.data(), "{line:?}");
    }

    /// A dashed outline comes from the fine sprite cache: where its place is on a quarter
    /// pixel it is the stroked outline to within the rounding of a copy, on a plain
    /// background or over something drawn; anywhere else it is that outline moved by at
    /// most an eighth of a pixel; a wide one is stroked in place.
    #[test]
    fn a_dashed_outline_is_the_stroked_one_copied() {
        let bg = Rgba(240, 230, 210, 255);
        let line = Line::new(Rgba(20, 40, 40, 255), 3.0).dashed(5.0, 3.0);
        let draw = |rect: (f32, f32, f32, f32), copied: bool| {
            let mut cv = Canvas::new(300, 300.0, 60.0, bg);
            cv.rect(0.0, 20.0, 300.0, 9.0, Rgba(30, 90, 160, 255));
            if copied {
                cv.round_rect(rect, 5.0, None, Some(line));
            } else {
                let path = round_rect_path(rect.0, rect.1, rect.2, rect.3, 5.0).expect("path");
                cv.stroke(&path, line);
            }
            cv.pix.data().to_vec()
        };
        let most = |a: &[u8], b: &[u8]| a.iter().zip(b).map(|(a, b)| a.abs_diff(*b)).max();
        let mean = |a: &[u8], b: &[u8]| {
            a.iter()
                .zip(b)
                .map(|(a, b)| f64::from(a.abs_diff(*b)))
                .sum::<f64>()
                / a.len() as f64
        };
        // On quarter pixels: the same within the rounding of blending twice.
        let on_quarters = (7.25, 5.5, 50.0, 31.5);
        assert!(most(&draw(on_quarters, true), &draw(on_quarters, false)) <= Some(2));
        // Elsewhere: near, edges shifted by under an eighth of a pixel.
        let anywhere = (7.3, 5.6, 50.0, 31.2);
        let (a, b) = (draw(anywhere, true), draw(anywhere, false));
        assert!(a != b, "a place off the quarters is drawn at the nearest");
        assert!(mean(&a, &b) < 1.0, "mean difference {}", mean(&a, &b));
        // Too wide for the cache: stroked in place, exactly.
        let wide = (7.3, 5.6, 250.0, 31.2);
        assert!(draw(wide, true) == draw(wide, false));
        // On a transparent layer, stroked in place too (a copy would leave its alpha).
        let layer = |copied: bool| {
            let mut cv = Canvas::new(300, 300.0, 60.0, bg).layer((0, 60));
            if copied {
                cv.round_rect(anywhere, 5.0, None, Some(line));
            } else {
                let path = round_rect_path(anywhere.0, anywhere.1, anywhere.2, anywhere.3, 5.0);
                cv.stroke(&path.expect("path"), line);
            }
            cv.pix.data().to_vec()
        };
        assert!(layer(true) == layer(false));
        assert!(layer(true).chunks_exact(4).any(|p| p[3] == 255));
    }

    #[test]
    fn a_rect_over_repeating_and_changing_rows_is_the_rect_drawn_row_by_row() {
        let canvas = || {
            let mut cv = Canvas::new(60, 60.0, 40.0, Rgba(240, 230, 210, 255));
            // Rows that repeat for a while, then change: stripes and a step.
            for (y, h) in [(3.0, 4.0), (11.0, 1.0), (12.0, 6.5), (25.0, 2.0)] {
                cv.rect(5.0, y, 30.0, h, Rgba(30, 90, 160, 255));
            }
            cv.rect(20.0, 0.0, 3.0, 40.0, Rgba(200, 60, 40, 255));
            // Across the whole width, under the rectangle's blended edge columns too.
            cv.rect(0.0, 29.5, 60.0, 3.0, Rgba(90, 160, 40, 255));
            cv
        };
        // A translucent shade, and an opaque fill whose edge columns are blended (narrow
        // enough for its repeated rows to be copied).
        for colour in [Rgba(10, 10, 10, 100), Rgba(200, 30, 60, 255)] {
            let mut whole = canvas();
            whole.rect(2.3, 1.0, 50.4, 36.0, colour);
            let mut rows = canvas();
            for y in 1..37 {
                rows.rect(2.3, y as f32, 50.4, 1.0, colour);
            }
            assert!(whole.pix.data() == rows.pix.data(), "{colour:?}");
            assert!(whole.pix.data() != canvas().pix.data());
        }
    }
}
