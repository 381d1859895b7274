//! What a cell holds: a tile of a kind with its walls ([`Sides`]), chambers numbered 1–6,
//! and the 25 tiles of the box.

use std::fmt;

use super::{CELLS, Dir, Rot};
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
    /// `H`, the Hydra's tile, no walls (\[D2\]).
    Hydra,
    /// `E`, the Entry, no walls.
    Entry,
    /// `P`, the Escape Portal, no walls (\[D2\]).
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
    pub(super) kind: TileKind,
    pub(super) walls: Sides,
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
