//! Buffers kept between images: scanline and deflate output bytes, pixmap buffers, and
//! the rows and runs of scans.

use tiny_skia::Pixmap;

/// Big byte buffers kept between images: a fresh multi-megabyte allocation costs more in
/// page faults than the work done in it, and a band or piece runs on whichever of the
/// pool's threads is free, so the pools are shared rather than per thread.
pub(super) struct Pool<T = u8> {
    bufs: std::sync::Mutex<Vec<Vec<T>>>,
    keep: usize,
    /// A buffer of more items than this is let go rather than kept.
    most: usize,
}

impl<T> Pool<T> {
    const fn new(keep: usize, most: usize) -> Pool<T> {
        Pool {
            bufs: std::sync::Mutex::new(Vec::new()),
            keep,
            most,
        }
    }

    /// A buffer given back, as it was: the one with the least room that has room for
    /// `len` items, else the one with the most (or a new empty one).
    pub(super) fn take(&self, len: usize) -> Vec<T> {
        let mut bufs = self.bufs.lock().unwrap_or_else(|e| e.into_inner());
        let room = |i: &usize| bufs[*i].capacity();
        let fits = (0..bufs.len()).filter(|i| room(i) >= len).min_by_key(room);
        let pick = fits.or_else(|| (0..bufs.len()).max_by_key(room));
        pick.map(|i| bufs.swap_remove(i)).unwrap_or_default()
    }

    /// Gives a buffer back (the pool keeps a few, none empty or too big).
    pub(super) fn give(&self, v: Vec<T>) {
        if v.capacity() == 0 || v.capacity() > self.most {
            return;
        }
        let mut bufs = self.bufs.lock().unwrap_or_else(|e| e.into_inner());
        if bufs.len() < self.keep {
            bufs.push(v);
        }
    }
}

/// Scanlines and deflate's output.
pub(super) static BYTES: Pool = Pool::new(6, usize::MAX);

/// Pixmap buffers, apart from [`BYTES`]: they come back at their full length, so the next
/// band of the same size takes one as it is. Shared with the scanline and deflate buffers,
/// a pixmap's buffer came back cleared from being a scanline buffer, and lengthening it
/// again zeroed megabytes per band (a sixth of drawing a band).
static PIXELS: Pool = Pool::new(6, usize::MAX);

/// The runs and the rows of scans (`scan.rs`): a scan kept for the next image gives them
/// back when it is used or let go, and the next scan starts from them rather than from
/// fresh memory (a band's runs are a quarter of a megabyte). A buffer of more than a
/// megabyte is let go: one huge image should not leave every later scan oversized.
pub(super) static RUNS: Pool<(u16, u16)> = Pool::new(8, 1 << 18);
pub(super) static ROWS: Pool<u32> = Pool::new(8, 1 << 18);

/// An empty buffer of the pool `pool` with room for `len` items.
pub(super) fn take_empty<T>(pool: &Pool<T>, len: usize) -> Vec<T> {
    let mut v = pool.take(len);
    v.clear();
    v.reserve(len);
    v
}

/// An empty buffer with room for `len` bytes.
pub(super) fn take_bytes(len: usize) -> Vec<u8> {
    take_empty(&BYTES, len)
}

/// A buffer of `len` bytes for a pixmap. Its content is unspecified: the canvas fills it
/// with the background at once.
pub(crate) fn pixel_buffer(len: usize) -> Vec<u8> {
    let mut v = PIXELS.take(len);
    v.resize(len, 0);
    v
}

/// Gives a pixmap's buffer back for the next image.
pub(crate) fn recycle(pix: Pixmap) {
    PIXELS.give(pix.take());
}
