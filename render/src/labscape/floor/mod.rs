//! Floors: the large map of the floor in play (with the last turn drawn over it) and the
//! small maps of the building column.
//!
//! This file holds what both draw with (the floor's shape, walls and their names, arrows,
//! the slots of a crowded cell); `large.rs` draws the floor in play, `small.rs` the small
//! maps.

mod large;
mod small;

use labscape_core::labscape::{Corner, FloorShape, Wall};

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba},
    draw::damage::OpHash,
    draw::memo::Memo,
    draw::text::Weight,
    draw::theme,
    labscape::grid::Grid,
};

/// The modules' backdrop, module borders and the floor's outer outline.
pub(crate) fn draw_shape(cv: &mut Canvas, shape: &FloorShape, g: Grid, fill: Rgba, lines: bool) {
    let m = g.c * 3.0;
    // Axis-aligned lines are drawn as rectangles: far cheaper than stroked paths.
    let hline = |cv: &mut Canvas, x: f32, y: f32, len: f32, w: f32, c: Rgba| {
        cv.rect(x - w / 2.0, y - w / 2.0, len + w, w, c);
    };
    let vline = |cv: &mut Canvas, x: f32, y: f32, len: f32, w: f32, c: Rgba| {
        cv.rect(x - w / 2.0, y - w / 2.0, w, len + w, c);
    };
    for (col, row) in shape.modules() {
        cv.rect(g.x + col as f32 * m, g.y + row as f32 * m, m, m, fill);
    }
    if lines {
        let lw = (g.c * 0.02).clamp(1.0, 1.6);
        for (col, row) in shape.modules() {
            let (x, y) = (g.x + col as f32 * m, g.y + row as f32 * m);
            for k in 1..3 {
                let o = k as f32 * g.c;
                vline(cv, x + o, y, m, lw, theme::CELL_LINE);
                hline(cv, x, y + o, m, lw, theme::CELL_LINE);
            }
        }
    }
    let module_w = (g.c * 0.05).clamp(1.0, 3.0);
    for (col, row) in shape.modules() {
        let (x, y) = (g.x + col as f32 * m, g.y + row as f32 * m);
        hline(cv, x, y, m, module_w, theme::MODULE_LINE);
        hline(cv, x, y + m, m, module_w, theme::MODULE_LINE);
        vline(cv, x, y, m, module_w, theme::MODULE_LINE);
        vline(cv, x + m, y, m, module_w, theme::MODULE_LINE);
    }
    let ow = (g.c * 0.075).clamp(1.5, 5.0);
    for (col, row) in shape.modules() {
        let (x, y) = (g.x + col as f32 * m, g.y + row as f32 * m);
        if row == 0 || !shape.has_module(col, row - 1) {
            hline(cv, x, y, m, ow, theme::OUTLINE);
        }
        if !shape.has_module(col, row + 1) {
            hline(cv, x, y + m, m, ow, theme::OUTLINE);
        }
        if col == 0 || !shape.has_module(col - 1, row) {
            vline(cv, x, y, m, ow, theme::OUTLINE);
        }
        if !shape.has_module(col + 1, row) {
            vline(cv, x + m, y, m, ow, theme::OUTLINE);
        }
    }
}

/// A floor's walls drawn once, as spans of premultiplied pixels by image row: what
/// [`draw_walls_kept`] copies.
struct WallLayer {
    /// (image row, first column, pixels).
    spans: Vec<(u32, u32, Vec<u8>)>,
}

/// Wall layers by walls, grid (bits of x, y, side), wall width and colour, and scale: the
/// walls of a floor change only when one turns, and their strokes are the dearest shapes
/// of the large floor. A replay meets every floor of its building, each with its walls as
/// they turn, in the large view and in the column.
type WallKey = (Vec<Wall>, [u32; 5], Rgba);
static WALL_LAYERS: Memo<WallKey, WallLayer> = Memo::new(64);

