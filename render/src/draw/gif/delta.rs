//! A frame against the screen: which rows changed, their changed spans as palette indices,
//! and the frame's data, the unchanged stretches as runs of the transparent index. The
//! replay's dearest step after drawing, in its own room so `mod.rs` reads as the replay's
//! life: start, encode, keep, finish.

use super::{
    CLEAR, Replay,
    frame::{Change, Drawn, Packed, changed, differing, differing_bytes, row_or_page, unchanged},
    page,
};

impl Replay {
    /// The frame that takes the screen to `drawn`, or `None` when no pixel changed. Leaves
    /// the changed rows as indices in `changes` for [`Replay::keep`].
    ///
    /// One pass over the rows compares them as drawn (a memory compare each); only the
    /// changed span of a changed row is mapped to indices and compared again (two colours
    /// can share an entry); the frame's data is then written row by row, the unchanged
    /// stretches as runs without looking at them pixel by pixel.
    pub(super) fn delta(&mut self, drawn: &Drawn) -> Option<Packed> {
        let w = self.width as usize;
        let Replay {
            palette,
            last,
            screen,
            page_row,
            changes,
            conv,
            height,
            data,
            unkept,
            drawn_rgba,
            drawn_h,
            ..
        } = self;
        let palette = palette.as_mut().expect("the first frame sets the palette");
        // The screen grows to the tallest frame; below a shorter frame is the page.
        if drawn.height > *height {
            let page_ix = palette.index(page());
            screen.resize(w * drawn.height as usize, page_ix);
            *height = drawn.height;
        }
        let rows = |d, y| row_or_page(d, y, page_row);
        changes.clear();
        conv.clear();
        let mut any = false;
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        // The rows to look at: those the frame says changed (and those of frames dropped
        // since the last kept, and the page below a shorter frame), or every row.
        let mut known = Vec::new();
        let looked: &[(u32, u32)] = match &drawn.changed {
            Some(c) => {
                known.extend(c);
                known.extend(unkept.keys().map(|&y| (y, y + 1)));
                if drawn.height < *height {
                    known.push((drawn.height, *height));
                }
                known.sort_unstable();
                &known
            }
            None => &[(0, u32::MAX)],
        };
        let mut done = 0;
        let ys = looked.iter().flat_map(|&(a, b)| {
            let ys = a.max(done)..b.min(*height);
            done = done.max(b);
            ys
        });
        let stride = w * 4;
        for y in ys {
            let new = rows(drawn, y);
            let old = if drawn.changed.is_none() {
                rows(last.as_ref().expect("a frame before this one"), y)
            } else if unkept.contains_key(&y) || *drawn_h != drawn.height {
                // The screen is not the frame drawn before on this row (a dropped frame
                // changed it), or that frame was laid out otherwise: the whole row.
                &[]
            } else if y < drawn.height {
                &drawn_rgba[y as usize * stride..][..stride]
            } else {
                &page_row[..]
            };
            let (ra, rb) = if old.is_empty() {
                (0, w - 1)
            } else {
                let Some(span) = differing(old, new) else {
                    continue;
                };
                span
            };
            any = true;
            let off = conv.len();
            conv.resize(off + rb - ra + 1, 0);
            // A row the frame did not draw, changed by a frame dropped before it.
            let drawn_here = drawn
                .changed
                .as_ref()
                .is_none_or(|c| y >= drawn.height || c.iter().any(|&(a, b)| (a..b).contains(&y)));
            match unkept.get(&y).filter(|_| !drawn_here) {
                Some(ix) => conv[off..].copy_from_slice(ix),
                None => palette.convert(&new[ra * 4..(rb + 1) * 4], &mut conv[off..]),
            }
            let y = y as usize;
            let (was, now) = (&screen[y * w + ra..=y * w + rb], &conv[off..]);
            let Some((a, b)) = differing_bytes(was, now) else {
                conv.truncate(off);
                continue;
            };
            changes.push(Change {
                y,
                from: ra,
                at: off,
                span: (ra + a, ra + b),
            });
            top = top.min(y);
            bottom = y;
            left = left.min(ra + a);
            right = right.max(ra + b);
        }
        if !any {
            return None;
        }
        if changes.is_empty() {
            // The pixels changed but not their indices.
            return Some(self.pack(0, 0, 1, 1, true, &[CLEAR]));
        }
        data.clear();
        let mut transparent = false;
        let mut prev = CLEAR;
        let mut next = changes.iter().peekable();
        for y in top..=bottom {
            let row = &screen[y * w..][..w];
            let change = next.next_if(|c| c.y == y);
            let Some(c) = change else {
                unchanged(&row[left..=right], &mut prev, &mut transparent, data);
                continue;
            };
            let (a, b) = c.span;
            unchanged(&row[left..a], &mut prev, &mut transparent, data);
            let now = &conv[c.at + a - c.from..=c.at + b - c.from];
            changed(&row[a..=b], now, &mut prev, &mut transparent, data);
            unchanged(&row[b + 1..=right], &mut prev, &mut transparent, data);
        }
        let data = std::mem::take(&mut self.data);
        let packed = self.pack(
            left,
            top,
            right - left + 1,
            bottom - top + 1,
            transparent,
            &data,
        );
        self.data = data;
        Some(packed)
    }
}
