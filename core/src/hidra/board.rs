//! The maze (§2.1, §3, §7.2): 5×5 cells, 25 square tiles with raised walls, and the
//! cyclic slide of a row or column that every Scream makes.
//!
//! A tile's walls are a set of sides ([`Sides`]); a [`Tile`] can only be built with the
//! number and shape of walls its kind has (two opposite for a corridor, …), so a board of
//! tiles is always one a player could lay out of the box. A passage between two cells is
//! open only when neither tile walls the side they share ([D1]).

use std::fmt;

/// Cells across and up.
pub const SIZE: u8 = 5;
/// Cells on the board.
pub const CELLS: usize = 25;

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

    fn bit(self) -> u8 {
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
    file: u8,
    rank: u8,
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
pub struct Rot(u8);

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

/// A set of sides (a tile's walls).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Sides(u8);

impl Sides {
    /// No side.
    pub const NONE: Sides = Sides(0);

    /// The sides given.
    pub fn of(dirs: &[Dir]) -> Sides {
        Sides(dirs.iter().fold(0, |m, d| m | d.bit()))
    }

    /// Whether `dir` is in the set.
    pub fn has(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// How many sides.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set turned clockwise: a north wall becomes an east wall.
    pub fn rotated(self, rot: Rot) -> Sides {
        let mut m = self.0;
        for _ in 0..rot.0 {
            m = ((m << 1) | (m >> 3)) & 0xF;
        }
        Sides(m)
    }

    /// The sides in N, E, S, W order.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |d| self.has(*d))
    }

    /// The letters, N, E, S, W order (`NES`).
    pub fn letters(self) -> String {
        self.iter()
            .map(|d| d.letter().to_ascii_uppercase())
            .collect()
    }
}

/// A chamber's number, 1–8 (so the bank can find an emptied chamber wherever it went).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chamber(u8);

impl Chamber {
    /// The eight chambers.
    pub fn all() -> impl Iterator<Item = Chamber> {
        (1..=8).map(Chamber)
    }

    /// Chamber `n`, 1–8.
    pub fn new(n: u8) -> Option<Chamber> {
        (1..=8).contains(&n).then_some(Chamber(n))
    }

    /// Reads `C4` (any case).
    pub fn parse(s: &str) -> Option<Chamber> {
        let rest = s.strip_prefix('C').or_else(|| s.strip_prefix('c'))?;
        if rest.len() != 1 {
            return None;
        }
        Chamber::new(rest.parse().ok()?)
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Chamber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "C{}", self.0)
    }
}

impl serde::Serialize for Chamber {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What a tile is (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileKind {
    /// `O`, no walls.
    Open,
    /// `I`, two opposite walls.
    Corridor,
    /// `L`, two adjacent walls.
    Corner,
    /// `T`, one wall.
    Crossroads,
    /// `C1`…`C8`, three walls.
    Chamber(Chamber),
    /// `H`, the Hydra's tile, no walls ([D2]).
    Hydra,
    /// `E`, the Entry, no walls.
    Entry,
    /// `P`, the Escape Portal, no walls ([D2]).
    Portal,
}

impl TileKind {
    /// The code before the walls (`C3`, `I`).
    pub fn code(self) -> String {
        match self {
            TileKind::Open => "O".into(),
            TileKind::Corridor => "I".into(),
            TileKind::Corner => "L".into(),
            TileKind::Crossroads => "T".into(),
            TileKind::Chamber(c) => c.to_string(),
            TileKind::Hydra => "H".into(),
            TileKind::Entry => "E".into(),
            TileKind::Portal => "P".into(),
        }
    }

    fn walls_fit(self, walls: Sides) -> bool {
        let n = walls.count();
        match self {
            TileKind::Open | TileKind::Hydra | TileKind::Entry | TileKind::Portal => n == 0,
            TileKind::Crossroads => n == 1,
            TileKind::Chamber(_) => n == 3,
            TileKind::Corridor => {
                walls == Sides::of(&[Dir::N, Dir::S]) || walls == Sides::of(&[Dir::E, Dir::W])
            }
            TileKind::Corner => n == 2 && walls.rotated(Rot(2)) != walls,
        }
    }

    /// The box's 25 tiles, as they lie unturned (corridor `NS`, corner `NE`, crossroads
    /// `N`, chamber `NES`).
    pub fn the_box() -> Vec<Tile> {
        let mut v = Vec::with_capacity(CELLS);
        let t = |kind, walls: &[Dir]| Tile::new(kind, Sides::of(walls)).expect("box tile");
        v.extend((0..4).map(|_| t(TileKind::Corridor, &[Dir::N, Dir::S])));
        v.extend((0..4).map(|_| t(TileKind::Corner, &[Dir::N, Dir::E])));
        v.extend((0..3).map(|_| t(TileKind::Crossroads, &[Dir::N])));
        v.extend(Chamber::all().map(|c| t(TileKind::Chamber(c), &[Dir::N, Dir::E, Dir::S])));
        v.extend((0..3).map(|_| t(TileKind::Open, &[])));
        v.push(t(TileKind::Hydra, &[]));
        v.push(t(TileKind::Entry, &[]));
        v.push(t(TileKind::Portal, &[]));
        v
    }
}

/// One tile: its kind and its walls, which always fit the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    kind: TileKind,
    walls: Sides,
}

impl Tile {
    /// The tile, if `walls` fit `kind`.
    pub fn new(kind: TileKind, walls: Sides) -> Option<Tile> {
        kind.walls_fit(walls).then_some(Tile { kind, walls })
    }

    /// Its kind.
    pub fn kind(self) -> TileKind {
        self.kind
    }

    /// Its walls.
    pub fn walls(self) -> Sides {
        self.walls
    }

