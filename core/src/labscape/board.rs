//! A floor in play: its walls, its items, and movement on it (rules §3, §4).
//!
//! Walls are the truth; the per-cell blocked sides and the edge-owner map are caches
//! rebuilt whenever the walls change, so movement and overlap checks are O(1).

use super::{
    geometry::{Cell, Dir, Edge, Sides, Wall},
    layout::FloorShape,
};

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A key token: the first player to arrive takes it.
    Key,
    /// A key room whose token is gone.
    KeyTaken,
    /// A food room.
    Food,
    /// A special token, still there.
    Special,
    /// A special room already searched.
    SpecialSpent,
}

impl Item {
    /// The notation's name.
    pub fn name(self) -> &'static str {
        match self {
            Item::Key => "key",
            Item::KeyTaken => "key-taken",
            Item::Food => "food",
            Item::Special => "special",
            Item::SpecialSpent => "special-spent",
        }
    }

    /// Reads the notation's name.
    pub fn from_name(s: &str) -> Option<Item> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "key" => Item::Key,
            "key-taken" => Item::KeyTaken,
            "food" => Item::Food,
            "special" => Item::Special,
            "special-spent" => Item::SpecialSpent,
            _ => return None,
        })
    }

    /// The kind of room, ignoring whether its token is still there.
    pub fn kind(self) -> ItemKind {
        match self {
            Item::Key | Item::KeyTaken => ItemKind::Key,
            Item::Food => ItemKind::Food,
            Item::Special | Item::SpecialSpent => ItemKind::Special,
        }
    }
}

/// The three kinds of item token a player can place in draft setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    /// Key.
    Key,
    /// Food.
    Food,
    /// Special.
    Special,
}

impl ItemKind {
    /// All three.
    pub const ALL: [ItemKind; 3] = [ItemKind::Key, ItemKind::Food, ItemKind::Special];

    /// Name in the notation.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Key => "key",
            ItemKind::Food => "food",
            ItemKind::Special => "special",
        }
    }

    /// The fresh token of this kind.
    pub fn token(self) -> Item {
        match self {
            ItemKind::Key => Item::Key,
            ItemKind::Food => Item::Food,
            ItemKind::Special => Item::Special,
        }
    }
}

/// Distance value for unreachable cells.
pub const UNREACHABLE: u16 = u16::MAX;

/// One floor's walls and items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: FloorShape,
    walls: Vec<Wall>,
    items: Vec<Option<Item>>,
    blocked: Vec<Sides>,
    /// Owner (index + 1 into `walls`) of each edge; 0 = free.
    owners: Vec<u16>,
}

/// Why a wall cannot stand where it was asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallProblem {
    /// Its cell is not on this floor (it would stick out of every module).
    OffFloor,
    /// It shares an edge with this wall.
    Overlaps(Wall),
}

impl Board {
    /// An empty floor of this shape.
    pub fn new(shape: FloorShape) -> Board {
        let n = shape.grid_len();
        let edges = edge_slots(&shape);
        let mut b = Board {
            shape,
            walls: Vec::new(),
            items: vec![None; n],
            blocked: vec![Sides::default(); n],
            owners: vec![0; edges],
        };
        b.rebuild();
        b
    }

    /// The floor's shape.
    pub fn shape(&self) -> &FloorShape {
        &self.shape
    }

    /// The walls, in placement order.
    pub fn walls(&self) -> &[Wall] {
        &self.walls
    }

    /// Whether this exact wall stands here.
    pub fn has_wall(&self, wall: Wall) -> bool {
        self.walls.contains(&wall)
    }

    /// The item in a cell.
    pub fn item(&self, cell: Cell) -> Option<Item> {
        if self.shape.contains(cell) {
            self.items[self.shape.index(cell)]
        } else {
            None
        }
    }

    /// Sets the item in a cell of this floor.
    pub fn set_item(&mut self, cell: Cell, item: Option<Item>) {
        debug_assert!(self.shape.contains(cell));
        let i = self.shape.index(cell);
        self.items[i] = item;
    }

