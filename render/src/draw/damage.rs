//! Which rows of an image changed since the image before it, told from what was drawn
//! rather than by comparing pixels: the replay draws only those rows of a frame.
//!
//! A canvas in [`Mode::Probe`](crate::draw::canvas::Mode) draws nothing: every drawing
//! operation records the pixel rows it may touch and a hash of its arguments ([`Ops`]).
//! Folding the hashes of every operation that touches a row, in order, gives that row's
//! hash ([`Ops::rows`]); a row whose hash is the same as in the frame before was drawn by
//! the same operations with the same arguments, so its pixels are the same. The rows that
//! differ ([`changed_rows`]) are then drawn by a canvas in `Mode::Only`, which skips every
//! operation that touches none of them, on a whole-height canvas so that every shape is
//! drawn exactly as in the image drawn whole.
//!
//! What this rests on: an operation's rows are never narrower than the pixels it writes
//! (each hook in `canvas/` errs wide), and everything an operation's pixels depend on is in
//! its hash (its position, size, colours, text, and for a cached layer the key it is kept
//! under). A test builds a replay both ways, drawing every frame whole and drawing only the
//! changed rows, and finds the same bytes.

/// The hash of one drawing operation's arguments: each word folded in with a 128-bit
/// multiply (as foldhash does), well mixed for 64-bit equality tests.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpHash(u64);

const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl OpHash {
    /// The start of an operation of kind `tag` (each hook its own).
    pub(crate) fn new(tag: u8) -> OpHash {
        OpHash(0x243F_6A88_85A3_08D3).word(u64::from(tag))
    }

    pub(crate) fn word(self, w: u64) -> OpHash {
        let m = u128::from(self.0 ^ w) * u128::from(K);
        OpHash((m as u64) ^ ((m >> 64) as u64))
    }

    pub(crate) fn f32(self, v: f32) -> OpHash {
        self.word(u64::from(v.to_bits()))
    }

    pub(crate) fn bytes(self, b: &[u8]) -> OpHash {
        let mut h = self.word(b.len() as u64);
        for c in b.chunks(8) {
            let mut w = [0; 8];
            w[..c.len()].copy_from_slice(c);
            h = h.word(u64::from_le_bytes(w));
        }
        h
    }

    pub(crate) fn value(self) -> u64 {
        self.0
    }
}

/// The width of the strips an image's rows are cut into: damage is told per cell, a strip
/// of a few rows, so a change on the left of a row leaves the right of it alone.
pub(crate) const STRIP: u32 = 32;

/// The rows of a cell: a change a row high is drawn four rows high, and telling the cells
/// costs a quarter of telling every row's.
const CELL_ROWS: u32 = 4;

/// At most this many strips: a row's wanted strips are one word.
const MAX_STRIPS: u32 = 64;

// Every image is at most that many strips wide (the last strip is never wider than the
// others).
const _: () = assert!(crate::MAX_WIDTH <= STRIP * MAX_STRIPS);

/// The strips of pixel columns `x0..x1` (clamped to the image): first and last.
fn strips(x0: f32, x1: f32, width: u32) -> (u32, u32) {
    let last = width.div_ceil(STRIP).clamp(1, MAX_STRIPS) - 1;
    let s = |x: f32| ((x.max(0.0) as u32) / STRIP).min(last);
    (s(x0), s(x1))
}

/// The mask of every strip of an image `width` pixels wide.
pub(crate) fn every_strip(width: u32) -> u64 {
    u64::MAX >> (64 - width.div_ceil(STRIP).clamp(1, MAX_STRIPS))
}

/// The stretches of pixel columns `x0..x1` in the strips `mask` names, left to right (a
/// run of neighbouring strips is one stretch).
pub(crate) fn strip_spans(
    mut mask: u64,
    x0: usize,
    x1: usize,
) -> impl Iterator<Item = (usize, usize)> {
    let strip = STRIP as usize;
    std::iter::from_fn(move || {
        while mask != 0 {
            let first = mask.trailing_zeros() as usize;
            let run = (!(mask >> first)).trailing_zeros() as usize;
            mask &= !((u64::MAX >> (64 - run)) << first);
            let (a, b) = ((first * strip).max(x0), ((first + run) * strip).min(x1));
            if a < b {
                return Some((a, b));
            }
        }
        None
    })
}

