//! The cards beside the players: the status card (keys, and the facts of the game: order,
//! robot, exit, dawn, limit) and, during draft setup, the setup card with its progress.

use labscape_core::labscape::{Board, Phase, Seat, Status};

use crate::{
    draw::canvas::{Align, Canvas, Line},
    draw::text::Weight,
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::icons,
    labscape::names::building_floor,
};

use super::{BODY, H2, SMALL, building_icon, wrap};

impl Scene<'_> {
    pub(super) fn draw_status_card(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
        cv.round_rect(
            (x, y, w, h),
            12.0,
            Some(theme::WHITE),
            Some(Line::new(theme::PANEL_EDGE, 1.2)),
        );
        if let Phase::Setup(d) = self.pos.phase() {
            self.draw_setup_card(cv, x, y, w, d.building);
            return;
        }
        self.draw_keys(cv, x, y, w);
        let mut fy = y + 100.0;
        for (fact, line) in self.facts() {
            if fy + 10.0 > y + h {
                break;
            }
            self.draw_fact(cv, fact, &line, (x, fy), w);
            fy += 34.0;
        }
    }

    /// The keys found and needed, and the bar of them, at the top of the card at `(x, y)`,
    /// `w` wide.
    fn draw_keys(&self, cv: &mut Canvas, x: f32, y: f32, w: f32) {
        let lang = self.lang();
        let keys = self.pos.keys();
        let need = self.pos.keys_needed().max(1);
        icons::gold_key(cv, x + 30.0, y + 30.0, 34.0);
        let label = tr!(lang, "card-keys", keys = keys, needed = need);
        cv.text(
            &label,
            (x + 56.0, y + 38.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let sub = if self.pos.floor() == 0 {
            tr!(lang, "card-to-escape")
        } else {
            tr!(lang, "card-to-leave", floor = self.pos.floor())
        };
        cv.text(
            &sub,
            (x + w - 14.0, y + 36.0),
            SMALL,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Right,
        );
        progress(
            cv,
            x + 16.0,
            y + 54.0,
            w - 32.0,
            keys as f32 / need as f32,
            keys >= need,
        );
    }

    /// The facts of the game in play, one line each: the robot, the exit, the order of
    /// play, dawn, the limit.
    fn facts(&self) -> Vec<(Fact, String)> {
        let lang = self.lang();
        let every = self.pos.rules().robot_trigger_every.max(1);
        let mut facts: Vec<(Fact, String)> = Vec::new();
        if self.pos.phase() == Phase::Play {
            let next = (self.pos.watermark() / every + 1) * every;
            let robot = match self.pos.robot() {
                Some(c) => tr!(lang, "fact-robot-at", cell = c.to_string(), next = next),
                None => tr!(lang, "fact-robot", next = next),
            };
            facts.push((Fact::Robot, robot));
            if let Some(e) = self.pos.exit() {
                facts.push((Fact::Exit, tr!(lang, "fact-exit", cell = e.to_string())));
            }
        }
        if self.pos.phase() == Phase::Play {
            let mut order: Vec<Seat> = self
                .pos
                .seats()
                .filter(|s| self.pos.player(*s).status() == Status::Acting)
                .collect();
            order.sort_by_key(|s| {
                let p = self.pos.player(*s);
                (p.time(), p.arrival(), s.0)
            });
            let names: Vec<String> = order
                .iter()
                .take(4)
                .map(|s| format!("{} ({})", self.name(*s), self.pos.player(*s).time()))
                .collect();
            let more = if order.len() > 4 { ", …" } else { "" };
            let names = format!("{}{more}", names.join(", "));
            facts.push((Fact::Order, tr!(lang, "fact-next", names = names)));
        }
        let dawn = self.pos.dawn();
        let dawn_line = match self.active {
            Some(s) => tr!(
                lang,
                "fact-dawn-left",
                dawn = dawn,
                who = self.name(s),
                left = dawn.saturating_sub(self.pos.player(s).time())
            ),
            None => tr!(lang, "fact-dawn", dawn = dawn),
        };
        facts.push((Fact::Dawn, dawn_line));
        let limit = match self.pos.limit() {
            Some(l) => Some(tr!(lang, "fact-limit", limit = l)),
            // Over with no limit set: nobody exited, and none will be.
            None if self.pos.phase() == Phase::Over => None,
            None => Some(tr!(
                lang,
                "fact-no-limit",
                minutes = self.pos.rules().limit_after_exit
            )),
        };
        facts.extend(limit.map(|l| (Fact::Limit, l)));
        facts
    }

    /// One fact, its icon and its line on the baseline `fy` of the card at `x`, `w` wide.
    fn draw_fact(&self, cv: &mut Canvas, fact: Fact, line: &str, (x, fy): (f32, f32), w: f32) {
        let ix = x + 30.0;
        match fact {
            Fact::Order => {
                let s = self.active.unwrap_or(Seat(0));
                icons::token(
                    cv,
                    ix,
                    fy - 6.0,
                    24.0,
                    theme::player(s.index()),
                    &self.tags[s.index()],
                    false,
                    false,
                )
            }
            Fact::Robot => icons::robot(cv, ix, fy - 6.0, 26.0),
            Fact::Exit => icons::exit(cv, ix, fy - 6.0, 26.0),
            Fact::Dawn => icons::sun(cv, ix, fy - 6.0, 26.0, theme::DAWN),
            Fact::Limit => icons::flag(cv, ix, fy - 6.0, 24.0, theme::LIMIT),
        }
        let line = cv.fit(line, BODY, Weight::Regular, w - 72.0);
        cv.text(
            &line,
            (x + 56.0, fy),
            BODY,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }

    pub(super) fn draw_setup_card(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, building: usize) {
        let floors = self.pos.layout().floor_count();
        let lang = self.lang();
        building_icon(cv, x + 30.0, y + 28.0, 28.0);
        let title = building_floor(lang, building, floors);
        let title = cv.fit(&title, H2, Weight::Bold, w - 72.0);
        cv.text(
            &title,
            (x + 56.0, y + 38.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let Some(board) = self.pos.board(building) else {
            return;
        };
        let min = self.pos.rules().min_walls_per_module as usize;
        let (mods, done) = setup_progress(board, min);
        let cells = board.shape().cells().count();
        let items = board.items().count();
        let lines = [
            tr!(lang, "setup-items", items = items, cells = cells),
            tr!(lang, "setup-walls", done = done, modules = mods, min = min),
        ];
        let mut fy = y + 76.0;
        for (i, l) in lines.iter().enumerate() {
            let l = cv.fit(l, BODY, Weight::Regular, w - 32.0);
            cv.text(
                &l,
                (x + 16.0, fy),
                BODY,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
            let frac = if i == 0 {
                items as f32 / cells.max(1) as f32
            } else {
                done as f32 / mods.max(1) as f32
            };
            progress(cv, x + 16.0, fy + 10.0, w - 32.0, frac, frac >= 1.0);
            fy += 56.0;
        }
        let next = if building + 1 < floors {
            tr!(lang, "setup-next", floor = building + 1)
        } else {
            tr!(lang, "setup-last")
        };
        let words: Vec<String> = next.split(' ').map(str::to_string).collect();
        for (i, l) in wrap(cv, &words, " ", SMALL, w - 32.0, 2).iter().enumerate() {
            cv.text(
                l,
                (x + 16.0, fy + i as f32 * 22.0),
                SMALL,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
        }
    }
}

/// (modules needing walls, modules with enough walls) on a floor being drafted.
fn setup_progress(board: &Board, min: usize) -> (usize, usize) {
    let shape = board.shape();
    let mods: Vec<_> = shape.modules().collect();
    let done = mods
        .iter()
        .filter(|(c, r)| board.walls_in_module(*c, *r) >= min)
        .count();
    (mods.len(), done)
}

#[derive(Clone, Copy, Debug)]
enum Fact {
    Order,
    Robot,
    Exit,
    Dawn,
    Limit,
}

/// A progress bar.
fn progress(cv: &mut Canvas, x: f32, y: f32, w: f32, frac: f32, done: bool) {
    let h = 14.0;
    cv.round_rect(
        (x, y, w, h),
        h / 2.0,
        Some(theme::PANEL_EDGE.mix(theme::PANEL, 0.5)),
        None,
    );
    let frac = frac.clamp(0.0, 1.0);
    if frac > 0.0 {
        let col = if done { theme::GOOD } else { theme::KEY };
        cv.round_rect((x, y, (w * frac).max(h), h), h / 2.0, Some(col), None);
    }
}
