//! A square of an N×N board, `a1` bottom-left: what the games on small square boards share
//! (Avanço and Rastros on 7×7, Gatos & Cães and Soccolot on 8×8), so that each game's
//! module holds only what is its own (neighbours, steps, a home square).
//!
//! Every board here has at most 9 ranks, so a square's name is always a letter and a digit.

use std::fmt;

use serde::{Serialize, Serializer};

/// A square of an `N`×`N` board (`N` at most 9), `a1` bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<const N: u8>(u8);

impl<const N: u8> Square<N> {
    /// The corner `a1`.
    pub const A1: Square<N> = Square(0);
    /// The opposite corner (`g7` on 7×7, `h8` on 8×8).
    pub const LAST: Square<N> = Square(N * N - 1);

    /// The square at `file` (0 = a), `rank` (0 = 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square<N>> {
        (file < N && rank < N).then(|| Square(rank * N + file))
    }
    /// Every square, a1, b1, … rank by rank.
    pub fn all() -> impl Iterator<Item = Square<N>> {
        (0..N * N).map(Square)
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.0 % N
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.0 / N
    }
    /// Its place in a board stored rank by rank from a1.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }
    /// Reads `b2` (any case): a letter and a digit, on the board.
    pub fn parse(text: &str) -> Option<Square<N>> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::new(
            b[0].to_ascii_lowercase().checked_sub(b'a')?,
            b[1].checked_sub(b'1')?,
        )
    }
    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square<N>> {
        let (f, r) = (self.file() as i8 + df, self.rank() as i8 + dr);
        (f >= 0 && r >= 0)
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    }
}

impl<const N: u8> fmt::Display for Square<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl<const N: u8> Serialize for Square<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_stay_on_the_board() {
        for sq in Square::<7>::all() {
            assert_eq!(Square::<7>::parse(&sq.to_string()), Some(sq));
            assert_eq!(Square::<7>::parse(&sq.to_string().to_uppercase()), Some(sq));
        }
        assert_eq!(Square::<7>::all().count(), 49);
        assert_eq!(Square::<8>::LAST.to_string(), "h8");
        assert_eq!(Square::<7>::LAST.to_string(), "g7");
        assert_eq!(Square::<7>::parse("h1"), None);
        assert_eq!(Square::<7>::parse("a8"), None);
        assert_eq!(Square::<8>::parse("a0"), None);
        assert_eq!(Square::<8>::parse("a10"), None);
        assert_eq!(Square::<8>::parse("a"), None);
        let b2 = Square::<8>::parse("b2").unwrap();
        assert_eq!(b2.offset(-1, -1), Some(Square::A1));
        assert_eq!(b2.offset(-2, 0), None);
        assert_eq!(Square::<8>::LAST.offset(1, 0), None);
        assert_eq!(serde_json::to_string(&b2).unwrap(), "\"b2\"");
    }
}
