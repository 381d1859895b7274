//! The encoder's tests: the nearest entry, bands against one piece, the pieces' shares of
//! the work, the colour table growing, the thorough search for an image too large.

use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Transform};

use super::{Effort, Scan, banded_png, indexed_png, piece_cuts, png_of_scans, within};

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
        let (r, g, b) = super::quantise::split(c);
        let mut best = (i32::MAX, 0);
        for (i, &p) in palette.iter().enumerate() {
            let (pr, pg, pb) = super::quantise::split(p);
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
        // Whether the nearest is the only one that near.
        for c in (0..500).map(|_| next()).chain(palette.iter().copied()) {
            let d = |p: u32| super::distance(c, p);
            let best = palette.iter().map(|&p| d(p)).min().unwrap_or(0);
            let unique = palette.iter().filter(|&&p| d(p) == best).count() == 1;
            assert_eq!(near.find_unique(c), (plain(&palette, c), unique), "{c:06x}");
        }
    }
    assert_eq!(super::Nearest::new(&[]).find(0x123456), 0);
}

/// Mapping a table's colours from what they were mapped to before gives the map a search
/// of every colour gives, as the palette changes from one image to the next: entries
/// dropped, added, moved, and colours as near to two entries.
#[test]
fn a_mapping_started_from_the_one_before_is_the_mapping_searched_anew() {
    let mut x = 0x9E37_79B9u32;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    // Colours on a coarse grid, so that many are as near to two entries.
    let coarse = |v: u32| (v & 0x00E0_E0E0) | ((v >> 24) & 0x0001_0101);
    let mut colors = super::Colors::new(4000);
    for _ in 0..1500 {
        colors.id(coarse(next()), 1 + next() % 9);
    }
    let mut palette: Vec<u32> = (0..40).map(|_| coarse(next())).collect();
    palette.sort_unstable();
    palette.dedup();
    let mut before = super::quantise::Mapped::default();
    for round in 0..40 {
        // Some entries leave, some come, the order changes.
        let drop = (next() % 4) as usize;
        for _ in 0..drop {
            let k = (next() as usize) % palette.len();
            palette.remove(k);
        }
        for _ in 0..(next() % 4) {
            let c = coarse(next());
            if !palette.contains(&c) {
                palette.insert((next() as usize) % (palette.len() + 1), c);
            }
        }
        if round % 7 == 0 {
            palette.reverse();
        }
        // Some of the table's colours are the palette's own.
        let own: Vec<Option<u8>> = (colors.list.iter())
            .map(|c| palette.iter().position(|p| p == c).map(|i| i as u8))
            .collect();
        let near = super::Nearest::new(&palette);
        let (map, mapped) = near.complete_from(&palette, &own, &colors, &before);
        assert_eq!(map, near.complete(&own, &colors), "round {round}");
        before = mapped;
    }
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
            whole.data()[r * stride..(r + 1) * stride] == whole.data()[(r - 1) * stride..r * stride]
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
        let (png, _) = png_of_scans((w, h), &scans, &cuts, &[]);
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

/// A test image of `h` rows, each one of a few patterns (so rows repeat), chosen by `pick`:
/// the pattern's shape is `p % 16`, and its tint (the blue of every pixel) `p / 16`.
fn rows_of(w: u32, h: u32, pick: impl Fn(u32) -> u32) -> Pixmap {
    let mut pix = Pixmap::new(w, h).expect("a pixmap");
    let stride = w as usize * 4;
    for y in 0..h {
        let (shape, tint) = (pick(y) % 16, pick(y) / 16);
        let row = &mut pix.data_mut()[y as usize * stride..][..stride];
        for (x, px) in row.chunks_exact_mut(4).enumerate() {
            let x = x as u32;
            // Shape 0 is flat; the others have runs of a few colours, some shared.
            let c = if shape == 0 {
                7
            } else {
                ((x / (1 + shape)) * shape) % 5 + shape % 3
            };
            px.copy_from_slice(&[(40 * c) as u8, (25 * c) as u8, tint as u8, 255]);
        }
    }
    pix
}

/// A scan's rows, runs by colour word, and (colour word, count) pairs.
type ScanParts = (Vec<u32>, Vec<(u32, u16)>, Vec<(u32, u32)>);

/// Everything a scan holds that the image's encoding depends on: its rows, its runs by
/// colour, and each colour's count (not the order of the colour ids).
fn parts(s: &Scan) -> ScanParts {
    let word = |id: u16| s.colors.list[usize::from(id)];
    let mut counts: Vec<(u32, u32)> = (s.colors.list.iter().copied())
        .zip(s.colors.counts.iter().copied())
        .filter(|&(_, n)| n > 0)
        .collect();
    counts.sort_unstable();
    let runs = s.runs.iter().map(|&(id, n)| (word(id), n)).collect();
    (s.rows.clone(), runs, counts)
}

/// Turn after turn, as a game's images are: each image differs from the one before in
/// some strips of some rows (new colours among them), and its scan is mixed from the scan
/// before and the strips drawn.
#[test]
fn a_scan_mixed_from_kept_and_drawn_rows_is_the_scan_of_the_image() {
    // Three strips: 32, 32 and 6 pixels.
    let (w, h) = (70, 48);
    let stride = w as usize * 4;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    // The band is rows 5..45 of the image.
    let rows = (5, 45);
    let first: Vec<u32> = (0..h).map(|_| (next() % 4) as u32).collect();
    let mut image = rows_of(w, h, |y| first[y as usize]);
    let mut scan = Scan::new(&band_of(&image, rows));
    for round in 1..300u32 {
        // Per row, the strips that change: none two times in three.
        let masks: Vec<u64> = (0..h)
            .map(|_| match next() % 3 {
                _ if round % 50 == 0 => 0b111,
                0 => 1 + next() % 7,
                _ => 0,
            })
            .collect();
        // A shape seen before, or (one time in three) one in this round's tint.
        let patterns: Vec<u32> = (0..h)
            .map(|_| {
                let shape = (next() % 6) as u32;
                if next() % 3 == 0 {
                    shape + 16 * round
                } else {
                    shape
                }
            })
            .collect();
        let fresh = rows_of(w, h, |y| patterns[y as usize]);
        // Only the changed strips are drawn: the other pixels are left as garbage.
        let mut drawn = rows_of(w, h, |_| 3);
        for (y, &mask) in masks.iter().enumerate() {
            for (a, b) in crate::draw::damage::strip_spans(mask, 0, w as usize) {
                let span = y * stride + a * 4..y * stride + b * 4;
                image.data_mut()[span.clone()].copy_from_slice(&fresh.data()[span.clone()]);
                drawn.data_mut()[span.clone()].copy_from_slice(&fresh.data()[span]);
            }
        }
        let want = Scan::new(&band_of(&image, rows));
        let band_masks = &masks[rows.0 as usize..rows.1 as usize];
        scan = Scan::mixed(scan, band_masks, &band_of(&drawn, rows));
        assert_eq!(parts(&scan), parts(&want), "round {round}");
        // Colours no pixel has any more are dropped before they outnumber the others.
        let live = scan.colors.counts.iter().filter(|&&n| n > 0).count();
        assert!(scan.colors.len() <= 2 * live.max(256), "round {round}");
        // The colours are mapped from what they were mapped to the turn before (their ids
        // renumbered when colours were dropped), as a search of them all would map them.
        let (palette, own) = super::quantise::choose_palette(&scan.colors, &[], 24);
        let near = super::Nearest::new(&palette);
        let (map, mapped) = near.complete_from(&palette, &own, &scan.colors, &scan.mapped);
        let searched = near.complete(&own, &scan.colors);
        let live = |m: &[u8]| -> Vec<u8> {
            (m.iter().zip(&scan.colors.counts))
                .filter(|&(_, &n)| n > 0)
                .map(|(&ix, _)| ix)
                .collect()
        };
        // (A colour no pixel has is mapped anywhere.)
        assert_eq!(live(&map), live(&searched), "round {round}");
        scan.mapped = mapped;
    }
}

/// An image is compressed with the quick search, and again with the thorough one only when
/// the quick one's is over the limit.
#[test]
fn only_an_image_over_the_limit_is_compressed_again_thoroughly() {
    let tried = std::cell::RefCell::new(Vec::new());
    let make = |effort| {
        tried.borrow_mut().push(effort);
        vec![effort == Effort::QUICK; 100]
            .into_iter()
            .map(u8::from)
            .collect()
    };
    assert_eq!(
        within(100, make),
        vec![1; 100],
        "at the limit: the quick one"
    );
    assert_eq!(tried.take(), [Effort::QUICK]);
    assert_eq!(within(99, make), vec![0; 100], "over it: the thorough one");
    assert_eq!(tried.take(), [Effort::QUICK, Effort::THOROUGH]);
}