    /// Every `(cell, item)` pair, in reading order.
    pub fn items(&self) -> impl Iterator<Item = (Cell, Item)> + '_ {
        self.shape
            .cells()
            .filter_map(|c| self.item(c).map(|i| (c, i)))
    }

    fn edge_index(&self, e: Edge) -> Option<usize> {
        edge_index(&self.shape, e)
    }

    /// The wall on an edge, if any.
    pub fn wall_on(&self, e: Edge) -> Option<Wall> {
        let i = self.edge_index(e)?;
        match self.owners[i] {
            0 => None,
            o => Some(self.walls[usize::from(o) - 1]),
        }
    }

    /// Whether `wall` could stand here, ignoring the wall `except` (which is being moved).
    pub fn check_wall(&self, wall: Wall, except: Option<Wall>) -> Result<(), WallProblem> {
        if !self.shape.contains(wall.cell()) {
            return Err(WallProblem::OffFloor);
        }
        for e in wall.edges() {
            if let Some(other) = self.wall_on(e)
                && Some(other) != except
            {
                return Err(WallProblem::Overlaps(other));
            }
        }
        Ok(())
    }

    /// Adds a wall (already checked).
    pub fn add_wall(&mut self, wall: Wall) {
        debug_assert_eq!(self.check_wall(wall, None), Ok(()));
        self.walls.push(wall);
        self.rebuild();
    }

    /// Replaces wall `from` by `to` (already checked), keeping its place in the list.
    pub fn move_wall(&mut self, from: Wall, to: Wall) {
        if let Some(w) = self.walls.iter_mut().find(|w| **w == from) {
            *w = to;
        }
        self.rebuild();
    }

    /// Sets all walls at once (used when reading a position; the caller checks overlaps).
    pub fn set_walls(&mut self, walls: Vec<Wall>) {
        self.walls = walls;
        self.rebuild();
    }

    /// Walls whose cell lies in module slot `(col, row)`.
    pub fn walls_in_module(&self, col: usize, row: usize) -> usize {
        self.walls
            .iter()
            .filter(|w| FloorShape::module_of(w.cell()) == (col, row))
            .count()
    }

    fn rebuild(&mut self) {
        self.owners.iter_mut().for_each(|o| *o = 0);
        for (i, w) in self.walls.iter().enumerate() {
            for e in w.edges() {
                if let Some(ix) = edge_index(&self.shape, e) {
                    // On overlap (only in positions being validated) the first owner stays.
                    if self.owners[ix] == 0 {
                        self.owners[ix] = (i + 1) as u16;
                    }
                }
            }
        }
        self.blocked = blocked_sides(&self.shape, |e| {
            edge_index(&self.shape, e).is_some_and(|i| self.owners[i] != 0)
        });
    }

    /// Whether a step from `cell` in direction `d` is possible (no wall, not off the floor).
    pub fn can_step(&self, cell: Cell, d: Dir) -> bool {
        self.shape.contains(cell) && !self.blocked[self.shape.index(cell)].has(d)
    }

    /// Why a step is impossible: `Some(wall)` for a wall, `None` for the floor's edge.
    pub fn step_blocker(&self, cell: Cell, d: Dir) -> Option<Wall> {
        self.wall_on(cell.edge(d))
    }

    /// Breadth-first distances from `from` to every cell (index by [`FloorShape::index`]).
    pub fn distances(&self, from: Cell) -> Vec<u16> {
        distances(&self.shape, &self.blocked, from)
    }

    /// Whether any of `targets` can be reached from `start` with wall `from` moved to `to`
    /// (`from == to` for the floor as it is). Stops at the first target found.
    pub fn reaches_any_with_move(
        &self,
        start: Cell,
        targets: &[Cell],
        from: Wall,
        to: Wall,
    ) -> bool {
        let mut blocked = self.blocked.clone();
        if from != to {
            for e in from.edges() {
                for (cell, d) in edge_sides(e) {
                    let open_across = cell.step(d).is_some_and(|n| self.shape.contains(n));
                    if self.shape.contains(cell) && open_across {
                        blocked[self.shape.index(cell)].remove(d);
                    }
                }
            }
            for e in to.edges() {
                for (cell, d) in edge_sides(e) {
                    if self.shape.contains(cell) {
                        blocked[self.shape.index(cell)].insert(d);
                    }
                }
            }
        }
        reaches_any(&self.shape, &blocked, start, targets)
    }

    /// Distance between two cells, or [`UNREACHABLE`].
    pub fn distance(&self, a: Cell, b: Cell) -> u16 {
        self.distances(a)[self.shape.index(b)]
    }

    /// The shortest path from `from` to `to` whose steps come first in the order
    /// N < E < S < W, compared step by step (rules §7.1, §11). `None` if unreachable;
    /// empty if `from == to`.
    pub fn preferred_path(&self, from: Cell, to: Cell) -> Option<Vec<Dir>> {
        let dist = self.distances(to);
        let idx = |c: Cell| self.shape.index(c);
        if dist[idx(from)] == UNREACHABLE {
            return None;
        }
        let mut path = Vec::with_capacity(usize::from(dist[idx(from)]));
        let mut here = from;
        while here != to {
            let d_here = dist[idx(here)];
            let (dir, next) = Dir::ALL
                .iter()
                .filter(|d| self.can_step(here, **d))
                .filter_map(|d| here.step(*d).map(|n| (*d, n)))
                .find(|(_, n)| dist[idx(*n)] + 1 == d_here)
                .expect("a cell at distance k > 0 has a neighbour at k - 1");
            path.push(dir);
            here = next;
        }
        Some(path)
    }
}

