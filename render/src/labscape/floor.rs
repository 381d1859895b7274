//! Floors: the large map of the floor in play (with the last turn drawn over it) and the
//! small maps of the building column.

use labscape_core::labscape::{Board, Corner, FloorShape, Seat, Status, Wall};

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::{Overlay, Scene},
    labscape::grid::Grid,
    labscape::icons,
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

impl Scene<'_> {
    /// The large map of `board` fitted at `g`, with rulers, items, exit, robot, players and
    /// the last turn's overlay.
    pub(crate) fn draw_floor(&self, cv: &mut Canvas, board: &Board, g: Grid, ov: &Overlay) {
        let shape = board.shape();
        let c = g.c;
        let (w, h) = (f32::from(shape.width()) * c, f32::from(shape.height()) * c);
        cv.rect(g.x, g.y, w, h, theme::NO_MODULE);
        draw_shape(cv, shape, g, theme::FLOOR, false);
        if let Some(e) = self.pos.exit() {
            let (x, y) = g.cell_origin(e);
            cv.rect(x, y, c, c, theme::EXIT_FILL);
        }
        for cell in &ov.placed_cells {
            let (x, y) = g.cell_origin(*cell);
            cv.rect(x, y, c, c, theme::ROTATED.mix(theme::WHITE, 0.7));
        }
        draw_shape(cv, shape, g, theme::FLOOR.alpha(0), true);

        // Rulers: column letters above, row numbers to the left.
        let rs = 16.0_f32.max(c * 0.2).min(20.0);
        for x in 0..shape.width() {
            let name = char::from(b'A' + x).to_string();
            cv.text(
                &name,
                (g.x + (f32::from(x) + 0.5) * c, g.y - 8.0),
                rs,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Center,
            );
        }
        for y in 0..shape.height() {
            let name = (u32::from(y) + 1).to_string();
            cv.text(
                &name,
                (g.x - 8.0, g.y + (f32::from(y) + 0.5) * c + rs * 0.36),
                rs,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Right,
            );
        }

        // Cell names, items and the exit.
        let name_size = (c * 0.17).min(17.0);
        for cell in shape.cells() {
            let (x, y) = g.cell_origin(cell);
            if name_size >= 14.5 && !self.view.name_walls {
                cv.text(
                    &cell.to_string(),
                    (x + c - c * 0.07, y + c - c * 0.07),
                    name_size,
                    Weight::Regular,
                    theme::CELL_NAME,
                    Align::Right,
                );
            }
            if let Some(it) = board.item(cell) {
                icons::item(cv, it, x + c * 0.22, y + c * 0.2, c * 0.3);
            }
        }
        if let Some(e) = self.pos.exit() {
            let (x, y) = g.cell_origin(e);
            icons::exit(cv, x + c * 0.76, y + c * 0.22, c * 0.34);
            cv.polyline(
                &[
                    (x + 2.0, y + 2.0),
                    (x + c - 2.0, y + 2.0),
                    (x + c - 2.0, y + c - 2.0),
                    (x + 2.0, y + c - 2.0),
                    (x + 2.0, y + 2.0),
                ],
                Line::new(theme::EXIT, (c * 0.05).clamp(2.0, 4.0)).square(),
            );
        }

        // The last turn, under the walls and tokens.
        let path_w = (c * 0.085).clamp(3.0, 9.0);
        for path in &ov.robot_paths {
            let pts: Vec<_> = path.iter().map(|cl| g.center(*cl)).collect();
            arrow(
                cv,
                &pts,
                path_w * 0.8,
                theme::ROBOT_PATH,
                Some(theme::WHITE.alpha(200)),
                true,
                c * 0.3,
            );
        }
        for (seat, path) in &ov.moves {
            let pts: Vec<_> = path.iter().map(|cl| g.center(*cl)).collect();
            let color = theme::player(seat.index());
            if let Some(&(sx, sy)) = pts.first() {
                cv.circle(
                    sx,
                    sy,
                    path_w * 1.1,
                    Some(theme::WHITE),
                    Some(Line::new(color, path_w * 0.6)),
                );
            }
            arrow(cv, &pts, path_w, color, Some(theme::INK), false, c * 0.3);
        }
        for (from, _) in &ov.rotations {
            let pts = g.wall_points(*from);
            cv.polyline(
                &pts,
                Line::new(theme::ROTATED, (c * 0.09).max(4.0)).dashed(c * 0.1, c * 0.08),
            );
        }
        for (seat, at, to) in &ov.catches {
            let (a, b) = (g.center(*at), g.center(*to));
            if at != to {
                arrow(
                    cv,
                    &[a, b],
                    path_w * 0.6,
                    theme::CATCH,
                    Some(theme::WHITE.alpha(200)),
                    true,
                    c * 0.32,
                );
            }
            let _ = seat;
        }

        // Walls, the rotated one with a halo.
        let wall_w = (c * 0.11).clamp(3.0, 12.0);
        for (_, to) in &ov.rotations {
            cv.polyline(&g.wall_points(*to), Line::new(theme::ROTATED, wall_w * 2.2));
        }
        for w in &ov.placed_walls {
            cv.polyline(&g.wall_points(*w), Line::new(theme::ROTATED, wall_w * 2.2));
        }
        draw_walls(cv, board.walls(), g, wall_w, theme::WALL);
        if self.view.name_walls {
            draw_wall_names(cv, board.walls(), g, wall_w);
        }

        // Catches: a burst around the cell where it happened.
        for (_, at, _) in &ov.catches {
            let (x, y) = g.center(*at);
            for i in 0..12 {
                let a = i as f32 * std::f32::consts::PI / 6.0;
                let (r0, r1) = (c * 0.4, c * if i % 2 == 0 { 0.56 } else { 0.48 });
                cv.polyline(
                    &[
                        (x + a.cos() * r0, y + a.sin() * r0),
                        (x + a.cos() * r1, y + a.sin() * r1),
                    ],
                    Line::new(theme::CATCH, (c * 0.05).max(2.0)),
                );
            }
        }

        // Robot and players.
        let robot = self.pos.robot();
        for cell in shape.cells() {
            let here: Vec<Seat> = self
                .pos
                .seats()
                .filter(|s| {
                    let p = self.pos.player(*s);
                    p.cell() == Some(cell)
                        && matches!(
                            p.status(),
                            Status::Acting | Status::Exited | Status::TimedOut
                        )
                })
                .collect();
            let has_robot = robot == Some(cell);
            let n = here.len() + usize::from(has_robot);
            if n == 0 {
                continue;
            }
            let (x, y) = g.cell_origin(cell);
            let crowded_top = board.item(cell).is_some() || self.pos.exit() == Some(cell);
            let (pts, d) = slots(n, x, y, c, crowded_top);
            let mut k = 0;
            for s in &here {
                let (px, py) = pts[k];
                k += 1;
                let p = self.pos.player(*s);
                let dim = p.status() != Status::Acting;
                let active = self.active == Some(*s);
                icons::token(
                    cv,
                    px,
                    py,
                    d,
                    theme::player(s.index()),
                    &self.tags[s.index()],
                    active,
                    dim,
                );
            }
            if has_robot {
                let (px, py) = pts[k];
                icons::robot(cv, px, py, d * 1.05);
            }
        }

        // Dice of a roll, over the top-right corner of the roller's cell (bottom-left on
        // the exit, whose icon is there).
        for (cell, dice) in &ov.rolls {
            let (x, y) = g.cell_origin(*cell);
            let ds = (c * 0.2).clamp(14.0, 26.0);
            let m = c * 0.06;
            let (dx, dy) = if self.pos.exit() == Some(*cell) {
                (x + m + ds / 2.0, y + c - m - ds / 2.0)
            } else {
                (x + c - m - ds * 1.65, y + m + ds / 2.0)
            };
            icons::die(cv, dx, dy, ds, dice[0]);
            icons::die(cv, dx + ds * 1.15, dy, ds, dice[1]);
        }

        // A catch label above the burst.
        for (seat, at, _) in &ov.catches {
            let (x, y) = g.cell_origin(*at);
            let label = tr!(
                self.lang(),
                "floor-caught",
                tag = self.tags[seat.index()].as_str()
            );
            let size = 15.0;
            let tw = cv.text_width(&label, size, Weight::Bold);
            let bx = (x + c / 2.0 - tw / 2.0 - 6.0).max(g.x);
            let by = y - 2.0;
            cv.round_rect(
                (bx, by - 12.0, tw + 12.0, 24.0),
                6.0,
                Some(theme::CATCH),
                None,
            );
            cv.text(
                &label,
                (bx + 6.0, by + 5.5),
                size,
                Weight::Bold,
                theme::WHITE,
                Align::Left,
            );
        }
    }

    /// A small map of floor `i` for the building column, `m` units per cell.
    pub(crate) fn draw_small_floor(&self, cv: &mut Canvas, i: usize, g: Grid, current: bool) {
        let shape = self.pos.layout().floor(i);
        let m = g.c;
        match self.pos.board(i) {
            None => {
                draw_shape(cv, shape, g, theme::NO_MODULE, false);
                let (w, h) = (f32::from(shape.width()) * m, f32::from(shape.height()) * m);
                let l = Line::new(theme::FAINT, 2.5);
                cv.polyline(&[(g.x + 4.0, g.y + 4.0), (g.x + w - 4.0, g.y + h - 4.0)], l);
                cv.polyline(&[(g.x + w - 4.0, g.y + 4.0), (g.x + 4.0, g.y + h - 4.0)], l);
            }
            Some(board) => {
                draw_shape(cv, shape, g, theme::FLOOR, m >= 12.0);
                if current && let Some(e) = self.pos.exit() {
                    let (x, y) = g.cell_origin(e);
                    cv.rect(x, y, m, m, theme::EXIT_FILL);
                    cv.rect(x + m * 0.2, y + m * 0.2, m * 0.6, m * 0.6, theme::EXIT);
                }
                for (cell, it) in board.items() {
                    if current && self.pos.exit() == Some(cell) {
                        continue;
                    }
                    let (cx, cy) = g.center(cell);
                    icons::item_dot(cv, it, cx, cy, (m * 0.17).max(1.5));
                }
                let ww = (m * 0.14).max(1.6);
                for w in board.walls() {
                    // Each arm as a rectangle, from the corner outwards.
                    let [a, v, b] = g.wall_points(*w);
                    for e in [a, b] {
                        let (x0, x1) = (v.0.min(e.0) - ww / 2.0, v.0.max(e.0) + ww / 2.0);
                        let (y0, y1) = (v.1.min(e.1) - ww / 2.0, v.1.max(e.1) + ww / 2.0);
                        cv.rect(x0, y0, x1 - x0, y1 - y0, theme::WALL);
                    }
                }
                if current {
                    if let Some(r) = self.pos.robot() {
                        let (cx, cy) = g.center(r);
                        cv.round_rect(
                            (cx - m * 0.36, cy - m * 0.36, m * 0.72, m * 0.72),
                            m * 0.15,
                            Some(theme::ROBOT),
                            None,
                        );
                        cv.circle(cx, cy, m * 0.12, Some(theme::ROBOT_EYE), None);
                    }
                    for s in self.pos.seats() {
                        let p = self.pos.player(s);
                        if p.status() != Status::Acting {
                            continue;
                        }
                        if let Some(cell) = p.cell() {
                            let (cx, cy) = g.center(cell);
                            cv.circle(
                                cx,
                                cy,
                                m * 0.3,
                                Some(theme::player(s.index())),
                                Some(Line::new(theme::INK, 1.0)),
                            );
                        }
                    }
                }
            }
        }
        if current {
            let (w, h) = (f32::from(shape.width()) * m, f32::from(shape.height()) * m);
            cv.round_rect(
                (g.x - 5.0, g.y - 5.0, w + 10.0, h + 10.0),
                4.0,
                None,
                Some(Line::new(theme::ACCENT, 3.0)),
            );
        }
    }
}
