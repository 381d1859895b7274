//! The player table: one row per player (name, note, time, food, keys, status), as a list
//! beside the time board or a wide table along the bottom.

use labscape_core::labscape::{Phase, Seat, Status};

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba},
    draw::text::{self, Weight},
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::icons,
    labscape::names::status_word,
};

use super::{BODY, GAP, H2, PAD, SMALL, STATUS_CARD_H};

impl Scene<'_> {
    pub(super) fn table_height(&self) -> f32 {
        self.list_height() + 16.0 + 240.0 + PAD
    }

    /// The players panel of the one-floor arrangement: the list with the status card
    /// beside it rather than under it.
    pub(super) fn wide_table_height(&self) -> f32 {
        (self.list_height() + PAD).max(STATUS_CARD_H + 2.0 * PAD)
    }

    /// The players panel down to the end of the list.
    pub(super) fn list_height(&self) -> f32 {
        PAD + 36.0 + 30.0 + self.pos.players().len() as f32 * 46.0
    }

    /// The players panel at (x, y, w, h): the list, and the status card under it, or
    /// beside it when `beside` gives the list's width.
    pub(super) fn draw_table(
        &self,
        cv: &mut Canvas,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        beside: Option<f32>,
    ) {
        let lang = self.lang();
        let full_w = w;
        let w = beside.unwrap_or(w);
        cv.text(
            &tr!(lang, "players"),
            (x + PAD, y + PAD + 20.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let cols = self.table_columns(x + w - PAD);
        let hy = y + PAD + 56.0;
        self.table_headings(cv, x, hy, &cols);
        let name_max = cols[0].1 - 60.0 - (x + PAD + 44.0);
        let placed = self.placements();
        let mut ry = hy + 10.0;
        for s in self.pos.seats() {
            self.player_row(cv, s, (x, ry, w), &cols, name_max, &placed);
            ry += 46.0;
        }
        match beside {
            // Beside the list, level with the panel's title, to the panel's bottom.
            Some(list_w) => {
                let cx = x + list_w + GAP;
                self.draw_status_card(cv, cx, y + PAD, x + full_w - PAD - cx, h - 2.0 * PAD);
            }
            None => {
                let cy = ry + 16.0;
                let card_h = (y + h - PAD - cy).max(200.0);
                self.draw_status_card(cv, x + PAD, cy, w - 2.0 * PAD, card_h);
            }
        }
    }

    /// The table's columns: their headings and right edges, `x1` the last one's.
    fn table_columns(&self, x1: f32) -> [(String, f32); 4] {
        let lang = self.lang();
        if matches!(self.pos.phase(), Phase::Setup(_)) {
            [
                (String::new(), x1 - 250.0),
                (String::new(), x1 - 170.0),
                (tr!(lang, "col-walls"), x1 - 80.0),
                (tr!(lang, "col-items"), x1),
            ]
        } else {
            [
                (tr!(lang, "col-cell"), x1 - 236.0),
                (tr!(lang, "col-time"), x1 - 170.0),
                (tr!(lang, "col-food"), x1 - 112.0),
                (tr!(lang, "col-status"), x1),
            ]
        }
    }

    /// The headings of the table in the panel at `x`, their baseline at `hy`.
    fn table_headings(&self, cv: &mut Canvas, x: f32, hy: f32, cols: &[(String, f32); 4]) {
        for (i, (label, cx)) in cols.iter().enumerate() {
            // Headers sit flush right over their numbers; one too wide for the room left
            // by the column before it (a longer word in another language) is centred over
            // its column's last digits instead.
            let room = i
                .checked_sub(1)
                .map_or(f32::INFINITY, |j| cx - cols[j].1 - 8.0);
            let (at, align) = if cv.text_width(label, SMALL, Weight::Bold) > room {
                (cx - 10.0, Align::Center)
            } else {
                (*cx, Align::Right)
            };
            cv.text(label, (at, hy), SMALL, Weight::Bold, theme::INK_SOFT, align);
        }
        cv.text(
            &tr!(self.lang(), "col-name"),
            (x + PAD + 44.0, hy),
            SMALL,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Left,
        );
    }

    /// Seat `s`'s row, its top at `ry` in the panel at `x`, `w` wide: the row's shading,
    /// the token, the name (with a note under it), and the row's figures.
    fn player_row(
        &self,
        cv: &mut Canvas,
        s: Seat,
        (x, ry, w): (f32, f32, f32),
        cols: &[(String, f32); 4],
        name_max: f32,
        placed: &[(usize, usize)],
    ) {
        let p = self.pos.player(s);
        let active = self.active == Some(s);
        row_shading(
            cv,
            (x + 6.0, ry, w - 12.0, 44.0),
            active,
            s.index() % 2 == 1,
        );
        let base = ry + 29.0;
        let note = self
            .view
            .notes
            .get(s.index())
            .and_then(|n| n.as_deref())
            .and_then(|n| text::sanitize(n, crate::MAX_NOTE_CHARS));
        // With a note, the name moves up and the note sits under it.
        let name_base = if note.is_some() { ry + 21.0 } else { base };
        let dim = matches!(p.status(), Status::Out);
        icons::token(
            cv,
            x + PAD + 16.0,
            ry + 22.0,
            30.0,
            theme::player(s.index()),
            &self.tags[s.index()],
            false,
            dim,
        );
        let mut name = self.name(s).to_string();
        if self.view.viewer == Some(s) {
            name = format!("{name} {}", tr!(self.lang(), "you"));
        }
        let name = cv.fit(&name, BODY, Weight::Bold, name_max);
        let ink = if dim { theme::INK_SOFT } else { theme::INK };
        let nw = cv.text(
            &name,
            (x + PAD + 44.0, name_base),
            BODY,
            Weight::Bold,
            ink,
            Align::Left,
        );
        if let Some(note) = &note {
            let note = cv.fit(note, SMALL, Weight::Regular, name_max);
            cv.text(
                &note,
                (x + PAD + 44.0, ry + 38.0),
                SMALL,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
        }
        if active {
            cv.text(
                "◀",
                (x + PAD + 50.0 + nw, name_base),
                SMALL,
                Weight::Bold,
                theme::ACCENT,
                Align::Left,
            );
        }
        self.row_figures(cv, s, base, cols, ink, placed);
    }

    /// Seat `s`'s figures in the table's columns, on the baseline `base`: walls and items
    /// placed during setup, else cell, time, food and status.
    fn row_figures(
        &self,
        cv: &mut Canvas,
        s: Seat,
        base: f32,
        cols: &[(String, f32); 4],
        ink: Rgba,
        placed: &[(usize, usize)],
    ) {
        let p = self.pos.player(s);
        let figure = |cv: &mut Canvas, text: &str, col: usize, weight, colour| {
            cv.text(
                text,
                (cols[col].1, base),
                BODY,
                weight,
                colour,
                Align::Right,
            );
        };
        if matches!(self.pos.phase(), Phase::Setup(_)) {
            let (wc, ic) = placed.get(s.index()).copied().unwrap_or((0, 0));
            let known = !self.view.setup_log.is_empty() || !self.view.events.is_empty();
            let show = |n: usize| {
                if known {
                    n.to_string()
                } else {
                    "–".to_string()
                }
            };
            figure(cv, &show(wc), 2, Weight::Regular, ink);
            figure(cv, &show(ic), 3, Weight::Regular, ink);
        } else {
            let cell = match (p.cell(), p.status()) {
                (Some(c), Status::Acting | Status::Exited | Status::TimedOut) => c.to_string(),
                _ => "–".to_string(),
            };
            figure(cv, &cell, 0, Weight::Regular, ink);
            figure(cv, &p.time().to_string(), 1, Weight::Bold, ink);
            figure(cv, &p.food().to_string(), 2, Weight::Regular, ink);
            let (word, col) = status_word(self.lang(), p.status());
            figure(cv, &word, 3, Weight::Regular, col);
        }
    }
}

/// A row's shading in `rect`: highlighted for the player to act, else a band on every
/// other row.
fn row_shading(cv: &mut Canvas, rect: (f32, f32, f32, f32), active: bool, odd: bool) {
    if active {
        cv.round_rect(
            rect,
            10.0,
            Some(theme::ACTIVE_ROW),
            Some(Line::new(theme::ACCENT, 1.5)),
        );
    } else if odd {
        cv.round_rect(
            rect,
            10.0,
            Some(theme::PANEL_EDGE.mix(theme::PANEL, 0.8)),
            None,
        );
    }
}