fn edge_slots(shape: &FloorShape) -> usize {
    let (w, h) = (usize::from(shape.width()), usize::from(shape.height()));
    (h + 1) * w + h * (w + 1)
}

fn edge_index(shape: &FloorShape, e: Edge) -> Option<usize> {
    let (w, h) = (usize::from(shape.width()), usize::from(shape.height()));
    match e {
        Edge::H { x, y } => {
            let (x, y) = (usize::from(x), usize::from(y));
            (x < w && y <= h).then_some(y * w + x)
        }
        Edge::V { x, y } => {
            let (x, y) = (usize::from(x), usize::from(y));
            (x <= w && y < h).then_some((h + 1) * w + y * (w + 1) + x)
        }
    }
}

fn blocked_sides(shape: &FloorShape, walled: impl Fn(Edge) -> bool) -> Vec<Sides> {
    let mut out = vec![Sides::default(); shape.grid_len()];
    for cell in shape.cells() {
        let s = &mut out[shape.index(cell)];
        for d in Dir::ALL {
            let open = cell.step(d).is_some_and(|n| shape.contains(n)) && !walled(cell.edge(d));
            if !open {
                s.insert(d);
            }
        }
    }
    out
}

/// The two `(cell, side)` pairs an edge separates (cells may be off the grid's range).
fn edge_sides(e: Edge) -> Vec<(Cell, Dir)> {
    let mut out = Vec::with_capacity(2);
    match e {
        Edge::H { x, y } => {
            if let Some(c) = Cell::new(x, y) {
                out.push((c, Dir::N));
            }
            if y > 0
                && let Some(c) = Cell::new(x, y - 1)
            {
                out.push((c, Dir::S));
            }
        }
        Edge::V { x, y } => {
            if let Some(c) = Cell::new(x, y) {
                out.push((c, Dir::W));
            }
            if x > 0
                && let Some(c) = Cell::new(x - 1, y)
            {
                out.push((c, Dir::E));
            }
        }
    }
    out
}

fn reaches_any(shape: &FloorShape, blocked: &[Sides], from: Cell, targets: &[Cell]) -> bool {
    if targets.contains(&from) {
        return true;
    }
    let mut seen = vec![false; shape.grid_len()];
    let mut queue = Vec::with_capacity(shape.grid_len());
    seen[shape.index(from)] = true;
    queue.push(from);
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        let sides = blocked[shape.index(c)];
        for d in Dir::ALL {
            if sides.has(d) {
                continue;
            }
            if let Some(n) = c.step(d) {
                let ni = shape.index(n);
                if !seen[ni] {
                    if targets.contains(&n) {
                        return true;
                    }
                    seen[ni] = true;
                    queue.push(n);
                }
            }
        }
    }
    false
}

