//! All of a game's randomness: one seeded ChaCha20 generator and a queue of preset d6s.
//!
//! ChaCha20 (from `rand_chacha`) is named and stable, unlike `StdRng`, whose algorithm may
//! change between versions. The mapping from generator words to dice is written here too
//! (no `gen_range`), so a record replays the same way forever.
//!
//! Every random choice the rules make with dice (first player, searching, drawing cells)
//! draws d6s through [`Dice::d6`], so a position's `dice` list can script them. Choices the
//! rules make "at random" without dice (random setup, autofill) use [`Dice::below`].

use std::collections::VecDeque;

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

use crate::seed::hex;

/// Domain separation: the generator key is never the seed's public commitment.
const KEY_DOMAIN: &[u8] = b"labscape-rng-v1:";

/// A game's dice.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha20Rng,
    queue: VecDeque<u8>,
}

impl PartialEq for Dice {
    fn eq(&self, other: &Dice) -> bool {
        self.queue == other.queue
            && self.rng.get_seed() == other.rng.get_seed()
            && self.rng.get_word_pos() == other.rng.get_word_pos()
            && self.rng.get_stream() == other.rng.get_stream()
    }
}
impl Eq for Dice {}

impl Dice {
    /// The dice of a game with this seed (any text; the bot uses 256 random bits in hex).
    pub fn from_seed(seed: &str) -> Dice {
        let mut h = Sha256::new();
        h.update(KEY_DOMAIN);
        h.update(seed.as_bytes());
        let key: [u8; 32] = h.finalize().into();
        Dice {
            rng: ChaCha20Rng::from_seed(key),
            queue: VecDeque::new(),
        }
    }

    /// Scripted d6 values taken before the generator (the position's `dice`).
    pub fn with_queue(mut self, queue: impl IntoIterator<Item = u8>) -> Dice {
        self.queue = queue.into_iter().collect();
        self
    }

