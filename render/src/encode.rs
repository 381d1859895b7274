//! Indexed-colour PNG encoding (rendering notes §3.3): a seeded popularity quantiser keeps
//! every theme colour exactly, fills the rest of the 256 entries with the most common
//! anti-aliasing blends, and maps every other colour to its nearest entry. Deterministic:
//! ties are broken by colour value, never by hash order.

use std::collections::HashMap;

use tiny_skia::Pixmap;

/// Encodes an opaque pixmap as an 8-bit indexed PNG, keeping `seed` colours in the palette.
pub(crate) fn indexed_png(pix: &Pixmap, seed: &[u32]) -> Vec<u8> {
    let (w, h) = (pix.width(), pix.height());
    let pixels: Vec<u32> = pix
        .data()
        .chunks_exact(4)
        .map(|p| (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2]))
        .collect();

    // Histogram over runs of equal pixels (flat areas dominate, so this is cheap).
    let mut hist: HashMap<u32, u32> = HashMap::new();
    let mut i = 0;
    while i < pixels.len() {
        let c = pixels[i];
        let mut j = i + 1;
        while j < pixels.len() && pixels[j] == c {
            j += 1;
        }
        *hist.entry(c).or_insert(0) += (j - i) as u32;
        i = j;
    }

    let mut palette: Vec<u32> = Vec::with_capacity(256);
    for &c in seed {
        if hist.contains_key(&c) && !palette.contains(&c) && palette.len() < 256 {
            palette.push(c);
        }
    }
    let mut by_count: Vec<(u32, u32)> = hist.iter().map(|(&c, &n)| (c, n)).collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (c, _) in &by_count {
        if palette.len() == 256 {
            break;
        }
        if !palette.contains(c) {
            palette.push(*c);
        }
    }

    let exact: HashMap<u32, u8> = palette
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u8))
        .collect();
    let mut lookup: HashMap<u32, u8> = HashMap::with_capacity(hist.len());
    for &c in hist.keys() {
        let idx = match exact.get(&c) {
            Some(&i) => i,
            None => nearest(&palette, c),
        };
        lookup.insert(c, idx);
    }

    let mut indices = Vec::with_capacity(pixels.len());
    let mut last = (u32::MAX, 0u8);
    for &c in &pixels {
        if c != last.0 {
            last = (c, lookup[&c]);
        }
        indices.push(last.1);
    }

    let mut plte = Vec::with_capacity(palette.len() * 3);
    for c in &palette {
        plte.extend_from_slice(&[(c >> 16) as u8, (c >> 8) as u8, *c as u8]);
    }

    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(plte);
        enc.set_compression(png::Compression::Balanced);
        enc.set_filter(png::Filter::NoFilter);
        let mut writer = enc.write_header().expect("writing a PNG header to memory");
        writer
            .write_image_data(&indices)
            .expect("writing PNG data to memory");
    }
    out
}

/// The palette entry nearest to `c`, weighting RGB 3:4:2.
fn nearest(palette: &[u32], c: u32) -> u8 {
    let (r, g, b) = (c >> 16 & 255, c >> 8 & 255, c & 255);
    let mut best = (u32::MAX, 0u8);
    for (i, &p) in palette.iter().enumerate() {
        let dr = (r as i32 - (p >> 16 & 255) as i32).unsigned_abs();
        let dg = (g as i32 - (p >> 8 & 255) as i32).unsigned_abs();
        let db = (b as i32 - (p & 255) as i32).unsigned_abs();
        let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if d < best.0 {
            best = (d, i as u8);
        }
    }
    best.1
}
