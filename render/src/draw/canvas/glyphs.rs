//! Text on the canvas: measured, fitted to a width, and drawn from the font's glyph masks,
//! each text's ink recorded.

use crate::draw::text::{self, Weight};

use super::{Align, Canvas, Rgba, TextInk, rects::blend};
use crate::draw::damage::OpHash;

impl Canvas {
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
        let hash = || {
            let h = OpHash::new(3).bytes(s.as_bytes()).f32(x).f32(y).f32(size);
            h.word(weight as u64).rgba(color).word(align as u64)
        };
        // Ink reaches at most a little over the size above the baseline (accented
        // capitals) and half of it below (descenders, cedillas).
        let rows = (
            (y - size * 1.35) * self.scale,
            (y + size * 0.6) * self.scale,
        );
        // Glyphs may reach a little past their advances (overhangs, kerning).
        let cols = (x0 - px * 0.5, x0 + w + px * 0.5);
        if !self.admit((cols.0, rows.0, cols.1, rows.1), hash) {
            return w / self.scale;
        }
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

    /// Text cut with an ellipsis to fit `max_w` design units: the longest start of `s`
    /// (spaces at its end dropped) that fits with `…` after it.
    ///
    /// The width of each start is summed once, in the order [`text::width_px`] sums the
    /// whole (kerning, then advance, glyph by glyph), so each candidate's width is the one
    /// measuring it afresh would give, bit for bit: measuring every shorter candidate
    /// afresh was a tenth of a four-player Hidra image, whose side labels are cut.
    pub fn fit(&self, s: &str, size: f32, weight: Weight, max_w: f32) -> String {
        if self.text_width(s, size, weight) <= max_w {
            return s.to_string();
        }
        let px = size * self.scale;
        let chars: Vec<char> = s.chars().collect();
        // `starts[k]`: the width in pixels of the first `k` characters.
        let mut starts = Vec::with_capacity(chars.len() + 1);
        let mut w = 0.0;
        starts.push(w);
        for (i, &c) in chars.iter().enumerate() {
            if i > 0 {
                w += text::kern(chars[i - 1], c, weight, px);
            }
            w += text::glyph(c, weight, px).advance;
            starts.push(w);
        }
        let dots = text::glyph('…', weight, px).advance;
        for len in (0..chars.len()).rev() {
            // The start `len` long, its spaces at the end dropped, then the ellipsis.
            let kept = chars[..len]
                .iter()
                .rposition(|c| !c.is_whitespace())
                .map_or(0, |i| i + 1);
            let mut w = starts[kept];
            if kept > 0 {
                w += text::kern(chars[kept - 1], '…', weight, px);
            }
            w += dots;
            if w / self.scale <= max_w {
                let mut t: String = chars[..kept].iter().collect();
                t.push('…');
                return t;
            }
        }
        String::new()
    }

    /// Blends a coverage mask at pixel `(x, y)` in `color` (the canvas is opaque).
    pub(super) fn blend_mask(
        &mut self,
        x: i32,
        y: i32,
        w: usize,
        h: usize,
        mask: &[u8],
        color: Rgba,
    ) {
        let (pw, ph) = (self.pix.width() as i32, self.pix.height() as i32);
        let (c0, c1) = ((-x).max(0), (pw - x).min(w as i32));
        if c0 >= c1 {
            return;
        }
        let top = self.top as i32;
        let only = super::only_rows(&self.mode);
        let data = self.pix.data_mut();
        for row in (-y).max(0)..(ph - y).min(h as i32) {
            if only.is_some_and(|w| !w.row((y + row + top) as usize)) {
                continue;
            }
            // Columns `c0..c1` of the mask, at `x + c0..x + c1` of the band (`c0` is at
            // least `-x`, so never left of its first column).
            let start = ((y + row) * pw) as usize * 4;
            let line = &mut data[start + (x + c0) as usize * 4..start + (x + c1) as usize * 4];
            let m = &mask[row as usize * w + c0 as usize..row as usize * w + c1 as usize];
            for (px, &cov) in line.chunks_exact_mut(4).zip(m) {
                if cov != 0 {
                    blend(px, color, u32::from(cov));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Canvas, Rgba};
    use crate::draw::text::Weight;

    /// The way [`Canvas::fit`] once cut text: every shorter start measured afresh.
    fn fit_measuring_each(cv: &Canvas, s: &str, size: f32, weight: Weight, max_w: f32) -> String {
        if cv.text_width(s, size, weight) <= max_w {
            return s.to_string();
        }
        let mut chars: Vec<char> = s.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let mut t: String = chars.iter().collect::<String>().trim_end().to_string();
            t.push('…');
            if cv.text_width(&t, size, weight) <= max_w {
                return t;
            }
        }
        String::new()
    }

    /// Fitting by the widths of each start, summed once, cuts every text where measuring
    /// each candidate afresh did: kerned pairs (“AV”, “To”), spaces before the cut, accents,
    /// widths from nothing to more than the text, both weights, two scales.
    #[test]
    fn fitting_cuts_text_where_measuring_each_candidate_did() {
        let texts = [
            "AVATAR To Yes, WAVE — Tóquio",
            "ana · 3 keys, 2 exits left",
            "Ação: o jogador   azul  venceu",
            "   ",
            "W",
            "",
        ];
        for width_px in [720, 1200] {
            let cv = Canvas::new(width_px, 1000.0, 10.0, Rgba(255, 255, 255, 255));
            for s in texts {
                for weight in [Weight::Regular, Weight::Bold] {
                    for size in [18.0, 20.0, 30.0] {
                        let whole = cv.text_width(s, size, weight);
                        for k in 0..=40 {
                            let max_w = whole * k as f32 / 36.0;
                            assert_eq!(
                                cv.fit(s, size, weight, max_w),
                                fit_measuring_each(&cv, s, size, weight, max_w),
                                "{s:?} at {size} ({weight:?}) in {max_w} units, {width_px} px"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A mask that starts left of the band's first column, on its first row, is cut there
    /// (its row's start used to be reckoned before the cut, negative for that row).
    #[test]
    fn a_mask_cut_by_the_left_edge_of_the_first_row_blends_what_is_left() {
        let bg = Rgba(240, 240, 240, 255);
        let mut cv = Canvas::new(20, 20.0, 10.0, bg);
        let mask = [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255];
        cv.blend_mask(-3, 0, 6, 2, &mask, Rgba(10, 20, 30, 255));
        for y in 0..2 {
            for x in 0..4 {
                let p = cv.pix.pixel(x, y).expect("in the canvas");
                let want = if x < 3 { (10, 20, 30) } else { (240, 240, 240) };
                assert_eq!((p.red(), p.green(), p.blue()), want, "({x}, {y})");
            }
        }
    }
}
