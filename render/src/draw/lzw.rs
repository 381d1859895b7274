//! GIF's LZW, written for replay frames: a frame's changed box is mostly long runs (the
//! transparent "unchanged" index, a panel's fill), and a general encoder pays a table
//! look-up for every pixel of them — about half of a replay's build time with the `gif`
//! crate's encoder (`weezl`).
//!
//! This one keeps its string table as a dense array (one slot per code and symbol, so a
//! look-up is one load) and, for every symbol `c`, the codes of `c`, `cc`, `ccc`, … that the
//! table holds (they are always a prefix of that chain: `c` repeated k + 1 times is added
//! only after `c` repeated k times was emitted). A string that starts a run of `c` then takes
//! the longest such code at once instead of walking the run pixel by pixel. The output is
//! exactly what the textbook greedy encoder gives (same codes, same clear points): only the
//! work to find them differs.

/// The largest code GIF allows (12-bit codes).
const MAX_CODE: usize = 4096;

/// A reusable encoder for one symbol size (the palette's bits).
pub(crate) struct Lzw {
    /// Symbol bits: the LZW minimum code size written before the data.
    bits: u8,
    /// `child[code << bits | symbol]`: the code of that string plus that symbol, or 0
    /// (no string's code is 0: codes below the first free one are roots and controls).
    child: Vec<u16>,
    /// The slots of `child` written since the last reset (one per code given out): a
    /// reset clears those, not the whole table (which is 512 KiB at 6 bits).
    written: Vec<u32>,
    /// Per symbol, the codes of the symbol repeated 1, 2, 3, … times.
    runs: Vec<Vec<u16>>,
    /// The next code to give out.
    next: usize,
    /// Bits waiting to be written, low first.
    acc: u64,
    acc_bits: u32,
}

impl Lzw {
    /// An encoder for symbols below `1 << bits` (2 to 8 bits, as GIF allows).
    pub(crate) fn new(bits: u8) -> Lzw {
        assert!((2..=8).contains(&bits), "GIF symbols are 2 to 8 bits");
        let symbols = 1usize << bits;
        Lzw {
            bits,
            child: vec![0; MAX_CODE << bits],
            written: Vec::with_capacity(MAX_CODE),
            runs: (0..symbols).map(|s| vec![s as u16]).collect(),
            // The table is empty: as after a reset.
            next: symbols + 2,
            acc: 0,
            acc_bits: 0,
        }
    }

    fn clear_code(&self) -> usize {
        1 << self.bits
    }

    /// Forgets every string (after a clear code, and before each call).
    fn reset(&mut self) {
        // Only the slots written since the last reset hold codes: a frame's last table is
        // cleared at the next frame's start.
        for slot in self.written.drain(..) {
            self.child[slot as usize] = 0;
        }
        for (s, run) in self.runs.iter_mut().enumerate() {
            run.clear();
            run.push(s as u16);
        }
        self.next = self.clear_code() + 2;
    }

    /// The width of the next code: what the decoder reads, whose table lags the encoder's
    /// by the one entry it cannot know yet.
    fn width(&self) -> u32 {
        let known = self.next - 1;
        let mut w = u32::from(self.bits) + 1;
        while w < 12 && known >= 1 << w {
            w += 1;
        }
        w
    }

    fn emit(&mut self, code: usize, out: &mut Vec<u8>) {
        self.acc |= (code as u64) << self.acc_bits;
        self.acc_bits += self.width();
        while self.acc_bits >= 8 {
            out.push(self.acc as u8);
            self.acc >>= 8;
            self.acc_bits -= 8;
        }
    }

    /// Emits `prefix` and adds `prefix + symbol` to the table (clearing it when full).
    fn emit_and_add(&mut self, prefix: u16, symbol: u8, out: &mut Vec<u8>) {
        self.emit(usize::from(prefix), out);
        let code = self.next as u16;
        let slot = usize::from(prefix) << self.bits | usize::from(symbol);
        self.child[slot] = code;
        self.written.push(slot as u32);
        let run = &mut self.runs[usize::from(symbol)];
        if run.last() == Some(&prefix) {
            run.push(code);
        }
        self.next += 1;
        if self.next == MAX_CODE {
            self.emit(self.clear_code(), out);
            self.reset();
        }
    }

