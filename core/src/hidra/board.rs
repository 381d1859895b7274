//! The maze (§2.1, §3, §7.2): 5×5 cells, 25 square tiles with raised walls, and the
//! cyclic slide of a row or column that every Scream makes.
//!
//! A tile's walls are a set of sides ([`Sides`]); a [`Tile`] can only be built with the
//! number and shape of walls its kind has (two opposite for a corridor, …), so a board of
//! tiles is always one a player could lay out of the box. A passage between two cells is
//! open only when neither tile walls the side they share (\[D1\]).
//!
//! The board of tiles and its slides are here; cells, directions, rows and columns and
//! rotations in `geometry`; walls, chambers and the tiles of the box in `tile`.

mod geometry;
mod tile;

pub use geometry::{Cell, Dir, Line, Rot};
pub use tile::{Chamber, Sides, Tile, TileKind};

/// Cells across and up.
pub const SIZE: u8 = 5;
/// Cells on the board.
pub const CELLS: usize = 25;

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
