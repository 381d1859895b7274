//! The end of the game: the placements and the results card.

use labscape_core::labscape::{Event, Seat};

use crate::{
    draw::canvas::{Align, Canvas},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::icons,
};

use super::{BODY, H2, PAD, SMALL};

impl Scene<'_> {
    /// Per-seat (walls, items) placed during draft setup, from the setup log and this turn.
    pub(super) fn placements(&self) -> Vec<(usize, usize)> {
        let mut out = vec![(0, 0); self.pos.players().len()];
        let log = if self.view.setup_log.is_empty() {
            self.view.events
        } else {
            self.view.setup_log
        };
        for e in log {
            match e {
                Event::WallPlaced { seat, .. } => {
                    if let Some(o) = out.get_mut(seat.index()) {
                        o.0 += 1;
                    }
                }
                Event::ItemPlaced { seat, .. } => {
                    if let Some(o) = out.get_mut(seat.index()) {
                        o.1 += 1;
                    }
                }
                Event::Autofilled {
                    seat, walls, items, ..
                } => {
                    if let Some(o) = out.get_mut(seat.index()) {
                        o.0 += walls.len();
                        o.1 += items.len();
                    }
                }
                _ => {}
            }
        }
        out
    }

    pub(super) fn draw_results(&self, cv: &mut Canvas, x: f32, y: f32, w: f32) {
        let (escaped, mut top) = self.pos.outcome().unwrap_or_default();
        // Nobody carried food out: nobody is the top forager.
        if top.first().is_some_and(|s| self.pos.player(*s).food() == 0) {
            top.clear();
        }
        let n = self.pos.players().len();
        let lang = self.lang();
        let (title, sub) = if escaped.is_empty() {
            (tr!(lang, "over-nobody"), tr!(lang, "over-nobody-sub"))
        } else if escaped.len() == n {
            (
                tr!(lang, "over-everyone"),
                tr!(lang, "over-everyone-sub", n = n),
            )
        } else {
            (
                tr!(lang, "over-some"),
                tr!(lang, "over-some-sub", escaped = escaped.len(), n = n),
            )
        };
        let title = cv.fit(&title, 40.0, Weight::Bold, w - 2.0 * PAD - 130.0);
        let sub = cv.fit(&sub, H2, Weight::Regular, w - 2.0 * PAD - 130.0);
        let tx = x + PAD + 12.0;
        if !escaped.is_empty() {
            icons::sun(cv, x + w - 70.0, y + 62.0, 64.0, theme::DAWN);
        } else {
            icons::sun(cv, x + w - 70.0, y + 62.0, 64.0, theme::BAD);
        }
        cv.text(
            &title,
            (tx, y + PAD + 42.0),
            40.0,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        cv.text(
            &sub,
            (tx, y + PAD + 76.0),
            H2,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
        let mut ry = y + PAD + 100.0;
        let mut order: Vec<Seat> = escaped.clone();
        order.sort_by_key(|s| (std::cmp::Reverse(self.pos.player(*s).food()), s.0));
        order.extend(self.pos.seats().filter(|s| !escaped.contains(s)));
        for s in order {
            self.draw_result_row(cv, s, (x, ry, w), escaped.contains(&s), top.contains(&s));
            ry += 44.0;
        }
        if !top.is_empty() {
            let names: Vec<&str> = top.iter().map(|s| self.name(*s)).collect();
            let food = self.pos.player(top[0]).food();
            let and = format!(" {} ", tr!(lang, "word-and"));
            let line = tr!(lang, "over-top-line", names = names.join(&and), food = food);
            let line = cv.fit(&line, H2, Weight::Bold, w - 2.0 * PAD - 40.0);
            icons::food(
                cv,
                x + PAD + 14.0,
                ry + 26.0,
                28.0,
                theme::FOOD,
                theme::FOOD_LEAF,
                theme::INK,
            );
            cv.text(
                &line,
                (x + PAD + 36.0, ry + 34.0),
                H2,
                Weight::Bold,
                theme::INK,
                Align::Left,
            );
        }
    }

    /// Seat `s`'s row of the results, its top at `ry` in the card at `x`, `w` wide: the
    /// token, the name (starred if `top` in food), and the verdict (escaped or caught).
    fn draw_result_row(
        &self,
        cv: &mut Canvas,
        s: Seat,
        (x, ry, w): (f32, f32, f32),
        won: bool,
        top: bool,
    ) {
        let lang = self.lang();
        let p = self.pos.player(s);
        let fill = if won {
            theme::EXIT_FILL
        } else {
            theme::PANEL_EDGE.mix(theme::PANEL, 0.6)
        };
        cv.round_rect((x + PAD, ry, w - 2.0 * PAD, 40.0), 10.0, Some(fill), None);
        icons::token(
            cv,
            x + PAD + 22.0,
            ry + 20.0,
            28.0,
            theme::player(s.index()),
            &self.tags[s.index()],
            false,
            !won,
        );
        let name = cv.fit(self.name(s), BODY, Weight::Bold, w * 0.42);
        cv.text(
            &name,
            (x + PAD + 46.0, ry + 27.0),
            BODY,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let verdict = if won {
            tr!(lang, "over-escaped", time = p.time(), food = p.food())
        } else {
            tr!(lang, "over-caught")
        };
        let vw = cv.text(
            &verdict,
            (x + w - PAD - 16.0, ry + 27.0),
            BODY,
            Weight::Regular,
            if won { theme::GOOD } else { theme::BAD },
            Align::Right,
        );
        if top {
            let nw = cv.text_width(&name, BODY, Weight::Bold);
            icons::star(
                cv,
                x + PAD + 70.0 + nw,
                ry + 19.0,
                22.0,
                theme::KEY,
                Some(theme::KEY_DARK),
            );
            // Up to the verdict on the right.
            let room = x + w - PAD - 16.0 - vw - 12.0 - (x + PAD + 86.0 + nw);
            let label = cv.fit(&tr!(lang, "over-top"), SMALL, Weight::Bold, room);
            cv.text(
                &label,
                (x + PAD + 86.0 + nw, ry + 27.0),
                SMALL,
                Weight::Bold,
                theme::KEY_DARK,
                Align::Left,
            );
        }
    }
}
