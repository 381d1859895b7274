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

/// What a probing canvas saw: each operation's pixel rows (start, end) and hash, in the
/// order drawn.
#[derive(Debug, Default)]
pub(crate) struct Ops {
    ops: Vec<(u32, u32, u64)>,
}

impl Ops {
    pub(crate) fn push(&mut self, (start, end): (u32, u32), hash: OpHash) {
        if start < end {
            self.ops.push((start, end, hash.value()));
        }
    }

    /// Each of rows `0..height`'s hash: the hashes of the operations that touch it, folded
    /// in order.
    pub(crate) fn rows(&self, height: u32) -> Vec<u64> {
        let mut rows = vec![0; height as usize];
        for &(start, end, h) in &self.ops {
            let end = end.min(height) as usize;
            for r in rows.iter_mut().take(end).skip(start as usize) {
                *r = OpHash(*r).word(h).0;
            }
        }
        rows
    }
}

/// The rows whose hashes differ between `old` and `new` (all of them when the heights
/// differ), as ranges `start..end`; ranges closer than a few rows are joined (a canvas pass
/// has a cost of its own per range it draws through, and a few rows more cost little).
pub(crate) fn changed_rows(old: &[u64], new: &[u64]) -> Vec<(u32, u32)> {
    if old.len() != new.len() {
        return vec![(0, new.len() as u32)];
    }
    const JOIN: u32 = 8;
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (r, _) in old.iter().zip(new).enumerate().filter(|(_, (a, b))| a != b) {
        let r = r as u32;
        match out.last_mut() {
            Some(last) if r <= last.1 + JOIN => last.1 = r + 1,
            _ => out.push((r, r + 1)),
        }
    }
    out
}

/// The rows a canvas in `Mode::Only` draws, with a count for quick range tests.
#[derive(Debug)]
pub(crate) struct Wanted {
    /// `before[r]`: how many wanted rows lie above row `r` (one entry more than rows).
    before: Vec<u32>,
}

impl Wanted {
    /// Rows `ranges` (start..end each) of an image `height` rows tall.
    pub(crate) fn new(height: u32, ranges: &[(u32, u32)]) -> Wanted {
        let mut want = vec![false; height as usize];
        for &(a, b) in ranges {
            for w in &mut want[a.min(height) as usize..b.min(height) as usize] {
                *w = true;
            }
        }
        let mut before = Vec::with_capacity(want.len() + 1);
        let mut n = 0;
        before.push(0);
        for w in want {
            n += u32::from(w);
            before.push(n);
        }
        Wanted { before }
    }

    /// Whether any of rows `start..end` is wanted.
    pub(crate) fn any(&self, start: u32, end: u32) -> bool {
        let last = self.before.len() - 1;
        let (a, b) = ((start as usize).min(last), (end as usize).min(last));
        a < b && self.before[b] > self.before[a]
    }

    /// Whether row `r` is wanted.
    #[inline]
    pub(crate) fn row(&self, r: usize) -> bool {
        r + 1 < self.before.len() && self.before[r + 1] > self.before[r]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_changes_when_an_operation_over_it_changes_and_only_then() {
        let frame = |x: f32| {
            let mut ops = Ops::default();
            ops.push((0, 10), OpHash::new(1));
            ops.push((3, 5), OpHash::new(2).f32(x));
            ops.push((8, 9), OpHash::new(3));
            ops.rows(10)
        };
        assert_eq!(changed_rows(&frame(1.0), &frame(1.0)), vec![]);
        assert_eq!(changed_rows(&frame(1.0), &frame(2.0)), vec![(3, 5)]);
        assert_eq!(changed_rows(&frame(1.0), &frame(1.0)[..9]), vec![(0, 9)]);
    }

    #[test]
    fn the_order_of_operations_counts() {
        let mut a = Ops::default();
        a.push((0, 2), OpHash::new(1));
        a.push((0, 2), OpHash::new(2));
        let mut b = Ops::default();
        b.push((0, 2), OpHash::new(2));
        b.push((0, 2), OpHash::new(1));
        assert_eq!(changed_rows(&a.rows(2), &b.rows(2)), vec![(0, 2)]);
    }

    #[test]
    fn near_ranges_are_joined_and_far_ones_kept_apart() {
        let old = vec![0; 40];
        let mut new = old.clone();
        for r in [2, 6, 30] {
            new[r] = 1;
        }
        assert_eq!(changed_rows(&old, &new), vec![(2, 7), (30, 31)]);
        let w = Wanted::new(40, &[(2, 7), (30, 31)]);
        assert!(w.any(0, 3) && w.any(30, 40) && !w.any(7, 30) && !w.any(39, 50));
        assert!(w.row(2) && w.row(6) && !w.row(7) && w.row(30) && !w.row(39) && !w.row(99));
    }
}