fn distances(shape: &FloorShape, blocked: &[Sides], from: Cell) -> Vec<u16> {
    let mut dist = vec![UNREACHABLE; shape.grid_len()];
    if !shape.contains(from) {
        return dist;
    }
    let mut queue = Vec::with_capacity(shape.grid_len());
    dist[shape.index(from)] = 0;
    queue.push(from);
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        let dc = dist[shape.index(c)];
        let sides = blocked[shape.index(c)];
        for d in Dir::ALL {
            if sides.has(d) {
                continue;
            }
            if let Some(n) = c.step(d) {
                let ni = shape.index(n);
                if dist[ni] == UNREACHABLE {
                    dist[ni] = dc + 1;
                    queue.push(n);
                }
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labscape::layout::Layout;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }
    fn w(s: &str) -> Wall {
        s.parse().unwrap()
    }
    fn board(layout: &str, walls: &[&str]) -> Board {
        let mut b = Board::new(Layout::parse(layout).unwrap().floor(0).clone());
        for x in walls {
            b.add_wall(w(x));
        }
        b
    }

    #[test]
    fn walls_block_exactly_their_edges() {
        let b = board("#", &["B2:NE"]);
        assert!(!b.can_step(c("B2"), Dir::N));
        assert!(!b.can_step(c("B1"), Dir::S));
        assert!(!b.can_step(c("B2"), Dir::E));
        assert!(!b.can_step(c("C2"), Dir::W));
        assert!(b.can_step(c("B2"), Dir::S));
        assert!(b.can_step(c("B2"), Dir::W));
        // Touching the corner vertex does not block the diagonal neighbours' edges.
        assert!(b.can_step(c("B1"), Dir::E));
        assert!(b.can_step(c("C1"), Dir::S));
    }

    #[test]
    fn the_outer_border_is_impassable_but_modules_connect() {
        let b = board("##", &[]);
        assert!(!b.can_step(c("A1"), Dir::N));
        assert!(!b.can_step(c("A1"), Dir::W));
        assert!(!b.can_step(c("F3"), Dir::E));
        assert!(
            b.can_step(c("C2"), Dir::E),
            "cells of adjacent modules connect"
        );
        let l = board("#.,##", &[]);
        assert!(!l.can_step(c("C1"), Dir::E), "no module there");
        assert!(!l.can_step(c("D4"), Dir::N));
        assert!(l.can_step(c("A3"), Dir::S));
    }

    #[test]
    fn overlapping_walls_are_named() {
        let b = board("##", &["C2:NE"]);
        // C2's east edge is D2's west edge: D2:SW uses D2's west edge too.
        assert_eq!(
            b.check_wall(w("D2:NW"), None),
            Err(WallProblem::Overlaps(w("C2:NE")))
        );
        assert_eq!(b.check_wall(w("D2:NW"), Some(w("C2:NE"))), Ok(()));
        // Touching at a vertex is fine.
        assert_eq!(b.check_wall(w("D1:SW"), None), Ok(()));
        assert_eq!(b.check_wall(w("G1:NE"), None), Err(WallProblem::OffFloor));
    }

    #[test]
    fn preferred_path_breaks_ties_n_e_s_w() {
        let b = board("#", &[]);
        // From A1 to C3: all shortest paths have 2 E and 2 S; E first.
        let p = b.preferred_path(c("A1"), c("C3")).unwrap();
        assert_eq!(p, vec![Dir::E, Dir::E, Dir::S, Dir::S]);
        // From C3 to A1: N first.
        let p = b.preferred_path(c("C3"), c("A1")).unwrap();
        assert_eq!(p, vec![Dir::N, Dir::N, Dir::W, Dir::W]);
        assert_eq!(b.preferred_path(c("B2"), c("B2")).unwrap(), vec![]);
    }

    #[test]
    fn walls_force_detours_and_can_cut_cells_off() {
        // A1:SE blocks A1→B1? No: A1:SE blocks A1's south and east edges.
        let b = board("#", &["A1:SE"]);
        assert_eq!(b.distance(c("A1"), c("B1")), UNREACHABLE);
        assert_eq!(b.distance(c("B1"), c("A2")), 2);
        let b2 = board("#", &["A1:NE"]);
        assert_eq!(b2.distance(c("A1"), c("B1")), 3, "around through A2, B2");
        assert_eq!(
            b2.preferred_path(c("A1"), c("B1")).unwrap(),
            vec![Dir::S, Dir::E, Dir::N]
        );
    }
}
