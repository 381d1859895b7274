//! The header: the title, the game's settings, the chips saying what is happening, and the
//! last turn in words.

use labscape_core::labscape::Phase;

use crate::{
    MAX_TITLE_CHARS,
    draw::canvas::{Align, Canvas, Rgba},
    draw::text::{self, Weight},
    draw::theme,
    i18n::tr,
    labscape::context::Scene,
    labscape::icons,
    labscape::names::{building_floor, difficulty_name, floor_name},
};

use super::{BODY, DESIGN_W, H1, H2, M, building_icon, wrap};

impl Scene<'_> {
    pub(super) fn header_lines(&self, cv: &Canvas) -> Vec<String> {
        let parts = self.summary();
        if parts.is_empty() {
            return Vec::new();
        }
        let mut parts = parts;
        parts[0] = tr!(self.lang(), "last-turn", what = parts[0].as_str());
        wrap(cv, &parts, " · ", BODY, DESIGN_W - 2.0 * M, 2)
    }

    pub(super) fn draw_header(&self, cv: &mut Canvas, y: f32, lines: &[String]) {
        let x = M;
        let lang = self.lang();
        let title = self
            .view
            .title
            .and_then(|t| text::sanitize(t, MAX_TITLE_CHARS))
            .unwrap_or_else(|| "Labscape".to_string());
        let right = format!(
            "{} · {} · {}",
            self.pos.layout().source(),
            difficulty_name(lang, self.pos.difficulty()),
            match self.pos.phase() {
                Phase::Setup(_) => tr!(lang, "phase-setup"),
                Phase::Play => tr!(lang, "phase-play"),
                Phase::Over => tr!(lang, "phase-over"),
            }
        );
        let rw = cv.text_width(&right, BODY, Weight::Regular);
        let title = cv.fit(&title, H1, Weight::Bold, DESIGN_W - 2.0 * M - rw - 24.0);
        cv.text(
            &title,
            (x, y + 30.0),
            H1,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        cv.text(
            &right,
            (DESIGN_W - M, y + 28.0),
            BODY,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Right,
        );
        self.draw_chips(cv, &mut Chips { x, y: y + 46.0 });
        for (i, l) in lines.iter().enumerate() {
            cv.text(
                l,
                (x + 4.0, y + 112.0 + i as f32 * 26.0),
                BODY,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
        }
    }

    /// The chips under the title: the floor being built and who places during setup; in
    /// play the floor, the keys, dawn and whose turn.
    fn draw_chips(&self, cv: &mut Canvas, chips: &mut Chips) {
        let lang = self.lang();
        let floors = self.pos.layout().floor_count();
        let mut chip = |cv: &mut Canvas,
                        icon: &dyn Fn(&mut Canvas, f32, f32),
                        label: &str,
                        fill: Rgba,
                        ink: Rgba| chips.add(cv, icon, label, fill, ink);
        let soft = theme::PANEL_EDGE.mix(theme::PANEL, 0.45);
        match self.pos.phase() {
            Phase::Setup(d) => {
                chip(
                    cv,
                    &|cv, x, y| building_icon(cv, x, y, 22.0),
                    &building_floor(lang, d.building, floors),
                    soft,
                    theme::INK,
                );
                let s = d.placer;
                let label = tr!(lang, "chip-places", who = self.name(s));
                let label = cv.fit(&label, H2, Weight::Bold, 380.0);
                let col = theme::player(s.index());
                let tag = self.tags[s.index()].clone();
                chip(
                    cv,
                    &|cv, x, y| icons::token(cv, x, y, 26.0, col, &tag, false, false),
                    &label,
                    theme::ACTIVE_ROW,
                    theme::INK,
                );
            }
            Phase::Play | Phase::Over => {
                let f = floor_name(lang, self.pos.floor(), floors);
                chip(
                    cv,
                    &|cv, x, y| building_icon(cv, x, y, 22.0),
                    &f,
                    soft,
                    theme::INK,
                );
                let keys = tr!(
                    lang,
                    "chip-keys",
                    keys = self.pos.keys(),
                    needed = self.pos.keys_needed()
                );
                chip(
                    cv,
                    &|cv, x, y| icons::gold_key(cv, x, y, 28.0),
                    &keys,
                    soft,
                    theme::INK,
                );
                let dawn = tr!(lang, "chip-dawn", dawn = self.pos.dawn());
                chip(
                    cv,
                    &|cv, x, y| icons::sun(cv, x, y, 26.0, theme::DAWN),
                    &dawn,
                    soft,
                    theme::INK,
                );
                if let Some(s) = self.active {
                    let label = tr!(lang, "chip-to-play", who = self.name(s));
                    let label = cv.fit(&label, H2, Weight::Bold, 300.0);
                    let col = theme::player(s.index());
                    let tag = self.tags[s.index()].clone();
                    chip(
                        cv,
                        &|cv, x, y| icons::token(cv, x, y, 26.0, col, &tag, false, false),
                        &label,
                        theme::ACTIVE_ROW,
                        theme::INK,
                    );
                }
            }
        }
    }
}

/// The row of chips under the title, laid left to right from `x`, their top at `y`.
#[derive(Debug)]
struct Chips {
    x: f32,
    y: f32,
}

impl Chips {
    const H: f32 = 38.0;

    /// A chip: a pill of `fill` with `icon` and `label` in `ink`; the next goes after it.
    fn add(
        &mut self,
        cv: &mut Canvas,
        icon: &dyn Fn(&mut Canvas, f32, f32),
        label: &str,
        fill: Rgba,
        ink: Rgba,
    ) {
        let (cx, cy, chip_h) = (self.x, self.y, Self::H);
        let tw = cv.text_width(label, H2, Weight::Bold);
        let w = tw + 62.0;
        cv.round_rect((cx, cy, w, chip_h), chip_h / 2.0, Some(fill), None);
        icon(cv, cx + 24.0, cy + chip_h / 2.0);
        cv.text(
            label,
            (cx + 46.0, cy + 26.5),
            H2,
            Weight::Bold,
            ink,
            Align::Left,
        );
        self.x += w + 10.0;
    }
}