    /// The chamber, if it is one.
    pub fn chamber(self) -> Option<Chamber> {
        match self.kind {
            TileKind::Chamber(c) => Some(c),
            _ => None,
        }
    }

    /// The tile turned clockwise (what is on it stays on it).
    pub fn rotated(self, rot: Rot) -> Tile {
        Tile {
            kind: self.kind,
            walls: self.walls.rotated(rot),
        }
    }

    /// Reads `C4:NES`, `O` (any case), if the walls fit the kind (written N, E, S, W).
    pub fn parse(s: &str) -> Option<Tile> {
        let (code, walls) = match s.split_once(':') {
            Some((c, w)) if !w.is_empty() => (c, w),
            Some(_) => return None,
            None => (s, ""),
        };
        let kind = match code.to_ascii_uppercase().as_str() {
            "O" => TileKind::Open,
            "I" => TileKind::Corridor,
            "L" => TileKind::Corner,
            "T" => TileKind::Crossroads,
            "H" => TileKind::Hydra,
            "E" => TileKind::Entry,
            "P" => TileKind::Portal,
            other => TileKind::Chamber(Chamber::parse(other)?),
        };
        let mut dirs = Vec::new();
        for ch in walls.chars() {
            let d = Dir::parse(&ch.to_string())?;
            if dirs.last().is_some_and(|l| *l >= d) {
                return None;
            }
            dirs.push(d);
        }
        Tile::new(kind, Sides::of(&dirs))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.walls == Sides::NONE {
            write!(f, "{}", self.kind.code())
        } else {
            write!(f, "{}:{}", self.kind.code(), self.walls.letters())
        }
    }
}

/// The 25 tiles by cell. Always the box's 25: built only from them and changed only by
/// slides and turns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    tiles: [Tile; CELLS],
}

impl Board {
    /// A board from 25 tiles in [`Cell::all`]'s order, if they are exactly the box's set.
    pub fn new(tiles: [Tile; CELLS]) -> Result<Board, String> {
        let mut want = TileKind::the_box();
        let mut wrong = Vec::new();
        for t in &tiles {
            match want.iter().position(|w| w.kind == t.kind) {
                Some(i) => {
                    want.swap_remove(i);
                }
                None => wrong.push(t.kind.code()),
            }
        }
        if wrong.is_empty() {
            Ok(Board { tiles })
        } else {
            let missing: Vec<String> = want.iter().map(|t| t.kind.code()).collect();
            Err(format!(
                "the tiles must be 4 I, 4 L, 3 T, C1…C8 once each, 3 O, one H, one E and one P: \
                 {} too many, {} missing",
                wrong.join(" "),
                missing.join(" ")
            ))
        }
    }

    /// The tile on `cell`.
    pub fn tile(&self, cell: Cell) -> Tile {
        self.tiles[cell.index()]
    }

    /// Where the tile of `kind` lies (the kinds there is one of).
    pub fn find(&self, kind: TileKind) -> Option<Cell> {
        Cell::all().find(|c| self.tile(*c).kind == kind)
    }

    /// The Hydra's cell.
    pub fn hydra(&self) -> Cell {
        self.find(TileKind::Hydra)
            .expect("the Hydra's tile is on the board")
    }

    /// The Portal's cell.
    pub fn portal(&self) -> Cell {
        self.find(TileKind::Portal)
            .expect("the Portal is on the board")
    }

    /// The Entry's cell.
    pub fn entry(&self) -> Cell {
        self.find(TileKind::Entry)
            .expect("the Entry is on the board")
    }

    /// Where chamber `c` lies.
    pub fn chamber(&self, c: Chamber) -> Cell {
        self.find(TileKind::Chamber(c))
            .expect("every chamber is on the board")
    }

    /// Whether the passage from `cell` towards `dir` is open: `None` off the board.
    pub fn open(&self, cell: Cell, dir: Dir) -> Option<bool> {
        let next = cell.step(dir)?;
        Some(!self.tile(cell).walls.has(dir) && !self.tile(next).walls.has(dir.opposite()))
    }

    /// Turns the tile on `cell` clockwise.
    pub fn turn(&mut self, cell: Cell, rot: Rot) {
        self.tiles[cell.index()] = self.tile(cell).rotated(rot);
    }

    /// A Scream's slide (§7.2): the tile at the `dir` end of `line` leaves, the other four
    /// move one cell towards `dir`, and the one that left comes back at the other end
    /// turned by `rot`. Returns the line's cells from the leaving end; whatever stood on
    /// `cells[i]` now stands on [`slid`]`(cells, i)`.
    pub fn slide(&mut self, line: Line, dir: Dir, rot: Rot) -> [Cell; 5] {
        let cells = line.from_end(dir);
        let old: Vec<Tile> = cells.iter().map(|c| self.tile(*c)).collect();
        for (i, cell) in cells.iter().enumerate() {
            let from = (i + 1) % 5;
            let t = if from == 0 {
                old[0].rotated(rot)
            } else {
                old[from]
            };
            self.tiles[cell.index()] = t;
        }
        cells
    }

    /// The five strings of the notation, rank 5 first.
    pub fn rows(&self) -> Vec<String> {
        (0..SIZE)
            .rev()
            .map(|rank| {
                (0..SIZE)
                    .map(|file| self.tile(Cell { file, rank }).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

/// Where whatever stood on `cells[i]` goes in the slide that `cells` (from the leaving end)
/// describes: one cell towards the leaving end, and the leaving one to the other end.
pub fn slid(cells: &[Cell; 5], cell: Cell) -> Cell {
    match cells.iter().position(|c| *c == cell) {
        Some(0) => cells[4],
        Some(i) => cells[i - 1],
        None => cell,
    }
}
