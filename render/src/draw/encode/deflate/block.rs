//! Deflate's blocks: the literals and matches of a stretch of input, written with Huffman
//! codes made for them (RFC 1951 §3.2.7).

use super::bits::Bits;
use super::huffman::{code_lengths, codes};

/// Literals and matches kept for the next block, and how often each code is used.
pub(super) struct Block {
    /// A literal as its byte; a match as `length − 3` above bit 16 and its distance below,
    /// with bit 31 set.
    syms: Vec<u32>,
    lit: [u32; 286],
    dist: [u32; 30],
}

const MATCH: u32 = 1 << 31;

/// Symbols in a block before it is written: about what zlib keeps at its default memory
/// level. Larger blocks cost more to code when the picture changes along the image.
pub(super) const BLOCK_SYMBOLS: usize = 1 << 14;

impl Block {
    pub(super) fn new() -> Block {
        Block {
            syms: Vec::with_capacity(BLOCK_SYMBOLS),
            lit: [0; 286],
            dist: [0; 30],
        }
    }

    pub(super) fn len(&self) -> usize {
        self.syms.len()
    }

    #[inline]
    pub(super) fn literal(&mut self, b: u8) {
        self.syms.push(u32::from(b));
        self.lit[usize::from(b)] += 1;
    }

    /// A match of `len` bytes (3 to 258) at `dist` (1 to 32,768) bytes back.
    #[inline]
    pub(super) fn copy(&mut self, len: usize, dist: usize) {
        debug_assert!((3..=258).contains(&len) && (1..=32_768).contains(&dist));
        self.syms
            .push(MATCH | ((len as u32 - 3) << 16) | (dist as u32 - 1));
        self.lit[257 + usize::from(LENGTH_CODE[len - 3])] += 1;
        self.dist[dist_code(dist as u32 - 1) as usize] += 1;
    }

    /// Writes the block (the last of the stream when `last`) and empties it.
    pub(super) fn write(&mut self, bits: &mut Bits<'_>, last: bool) {
        self.lit[256] += 1;
        let mut lit_len = [0u8; 286];
        let mut dist_len = [0u8; 30];
        code_lengths(&self.lit, 15, &mut lit_len);
        code_lengths(&self.dist, 15, &mut dist_len);
        let hlit = 257.max(last_used(&lit_len));
        let hdist = 1.max(last_used(&dist_len));

        // The code lengths themselves, run-length coded with codes 16, 17 and 18.
        let mut all = Vec::with_capacity(hlit + hdist);
        all.extend_from_slice(&lit_len[..hlit]);
        all.extend_from_slice(&dist_len[..hdist]);
        let runs = length_runs(&all);
        let mut cl_freq = [0u32; 19];
        for &(sym, _) in &runs {
            cl_freq[usize::from(sym)] += 1;
        }
        let mut cl_len = [0u8; 19];
        code_lengths(&cl_freq, 7, &mut cl_len);
        let mut cl_code = [0u16; 19];
        codes(&cl_len, &mut cl_code);
        let hclen = 4.max(
            ORDER
                .iter()
                .rposition(|&s| cl_len[usize::from(s)] > 0)
                .map_or(0, |i| i + 1),
        );

        bits.put(u32::from(last), 1);
        bits.put(2, 2);
        bits.put(hlit as u32 - 257, 5);
        bits.put(hdist as u32 - 1, 5);
        bits.put(hclen as u32 - 4, 4);
        for &s in &ORDER[..hclen] {
            bits.put(u32::from(cl_len[usize::from(s)]), 3);
        }
        for &(sym, extra) in &runs {
            let s = usize::from(sym);
            bits.put(u32::from(cl_code[s]), u32::from(cl_len[s]));
            match sym {
                16 => bits.put(u32::from(extra), 2),
                17 => bits.put(u32::from(extra), 3),
                18 => bits.put(u32::from(extra), 7),
                _ => {}
            }
        }

        let mut lit_code = [0u16; 286];
        let mut dist_code_ = [0u16; 30];
        codes(&lit_len, &mut lit_code);
        codes(&dist_len, &mut dist_code_);
        for &s in &self.syms {
            if s & MATCH == 0 {
                let b = s as usize;
                bits.put(u32::from(lit_code[b]), u32::from(lit_len[b]));
                continue;
            }
            let l = ((s >> 16) & 0xFF) as usize;
            let c = usize::from(LENGTH_CODE[l]);
            bits.put(u32::from(lit_code[257 + c]), u32::from(lit_len[257 + c]));
            let e = u32::from(LENGTH_EXTRA[c]);
            if e > 0 {
                bits.put(l as u32 - u32::from(LENGTH_BASE[c]), e);
            }
            let d = s & 0xFFFF;
            let c = dist_code(d) as usize;
            bits.put(u32::from(dist_code_[c]), u32::from(dist_len[c]));
            if c >= 4 {
                let e = (c as u32 >> 1) - 1;
                bits.put(d - ((2 | (c as u32 & 1)) << e), e);
            }
        }
        bits.put(u32::from(lit_code[256]), u32::from(lit_len[256]));

        self.syms.clear();
        self.lit = [0; 286];
        self.dist = [0; 30];
    }
}

/// The order in which the code-length code's lengths are sent.
const ORDER: [u8; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// One past the last symbol with a code.
fn last_used(lens: &[u8]) -> usize {
    lens.iter().rposition(|&l| l > 0).map_or(0, |i| i + 1)
}

/// Code lengths as code-length symbols and their extra bits: 16 repeats the length before
/// 3–6 times, 17 is 3–10 zeros, 18 is 11–138 zeros.
fn length_runs(lens: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::with_capacity(lens.len());
    let mut i = 0;
    while i < lens.len() {
        let l = lens[i];
        let run = lens[i..].iter().take_while(|&&x| x == l).count();
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let k = left.min(138);
                out.push((18, (k - 11) as u8));
                left -= k;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            out.push((l, 0));
            left -= 1;
            while left >= 3 {
                let k = left.min(6);
                out.push((16, (k - 3) as u8));
                left -= k;
            }
        }
        out.extend(std::iter::repeat_n((l, 0), left));
        i += run;
    }
    out
}

/// The distance code of `d` = distance − 1: 0–3 as they are, then two codes per power of
/// two, told apart by the bit below the highest.
#[inline]
fn dist_code(d: u32) -> u32 {
    if d < 4 {
        return d;
    }
    let n = 31 - d.leading_zeros();
    2 * n + ((d >> (n - 1)) & 1)
}

/// Length codes (less 257) by `length − 3`, and each code's extra bits and base (less 3).
static LENGTH_CODE: [u8; 256] = length_codes();
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const LENGTH_BASE: [u8; 29] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128,
    160, 192, 224, 255,
];

const fn length_codes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 28 {
        let mut l = LENGTH_BASE[c] as usize;
        let end = LENGTH_BASE[c] as usize + (1 << LENGTH_EXTRA[c]);
        while l < end && l < 255 {
            t[l] = c as u8;
            l += 1;
        }
        c += 1;
    }
    t[255] = 28;
    t
}

#[cfg(test)]
pub(super) fn length_code_of(len: usize) -> (u8, u8, u8) {
    let c = LENGTH_CODE[len - 3] as usize;
    (c as u8, LENGTH_EXTRA[c], LENGTH_BASE[c])
}

#[cfg(test)]
pub(super) fn dist_code_of(dist: u32) -> u32 {
    dist_code(dist - 1)
}
