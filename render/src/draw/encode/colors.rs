//! The table of an image's colours: each colour's dense id and pixel count, built in one
//! pass over the pixels.

/// An open-addressing table from colour to a dense id with a pixel count per colour, built
/// for one pass over the pixels (a general-purpose hash map costs more than everything else
/// here). Shared by the PNG encoder (one image) and the replay (every frame). It starts
/// small and doubles at half full: a band of a turn image has a few thousand colours, and
/// a table that stays in the processor's nearest caches is what makes the pass fast.
pub(crate) struct Colors {
    /// Per slot: a colour word in the low 32 bits and its id above, or [`EMPTY`].
    slots: Vec<u64>,
    shift: u32,
    max: usize,
    pub(super) list: Vec<u32>,
    pub(super) counts: Vec<u32>,
}

const EMPTY: u64 = u64::MAX;
/// Slots of a new table (it doubles as it fills).
const FIRST_SLOTS: usize = 4096;
/// Distinct colours kept apart in one image; any beyond share the last id's nearest entry
/// (never seen in practice: a turn image has a few thousand).
pub(super) const MAX_COLORS: usize = 16_000;

impl Colors {
    /// A table for at most `max` distinct colours (at most 65,000: ids are `u16` and the
    /// replay keeps `u16::MAX` for "unchanged").
    pub(crate) fn new(max: usize) -> Colors {
        let max = max.min(65_000);
        Colors::with_slots(FIRST_SLOTS.min((2 * max).next_power_of_two()), max)
    }

    /// A table already big enough for `n` distinct colours (it never grows while filling):
    /// for merging tables whose sizes are known.
    pub(crate) fn for_at_most(n: usize) -> Colors {
        let max = n.clamp(1, 65_000);
        Colors::with_slots((2 * max).next_power_of_two(), max)
    }

    fn with_slots(size: usize, max: usize) -> Colors {
        Colors {
            slots: vec![EMPTY; size],
            shift: 32 - size.trailing_zeros(),
            max,
            list: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The first slot to look at for colour word `c`.
    fn home(&self, c: u32) -> usize {
        (c.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    /// The id of colour word `c`, counting `n` more pixels of it. Inlined into the pass
    /// over the pixels: most look-ups find their colour in its home slot.
    #[inline]
    pub(crate) fn id(&mut self, c: u32, n: u32) -> u16 {
        let i = self.home(c);
        let slot = self.slots[i];
        if slot != EMPTY && slot as u32 == c {
            let id = (slot >> 32) as u16;
            self.counts[usize::from(id)] += n;
            return id;
        }
        self.id_from(i, c, n)
    }

    /// [`Colors::id`] from slot `i` on.
    #[inline(never)]
    fn id_from(&mut self, mut i: usize, c: u32, n: u32) -> u16 {
        let mask = self.slots.len() - 1;
        loop {
            let slot = self.slots[i];
            if slot != EMPTY && slot as u32 == c {
                let id = (slot >> 32) as u16;
                self.counts[usize::from(id)] += n;
                return id;
            }
            if slot == EMPTY {
                if self.list.len() >= self.max {
                    let id = (self.list.len() - 1) as u16;
                    self.counts[usize::from(id)] += n;
                    return id;
                }
                if 2 * (self.list.len() + 1) > self.slots.len() {
                    self.grow();
                    return self.id(c, n);
                }
                let id = self.list.len() as u16;
                self.slots[i] = u64::from(c) | (u64::from(id) << 32);
                self.list.push(c);
                self.counts.push(n);
                return id;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, every colour placed again (ids and counts unchanged).
    fn grow(&mut self) {
        let mut bigger = Colors::with_slots(2 * self.slots.len(), self.max);
        let mask = bigger.slots.len() - 1;
        for &slot in self.slots.iter().filter(|&&s| s != EMPTY) {
            let mut i = bigger.home(slot as u32);
            while bigger.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            bigger.slots[i] = slot;
        }
        self.slots = bigger.slots;
        self.shift = bigger.shift;
    }

    /// The id of colour word `c`, if seen.
    pub(crate) fn find(&self, c: u32) -> Option<u16> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(c);
        loop {
            match self.slots[i] {
                EMPTY => return None,
                slot if slot as u32 == c => return Some((slot >> 32) as u16),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The memory the table holds, about.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * 8 + (self.list.capacity() + self.counts.capacity()) * 4
    }

    /// Whether the table met more colours than it keeps apart (the last id stands for
    /// several): a scan with such a table is never kept or mixed (`kept.rs`).
    pub(crate) fn is_full(&self) -> bool {
        self.list.len() >= self.max
    }

    /// Distinct colours seen.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }
}

/// A pixel as a colour word: little-endian RGB, red in the low byte (pixels are opaque).
#[cfg(test)]
pub(crate) fn word(p: tiny_skia::PremultipliedColorU8) -> u32 {
    u32::from(p.red()) | (u32::from(p.green()) << 8) | (u32::from(p.blue()) << 16)
}
