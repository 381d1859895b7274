//! Indexed colour (rendering notes §3.3): a seeded popularity quantiser keeps every theme
//! colour exactly, fills the rest of the palette with the most common anti-aliasing blends,
//! and maps every other colour to its nearest entry. Deterministic: ties are broken by
//! colour value, never by hash order. The PNG encoder here and the replay GIF
//! (`draw/gif/`) share it.
//!
//! The rooms: `colors.rs` the table of an image's colours, `quantise.rs` the palette and
//! the nearest entry, `scan.rs` an image read as runs of colour, `kept.rs` the scans of
//! the images encoded lately, `deflate/` our deflate, made for scanlines, `png.rs` the
//! file's chunks, `buffers.rs` the buffers kept between images, `together.rs` the jobs
//! of an image's parallel steps shared between the caller and the pool. This file puts
//! them together: one image, or one drawn in bands on several threads.

mod buffers;
mod colors;
mod deflate;
mod kept;
mod png;
mod quantise;
mod scan;
#[cfg(test)]
mod tests;
mod together;

use tiny_skia::Pixmap;

use crate::draw::damage::{Cells, Wanted, changed_cells};

pub(crate) use buffers::{pixel_buffer, recycle};
pub(crate) use colors::Colors;
#[cfg(test)]
pub(crate) use colors::word;
pub(crate) use kept::forget;
#[cfg(test)]
pub(crate) use kept::{MIXED, TAKEN, own_shelf};
use quantise::Mapped;
pub(crate) use quantise::{Nearest, distance, quantise, rgb_bytes};

use buffers::{BYTES, take_bytes};
use deflate::Effort;
use png::{compress, png};
use quantise::choose_palette;
use scan::Scan;
use together::in_parallel;

/// Encodes an opaque pixmap as an 8-bit indexed PNG, keeping `seed` colours in the palette.
pub(crate) fn indexed_png(pix: &Pixmap, seed: &[u32]) -> Vec<u8> {
    let scan = Scan::new(pix);
    let (palette, map) = quantise(&scan.colors, seed, MAX_PALETTE);
    let (w, h) = (pix.width(), pix.height());
    let row = scan.width + 1;
    let mut lines = take_bytes(scan.rows.len() * row);
    scan.lines(&map, 0..scan.rows.len(), &mut lines);
    let png = within(THOROUGH_ABOVE, |effort| {
        png(w, h, &palette, &[compress(&lines, 0, row, true, effort)])
    });
    BYTES.give(lines);
    png
}

/// An image the quick search ([`Effort::QUICK`]) leaves larger than this is compressed
/// again with the thorough one: a turn image is kept within 60 KiB (issue 38), and the
/// busiest known positions fit only so. Any other image, a turn's or a board's, is
/// compressed once.
const THOROUGH_ABOVE: usize = 60 * 1024;

/// The PNG `make` gives with the quick search, or with the thorough one where the quick
/// one's is larger than `limit` bytes.
fn within(limit: usize, make: impl Fn(Effort) -> Vec<u8>) -> Vec<u8> {
    let quick = make(Effort::QUICK);
    if quick.len() <= limit {
        return quick;
    }
    make(Effort::THOROUGH)
}

/// Draws an image `width` × `height` pixels in horizontal bands, in parallel (`together.rs`)
/// (`draw` returns the pixmap of rows `start..end`), and encodes it as an 8-bit indexed
/// PNG keeping `seed` colours in the palette. The pixels are those of [`indexed_png`] on the
/// whole image: one palette for the whole image, compressed as separate pieces of one zlib
/// stream, in parallel too. (The images drawn use [`kept_png`], which draws a band this
/// way when it has no image kept to start from.)
///
/// The pieces are cut by rows again after drawing, where each has about the same work
/// (see [`piece_cuts`]): a drawing band can only end in a gap between panels, and the
/// bands of a turn image differ by a fifth in what they cost to compress.
#[cfg(test)]
pub(crate) fn banded_png(
    (width, height): (u32, u32),
    bands: &[(u32, u32)],
    draw: impl Fn((u32, u32)) -> Pixmap + Sync,
    seed: &[u32],
) -> Vec<u8> {
    let scans = in_parallel(bands.to_vec(), |rows| scan_drawn(&draw, rows));
    let cuts = piece_cuts(&scans, bands.len());
    png_of_scans((width, height), &scans, &cuts, seed).0
}