    /// Appends `data` (every byte below `1 << bits`) as GIF image data without its
    /// sub-block framing: the minimum code size, then the codes (clear first, end last).
    pub(crate) fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        debug_assert!(data.iter().all(|&b| usize::from(b) < 1 << self.bits));
        out.push(self.bits);
        (self.acc, self.acc_bits) = (0, 0);
        self.reset();
        self.emit(self.clear_code(), out);
        let bits = self.bits;
        let mut i = 0;
        while i < data.len() {
            // A string starts at `i`: take the longest run code the table has.
            let c = data[i];
            let run = &self.runs[usize::from(c)];
            let longest = run.len();
            let same = run_len(&data[i..], c, longest + 1);
            if same > longest {
                // The run goes on past the longest code: emit it, and the table learns a
                // longer one.
                let code = run[longest - 1];
                i += longest;
                self.emit_and_add(code, c, out);
                continue;
            }
            let mut prefix = run[same - 1];
            i += same;
            // Then symbol by symbol, as long as the table knows the string.
            while i < data.len() {
                let s = data[i];
                let next = self.child[usize::from(prefix) << bits | usize::from(s)];
                if next == 0 {
                    break;
                }
                prefix = next;
                i += 1;
            }
            if i < data.len() {
                self.emit_and_add(prefix, data[i], out);
            } else {
                self.emit(usize::from(prefix), out);
            }
        }
        self.emit(self.clear_code() + 1, out);
        if self.acc_bits > 0 {
            out.push(self.acc as u8);
        }
    }
}

/// How many of the first `cap` bytes of `data` equal `c` before one does not: eight bytes
/// at a time (a frame's transparent stretches run for thousands of bytes).
fn run_len(data: &[u8], c: u8, cap: usize) -> usize {
    let data = &data[..cap.min(data.len())];
    let pattern = u64::from_ne_bytes([c; 8]);
    let mut n = 0;
    for chunk in data.chunks_exact(8) {
        let diff = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ pattern;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + data[n..].iter().take_while(|&&b| b == c).count()
}

#[cfg(test)]
mod tests {
    use super::{Lzw, run_len};

    #[test]
    fn runs_are_measured_to_their_first_other_byte() {
        let mut v = vec![7u8; 40];
        v[19] = 3;
        assert_eq!(run_len(&v, 7, 100), 19);
        assert_eq!(run_len(&v, 7, 5), 5);
        assert_eq!(run_len(&v[20..], 7, 100), 20);
        assert_eq!(run_len(&v, 3, 100), 0);
        assert_eq!(run_len(&v[19..], 3, 100), 1);
        assert_eq!(run_len(&[], 3, 100), 0);
    }

    /// Decodes `lzw` (minimum code size first) with the `gif` crate's decoder, through a
    /// one-frame GIF.
    fn decode(lzw: &[u8], len: usize) -> Vec<u8> {
        let bits = lzw[0];
        let mut gif = Vec::new();
        {
            let palette = vec![0u8; 3 << bits];
            let mut enc = gif::Encoder::new(&mut gif, len as u16, 1, &palette).expect("a header");
            let frame = gif::Frame {
                width: len as u16,
                height: 1,
                buffer: std::borrow::Cow::Borrowed(lzw),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).expect("a frame");
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&gif[..]).expect("a GIF");
        dec.read_next_frame()
            .expect("a valid frame")
            .expect("a frame")
            .buffer
            .to_vec()
    }

    /// A reproducible byte stream (xorshift).
    fn noise(seed: u64, len: usize, symbols: u8) -> Vec<u8> {
        let mut x = seed | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % u64::from(symbols)) as u8
            })
            .collect()
    }

    /// Long runs of a few symbols with noise between them: what replay frames look like.
    fn runs(seed: u64, len: usize) -> Vec<u8> {
        let lengths = noise(seed, len, 255);
        let symbols = noise(seed + 1, len, 64);
        let mut v = Vec::with_capacity(len);
        let mut k = 0;
        while v.len() < len {
            let n = usize::from(lengths[k]).pow(2) % 5000 + 1;
            let s = if k % 3 == 0 { 63 } else { symbols[k] };
            v.extend(std::iter::repeat_n(s, n.min(len - v.len())));
            k += 1;
        }
        v
    }

    #[test]
    fn every_stream_decodes_to_itself() {
        let mut lzw = Lzw::new(6);
        let cases: Vec<Vec<u8>> = vec![
            vec![5],
            vec![63; 1],
            vec![63; 2],
            vec![0; 60_000],
            noise(1, 50_000, 64),
            noise(2, 60_000, 3),
            runs(3, 60_000),
            runs(4, 65_000),
            (0..60_000).map(|i| ((i / 7) % 64) as u8).collect(),
        ];
        for (k, data) in cases.iter().enumerate() {
            // The same encoder again and again, as the replay uses it.
            let mut out = Vec::new();
            lzw.encode(data, &mut out);
            assert_eq!(out[0], 6);
            assert_eq!(&decode(&out, data.len()), data, "case {k}");
        }
    }

    #[test]
    fn runs_take_few_codes() {
        let mut out = Vec::new();
        Lzw::new(6).encode(&[63; 60_000], &mut out);
        // Strings of 1, 2, 3, … pixels: about √(2 × 60,000) codes of 7–9 bits.
        assert!(out.len() < 500, "{} bytes", out.len());
    }

    #[test]
    fn other_symbol_sizes_decode_too() {
        for bits in [2, 4, 8] {
            let data = noise(u64::from(bits), 40_000, 1 << (bits - 1));
            let mut out = Vec::new();
            Lzw::new(bits).encode(&data, &mut out);
            assert_eq!(decode(&out, data.len()), data, "{bits} bits");
        }
    }
}
