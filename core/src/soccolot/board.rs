//! The board's pieces: a square's step in a direction, the eight directions, the two sides
//! with the back ranks they attack and defend, and what may stand on a square.

use std::fmt;

use super::SIZE;
use crate::game::Seat;

/// A square, `a1` bottom-left.
pub type Square = crate::square::Square<SIZE>;

impl Square {
    /// The next square in direction `d`, if on the board.
    pub fn step(self, d: Dir) -> Option<Square> {
        let (f, r) = (self.file() as i8 + d.df, self.rank() as i8 + d.dr);
        (f >= 0 && r >= 0)
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    }
}

/// One of the eight directions: a step of at most one file and one rank, never none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    pub(super) df: i8,
    pub(super) dr: i8,
}

impl Dir {
    /// The eight directions, north first, clockwise.
    pub const ALL: [Dir; 8] = [
        Dir { df: 0, dr: 1 },
        Dir { df: 1, dr: 1 },
        Dir { df: 1, dr: 0 },
        Dir { df: 1, dr: -1 },
        Dir { df: 0, dr: -1 },
        Dir { df: -1, dr: -1 },
        Dir { df: -1, dr: 0 },
        Dir { df: -1, dr: 1 },
    ];

    /// The direction from `a` to `b` when they are next to each other (any of the 8).
    pub fn between(a: Square, b: Square) -> Option<Dir> {
        let df = b.file() as i8 - a.file() as i8;
        let dr = b.rank() as i8 - a.rank() as i8;
        (df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0)).then_some(Dir { df, dr })
    }
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `B`, seat 0, starts on rank 1 and moves first.
    Black,
    /// `W`, seat 1, starts on rank 8.
    White,
}

impl Colour {
    /// The colour of `seat` (`[D1]`: seat 0 is Black).
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }
    /// The seat playing this colour.
    pub fn seat(self) -> Seat {
        match self {
            Colour::Black => Seat(0),
            Colour::White => Seat(1),
        }
    }
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    /// Its letter in the notation.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
    /// The rank (0-based) where the ball wins for this side: the opponent's back rank.
    pub fn goal_rank(self) -> u8 {
        match self {
            Colour::Black => SIZE - 1,
            Colour::White => 0,
        }
    }
    /// This side's own back rank (0-based), which it defends.
    pub fn back_rank(self) -> u8 {
        self.other().goal_rank()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// What stands on a square that is not empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// A man of this colour.
    Man(Colour),
    /// The ball.
    Ball,
}
