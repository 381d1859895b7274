//! Deflate for an image's scanlines (RFC 1951), made for what a turn image is: flat panels,
//! rows that repeat the row above wholly or in part, the same glyphs and icons here and there.
//!
//! zlib finds matches through chains of earlier places where the same three bytes began.
//! Over a flat panel those chains fill with the last few bytes of the run, so a row that
//! repeats the row above (1,201 bytes back) except where a letter crosses it is sent as
//! short runs, and zlib spends most of its time walking chains that cannot reach it. Here
//! every position first tries the two places a scanline most often repeats: the byte before
//! (a run of one colour) and the same column of the row above. Only where neither gives a
//! long match does it walk a short hash chain (the same glyph or icon elsewhere). A match
//! shorter than the [`Effort`]'s `lazy` is weighed against the one a byte later. Every literal and the
//! start of every match go into the chains; so do the other positions of a short match
//! and of one found through a chain, but of a long one only its last [`TAIL`]: a board's
//! squares repeat two squares away for hundreds of bytes, and putting every one of those
//! positions in the chains was a sixth of an image's instructions for 1–2% of its size.
//!
//! The output is raw deflate, ending on a byte boundary: the stream's last block, or, for a
//! piece that more pieces follow, a block and an empty stored block (zlib's sync flush).
//! A piece can start with the tail of the piece before as history, referred to by matches
//! but not sent again.
//!
//! How hard it looks is an [`Effort`]: [`Effort::QUICK`] for every image first, and
//! [`Effort::THOROUGH`] for one that came out too large (`encode/mod.rs`). Over a `grand`
//! turn image the quick search makes 7–11% fewer instructions for 2% more bytes.
//!
//! The rooms: `bits.rs` the bit writer, `huffman.rs` the codes, `block.rs` a block's
//! symbols and how they are written.

mod bits;
mod block;
mod huffman;
#[cfg(test)]
mod tests;

use std::sync::Mutex;

use bits::Bits;
use block::{BLOCK_SYMBOLS, Block};

const WINDOW: usize = 32 * 1024;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const HASH_BITS: u32 = 15;
const HASHES: usize = 1 << HASH_BITS;
/// A match from the byte before or the row above at least this long is taken without
/// looking further.
const GOOD: usize = 32;
/// A match at most this long has each of its positions put into the chains.
const INSERT_UP_TO: usize = 8;
/// A three-byte match farther than this costs more than its three literals.
const TOO_FAR: usize = 4096;
/// A match found through a chain at least this long puts only its last [`TAIL`] positions
/// into the chains.
const LONG: usize = 32;
/// How many of a long match's last positions go into the chains: enough for what follows
/// it to find its way back.
const TAIL: usize = 16;

/// How hard to look for matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Effort {
    /// The chain's length: how many earlier places with the same first four bytes are tried.
    chain: usize,
    /// A match shorter than this is weighed against the one starting a byte later.
    lazy: usize,
}

impl Effort {
    /// What every image is compressed with first (issue 38's tenth-round measures, `grand`
    /// drawn whole: chain 4 and lazy 8 gave 50.0 M instructions and 53,854 bytes against
    /// 53.9 M and 52,669 with the thorough search; chain 2 or lazy 4 gave 2% more bytes
    /// again for 1–3% fewer instructions).
    pub(crate) const QUICK: Effort = Effort { chain: 4, lazy: 8 };
    /// For an image the quick search left too large.
    pub(crate) const THOROUGH: Effort = Effort { chain: 8, lazy: 32 };
}

/// Whether a match is worth sending as one.
#[inline]
fn worth(len: usize, dist: usize) -> bool {
    len >= MIN_MATCH && !(len == MIN_MATCH && dist > TOO_FAR)
}

/// Compresses `data[start..]` as raw deflate appended to `out`; `data[..start]` is the
/// history the decoder already holds (at most the last 32 KiB of it is used). `row` is the
/// length of a scanline, filter byte included. When `last`, the final block ends the
/// stream; otherwise the output ends with an empty stored block so the next piece starts on
/// a byte boundary.
pub(crate) fn compress(
    data: &[u8],
    start: usize,
    row: usize,
    last: bool,
    effort: Effort,
    out: &mut Vec<u8>,
) {
    let mut chains = take_chains();
    {
        let chains = &mut chains;
        let mut bits = Bits::new(out);
        let mut block = Block::new();
        let from = start.saturating_sub(WINDOW);
        for p in from..start.min(data.len().saturating_sub(3)) {
            chains.insert(data, p);
        }
        let mut p = start;
        // A match found one byte ahead, which won over the one at the byte before it.
        let mut ahead = None;
        while p < data.len() {
            if block.len() >= BLOCK_SYMBOLS {
                block.write(&mut bits, false);
            }
            let (len, dist) = ahead
                .take()
                .unwrap_or_else(|| longest(chains, data, p, row, effort.chain));
            if worth(len, dist) {
                // Lazy: a longer match starting at the next byte is worth a literal first.
                if len < effort.lazy && p + 1 < data.len() {
                    let next = longest(chains, data, p + 1, row, effort.chain);
                    if next.0 > len && worth(next.0, next.1) {
                        block.literal(data[p]);
                        p += 1;
                        ahead = Some(next);
                        continue;
                    }
                }
                block.copy(len, dist);
                if len <= INSERT_UP_TO || (dist != 1 && dist != row) {
                    let end = (p + len).min(data.len().saturating_sub(3));
                    let from = if len < LONG {
                        p + 1
                    } else {
                        end.saturating_sub(TAIL).max(p + 1)
                    };
                    for q in from..end {
                        chains.insert(data, q);
                    }
                }
                p += len;
            } else {
                block.literal(data[p]);
                p += 1;
            }
        }
        if last {
            block.write(&mut bits, true);
        } else {
            if block.len() > 0 {
                block.write(&mut bits, false);
            }
            // An empty stored block: a non-final header, then LEN 0 and NLEN 0xFFFF.
            bits.put(0, 3);
            bits.align();
            bits.put(0xFFFF_0000, 32);
        }
        bits.align();
    }
    give_chains(chains);
}

