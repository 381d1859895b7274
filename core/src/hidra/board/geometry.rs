//! Where things are on the 5×5 board: directions, cells, rows and columns (the lines a
//! Scream slides) and quarter-turn rotations.

use std::fmt;

use super::SIZE;
/// A direction, in the order the rules break ties: north, east, south, west.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Rank + 1.
    N,
    /// File + 1.
    E,
    /// Rank − 1.
    S,
    /// File − 1.
    W,
}

impl Dir {
    /// All four, north first.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The letter of the notation.
    pub fn letter(self) -> char {
        match self {
            Dir::N => 'n',
            Dir::E => 'e',
            Dir::S => 's',
            Dir::W => 'w',
        }
    }

    /// Reads `n`, `north`, … (any case).
    pub fn parse(s: &str) -> Option<Dir> {
        match s.to_ascii_lowercase().as_str() {
            "n" | "north" => Some(Dir::N),
            "e" | "east" => Some(Dir::E),
            "s" | "south" => Some(Dir::S),
            "w" | "west" => Some(Dir::W),
            _ => None,
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    pub(super) fn bit(self) -> u8 {
        match self {
            Dir::N => 1,
            Dir::E => 2,
            Dir::S => 4,
            Dir::W => 8,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A cell, `a1`…`e5`: file `a`–`e` left to right, rank `1`–`5` bottom to top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub(super) file: u8,
    pub(super) rank: u8,
}

impl Cell {
    /// The cell at `file`, `rank` (both from 0), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Cell> {
        (file < SIZE && rank < SIZE).then_some(Cell { file, rank })
    }

    /// Every cell in the notation's order: `a1`, `a2`, …, `a5`, `b1`, …, `e5`.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..SIZE).flat_map(|file| (0..SIZE).map(move |rank| Cell { file, rank }))
    }

    /// The file, from 0 (`a`).
    pub fn file(self) -> u8 {
        self.file
    }

    /// The rank, from 0 (rank `1`).
    pub fn rank(self) -> u8 {
        self.rank
    }

    /// The index in [`Cell::all`]'s order.
    pub fn index(self) -> usize {
        usize::from(self.file * SIZE + self.rank)
    }

    /// Reads `b4` (any case).
    pub fn parse(s: &str) -> Option<Cell> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        Cell::new(file, rank)
    }

    /// The neighbour towards `dir`, if on the board.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let (f, r) = (self.file as i8, self.rank as i8);
        let (f, r) = match dir {
            Dir::N => (f, r + 1),
            Dir::E => (f + 1, r),
            Dir::S => (f, r - 1),
            Dir::W => (f - 1, r),
        };
        if f < 0 || r < 0 {
            return None;
        }
        Cell::new(f as u8, r as u8)
    }

    /// The neighbours on the board, north first, with their direction.
    pub fn neighbours(self) -> impl Iterator<Item = (Dir, Cell)> {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.step(d).map(|c| (d, c)))
    }

    /// Whether `other` is one step away.
    pub fn is_next_to(self, other: Cell) -> bool {
        self.distance(other) == 1
    }

    /// Steps between two cells along files and ranks.
    pub fn distance(self, other: Cell) -> u8 {
        self.file.abs_diff(other.file) + self.rank.abs_diff(other.rank)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A row (`1`–`5`) or a column (`a`–`e`): what a Scream slides and a Ring pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// A row, by rank from 0.
    Row(u8),
    /// A column, by file from 0.
    Col(u8),
}

impl Line {
    /// The ten lines: rows `1`–`5`, then columns `a`–`e`.
    pub fn all() -> impl Iterator<Item = Line> {
        (0..SIZE).map(Line::Row).chain((0..SIZE).map(Line::Col))
    }

    /// Reads `3` or `b` (any case).
    pub fn parse(s: &str) -> Option<Line> {
        let b = s.as_bytes();
        if b.len() != 1 {
            return None;
        }
        match b[0].to_ascii_lowercase() {
            c @ b'1'..=b'5' => Some(Line::Row(c - b'1')),
            c @ b'a'..=b'e' => Some(Line::Col(c - b'a')),
            _ => None,
        }
    }

    /// The two ends a tile may leave by: `e`/`w` for a row, `n`/`s` for a column.
    pub fn ends(self) -> [Dir; 2] {
        match self {
            Line::Row(_) => [Dir::E, Dir::W],
            Line::Col(_) => [Dir::N, Dir::S],
        }
    }

    /// Whether `dir` is one of this line's ends.
    pub fn has_end(self, dir: Dir) -> bool {
        self.ends().contains(&dir)
    }

    /// Whether `cell` lies on this line.
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            Line::Row(r) => cell.rank == r,
            Line::Col(f) => cell.file == f,
        }
    }

    /// The line's five cells from the end `dir` (whose tile leaves) to the other end.
    ///
    /// # Panics
    /// If `dir` is not one of the line's ends.
    pub fn from_end(self, dir: Dir) -> [Cell; 5] {
        assert!(self.has_end(dir), "{dir} is not an end of {self}");
        std::array::from_fn(|i| {
            let i = i as u8;
            let far = SIZE - 1 - i;
            match (self, dir) {
                (Line::Row(r), Dir::E) => Cell { file: far, rank: r },
                (Line::Row(r), _) => Cell { file: i, rank: r },
                (Line::Col(f), Dir::N) => Cell { file: f, rank: far },
                (Line::Col(f), _) => Cell { file: f, rank: i },
            }
        })
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "{}", r + 1),
            Line::Col(c) => write!(f, "{}", char::from(b'a' + c)),
        }
    }
}

impl serde::Serialize for Line {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A clockwise turn: 0, 90, 180 or 270 degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rot(pub(super) u8);

impl Rot {
    /// No turn.
    pub const ZERO: Rot = Rot(0);
    /// The four turns, 0 first.
    pub const ALL: [Rot; 4] = [Rot(0), Rot(1), Rot(2), Rot(3)];

    /// Reads `0`, `90`, `180` or `270`.
    pub fn parse(s: &str) -> Option<Rot> {
        match s {
            "0" => Some(Rot(0)),
            "90" => Some(Rot(1)),
            "180" => Some(Rot(2)),
            "270" => Some(Rot(3)),
            _ => None,
        }
    }

    /// From quarter turns (taken mod 4).
    pub fn quarters(q: u8) -> Rot {
        Rot(q % 4)
    }

    /// The degrees.
    pub fn degrees(self) -> u16 {
        u16::from(self.0) * 90
    }

    /// Whether this is no turn at all.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Rot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

impl serde::Serialize for Rot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}
