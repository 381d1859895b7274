//! Bits written least significant first, as deflate reads them.

pub(super) struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl<'a> Bits<'a> {
    pub(super) fn new(out: &'a mut Vec<u8>) -> Bits<'a> {
        Bits { out, acc: 0, n: 0 }
    }

    /// The low `n` bits of `v` (`n` ≤ 32; `v` has no bits above them).
    #[inline]
    pub(super) fn put(&mut self, v: u32, n: u32) {
        debug_assert!(n <= 32 && (n == 32 || v >> n == 0));
        self.acc |= u64::from(v) << self.n;
        self.n += n;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// Pads with zero bits to a byte boundary and writes what is held.
    pub(super) fn align(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.acc = 0;
    }
}
