//! The time board: squares 1–63, the robot's triggers, the limit and dawn, and every
//! player's marker in stack order.

use labscape_core::labscape::{Phase, Seat, Status};

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::icons,
};

use super::{H2, PAD, SMALL, SQ};

impl Scene<'_> {
    pub(super) fn timeboard_height(&self) -> f32 {
        PAD + 36.0 + 8.0 * SQ + 14.0 + 2.0 * 26.0 + PAD
    }

    /// The lap the time board shows: the earliest player still in play's.
    pub(super) fn board_lap(&self) -> u32 {
        let in_play = |s: Status| matches!(s, Status::Acting | Status::Exited | Status::TimedOut);
        let players = self.pos.players();
        players
            .iter()
            .filter(|p| in_play(p.status()))
            .map(|p| lap(p.time()))
            .min()
            .or_else(|| players.iter().map(|p| lap(p.time())).min())
            .unwrap_or(1)
    }

    pub(super) fn draw_timeboard(&self, cv: &mut Canvas, x: f32, y: f32) {
        let q = SQ;
        let every = self.pos.rules().robot_trigger_every.max(1);
        let board_lap = self.board_lap();
        let base = 63 * (board_lap - 1);
        self.timeboard_title(cv, (x, y), board_lap, every);
        let (bx, by) = (x + PAD, y + PAD + 36.0);
        // Squares of this lap holding dawn and the limit, if they fall on it.
        let on_lap = |t: u32| (t > base && t <= base + 63).then(|| t - base);
        let lap_view = LapView {
            board_lap,
            base,
            every,
            dawn: self.pos.dawn(),
            dawn_sq: on_lap(self.pos.dawn()),
            limit_sq: self.pos.limit().and_then(on_lap),
        };

        // Markers per square, in stack order (time, then arrival).
        let mut order: Vec<Seat> = self.pos.seats().collect();
        order.sort_by_key(|s| {
            let p = self.pos.player(*s);
            (p.time(), p.arrival(), s.0)
        });

        cv.rect(
            bx - 1.0,
            by - 1.0,
            8.0 * q + 2.0,
            8.0 * q + 2.0,
            theme::PANEL_EDGE,
        );
        for sq in 0..64u32 {
            let (col, row) = ((sq % 8) as f32, (sq / 8) as f32);
            let at = (bx + col * q, by + row * q);
            self.time_square(cv, sq, at, &lap_view);
            let here: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|s| wrap_sq(self.pos.player(*s).time()) == sq)
                .collect();
            self.time_markers(cv, &here, at, board_lap);
        }
        self.timeboard_legend(cv, x, by + 8.0 * q + 30.0, &lap_view);
    }

    /// The time board's title (with the lap shown, past the first), and on the first lap
    /// the note on the robot's triggers.
    fn timeboard_title(&self, cv: &mut Canvas, (x, y): (f32, f32), board_lap: u32, every: u32) {
        let lang = self.lang();
        let base = 63 * (board_lap - 1);
        let title = if board_lap > 1 {
            tr!(
                lang,
                "time-lap",
                lap = board_lap,
                from = base + 1,
                to = base + 63
            )
        } else {
            tr!(lang, "time")
        };
        cv.text(
            &title,
            (x + PAD, y + PAD + 20.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        if board_lap == 1 {
            let note = tr!(lang, "time-note", every = every);
            cv.text(
                &note,
                (x + PAD + 8.0 * SQ, y + PAD + 20.0),
                SMALL,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Right,
            );
        }
    }

    /// Square `sq` of the lap shown, its top-left corner at `(sx, sy)`: its fill (start,
    /// dawn, day, trigger done or to come), its number, its icon and the limit's frame.
    fn time_square(&self, cv: &mut Canvas, sq: u32, (sx, sy): (f32, f32), l: &LapView) {
        let q = SQ;
        let abs = l.base + sq;
        let trigger = sq > 0 && abs.is_multiple_of(l.every);
        let late = sq > 0 && abs > l.dawn;
        let fill = if sq == 0 {
            theme::PANEL_EDGE.mix(theme::PANEL, 0.5)
        } else if Some(sq) == l.dawn_sq {
            theme::DAWN_FILL
        } else if late {
            theme::DAY_FILL
        } else if trigger && abs <= self.pos.watermark() {
            theme::TRIGGER_DONE
        } else if trigger {
            theme::TRIGGER_FILL
        } else {
            theme::SQUARE
        };
        cv.rect(sx + 1.0, sy + 1.0, q - 2.0, q - 2.0, fill);
        let label = match (sq, l.board_lap) {
            (0, 1) => tr!(self.lang(), "time-start"),
            (0, _) => format!("+{}", l.base),
            _ => sq.to_string(),
        };
        let numc = if late { theme::FAINT } else { theme::INK_SOFT };
        cv.text(
            &label,
            (sx + 7.0, sy + 19.0),
            SMALL,
            Weight::Bold,
            numc,
            Align::Left,
        );
        // One icon in the top-right: dawn, else the limit, else a robot trigger.
        let ix = sx + q - 16.0;
        if Some(sq) == l.dawn_sq && sq > 0 {
            icons::sun(cv, ix, sy + 15.0, 24.0, theme::DAWN);
        } else if l.limit_sq == Some(sq) && sq > 0 {
            icons::flag(cv, ix + 2.0, sy + 15.0, 22.0, theme::LIMIT);
        } else if trigger {
            icons::robot(cv, ix, sy + 15.0, 20.0);
        }
        if l.limit_sq == Some(sq) {
            cv.round_rect(
                (sx + 2.5, sy + 2.5, q - 5.0, q - 5.0),
                2.0,
                None,
                Some(Line::new(theme::LIMIT, 3.0)),
            );
        }
    }

    /// The markers of the players `here` (bottom of the stack first) on the square whose
    /// top-left corner is `(sx, sy)`, each badged with its lap if not the one shown.
    fn time_markers(&self, cv: &mut Canvas, here: &[Seat], (sx, sy): (f32, f32), board_lap: u32) {
        if here.is_empty() {
            return;
        }
        let q = SQ;
        let over = self.pos.phase() == Phase::Over;
        let n = here.len();
        let (cols, d) = match n {
            1 => (1, 30.0),
            2 => (2, 29.0),
            3 | 4 => (2, 21.0),
            5 | 6 => (3, 19.0),
            _ => (4, 15.0),
        };
        let rows = n.div_ceil(cols);
        let (ax, ay, aw, ah) = (sx + 4.0, sy + 24.0, q - 8.0, q - 28.0);
        let cw = aw / cols as f32;
        let rh = (ah / rows as f32).min(d + 2.0);
        // Bottom of the stack first: fill rows from the bottom, left to right.
        for (k, s) in here.iter().enumerate() {
            let (c, r) = (k % cols, k / cols);
            let px = ax + cw * (c as f32 + 0.5);
            let py = ay + ah - rh * (r as f32 + 0.5);
            let p = self.pos.player(*s);
            let dim = matches!(p.status(), Status::Out | Status::Escaped);
            let active = !over && self.active == Some(*s);
            let tag = if d >= 21.0 {
                self.tags[s.index()].as_str()
            } else {
                ""
            };
            icons::token(cv, px, py, d, theme::player(s.index()), tag, active, dim);
            if lap(p.time()) != board_lap {
                let badge = tr!(self.lang(), "lap-badge", lap = lap(p.time()));
                cv.round_rect(
                    (px + d * 0.2, py - d * 0.75, 26.0, 17.0),
                    5.0,
                    Some(theme::WARN),
                    None,
                );
                cv.text(
                    &badge,
                    (px + d * 0.2 + 13.0, py - d * 0.75 + 13.5),
                    13.0,
                    Weight::Bold,
                    theme::WHITE,
                    Align::Center,
                );
            }
        }
    }

    /// The legend under the time board, its first line's baseline at `ly`: the robot,
    /// dawn, the limit; then the keys and the stacking order.
    fn timeboard_legend(&self, cv: &mut Canvas, x: f32, ly: f32, l: &LapView) {
        let lang = self.lang();
        let mut lx = x + PAD + 4.0;
        let dawn = l.dawn;
        legend_entry(
            cv,
            &mut lx,
            ly,
            theme::TRIGGER_FILL,
            &|cv, x, y| icons::robot(cv, x, y, 18.0),
            &tr!(lang, "time-robot"),
        );
        let dawn_label = if lap(dawn) != l.board_lap {
            tr!(lang, "time-dawn-lap", dawn = dawn, lap = lap(dawn))
        } else {
            tr!(lang, "time-dawn", dawn = dawn)
        };
        legend_entry(
            cv,
            &mut lx,
            ly,
            theme::DAWN_FILL,
            &|cv, x, y| icons::sun(cv, x, y, 18.0, theme::DAWN),
            &dawn_label,
        );
        let limit_label = match self.pos.limit() {
            Some(l) => tr!(lang, "time-limit", limit = l),
            // Over with none set: none ever will be.
            None if self.pos.is_over() => tr!(lang, "time-no-limit-over"),
            None => tr!(lang, "time-no-limit"),
        };
        legend_entry(
            cv,
            &mut lx,
            ly,
            theme::SQUARE,
            &|cv, x, y| icons::flag(cv, x, y, 18.0, theme::LIMIT),
            &limit_label,
        );
        let ly2 = ly + 26.0;
        let mut lx2 = x + PAD + 4.0;
        let keys = tr!(
            lang,
            "time-keys",
            keys = self.pos.keys(),
            needed = self.pos.keys_needed()
        );
        legend_entry(
            cv,
            &mut lx2,
            ly2,
            theme::SQUARE,
            &|cv, x, y| icons::gold_key(cv, x, y, 20.0),
            &keys,
        );
        let order = tr!(lang, "time-order");
        let order = cv.fit(&order, SMALL, Weight::Regular, x + 8.0 * SQ + PAD - lx2);
        cv.text(
            &order,
            (lx2, ly2),
            SMALL,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }
}

/// The lap the time board shows, and where on it the triggers, dawn and the limit fall.
#[derive(Debug)]
struct LapView {
    board_lap: u32,
    /// The time before the lap's first square.
    base: u32,
    /// The robot moves every this many minutes.
    every: u32,
    dawn: u32,
    /// Dawn's square on this lap, if it falls on it.
    dawn_sq: Option<u32>,
    /// The limit's square on this lap, if it falls on it.
    limit_sq: Option<u32>,
}

/// The lap of time `t` (time 0 is on the first).
fn lap(t: u32) -> u32 {
    if t == 0 { 1 } else { (t - 1) / 63 + 1 }
}

/// The square of time `t` on its lap (0 for the start).
fn wrap_sq(t: u32) -> u32 {
    if t == 0 { 0 } else { (t - 1) % 63 + 1 }
}

/// One entry of the time board's legend at `(lx, ly)`: a swatch of `fill` with `icon` on
/// it, and `label`; `lx` moves past it.
fn legend_entry(
    cv: &mut Canvas,
    lx: &mut f32,
    ly: f32,
    fill: Rgba,
    icon: &dyn Fn(&mut Canvas, f32, f32),
    label: &str,
) {
    cv.round_rect(
        (*lx, ly - 17.0, 24.0, 24.0),
        5.0,
        Some(fill),
        Some(Line::new(theme::PANEL_EDGE, 1.0)),
    );
    icon(cv, *lx + 12.0, ly - 5.0);
    let tw = cv.text(
        label,
        (*lx + 30.0, ly),
        SMALL,
        Weight::Regular,
        theme::INK_SOFT,
        Align::Left,
    );
    *lx += 30.0 + tw + 16.0;
}
