//! Indexed colour (rendering notes §3.3): a seeded popularity quantiser keeps every theme
//! colour exactly, fills the rest of the palette with the most common anti-aliasing blends,
//! and maps every other colour to its nearest entry. Deterministic: ties are broken by
//! colour value, never by hash order. The PNG encoder here and the replay GIF
//! (`replay.rs`) share it.

use tiny_skia::Pixmap;

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
    list: Vec<u32>,
    counts: Vec<u32>,
}

const EMPTY: u64 = u64::MAX;
/// Slots of a new table (it doubles as it fills).
const FIRST_SLOTS: usize = 4096;
/// Distinct colours kept apart in one image; any beyond share the last id's nearest entry
/// (never seen in practice: a turn image has a few thousand).
const MAX_COLORS: usize = 16_000;

impl Colors {
    /// A table for at most `max` distinct colours (at most 65,000: ids are `u16` and the
    /// replay keeps `u16::MAX` for "unchanged").
    pub(crate) fn new(max: usize) -> Colors {
        let max = max.min(65_000);
        Colors::with_slots(FIRST_SLOTS.min((2 * max).next_power_of_two()), max)
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

/// The quantiser: a palette of at most `max` colours (the `seed` colours that occur, kept
/// exactly, then the most common others; ties broken by colour value) and the palette index
/// of every colour id in `colors` (its own entry, or the nearest one).
pub(crate) fn quantise(colors: &Colors, seed: &[u32], max: usize) -> (Vec<u32>, Vec<u8>) {
    let (palette, own) = choose_palette(colors, seed, max);
    let to_index = Nearest::new(&palette).complete(&own, colors);
    (palette, to_index)
}

/// The palette half of [`quantise`]: the palette, and the entry of every colour id that
/// has one of its own (the others are mapped with [`Nearest`]).
fn choose_palette(colors: &Colors, seed: &[u32], max: usize) -> (Vec<u32>, Vec<Option<u8>>) {
    let max = max.min(256);
    let n = colors.list.len();
    let mut to_index: Vec<Option<u8>> = vec![None; n];
    let mut palette: Vec<u32> = Vec::with_capacity(max);
    for &c in seed {
        if let Some(id) = colors.find(c).map(usize::from)
            && palette.len() < max
            && to_index[id].is_none()
        {
            to_index[id] = Some(palette.len() as u8);
            palette.push(c);
        }
    }
    // The most common of the rest, in order: only as many as there is room for are sorted.
    let mut rest: Vec<usize> = (0..n).filter(|&id| to_index[id].is_none()).collect();
    let room = max - palette.len();
    let by_count = |&a: &usize, &b: &usize| {
        colors.counts[b]
            .cmp(&colors.counts[a])
            .then(colors.list[a].cmp(&colors.list[b]))
    };
    if rest.len() > room {
        if room > 0 {
            rest.select_nth_unstable_by(room - 1, by_count);
        }
        rest.truncate(room);
    }
    rest.sort_unstable_by(by_count);
    for id in rest {
        to_index[id] = Some(palette.len() as u8);
        palette.push(colors.list[id]);
    }
    (palette, to_index)
}

/// Nearest-entry search in a palette of at most 256 colours, weighting RGB 3:4:2 (the first
/// of equals). The palette is kept as lanes of reds, greens and blues in `f32` (distances
/// are below 2²⁴, so exact), padded to a multiple of [`LANES`] with entries too far to win,
/// so the search is a few vector operations per lane group rather than a loop per entry.
pub(crate) struct Nearest {
    lanes: Vec<[[f32; LANES]; 3]>,
}

const LANES: usize = 8;

impl Nearest {
    pub(crate) fn new(palette: &[u32]) -> Nearest {
        let far = 1.0e4;
        let lanes = palette
            .chunks(LANES)
            .map(|chunk| {
                let mut l = [[far; LANES]; 3];
                for (i, &c) in chunk.iter().enumerate() {
                    let (r, g, b) = split(c);
                    l[0][i] = r as f32;
                    l[1][i] = g as f32;
                    l[2][i] = b as f32;
                }
                l
            })
            .collect();
        Nearest { lanes }
    }

    /// The palette index of every colour id in `colors`: its own entry from `own` (by id),
    /// or the nearest one.
    fn complete(&self, own: &[Option<u8>], colors: &Colors) -> Vec<u8> {
        own.iter()
            .zip(&colors.list)
            .map(|(ix, &c)| ix.unwrap_or_else(|| self.find(c)))
            .collect()
    }

    /// The index of the entry nearest to colour word `c` (0 for an empty palette).
    pub(crate) fn find(&self, c: u32) -> u8 {
        let (r, g, b) = split(c);
        let (r, g, b) = (r as f32, g as f32, b as f32);
        // Per lane: the least distance and the first group reaching it (strictly less, so
        // an earlier group keeps a tie); then the least over lanes, smallest index first.
        let mut least = [f32::INFINITY; LANES];
        let mut group = [0u32; LANES];
        for (k, [pr, pg, pb]) in self.lanes.iter().enumerate() {
            for i in 0..LANES {
                let (dr, dg, db) = (r - pr[i], g - pg[i], b - pb[i]);
                let d = 3.0 * dr * dr + 4.0 * dg * dg + 2.0 * db * db;
                if d < least[i] {
                    least[i] = d;
                    group[i] = k as u32;
                }
            }
        }
        let mut pick = (f32::INFINITY, 0);
        for i in 0..LANES {
            let index = group[i] * LANES as u32 + i as u32;
            if least[i] < pick.0 || (least[i] == pick.0 && index < pick.1) {
                pick = (least[i], index);
            }
        }
        pick.1 as u8
    }
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
    let scan = Scan::new(pix);
    let (palette, map) = quantise(&scan.colors, seed, MAX_PALETTE);
    let (w, h) = (pix.width(), pix.height());
    let mut lines = take_bytes(scan.rows.len() * (scan.width + 1));
    scan.lines(&map, 0..scan.rows.len(), &mut lines);
    png(w, h, &palette, &[compress(lines, LEVEL, true)])
}

/// Draws an image `width` × `height` pixels in horizontal bands, one thread per band
/// (`draw` returns the pixmap of rows `start..end`), and encodes it as an 8-bit indexed
/// PNG keeping `seed` colours in the palette. The bytes are those of [`indexed_png`] on the
/// whole image up to deflate's choices: one palette for the whole image, compressed as
/// separate pieces of one zlib stream, one thread per piece.
///
/// The pieces are cut by rows again after drawing, where each has about the same work
/// (see [`piece_cuts`]): a drawing band can only end in a gap between panels, and the
/// bands of a turn image differ by a fifth in what they cost to compress.
pub(crate) fn banded_png(
    (width, height): (u32, u32),
    bands: &[(u32, u32)],
    draw: impl Fn((u32, u32)) -> Pixmap + Sync,
    seed: &[u32],
) -> Vec<u8> {
    let scans = in_parallel(bands, |&rows| {
        let pix = draw(rows);
        let scan = Scan::new(&pix);
        recycle(pix);
        scan
    });
    let cuts = piece_cuts(&scans, bands.len());
    png_of_scans((width, height), &scans, &cuts, seed)
}

/// The PNG of an image scanned in bands, compressed in pieces cut at rows `cuts` (from 0
/// to the last row; any rows, not only the bands' ends).
fn png_of_scans(
    (width, height): (u32, u32),
    scans: &[Scan],
    cuts: &[usize],
    seed: &[u32],
) -> Vec<u8> {
    let (palette, owns) = palette_for(scans, seed);
    let near = Nearest::new(&palette);
    // Each band's map is made once, by the first piece that needs it.
    let maps: Vec<std::sync::OnceLock<Vec<u8>>> =
        scans.iter().map(|_| std::sync::OnceLock::new()).collect();
    let pieces: Vec<(usize, usize)> = cuts.windows(2).map(|c| (c[0], c[1])).collect();
    let last = pieces.len() - 1;
    let jobs: Vec<(usize, (usize, usize))> = pieces.into_iter().enumerate().collect();
    let segments = in_parallel(&jobs, |&(k, (from, to))| {
        let row_bytes = scans.first().map_or(0, |s| s.width + 1);
        let mut lines = take_bytes((to - from) * row_bytes);
        let mut start = 0;
        for (i, scan) in scans.iter().enumerate() {
            let end = start + scan.rows.len();
            let (a, b) = (from.max(start), to.min(end));
            if a < b {
                let map = maps[i].get_or_init(|| near.complete(&owns[i], &scan.colors));
                scan.lines(map, a - start..b - start, &mut lines);
            }
            start = end;
        }
        compress(lines, LEVEL, k == last)
    });
    png(width, height, &palette, &segments)
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

/// `f` over every item, one scoped thread per item after the first (which runs on the
/// calling thread); results in order.
fn in_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let Some((first, rest)) = items.split_first() else {
        return Vec::new();
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = rest
            .iter()
            .map(|item| {
                let f = &f;
                scope.spawn(move || f(item))
            })
            .collect();
        let mut out = vec![f(first)];
        for h in handles {
            match h.join() {
                Ok(r) => out.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        out
    })
}

/// One band of an image read as runs of colour: every row is either the same as the row
/// above or a list of (colour id, length) runs. Rows repeat a lot in a turn image (panel
/// backgrounds, gaps between lines of text), and a repeated row is neither scanned twice
/// nor compressed as more than "same as above".
struct Scan {
    width: usize,
    /// Per row: the end of its runs in `runs`, or [`SAME_ROW`].
    rows: Vec<u32>,
    runs: Vec<(u16, u32)>,
    colors: Colors,
}

const SAME_ROW: u32 = u32::MAX;

impl Scan {
    fn new(pix: &Pixmap) -> Scan {
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
            while i < row.len() {
                let w = u32::from_le_bytes([row[i], row[i + 1], row[i + 2], row[i + 3]]);
                // Skip two pixels at a time while they match, then one.
                let two = u64::from(w) | (u64::from(w) << 32);
                let mut j = i + 4;
                while j + 8 <= row.len()
                    && u64::from_le_bytes(row[j..j + 8].try_into().unwrap_or_default()) == two
                {
                    j += 8;
                }
                while j < row.len() && row[j..j + 4] == row[i..i + 4] {
                    j += 4;
                }
                let len = ((j - i) / 4) as u32;
                let c = w & 0x00FF_FFFF;
                runs.push((colors.id(c, len), len));
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

    /// Rows `rows` of the band as PNG scanlines, appended to `out`: the palette index of
    /// every colour id from `map`; a repeated row as the "up" filter of zeros (also the
    /// first row of `rows`: a filter refers to the row above in the image, whichever piece
    /// of the stream holds it).
    fn lines(&self, map: &[u8], rows: std::ops::Range<usize>, out: &mut Vec<u8>) {
        // Runs of the first row start where the last row before it that has runs ends.
        let mut start = self.rows[..rows.start]
            .iter()
            .rev()
            .find(|&&end| end != SAME_ROW)
            .map_or(0, |&end| end as usize);
        for &end in &self.rows[rows] {
            if end == SAME_ROW {
                out.push(2);
                out.resize(out.len() + self.width, 0);
                continue;
            }
            out.push(0);
            for &(id, len) in &self.runs[start..end as usize] {
                out.resize(out.len() + len as usize, map[usize::from(id)]);
            }
            start = end as usize;
        }
    }

    /// The work of compressing each row, in units of about a byte (see [`piece_cuts`]).
    fn row_costs(&self) -> impl Iterator<Item = u64> + '_ {
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

/// Scanlines compressed as raw deflate: the end of the zlib stream when `last`, otherwise
/// flushed to a byte boundary for the next piece. `lines` goes back to the buffer pool.
fn compress(lines: Vec<u8>, level: u8, last: bool) -> Segment {
    let adler = zlib_rs::adler32::adler32(1, &lines);
    let bound = zlib_rs::compress_bound(lines.len()) + 64;
    // Deflate writes before it reads, so a pooled buffer is used as it comes, without
    // zeroing (only a short one is lengthened).
    let mut buf = BYTES.take(bound);
    if buf.len() < bound {
        buf.resize(bound, 0);
    }
    let mut deflate = take_deflate(level);
    let flush = if last {
        zlib_rs::DeflateFlush::Finish
    } else {
        zlib_rs::DeflateFlush::SyncFlush
    };
    let status = deflate
        .compress(&lines, &mut buf[..bound], flush)
        .expect("deflate into a buffer of compress_bound size");
    assert!(
        deflate.total_in() == lines.len() as u64 && (!last || status == zlib_rs::Status::StreamEnd),
        "deflate stopped short: {status:?}"
    );
    let out = buf[..deflate.total_out() as usize].to_vec();
    give_deflate(level, deflate);
    BYTES.give(buf);
    let len = lines.len() as u64;
    BYTES.give(lines);
    Segment {
        deflate: out,
        adler,
        len,
    }
}

/// A piece of the image's zlib stream: raw deflate bytes and the Adler-32 and length of
/// what they hold.
struct Segment {
    deflate: Vec<u8>,
    adler: u32,
    len: u64,
}

/// One palette for every band (their colour counts added up) and, per band, the palette
/// entry of each of its colour ids that has one of its own; the others are left to
/// [`Nearest`], run by the first piece of the stream that needs the band.
fn palette_for(scans: &[Scan], seed: &[u32]) -> (Vec<u32>, Vec<Vec<Option<u8>>>) {
    let mut all = Colors::new(scans.iter().map(|s| s.colors.len()).sum::<usize>().max(1));
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

/// The PNG file: signature, header, palette, the zlib stream of `segments`, end.
fn png(width: u32, height: u32, palette: &[u32], segments: &[Segment]) -> Vec<u8> {
    let body: usize = segments.iter().map(|s| s.deflate.len()).sum();
    let mut out = Vec::with_capacity(body + palette.len() * 3 + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // 8 bits per index, colour type 3 (palette), deflate, adaptive filters, no interlace.
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &rgb_bytes(palette));
    let mut idat = Vec::with_capacity(body + 6);
    // zlib header: deflate with a 32 KiB window, default level (0x789C is a multiple of 31).
    idat.extend_from_slice(&[0x78, 0x9C]);
    let mut adler = 1;
    for s in segments {
        idat.extend_from_slice(&s.deflate);
        adler = zlib_rs::adler32::adler32_combine(adler, s.adler, s.len);
    }
    idat.extend_from_slice(&adler.to_be_bytes());
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Appends one PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = zlib_rs::crc32::crc32(zlib_rs::crc32::crc32(0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Big byte buffers kept between images: a fresh multi-megabyte allocation costs more in
/// page faults than the work done in it, and bands are drawn on short-lived threads, so
/// the pools are shared rather than per thread.
struct Pool {
    bufs: std::sync::Mutex<Vec<Vec<u8>>>,
    keep: usize,
}

impl Pool {
    const fn new(keep: usize) -> Pool {
        Pool {
            bufs: std::sync::Mutex::new(Vec::new()),
            keep,
        }
    }

    /// A buffer given back, as it was: the one with the least room that has room for
    /// `len` bytes, else the one with the most (or a new empty one).
    fn take(&self, len: usize) -> Vec<u8> {
        let mut bufs = self.bufs.lock().unwrap_or_else(|e| e.into_inner());
        let room = |i: &usize| bufs[*i].capacity();
        let fits = (0..bufs.len()).filter(|i| room(i) >= len).min_by_key(room);
        let pick = fits.or_else(|| (0..bufs.len()).max_by_key(room));
        pick.map(|i| bufs.swap_remove(i)).unwrap_or_default()
    }

    /// Gives a buffer back (the pool keeps a few).
    fn give(&self, v: Vec<u8>) {
        let mut bufs = self.bufs.lock().unwrap_or_else(|e| e.into_inner());
        if bufs.len() < self.keep {
            bufs.push(v);
        }
    }
}

/// Scanlines and deflate's output.
static BYTES: Pool = Pool::new(6);

/// Pixmap buffers, apart from [`BYTES`]: they come back at their full length, so the next
/// band of the same size takes one as it is. Shared with the scanline and deflate buffers,
/// a pixmap's buffer came back cleared from being a scanline buffer, and lengthening it
/// again zeroed megabytes per band (a sixth of drawing a band).
static PIXELS: Pool = Pool::new(4);

/// An empty buffer with room for `len` bytes.
fn take_bytes(len: usize) -> Vec<u8> {
    let mut v = BYTES.take(len);
    v.clear();
    v.reserve(len);
    v
}

/// Deflate states by level, kept between images (each holds a few hundred KiB of tables).
static DEFLATERS: std::sync::Mutex<Vec<(u8, zlib_rs::Deflate)>> = std::sync::Mutex::new(Vec::new());

/// A raw deflate stream at `level`, fresh or reset.
fn take_deflate(level: u8) -> zlib_rs::Deflate {
    let mut pool = DEFLATERS.lock().unwrap_or_else(|e| e.into_inner());
    match pool.iter().position(|(l, _)| *l == level) {
        Some(i) => {
            let (_, mut d) = pool.swap_remove(i);
            d.reset();
            d
        }
        None => zlib_rs::Deflate::new(i32::from(level), false, 15),
    }
}

/// Gives a deflate stream back (the pool keeps a few).
fn give_deflate(level: u8, d: zlib_rs::Deflate) {
    let mut pool = DEFLATERS.lock().unwrap_or_else(|e| e.into_inner());
    if pool.len() < 4 {
        pool.push((level, d));
    }
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

/// zlib level: 5 is within 2–3% of 6 (png's `Balanced`) in size and about a fifth faster
/// on turn images (see the render benchmark).
const LEVEL: u8 = 5;
const MAX_PALETTE: usize = 64;

#[cfg(test)]
mod tests {
    use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Transform};

    use super::{Scan, banded_png, indexed_png, piece_cuts, png_of_scans};

    /// An opaque test image: flat bands, repeated rows, anti-aliased circles.
    fn picture(w: u32, h: u32) -> Pixmap {
        let mut pix = Pixmap::new(w, h).expect("a pixmap");
        pix.fill(Color::from_rgba8(240, 235, 225, 255));
        let mut paint = Paint {
            anti_alias: true,
            ..Paint::default()
        };
        for (i, (r, g, b)) in [(200, 40, 40), (30, 90, 200), (20, 20, 20)]
            .iter()
            .enumerate()
        {
            paint.set_color_rgba8(*r, *g, *b, 255);
            let c = PathBuilder::from_circle(20.0 + 25.0 * i as f32, 13.0 + 9.0 * i as f32, 11.3)
                .expect("a circle");
            pix.fill_path(
                &c,
                &paint,
                tiny_skia::FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        pix
    }

    /// Rows `start..end` of `whole` as a pixmap of their own.
    fn band_of(whole: &Pixmap, (start, end): (u32, u32)) -> Pixmap {
        let mut band = Pixmap::new(whole.width(), end - start).expect("a band");
        let stride = whole.width() as usize * 4;
        band.data_mut()
            .copy_from_slice(&whole.data()[start as usize * stride..end as usize * stride]);
        band
    }

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut reader = dec.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("PNG data");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    /// The vector search finds what a plain search over every entry finds: the least
    /// weighted distance, the first of equals (palettes of every length up to 256, with
    /// repeated entries so ties happen).
    #[test]
    fn nearest_is_the_first_least_distant_entry() {
        let mut x: u32 = 0x2545_F491;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x & 0x00FF_FFFF
        };
        let plain = |palette: &[u32], c: u32| -> u8 {
            let (r, g, b) = super::split(c);
            let mut best = (i32::MAX, 0);
            for (i, &p) in palette.iter().enumerate() {
                let (pr, pg, pb) = super::split(p);
                let d = 3 * (r - pr).pow(2) + 4 * (g - pg).pow(2) + 2 * (b - pb).pow(2);
                if d < best.0 {
                    best = (d, i);
                }
            }
            best.1 as u8
        };
        for len in [1, 2, 7, 8, 9, 40, 64, 200, 256] {
            let mut palette: Vec<u32> = (0..len).map(|_| next()).collect();
            // Repeats and near-repeats: equal distances from many colours.
            for i in (0..len).step_by(5).skip(1) {
                palette[i] = palette[i - 1];
            }
            let near = super::Nearest::new(&palette);
            for _ in 0..2000 {
                let c = next();
                assert_eq!(near.find(c), plain(&palette, c), "{len} entries, {c:06x}");
            }
            for &c in &palette {
                assert_eq!(near.find(c), plain(&palette, c));
            }
        }
        assert_eq!(super::Nearest::new(&[]).find(0x123456), 0);
    }

    #[test]
    fn bands_make_the_same_picture_as_one_piece() {
        let (w, h) = (97, 61);
        let whole = picture(w, h);
        let one = decode(&indexed_png(&whole, &[]));
        for cuts in [
            vec![0, h],
            vec![0, 1, h],
            vec![0, 30, h],
            vec![0, 20, 40, h],
        ] {
            let bands: Vec<(u32, u32)> = cuts.windows(2).map(|c| (c[0], c[1])).collect();
            let png = banded_png((w, h), &bands, |rows| band_of(&whole, rows), &[]);
            assert_eq!(decode(&png), one, "cut at {cuts:?}");
        }
        // Pieces for deflate cut anywhere: inside a band, on a repeated row, one row long.
        let bands = [(0, 30), (30, h)];
        let scans: Vec<Scan> = bands
            .iter()
            .map(|&rows| Scan::new(&band_of(&whole, rows)))
            .collect();
        let same: Vec<usize> = (1..h as usize)
            .filter(|&r| {
                let stride = w as usize * 4;
                whole.data()[r * stride..(r + 1) * stride]
                    == whole.data()[(r - 1) * stride..r * stride]
            })
            .collect();
        assert!(same.len() > 3, "the picture has repeated rows");
        let rows = h as usize;
        for cuts in [
            vec![0, rows],
            vec![0, 1, rows],
            vec![0, 29, 30, 31, rows],
            vec![0, same[0], same[same.len() / 2], rows],
            vec![0, 45, rows - 1, rows],
            piece_cuts(&scans, 2),
            piece_cuts(&scans, 5),
        ] {
            let png = png_of_scans((w, h), &scans, &cuts, &[]);
            assert_eq!(decode(&png), one, "pieces cut at {cuts:?}");
        }
        // And the picture survives: the circles' colours are there exactly.
        let rgb = &one.2;
        assert!(rgb.chunks_exact(3).any(|p| p == [200, 40, 40]));
        assert!(rgb.chunks_exact(3).any(|p| p == [30, 90, 200]));
    }

    /// Pieces run from the first row to the last, each at least a row, and none holds much
    /// more than its share of the work.
    #[test]
    fn pieces_share_the_work() {
        let (w, h) = (97, 61);
        let whole = picture(w, h);
        let scans = [Scan::new(&whole)];
        let costs: Vec<u64> = scans[0].row_costs().collect();
        let total: u64 = costs.iter().sum();
        let most = costs.iter().copied().max().unwrap_or(0);
        for n in [1, 2, 3, 7, 61, 100] {
            let cuts = piece_cuts(&scans, n);
            assert_eq!(cuts.first(), Some(&0));
            assert_eq!(cuts.last(), Some(&(h as usize)));
            assert_eq!(cuts.len() - 1, n.min(h as usize), "{n} pieces: {cuts:?}");
            for c in cuts.windows(2) {
                assert!(c[0] < c[1], "{cuts:?}");
                let work: u64 = costs[c[0]..c[1]].iter().sum();
                assert!(work <= total / n as u64 + 2 * most, "{n} pieces: {cuts:?}");
            }
        }
    }

    /// Ids are dense and stable while the table doubles, counts add up, and colours past
    /// the bound share the last id.
    #[test]
    fn colors_keep_their_ids_as_the_table_grows() {
        let mut colors = super::Colors::new(10_000);
        let word = |i: u32| i.wrapping_mul(0x0001_0F2D) & 0x00FF_FFFF;
        for round in 1..=2 {
            for i in 0..9_000u32 {
                assert_eq!(
                    colors.id(word(i), i + 1),
                    i as u16,
                    "round {round}, colour {i}"
                );
            }
        }
        assert_eq!(colors.len(), 9_000);
        for i in [0u32, 1, 4095, 8_999] {
            assert_eq!(colors.find(word(i)), Some(i as u16));
            assert_eq!(colors.counts[i as usize], 2 * (i + 1));
        }
        assert_eq!(colors.find(0x00AB_CDEF), None);
        let mut small = super::Colors::new(3);
        let ids: Vec<u16> = (0..5).map(|i| small.id(word(i), 1)).collect();
        assert_eq!(ids, [0, 1, 2, 2, 2]);
        assert_eq!(small.counts, [1, 1, 3]);
    }
}
