//! Indexed colour (rendering notes §3.3): a seeded popularity quantiser keeps every theme
//! colour exactly, fills the rest of the palette with the most common anti-aliasing blends,
//! and maps every other colour to its nearest entry. Deterministic: ties are broken by
//! colour value, never by hash order. The PNG encoder here and the replay GIF
//! (`replay.rs`) share it.

use tiny_skia::Pixmap;

/// An open-addressing table from colour to a dense id with a pixel count per colour, built
/// for one pass over the pixels (a general-purpose hash map costs more than everything else
/// here). Shared by the PNG encoder (one image) and the replay (every frame).
pub(crate) struct Colors {
    keys: Vec<u32>,
    ids: Vec<u16>,
    mask: usize,
    shift: u32,
    max: usize,
    list: Vec<u32>,
    counts: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;
/// Distinct colours kept apart in one image; any beyond share the last id's nearest entry
/// (never seen in practice: a turn image has a few thousand).
const MAX_COLORS: usize = 16_000;

impl Colors {
    /// A table for at most `max` distinct colours (at most 65,000: ids are `u16` and the
    /// replay keeps `u16::MAX` for "unchanged").
    pub(crate) fn new(max: usize) -> Colors {
        let max = max.min(65_000);
        let size = (2 * max).next_power_of_two();
        Colors {
            keys: vec![EMPTY; size],
            ids: vec![0; size],
            mask: size - 1,
            shift: 32 - size.trailing_zeros(),
            max,
            list: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The id of colour word `c`, counting `n` more pixels of it.
    pub(crate) fn id(&mut self, c: u32, n: u32) -> u16 {
        let mut i = (c.wrapping_mul(0x9E37_79B1) >> self.shift) as usize & self.mask;
        loop {
            let k = self.keys[i];
            if k == c {
                let id = self.ids[i];
                self.counts[usize::from(id)] += n;
                return id;
            }
            if k == EMPTY {
                if self.list.len() >= self.max {
                    let id = (self.list.len() - 1) as u16;
                    self.counts[usize::from(id)] += n;
                    return id;
                }
                let id = self.list.len() as u16;
                self.keys[i] = c;
                self.ids[i] = id;
                self.list.push(c);
                self.counts.push(n);
                return id;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Distinct colours seen.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }
}

/// A pixel as a colour word: little-endian RGB, red in the low byte (pixels are opaque).
pub(crate) fn word(p: tiny_skia::PremultipliedColorU8) -> u32 {
    u32::from(p.red()) | (u32::from(p.green()) << 8) | (u32::from(p.blue()) << 16)
}

/// The quantiser: a palette of at most `max` colours (the `seed` colours that occur, kept
/// exactly, then the most common others; ties broken by colour value) and the palette index
/// of every colour id in `colors` (its own entry, or the nearest one).
pub(crate) fn quantise(colors: &Colors, seed: &[u32], max: usize) -> (Vec<u32>, Vec<u8>) {
    let max = max.min(256);
    let n = colors.list.len();
    let mut to_index: Vec<Option<u8>> = vec![None; n];
    let mut palette: Vec<u32> = Vec::with_capacity(max);
    let mut add = |id: usize, palette: &mut Vec<u32>| {
        if palette.len() < max && to_index[id].is_none() {
            to_index[id] = Some(palette.len() as u8);
            palette.push(colors.list[id]);
        }
    };
    for &c in seed {
        if let Some(id) = colors.list.iter().position(|&x| x == c) {
            add(id, &mut palette);
        }
    }
    let mut by_count: Vec<usize> = (0..n).collect();
    by_count.sort_unstable_by(|&a, &b| {
        colors.counts[b]
            .cmp(&colors.counts[a])
            .then(colors.list[a].cmp(&colors.list[b]))
    });
    for id in by_count {
        add(id, &mut palette);
    }

    // Every other colour to its nearest entry.
    let pal: Vec<(i32, i32, i32)> = palette.iter().map(|&c| split(c)).collect();
    let to_index = to_index
        .iter()
        .zip(&colors.list)
        .map(|(ix, &c)| ix.unwrap_or_else(|| nearest(&pal, split(c))))
        .collect();
    (palette, to_index)
}

/// A colour word's (red, green, blue).
fn split(c: u32) -> (i32, i32, i32) {
    (
        (c & 255) as i32,
        ((c >> 8) & 255) as i32,
        ((c >> 16) & 255) as i32,
    )
}

/// A palette as `[r, g, b, …]` bytes.
pub(crate) fn rgb_bytes(palette: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(palette.len() * 3);
    for c in palette {
        out.extend_from_slice(&[*c as u8, (c >> 8) as u8, (c >> 16) as u8]);
    }
    out
}

/// Encodes an opaque pixmap as an 8-bit indexed PNG, keeping `seed` colours in the palette.
pub(crate) fn indexed_png(pix: &Pixmap, seed: &[u32]) -> Vec<u8> {
    indexed_png_at(pix, seed, LEVEL)
}

/// [`indexed_png`] at a given zlib level (for measurements).
pub(crate) fn indexed_png_at(pix: &Pixmap, seed: &[u32], level: u8) -> Vec<u8> {
    let (w, h) = (pix.width(), pix.height());

    // One pass over the pixels as runs of equal colour: a dense id per colour and a list
    // of (id, length) runs. Buffers are reused between calls on a thread: a fresh
    // multi-megabyte allocation costs more in page faults than the work done in it.
    let px = pix.pixels();
    let mut runs = SCRATCH_RUNS.take();
    runs.clear();
    let mut colors = Colors::new(MAX_COLORS);
    let mut i = 0;
    while i < px.len() {
        let c = px[i];
        let mut j = i + 1;
        while j < px.len() && px[j] == c {
            j += 1;
        }
        let len = (j - i) as u32;
        runs.push((colors.id(word(c), len), len));
        i = j;
    }
    let (palette, to_index) = quantise(&colors, seed, MAX_PALETTE);
    let mut indices = SCRATCH_INDICES.take();
    indices.clear();
    indices.reserve(px.len());
    for &(id, len) in &runs {
        indices.resize(indices.len() + len as usize, to_index[usize::from(id)]);
    }
    SCRATCH_RUNS.set(runs);

    let mut out = Vec::with_capacity(128 * 1024);
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(rgb_bytes(&palette));
        enc.set_deflate_compression(png::DeflateCompression::Level(level));
        enc.set_filter(png::Filter::NoFilter);
        let mut writer = enc.write_header().expect("writing a PNG header to memory");
        writer
            .write_image_data(&indices)
            .expect("writing PNG data to memory");
    }
    SCRATCH_INDICES.set(indices);
    out
}

thread_local! {
    static SCRATCH_RUNS: std::cell::Cell<Vec<(u16, u32)>> = const { std::cell::Cell::new(Vec::new()) };
    static SCRATCH_INDICES: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    static SCRATCH_PIXELS: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A buffer of `len` bytes for a pixmap, reusing the last one given back. Its content is
/// unspecified: the canvas fills it with the background at once.
pub(crate) fn pixel_buffer(len: usize) -> Vec<u8> {
    let mut v = SCRATCH_PIXELS.take();
    if v.len() != len {
        v.clear();
        v.resize(len, 0);
    }
    v
}

/// Gives a pixmap's buffer back for the next image.
pub(crate) fn recycle(pix: Pixmap) {
    SCRATCH_PIXELS.set(pix.take());
}

/// zlib level: 6 is png's `Balanced`; see the benchmark for the trade-off.
const LEVEL: u8 = 6;
const MAX_PALETTE: usize = 64;

/// The palette entry nearest to `c`, weighting RGB 3:4:2.
fn nearest(palette: &[(i32, i32, i32)], (r, g, b): (i32, i32, i32)) -> u8 {
    let mut best = (i32::MAX, 0u8);
    for (i, &(pr, pg, pb)) in palette.iter().enumerate() {
        let (dr, dg, db) = (r - pr, g - pg, b - pb);
        let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if d < best.0 {
            best = (d, i as u8);
        }
    }
    best.1
}
