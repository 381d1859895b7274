//! The hexagon of 61 cells: rows `a` (bottom) to `i` (top) of 5, 6, 7, 8, 9, 8, 7, 6, 5
//! cells, numbered from the left; neighbours as §1 of the rules gives them; groups.

use std::fmt;

use serde::{Serialize, Serializer};

/// Cells on the board.
pub const CELLS: usize = 61;
/// Cells in each row, `a` first.
pub const ROW_LENGTHS: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

/// A cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// The index of the first cell of each row.
const fn starts() -> [u8; 9] {
    let mut s = [0u8; 9];
    let mut i = 1;
    while i < 9 {
        s[i] = s[i - 1] + ROW_LENGTHS[i - 1];
        i += 1;
    }
    s
}
const STARTS: [u8; 9] = starts();

impl Cell {
    /// The cell `number` (1-based) of `row` (0 = a), if on the board.
    pub fn new(row: u8, number: u8) -> Option<Cell> {
        (row < 9 && number >= 1 && number <= ROW_LENGTHS[usize::from(row)])
            .then(|| Cell(STARTS[usize::from(row)] + number - 1))
    }
    /// Every cell, a1 … i5.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
    /// 0 = row a.
    pub fn row(self) -> u8 {
        (0..9)
            .rev()
            .find(|r| STARTS[usize::from(*r)] <= self.0)
            .unwrap_or(0)
    }
    /// 1-based number within the row.
    pub fn number(self) -> u8 {
        self.0 - STARTS[usize::from(self.row())] + 1
    }
    /// Index in `0..61`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
    /// Reads `e5` (any case).
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let row = chars.next()?.to_ascii_lowercase();
        if !('a'..='i').contains(&row) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 1 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        Cell::new(row as u8 - b'a', digits.parse().ok()?)
    }
    /// The cells sharing a side (up to 6).
    pub fn neighbours(self) -> Vec<Cell> {
        let (r, k) = (self.row(), self.number() as i16);
        let mut out = Vec::with_capacity(6);
        let mut push = |row: i16, n: i16| {
            if (0..9).contains(&row)
                && (1..=9).contains(&n)
                && let Some(c) = Cell::new(row as u8, n as u8)
            {
                out.push(c);
            }
        };
        let r16 = i16::from(r);
        push(r16, k - 1);
        push(r16, k + 1);
        // The row above (r + 1): k and k+1 below the middle row, k-1 and k from it up.
        if r < 4 {
            push(r16 + 1, k);
            push(r16 + 1, k + 1);
        } else {
            push(r16 + 1, k - 1);
            push(r16 + 1, k);
        }
        // The row below (r - 1): k and k+1 above the middle row, k-1 and k from it down.
        if r > 4 {
            push(r16 - 1, k);
            push(r16 - 1, k + 1);
        } else {
            push(r16 - 1, k - 1);
            push(r16 - 1, k);
        }
        out
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.row()), self.number())
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `B`, scoring for seat 0.
    Black,
    /// `W`, scoring for seat 1.
    White,
}

impl Colour {
    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
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

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// `colour`'s groups on `board` as their cells, largest first.
pub(super) fn group_cells(board: &[Option<Colour>; CELLS], colour: Colour) -> Vec<Vec<Cell>> {
    let mut seen = [false; CELLS];
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for start in Cell::all() {
        if seen[start.index()] || board[start.index()] != Some(colour) {
            continue;
        }
        seen[start.index()] = true;
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            for n in group[i].neighbours() {
                if !seen[n.index()] && board[n.index()] == Some(colour) {
                    seen[n.index()] = true;
                    group.push(n);
                }
            }
            i += 1;
        }
        out.push(group);
    }
    out.sort_by_key(|g| std::cmp::Reverse(g.len()));
    out
}

/// The sizes of `colour`'s groups on `board`, largest first.
pub(super) fn groups(board: &[Option<Colour>; CELLS], colour: Colour) -> Vec<u32> {
    let mut seen = [false; CELLS];
    let mut sizes = Vec::new();
    for start in Cell::all() {
        if seen[start.index()] || board[start.index()] != Some(colour) {
            continue;
        }
        seen[start.index()] = true;
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for n in c.neighbours() {
                if !seen[n.index()] && board[n.index()] == Some(colour) {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}
