//! Cells, directions, corners, L-shaped walls and the edges they occupy.
//!
//! Coordinates: column `x` grows east, row `y` grows south; cell `(0, 0)` is `A1`. Vertices
//! sit between cells: vertex `(x, y)` is the north-west corner of cell `(x, y)`. An edge is
//! named by the cell it borders on its south/east side ([`Edge::H`] is the north edge of the
//! cell at `(x, y)`, [`Edge::V`] its west edge), so the edge shared by two neighbouring cells
//! has a single name whichever module each cell belongs to.

use std::{fmt, str::FromStr};

use thiserror::Error;

/// Most columns and rows a floor can have (8 modules × 3 cells).
pub const MAX_SIDE: u8 = 24;

/// A cell on a floor's grid; `A1` is the top-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    // Field order gives row-major ordering (row first), which is reading order.
    y: u8,
    x: u8,
}

impl Cell {
    /// The cell at column `x` and row `y` (0-based), if within the notation's range.
    pub fn new(x: u8, y: u8) -> Option<Cell> {
        (x < MAX_SIDE && y < MAX_SIDE).then_some(Cell { x, y })
    }

    /// 0-based column.
    pub fn x(self) -> u8 {
        self.x
    }

    /// 0-based row.
    pub fn y(self) -> u8 {
        self.y
    }

    /// The neighbour in direction `d`, if it has non-negative coordinates in range.
    pub fn step(self, d: Dir) -> Option<Cell> {
        let (dx, dy) = d.delta();
        let x = i32::from(self.x) + dx;
        let y = i32::from(self.y) + dy;
        if x < 0 || y < 0 {
            return None;
        }
        Cell::new(x as u8, y as u8)
    }

    /// The edge on side `d` of this cell.
    pub fn edge(self, d: Dir) -> Edge {
        let (x, y) = (self.x, self.y);
        match d {
            Dir::N => Edge::H { x, y },
            Dir::S => Edge::H { x, y: y + 1 },
            Dir::W => Edge::V { x, y },
            Dir::E => Edge::V { x: x + 1, y },
        }
    }

    /// The vertex at corner `c` of this cell.
    pub fn vertex(self, c: Corner) -> (i32, i32) {
        let (x, y) = (i32::from(self.x), i32::from(self.y));
        match c {
            Corner::NW => (x, y),
            Corner::NE => (x + 1, y),
            Corner::SW => (x, y + 1),
            Corner::SE => (x + 1, y + 1),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.x), u32::from(self.y) + 1)
    }
}

/// A cell, wall or direction name that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    /// Not a cell name like `B3`.
    #[error("“{0}” is not a cell name (a column letter A–X and a row number 1–24, like B3)")]
    Cell(String),
    /// Not a wall name like `B3:NE`.
    #[error("“{0}” is not a wall name (a cell and a corner NE, NW, SE or SW, like B3:NE)")]
    Wall(String),
}

impl FromStr for Cell {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Cell, NameError> {
        let err = || NameError::Cell(s.to_string());
        let s = s.trim();
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !col.is_ascii_uppercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        if digits.starts_with('0') {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        Cell::new(col as u8 - b'A', row - 1).ok_or_else(err)
    }
}

/// One of the four orthogonal directions. The order N < E < S < W is the tie-break order
/// for shortest paths (rules §7.1, §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// North (up).
    N,
    /// East (right).
    E,
    /// South (down).
    S,
    /// West (left).
    W,
}

impl Dir {
    /// All four, in tie-break order.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// `(dx, dy)` with y growing south.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
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

    /// The letter used in the notation.
    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    /// Reads `N`, `E`, `S` or `W` (any case).
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_uppercase() {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }

