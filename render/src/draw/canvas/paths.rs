//! Curves and strokes, through tiny-skia: filled and stroked paths, circles, polylines and
//! polygons, and the path builders.

use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Stroke, StrokeDash};

use super::{Canvas, Line, Rgba, rects::solid_ring};
use crate::draw::damage::OpHash;

impl Canvas {
    /// Fills a path built in design units.
    pub fn fill(&mut self, path: &Path, color: Rgba) {
        if !self.admit(self.path_area(path, 0.0), || path_hash(4, path).rgba(color)) {
            return;
        }
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
        // A miter reaches out at most four half-widths (tiny-skia's default limit).
        let rows = self.path_area(path, 2.0 * line.width);
        if !self.admit(rows, || path_hash(5, path).line(Some(line))) {
            return;
        }
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

    /// The pixels of the whole image a path may touch, `reach` design units beyond its
    /// points each way: (left, top, right, bottom).
    fn path_area(&self, path: &Path, reach: f32) -> (f32, f32, f32, f32) {
        let b = path.bounds();
        let k = self.scale;
        (
            (b.left() - reach) * k,
            (b.top() - reach) * k,
            (b.right() + reach) * k,
            (b.bottom() + reach) * k,
        )
    }

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
}

/// A path's hash: its verbs and points.
fn path_hash(tag: u8, path: &Path) -> OpHash {
    let h = OpHash::new(tag).word(path.verbs().len() as u64);
    let h = path.verbs().iter().fold(h, |h, v| h.word(*v as u64));
    path.points().iter().fold(h, |h, p| h.f32(p.x).f32(p.y))
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
