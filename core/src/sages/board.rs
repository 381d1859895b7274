//! The fixed board: the sides ([`Colour`]), the terrain of every square ([`Terrain`]), the
//! eight directions, the squares with a step table built at compile time (the ball's search
//! reads it at every step), and a set of squares as bits.

use std::fmt;

use serde::{Serialize, Serializer};

use super::{SIZE, SQUARES};
use crate::game::Seat;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `W`, seat 0, at the bottom, moving first; its own goal is f1–j1.
    White,
    /// `B`, seat 1, at the top; its own goal is f15–j15.
    Black,
}

impl Colour {
    /// The colour of `seat`.
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }
    /// Its seat.
    pub fn seat(self) -> Seat {
        match self {
            Colour::White => Seat(0),
            Colour::Black => Seat(1),
        }
    }
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// Its letter in the notation.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
    /// Whether `dir` is one of this side's two backward diagonals (`[D3]`).
    pub fn is_backward_diagonal(self, dir: Dir) -> bool {
        match self {
            Colour::White => matches!(dir, Dir::SouthEast | Dir::SouthWest),
            Colour::Black => matches!(dir, Dir::NorthEast | Dir::NorthWest),
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}

/// What a square of the fixed terrain is (`[D2]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// The pitch: b–n × 2–14 less the corners b2, n2, b14, n14.
    Pitch,
    /// A goal square, with the side whose own goal it is (f1–j1 White's, f15–j15 Black's):
    /// a ball stopped on it is a point for the other side.
    Goal(Colour),
    /// Out of play: the rest of ranks 1 and 15, files a and o, and the four corners. Men
    /// may stand on it; the ball crosses it but never stops on it.
    OutOfPlay,
}

/// One of the eight directions, clockwise from north (up, towards rank 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up.
    North,
    /// Up-right.
    NorthEast,
    /// Right.
    East,
    /// Down-right.
    SouthEast,
    /// Down.
    South,
    /// Down-left.
    SouthWest,
    /// Left.
    West,
    /// Up-left.
    NorthWest,
}

impl Dir {
    /// Every direction, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::NorthEast,
        Dir::East,
        Dir::SouthEast,
        Dir::South,
        Dir::SouthWest,
        Dir::West,
        Dir::NorthWest,
    ];
    /// `(files, ranks)` of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::NorthEast => (1, 1),
            Dir::East => (1, 0),
            Dir::SouthEast => (1, -1),
            Dir::South => (0, -1),
            Dir::SouthWest => (-1, -1),
            Dir::West => (-1, 0),
            Dir::NorthWest => (-1, 1),
        }
    }
    /// A right angle to the left (north-east becomes north-west).
    pub fn left(self) -> Dir {
        Dir::ALL[(self as usize + 6) % 8]
    }
    /// A right angle to the right (north-east becomes south-east).
    pub fn right(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 8]
    }
    /// The direction from `from` to `to` if they are on one straight line (and differ).
    pub fn between(from: Square, to: Square) -> Option<Dir> {
        let df = i16::from(to.file()) - i16::from(from.file());
        let dr = i16::from(to.rank()) - i16::from(from.rank());
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let d = (df.signum() as i8, dr.signum() as i8);
        Dir::ALL.into_iter().find(|x| x.delta() == d)
    }
}

/// No square: a step off the board.
pub(super) const OFF: u8 = u8::MAX;

/// For each square and direction, the next square, or [`OFF`].
pub(super) static STEP: [[u8; 8]; SQUARES] = steps();

const fn steps() -> [[u8; 8]; SQUARES] {
    let mut t = [[OFF; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 15) as i16, (sq / 15) as i16);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Dir::ALL[d].delta();
            let (nf, nr) = (f + df as i16, r + dr as i16);
            if nf >= 0 && nf < 15 && nr >= 0 && nr < 15 {
                t[sq][d] = (nr * 15 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// A square, `a1` bottom-left, `o15` top-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(super) u8);

impl Square {
    /// The square at `file` (0 = a), `rank` (0 = rank 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < SIZE && rank < SIZE).then(|| Square(rank * SIZE + file))
    }
    /// Every square, a1 first, rank by rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }
    pub(super) fn index(self) -> usize {
        usize::from(self.0)
    }
    /// The next square in `dir`, if on the board.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let n = STEP[self.index()][dir as usize];
        (n != OFF).then_some(Square(n))
    }
    /// What the fixed terrain is here (`[D2]`).
    pub fn terrain(self) -> Terrain {
        let (f, r) = (self.file(), self.rank());
        let last = SIZE - 1;
        if r == 0 || r == last {
            if (5..=9).contains(&f) {
                Terrain::Goal(if r == 0 { Colour::White } else { Colour::Black })
            } else {
                Terrain::OutOfPlay
            }
        } else if f == 0 || f == last || ((r == 1 || r == last - 1) && (f == 1 || f == last - 1)) {
            Terrain::OutOfPlay
        } else {
            Terrain::Pitch
        }
    }
    /// Reads `h5`, `o15` (any case; no leading zero).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if !(2..=3).contains(&b.len()) || b[1] == b'0' || !b[1..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = text[1..].parse().ok()?;
        Square::new(file, rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A set of squares: one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Squares([u64; 4]);

impl Squares {
    pub(super) fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }
    /// Whether `sq` is in the set.
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// How many squares.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The squares, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(i, w)| {
            let mut w = *w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    Square((i * 64) as u8 + b as u8)
                })
            })
        })
    }
}
