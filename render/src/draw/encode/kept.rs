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
/// groups draws each group's turns among other groups' (a `grand` turn image's scans take
/// about 0.6 MiB).
const KEEP: usize = 32;
const BUDGET: usize = 16 << 20;

/// The images kept, the one kept last at the end.
static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

impl Kept {
    /// The memory it holds, about.
    fn bytes(&self) -> usize {
        let scan = |s: &Scan| s.rows.capacity() * 4 + s.runs.capacity() * 4 + s.colors.bytes();
        self.cells.bytes() + self.hashes.len() * 8 + self.scans.iter().map(scan).sum::<usize>()
    }
}

/// Whether an image of this size and bands is kept.
pub(super) fn has(size: (u32, u32), bands: &[(u32, u32)]) -> bool {
    let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.iter().any(|k| k.size == size && k.bands == bands)
}

/// Takes out the kept image of the same size and bands that shares the most rows' drawing
/// with `hashes` (at least one), if any.
pub(super) fn take(size: (u32, u32), bands: &[(u32, u32)], hashes: &[u64]) -> Option<Kept> {
    #[cfg(test)]
    if PASS_BY.with(std::cell::Cell::get) {
        return None;
    }
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let shared = |k: &Kept| k.hashes.iter().zip(hashes).filter(|(a, b)| a == b).count();
    let best = kept
        .iter()
        .enumerate()
        .filter(|(_, k)| k.size == size && k.bands == bands && k.hashes.len() == hashes.len())
        .map(|(i, k)| (shared(k), i))
        .filter(|&(n, _)| n > 0)
        .max()?;
    #[cfg(test)]
    TAKEN.with(|t| t.set(t.get() + 1));
    Some(kept.remove(best.1))
}

#[cfg(test)]
thread_local! {
    /// How many kept images this thread has taken, for a test that wants some taken.
    pub(crate) static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Whether this thread's images are drawn whole, neither taken from nor kept.
    pub(crate) static PASS_BY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps an image's scans (the oldest kept goes when there are [`KEEP`]).
pub(super) fn keep(mut k: Kept) {
    #[cfg(test)]
    if PASS_BY.with(std::cell::Cell::get) {
        return;
    }
    k.scans.iter_mut().for_each(Scan::shrink);
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.push(k);
    let mut bytes: usize = kept.iter().map(Kept::bytes).sum();
    while kept.len() > KEEP || bytes > BUDGET {
        bytes -= kept.remove(0).bytes();
    }
}

/// Forgets every image kept (for a benchmark of images drawn whole).
pub(crate) fn forget() {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).clear();
}