    /// The scripted values not used yet.
    pub fn queue(&self) -> impl Iterator<Item = u8> + '_ {
        self.queue.iter().copied()
    }

    /// The generator state as text: `chacha20:KEY:STREAM:WORDPOS` (hex key, decimal numbers).
    pub fn state(&self) -> String {
        format!(
            "chacha20:{}:{}:{}",
            hex(&self.rng.get_seed()),
            self.rng.get_stream(),
            self.rng.get_word_pos()
        )
    }

    /// Reads [`Dice::state`] back.
    pub fn from_state(s: &str) -> Option<Dice> {
        let mut parts = s.trim().split(':');
        if parts.next()? != "chacha20" {
            return None;
        }
        let key_hex = parts.next()?;
        let stream: u64 = parts.next()?.parse().ok()?;
        let pos: u128 = parts.next()?.parse().ok()?;
        if parts.next().is_some() || key_hex.len() != 64 {
            return None;
        }
        let mut key = [0u8; 32];
        for (i, k) in key.iter_mut().enumerate() {
            *k = u8::from_str_radix(key_hex.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_stream(stream);
        rng.set_word_pos(pos);
        Some(Dice {
            rng,
            queue: VecDeque::new(),
        })
    }

    /// A uniform number in `0..n` from the generator (rejection sampling, no bias).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let zone = u32::MAX - (u32::MAX % n + 1) % n;
        loop {
            let x = self.rng.next_u32();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// One d6: the next scripted value, or the generator.
    pub fn d6(&mut self) -> u8 {
        match self.queue.pop_front() {
            Some(v) => v,
            None => self.below(6) as u8 + 1,
        }
    }

    /// Two d6, in the order rolled.
    pub fn two_d6(&mut self) -> [u8; 2] {
        let a = self.d6();
        let b = self.d6();
        [a, b]
    }

    /// A uniform coordinate in `1..=n` with d6s, by the seed's tabletop procedure
    /// (rules §5.4): one die mod 3 for three cells, one die for six; for more, a first die
    /// picks a block of six and a second die the place in it, re-rolling both when the
    /// result is past `n`. Blocks: an even first die adds 6 (two blocks); 1/4 → 0, 2/5 → 6,
    /// 3/6 → 12 (three blocks); 1 → 0, 2 → 6, 3 → 12, 4 → 18, 5–6 re-roll (four blocks,
    /// our extension for floors 19–24 cells across).
    ///
    /// # Panics
    /// If `n` is 0 or above 24.
    pub fn coordinate(&mut self, n: u8) -> u8 {
        assert!((1..=24).contains(&n), "coordinate({n})");
        if n <= 3 {
            loop {
                let v = (self.d6() - 1) % 3 + 1;
                if v <= n {
                    return v;
                }
            }
        }
        if n <= 6 {
            loop {
                let v = self.d6();
                if v <= n {
                    return v;
                }
            }
        }
        let blocks = n.div_ceil(6);
        loop {
            let first = self.d6();
            let second = self.d6();
            let block = match blocks {
                2 => (first - 1) % 2,
                3 => (first - 1) % 3,
                _ => {
                    if first > 4 {
                        continue;
                    }
                    first - 1
                }
            };
            let v = block * 6 + second;
            if v <= n {
                return v;
            }
        }
    }

    /// A uniform index into a slice of length `n` (generator only).
    pub fn pick(&mut self, n: usize) -> usize {
        self.below(n as u32) as usize
    }

    /// Shuffles a slice uniformly (Fisher–Yates, generator only).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.pick(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dice() {
        let mut a = Dice::from_seed("hello");
        let mut b = Dice::from_seed("hello");
        let xs: Vec<u8> = (0..50).map(|_| a.d6()).collect();
        let ys: Vec<u8> = (0..50).map(|_| b.d6()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|d| (1..=6).contains(d)));
        let mut c = Dice::from_seed("hellp");
        let zs: Vec<u8> = (0..50).map(|_| c.d6()).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn the_generator_is_pinned() {
        // If this changes, every stored game replays differently: never update it casually.
        let mut d = Dice::from_seed("labscape");
        let xs: Vec<u8> = (0..12).map(|_| d.d6()).collect();
        assert_eq!(xs, PINNED);
    }
    const PINNED: [u8; 12] = [6, 5, 6, 4, 4, 4, 6, 3, 4, 1, 5, 3];

    #[test]
    fn state_round_trips_mid_stream() {
        let mut a = Dice::from_seed("s");
        for _ in 0..7 {
            a.d6();
        }
        let mut b = Dice::from_state(&a.state()).unwrap();
        assert_eq!(a, b);
        for _ in 0..20 {
            assert_eq!(a.d6(), b.d6());
        }
        assert!(Dice::from_state("chacha20:zz:0:0").is_none());
        assert!(Dice::from_state("pcg:00").is_none());
    }

    #[test]
    fn scripted_dice_come_first() {
        let mut d = Dice::from_seed("x").with_queue([6, 1]);
        assert_eq!(d.two_d6(), [6, 1]);
        assert_eq!(d.queue().count(), 0);
    }

    #[test]
    fn coordinates_follow_the_tabletop_procedure() {
        let coord = |n, dice: &[u8]| {
            Dice::from_seed("x")
                .with_queue(dice.iter().copied())
                .coordinate(n)
        };
        assert_eq!(coord(3, &[5]), 2);
        assert_eq!(coord(3, &[3]), 3);
        assert_eq!(coord(6, &[5]), 5);
        // 9 cells: odd first die → second die as is; even → +6; past 9 → roll both again.
        assert_eq!(coord(9, &[1, 4]), 4);
        assert_eq!(coord(9, &[2, 3]), 9);
        assert_eq!(coord(9, &[2, 5, 1, 2]), 2);
        // 18 cells: 1/4 → +0, 2/5 → +6, 3/6 → +12.
        assert_eq!(coord(18, &[6, 6]), 18);
        assert_eq!(coord(18, &[5, 1]), 7);
        // 24 cells: 4 → +18; 5 or 6 re-roll.
        assert_eq!(coord(24, &[4, 6]), 24);
        assert_eq!(coord(24, &[5, 1, 1, 1]), 1);
    }

    #[test]
    fn coordinates_are_uniform() {
        for n in [3u8, 6, 9, 12, 15, 18, 21, 24] {
            let mut d = Dice::from_seed("uniform");
            let mut counts = vec![0u32; usize::from(n)];
            let draws = 600 * u32::from(n);
            for _ in 0..draws {
                counts[usize::from(d.coordinate(n) - 1)] += 1;
            }
            for c in counts {
                assert!((450..=750).contains(&c), "n={n}: {c}");
            }
        }
    }
}
