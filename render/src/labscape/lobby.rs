//! The lobby image: the building and settings of a game that has not started, and who has
//! joined so far.

use labscape_core::{
    Lang,
    labscape::{Layout, Settings, dawn_for, rules::STANDARD},
};

use crate::{
    MAX_TITLE_CHARS,
    draw::canvas::{Align, Canvas, Line},
    draw::encode,
    draw::text::{self, Weight},
    draw::theme,
    i18n::tr,
    labscape::floor::draw_shape,
    labscape::grid::Grid,
    labscape::icons,
    labscape::names::{difficulty_name, display_name, setup_name, tags},
    labscape::scene::{DESIGN_W, SMALL, panel},
    output_width,
};

/// A game being gathered: its settings (players so far, in seat order) and a title.
#[derive(Clone, Copy, Debug)]
pub struct Lobby<'a> {
    /// The settings as they stand; `players` may be empty.
    pub settings: &'a Settings,
    /// A title for the header, such as the game's name.
    pub title: Option<&'a str>,
    /// The language of the image's labels.
    pub lang: Lang,
}

impl<'a> Lobby<'a> {
    /// A lobby of `settings` with no title, in English.
    pub fn new(settings: &'a Settings) -> Lobby<'a> {
        Lobby {
            settings,
            title: None,
            lang: Lang::En,
        }
    }

    /// Sets the title.
    #[must_use]
    pub fn title(mut self, title: &'a str) -> Lobby<'a> {
        self.title = Some(title);
        self
    }

    /// Sets the language of the labels.
    #[must_use]
    pub fn lang(mut self, lang: Lang) -> Lobby<'a> {
        self.lang = lang;
        self
    }
}

/// The lobby's margin round the panels, and the panels' padding.
const M: f32 = 24.0;
const PAD: f32 = 16.0;

/// Draws the lobby as an indexed-colour PNG (width as for [`crate::render_png`]).
pub fn render_lobby_png(lobby: &Lobby<'_>, width: Option<u32>) -> Vec<u8> {
    let s = lobby.settings;
    let lang = lobby.lang;
    let (m, pad) = (M, PAD);
    let (_, max_p) = STANDARD.players;
    let names: Vec<String> = s
        .players
        .iter()
        .enumerate()
        .map(|(i, n)| display_name(lang, n, i))
        .collect();
    let building = Building::of(&s.layout);
    let building_h = pad + 34.0 + 26.0 + building.max_rows * building.c + pad;
    let rows = max_p.div_ceil(2);
    let players_h = pad + 34.0 + rows as f32 * 48.0 + pad;
    let header_h = 90.0;
    let facts_h = pad + 34.0 + 3.0 * 30.0 + pad;
    let total_h = m + header_h + building_h + 16.0 + facts_h + 16.0 + players_h + m;

    let mut cv = Canvas::new(output_width(width), DESIGN_W, total_h, theme::PAGE);
    lobby_header(&mut cv, lobby);
    let mut y = m + header_h;
    building_panel(&mut cv, s, lang, (y, building_h), &building);
    y += building_h + 16.0;
    settings_panel(&mut cv, s, lang, (y, facts_h));
    y += facts_h + 16.0;
    seats_panel(&mut cv, lang, &names, (y, players_h));
    let png = encode::indexed_png(&cv.pix, &theme::seed());
    encode::recycle(cv.pix);
    png
}

/// How the building is drawn: its floors side by side, ground on the left, at one cell
/// size `c`.
#[derive(Debug)]
struct Building {
    total_cols: f32,
    max_rows: f32,
    gaps: f32,
    avail: f32,
    c: f32,
}

impl Building {
    fn of(layout: &Layout) -> Building {
        let (m, pad) = (M, PAD);
        let total_cols: f32 = layout.floors().iter().map(|f| f32::from(f.width())).sum();
        let max_rows = layout
            .floors()
            .iter()
            .map(|f| f32::from(f.height()))
            .fold(1.0, f32::max);
        let gaps = (layout.floor_count() as f32 - 1.0) * 28.0;
        let avail = DESIGN_W - 2.0 * m - 2.0 * pad;
        let c = ((avail - gaps) / total_cols)
            .min(300.0 / max_rows)
            .min(40.0)
            .floor();
        Building {
            total_cols,
            max_rows,
            gaps,
            avail,
            c,
        }
    }
}

/// The title, "waiting for players", and how many have joined of how many.
fn lobby_header(cv: &mut Canvas, lobby: &Lobby<'_>) {
    let (s, lang, m) = (lobby.settings, lobby.lang, M);
    let (min_p, max_p) = STANDARD.players;
    let title = lobby
        .title
        .and_then(|t| text::sanitize(t, MAX_TITLE_CHARS))
        .unwrap_or_else(|| "Labscape".to_string());
    let waiting = tr!(lang, "lobby-waiting");
    let ww = cv.text_width(&waiting, 18.0, Weight::Regular);
    let title = cv.fit(
        &title,
        32.0,
        Weight::Bold,
        DESIGN_W - 2.0 * m - (ww + 24.0).max(300.0),
    );
    cv.text(
        &title,
        (m, m + 30.0),
        32.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    cv.text(
        &waiting,
        (DESIGN_W - m, m + 28.0),
        18.0,
        Weight::Regular,
        theme::INK_SOFT,
        Align::Right,
    );
    let taken = s.players.len();
    let joined = if taken >= min_p {
        tr!(lang, "lobby-ready", taken = taken, max = max_p)
    } else {
        tr!(
            lang,
            "lobby-needed",
            taken = taken,
            max = max_p,
            min = min_p
        )
    };
    cv.text(
        &joined,
        (m, m + 66.0),
        21.0,
        Weight::Bold,
        theme::ACCENT,
        Align::Left,
    );
}

/// The building panel, its top at `y`, `building_h` tall: its name and size, and each
/// floor's shape under its name.
fn building_panel(
    cv: &mut Canvas,
    s: &Settings,
    lang: Lang,
    (y, building_h): (f32, f32),
    b: &Building,
) {
    let (m, pad, layout) = (M, PAD, &s.layout);
    let (total_cols, max_rows, gaps, avail, c) = (b.total_cols, b.max_rows, b.gaps, b.avail, b.c);
    panel(cv, m, y, DESIGN_W - 2.0 * m, building_h);
    let bl = tr!(
        lang,
        "lobby-building",
        layout = layout.source(),
        floors = layout.floor_count(),
        modules = layout.module_count()
    );
    let bl = cv.fit(&bl, 21.0, Weight::Bold, DESIGN_W - 2.0 * m - 2.0 * pad);
    cv.text(
        &bl,
        (m + pad, y + pad + 20.0),
        21.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    let used = total_cols * c + gaps;
    let mut x = m + pad + (avail - used) / 2.0;
    for (i, f) in layout.floors().iter().enumerate() {
        let label = if i == 0 {
            tr!(lang, "lobby-floor-ground")
        } else if i + 1 == layout.floor_count() {
            tr!(lang, "lobby-floor-top", n = i)
        } else {
            i.to_string()
        };
        let fw = f32::from(f.width()) * c;
        cv.text(
            &label,
            (x + fw / 2.0, y + pad + 52.0),
            SMALL,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Center,
        );
        let gy = y + pad + 60.0 + (max_rows - f32::from(f.height())) * c;
        draw_shape(cv, f, Grid { x, y: gy, c }, theme::FLOOR, c >= 12.0);
        x += fw + 28.0;
    }
}

/// The settings panel, its top at `y`, `facts_h` tall: difficulty and setup, dawn, keys.
fn settings_panel(cv: &mut Canvas, s: &Settings, lang: Lang, (y, facts_h): (f32, f32)) {
    let (m, pad, layout) = (M, PAD, &s.layout);
    panel(cv, m, y, DESIGN_W - 2.0 * m, facts_h);
    cv.text(
        &tr!(lang, "lobby-settings"),
        (m + pad, y + pad + 20.0),
        21.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    let n = s.players.len().max(1);
    let dawn = dawn_for(&STANDARD, layout.module_count(), n, s.difficulty);
    let per = STANDARD.keys_per_module as usize;
    let keys_top = per * layout.floors().last().map_or(0, |f| f.module_count());
    let keys_all = per * layout.module_count();
    let facts = [
        tr!(
            lang,
            "lobby-rules",
            difficulty = difficulty_name(lang, s.difficulty),
            setup = setup_name(lang, s.setup)
        ),
        tr!(lang, "lobby-dawn", dawn = dawn, n = n),
        tr!(
            lang,
            "lobby-keys",
            top = keys_top,
            all = keys_all,
            per = per
        ),
    ];
    for (i, f) in facts.iter().enumerate() {
        let f = cv.fit(f, 18.0, Weight::Regular, DESIGN_W - 2.0 * m - 2.0 * pad);
        cv.text(
            &f,
            (m + pad, y + pad + 62.0 + i as f32 * 30.0),
            18.0,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }
    icons::sun(cv, DESIGN_W - m - 50.0, y + 60.0, 48.0, theme::DAWN);
}

/// The seats panel, its top at `y`, `players_h` tall: each joined player's token and name,
/// then the open seats.
fn seats_panel(cv: &mut Canvas, lang: Lang, names: &[String], (y, players_h): (f32, f32)) {
    let (m, pad) = (M, PAD);
    let (_, max_p) = STANDARD.players;
    let rows = max_p.div_ceil(2);
    let tags = tags(names);
    panel(cv, m, y, DESIGN_W - 2.0 * m, players_h);
    cv.text(
        &tr!(lang, "players"),
        (m + pad, y + pad + 20.0),
        21.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    let colw = (DESIGN_W - 2.0 * m - 2.0 * pad) / 2.0;
    #[allow(clippy::needless_range_loop)] // seats past the joined players are drawn too
    for seat in 0..max_p {
        let (col, row) = (seat / rows, seat % rows);
        let sx = m + pad + col as f32 * colw;
        let sy = y + pad + 40.0 + row as f32 * 48.0;
        if let Some(name) = names.get(seat) {
            cv.round_rect(
                (sx, sy, colw - 12.0, 42.0),
                10.0,
                Some(theme::WHITE),
                Some(Line::new(theme::PANEL_EDGE, 1.2)),
            );
            icons::token(
                cv,
                sx + 24.0,
                sy + 21.0,
                30.0,
                theme::player(seat),
                &tags[seat],
                false,
                false,
            );
            let name = cv.fit(name, 18.0, Weight::Bold, colw - 90.0);
            cv.text(
                &name,
                (sx + 50.0, sy + 28.0),
                18.0,
                Weight::Bold,
                theme::INK,
                Align::Left,
            );
        } else {
            cv.round_rect(
                (sx, sy, colw - 12.0, 42.0),
                10.0,
                None,
                Some(Line::new(theme::PANEL_EDGE, 1.2).dashed(6.0, 5.0)),
            );
            cv.circle(
                sx + 24.0,
                sy + 21.0,
                15.0,
                None,
                Some(Line::new(theme::player(seat), 3.0)),
            );
            cv.text(
                &tr!(lang, "lobby-open-seat"),
                (sx + 50.0, sy + 28.0),
                SMALL,
                Weight::Regular,
                theme::FAINT,
                Align::Left,
            );
        }
    }
}