    /// A lowercase English word, for messages.
    pub fn word(self) -> &'static str {
        match self {
            Dir::N => "north",
            Dir::E => "east",
            Dir::S => "south",
            Dir::W => "west",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

    fn from_delta(dx: i32, dy: i32) -> Dir {
        match (dx, dy) {
            (0, -1) => Dir::N,
            (1, 0) => Dir::E,
            (0, 1) => Dir::S,
            (-1, 0) => Dir::W,
            _ => unreachable!("not a unit direction: ({dx}, {dy})"),
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Bit set of blocked sides of a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides(u8);

impl Sides {
    /// Whether side `d` is in the set.
    pub fn has(self, d: Dir) -> bool {
        self.0 & d.bit() != 0
    }

    /// Removes side `d`.
    pub fn remove(&mut self, d: Dir) {
        self.0 &= !d.bit();
    }

    /// Adds side `d`.
    pub fn insert(&mut self, d: Dir) {
        self.0 |= d.bit();
    }
}

/// A cell corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    /// North-east.
    NE,
    /// North-west.
    NW,
    /// South-east.
    SE,
    /// South-west.
    SW,
}

impl Corner {
    /// All four.
    pub const ALL: [Corner; 4] = [Corner::NE, Corner::NW, Corner::SE, Corner::SW];

    /// The two sides of the cell that meet at this corner (vertical side first... north or
    /// south first, then east or west).
    pub fn sides(self) -> (Dir, Dir) {
        match self {
            Corner::NE => (Dir::N, Dir::E),
            Corner::NW => (Dir::N, Dir::W),
            Corner::SE => (Dir::S, Dir::E),
            Corner::SW => (Dir::S, Dir::W),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Corner::NE => "NE",
            Corner::NW => "NW",
            Corner::SE => "SE",
            Corner::SW => "SW",
        }
    }
}

/// A unit edge between two cells (or on the border of the grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// The horizontal edge along the top of cell `(x, y)`.
    H {
        /// Column.
        x: u8,
        /// Row of the cell below it.
        y: u8,
    },
    /// The vertical edge along the left of cell `(x, y)`.
    V {
        /// Column of the cell right of it.
        x: u8,
        /// Row.
        y: u8,
    },
}

/// An L-shaped wall, named `CELL:CORNER`: the L whose two arms are that cell's two edges
/// meeting at that corner. Every L has exactly one such name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wall {
    cell: Cell,
    corner: Corner,
}

impl Wall {
    /// The wall at `corner` of `cell`.
    pub fn new(cell: Cell, corner: Corner) -> Wall {
        Wall { cell, corner }
    }

    /// The cell between its arms.
    pub fn cell(self) -> Cell {
        self.cell
    }

    /// The corner of [`Wall::cell`] where its arms meet.
    pub fn corner(self) -> Corner {
        self.corner
    }

    /// The two unit edges it occupies.
    pub fn edges(self) -> [Edge; 2] {
        let (a, b) = self.corner.sides();
        [self.cell.edge(a), self.cell.edge(b)]
    }

    /// Its three vertices: the corner first, then the two arm ends.
    pub fn vertices(self) -> [(i32, i32); 3] {
        let v = self.cell.vertex(self.corner);
        let (a, b) = self.corner.sides();
        // Each arm runs from the corner along the side, away from the corner: the arm on the
        // north/south side runs horizontally (opposite of the east/west part of the corner).
        let (ax, ay) = b.opposite().delta();
        let (bx, by) = a.opposite().delta();
        [v, (v.0 + ax, v.1 + ay), (v.0 + bx, v.1 + by)]
    }

    /// Builds the wall from its corner vertex and the two unit directions of its arms, if
    /// the resulting cell has valid coordinates.
    fn from_geometry(v: (i32, i32), d1: (i32, i32), d2: (i32, i32)) -> Option<Wall> {
        let dx = d1.0 + d2.0;
        let dy = d1.1 + d2.1;
        let cx = v.0 + dx.min(0);
        let cy = v.1 + dy.min(0);
        if cx < 0 || cy < 0 || cx >= i32::from(MAX_SIDE) || cy >= i32::from(MAX_SIDE) {
            return None;
        }
        let cell = Cell::new(cx as u8, cy as u8)?;
        let east = v.0 == cx + 1;
        let north = v.1 == cy;
        let corner = match (north, east) {
            (true, true) => Corner::NE,
            (true, false) => Corner::NW,
            (false, true) => Corner::SE,
            (false, false) => Corner::SW,
        };
        Some(Wall { cell, corner })
    }

    /// The wall turned by `quarter_turns` × 90° clockwise about `pivot`, which should be one
    /// of its vertices. `None` if the result leaves the grid's coordinate range.
    pub fn rotated(self, pivot: (i32, i32), quarter_turns: u8) -> Option<Wall> {
        let [v, e1, e2] = self.vertices();
        let rot = |p: (i32, i32)| -> (i32, i32) {
            let (mut dx, mut dy) = (p.0 - pivot.0, p.1 - pivot.1);
            for _ in 0..quarter_turns % 4 {
                // Clockwise on screen (y down): (dx, dy) → (−dy, dx).
                (dx, dy) = (-dy, dx);
            }
            (pivot.0 + dx, pivot.1 + dy)
        };
        let nv = rot(v);
        let n1 = rot(e1);
        let n2 = rot(e2);
        Wall::from_geometry(nv, (n1.0 - nv.0, n1.1 - nv.1), (n2.0 - nv.0, n2.1 - nv.1))
    }