/// Hash chains kept between images (256 KiB each), pooled rather than kept per thread:
/// a piece is compressed on whichever of the pool's threads is free.
static POOL: Mutex<Vec<Chains>> = Mutex::new(Vec::new());

/// Cleared hash chains.
fn take_chains() -> Chains {
    let kept = POOL.lock().unwrap_or_else(|e| e.into_inner()).pop();
    match kept {
        Some(mut c) => {
            c.clear();
            c
        }
        None => Chains::new(),
    }
}

fn give_chains(c: Chains) {
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if pool.len() < 4 {
        pool.push(c);
    }
}

/// For each hash of four bytes the last position it was seen at, and for each position the
/// one before it with the same hash; positions are stored plus one, 0 for none.
struct Chains {
    head: Box<[u32; HASHES]>,
    prev: Box<[u32; WINDOW]>,
    /// Positions before this one are in the chains or passed over: none goes in twice.
    next: usize,
}

impl Chains {
    fn new() -> Chains {
        Chains {
            head: zeros(),
            prev: zeros(),
            next: 0,
        }
    }

    fn clear(&mut self) {
        self.head.fill(0);
        self.next = 0;
    }

    /// Puts `p` in its chain (unless it is there already); returns the first position of
    /// the chain after `p`.
    #[inline]
    fn insert(&mut self, data: &[u8], p: usize) -> usize {
        if p < self.next {
            return self.prev[p % WINDOW] as usize;
        }
        let h = hash(data, p);
        let before = self.head[h];
        self.prev[p % WINDOW] = before;
        self.head[h] = p as u32 + 1;
        self.next = p + 1;
        before as usize
    }
}

/// A boxed array of zeros, made on the heap (of a known length, so indexing it by a hash
/// or a position modulo its length needs no bounds check).
fn zeros<const N: usize>() -> Box<[u32; N]> {
    vec![0; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a vector of N elements"))
}

/// The hash of the four bytes at `p` (there must be four).
#[inline]
fn hash(data: &[u8], p: usize) -> usize {
    let w = u32::from_le_bytes(data[p..p + 4].try_into().unwrap_or_default());
    (w.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The longest match for `data[p..]` (its length, 0 if none, and its distance): the byte
/// before, the row above, then the hash chain, which also takes `p` in. Of equal lengths
/// the nearer wins. At most `chain` places of the chain are tried.
#[inline]
fn longest(chains: &mut Chains, data: &[u8], p: usize, row: usize, chain: usize) -> (usize, usize) {
    let max = MAX_MATCH.min(data.len() - p);
    if max < MIN_MATCH {
        return (0, 0);
    }
    let (mut best, mut dist) = (0, 0);
    if p >= 1 {
        best = common(data, p - 1, p, max);
        dist = 1;
    }
    if best < max && p >= row && row > 1 {
        let l = common(data, p - row, p, max);
        if l > best {
            (best, dist) = (l, row);
        }
    }
    if best >= GOOD || max < 4 {
        return (best, dist);
    }
    let mut cand = chains.insert(data, p);
    for _ in 0..chain {
        if cand == 0 {
            break;
        }
        let q = cand - 1;
        if q >= p || p - q > WINDOW {
            break;
        }
        // The byte that would make the match longer than the best decides cheaply.
        if p - q != dist && data[q + best.min(max - 1)] == data[p + best.min(max - 1)] {
            let l = common(data, q, p, max);
            if l > best {
                (best, dist) = (l, p - q);
                if l == max {
                    break;
                }
            }
        }
        cand = chains.prev[q % WINDOW] as usize;
    }
    (best, dist)
}

/// How many bytes from `p` on repeat those from `q` on (`q < p`), at most `max`: the
/// bytes as a decoder would copy them, so the two may overlap.
#[inline]
fn common(data: &[u8], q: usize, p: usize, max: usize) -> usize {
    let (a, b) = (&data[q..q + max], &data[p..p + max]);
    let mut n = 0;
    for (x, y) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
        let x = u128::from_le_bytes(x.try_into().unwrap_or_default());
        let y = u128::from_le_bytes(y.try_into().unwrap_or_default());
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 16;
    }
    n + a[n..]
        .iter()
        .zip(&b[n..])
        .take_while(|(x, y)| x == y)
        .count()
}