/// What a probing canvas saw: each operation's pixel rows (start, end), strips (first,
/// last) and hash, in the order drawn.
#[derive(Debug, Default)]
pub(crate) struct Ops {
    ops: Vec<(u32, u32, u32, u32, u64)>,
}

impl Ops {
    /// Records an operation over pixel rows `rows` and columns `cols` of an image `width`
    /// pixels wide.
    pub(crate) fn push(&mut self, rows: (u32, u32), cols: (f32, f32), width: u32, hash: OpHash) {
        if rows.0 < rows.1 {
            let (s0, s1) = strips(cols.0, cols.1, width);
            self.ops.push((rows.0, rows.1, s0, s1, hash.value()));
        }
    }

    /// Each cell's hash of an image `height` rows tall and `width` pixels wide: the hashes
    /// of the operations that touch it, folded in order.
    pub(crate) fn cells(&self, height: u32, width: u32) -> Cells {
        let strips = width.div_ceil(STRIP).clamp(1, MAX_STRIPS) as usize;
        let bands = height.div_ceil(CELL_ROWS) as usize;
        let mut hashes = vec![0u64; bands * strips];
        for &(start, end, s0, s1, h) in &self.ops {
            let end = end.min(height);
            if start >= end {
                continue;
            }
            for band in (start / CELL_ROWS) as usize..=((end - 1) / CELL_ROWS) as usize {
                let row = &mut hashes[band * strips..][..strips];
                // The operations' hashes are well mixed already: folding them in order
                // needs only a cheap step (as FxHash's).
                for c in &mut row[s0 as usize..=s1 as usize] {
                    *c = (c.rotate_left(5) ^ h).wrapping_mul(K);
                }
            }
        }
        Cells {
            strips,
            height,
            hashes,
        }
    }
}

/// An image's cells' hashes, a band of [`CELL_ROWS`] rows after another.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Cells {
    strips: usize,
    height: u32,
    hashes: Vec<u64>,
}

impl Cells {
    /// The memory the hashes hold, about.
    pub(crate) fn bytes(&self) -> usize {
        self.hashes.capacity() * 8
    }

    /// Each band of [`CELL_ROWS`] rows' hash: its cells' hashes folded left to right. Two
    /// images with the same hash for a band were drawn the same on its rows.
    pub(crate) fn band_hashes(&self) -> Vec<u64> {
        self.hashes
            .chunks_exact(self.strips)
            .map(|cells| {
                cells
                    .iter()
                    .fold(0u64, |h, &c| (h.rotate_left(5) ^ c).wrapping_mul(K))
            })
            .collect()
    }
}

/// The cells whose hashes differ between `old` and `new`, as each row's mask of strips
/// (every cell when the images differ in size).
pub(crate) fn changed_cells(old: Option<&Cells>, new: &Cells) -> Wanted {
    let n = new.strips;
    let all = u64::MAX >> (64 - n);
    let rows = new.height as usize;
    let masks = match old {
        Some(old) if old.strips == n && old.height == new.height => {
            let mut masks = Vec::with_capacity(rows);
            for (a, b) in old.hashes.chunks_exact(n).zip(new.hashes.chunks_exact(n)) {
                let m = a
                    .iter()
                    .zip(b)
                    .enumerate()
                    .filter(|(_, (x, y))| x != y)
                    .fold(0u64, |m, (i, _)| m | 1 << i);
                let k = (CELL_ROWS as usize).min(rows - masks.len());
                masks.extend(std::iter::repeat_n(m, k));
            }
            masks
        }
        _ => vec![all; rows],
    };
    Wanted::new(masks)
}

/// The cells a canvas in `Mode::Only` draws: each row's mask of strips, with a count of
/// the rows that have any, for quick range tests.
#[derive(Debug)]
pub(crate) struct Wanted {
    masks: Vec<u64>,
    /// `before[r]`: how many rows above row `r` have a cell wanted (one entry more than
    /// rows).
    before: Vec<u32>,
}

impl Wanted {
    /// Each row's mask of strips.
    pub(crate) fn new(masks: Vec<u64>) -> Wanted {
        let mut before = Vec::with_capacity(masks.len() + 1);
        let mut n = 0;
        before.push(0);
        for &m in &masks {
            n += u32::from(m != 0);
            before.push(n);
        }
        Wanted { masks, before }
    }

