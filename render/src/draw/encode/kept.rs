//! The images encoded lately, kept as their bands' scans beside the hashes of what was
//! drawn on their rows (`draw/damage.rs`), so that the next turn of a game draws and reads
//! again only the rows that changed: most of a turn image (the floors' walls and rooms,
//! the panels, most of the table) is drawn the same as the turn before.
//!
//! What is kept never changes what an image is: a kept row is one whose drawing was the
//! same, and [`Scan::mixed`] gives the scan [`Scan::new`] would, so the palette and the
//! bytes are those of the image drawn whole (a test renders games both ways). The images
//! are matched by what they show, not by which game they belong to, and a group's next
//! turn finds its last image among the [`KEEP`] kept, whichever other games were drawn
//! in between.

use std::sync::Mutex;

use super::scan::Scan;
use crate::draw::damage::Cells;

/// An image's scans and the hashes they were drawn from.
pub(super) struct Kept {
    pub(super) size: (u32, u32),
    pub(super) bands: Vec<(u32, u32)>,
    /// The hashes of what was drawn on each cell (`draw/damage.rs`), and per band of a
    /// cell's rows the hash of them all.
    pub(super) cells: Cells,
    pub(super) hashes: Vec<u64>,
    pub(super) scans: Vec<Scan>,
}

/// At most this many images are kept, in at most [`BUDGET`] bytes: a process serving many
/// groups draws each group's turns among other groups' (an image kept takes 0.6–1 MiB with
/// its cells; at 16 MiB, twenty games played in turn let go of each other's images, and
/// `labscape bench --render` made 290 turns/s rather than 310).
const KEEP: usize = 32;
const BUDGET: usize = 32 << 20;

impl Kept {
    /// The memory it holds, about.
    fn bytes(&self) -> usize {
        let scan = |s: &Scan| {
            s.rows.capacity() * 4 + s.runs.capacity() * 4 + s.colors.bytes() + s.mapped.bytes()
        };
        self.cells.bytes() + self.hashes.capacity() * 8 + self.scans.iter().map(scan).sum::<usize>()
    }
}

/// The images kept, the one kept last at the end.
pub(super) struct Shelf {
    images: Vec<Kept>,
}

impl Shelf {
    const fn new() -> Shelf {
        Shelf { images: Vec::new() }
    }

    fn has(&self, size: (u32, u32), bands: &[(u32, u32)]) -> bool {
        (self.images.iter()).any(|k| k.size == size && k.bands == bands)
    }

    fn take(&mut self, size: (u32, u32), bands: &[(u32, u32)], hashes: &[u64]) -> Option<Kept> {
        let shared = |k: &Kept| k.hashes.iter().zip(hashes).filter(|(a, b)| a == b).count();
        let best = (self.images.iter().enumerate())
            .filter(|(_, k)| k.size == size && k.bands == bands && k.hashes.len() == hashes.len())
            .map(|(i, k)| (shared(k), i))
            .filter(|&(n, _)| n > 0)
            .max()?;
        Some(self.images.remove(best.1))
    }

    /// Keeps `k` (unless a scan of it has a full colour table) and gives back the images
    /// let go to make room, oldest first.
    fn keep(&mut self, mut k: Kept) -> Vec<Kept> {
        if k.scans.iter().any(Scan::is_full) {
            return vec![k];
        }
        k.scans.iter_mut().for_each(Scan::trim);
        self.images.push(k);
        let mut bytes: usize = self.images.iter().map(Kept::bytes).sum();
        let mut gone = Vec::new();
        while self.images.len() > KEEP || bytes > BUDGET {
            let k = self.images.remove(0);
            bytes -= k.bytes();
            gone.push(k);
        }
        gone
    }
}

/// The process's shelf.
static SHELF: Mutex<Shelf> = Mutex::new(Shelf::new());

