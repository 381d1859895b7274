//! An image read as runs of colour, a row that repeats the one above kept as "the same".
//! A band is read from its pixels ([`Scan::new`]), or, when an image is drawn again where it
//! changed (`kept.rs`), from the rows drawn anew and the runs of the rows kept
//! ([`Scan::mixed`]): the same scan either way.

use tiny_skia::Pixmap;

use super::buffers::{ROWS, RUNS, take_empty};
use super::colors::{Colors, MAX_COLORS};
use super::quantise::Mapped;

/// One band of an image read as runs of colour: every row is either the same as the row
/// above or a list of (colour id, length) runs. Rows repeat a lot in a turn image (panel
/// backgrounds, gaps between lines of text), and a repeated row is not scanned twice.
pub(super) struct Scan {
    pub(super) width: usize,
    /// Per row: the end of its runs in `runs`, or [`SAME_ROW`].
    pub(super) rows: Vec<u32>,
    /// (colour id, length): a run is never longer than a row, at most
    /// [`MAX_WIDTH`](crate::MAX_WIDTH) pixels.
    pub(super) runs: Vec<(u16, u16)>,
    pub(super) colors: Colors,
    /// What its colours were mapped to when encoded (ids of `colors`): the next image's
    /// scan, mixed from this one, starts its own mapping from there.
    pub(super) mapped: Mapped,
}

pub(super) const SAME_ROW: u32 = u32::MAX;

impl Scan {
    pub(super) fn new(pix: &Pixmap) -> Scan {
        let stride = pix.width() as usize * 4;
        let mut scan = Builder::new(pix.width() as usize, pix.height() as usize);
        let mut prev: &[u8] = &[];
        for row in pix.data().chunks_exact(stride) {
            if row == prev {
                scan.same();
            } else {
                scan.pixels(row);
            }
            prev = row;
        }
        scan.finish()
    }

    /// The scan of a band drawn where it changed since an earlier image, whose same band's
    /// scan is `old`: `masks` says, per row, which strips of it changed (`draw/damage.rs`),
    /// and those are drawn on `pix` (the band; its other pixels unused). A row that did not
    /// change is copied as it was, runs and colour ids; a row that did is read from the
    /// pixels of its changed strips and the old runs of the others. The colour table is
    /// `old`'s, with the changed rows' old pixels taken out of its counts and their new ones
    /// put in: the work is that of the changed rows.
    ///
    /// The scan is [`Scan::new`]'s up to the order of colour ids (and colours left with no
    /// pixel), which nothing encoded depends on: the rows, runs' colours and counts are the
    /// same, and the palette is chosen by count and colour value.
    pub(super) fn mixed(mut old: Scan, masks: &[u64], pix: &Pixmap) -> Scan {
        let stride = pix.width() as usize * 4;
        let every = crate::draw::damage::every_strip(pix.width());
        let data = pix.data();
        // The colour table and mapping pass on; `old`'s rows and runs go back to their
        // pools when it is dropped.
        let mut scan = Builder::with(Scan {
            width: old.width,
            rows: take_empty(&ROWS, masks.len()),
            runs: take_empty(&RUNS, old.runs.len() + old.runs.len() / 4),
            colors: std::mem::replace(&mut old.colors, Colors::new(1)),
            mapped: std::mem::take(&mut old.mapped),
        });
        let (old_rows, old_runs) = (&old.rows, &old.runs);
        let mut was = 0..0;
        let mut was_end = 0;
        for (i, (&mask, &end)) in masks.iter().zip(old_rows).enumerate() {
            if end != SAME_ROW {
                was = was_end..end as usize;
                was_end = end as usize;
            }
            let after_fresh = i > 0 && masks[i - 1] != 0;
            let after_kept = i > 0 && masks[i - 1] == 0;
            if mask != 0 {
                let old_row = &old_runs[was.clone()];
                // The row's old pixels leave the counts; its new ones come in.
                for &(id, len) in old_row {
                    scan.scan.colors.counts[usize::from(id)] -= u32::from(len);
                }
                let row = &data[i * stride..][..stride];
                if mask == every {
                    let after_whole = i > 0 && masks[i - 1] == every;
                    if after_whole && *row == data[(i - 1) * stride..][..stride] {
                        scan.same();
                        continue;
                    }
                    scan.pixels(row);
                } else {
                    scan.patched(row, old_row, mask);
                }
                if i > 0 {
                    scan.same_as_before();
                }
            } else if end == SAME_ROW && after_kept {
                scan.scan.rows.push(SAME_ROW);
            } else {
                scan.copy(&old_runs[was.clone()]);
                if after_fresh {
                    scan.same_as_before();
                }
            }
        }
        let mut scan = scan.finish();
        // A full table stays full, for the caller to read the band whole instead.
        if !scan.is_full() {
            scan.compact();
        }
        scan
    }

