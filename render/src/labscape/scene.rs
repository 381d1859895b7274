//! The whole image: layout, header, floor panel, building column, time board, player table,
//! and the setup and game-over variants.

use labscape_core::{
    Lang,
    labscape::{
        Board, Cell, Difficulty, Event, FloorShape, Item, ItemKind, Phase, Position, Seat,
        SetupMode, Status, Table, Wall,
    },
};

use crate::{
    MAX_NAME_CHARS, MAX_TITLE_CHARS, View,
    draw::canvas::{self, Align, Canvas, Line, Rgba},
    draw::text::{self, Weight},
    draw::theme,
    i18n::{signed, tr},
    labscape::grid::Grid,
    labscape::icons,
};

/// Design width: every coordinate is in units of a 1200-wide image.
pub(crate) const DESIGN_W: f32 = 1200.0;
const M: f32 = 24.0;
const GAP: f32 = 16.0;
const PAD: f32 = 16.0;
/// Smallest text drawn, in design units: 15 px at the narrowest output width (1200), above
/// the 12 px floor.
pub(crate) const SMALL: f32 = 15.0;
const BODY: f32 = 18.0;
const H2: f32 = 21.0;
const H1: f32 = 32.0;
/// Side of a time-board square.
const SQ: f32 = 64.0;

/// The last turn, as things to draw on the floor.
#[derive(Debug, Default)]
pub(crate) struct Overlay {
    pub moves: Vec<(Seat, Vec<Cell>)>,
    pub robot_paths: Vec<Vec<Cell>>,
    pub rotations: Vec<(Wall, Wall)>,
    pub catches: Vec<(Seat, Cell, Cell)>,
    pub placed_walls: Vec<Wall>,
    pub placed_cells: Vec<Cell>,
    pub rolls: Vec<(Cell, [u8; 2])>,
}

/// Everything derived from the view that several panels need.
#[derive(Debug)]
pub(crate) struct Scene<'a> {
    pub view: &'a View<'a>,
    pub pos: &'a Position,
    pub names: Vec<String>,
    pub tags: Vec<String>,
    pub active: Option<Seat>,
}

/// The layout of one image: computed once, then drawn band by band.
#[derive(Debug)]
pub(crate) struct Frame {
    pub width_px: u32,
    pub height_px: u32,
    /// A pixel row in the gap between the top panels and the bottom ones: no shape
    /// crosses it, so bands cut there draw exactly what the whole image does (a shape cut
    /// by a band's edge can come out a shade different). See [`Frame::bands`].
    pub split: u32,
    /// A pixel row in the gap between the header and the top panels.
    top: u32,
    header_lines: Vec<String>,
    /// One floor: floor and time board side by side, players along the bottom.
    compact: bool,
    main_y: f32,
    col_w: f32,
    main_w: f32,
    main_h: f32,
    mini: f32,
    bottom_y: f32,
    tb_w: f32,
    bottom_h: f32,
}

impl Frame {
    /// The two bands the image is drawn in, one per thread: about half the work each.
    /// In general the two rows of panels, cut in the gap between them (see
    /// [`Frame::split`]). In the one-floor arrangement the top row is most of the work,
    /// so it is cut across, a little below its middle (the header above it is light):
    /// shapes crossing the cut can come out a shade different from the image drawn
    /// whole, a few dozen pixels next to it, which nobody sees.
    pub(crate) fn bands(&self) -> [(u32, u32); 2] {
        let (top, split, h) = (self.top, self.split, self.height_px);
        let cut = if self.compact {
            top + (split - top) * 14 / 25
        } else {
            split
        };
        [(0, cut), (cut, h)]
    }
}

/// The band of column and row names along the large floor.
const RULER: f32 = 28.0;

/// The width the large floor's cells may take in a panel `w` wide.
fn floor_room(w: f32) -> f32 {
    w - 2.0 * PAD - RULER - 6.0
}

/// The side of a cell of the large floor `shape` in a panel `w` wide.
fn cell_size(shape: &FloorShape, w: f32) -> f32 {
    let (cols, rows) = (f32::from(shape.width()), f32::from(shape.height()));
    (floor_room(w) / cols).min(620.0 / rows).min(130.0).floor()
}

