//! The whole image: layout, header, floor panel, building column, time board, player table,
//! and the setup and game-over variants.

use labscape_core::labscape::{
    Board, Cell, Event, Item, Phase, Position, Seat, Status, Table, Wall,
};

use crate::{
    MAX_NAME_CHARS, MAX_TITLE_CHARS, View,
    canvas::{Align, Canvas, Line, Rgba},
    floor::{Grid, LEGEND_ITEMS},
    icons,
    text::{self, Weight},
    theme,
};

/// Design width: every coordinate is in units of a 1200-wide image.
pub(crate) const DESIGN_W: f32 = 1200.0;
const M: f32 = 24.0;
const GAP: f32 = 16.0;
const PAD: f32 = 16.0;
/// Smallest text drawn (12 px at the smallest output width).
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
pub(crate) fn display_name(name: &str, seat: usize) -> String {
    text::sanitize(name, MAX_NAME_CHARS).unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn floor_name(i: usize, floors: usize) -> String {
    if floors == 1 {
        "Floor 0 (only)".to_string()
    } else if i == 0 {
        "Floor 0 (ground)".to_string()
    } else if i + 1 == floors {
        format!("Floor {i} (top)")
    } else {
        format!("Floor {i}")
    }
}

fn status_word(s: Status) -> (&'static str, Rgba) {
    match s {
        Status::Acting => ("acting", theme::INK),
        Status::Exited => ("exited ↓", theme::GOOD),
        Status::TimedOut => ("timed out", theme::WARN),
        Status::Escaped => ("escaped ✓", theme::GOOD),
        Status::Out => ("out ✗", theme::BAD),
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

pub(crate) fn panel(cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
    // Fill, then stroke: one pass over the area instead of two.
    cv.round_rect((x, y, w, h), 14.0, Some(theme::PANEL), None);
    cv.round_rect(
        (x, y, w, h),
        14.0,
        None,
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
            .map(|(i, p)| display_name(p.name(), i))
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
        let n = |s: &Seat| self.name(*s).to_string();
        let mut out = Vec::new();
        for e in self.view.events {
            let s = match e {
                Event::FirstPlayer { seat, .. } => format!("{} goes first", n(seat)),
                Event::WallPlaced { seat, wall, .. } => format!("{} placed wall {wall}", n(seat)),
                Event::ItemPlaced {
                    seat, cell, item, ..
                } => {
                    format!("{} placed {} at {cell}", n(seat), item.name())
                }
                Event::Autofilled { seat, floor, .. } => {
                    format!("{} filled floor {floor}", n(seat))
                }
                Event::FloorBuilt { floor } => format!("floor {floor} built"),
                Event::FloorSetUp { floor, .. } => format!("now on floor {floor}"),
                Event::Moved {
                    seat,
                    from,
                    path,
                    minutes,
                    ..
                } => {
                    let to = path.last().copied().unwrap_or(*from);
                    format!("{} moved {from}→{to} ({minutes} min)", n(seat))
                }
                Event::KeyTaken { seat, .. } => format!("{} took a key", n(seat)),
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
                    let mut r = format!("{} rolled {}+{}", n(seat), dice[0], dice[1]);
                    let plural = |v: i32, one: &str, many: &str| {
                        if v.abs() == 1 {
                            one.to_string()
                        } else {
                            many.to_string()
                        }
                    };
                    match table {
                        Table::SearchKeys | Table::SearchFood => {
                            let (what, applied) = if *table == Table::SearchKeys {
                                (plural(*result, "key", "keys"), *keys_delta)
                            } else {
                                ("food".to_string(), *food_delta)
                            };
                            r += &format!(": {result:+} {what}");
                            if applied != *result {
                                r += " (none to lose)";
                            }
                        }
                        Table::Special => {
                            let name = special
                                .and_then(|id| {
                                    self.pos.rules().special_table.iter().find(|s| s.id == id)
                                })
                                .map_or("special", |s| s.name);
                            r += &format!(": {name}");
                            let mut fx = Vec::new();
                            if *keys_delta != 0 {
                                fx.push(format!(
                                    "{keys_delta:+} {}",
                                    plural(*keys_delta, "key", "keys")
                                ));
                            }
                            if *food_delta != 0 {
                                fx.push(format!("{food_delta:+} food"));
                            }
                            if *time_delta != 0 {
                                fx.push(format!("{time_delta:+} min"));
                            }
                            if !fx.is_empty() {
                                r += &format!(" ({})", fx.join(", "));
                            }
                        }
                    }
                    r
                }
                Event::WallRotated { seat, from, to } => {
                    format!("{} turned wall {from}→{to}", n(seat))
                }
                Event::Waited { seat, minutes } => format!("{} waited {minutes} min", n(seat)),
                Event::Exited { seat, floor } => format!("{} left floor {floor}", n(seat)),
                Event::Escaped { seat } => format!("{} escaped!", n(seat)),
                Event::LimitSet { limit, .. } => format!("limit set at {limit}"),
                Event::RobotMoved {
                    from, path, target, ..
                } => match (path.last(), target) {
                    (Some(to), _) => format!("robot {from}→{to}"),
                    (None, Some(_)) => "robot held still".to_string(),
                    (None, None) => "robot found nobody".to_string(),
                },
                Event::Caught {
                    seat,
                    minutes,
                    keys_lost,
                    ..
                } => {
                    format!("{} caught (+{minutes} min, −{keys_lost} keys)", n(seat))
                }
                Event::TimedOut { seat, .. } => format!("{} timed out", n(seat)),
                Event::CaughtAtDawn { seat, .. } => format!("{} caught at dawn", n(seat)),
                Event::LeftBehind { seat } => format!("{} left behind", n(seat)),
                Event::FloorEnded { floor } => format!("floor {floor} done"),
                Event::Penalized {
                    seat,
                    minutes,
                    food_lost,
                } => {
                    if *food_lost > 0 {
                        format!("{} penalised +{minutes} min, −{food_lost} food", n(seat))
                    } else {
                        format!("{} penalised +{minutes} min", n(seat))
                    }
                }
                Event::WatermarkReset { .. } => continue,
                Event::GameOver { .. } => "game over".to_string(),
            };
            out.push(s);
        }
        out
    }

    /// Draws the image on a canvas `width_px` wide.
    pub(crate) fn draw(&self, width_px: u32) -> Canvas {
        let measure = Canvas::new(width_px, DESIGN_W, 1.0, theme::PAGE);
        let header_lines = self.header_lines(&measure);
        let header_h = 96.0 + header_lines.len() as f32 * 26.0;

        let main_y = M + header_h + GAP;
        let col_w = 300.0;
        let main_w = DESIGN_W - 2.0 * M - GAP - col_w;
        let main_h_floor = self.main_height(main_w);
        let (col_h, mini) = self.column_size(col_w, main_h_floor);
        let main_h = main_h_floor.max(col_h);

        let bottom_y = main_y + main_h + GAP;
        let tb_w = 8.0 * SQ + 2.0 * PAD;
        let tb_h = self.timeboard_height();
        let table_h = self.table_height();
        let bottom_h = tb_h.max(table_h);
        let total_h = bottom_y + bottom_h + M;

        let mut cv = Canvas::new(width_px, DESIGN_W, total_h, theme::PAGE);
        self.draw_header(&mut cv, M, header_lines);
        panel(&mut cv, M, main_y, main_w, main_h);
        self.draw_main(&mut cv, M, main_y, main_w, main_h);
        panel(&mut cv, DESIGN_W - M - col_w, main_y, col_w, main_h);
        self.draw_column(&mut cv, DESIGN_W - M - col_w, main_y, col_w, mini);
        panel(&mut cv, M, bottom_y, tb_w, bottom_h);
        self.draw_timeboard(&mut cv, M, bottom_y);
        let tx = M + tb_w + GAP;
        panel(&mut cv, tx, bottom_y, DESIGN_W - M - tx, bottom_h);
        self.draw_table(&mut cv, tx, bottom_y, DESIGN_W - M - tx, bottom_h);
        cv
    }

    fn header_lines(&self, cv: &Canvas) -> Vec<String> {
        let parts = self.summary();
        if parts.is_empty() {
            return Vec::new();
        }
        let mut parts = parts;
        parts[0] = format!("Last turn: {}", parts[0]);
        wrap(cv, &parts, " · ", BODY, DESIGN_W - 2.0 * M, 2)
    }

    fn draw_header(&self, cv: &mut Canvas, y: f32, lines: Vec<String>) {
        let x = M;
        let title = self
            .view
            .title
            .and_then(|t| text::sanitize(t, MAX_TITLE_CHARS))
            .unwrap_or_else(|| "Labscape".to_string());
        let right = format!(
            "{} · {} · {}",
            self.pos.layout().source(),
            self.pos.difficulty().name(),
            match self.pos.phase() {
                Phase::Setup(_) => "draft setup",
                Phase::Play => "in play",
                Phase::Over => "game over",
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
                let f = floor_name(d.building, floors);
                chip(
                    cv,
                    &|cv, x, y| building_icon(cv, x, y, 22.0),
                    &format!("Building {}", f.to_lowercase()),
                    soft,
                    theme::INK,
                );
                let s = d.placer;
                let label = format!("{} places", self.name(s));
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
                let f = floor_name(self.pos.floor(), floors);
                chip(
                    cv,
                    &|cv, x, y| building_icon(cv, x, y, 22.0),
                    &f,
                    soft,
                    theme::INK,
                );
                let keys = format!("{} / {} keys", self.pos.keys(), self.pos.keys_needed());
                chip(
                    cv,
                    &|cv, x, y| icons::key(cv, x, y, 28.0, theme::KEY, theme::KEY_DARK),
                    &keys,
                    soft,
                    theme::INK,
                );
                let dawn = format!("dawn {}", self.pos.dawn());
                chip(
                    cv,
                    &|cv, x, y| icons::sun(cv, x, y, 26.0, theme::DAWN),
                    &dawn,
                    soft,
                    theme::INK,
                );
                if let Some(s) = self.active {
                    let label = format!("{} to play", self.name(s));
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
        let ruler = 28.0;
        let avail_w = w - 2.0 * PAD - ruler - 6.0;
        let c = (avail_w / cols).min(620.0 / rows).min(130.0).floor();
        let fw = cols * c;
        let gx = x + PAD + ruler + (avail_w - fw) / 2.0;
        let gy = y + PAD + ruler + 8.0;
        (
            Grid { x: gx, y: gy, c },
            rows * c + PAD * 2.0 + ruler + 8.0 + 44.0,
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
        // Legend along the bottom.
        let ly = y + h - PAD - 8.0;
        let mut lx = x + PAD + 8.0;
        let mut item = |cv: &mut Canvas, draw: &dyn Fn(&mut Canvas, f32, f32), label: &str| {
            draw(cv, lx + 12.0, ly - 6.0);
            let tw = cv.text(
                label,
                (lx + 30.0, ly),
                SMALL,
                Weight::Regular,
                theme::INK_SOFT,
                Align::Left,
            );
            lx += 30.0 + tw + 20.0;
        };
        for (it, label) in LEGEND_ITEMS {
            item(cv, &|cv, x, y| icons::item(cv, it, x, y, 24.0), label);
        }
        item(
            cv,
            &|cv, x, y| icons::item(cv, Item::KeyTaken, x, y, 24.0),
            "taken",
        );
        item(cv, &|cv, x, y| icons::exit(cv, x, y, 24.0), "exit");
        item(cv, &|cv, x, y| icons::robot(cv, x, y, 24.0), "robot");
        item(
            cv,
            &|cv, x, y| {
                cv.polyline(
                    &[(x - 10.0, y + 8.0), (x - 10.0, y - 8.0), (x + 8.0, y - 8.0)],
                    Line::new(theme::WALL, 5.0),
                )
            },
            "wall",
        );
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
        cv.text(
            "Building",
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
            let label = floor_name(i, n);
            let (state, col) = match (self.pos.board(i), self.pos.phase()) {
                (None, _) => ("left", theme::FAINT),
                (Some(_), Phase::Setup(d)) if i < d.building => ("built", theme::INK_SOFT),
                (Some(_), Phase::Setup(d)) if i > d.building => ("to build", theme::FAINT),
                (Some(_), Phase::Setup(_)) => ("building", theme::ACCENT),
                (Some(_), Phase::Over) => ("last", theme::INK_SOFT),
                (Some(_), _) if is_cur => ("now", theme::ACCENT),
                (Some(_), _) => ("below", theme::INK_SOFT),
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
                state,
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
        let title = if board_lap > 1 {
            format!("Time · lap {board_lap}: minutes {}–{}", base + 1, base + 63)
        } else {
            "Time".to_string()
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
            let note = format!("minutes · the robot moves on every {every}th");
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
                (0, 1) => "start".to_string(),
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
                    let badge = format!("L{}", lap(p.time()));
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
            "robot moves",
        );
        let dawn_label = if lap(dawn) != board_lap {
            format!("dawn {dawn} (lap {})", lap(dawn))
        } else {
            format!("dawn {dawn}")
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
            Some(l) => format!("limit {l}"),
            None => "limit: none yet".to_string(),
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
        let keys = format!(
            "keys {} of {} to leave",
            self.pos.keys(),
            self.pos.keys_needed()
        );
        entry(
            cv,
            &mut lx2,
            ly2,
            theme::SQUARE,
            &|cv, x, y| icons::key(cv, x, y, 20.0, theme::KEY, theme::KEY_DARK),
            &keys,
        );
        cv.text(
            "same square: bottom-left moves first",
            (lx2, ly2),
            SMALL,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }

    fn table_height(&self) -> f32 {
        PAD + 36.0 + 30.0 + self.pos.players().len() as f32 * 46.0 + 16.0 + 240.0 + PAD
    }

    fn draw_table(&self, cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
        cv.text(
            "Players",
            (x + PAD, y + PAD + 20.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let setup = matches!(self.pos.phase(), Phase::Setup(_));
        let x1 = x + w - PAD;
        // Column right edges.
        let cols: [(&str, f32); 4] = if setup {
            [
                ("", x1 - 250.0),
                ("", x1 - 170.0),
                ("walls", x1 - 80.0),
                ("items", x1),
            ]
        } else {
            [
                ("cell", x1 - 236.0),
                ("time", x1 - 170.0),
                ("food", x1 - 112.0),
                ("status", x1),
            ]
        };
        let hy = y + PAD + 56.0;
        for (label, cx) in cols {
            cv.text(
                label,
                (cx, hy),
                SMALL,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Right,
            );
        }
        cv.text(
            "name",
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
                name += " (you)";
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
                let (word, col) = status_word(p.status());
                cv.text(
                    word,
                    (cols[3].1, base),
                    BODY,
                    Weight::Regular,
                    col,
                    Align::Right,
                );
            }
            ry += 46.0;
        }
        // Status card under the table.
        let cy = ry + 16.0;
        let card_h = (y + h - PAD - cy).max(200.0);
        self.draw_status_card(cv, x + PAD, cy, w - 2.0 * PAD, card_h);
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
        let keys = self.pos.keys();
        let need = self.pos.keys_needed().max(1);
        icons::key(cv, x + 30.0, y + 30.0, 34.0, theme::KEY, theme::KEY_DARK);
        let label = format!("{keys} of {need} keys");
        cv.text(
            &label,
            (x + 56.0, y + 38.0),
            H2,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
        let sub = if self.pos.floor() == 0 {
            "needed to escape".to_string()
        } else {
            format!("needed to leave floor {}", self.pos.floor())
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
            let at = self
                .pos
                .robot()
                .map_or(String::new(), |c| format!(" at {c}"));
            facts.push((Fact::Robot, format!("Robot{at} · moves next at {next}")));
            if let Some(e) = self.pos.exit() {
                facts.push((Fact::Exit, format!("Exit at {e}")));
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
            facts.push((Fact::Order, format!("Next: {}{more}", names.join(", "))));
        }
        let dawn = self.pos.dawn();
        let mut dawn_line = format!("Dawn at {dawn}");
        if let Some(s) = self.active {
            let left = dawn.saturating_sub(self.pos.player(s).time());
            dawn_line += &format!(" · {} has {left} min", self.name(s));
        }
        facts.push((Fact::Dawn, dawn_line));
        let limit = match self.pos.limit() {
            Some(l) => format!("Limit at {l}: time out there"),
            None => format!(
                "No limit yet: set {} min after the first exit",
                self.pos.rules().limit_after_exit
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
        building_icon(cv, x + 30.0, y + 28.0, 28.0);
        let title = format!("Building {}", floor_name(building, floors).to_lowercase());
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
            format!("Items on {items} of {cells} cells"),
            format!("{done} of {mods} modules have {min}+ walls"),
        ];
        let mut fy = y + 76.0;
        for (i, l) in lines.iter().enumerate() {
            cv.text(
                l,
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
            format!(
                "Then floor {} and up; after the top floor, starts, exit and robot are drawn.",
                building + 1
            )
        } else {
            "Last floor: then starts, exit and robot are drawn.".to_string()
        };
        for (i, l) in wrap(cv, &[next], " ", SMALL, w - 32.0, 2)
            .iter()
            .enumerate()
        {
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
        let (title, sub) = if escaped.is_empty() {
            (
                "Dawn broke.".to_string(),
                "Nobody escaped the lab.".to_string(),
            )
        } else if escaped.len() == n {
            (
                "Everyone escaped!".to_string(),
                format!("All {n} got out before dawn."),
            )
        } else {
            (
                "Game over".to_string(),
                format!("{} of {n} escaped before dawn.", escaped.len()),
            )
        };
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
                format!("escaped at {} min · {} food", p.time(), p.food())
            } else {
                "caught inside".to_string()
            };
            cv.text(
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
                cv.text(
                    "top forager",
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
            let line = format!("Top forager: {} with {food} food", names.join(" and "));
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
