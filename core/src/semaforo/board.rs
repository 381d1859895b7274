//! The 4×3 board: squares `a1`…`d3` (`a1` bottom-left), the three pieces, and the 14 lines
//! of three (`[D5]`: along a rank, a file or a diagonal).

use std::fmt;

use serde::{Serialize, Serializer};

/// Files across.
pub const FILES: u8 = 4;
/// Ranks up.
pub const RANKS: u8 = 3;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < FILES && rank < RANKS).then(|| Square(rank * FILES + file))
    }

    /// Every square, a1 b1 … d3.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..FILES * RANKS).map(Square)
    }

    /// 0 = file a.
    pub fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The index in `0..12`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Reads `c1` (any case).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        Square::new(file, rank)
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

/// A traffic light.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// `G`.
    Green,
    /// `Y`.
    Yellow,
    /// `R`.
    Red,
}

impl Piece {
    /// Every piece, in the supply's order.
    pub const ALL: [Piece; 3] = [Piece::Green, Piece::Yellow, Piece::Red];

    /// Its letter in the notation.
    pub fn letter(self) -> char {
        match self {
            Piece::Green => 'G',
            Piece::Yellow => 'Y',
            Piece::Red => 'R',
        }
    }

    /// Reads a letter of the notation.
    pub fn from_letter(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c)
    }

    /// "greens", for the result's reason.
    pub fn plural(self) -> &'static str {
        match self {
            Piece::Green => "greens",
            Piece::Yellow => "yellows",
            Piece::Red => "reds",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Piece::Green => "green",
            Piece::Yellow => "yellow",
            Piece::Red => "red",
        };
        f.write_str(name)
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// The 14 lines of three, as square indices.
pub const LINES: [[u8; 3]; 14] = [
    // ranks
    [0, 1, 2],
    [1, 2, 3],
    [4, 5, 6],
    [5, 6, 7],
    [8, 9, 10],
    [9, 10, 11],
    // files
    [0, 4, 8],
    [1, 5, 9],
    [2, 6, 10],
    [3, 7, 11],
    // diagonals: a1-b2-c3, b1-c2-d3, c1-b2-a3, d1-c2-b3
    [0, 5, 10],
    [1, 6, 11],
    [2, 5, 8],
    [3, 6, 9],
];

/// The pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board([Option<Piece>; 12]);

impl Board {
    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.0[square.index()]
    }

    /// Puts `piece` on `square`.
    pub(super) fn set(&mut self, square: Square, piece: Piece) {
        self.0[square.index()] = Some(piece);
    }

    /// Pieces of `piece`'s colour on the board.
    pub fn count(&self, piece: Piece) -> u8 {
        self.0.iter().filter(|p| **p == Some(piece)).count() as u8
    }

    /// The colour of a line of three on the board, if any.
    pub fn line(&self) -> Option<Piece> {
        LINES.iter().find_map(|l| {
            let first = self.0[usize::from(l[0])]?;
            l.iter()
                .all(|i| self.0[usize::from(*i)] == Some(first))
                .then_some(first)
        })
    }

    /// The board as a base-4 number (empty 0, G 1, Y 2, R 3; a1 lowest), for the solver.
    pub(super) fn code(&self) -> u32 {
        self.0.iter().rev().fold(0, |acc, p| {
            acc * 4
                + match p {
                    None => 0,
                    Some(Piece::Green) => 1,
                    Some(Piece::Yellow) => 2,
                    Some(Piece::Red) => 3,
                }
        })
    }

    /// The rows of the notation, rank 3 first.
    pub fn rows(&self) -> Vec<String> {
        (0..RANKS)
            .rev()
            .map(|rank| {
                (0..FILES)
                    .map(|file| {
                        let sq = Square::new(file, rank).expect("on the board");
                        self.get(sq).map_or('.', Piece::letter)
                    })
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("/"))
    }
}
