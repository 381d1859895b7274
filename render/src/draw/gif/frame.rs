//! One frame of the replay: drawn (its bands of pixels), compared with the last one row
//! by row, and its changed box written as palette indices, ready to encode.

use tiny_skia::Pixmap;

use super::CLEAR;
use crate::draw::damage::strip_spans;
use crate::draw::encode;

/// A drawn frame: its rows in one or more bands of pixels, top to bottom, as wide as the
/// replay.
pub(crate) struct Drawn {
    bands: Vec<Pixmap>,
    /// The first row of each band.
    starts: Vec<u32>,
    pub(super) height: u32,
    /// When known, the only rows (ranges, top to bottom) that can differ from the frame
    /// drawn before: the others are neither compared nor read (a frame drawn where it
    /// changed leaves them unwritten).
    pub(super) changed: Option<Vec<(u32, u32)>>,
    /// With `changed`, each row's strips drawn (see `draw/damage.rs`): the other strips
    /// of a changed row are the frame before's, filled in by [`Drawn::fill_unchanged`].
    masks: Vec<u64>,
}

impl Drawn {
    /// A frame made of `bands` stacked from the top (each at least one row).
    pub(crate) fn new(bands: Vec<Pixmap>) -> Drawn {
        let mut starts = Vec::with_capacity(bands.len());
        let mut height = 0;
        for b in &bands {
            starts.push(height);
            height += b.height();
        }
        Drawn {
            bands,
            starts,
            height,
            changed: None,
            masks: Vec::new(),
        }
    }

    /// A frame drawn only where it changed since the frame drawn before: the strips of each
    /// row that `masks` names hold it in `whole` (of the frame's whole height); its other
    /// pixels are not used.
    pub(crate) fn changed(whole: Pixmap, masks: Vec<u64>) -> Drawn {
        let mut changed: Vec<(u32, u32)> = Vec::new();
        for (r, _) in masks.iter().enumerate().filter(|(_, m)| **m != 0) {
            let r = r as u32;
            match changed.last_mut() {
                Some(last) if last.1 == r => last.1 = r + 1,
                _ => changed.push((r, r + 1)),
            }
        }
        Drawn {
            changed: Some(changed),
            masks,
            ..Drawn::new(vec![whole])
        }
    }

    /// Fills the strips of the changed rows that were not drawn from `before`, the frame
    /// drawn before as RGBA rows (of this height).
    pub(super) fn fill_unchanged(&mut self, before: &[u8]) {
        let (Some(changed), [band]) = (&self.changed, self.bands.as_mut_slice()) else {
            return;
        };
        let width = band.width() as usize;
        let stride = width * 4;
        let data = band.data_mut();
        for y in changed.iter().flat_map(|&(a, b)| a as usize..b as usize) {
            for (a, b) in strip_spans(!self.masks[y], 0, width) {
                let px = y * stride + a * 4..y * stride + b * 4;
                data[px.clone()].copy_from_slice(&before[px]);
            }
        }
    }

    /// Row `y` (below the height) as RGBA bytes.
    pub(super) fn row(&self, y: u32) -> &[u8] {
        let k = self.starts.partition_point(|&s| s <= y) - 1;
        let band = &self.bands[k];
        let w = band.width() as usize * 4;
        let r = (y - self.starts[k]) as usize;
        &band.data()[r * w..][..w]
    }

    /// Whether every band is `width` pixels wide.
    pub(super) fn is_wide(&self, width: u32) -> bool {
        self.bands.iter().all(|b| b.width() == width)
    }

    pub(super) fn recycle(self) {
        for b in self.bands {
            encode::recycle(b);
        }
    }
}

/// One frame ready to write: its box, whether it has transparent pixels, and its LZW data
/// (the minimum code size first, as `gif` takes pre-encoded frames).
pub(super) struct Packed {
    pub(super) left: u16,
    pub(super) top: u16,
    pub(super) width: u16,
    pub(super) height: u16,
    pub(super) transparent: bool,
    pub(super) lzw: Vec<u8>,
}

/// Row `y` of `d`, or `page` (a row of the page colour) below it.
pub(super) fn row_or_page<'a>(d: &'a Drawn, y: u32, page: &'a [u8]) -> &'a [u8] {
    if y < d.height { d.row(y) } else { page }
}

/// A GIF dimension.
pub(super) fn dim(v: usize) -> u16 {
    u16::try_from(v).expect("a replay frame is under 65,536 pixels on each side")
}