    /// Whether any cell of rows `start..end` is wanted.
    pub(crate) fn any(&self, start: u32, end: u32) -> bool {
        let last = self.before.len() - 1;
        let (a, b) = ((start as usize).min(last), (end as usize).min(last));
        a < b && self.before[b] > self.before[a]
    }

    /// Whether any cell of rows `start..end` in pixel columns `x0..x1` is wanted.
    pub(crate) fn any_in(
        &self,
        (start, end): (u32, u32),
        (x0, x1): (f32, f32),
        width: u32,
    ) -> bool {
        if !self.any(start, end) {
            return false;
        }
        let (s0, s1) = strips(x0, x1, width);
        let cols = (u64::MAX >> (63 - (s1 - s0))) << s0;
        let end = (end as usize).min(self.masks.len());
        self.masks[start as usize..end]
            .iter()
            .any(|&m| m & cols != 0)
    }

    /// Whether row `r` has any cell wanted.
    #[inline]
    pub(crate) fn row(&self, r: usize) -> bool {
        self.masks.get(r).is_some_and(|&m| m != 0)
    }

    /// The wanted stretches of pixel columns `x0..x1` on row `r`, left to right.
    pub(crate) fn spans(
        &self,
        r: usize,
        x0: usize,
        x1: usize,
    ) -> impl Iterator<Item = (usize, usize)> {
        strip_spans(self.masks.get(r).copied().unwrap_or(0), x0, x1)
    }

    /// Each row's mask of strips.
    pub(crate) fn masks(&self) -> &[u64] {
        &self.masks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An image 40 rows tall and 100 pixels wide (four strips): a page over everything,
    /// then a mark at columns 40–50 of rows 3–5 (strip 1) drawn with `x`.
    fn frame(x: f32) -> Cells {
        let mut ops = Ops::default();
        ops.push((0, 40), (0.0, 100.0), 100, OpHash::new(1));
        ops.push((3, 5), (40.0, 50.0), 100, OpHash::new(2).f32(x));
        ops.cells(40, 100)
    }

    #[test]
    fn a_cell_changes_when_an_operation_over_it_changes_and_only_then() {
        let w = changed_cells(Some(&frame(1.0)), &frame(1.0));
        assert!(w.masks().iter().all(|&m| m == 0));
        let w = changed_cells(Some(&frame(1.0)), &frame(2.0));
        // Rows 3 and 4 lie in the cells of rows 0–3 and 4–7.
        let mut want = vec![0; 40];
        want[0..8].fill(0b10);
        assert_eq!(w.masks(), want);
        assert!(w.any(0, 4) && w.any(7, 8) && !w.any(8, 40));
        assert!(w.any_in((0, 4), (33.0, 34.0), 100) && !w.any_in((0, 40), (64.0, 99.0), 100));
        assert_eq!(w.spans(3, 0, 100).collect::<Vec<_>>(), vec![(32, 64)]);
        assert_eq!(w.spans(3, 40, 45).collect::<Vec<_>>(), vec![(40, 45)]);
        // Another size: everything.
        let mut ops = Ops::default();
        ops.push((0, 30), (0.0, 100.0), 100, OpHash::new(1));
        let w = changed_cells(Some(&frame(1.0)), &ops.cells(30, 100));
        assert_eq!(w.masks(), vec![0b1111; 30]);
    }

    #[test]
    fn the_order_of_operations_counts() {
        let mut a = Ops::default();
        a.push((0, 2), (0.0, 10.0), 10, OpHash::new(1));
        a.push((0, 2), (0.0, 10.0), 10, OpHash::new(2));
        let mut b = Ops::default();
        b.push((0, 2), (0.0, 10.0), 10, OpHash::new(2));
        b.push((0, 2), (0.0, 10.0), 10, OpHash::new(1));
        let w = changed_cells(Some(&a.cells(2, 10)), &b.cells(2, 10));
        assert_eq!(w.masks(), [1, 1]);
    }

    #[test]
    fn spans_join_neighbouring_strips() {
        let w = Wanted::new(vec![0b1011_0110]);
        let spans: Vec<_> = w.spans(0, 0, 1000).collect();
        assert_eq!(spans, vec![(32, 96), (128, 192), (224, 256)]);
    }
}