    /// Drops the colours no pixel has any more, once they are as many as those that have
    /// (a game's scans pass from turn to turn, and the table would only grow).
    fn compact(&mut self) {
        let live = self.colors.counts.iter().filter(|&&n| n > 0).count();
        if self.colors.len() <= 2 * live.max(256) {
            return;
        }
        let mut colors = Colors::new(MAX_COLORS);
        let ids: Vec<u16> = (self.colors.list.iter().zip(&self.colors.counts))
            .map(|(&c, &n)| if n > 0 { colors.id(c, n) } else { u16::MAX })
            .collect();
        for run in &mut self.runs {
            run.0 = ids[usize::from(run.0)];
        }
        self.mapped = self.mapped.renumbered(&ids, colors.len());
        self.colors = colors;
    }

    /// Rows `rows` of the band as PNG scanlines, appended to `out`: filter 0 (none) and the
    /// palette index of every colour id from `map`; a repeated row is written out again (the
    /// deflate finds it as one match with the row above).
    pub(super) fn lines(&self, map: &[u8], rows: std::ops::Range<usize>, out: &mut Vec<u8>) {
        // The runs of the last row before `rows` that has runs of its own (a band's first
        // row always has), for a first row that repeats it.
        let mut last = self.rows[..rows.start]
            .iter()
            .rposition(|&end| end != SAME_ROW)
            .map_or(0..0, |k| {
                let start = self.rows[..k]
                    .iter()
                    .rfind(|&&end| end != SAME_ROW)
                    .map_or(0, |&end| end as usize);
                start..self.rows[k] as usize
            });
        for &end in &self.rows[rows] {
            if end != SAME_ROW {
                last = last.end..end as usize;
            }
            out.push(0);
            for &(id, len) in &self.runs[last.clone()] {
                out.resize(out.len() + usize::from(len), map[usize::from(id)]);
            }
        }
    }

    /// The work of compressing each row, in units of about a byte (see [`piece_cuts`]).
    pub(super) fn row_costs(&self) -> impl Iterator<Item = u64> + '_ {
        let mut start = 0;
        self.rows.iter().map(move |&end| {
            if end == SAME_ROW {
                return self.width as u64 / 16;
            }
            let runs = u64::from(end) - start;
            start = u64::from(end);
            self.width as u64 + 8 * runs
        })
    }

    /// The scan as it is kept for the next image: room far beyond its runs given back.
    pub(super) fn trim(&mut self) {
        if self.runs.capacity() > 2 * self.runs.len().max(1 << 16) {
            self.runs.shrink_to_fit();
        }
    }

    /// Whether its colour table met more colours than it keeps apart.
    pub(super) fn is_full(&self) -> bool {
        self.colors.is_full()
    }
}

impl Drop for Scan {
    /// Its rows and runs go back to their pools for the next scan.
    fn drop(&mut self) {
        ROWS.give(std::mem::take(&mut self.rows));
        RUNS.give(std::mem::take(&mut self.runs));
    }
}

/// A scan being read a row at a time, from pixels or from another scan's runs.
struct Builder {
    scan: Scan,
    /// The runs of the last row that has its own, and of the one with its own before it.
    last: std::ops::Range<usize>,
    before: std::ops::Range<usize>,
}

impl Builder {
    fn new(width: usize, rows: usize) -> Builder {
        // Every image is at most `MAX_WIDTH` wide; a longer row would not fit its runs.
        assert!(
            width <= usize::from(u16::MAX),
            "an image {width} pixels wide"
        );
        Builder::with(Scan {
            width,
            rows: take_empty(&ROWS, rows),
            runs: take_empty(&RUNS, 64 * 1024),
            colors: Colors::new(MAX_COLORS),
            mapped: Mapped::default(),
        })
    }

    /// A builder adding rows to `scan`, which has none yet.
    fn with(scan: Scan) -> Builder {
        Builder {
            scan,
            last: 0..0,
            before: 0..0,
        }
    }

    /// A row that repeats the one before.
    #[inline]
    fn same(&mut self) {
        let s = &mut self.scan;
        s.rows.push(SAME_ROW);
        for &(id, len) in &s.runs[self.last.clone()] {
            s.colors.counts[usize::from(id)] += u32::from(len);
        }
    }

    /// The row just added, made "the same" if its runs repeat the row before's (its pixels
    /// are counted already).
    fn same_as_before(&mut self) {
        let s = &mut self.scan;
        if s.runs[self.last.clone()] == s.runs[self.before.clone()] {
            s.runs.truncate(self.last.start);
            *s.rows.last_mut().expect("a row just added") = SAME_ROW;
            self.last = self.before.clone();
        }
    }

