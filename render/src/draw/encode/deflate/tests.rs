//! Every stream is read back by zlib's inflater: whole, in pieces with history, on flat,
//! random, scanline-like and window-edge inputs; and the codes against RFC 1951's tables.

use super::block::{dist_code_of, length_code_of};
use super::huffman::{code_lengths, codes};
use super::{Effort, compress};

fn inflate(deflated: &[u8], len: usize) -> Vec<u8> {
    let mut inf = zlib_rs::Inflate::new(false, 15);
    let mut out = vec![0; len + 64];
    let status = inf
        .decompress(deflated, &mut out, zlib_rs::InflateFlush::Finish)
        .expect("a valid deflate stream");
    assert_eq!(status, zlib_rs::Status::StreamEnd, "the stream ends");
    assert_eq!(
        inf.total_in() as usize,
        deflated.len(),
        "nothing after the end"
    );
    out.truncate(inf.total_out() as usize);
    out
}

/// Both efforts, the thorough last.
const EFFORTS: [Effort; 2] = [Effort::QUICK, Effort::THOROUGH];

/// `data` compressed as pieces cut at `cuts`, each with all before it as history.
fn in_pieces(data: &[u8], cuts: &[usize], row: usize, effort: Effort) -> Vec<u8> {
    let mut out = Vec::new();
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(data.len());
    for (k, w) in bounds.windows(2).enumerate() {
        let last = k + 2 == bounds.len();
        compress(&data[..w[1]], w[0], row, last, effort, &mut out);
    }
    out
}

/// Compresses `data` with each effort and reads it back; the thorough size.
fn round_trip(data: &[u8], row: usize) -> usize {
    let mut size = 0;
    for effort in EFFORTS {
        let mut out = Vec::new();
        compress(data, 0, row, true, effort, &mut out);
        assert_eq!(
            inflate(&out, data.len()),
            data,
            "{} bytes, rows of {row}, {effort:?}",
            data.len()
        );
        size = out.len();
    }
    size
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Scanlines shaped like an image's: a filter byte, flat runs, rows repeated whole or
/// changed in a few places, a few glyph-like patterns stamped here and there.
fn scanlines(rng: &mut Rng, width: usize, height: usize) -> Vec<u8> {
    let glyphs: Vec<Vec<u8>> = (0..4)
        .map(|_| {
            (0..(3 + rng.below(12)))
                .map(|_| rng.below(40) as u8)
                .collect()
        })
        .collect();
    let mut out: Vec<u8> = Vec::with_capacity((width + 1) * height);
    for y in 0..height {
        let row_start = out.len();
        if y > 0 && rng.below(3) == 0 {
            out.extend_from_within(row_start - width - 1..row_start);
            continue;
        }
        out.push(0);
        while out.len() - row_start < width + 1 {
            let left = width + 1 - (out.len() - row_start);
            match rng.below(4) {
                0 if y > 0 => {
                    let n = (1 + rng.below(300) as usize).min(left);
                    let from = out.len() - width - 1;
                    out.extend_from_within(from..from + n);
                }
                1 => {
                    let g = &glyphs[rng.below(4) as usize];
                    out.extend_from_slice(&g[..g.len().min(left)]);
                }
                _ => {
                    let n = (1 + rng.below(200) as usize).min(left);
                    let c = rng.below(64) as u8;
                    out.resize(out.len() + n, c);
                }
            }
        }
    }
    out
}

#[test]
fn small_and_flat_inputs_come_back() {
    for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 257, 258, 259, 260, 1000] {
        round_trip(&vec![7; n], 10);
        round_trip(&(0..n).map(|i| i as u8).collect::<Vec<_>>(), 10);
    }
    // A run as long as the window and more is a few hundred bytes.
    assert!(round_trip(&vec![0; 100_000], 1201) < 1_000);
}

#[test]
fn random_bytes_come_back() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in [100, 5_000, 70_000] {
        let data: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        round_trip(&data, 33);
        // Few distinct bytes: short matches everywhere, more than one block.
        let data: Vec<u8> = (0..n).map(|_| rng.below(3) as u8).collect();
        round_trip(&data, 33);
    }
}

#[test]
fn scanlines_come_back_and_shrink() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for (w, h) in [(1, 5), (16, 40), (300, 200), (1200, 90)] {
        let data = scanlines(&mut rng, w, h);
        let size = round_trip(&data, w + 1);
        if data.len() > 10_000 {
            assert!(size * 5 < data.len(), "{size} of {}", data.len());
        }
    }
}

#[test]
fn matches_reach_across_the_whole_window_and_no_further() {
    let mut rng = Rng(77);
    let block: Vec<u8> = (0..300).map(|_| rng.next() as u8).collect();
    for gap in [32_768 - 300, 32_768 - 299, 32_768 - 1, 32_768, 40_000] {
        let mut data = block.clone();
        data.extend((0..gap - block.len().min(gap)).map(|_| rng.next() as u8));
        data.extend_from_slice(&block);
        round_trip(&data, 1201);
    }
}

