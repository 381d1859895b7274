//! The replay's palette: fixed by the first frame, with a few entries kept for colours
//! met later; every colour met gets its index once.

use super::{Drawn, MAX_COLORS, PALETTE};
use crate::draw::{
    encode::{self, Colors, Nearest, distance},
    theme,
};

/// The replay's palette and the index of every colour met so far.
///
/// The first frame chooses most of it; a few entries are kept for colours that appear later
/// and are far from every entry (a player's colour that the first frame does not show, a
/// board game's pieces on its empty board), first come, first served: the palette is
/// written at the end, and indices given out never change.
pub(super) struct Palette {
    /// The entries, as colour words.
    entries: Vec<u32>,
    colors: Colors,
    /// The palette index of each colour id in `colors`.
    index: Vec<u8>,
    nearest: Nearest,
    /// The theme's colours, sorted: each gets an entry of its own while there is room.
    seed: Vec<u32>,
}

/// Entries the first frame leaves for colours met later.
const SPARE: usize = 4;
/// A colour this far from its nearest entry (weighted squared distance, as [`Nearest`]
/// measures it: about 20 levels in each channel) gets an entry of its own while there is
/// room.
const FAR: i32 = 3600;

impl Palette {
    /// The palette of a replay whose first frame is `first`.
    pub(super) fn of(first: &Drawn) -> Palette {
        let mut colors = Colors::new(MAX_COLORS);
        for y in 0..first.height {
            let row = first.row(y);
            let mut run = (u32::MAX, 0);
            for p in row.chunks_exact(4) {
                let w = word(p);
                if w == run.0 {
                    run.1 += 1;
                } else {
                    if run.1 > 0 {
                        colors.id(run.0, run.1);
                    }
                    run = (w, 1);
                }
            }
            colors.id(run.0, run.1);
        }
        let mut seed = theme::seed();
        let (entries, index) = encode::quantise(&colors, &seed, PALETTE - SPARE);
        seed.sort_unstable();
        let nearest = Nearest::new(&entries);
        Palette {
            entries,
            colors,
            index,
            nearest,
            seed,
        }
    }

    /// The index of colour word `c`.
    pub(super) fn index(&mut self, c: u32) -> u8 {
        if self.colors.len() >= MAX_COLORS && self.colors.find(c).is_none() {
            // The table is full (never seen in practice): look it up without keeping it.
            return self.nearest.find(c);
        }
        let id = usize::from(self.colors.id(c, 0));
        if id == self.index.len() {
            let near = self.nearest.find(c);
            let ix = if self.entries.len() < PALETTE
                && (self.seed.binary_search(&c).is_ok()
                    || distance(c, self.entries[usize::from(near)]) >= FAR)
            {
                self.entries.push(c);
                self.nearest = Nearest::new(&self.entries);
                (self.entries.len() - 1) as u8
            } else {
                near
            };
            self.index.push(ix);
        }
        self.index[id]
    }

    /// The entries, as colour words (the GIF's colour table).
    pub(super) fn entries(&self) -> &[u32] {
        &self.entries
    }

    /// Opaque RGBA pixels as indices, run by run: a run of one colour is found eight
    /// bytes at a time and costs one look-up.
    pub(super) fn convert(&mut self, pixels: &[u8], out: &mut [u8]) {
        let n = out.len().min(pixels.len() / 4);
        let mut i = 0;
        while i < n {
            let p = &pixels[i * 4..i * 4 + 4];
            let ix = self.index(word(p));
            let two = u64::from(u32::from_le_bytes([p[0], p[1], p[2], p[3]])) * 0x1_0000_0001;
            let mut j = i + 1;
            while j + 2 <= n
                && u64::from_le_bytes(pixels[j * 4..j * 4 + 8].try_into().unwrap_or_default())
                    == two
            {
                j += 2;
            }
            while j < n && pixels[j * 4..j * 4 + 4] == *p {
                j += 1;
            }
            out[i..j].fill(ix);
            i = j;
        }
    }
}

/// An RGBA pixel (opaque) as a colour word: red in the low byte.
pub(super) fn word(p: &[u8]) -> u32 {
    u32::from(p[0]) | (u32::from(p[1]) << 8) | (u32::from(p[2]) << 16)
}