/// Short, distinct tags for tokens: the first letter, or two letters (or letter and seat
/// number) where first letters clash.
pub(crate) fn tags(names: &[String]) -> Vec<String> {
    let first = |n: &str| -> Option<char> { n.chars().find(|c| c.is_alphanumeric()) };
    let one: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| first(n).map_or_else(|| (i + 1).to_string(), |c| c.to_uppercase().collect()))
        .collect();
    let mut out = one.clone();
    for i in 0..names.len() {
        if one.iter().filter(|t| **t == one[i]).count() > 1 {
            let two: String = {
                let mut it = names[i].chars().filter(|c| c.is_alphanumeric());
                let a: String = it
                    .next()
                    .map(|c| c.to_uppercase().collect())
                    .unwrap_or_default();
                let b: String = it
                    .next()
                    .map(|c| c.to_lowercase().collect())
                    .unwrap_or_default();
                a + &b
            };
            out[i] = two;
        }
    }
    // Still clashing: letter plus seat number.
    let snapshot = out.clone();
    for i in 0..names.len() {
        if snapshot.iter().filter(|t| **t == snapshot[i]).count() > 1 {
            out[i] = format!("{}{}", one[i], i + 1);
        }
    }
    out
}

/// A player's display name: sanitised and length-capped, or "Player N".
pub(crate) fn display_name(lang: Lang, name: &str, seat: usize) -> String {
    text::sanitize(name, MAX_NAME_CHARS)
        .unwrap_or_else(|| tr!(lang, "player-default", n = seat + 1))
}

fn floor_name(lang: Lang, i: usize, floors: usize) -> String {
    if floors == 1 {
        tr!(lang, "floor-only")
    } else if i == 0 {
        tr!(lang, "floor-ground")
    } else if i + 1 == floors {
        tr!(lang, "floor-top", n = i)
    } else {
        tr!(lang, "floor-middle", n = i)
    }
}

/// "Building floor 2": the floor being drafted.
fn building_floor(lang: Lang, i: usize, floors: usize) -> String {
    tr!(
        lang,
        "building-floor",
        floor = floor_name(lang, i, floors).to_lowercase()
    )
}

pub(crate) fn difficulty_name(lang: Lang, d: Difficulty) -> String {
    match d {
        Difficulty::Easy => tr!(lang, "difficulty-easy"),
        Difficulty::Medium => tr!(lang, "difficulty-medium"),
        Difficulty::Hard => tr!(lang, "difficulty-hard"),
        Difficulty::Impossible => tr!(lang, "difficulty-impossible"),
    }
}

pub(crate) fn setup_name(lang: Lang, s: SetupMode) -> String {
    match s {
        SetupMode::Random => tr!(lang, "setup-random"),
        SetupMode::Draft => tr!(lang, "setup-draft"),
    }
}

/// A special-table entry's name, by its id (the rules' own name if the id is unknown).
pub(crate) fn special_name(lang: Lang, id: &str, fallback: &str) -> String {
    match id {
        "master_keycard" => tr!(lang, "special-master-keycard"),
        "clock_tamper" => tr!(lang, "special-clock-tamper"),
        "ration_pack" => tr!(lang, "special-ration-pack"),
        "spare_key" => tr!(lang, "special-spare-key"),
        "bargain" => tr!(lang, "special-bargain"),
        "alarm_test" => tr!(lang, "special-alarm-test"),
        "heavy_crate" => tr!(lang, "special-heavy-crate"),
        "sticky_floor" => tr!(lang, "special-sticky-floor"),
        "mouldy_bread" => tr!(lang, "special-mouldy-bread"),
        "dropped_key" => tr!(lang, "special-dropped-key"),
        "tripwire" => tr!(lang, "special-tripwire"),
        _ => fallback.to_string(),
    }
}

fn status_word(lang: Lang, s: Status) -> (String, Rgba) {
    match s {
        Status::Acting => (tr!(lang, "status-acting"), theme::INK),
        Status::Exited => (tr!(lang, "status-exited"), theme::GOOD),
        Status::TimedOut => (tr!(lang, "status-timed-out"), theme::WARN),
        Status::Escaped => (tr!(lang, "status-escaped"), theme::GOOD),
        Status::Out => (tr!(lang, "status-out"), theme::BAD),
    }
}

