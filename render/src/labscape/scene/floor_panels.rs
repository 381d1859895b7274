//! The panel of the floor in play (its map, rulers and legend) and the building column
//! (every floor as a small map).

use labscape_core::labscape::{Board, Item, Phase};

use crate::{
    draw::canvas::{Align, Canvas, Line},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::grid::Grid,
    labscape::icons,
    labscape::names::{LEGEND_ITEMS, floor_name},
};

use super::{H2, PAD, RULER, SMALL, cell_size, floor_room};

impl Scene<'_> {
    /// Grid for the large floor inside the main panel.
    pub(super) fn floor_grid(&self, board: &Board, x: f32, y: f32, w: f32) -> (Grid, f32) {
        let shape = board.shape();
        let (cols, rows) = (f32::from(shape.width()), f32::from(shape.height()));
        let c = cell_size(shape, w);
        let fw = cols * c;
        let gx = x + PAD + RULER + (floor_room(w) - fw) / 2.0;
        let gy = y + PAD + RULER + 8.0;
        (
            Grid { x: gx, y: gy, c },
            rows * c + PAD * 2.0 + RULER + 8.0 + 44.0,
        )
    }

    pub(super) fn main_height(&self, w: f32) -> f32 {
        match self.pos.phase() {
            Phase::Over => 120.0 + self.pos.players().len() as f32 * 44.0 + 150.0,
            _ => match self.pos.board(self.pos.floor()) {
                Some(b) => self.floor_grid(b, 0.0, 0.0, w).1,
                None => 300.0,
            },
        }
    }

    pub(super) fn draw_main(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
        if self.pos.phase() == Phase::Over {
            self.draw_results(cv, x, y, w);
            return;
        }
        let Some(board) = self.pos.board(self.pos.floor()) else {
            return;
        };
        let (mut g, need) = self.floor_grid(board, x, y, w);
        g.y += ((h - need) / 2.0).max(0.0).floor();
        let ov = self.overlay();
        self.draw_floor(cv, board, g, &ov);
        self.draw_legend(cv, (x, y, w, h));
    }

    /// The legend along the bottom of the floor panel at `(x, y, w, h)`, in as many lines
    /// as the panel's width needs (two when the floor stands beside the time board).
    fn draw_legend(&self, cv: &mut Canvas, (x, y, w, h): (f32, f32, f32, f32)) {
        let lang = self.lang();
        type Draw = Box<dyn Fn(&mut Canvas, f32, f32)>;
        let mut items: Vec<(Draw, String)> = LEGEND_ITEMS
            .iter()
            .map(|&(it, label)| {
                let d: Draw = Box::new(move |cv, x, y| icons::item(cv, it, x, y, 24.0));
                (d, label(lang))
            })
            .collect();
        items.push((
            Box::new(|cv, x, y| icons::item(cv, Item::KeyTaken, x, y, 24.0)),
            tr!(lang, "legend-taken"),
        ));
        items.push((
            Box::new(|cv, x, y| icons::exit(cv, x, y, 24.0)),
            tr!(lang, "legend-exit"),
        ));
        items.push((
            Box::new(|cv, x, y| icons::robot(cv, x, y, 24.0)),
            tr!(lang, "legend-robot"),
        ));
        items.push((
            Box::new(|cv, x, y| {
                cv.polyline(
                    &[(x - 10.0, y + 8.0), (x - 10.0, y - 8.0), (x + 8.0, y - 8.0)],
                    Line::new(theme::WALL, 5.0),
                )
            }),
            tr!(lang, "legend-wall"),
        ));
        let x0 = x + PAD + 8.0;
        let room = w - 2.0 * PAD - 8.0;
        let widths: Vec<f32> = items
            .iter()
            .map(|(_, label)| 30.0 + cv.text_width(label, SMALL, Weight::Regular))
            .collect();
        let lines = legend_lines(&widths, room);
        let last = y + h - PAD - 8.0;
        for (k, line) in lines.iter().enumerate() {
            let ly = last - (lines.len() - 1 - k) as f32 * 28.0;
            let mut lx = x0;
            for &i in line {
                let (draw, label) = &items[i];
                draw(cv, lx + 12.0, ly - 6.0);
                cv.text(
                    label,
                    (lx + 30.0, ly),
                    SMALL,
                    Weight::Regular,
                    theme::INK_SOFT,
                    Align::Left,
                );
                lx += widths[i] + 20.0;
            }
        }
    }

    /// Building column: mini cell size and height for a column `w` wide, preferring to fit
    /// in `fit_h`.
    pub(super) fn column_size(&self, w: f32, fit_h: f32) -> (f32, f32) {
        let layout = self.pos.layout();
        let max_cols = layout
            .floors()
            .iter()
            .map(|f| f32::from(f.width()))
            .fold(1.0, f32::max);
        let rows: f32 = layout.floors().iter().map(|f| f32::from(f.height())).sum();
        let n = layout.floor_count() as f32;
        let fixed = PAD + 34.0 + n * (28.0 + 16.0) + PAD;
        let by_w = ((w - 2.0 * PAD - 12.0) / max_cols).min(26.0);
        let by_h = (fit_h - fixed) / rows;
        let m = by_w.min(by_h.max(by_w.min(10.0))).floor();
        (fixed + rows * m, m)
    }

    pub(super) fn draw_column(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, m: f32) {
        let lang = self.lang();
        cv.text(
            &tr!(lang, "building"),
            (x + PAD, y + PAD + 20.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let layout = self.pos.layout();
        let n = layout.floor_count();
        let current = match self.pos.phase() {
            Phase::Setup(d) => Some(d.building),
            Phase::Play => Some(self.pos.floor()),
            Phase::Over => None,
        };
        let mut cy = y + PAD + 34.0;
        for i in (0..n).rev() {
            let shape = layout.floor(i);
            let is_cur = current == Some(i);
            let label = floor_name(lang, i, n);
            let (state, col) = match (self.pos.board(i), self.pos.phase()) {
                (None, _) => (tr!(lang, "state-left"), theme::FAINT),
                (Some(_), Phase::Setup(d)) if i < d.building => {
                    (tr!(lang, "state-built"), theme::INK_SOFT)
                }
                (Some(_), Phase::Setup(d)) if i > d.building => {
                    (tr!(lang, "state-to-build"), theme::FAINT)
                }
                (Some(_), Phase::Setup(_)) => (tr!(lang, "state-building"), theme::ACCENT),
                (Some(_), Phase::Over) => (tr!(lang, "state-last"), theme::INK_SOFT),
                (Some(_), _) if is_cur => (tr!(lang, "state-now"), theme::ACCENT),
                (Some(_), _) => (tr!(lang, "state-below"), theme::INK_SOFT),
            };
            cv.text(
                &label,
                (x + PAD, cy + 18.0),
                SMALL + 1.0,
                Weight::Bold,
                if is_cur { theme::ACCENT } else { theme::INK },
                Align::Left,
            );
            cv.text(
                &state,
                (x + w - PAD, cy + 18.0),
                SMALL,
                Weight::Regular,
                col,
                Align::Right,
            );
            let fw = f32::from(shape.width()) * m;
            let g = Grid {
                x: x + (w - fw) / 2.0,
                y: cy + 30.0,
                c: m,
            };
            self.draw_small_floor(cv, i, g, is_cur);
            cy += 28.0 + 16.0 + f32::from(shape.height()) * m;
        }
    }
}

/// The legend's entries (of `widths`) in lines at most `room` wide: as few lines as fit,
/// each of at most as many entries as makes them about even rather than one word alone at
/// the end.
fn legend_lines(widths: &[f32], room: f32) -> Vec<Vec<usize>> {
    let fill = |per: usize| {
        let mut lines: Vec<Vec<usize>> = vec![Vec::new()];
        let mut used = 0.0;
        for (i, &iw) in widths.iter().enumerate() {
            let line = lines.last_mut().expect("a line");
            if !line.is_empty() && (used + iw > room || line.len() == per) {
                lines.push(vec![i]);
                used = iw + 20.0;
            } else {
                line.push(i);
                used += iw + 20.0;
            }
        }
        lines
    };
    let greedy = fill(widths.len());
    let even = fill(widths.len().div_ceil(greedy.len()));
    if even.len() == greedy.len() {
        even
    } else {
        greedy
    }
}
