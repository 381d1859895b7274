//! The large map of the floor in play, drawn in layers: the ground, rulers, cell names and
//! items, the last turn, walls, catches, tokens, dice and catch labels.

use labscape_core::labscape::{Board, Seat, Status};

use crate::{
    draw::canvas::{Align, Canvas, Line},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::{Overlay, Scene},
    labscape::grid::Grid,
    labscape::icons,
};

use super::{arrow, draw_shape, draw_wall_names, draw_walls_kept, slots};

impl Scene<'_> {
    /// The large map of `board` fitted at `g`, with rulers, items, exit, robot, players and
    /// the last turn's overlay.
    pub(crate) fn draw_floor(&self, cv: &mut Canvas, board: &Board, g: Grid, ov: &Overlay) {
        self.floor_ground(cv, board, g, ov);
        self.floor_rulers(cv, board, g);
        self.floor_cells(cv, board, g);
        self.floor_last_turn(cv, g, ov);
        self.floor_walls(cv, board, g, ov);
        self.floor_catches(cv, g, ov);
        self.floor_tokens(cv, board, g);
        self.floor_dice(cv, g, ov);
        self.floor_catch_labels(cv, g, ov);
    }

    /// The floor: the modules, the exit cell and the cells placed this turn tinted, the cell
    /// lines.
    fn floor_ground(&self, cv: &mut Canvas, board: &Board, g: Grid, ov: &Overlay) {
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
    }

    /// Rulers: column letters above, row numbers to the left.
    fn floor_rulers(&self, cv: &mut Canvas, board: &Board, g: Grid) {
        let shape = board.shape();
        let c = g.c;
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
    }

    /// Cell names, items and the exit.
    fn floor_cells(&self, cv: &mut Canvas, board: &Board, g: Grid) {
        let shape = board.shape();
        let c = g.c;
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
    }

    /// The last turn, under the walls and tokens: the robot's paths, the players' moves, the
    /// rotated walls where they stood, and where the caught were sent.
    fn floor_last_turn(&self, cv: &mut Canvas, g: Grid, ov: &Overlay) {
        let c = g.c;
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
    }

    /// Walls, the rotated and placed ones with a halo, and their names on request.
    fn floor_walls(&self, cv: &mut Canvas, board: &Board, g: Grid, ov: &Overlay) {
        let c = g.c;
        let wall_w = (c * 0.11).clamp(3.0, 12.0);
        for (_, to) in &ov.rotations {
            cv.polyline(&g.wall_points(*to), Line::new(theme::ROTATED, wall_w * 2.2));
        }
        for w in &ov.placed_walls {
            cv.polyline(&g.wall_points(*w), Line::new(theme::ROTATED, wall_w * 2.2));
        }
        draw_walls_kept(cv, board.walls(), g, wall_w, theme::WALL);
        if self.view.name_walls {
            draw_wall_names(cv, board.walls(), g, wall_w);
        }
    }

    /// Catches: a burst around the cell where it happened.
    fn floor_catches(&self, cv: &mut Canvas, g: Grid, ov: &Overlay) {
        let c = g.c;
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
    }

    /// Robot and players, sharing a cell in slots.
    fn floor_tokens(&self, cv: &mut Canvas, board: &Board, g: Grid) {
        let shape = board.shape();
        let c = g.c;
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
    }

    /// Dice of a roll, over the top-right corner of the roller's cell (bottom-left on the
    /// exit, whose icon is there).
    fn floor_dice(&self, cv: &mut Canvas, g: Grid, ov: &Overlay) {
        let c = g.c;
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
    }

    /// A catch label above the burst.
    fn floor_catch_labels(&self, cv: &mut Canvas, g: Grid, ov: &Overlay) {
        let c = g.c;
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
}
