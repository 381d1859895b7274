//! An image read as runs of colour, a row that repeats the one above kept as "the same".

use tiny_skia::Pixmap;

use super::colors::{Colors, MAX_COLORS};

/// One band of an image read as runs of colour: every row is either the same as the row
/// above or a list of (colour id, length) runs. Rows repeat a lot in a turn image (panel
/// backgrounds, gaps between lines of text), and a repeated row is not scanned twice.
pub(super) struct Scan {
    pub(super) width: usize,
    /// Per row: the end of its runs in `runs`, or [`SAME_ROW`].
    pub(super) rows: Vec<u32>,
    pub(super) runs: Vec<(u16, u32)>,
    pub(super) colors: Colors,
}

pub(super) const SAME_ROW: u32 = u32::MAX;

impl Scan {
    pub(super) fn new(pix: &Pixmap) -> Scan {
        let width = pix.width() as usize;
        let stride = width * 4;
        let data = pix.data();
        let mut rows = Vec::with_capacity(pix.height() as usize);
        let mut runs: Vec<(u16, u32)> = Vec::with_capacity(64 * 1024);
        let mut colors = Colors::new(MAX_COLORS);
        let mut last_runs = 0..0;
        let mut prev: &[u8] = &[];
        for row in data.chunks_exact(stride) {
            if row == prev {
                rows.push(SAME_ROW);
                for &(id, len) in &runs[last_runs.clone()] {
                    colors.counts[usize::from(id)] += len;
                }
                continue;
            }
            let start = runs.len();
            let mut i = 0;
            // The two colours seen last and their ids: a row alternates between a few (ink
            // and paper), and most runs find theirs here rather than in the table.
            let mut recent = [(u32::MAX, 0u16); 2];
            while i < row.len() {
                let px = &row[i..i + 4];
                let w = u32::from_le_bytes([px[0], px[1], px[2], px[3]]);
                // Skip four pixels at a time while they match, then one.
                let four = u128::from(w) * 0x0000_0001_0000_0001_0000_0001_0000_0001;
                let mut j = i + 4;
                for chunk in row[j..].chunks_exact(16) {
                    if u128::from_le_bytes(chunk.try_into().unwrap_or_default()) != four {
                        break;
                    }
                    j += 16;
                }
                while j < row.len() && row[j..j + 4] == *px {
                    j += 4;
                }
                let len = ((j - i) / 4) as u32;
                let c = w & 0x00FF_FFFF;
                let id = if recent[0].0 == c {
                    colors.counts[usize::from(recent[0].1)] += len;
                    recent[0].1
                } else if recent[1].0 == c {
                    colors.counts[usize::from(recent[1].1)] += len;
                    recent.swap(0, 1);
                    recent[0].1
                } else {
                    let id = colors.id(c, len);
                    recent = [(c, id), recent[0]];
                    id
                };
                runs.push((id, len));
                i = j;
            }
            rows.push(runs.len() as u32);
            last_runs = start..runs.len();
            prev = row;
        }
        Scan {
            width,
            rows,
            runs,
            colors,
        }
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
                out.resize(out.len() + len as usize, map[usize::from(id)]);
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
}