/// Wraps `lines` of words to `max_w`.
fn wrap(
    cv: &Canvas,
    parts: &[String],
    sep: &str,
    size: f32,
    max_w: f32,
    max_lines: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for p in parts {
        let cand = if cur.is_empty() {
            p.clone()
        } else {
            format!("{cur}{sep}{p}")
        };
        if cv.text_width(&cand, size, Weight::Regular) <= max_w || cur.is_empty() {
            cur = cand;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur = p.clone();
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = lines.pop().unwrap_or_default() + " …";
        lines.push(last);
    }
    lines
        .into_iter()
        .map(|l| cv.fit(&l, size, Weight::Regular, max_w))
        .collect()
}

/// The corner radius of a panel.
const PANEL_RADIUS: f32 = 14.0;
/// The width of the building column.
const COLUMN_W: f32 = 300.0;
/// The height of the status card beside the players (keys, and five facts under them).
const STATUS_CARD_H: f32 = 264.0;

pub(crate) fn panel(cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
    // An opaque fill with a solid outline: two filled shapes, no stroking (stroking a
    // path this large costs more than filling the panel twice).
    cv.round_rect(
        (x, y, w, h),
        PANEL_RADIUS,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 1.5)),
    );
}

impl<'a> Scene<'a> {
    pub(crate) fn new(view: &'a View<'a>) -> Scene<'a> {
        let pos = view.position;
        let names: Vec<String> = pos
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| display_name(view.lang, p.name(), i))
            .collect();
        let tags = tags(&names);
        Scene {
            view,
            pos,
            names,
            tags,
            active: pos.active(),
        }
    }

    /// The language of the labels.
    pub(crate) fn lang(&self) -> Lang {
        self.view.lang
    }

    fn name(&self, s: Seat) -> &str {
        self.names.get(s.index()).map_or("?", String::as_str)
    }

    /// Only the events after the last floor change belong on the current floor's map.
    fn overlay(&self) -> Overlay {
        let ev = self.view.events;
        let start = ev
            .iter()
            .rposition(|e| matches!(e, Event::FloorSetUp { .. } | Event::FloorEnded { .. }))
            .map_or(0, |i| i + 1);
        let mut ov = Overlay::default();
        let building = match self.pos.phase() {
            Phase::Setup(d) => Some(d.building),
            _ => None,
        };
        let mut robot_chain: Vec<Cell> = Vec::new();
        for e in &ev[start..] {
            match e {
                Event::Moved {
                    seat, from, path, ..
                } => {
                    let mut p = vec![*from];
                    p.extend(path.iter().copied());
                    ov.moves.push((*seat, p));
                }
                Event::RobotMoved { from, path, .. } if !path.is_empty() => {
                    if robot_chain.last() != Some(from) {
                        if robot_chain.len() > 1 {
                            ov.robot_paths.push(std::mem::take(&mut robot_chain));
                        }
                        robot_chain = vec![*from];
                    }
                    robot_chain.extend(path.iter().copied());
                }
                Event::WallRotated { from, to, .. } => ov.rotations.push((*from, *to)),
                Event::Rolled { cell, dice, .. } => ov.rolls.push((*cell, *dice)),
                Event::Caught { seat, at, to, .. } => ov.catches.push((*seat, *at, *to)),
                Event::WallPlaced { floor, wall, .. } if Some(*floor) == building => {
                    ov.placed_walls.push(*wall)
                }
                Event::ItemPlaced { floor, cell, .. } if Some(*floor) == building => {
                    ov.placed_cells.push(*cell)
                }
                Event::Autofilled {
                    floor,
                    walls,
                    items,
                    ..
                } if Some(*floor) == building => {
                    ov.placed_walls.extend(walls.iter().copied());
                    ov.placed_cells.extend(items.iter().map(|(c, _)| *c));
                }
                _ => {}
            }
        }
        if robot_chain.len() > 1 {
            ov.robot_paths.push(robot_chain);
        }
        ov
    }

    /// One phrase per notable event of the last turn.
    fn summary(&self) -> Vec<String> {
        let lang = self.lang();
        let n = |s: &Seat| self.name(*s).to_string();
        let mut out = Vec::new();
        for e in self.view.events {
            let s = match e {
                Event::FirstPlayer { seat, .. } => tr!(lang, "sum-first-player", who = n(seat)),
                Event::WallPlaced { seat, wall, .. } => tr!(
                    lang,
                    "sum-wall-placed",
                    who = n(seat),
                    wall = wall.to_string()
                ),
                Event::ItemPlaced {
                    seat, cell, item, ..
                } => tr!(
                    lang,
                    "sum-item-placed",
                    who = n(seat),
                    item = item_key(*item),
                    cell = cell.to_string()
                ),
                Event::Autofilled { seat, floor, .. } => {
                    tr!(lang, "sum-autofilled", who = n(seat), floor = *floor)
                }
                Event::FloorBuilt { floor } => tr!(lang, "sum-floor-built", floor = *floor),
                Event::FloorSetUp { floor, .. } => tr!(lang, "sum-floor-set-up", floor = *floor),
                Event::Moved {
                    seat,
                    from,
                    path,
                    minutes,
                    ..
                } => {
                    let to = path.last().copied().unwrap_or(*from);
                    tr!(
                        lang,
                        "sum-moved",
                        who = n(seat),
                        from = from.to_string(),
                        to = to.to_string(),
                        minutes = *minutes
                    )
                }
                Event::KeyTaken { seat, .. } => tr!(lang, "sum-key-taken", who = n(seat)),
                Event::Rolled {
                    seat,
                    dice,
                    table,
                    result,
                    special,
                    keys_delta,
                    food_delta,
                    time_delta,
                    ..
                } => {
                    let (a, b) = (dice[0], dice[1]);
                    match table {
                        Table::SearchKeys | Table::SearchFood => {
                            let (mut r, applied) = if *table == Table::SearchKeys {
                                let r = tr!(
                                    lang,
                                    "sum-rolled-keys",
                                    who = n(seat),
                                    a = a,
                                    b = b,
                                    delta = signed(*result),
                                    n = result.unsigned_abs()
                                );
                                (r, *keys_delta)
                            } else {
                                let r = tr!(
                                    lang,
                                    "sum-rolled-food",
                                    who = n(seat),
                                    a = a,
                                    b = b,
                                    delta = signed(*result)
                                );
                                (r, *food_delta)
                            };
                            if applied != *result {
                                r = format!("{r} {}", tr!(lang, "sum-none-to-lose"));
                            }
                            r
                        }
                        Table::Special => {
                            let name = special
                                .and_then(|id| {
                                    self.pos.rules().special_table.iter().find(|s| s.id == id)
                                })
                                .map_or_else(
                                    || tr!(lang, "special-unknown"),
                                    |s| special_name(lang, s.id, s.name),
                                );
                            let mut r = tr!(
                                lang,
                                "sum-rolled-special",
                                who = n(seat),
                                a = a,
                                b = b,
                                name = name
                            );
                            let mut fx = Vec::new();
                            if *keys_delta != 0 {
                                fx.push(tr!(
                                    lang,
                                    "fx-keys",
                                    delta = signed(*keys_delta),
                                    n = keys_delta.unsigned_abs()
                                ));
                            }
                            if *food_delta != 0 {
                                fx.push(tr!(lang, "fx-food", delta = signed(*food_delta)));
                            }
                            if *time_delta != 0 {
                                fx.push(tr!(lang, "fx-time", delta = signed(*time_delta)));
                            }
                            if !fx.is_empty() {
                                r += &format!(" ({})", fx.join(", "));
                            }
                            r
                        }
                    }
                }
                Event::WallRotated { seat, from, to } => tr!(
                    lang,
                    "sum-rotated",
                    who = n(seat),
                    from = from.to_string(),
                    to = to.to_string()
                ),
                Event::Waited { seat, minutes } => {
                    tr!(lang, "sum-waited", who = n(seat), minutes = *minutes)
                }
                Event::Exited { seat, floor } => {
                    tr!(lang, "sum-exited", who = n(seat), floor = *floor)
                }
                Event::Escaped { seat } => tr!(lang, "sum-escaped", who = n(seat)),
                Event::LimitSet { limit, .. } => tr!(lang, "sum-limit-set", limit = *limit),
                Event::RobotMoved {
                    from, path, target, ..
                } => match (path.last(), target) {
                    (Some(to), _) => tr!(
                        lang,
                        "sum-robot-moved",
                        from = from.to_string(),
                        to = to.to_string()
                    ),
                    (None, Some(_)) => tr!(lang, "sum-robot-held"),
                    (None, None) => tr!(lang, "sum-robot-idle"),
                },
                Event::Caught {
                    seat,
                    minutes,
                    keys_lost,
                    ..
                } => tr!(
                    lang,
                    "sum-caught",
                    who = n(seat),
                    minutes = *minutes,
                    keys = *keys_lost
                ),
                Event::TimedOut { seat, .. } => tr!(lang, "sum-timed-out", who = n(seat)),
                Event::CaughtAtDawn { seat, .. } => {
                    tr!(lang, "sum-caught-at-dawn", who = n(seat))
                }
                Event::LeftBehind { seat } => tr!(lang, "sum-left-behind", who = n(seat)),
                Event::FloorEnded { floor } => tr!(lang, "sum-floor-ended", floor = *floor),
                Event::Penalized {
                    seat,
                    minutes,
                    food_lost,
                } => {
                    if *food_lost > 0 {
                        tr!(
                            lang,
                            "sum-penalized",
                            who = n(seat),
                            minutes = *minutes,
                            food = *food_lost
                        )
                    } else {
                        tr!(
                            lang,
                            "sum-penalized-time",
                            who = n(seat),
                            minutes = *minutes
                        )
                    }
                }
                Event::WatermarkReset { .. } => continue,
                Event::GameOver { .. } => tr!(lang, "sum-game-over"),
            };
            out.push(s);
        }
        out
    }

    /// Where everything goes on an image `width_px` wide, and how tall it is.
    ///
    /// Two arrangements. In general: the current floor large with the column of all
    /// floors beside it, then the time board and the players below. A building of one
    /// floor has no column worth showing (it would only repeat the floor): when its floor
    /// is drawn as large beside the time board as above it (one module wide, as `single`),
    /// the floor and the time board share the top row and the players, with the status
    /// card beside them, run along the bottom: the same things in a sixth less height.
    pub(crate) fn frame(&self, width_px: u32) -> Frame {
        let measure = Canvas::measure(width_px, DESIGN_W);
        let header_lines = self.header_lines(&measure);
        let header_h = 96.0 + header_lines.len() as f32 * 26.0;

        let main_y = M + header_h + GAP;
        let tb_w = 8.0 * SQ + 2.0 * PAD;
        let tb_h = self.timeboard_height();
        let layout = self.pos.layout();
        let compact_w = DESIGN_W - 2.0 * M - GAP - tb_w;
        let compact = layout.floor_count() == 1
            && cell_size(layout.floor(0), compact_w)
                >= cell_size(layout.floor(0), DESIGN_W - 2.0 * M - GAP - COLUMN_W);
        let (col_w, main_w, main_h, mini, bottom_h) = if compact {
            let main_w = compact_w;
            let main_h = self.main_height(main_w).max(tb_h);
            (0.0, main_w, main_h, 0.0, self.wide_table_height())
        } else {
            let col_w = COLUMN_W;
            let main_w = DESIGN_W - 2.0 * M - GAP - col_w;
            let main_h_floor = self.main_height(main_w);
            let (col_h, mini) = self.column_size(col_w, main_h_floor);
            let main_h = main_h_floor.max(col_h);
            (col_w, main_w, main_h, mini, tb_h.max(self.table_height()))
        };
        let bottom_y = main_y + main_h + GAP;
        let total_h = bottom_y + bottom_h + M;
        let scale = width_px as f32 / DESIGN_W;
        Frame {
            width_px,
            height_px: canvas::height_px(width_px, DESIGN_W, total_h),
            split: ((bottom_y - GAP / 2.0) * scale).round() as u32,
            top: ((main_y - GAP / 2.0) * scale).round() as u32,
            header_lines,
            compact,
            main_y,
            col_w,
            main_w,
            main_h,
            mini,
            bottom_y,
            tb_w,
            bottom_h,
        }
    }

    /// Draws the image on a canvas `width_px` wide.
    pub(crate) fn draw(&self, width_px: u32) -> Canvas {
        let frame = self.frame(width_px);
        self.draw_band(&frame, (0, frame.height_px))
    }

    /// Draws rows `start..end` of the image laid out by `frame`.
    pub(crate) fn draw_band(&self, f: &Frame, rows: (u32, u32)) -> Canvas {
        let main = (M, f.main_y, f.main_w, f.main_h);
        let (time, table, column) = if f.compact {
            let time = (M + f.main_w + GAP, f.main_y, f.tb_w, f.main_h);
            (time, (M, f.bottom_y, DESIGN_W - 2.0 * M, f.bottom_h), None)
        } else {
            let tx = M + f.tb_w + GAP;
            let column = (DESIGN_W - M - f.col_w, f.main_y, f.col_w, f.main_h);
            let table = (tx, f.bottom_y, DESIGN_W - M - tx, f.bottom_h);
            ((M, f.bottom_y, f.tb_w, f.bottom_h), table, Some(column))
        };
        // The page is not laid under the panels: the same list is drawn below, and a band
        // skips only the rows of panels it does not reach.
        let covers: Vec<_> = [Some(main), column, Some(time), Some(table)]
            .into_iter()
            .flatten()
            .map(|(x, y, w, h)| (x, y, w, h, PANEL_RADIUS))
            .collect();
        let mut cv = Canvas::band_behind(f.width_px, DESIGN_W, rows, theme::PAGE, &covers);
        let draw_panel =
            |cv: &mut Canvas, (x, y, w, h): (f32, f32, f32, f32)| panel(cv, x, y, w, h);
        // Each row of panels is drawn only in the bands it reaches (up to the middle of
        // the gaps around it): laying out what would be clipped away is about a tenth of
        // a band's drawing time.
        let (main_top, bottom_top) = (f.main_y - GAP / 2.0, f.bottom_y - GAP / 2.0);
        if cv.shows_rows(0.0, main_top) {
            self.draw_header(&mut cv, M, &f.header_lines);
        }
        if cv.shows_rows(main_top, bottom_top) {
            draw_panel(&mut cv, main);
            self.draw_main(&mut cv, M, f.main_y, f.main_w, f.main_h);
            if let Some(c @ (x, y, w, _)) = column {
                draw_panel(&mut cv, c);
                self.draw_column(&mut cv, x, y, w, f.mini);
            }
        }
        let time_rows = if f.compact {
            (main_top, bottom_top)
        } else {
            (bottom_top, f32::INFINITY)
        };
        if cv.shows_rows(time_rows.0, time_rows.1) {
            draw_panel(&mut cv, time);
            self.draw_timeboard(&mut cv, time.0, time.1);
        }
        if cv.shows_rows(bottom_top, f32::INFINITY) {
            draw_panel(&mut cv, table);
            let (x, y, w, h) = table;
            let beside = f.compact.then_some(f.main_w);
            self.draw_table(&mut cv, x, y, w, h, beside);
        }
        cv
    }

    fn header_lines(&self, cv: &Canvas) -> Vec<String> {
        let parts = self.summary();
        if parts.is_empty() {
            return Vec::new();
        }
        let mut parts = parts;
        parts[0] = tr!(self.lang(), "last-turn", what = parts[0].as_str());
        wrap(cv, &parts, " · ", BODY, DESIGN_W - 2.0 * M, 2)
    }

    fn draw_header(&self, cv: &mut Canvas, y: f32, lines: &[String]) {
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

        // Chips: floor, keys, dawn, whose turn.
        let floors = self.pos.layout().floor_count();
        let mut cx = x;
        let cy = y + 46.0;
        let chip_h = 38.0;
        let mut chip = |cv: &mut Canvas,
                        icon: &dyn Fn(&mut Canvas, f32, f32),
                        label: &str,
                        fill: Rgba,
                        ink: Rgba| {
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
            cx += w + 10.0;
        };
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

    /// Grid for the large floor inside the main panel.
    fn floor_grid(&self, board: &Board, x: f32, y: f32, w: f32) -> (Grid, f32) {
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

    fn main_height(&self, w: f32) -> f32 {
        match self.pos.phase() {
            Phase::Over => 120.0 + self.pos.players().len() as f32 * 44.0 + 150.0,
            _ => match self.pos.board(self.pos.floor()) {
                Some(b) => self.floor_grid(b, 0.0, 0.0, w).1,
                None => 300.0,
            },
        }
    }

    fn draw_main(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
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
        // Legend along the bottom, in as many lines as the panel's width needs (two when
        // the floor stands beside the time board).
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
        // As few lines as fit, each of at most `per` items, so that the lines come out
        // about even rather than one word alone at the end.
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
        let greedy = fill(items.len());
        let even = fill(items.len().div_ceil(greedy.len()));
        let lines = if even.len() == greedy.len() {
            even
        } else {
            greedy
        };
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
    fn column_size(&self, w: f32, fit_h: f32) -> (f32, f32) {
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

    fn draw_column(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, m: f32) {
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

    fn timeboard_height(&self) -> f32 {
        PAD + 36.0 + 8.0 * SQ + 14.0 + 2.0 * 26.0 + PAD
    }

    /// The lap the time board shows: the earliest player still in play's.
    fn board_lap(&self) -> u32 {
        let lap = |t: u32| if t == 0 { 1 } else { (t - 1) / 63 + 1 };
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

    fn draw_timeboard(&self, cv: &mut Canvas, x: f32, y: f32) {
        let q = SQ;
        let every = self.pos.rules().robot_trigger_every.max(1);
        let lap = |t: u32| if t == 0 { 1 } else { (t - 1) / 63 + 1 };
        let wrap_sq = |t: u32| if t == 0 { 0 } else { (t - 1) % 63 + 1 };
        let board_lap = self.board_lap();
        let base = 63 * (board_lap - 1);
        let lang = self.lang();
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
                (x + PAD + 8.0 * q, y + PAD + 20.0),
                SMALL,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Right,
            );
        }
        let (bx, by) = (x + PAD, y + PAD + 36.0);
        let dawn = self.pos.dawn();
        // Squares of this lap holding dawn and the limit, if they fall on it.
        let on_lap = |t: u32| (t > base && t <= base + 63).then(|| t - base);
        let dawn_sq = on_lap(dawn);
        let limit_sq = self.pos.limit().and_then(on_lap);
        let over = self.pos.phase() == Phase::Over;

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
            let (sx, sy) = (bx + col * q, by + row * q);
            let abs = base + sq;
            let trigger = sq > 0 && abs.is_multiple_of(every);
            let late = sq > 0 && abs > dawn;
            let fill = if sq == 0 {
                theme::PANEL_EDGE.mix(theme::PANEL, 0.5)
            } else if Some(sq) == dawn_sq {
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
            let label = match (sq, board_lap) {
                (0, 1) => tr!(lang, "time-start"),
                (0, _) => format!("+{base}"),
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
            if Some(sq) == dawn_sq && sq > 0 {
                icons::sun(cv, ix, sy + 15.0, 24.0, theme::DAWN);
            } else if limit_sq == Some(sq) && sq > 0 {
                icons::flag(cv, ix + 2.0, sy + 15.0, 22.0, theme::LIMIT);
            } else if trigger {
                icons::robot(cv, ix, sy + 15.0, 20.0);
            }
            if limit_sq == Some(sq) {
                cv.round_rect(
                    (sx + 2.5, sy + 2.5, q - 5.0, q - 5.0),
                    2.0,
                    None,
                    Some(Line::new(theme::LIMIT, 3.0)),
                );
            }

            let here: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|s| wrap_sq(self.pos.player(*s).time()) == sq)
                .collect();
            if here.is_empty() {
                continue;
            }
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
                    let badge = tr!(lang, "lap-badge", lap = lap(p.time()));
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

        // Legend.
        let ly = by + 8.0 * q + 30.0;
        let mut lx = x + PAD + 4.0;
        let entry = |cv: &mut Canvas,
                     lx: &mut f32,
                     ly: f32,
                     fill: Rgba,
                     icon: &dyn Fn(&mut Canvas, f32, f32),
                     label: &str| {
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
        };
        entry(
            cv,
            &mut lx,
            ly,
            theme::TRIGGER_FILL,
            &|cv, x, y| icons::robot(cv, x, y, 18.0),
            &tr!(lang, "time-robot"),
        );
        let dawn_label = if lap(dawn) != board_lap {
            tr!(lang, "time-dawn-lap", dawn = dawn, lap = lap(dawn))
        } else {
            tr!(lang, "time-dawn", dawn = dawn)
        };
        entry(
            cv,
            &mut lx,
            ly,
            theme::DAWN_FILL,
            &|cv, x, y| icons::sun(cv, x, y, 18.0, theme::DAWN),
            &dawn_label,
        );
        let limit_label = match self.pos.limit() {
            Some(l) => tr!(lang, "time-limit", limit = l),
            None => tr!(lang, "time-no-limit"),
        };
        entry(
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
        entry(
            cv,
            &mut lx2,
            ly2,
            theme::SQUARE,
            &|cv, x, y| icons::gold_key(cv, x, y, 20.0),
            &keys,
        );
        let order = tr!(lang, "time-order");
        let order = cv.fit(&order, SMALL, Weight::Regular, x + 8.0 * q + PAD - lx2);
        cv.text(
            &order,
            (lx2, ly2),
            SMALL,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }

    fn table_height(&self) -> f32 {
        self.list_height() + 16.0 + 240.0 + PAD
    }

    /// The players panel of the one-floor arrangement: the list with the status card
    /// beside it rather than under it.
    fn wide_table_height(&self) -> f32 {
        (self.list_height() + PAD).max(STATUS_CARD_H + 2.0 * PAD)
    }

    /// The players panel down to the end of the list.
    fn list_height(&self) -> f32 {
        PAD + 36.0 + 30.0 + self.pos.players().len() as f32 * 46.0
    }

    /// The players panel at (x, y, w, h): the list, and the status card under it, or
    /// beside it when `beside` gives the list's width.
    fn draw_table(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32, beside: Option<f32>) {
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
        let setup = matches!(self.pos.phase(), Phase::Setup(_));
        let x1 = x + w - PAD;
        // Column right edges.
        let cols: [(String, f32); 4] = if setup {
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
        };
        let hy = y + PAD + 56.0;
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
            &tr!(lang, "col-name"),
            (x + PAD + 44.0, hy),
            SMALL,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Left,
        );
        let name_max = cols[0].1 - 60.0 - (x + PAD + 44.0);
        let placed = self.placements();
        let mut ry = hy + 10.0;
        for s in self.pos.seats() {
            let p = self.pos.player(s);
            let active = self.active == Some(s);
            if active {
                cv.round_rect(
                    (x + 6.0, ry, w - 12.0, 44.0),
                    10.0,
                    Some(theme::ACTIVE_ROW),
                    Some(Line::new(theme::ACCENT, 1.5)),
                );
            } else if s.index() % 2 == 1 {
                cv.round_rect(
                    (x + 6.0, ry, w - 12.0, 44.0),
                    10.0,
                    Some(theme::PANEL_EDGE.mix(theme::PANEL, 0.8)),
                    None,
                );
            }
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
                name = format!("{name} {}", tr!(lang, "you"));
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
            if setup {
                let (wc, ic) = placed.get(s.index()).copied().unwrap_or((0, 0));
                let known = !self.view.setup_log.is_empty() || !self.view.events.is_empty();
                let show = |n: usize| {
                    if known {
                        n.to_string()
                    } else {
                        "–".to_string()
                    }
                };
                cv.text(
                    &show(wc),
                    (cols[2].1, base),
                    BODY,
                    Weight::Regular,
                    ink,
                    Align::Right,
                );
                cv.text(
                    &show(ic),
                    (cols[3].1, base),
                    BODY,
                    Weight::Regular,
                    ink,
                    Align::Right,
                );
            } else {
                let cell = match (p.cell(), p.status()) {
                    (Some(c), Status::Acting | Status::Exited | Status::TimedOut) => c.to_string(),
                    _ => "–".to_string(),
                };
                cv.text(
                    &cell,
                    (cols[0].1, base),
                    BODY,
                    Weight::Regular,
                    ink,
                    Align::Right,
                );
                cv.text(
                    &p.time().to_string(),
                    (cols[1].1, base),
                    BODY,
                    Weight::Bold,
                    ink,
                    Align::Right,
                );
                cv.text(
                    &p.food().to_string(),
                    (cols[2].1, base),
                    BODY,
                    Weight::Regular,
                    ink,
                    Align::Right,
                );
                let (word, col) = status_word(lang, p.status());
                cv.text(
                    &word,
                    (cols[3].1, base),
                    BODY,
                    Weight::Regular,
                    col,
                    Align::Right,
                );
            }
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

    /// Per-seat (walls, items) placed during draft setup, from the setup log and this turn.
    fn placements(&self) -> Vec<(usize, usize)> {
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

    fn draw_status_card(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
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
            Some(l) => tr!(lang, "fact-limit", limit = l),
            None => tr!(
                lang,
                "fact-no-limit",
                minutes = self.pos.rules().limit_after_exit
            ),
        };
        facts.push((Fact::Limit, limit));
        let mut fy = y + 100.0;
        for (fact, line) in facts {
            if fy + 10.0 > y + h {
                break;
            }
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
            let line = cv.fit(&line, BODY, Weight::Regular, w - 72.0);
            cv.text(
                &line,
                (x + 56.0, fy),
                BODY,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
            fy += 34.0;
        }
    }

    fn draw_setup_card(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, building: usize) {
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

    fn draw_results(&self, cv: &mut Canvas, x: f32, y: f32, w: f32) {
        let (escaped, top) = self.pos.outcome().unwrap_or_default();
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
            let p = self.pos.player(s);
            let won = escaped.contains(&s);
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
            if top.contains(&s) {
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
}

/// The selector key of an item kind in the labels (`key`, `food`, `special`).
fn item_key(k: ItemKind) -> &'static str {
    match k {
        ItemKind::Key => "key",
        ItemKind::Food => "food",
        ItemKind::Special => "special",
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

/// A little stacked-floors icon.
fn building_icon(cv: &mut Canvas, x: f32, y: f32, size: f32) {
    let w = size;
    let h = size * 0.26;
    for i in 0..3 {
        let fy = y + size * 0.4 - i as f32 * (h + size * 0.06);
        let fw = w * (1.0 - i as f32 * 0.2);
        cv.round_rect(
            (x - fw / 2.0, fy - h / 2.0, fw, h),
            2.0,
            Some(theme::INK_SOFT),
            None,
        );
    }
}

/// A label in a given language.
pub(crate) type Label = fn(Lang) -> String;

/// Item kinds for the legend, with their labels.
pub(crate) const LEGEND_ITEMS: [(Item, Label); 3] = [
    (Item::Key, |lang| tr!(lang, "legend-key")),
    (Item::Food, |lang| tr!(lang, "legend-food")),
    (Item::Special, |lang| tr!(lang, "legend-special")),
];