    /// A row with runs of its own, `runs` in this scan's colour ids, its pixels counted
    /// already.
    fn copy(&mut self, runs: &[(u16, u16)]) {
        let s = &mut self.scan;
        let start = s.runs.len();
        s.runs.extend_from_slice(runs);
        s.rows.push(s.runs.len() as u32);
        self.before = std::mem::replace(&mut self.last, start..s.runs.len());
    }

    /// A row read from its pixels.
    #[inline]
    fn pixels(&mut self, row: &[u8]) {
        let start = self.scan.runs.len();
        self.span(row, start);
        self.end_row(start);
    }

    /// A row whose strips `fresh` are read from `row` (pixels) and whose others are
    /// those of `old` (runs in this scan's colour ids, the whole row as it was): the old
    /// runs are cut at the strips' edges and the runs either side of an edge joined when
    /// they are of one colour, as reading the whole row would give them. Its pixels are
    /// counted.
    fn patched(&mut self, row: &[u8], old: &[(u16, u16)], fresh: u64) {
        let width = row.len() / 4;
        let start = self.scan.runs.len();
        let mut old = old.iter().copied();
        // The old run under `x`, and where it ends.
        let (mut run, mut run_end) = ((0u16, 0u16), 0usize);
        let mut x = 0;
        // Each fresh span, and an empty one at the end for the kept pixels after the last.
        let spans = crate::draw::damage::strip_spans(fresh, 0, width);
        for (a, b) in spans.chain(std::iter::once((width, width))) {
            // Kept pixels `x..a`, from the old runs.
            while x < a {
                while run_end <= x {
                    run = old.next().unwrap_or((0, u16::MAX));
                    run_end += usize::from(run.1);
                }
                let end = run_end.min(a);
                self.push(start, run.0, (end - x) as u16);
                x = end;
            }
            self.span(&row[a * 4..b * 4], start);
            x = b;
        }
        self.end_row(start);
    }

    /// Adds `len` pixels of colour id `id` to the row whose runs start at `start`,
    /// lengthening its last run when that is of the same colour.
    #[inline]
    fn push(&mut self, start: usize, id: u16, len: u16) {
        let s = &mut self.scan;
        s.colors.counts[usize::from(id)] += u32::from(len);
        let joins = s.runs.len() > start;
        match s.runs.last_mut() {
            Some(last) if joins && last.0 == id => last.1 += len,
            _ => s.runs.push((id, len)),
        }
    }

    /// Reads the pixels `px` on into the row whose runs start at `start` (the first run
    /// joined to the row's last when of one colour).
    #[inline]
    fn span(&mut self, px: &[u8], start: usize) {
        let Scan { runs, colors, .. } = &mut self.scan;
        // Where the span meets the row's runs before it, one colour is one run.
        let mut join = runs.len() > start;
        let mut i = 0;
        // The two colours seen last and their ids: a row alternates between a few (ink and
        // paper), and most runs find theirs here rather than in the table.
        let mut recent = [(u32::MAX, 0u16); 2];
        while i < px.len() {
            let p = &px[i..i + 4];
            let w = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
            // Skip four pixels at a time while they match, then one.
            let four = u128::from(w) * 0x0000_0001_0000_0001_0000_0001_0000_0001;
            let mut j = i + 4;
            for chunk in px[j..].chunks_exact(16) {
                if u128::from_le_bytes(chunk.try_into().unwrap_or_default()) != four {
                    break;
                }
                j += 16;
            }
            while j < px.len() && px[j..j + 4] == *p {
                j += 4;
            }
            let len = ((j - i) / 4) as u16;
            // Runs are told apart by the whole pixel but named by its colour: the same
            // only while every pixel is opaque, as an image's are.
            debug_assert_eq!(w >> 24, 255, "an opaque pixel");
            let c = w & 0x00FF_FFFF;
            let id = if recent[0].0 == c {
                colors.counts[usize::from(recent[0].1)] += u32::from(len);
                recent[0].1
            } else if recent[1].0 == c {
                colors.counts[usize::from(recent[1].1)] += u32::from(len);
                recent.swap(0, 1);
                recent[0].1
            } else {
                let id = colors.id(c, u32::from(len));
                recent = [(c, id), recent[0]];
                id
            };
            i = j;
            if join {
                join = false;
                if let Some(last) = runs.last_mut()
                    && last.0 == id
                {
                    last.1 += len;
                    continue;
                }
            }
            runs.push((id, len));
        }
    }

    /// Ends the row whose runs start at `start`.
    fn end_row(&mut self, start: usize) {
        let s = &mut self.scan;
        s.rows.push(s.runs.len() as u32);
        self.before = std::mem::replace(&mut self.last, start..s.runs.len());
    }

    fn finish(self) -> Scan {
        self.scan
    }
}