#[test]
fn pieces_with_history_make_one_stream() {
    let mut rng = Rng(0xDEAD_BEEF);
    let data = scanlines(&mut rng, 500, 300);
    let row = 501;
    for cuts in [
        vec![0],
        vec![row * 150],
        vec![row * 150 + 17],
        vec![row, row * 2, row * 299],
        vec![data.len()],
        vec![row * 100, row * 100, row * 200],
    ] {
        for effort in EFFORTS {
            let out = in_pieces(&data, &cuts, row, effort);
            assert_eq!(
                inflate(&out, data.len()),
                data,
                "cut at {cuts:?}, {effort:?}"
            );
        }
    }
    // The history is used: the piece after a cut refers back into the piece before it.
    for effort in EFFORTS {
        let whole = in_pieces(&data, &[], row, effort).len();
        let cut = in_pieces(&data, &[row * 150], row, effort).len();
        assert!(cut < whole + 200, "{cut} against {whole}, {effort:?}");
    }
}

#[test]
fn code_lengths_are_complete_and_within_the_limit() {
    let mut rng = Rng(5);
    // Counts like the Fibonacci numbers make the deepest trees.
    let mut fib = vec![1u32, 1];
    while fib.len() < 30 {
        let n = fib.len();
        fib.push(fib[n - 1].saturating_add(fib[n - 2]));
    }
    let random: Vec<u32> = (0..286).map(|_| rng.below(1000) as u32).collect();
    let sparse: Vec<u32> = (0..286).map(|i| if i % 37 == 0 { 5 } else { 0 }).collect();
    for (freq, limit) in [
        (fib.clone(), 15u8),
        (fib[..19].to_vec(), 7),
        (random, 15),
        (sparse, 15),
        (vec![0; 30], 15),
        (vec![0, 0, 9, 0], 7),
    ] {
        let mut lens = vec![0u8; freq.len()];
        code_lengths(&freq, limit, &mut lens);
        assert!(lens.iter().all(|&l| l <= limit), "{lens:?}");
        for (f, l) in freq.iter().zip(&lens) {
            assert!(*f == 0 || *l > 0, "every used symbol has a code");
        }
        let kraft: f64 = lens
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 0.5f64.powi(i32::from(l)))
            .sum();
        assert!(
            (kraft - 1.0).abs() < 1e-9,
            "complete code: {kraft} for {lens:?}"
        );
        let mut c = vec![0u16; lens.len()];
        codes(&lens, &mut c);
    }
}

#[test]
fn length_and_distance_codes_are_rfc_1951s() {
    // (code, extra bits, first length) from RFC 1951 §3.2.5.
    let lengths = [
        (257, 0, 3),
        (264, 0, 10),
        (265, 1, 11),
        (268, 1, 17),
        (269, 2, 19),
        (272, 2, 31),
        (273, 3, 35),
        (277, 4, 67),
        (281, 5, 131),
        (284, 5, 227),
        (285, 0, 258),
    ];
    for (code, extra, first) in lengths {
        let (c, e, base) = length_code_of(first);
        assert_eq!(
            (257 + u32::from(c), e, usize::from(base) + 3),
            (code, extra, first)
        );
    }
    assert_eq!(length_code_of(257), (27, 5, 224));
    let distances = [
        (0, 1),
        (3, 4),
        (4, 5),
        (5, 7),
        (6, 9),
        (13, 97),
        (15, 193),
        (16, 257),
        (29, 24577),
    ];
    for (code, first) in distances {
        assert_eq!(dist_code_of(first), code, "distance {first}");
        if code > 0 {
            assert_eq!(dist_code_of(first - 1), code - 1, "distance {}", first - 1);
        }
    }
    assert_eq!(dist_code_of(32_768), 29);
}

/// A motif repeating at a distance that is neither the byte before nor the row above (a
/// board's squares two apart), broken now and then: its long matches put only their tails
/// into the chains, and what follows each break still finds the motif again.
#[test]
fn a_motif_repeating_far_apart_is_found_again_after_each_break() {
    let mut rng = Rng(0x5eed);
    let motif: Vec<u8> = (0..97).map(|_| rng.below(6) as u8).collect();
    let mut data = Vec::new();
    for k in 0..400 {
        data.extend_from_slice(&motif);
        if k % 7 == 3 {
            // A byte of this repeat changed: the match ends there and starts again
            // mid-motif.
            let at = data.len() - 1 - rng.below(90) as usize;
            data[at] = 200 + rng.below(50) as u8;
        }
    }
    let size = round_trip(&data, 1201);
    assert!(size * 40 < data.len(), "{size} bytes for {}", data.len());
}
