//! Where a floor is drawn: the grid of cells in design units, shared by the turn image's
//! floors, the lobby's maps and the walls' L shapes, so that none of them needs another's
//! drawing code.

use labscape_core::labscape::{Cell, Wall};

/// Where a floor is drawn: top-left of cell A1 and the cell size, in design units.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    pub x: f32,
    pub y: f32,
    pub c: f32,
}

impl Grid {
    pub fn cell_origin(&self, cell: Cell) -> (f32, f32) {
        (
            self.x + f32::from(cell.x()) * self.c,
            self.y + f32::from(cell.y()) * self.c,
        )
    }
    pub fn center(&self, cell: Cell) -> (f32, f32) {
        let (x, y) = self.cell_origin(cell);
        (x + self.c / 2.0, y + self.c / 2.0)
    }
    pub fn vertex(&self, v: (i32, i32)) -> (f32, f32) {
        (self.x + v.0 as f32 * self.c, self.y + v.1 as f32 * self.c)
    }
    /// The L of a wall as a polyline: arm end, corner, arm end.
    pub fn wall_points(&self, w: Wall) -> [(f32, f32); 3] {
        let [v, a, b] = w.vertices();
        [self.vertex(a), self.vertex(v), self.vertex(b)]
    }
}