/// `f` on the process's shelf (in a test, on the thread's own if it has one).
fn on_shelf<R>(f: impl FnOnce(&mut Shelf) -> R) -> R {
    #[cfg(test)]
    if OWN.with_borrow(Option::is_some) {
        return OWN.with_borrow_mut(|own| f(own.get_or_insert_with(Shelf::new)));
    }
    f(&mut SHELF.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Whether an image of this size and bands is kept.
pub(super) fn has(size: (u32, u32), bands: &[(u32, u32)]) -> bool {
    on_shelf(|s| s.has(size, bands))
}

/// Takes out the kept image of the same size and bands that shares the most rows' drawing
/// with `hashes` (at least one), if any.
pub(super) fn take(size: (u32, u32), bands: &[(u32, u32)], hashes: &[u64]) -> Option<Kept> {
    let taken = on_shelf(|s| s.take(size, bands, hashes));
    #[cfg(test)]
    TAKEN.with(|t| t.set(t.get() + usize::from(taken.is_some())));
    taken
}

/// Keeps an image's scans (the oldest kept go when there are more than [`KEEP`] or they
/// take more than [`BUDGET`]).
pub(super) fn keep(k: Kept) {
    // What is let go is freed after the shelf is unlocked.
    drop(on_shelf(|s| s.keep(k)));
}

/// Forgets every image kept (for a benchmark of images drawn whole).
pub(crate) fn forget() {
    drop(on_shelf(|s| std::mem::take(&mut s.images)));
}

#[cfg(test)]
thread_local! {
    /// How many kept images this thread has taken, for a test that wants some taken.
    pub(crate) static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// How many bands this thread's images have mixed from a kept scan and drawn cells.
    pub(crate) static MIXED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The thread's own shelf, once [`own_shelf`] is called: a test's images are not
    /// taken by other tests running beside it.
    static OWN: std::cell::RefCell<Option<Shelf>> = const { std::cell::RefCell::new(None) };
}

/// Gives the calling thread a shelf of its own (tests).
#[cfg(test)]
pub(crate) fn own_shelf() {
    OWN.with_borrow_mut(|own| *own = Some(Shelf::new()));
}

#[cfg(test)]
mod tests {
    use tiny_skia::Pixmap;

    use super::{BUDGET, KEEP, Kept, Shelf};
    use crate::draw::{damage::Ops, encode::scan::Scan};

    /// An image `w` × `h` kept: a scan of stripes one pixel wide (a run per pixel; rows
    /// of an odd width each differ from the one above).
    fn image(w: u32, h: u32) -> Kept {
        let mut pix = Pixmap::new(w, h).expect("a pixmap");
        for (i, px) in pix.data_mut().chunks_exact_mut(4).enumerate() {
            px.copy_from_slice(&[(i % 2) as u8 * 200, 0, 0, 255]);
        }
        Kept {
            size: (w, h),
            bands: vec![(0, h)],
            cells: Ops::default().cells(h, w),
            hashes: vec![1; h.div_ceil(4) as usize],
            scans: vec![Scan::new(&pix)],
        }
    }

    #[test]
    fn a_shelf_keeps_the_last_images_within_its_count_and_bytes() {
        let mut shelf = Shelf::new();
        for _ in 0..KEEP + 5 {
            shelf.keep(image(40, 8));
        }
        assert_eq!(shelf.images.len(), KEEP);
        // Each of these takes 2–4 MiB (half a million runs, and room to spare): the
        // oldest go.
        for _ in 0..9 {
            shelf.keep(image(513, 1024));
        }
        let bytes: usize = shelf.images.iter().map(Kept::bytes).sum();
        assert!(bytes <= BUDGET, "{bytes} bytes kept");
        assert!(shelf.images.len() >= 3, "{} images", shelf.images.len());
        assert!(shelf.images.iter().all(|k| k.size == (513, 1024)));
        // The one that shares most with what is asked for is taken, of its size only.
        assert!(shelf.has((513, 1024), &[(0, 1024)]));
        assert!(shelf.take((40, 8), &[(0, 8)], &[1, 1]).is_none());
        assert!(shelf.take((513, 1024), &[(0, 1024)], &[1; 256]).is_some());
        assert!(shelf.take((513, 1024), &[(0, 1024)], &[2; 256]).is_none());
    }
}