    /// The same wall seen from its corner vertex: the direction of each arm.
    pub fn arm_dirs(self) -> [Dir; 2] {
        let [v, e1, e2] = self.vertices();
        [
            Dir::from_delta(e1.0 - v.0, e1.1 - v.1),
            Dir::from_delta(e2.0 - v.0, e2.1 - v.1),
        ]
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.cell, self.corner.name())
    }
}

impl FromStr for Wall {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Wall, NameError> {
        let err = || NameError::Wall(s.trim().to_string());
        let (cell, corner) = s.trim().split_once(':').ok_or_else(err)?;
        let cell: Cell = cell.parse().map_err(|_| err())?;
        let corner = match corner.trim().to_ascii_uppercase().as_str() {
            "NE" | "EN" => Corner::NE,
            "NW" | "WN" => Corner::NW,
            "SE" | "ES" => Corner::SE,
            "SW" | "WS" => Corner::SW,
            _ => return Err(err()),
        };
        Ok(Wall { cell, corner })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }
    fn w(s: &str) -> Wall {
        s.parse().unwrap()
    }

    #[test]
    fn cell_names_round_trip() {
        for name in ["A1", "B3", "X24", "C10"] {
            assert_eq!(c(name).to_string(), name);
        }
        assert_eq!(c("b3"), c("B3"));
        for bad in ["", "A", "A0", "A25", "Y1", "1A", "A01", "AA1", "A1x"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn wall_names_round_trip_and_name_their_edges() {
        let wall = w("B3:NE");
        assert_eq!(wall.to_string(), "B3:NE");
        assert_eq!(w("b3:ne"), wall);
        // B3's north edge and east edge.
        assert_eq!(wall.edges(), [c("B3").edge(Dir::N), c("B3").edge(Dir::E)]);
        // B3's east edge is C3's west edge.
        assert_eq!(c("B3").edge(Dir::E), c("C3").edge(Dir::W));
        assert!("B3".parse::<Wall>().is_err());
        assert!("B3:NN".parse::<Wall>().is_err());
    }

    #[test]
    fn rotating_about_the_corner_vertex_turns_the_arms() {
        // B3:NE has its corner at B3's NE vertex, arms west and south.
        let wall = w("B3:NE");
        let v = wall.vertices()[0];
        assert_eq!(wall.rotated(v, 1), Some(w("B2:SE")));
        assert_eq!(wall.rotated(v, 2), Some(w("C2:SW")));
        assert_eq!(wall.rotated(v, 3), Some(w("C3:NW")));
        assert_eq!(wall.rotated(v, 4), Some(wall));
    }

    #[test]
    fn rotating_about_an_arm_end_moves_the_corner() {
        let wall = w("B3:NE");
        // The west arm ends at B3's NW vertex; a quarter turn clockwise about it swings the
        // north arm down B3's west side: corner at B3's SW vertex, arms north and west.
        let pivot = c("B3").vertex(Corner::NW);
        assert_eq!(wall.rotated(pivot, 1), Some(w("A3:SE")));
        assert_eq!(wall.rotated(pivot, 2), Some(w("A2:SW")));
        // Rotating four times is the identity, whatever the pivot.
        for p in wall.vertices() {
            let mut x = wall;
            for _ in 0..4 {
                x = x.rotated(p, 1).unwrap();
            }
            assert_eq!(x, wall);
        }
    }

    #[test]
    fn every_l_has_exactly_one_name() {
        // Building a wall from its geometry gives back its name.
        for cell in [c("A1"), c("B2"), c("F7")] {
            for corner in Corner::ALL {
                let wall = Wall::new(cell, corner);
                let [v, e1, e2] = wall.vertices();
                let back =
                    Wall::from_geometry(v, (e1.0 - v.0, e1.1 - v.1), (e2.0 - v.0, e2.1 - v.1));
                assert_eq!(back, Some(wall));
            }
        }
    }
}