/// [`draw_walls`] through a cache of layers: drawn once per walls, grid and size, then
/// copied (source over, as drawing them would blend them) into every band that shows them.
pub(crate) fn draw_walls_kept(cv: &mut Canvas, walls: &[Wall], g: Grid, width: f32, color: Rgba) {
    let scale = cv.scale();
    let bits = [g.x, g.y, g.c, width, scale].map(f32::to_bits);
    let Some(rows) = wall_rows(walls, g, width, scale) else {
        return;
    };
    // What the layer's pixels depend on: everything it is kept under.
    let key = bits
        .iter()
        .fold(OpHash::new(0), |h, b| h.word(u64::from(*b)))
        .rgba(color);
    let key = walls
        .iter()
        .fold(key, |h, w| h.bytes(w.to_string().as_bytes()))
        .value();
    if !cv.wants_layer(key, rows) {
        return;
    }
    let layer = WALL_LAYERS.get((walls.to_vec(), bits, color), || {
        wall_layer(cv, walls, g, (width, rows), color)
    });
    cv.blit_layer(layer.spans.iter().map(|(r, x, px)| (*r, *x, px.as_slice())));
}

/// The image rows the walls reach, drawn `width` wide on grid `g` at `scale`; none without
/// walls.
fn wall_rows(walls: &[Wall], g: Grid, width: f32, scale: f32) -> Option<(u32, u32)> {
    let ys = walls.iter().flat_map(|w| g.wall_points(*w)).map(|(_, y)| y);
    let (lo, hi) = ys.fold((f32::MAX, f32::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    if lo > hi {
        return None;
    }
    let reach = width + g.c * 0.2 + 2.0;
    Some((
        ((lo - reach) * scale).floor().max(0.0) as u32,
        ((hi + reach) * scale).ceil().max(0.0) as u32 + 1,
    ))
}

/// The walls drawn on a transparent layer over image rows `rows`, as spans.
fn wall_layer(
    cv: &Canvas,
    walls: &[Wall],
    g: Grid,
    (width, rows): (f32, (u32, u32)),
    color: Rgba,
) -> WallLayer {
    let mut layer = cv.layer(rows);
    draw_walls(&mut layer, walls, g, width, color);
    let w = layer.pix.width() as usize;
    let mut spans = Vec::new();
    for (i, row) in layer.pix.data().chunks_exact(w * 4).enumerate() {
        let mut x = 0;
        while x < w {
            if row[x * 4 + 3] == 0 {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && row[x * 4 + 3] != 0 {
                x += 1;
            }
            let px = row[start * 4..x * 4].to_vec();
            spans.push((rows.0 + i as u32, start as u32, px));
        }
    }
    WallLayer { spans }
}

/// Every wall as its own L, so that a player can tell walls apart and name them: an arm
/// stops short of a grid point another wall also reaches (walls that touch would
/// otherwise read as one line), and a small square gusset fills the inside of each L's corner,
/// on the side of the cell the wall is named after (`A2:NW` is the L around A2's
/// north-west corner).
fn draw_walls(cv: &mut Canvas, walls: &[Wall], g: Grid, width: f32, color: Rgba) {
    let mut touches: std::collections::HashMap<(i32, i32), u8> =
        std::collections::HashMap::with_capacity(walls.len() * 3);
    for w in walls {
        for v in w.vertices() {
            *touches.entry(v).or_default() += 1;
        }
    }
    let gap = width * 0.75;
    for w in walls {
        let [_, a, b] = w.vertices();
        let [pa, pv, pb] = g.wall_points(*w);
        let trim = |end: (f32, f32), shared: bool| {
            if !shared {
                return end;
            }
            // An arm is one cell long.
            let (ux, uy) = unit(pv, end);
            let k = g.c - gap - width / 2.0;
            (pv.0 + ux * k, pv.1 + uy * k)
        };
        let shared = |v: (i32, i32)| touches.get(&v).copied().unwrap_or(0) > 1;
        let line = Line::new(color, width);
        cv.polyline(&[trim(pa, shared(a)), pv, trim(pb, shared(b))], line);
        // The gusset: a small square inside the corner, its sides along the arms (square,
        // so that it is drawn in the walls' own shades).
        let leg = g.c * 0.13 + width / 2.0;
        let (ax, ay) = unit(pv, pa);
        let (bx, by) = unit(pv, pb);
        let far = (pv.0 + (ax + bx) * leg, pv.1 + (ay + by) * leg);
        let (x0, x1) = (pv.0.min(far.0), pv.0.max(far.0));
        let (y0, y1) = (pv.1.min(far.1), pv.1.max(far.1));
        cv.rect(x0, y0, x1 - x0, y1 - y0, color);
    }
}

/// The unit vector from `a` towards `b`.
fn unit(a: (f32, f32), b: (f32, f32)) -> (f32, f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(0.001);
    (dx / len, dy / len)
}

/// Each wall's name (`A2:NW`) in a tag inside the corner of the cell it is named after,
/// for a player who asks which wall is which (`/walls`). Two walls of one cell lie at
/// opposite corners (two at neighbouring corners would share a side), so tags of a cell
/// never meet.
fn draw_wall_names(cv: &mut Canvas, walls: &[Wall], g: Grid, width: f32) {
    let c = g.c;
    let size = (c * 0.19).clamp(9.0, 18.0);
    let pad = width / 2.0 + c * 0.05;
    for w in walls {
        let name = w.to_string();
        let tw = cv.text_width(&name, size, Weight::Bold);
        let (bw, bh) = (tw + size * 0.6, size * 1.3);
        let (x, y) = g.cell_origin(w.cell());
        let (north, west) = match w.corner() {
            Corner::NW => (true, true),
            Corner::NE => (true, false),
            Corner::SW => (false, true),
            Corner::SE => (false, false),
        };
        let bx = if west { x + pad } else { x + c - pad - bw };
        let by = if north { y + pad } else { y + c - pad - bh };
        cv.round_rect(
            (bx, by, bw, bh),
            bh * 0.3,
            Some(theme::WHITE),
            Some(Line::new(theme::WALL, 1.5)),
        );
        cv.text(
            &name,
            (bx + bw / 2.0, by + bh * 0.5 + size * 0.36),
            size,
            Weight::Bold,
            theme::WALL,
            Align::Center,
        );
    }
}

/// An arrow along `pts`, shortened at the end by `trim`, with a head.
fn arrow(
    cv: &mut Canvas,
    pts: &[(f32, f32)],
    width: f32,
    color: Rgba,
    casing: Option<Rgba>,
    dash: bool,
    trim: f32,
) {
    if pts.len() < 2 {
        return;
    }
    let mut pts = pts.to_vec();
    let n = pts.len();
    let (ax, ay) = pts[n - 2];
    let (bx, by) = pts[n - 1];
    let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(0.001);
    let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
    let tip = (bx - ux * trim, by - uy * trim);
    let head = width * 2.6;
    pts[n - 1] = (tip.0 - ux * head * 0.6, tip.1 - uy * head * 0.6);
    let headpts = [
        tip,
        (
            tip.0 - ux * head - uy * head * 0.7,
            tip.1 - uy * head + ux * head * 0.7,
        ),
        (
            tip.0 - ux * head + uy * head * 0.7,
            tip.1 - uy * head - ux * head * 0.7,
        ),
    ];
    if let Some(c) = casing {
        cv.polyline(&pts, Line::new(c, width * 1.9));
        if let Some(p) = crate::draw::canvas::polyline_path(&headpts, true) {
            cv.stroke(&p, Line::new(c, width * 0.9));
        }
    }
    let line = if dash {
        Line::new(color, width).dashed(width * 1.6, width * 1.3)
    } else {
        Line::new(color, width)
    };
    cv.polyline(&pts, line);
    cv.polygon(&headpts, color);
}

/// Token layout in a cell: `n` discs (the robot included) in a grid.
fn slots(n: usize, x: f32, y: f32, c: f32, crowded_top: bool) -> (Vec<(f32, f32)>, f32) {
    let (cols, rows) = match n {
        0 | 1 => (1, 1),
        2 => (2, 1),
        3 | 4 => (2, 2),
        5 | 6 => (3, 2),
        _ => (3, 3),
    };
    // Leave the top band to the item and exit icons when there is room.
    let (top, h) = if n <= 2 && crowded_top {
        (y + c * 0.34, c * 0.6)
    } else {
        (y + c * 0.08, c * 0.84)
    };
    let (left, w) = (x + c * 0.08, c * 0.84);
    let cell_w = w / cols as f32;
    let cell_h = h / rows as f32;
    let d = (cell_w.min(cell_h) * 0.9).min(c * 0.5);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (col, row) = (i % cols, i / cols);
        // Centre a short last row.
        let in_row = if row == rows - 1 {
            n - row * cols
        } else {
            cols
        };
        let off = (cols - in_row.min(cols)) as f32 * cell_w / 2.0;
        out.push((
            left + off + cell_w * (col as f32 + 0.5),
            top + cell_h * (row as f32 + 0.5),
        ));
    }
    (out, d)
}
