//! The small maps of the building column: each floor's shape (blank until it is built)
//! and walls, and on the floor in play the exit, the robot and the players, outlined.

use labscape_core::labscape::Status;

use crate::{
    draw::canvas::{Canvas, Line},
    draw::theme,
    labscape::context::Scene,
    labscape::grid::Grid,
    labscape::icons,
};

use super::draw_shape;

impl Scene<'_> {
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