/// The scan of the band `rows` drawn whole by `draw`.
fn scan_drawn(draw: impl Fn((u32, u32)) -> Pixmap, rows: (u32, u32)) -> Scan {
    let pix = draw(rows);
    let scan = Scan::new(&pix);
    recycle(pix);
    scan
}

/// [`banded_png`] for an image that may share rows with one encoded lately (the turn
/// before, in a game): `probe` gives the hashes of what is drawn on its rows (see
/// `draw/damage.rs`). A band where at least a quarter of the rows were drawn the same in
/// the image kept (`kept.rs`) draws only the strips that changed (`draw_only`, given the
/// band and the cells wanted) and takes the rest from the scan kept; any other band is
/// drawn whole with `draw`. The image is kept in turn for the next. The same bytes as
/// [`banded_png`]. With no image of its size kept, the probe runs beside the bands.
pub(crate) fn kept_png(
    (width, height): (u32, u32),
    bands: &[(u32, u32)],
    probe: impl FnOnce() -> Cells + Send,
    draw: impl Fn((u32, u32)) -> Pixmap + Sync,
    draw_only: impl Fn((u32, u32), Wanted) -> Pixmap + Sync,
    seed: &[u32],
) -> Vec<u8> {
    let whole = |rows: (u32, u32)| scan_drawn(&draw, rows);
    let (cells, hashes, scans) = if kept::has((width, height), bands) {
        let cells = probe();
        let hashes = cells.band_hashes();
        let kept = kept::take((width, height), bands, &hashes);
        let jobs: Vec<_> = match kept {
            Some(k) => {
                // Per row, the strips that changed.
                let changed = changed_cells(Some(&k.cells), &cells);
                let masks = changed.masks();
                bands
                    .iter()
                    .zip(k.scans)
                    .map(|(&rows, old)| {
                        let band = &masks[rows.0 as usize..rows.1 as usize];
                        let same = band.iter().filter(|&&m| m == 0).count();
                        let old = (4 * same >= band.len()).then(|| (old, band.to_vec()));
                        (rows, old)
                    })
                    .collect()
            }
            None => bands.iter().map(|&rows| (rows, None)).collect(),
        };
        #[cfg(test)]
        kept::MIXED.with(|m| {
            let mixed = jobs.iter().filter(|(_, old)| {
                old.as_ref()
                    .is_some_and(|(_, masks)| masks.iter().any(|&m| m != 0))
            });
            m.set(m.get() + mixed.count());
        });
        let scans: Vec<Scan> = in_parallel(jobs, |(rows, old)| match old {
            Some((old, masks)) if masks.iter().all(|&m| m == 0) => old,
            Some((old, masks)) => {
                let mut wanted = vec![0; height as usize];
                wanted[rows.0 as usize..rows.1 as usize].copy_from_slice(&masks);
                let pix = draw_only(rows, Wanted::new(wanted));
                let scan = Scan::mixed(old, &masks, &pix);
                recycle(pix);
                // Past the colours a table keeps apart, two colours could share an id
                // where reading the band whole would not give them one: read it whole.
                if scan.is_full() { whole(rows) } else { scan }
            }
            None => whole(rows),
        });
        (cells, hashes, scans)
    } else {
        // The bands, then the probe for whichever thread is free first.
        let probe = std::sync::Mutex::new(Some(probe));
        let jobs = (bands.iter().map(|&rows| Some(rows))).chain([None]);
        let done = in_parallel(jobs.collect(), |job| match job {
            Some(rows) => Drawn::Band(whole(rows)),
            None => {
                let probe = probe.lock().unwrap_or_else(|e| e.into_inner()).take();
                Drawn::Probe(probe.expect("one probe")())
            }
        });
        let (mut scans, mut cells) = (Vec::with_capacity(bands.len()), None);
        for d in done {
            match d {
                Drawn::Band(scan) => scans.push(scan),
                Drawn::Probe(c) => cells = Some(c),
            }
        }
        let cells = cells.expect("the probe's job ran");
        let hashes = cells.band_hashes();
        (cells, hashes, scans)
    };
    let cuts = piece_cuts(&scans, bands.len());
    let (png, mapped) = png_of_scans((width, height), &scans, &cuts, seed);
    let mut scans = scans;
    for (scan, mapped) in scans.iter_mut().zip(mapped) {
        scan.mapped = mapped;
    }
    kept::keep(kept::Kept {
        size: (width, height),
        bands: bands.to_vec(),
        hashes,
        cells,
        scans,
    });
    png
}