/// The box of what differs between two equally long rows of RGBA bytes: (first, last)
/// pixel. Eight bytes at a time: every row of every frame is compared.
pub(super) fn differing(old: &[u8], new: &[u8]) -> Option<(usize, usize)> {
    differing_bytes(old, new).map(|(a, b)| (a / 4, b / 4))
}

/// The first and last byte at which two equally long slices differ.
pub(super) fn differing_bytes(old: &[u8], new: &[u8]) -> Option<(usize, usize)> {
    if old == new {
        return None;
    }
    let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("eight bytes"));
    let first = old
        .chunks_exact(8)
        .zip(new.chunks_exact(8))
        .enumerate()
        .find_map(|(i, (a, b))| {
            let d = word(a) ^ word(b);
            (d != 0).then(|| i * 8 + d.trailing_zeros() as usize / 8)
        })
        .or_else(|| {
            let start = old.len() / 8 * 8;
            (start..old.len()).find(|&i| old[i] != new[i])
        })?;
    let tail = old.len() % 8;
    let last = (old.len() - tail..old.len())
        .rev()
        .find(|&i| old[i] != new[i])
        .or_else(|| {
            let body = old.len() - tail;
            old[..body]
                .rchunks_exact(8)
                .zip(new[..body].rchunks_exact(8))
                .enumerate()
                .find_map(|(i, (a, b))| {
                    let d = word(a) ^ word(b);
                    (d != 0).then(|| body - 8 * (i + 1) + 7 - d.leading_zeros() as usize / 8)
                })
        })?;
    Some((first, last))
}

/// A changed row of a frame being pushed: its new indices from pixel `from` on are
/// `conv[at..]`, and those that differ from the screen lie in `span` (first, last pixel).
pub(super) struct Change {
    pub(super) y: usize,
    pub(super) from: usize,
    pub(super) at: usize,
    pub(super) span: (usize, usize),
}

/// Writes a stretch of unchanged pixels `seg` into `data`: the run of `prev`'s index going
/// on, then transparent (runs compress better).
pub(super) fn unchanged(seg: &[u8], prev: &mut u8, transparent: &mut bool, data: &mut Vec<u8>) {
    let k = seg.iter().take_while(|&&p| p == *prev).count();
    data.extend_from_slice(&seg[..k]);
    if k < seg.len() {
        data.resize(data.len() + seg.len() - k, CLEAR);
        (*prev, *transparent) = (CLEAR, true);
    }
}

/// A span whose indices went from `old` to `new`, written into `data`: each pixel its new
/// index, but [`CLEAR`] where it kept its index and does not continue the run before it.
pub(super) fn changed(
    old: &[u8],
    new: &[u8],
    prev: &mut u8,
    transparent: &mut bool,
    data: &mut Vec<u8>,
) {
    for (&o, &n) in old.iter().zip(new) {
        let v = if n == o && *prev != n {
            *transparent = true;
            CLEAR
        } else {
            n
        };
        data.push(v);
        *prev = v;
    }
}

/// The frame that takes `screen` (indices, `w` wide) to `boxed` over the box
/// `(left, top, width, height)`: the box shrunk to the indices that differ, written into
/// `data` with unchanged pixels as [`CLEAR`] unless they continue a run of their own index
/// (longer runs compress better). Returns the shrunk box and whether any pixel is
/// transparent, or `None` when no index differs.
pub(super) fn frame_data(
    screen: &[u8],
    w: usize,
    boxed: &[u8],
    (l, t, bw, bh): (usize, usize, usize, usize),
    data: &mut Vec<u8>,
) -> Option<(usize, usize, usize, usize, bool)> {
    let old_row = |y: usize| &screen[(t + y) * w + l..][..bw];
    let new_row = |y: usize| &boxed[y * bw..][..bw];
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for y in 0..bh {
        let (old, new) = (old_row(y), new_row(y));
        if old == new {
            continue;
        }
        let pairs = || old.iter().zip(new);
        let first = pairs().position(|(a, b)| a != b).unwrap_or(0);
        let last = pairs().rposition(|(a, b)| a != b).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    if top == usize::MAX {
        return None;
    }
    data.clear();
    let mut transparent = false;
    let mut prev = CLEAR;
    for y in top..=bottom {
        let old = &old_row(y)[left..=right];
        let new = &new_row(y)[left..=right];
        if old == new {
            unchanged(new, &mut prev, &mut transparent, data);
        } else {
            changed(old, new, &mut prev, &mut transparent, data);
        }
    }
    Some((
        l + left,
        t + top,
        right - left + 1,
        bottom - top + 1,
        transparent,
    ))
}