/// The PNG of an image scanned in bands, compressed in pieces cut at rows `cuts` (from 0
/// to the last row; any rows, not only the bands' ends), and what each band's colours were
/// mapped to (for a scan kept, see [`Nearest::complete_from`]).
fn png_of_scans(
    (width, height): (u32, u32),
    scans: &[Scan],
    cuts: &[usize],
    seed: &[u32],
) -> (Vec<u8>, Vec<Mapped>) {
    let (palette, owns) = palette_for(scans, seed);
    let near = Nearest::new(&palette);
    // Each band's map is made once, by the first piece that needs it.
    let maps: Vec<std::sync::OnceLock<(Vec<u8>, Mapped)>> =
        scans.iter().map(|_| std::sync::OnceLock::new()).collect();
    let pieces: Vec<(usize, usize)> = cuts.windows(2).map(|c| (c[0], c[1])).collect();
    let last = pieces.len() - 1;
    let jobs: Vec<(usize, (usize, usize))> = pieces.into_iter().enumerate().collect();
    let segments = |effort| {
        in_parallel(jobs.clone(), |(k, (from, to))| {
            let row_bytes = scans.first().map_or(0, |s| s.width + 1);
            // The row before the piece goes first, as history its matches can refer to.
            let first = from.saturating_sub(1);
            let mut lines = take_bytes((to - first) * row_bytes);
            let mut start = 0;
            for (i, scan) in scans.iter().enumerate() {
                let end = start + scan.rows.len();
                let (a, b) = (first.max(start), to.min(end));
                if a < b {
                    let (map, _) = maps[i].get_or_init(|| {
                        near.complete_from(&palette, &owns[i], &scan.colors, &scan.mapped)
                    });
                    scan.lines(map, a - start..b - start, &mut lines);
                }
                start = end;
            }
            let segment = compress(
                &lines,
                (from - first) * row_bytes,
                row_bytes,
                k == last,
                effort,
            );
            BYTES.give(lines);
            segment
        })
    };
    let png = within(THOROUGH_ABOVE, |effort| {
        png(width, height, &palette, &segments(effort))
    });
    let mapped = maps
        .into_iter()
        .map(|m| m.into_inner().map(|(_, mapped)| mapped).unwrap_or_default())
        .collect();
    (png, mapped)
}

/// Where to cut the image's rows into `n` pieces of about equal work for deflate: the
/// cuts, from 0 to the last row. A row's work is estimated from its scan: a row that
/// repeats the one above is a line of zeros, cheap to compress; any other costs its width
/// plus a share per run of colour (where deflate has to look for matches).
fn piece_cuts(scans: &[Scan], n: usize) -> Vec<usize> {
    let costs: Vec<u64> = scans.iter().flat_map(Scan::row_costs).collect();
    let rows = costs.len();
    let total: u64 = costs.iter().sum();
    let n = n.clamp(1, rows.max(1));
    let mut cuts = vec![0];
    let mut before = 0;
    for row in 1..rows {
        before += costs[row - 1];
        let next = cuts.len();
        if next == n {
            break;
        }
        // Cut where the work so far reaches the next share, or where only one row per
        // piece is left.
        if before * n as u64 >= total * next as u64 || rows - row == n - next {
            cuts.push(row);
        }
    }
    cuts.push(rows);
    cuts
}

/// What a job of an image drawn whole gives: a band's scan, or the probe's cells.
enum Drawn {
    Band(Scan),
    Probe(Cells),
}

/// One palette for every band (their colour counts added up) and, per band, the palette
/// entry of each of its colour ids that has one of its own; the others are left to
/// [`Nearest`], run by the first piece of the stream that needs the band.
fn palette_for(scans: &[Scan], seed: &[u32]) -> (Vec<u32>, Vec<Vec<Option<u8>>>) {
    let mut all = Colors::for_at_most(scans.iter().map(|s| s.colors.len()).sum::<usize>());
    let ids: Vec<Vec<u16>> = scans
        .iter()
        .map(|s| {
            s.colors
                .list
                .iter()
                .zip(&s.colors.counts)
                .map(|(&c, &n)| all.id(c, n))
                .collect()
        })
        .collect();
    let (palette, own) = choose_palette(&all, seed, MAX_PALETTE);
    let owns = ids
        .iter()
        .map(|ids| ids.iter().map(|&id| own[usize::from(id)]).collect())
        .collect();
    (palette, owns)
}

const MAX_PALETTE: usize = 64;
