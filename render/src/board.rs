//! The image of a two-player board game (Semáforo, Gatos & Cães, Rastros, Avanço): a
//! game-neutral [`BoardView`] the bot fills from a position — the squares and what stands
//! on them, the last move, the home squares, the players and whose turn it is, the counters,
//! the result — drawn with the same canvas, font, palette and PNG encoder as Labscape's
//! image, so every game looks like one family.
//!
//! Text comes already worded in the reader's language: the renderer knows no game.

use labscape_core::Lang;

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba, SpriteKey},
    draw::encode,
    draw::text::{self, Weight},
    draw::theme,
    draw::wrap,
};

/// Output width when none is asked for: a phone's screen, crisp.
pub const BOARD_WIDTH: u32 = 720;
const DESIGN_W: f32 = 720.0;
const MARGIN: f32 = 24.0;
const HEADER_H: f32 = 112.0;
const LABEL: f32 = 26.0;
const FOOTER_H: f32 = 56.0;

/// How a piece looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A white stone.
    White,
    /// A black stone.
    Black,
    /// A green light.
    Green,
    /// A yellow light.
    Yellow,
    /// A red light.
    Red,
    /// A cat (a dark face with pointed ears).
    Cat,
    /// A dog (a light face with round ears).
    Dog,
    /// The shared runner (Rastros' white piece): a ring with a dot.
    Runner,
    /// A blocked square (Rastros' black piece): a dark filled square.
    Block,
    /// A football (Soccolot's and SAGES' ball): white with a black pentagon, a little
    /// smaller than a man.
    Ball,
}

/// What a square is marked with, from the last turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Where the moved piece stood.
    From,
    /// Where it went (or where a piece was placed or changed).
    To,
    /// A piece was taken here.
    Capture,
    /// Unknown to the reader (Skarb's squares the seeker never saw): covered in fog, any
    /// piece on it hidden.
    Fog,
    /// Remembered, not seen now (Skarb's squares outside the seeker's field of view):
    /// darkened.
    Dim,
    /// Not allowed to the player to move (Skarb's squares the architect may not plant
    /// on): tinted orange.
    Forbidden,
    /// In the field of view of a piece whose player sees only around it (Skarb's seeker,
    /// in the architect's view): the squares so marked are outlined together, dashed.
    Field,
    /// A point of the ball's path, in order: where it started, each bounce, where it
    /// stopped. The points are joined by a chalk line ending in an arrow; the square is
    /// not tinted.
    Path,
}

/// How the squares are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Surface {
    /// A chequered board (every game but the ball games).
    #[default]
    Board,
    /// A football pitch: mown grass in stripes, chalk lines (touchlines, halfway line,
    /// centre circle), and the homes drawn as goals: a net in the defending side's
    /// colour, behind a chalk goal line.
    Pitch,
}

/// One side of the game, as its header shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The player's name.
    pub name: String,
    /// Their piece, as a swatch (`None`: no swatch, e.g. a shared piece).
    pub piece: Option<Piece>,
    /// A word under the name ("Cats", "home a1").
    pub note: String,
}

/// Everything the image shows; the bot fills it from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The title ("Avanço #12 · turn 9").
    pub title: String,
    /// Files across (a…).
    pub files: u8,
    /// Ranks up (1…).
    pub ranks: u8,
    /// What stands on each square, rank 1 first, file a first within a rank.
    pub cells: Vec<Option<Piece>>,
    /// Squares marked by the last turn, as `(file, rank)`.
    pub marks: Vec<((u8, u8), Mark)>,
    /// Squares tinted as homes or goals, with the colour role of their owner.
    pub homes: Vec<((u8, u8), Piece)>,
    /// The two sides, seat order.
    pub sides: Vec<Side>,
    /// The seat to move (`None` once over).
    pub to_move: Option<usize>,
    /// The line under the players: whose turn, or the result.
    pub status: String,
    /// Counters (supply, pieces left), one line.
    pub counters: String,
    /// How the squares are drawn.
    pub surface: Surface,
    /// Walls drawn on a square's edge, as `(file, rank)` and the side (a maze's walls).
    pub walls: Vec<((u8, u8), Edge)>,
    /// Short text written on a square, one line per `\n` (a maze's tiles and tokens).
    pub labels: Vec<((u8, u8), String)>,
}

/// One edge of a square, for [`BoardView::walls`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Towards higher ranks (up).
    North,
    /// Towards higher files (right).
    East,
    /// Towards rank 1 (down).
    South,
    /// Towards file a (left).
    West,
}

/// Draws the view as an indexed PNG `width` pixels wide (default [`BOARD_WIDTH`], clamped to
/// 360–1600).
pub fn render_board_png(view: &BoardView, width: Option<u32>) -> Vec<u8> {
    encode_png(draw_board(view, width.unwrap_or(BOARD_WIDTH)))
}

/// The PNG of a drawn board, with the board palette kept exact.
fn encode_png(cv: Canvas) -> Vec<u8> {
    let png = encode::indexed_png(&cv.pix, &seed());
    encode::recycle(cv.pix);
    png
}

/// Draws a square board `width` pixels wide (clamped to 360–1600).
fn draw_board(view: &BoardView, width: u32) -> Canvas {
    let width = width.clamp(360, 1600);
    let files = view.files.clamp(1, 26);
    let ranks = view.ranks.clamp(1, 26);
    let avail = DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL;
    let cell = (avail / f32::from(files)).min(560.0 / f32::from(ranks));
    let board_w = cell * f32::from(files);
    let board_h = cell * f32::from(ranks);
    let total_h = HEADER_H + 2.0 * LABEL + board_h + FOOTER_H + MARGIN;
    let mut cv = Canvas::new(width, DESIGN_W, total_h, theme::PAGE);
    cv.round_rect(
        (
            MARGIN / 2.0,
            MARGIN / 2.0,
            DESIGN_W - MARGIN,
            total_h - MARGIN,
        ),
        14.0,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 2.0)),
    );
    header(&mut cv, view);
    let x0 = (DESIGN_W - board_w) / 2.0;
    let y0 = HEADER_H + LABEL;
    squares(&mut cv, view, (x0, y0), cell, files, ranks);
    coordinates(&mut cv, (x0, y0), cell, files, ranks);
    footer(
        &mut cv,
        &view.counters,
        y0 + board_h + LABEL + 34.0,
        (20.0, Weight::Regular),
        theme::INK_SOFT,
    );
    cv
}

/// Footers are made no smaller than this (design units) before they are cut.
const FOOTER_MIN_SIZE: f32 = 14.0;
/// Footers are broken over at most this many lines.
const FOOTER_LINES: usize = 2;
/// A footer longer than this (characters) is cut before it is laid out.
const FOOTER_CHARS: usize = 200;

/// Draws the footer `s` centred under the board: on one line with its baseline at
/// `baseline` when it fits the card, else broken over two lines at its " · " separators
/// (centred where the one line stands) or, failing that, smaller. It is measured in the face
/// it is drawn in, so it never leaves the card whatever its numbers or language.
fn footer(cv: &mut Canvas, s: &str, baseline: f32, (size, weight): (f32, Weight), colour: Rgba) {
    let Some(s) = text::sanitize(s, FOOTER_CHARS) else {
        return;
    };
    let block = wrap::layout(
        &s,
        (size, FOOTER_MIN_SIZE),
        DESIGN_W - 2.0 * MARGIN,
        FOOTER_LINES,
        |t, at| cv.text_width(t, at, weight),
    );
    // The middle of the lowercase letters stays where a one-line footer's would be.
    let middle = baseline - 0.35 * size;
    let line_h = block.size * 1.25;
    let n = block.lines.len() as f32;
    for (i, line) in block.lines.iter().enumerate() {
        let y = middle + 0.35 * block.size + (i as f32 - (n - 1.0) / 2.0) * line_h;
        cv.text(
            line,
            (DESIGN_W / 2.0, y),
            block.size,
            weight,
            colour,
            Align::Center,
        );
    }
}

/// What of `frame`, drawn `width` pixels wide, is drawn outside its card or cut: each text
/// whose ink leaves the card, and each word of the footer that is not drawn (a footer cut
/// with an ellipsis). Empty when the image is whole. The bot's tests hold every game's
/// longest footer to it, in both languages, at every width it draws.
pub fn texts_outside_card(frame: &BoardFrame, width: u32) -> Vec<String> {
    let (cv, footer) = match frame {
        BoardFrame::Square(v) => (draw_board(v, width), &v.counters),
        BoardFrame::Hex(v) => (draw_hex(v, width), &v.counters),
        BoardFrame::Pitch(v) => (draw_pitch(v, width), &v.counters),
    };
    // The card: the panel drawn MARGIN / 2 inside the image's edges.
    let (left, top) = (MARGIN / 2.0, MARGIN / 2.0);
    let (right, bottom) = (DESIGN_W - MARGIN / 2.0, cv.design_height() - MARGIN / 2.0);
    // Ink is measured in whole pixels: allow one pixel.
    let slack = DESIGN_W / width.clamp(360, 1600) as f32;
    let mut problems: Vec<String> = cv
        .texts()
        .iter()
        .filter(|t| {
            t.left < left - slack
                || t.right > right + slack
                || t.top < top - slack
                || t.bottom > bottom + slack
        })
        .map(|t| {
            format!(
                "“{}” is drawn from x {:.0} to {:.0}, y {:.0} to {:.0}, outside the card \
                 ({left:.0}–{right:.0} × {top:.0}–{bottom:.0}) at width {width}",
                t.text, t.left, t.right, t.top, t.bottom
            )
        })
        .collect();
    let drawn: Vec<&str> = cv.texts().iter().flat_map(|t| t.text.split(' ')).collect();
    let footer = text::sanitize(footer, FOOTER_CHARS).unwrap_or_default();
    for word in footer.split(' ').filter(|w| *w != "·") {
        if !drawn.contains(&word) {
            problems.push(format!(
                "the footer's “{word}” is not drawn at width {width} (“{footer}”)"
            ));
        }
    }
    problems
}

/// The palette entries every board image keeps exact.
fn seed() -> Vec<u32> {
    let mut s = theme::seed();
    for c in [
        LIGHT_SQ, DARK_SQ, GREEN, YELLOW, RED, STONE_W, STONE_B, MARK, GRASS_A, GRASS_B, CHALK,
    ] {
        s.push(u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2));
    }
    s
}

const LIGHT_SQ: Rgba = Rgba::hex(0xF3ECDD);
const DARK_SQ: Rgba = Rgba::hex(0xDCCFB6);
const GREEN: Rgba = Rgba::hex(0x2E9D57);
const YELLOW: Rgba = Rgba::hex(0xE8B923);
const RED: Rgba = Rgba::hex(0xD2412F);
const STONE_W: Rgba = Rgba::hex(0xFAFAF7);
const STONE_B: Rgba = Rgba::hex(0x262A33);
const MARK: Rgba = Rgba::hex(0x3B7DD8);
const FOG: Rgba = Rgba::hex(0x9BA3AE);
const ORANGE: Rgba = Rgba::hex(0xF08A24);
const GRASS_A: Rgba = Rgba::hex(0x4E9A3F);
const GRASS_B: Rgba = Rgba::hex(0x5AAA4A);
const CHALK: Rgba = Rgba::hex(0xF4F7F0);

fn header(cv: &mut Canvas, view: &BoardView) {
    let title = text::sanitize(&view.title, 48).unwrap_or_default();
    let title = cv.fit(&title, 30.0, Weight::Bold, DESIGN_W - 2.0 * MARGIN);
    cv.text(
        &title,
        (MARGIN + 8.0, 50.0),
        30.0,
        Weight::Bold,
        theme::INK,
        Align::Left,
    );
    // Two sides share the width in halves; three or four (Hidra) in thirds or quarters.
    let columns = view.sides.len().clamp(2, 4);
    let half = (DESIGN_W - 2.0 * MARGIN) / columns as f32;
    for (i, side) in view.sides.iter().take(columns).enumerate() {
        let x = MARGIN + 8.0 + half * i as f32;
        let y = 78.0;
        let active = view.to_move == Some(i);
        if active {
            cv.round_rect(
                (x - 6.0, y - 20.0, half - 12.0, 30.0),
                8.0,
                Some(MARK.alpha(40)),
                Some(Line::new(MARK, 2.0)),
            );
        }
        let mut tx = x;
        if let Some(p) = side.piece {
            piece(cv, p, (x + 10.0, y - 5.0), 10.0);
            tx += 26.0;
        }
        let name = text::sanitize(&side.name, 20).unwrap_or_else(|| "?".into());
        let label = if side.note.is_empty() {
            name
        } else {
            format!(
                "{name} · {}",
                text::sanitize(&side.note, 20).unwrap_or_default()
            )
        };
        let label = cv.fit(&label, 20.0, Weight::Bold, half - 40.0);
        cv.text(
            &label,
            (tx, y + 2.0),
            20.0,
            Weight::Bold,
            theme::INK,
            Align::Left,
        );
    }
    if let Some(status) = text::sanitize(&view.status, 80) {
        let status = cv.fit(&status, 18.0, Weight::Regular, DESIGN_W - 2.0 * MARGIN);
        cv.text(
            &status,
            (MARGIN + 8.0, 104.0),
            18.0,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Left,
        );
    }
}

fn squares(
    cv: &mut Canvas,
    view: &BoardView,
    (x0, y0): (f32, f32),
    cell: f32,
    files: u8,
    ranks: u8,
) {
    let top = |rank: u8| y0 + cell * f32::from(ranks - 1 - rank);
    for rank in 0..ranks {
        for file in 0..files {
            let (x, y) = (x0 + cell * f32::from(file), top(rank));
            let base = match view.surface {
                Surface::Board if (file + rank) % 2 == 0 => DARK_SQ,
                Surface::Board => LIGHT_SQ,
                // Mown stripes across the pitch, one per rank.
                Surface::Pitch if rank % 2 == 0 => GRASS_A,
                Surface::Pitch => GRASS_B,
            };
            cv.rect(x, y, cell, cell, base);
            let home = view.homes.iter().find(|(sq, _)| *sq == (file, rank));
            if let (Some((_, owner)), Surface::Pitch) = (home, view.surface) {
                goal_net(cv, (x, y), cell, colour(*owner));
            } else if let Some((_, owner)) = home {
                cv.rect(x, y, cell, cell, colour(*owner).alpha(70));
                cv.round_rect(
                    (x + 3.0, y + 3.0, cell - 6.0, cell - 6.0),
                    4.0,
                    None,
                    Some(Line::new(colour(*owner), 3.0).dashed(6.0, 4.0)),
                );
            }
            for (sq, mark) in &view.marks {
                if *sq != (file, rank) {
                    continue;
                }
                let (fill, width) = match mark {
                    Mark::From => (MARK.alpha(45), 2.0),
                    Mark::To => (MARK.alpha(90), 4.0),
                    Mark::Capture => (RED.alpha(70), 4.0),
                    // Shades: a fill, no outline.
                    Mark::Fog => {
                        cv.rect(x, y, cell, cell, FOG);
                        continue;
                    }
                    Mark::Dim => {
                        cv.rect(x, y, cell, cell, STONE_B.alpha(95));
                        continue;
                    }
                    Mark::Forbidden => {
                        cv.rect(x, y, cell, cell, ORANGE.alpha(110));
                        continue;
                    }
                    Mark::Path | Mark::Field => continue,
                };
                cv.rect(x, y, cell, cell, fill);
                cv.round_rect(
                    (x + width / 2.0, y + width / 2.0, cell - width, cell - width),
                    3.0,
                    None,
                    Some(Line::new(
                        if *mark == Mark::Capture { RED } else { MARK },
                        width,
                    )),
                );
            }
            let index = usize::from(rank) * usize::from(files) + usize::from(file);
            let fogged = view
                .marks
                .iter()
                .any(|(sq, m)| *sq == (file, rank) && *m == Mark::Fog);
            if let Some(Some(p)) = view.cells.get(index)
                && !fogged
            {
                piece(cv, *p, (x + cell / 2.0, y + cell / 2.0), cell * 0.36);
            }
        }
    }
    // The last move's path, from → to.
    let from = view
        .marks
        .iter()
        .find(|(_, m)| *m == Mark::From)
        .map(|(s, _)| *s);
    let to = view
        .marks
        .iter()
        .find(|(_, m)| matches!(m, Mark::To | Mark::Capture))
        .map(|(s, _)| *s);
    if let (Some(a), Some(b)) = (from, to) {
        let c = |(f, r): (u8, u8)| (x0 + cell * (f32::from(f) + 0.5), top(r) + cell / 2.0);
        let (pa, pb) = (c(a), c(b));
        cv.polyline(&[pa, pb], Line::new(MARK.alpha(170), 5.0));
        cv.circle(pa.0, pa.1, 5.0, Some(MARK), None);
    }
    // A field of view, outlined around the squares it covers (a rectangle cut by the
    // board's edge).
    let field = view.marks.iter().filter(|(_, m)| *m == Mark::Field);
    let (mut lo, mut hi) = ((u8::MAX, u8::MAX), (0u8, 0u8));
    for ((f, r), _) in field {
        lo = (lo.0.min(*f), lo.1.min(*r));
        hi = (hi.0.max(*f), hi.1.max(*r));
    }
    if lo.0 <= hi.0 && lo.1 <= hi.1 {
        let (x, y) = (x0 + cell * f32::from(lo.0), top(hi.1));
        let (w, h) = (
            cell * f32::from(hi.0 - lo.0 + 1),
            cell * f32::from(hi.1 - lo.1 + 1),
        );
        cv.round_rect(
            (x + 2.0, y + 2.0, w - 4.0, h - 4.0),
            4.0,
            None,
            Some(Line::new(MARK, 3.0).dashed(8.0, 5.0)),
        );
    }
    if view.surface == Surface::Pitch {
        pitch_lines(cv, view, (x0, y0), cell, files, ranks);
    }
    let path: Vec<(f32, f32)> = view
        .marks
        .iter()
        .filter(|(_, m)| *m == Mark::Path)
        .map(|((f, r), _)| (x0 + cell * (f32::from(*f) + 0.5), top(*r) + cell / 2.0))
        .collect();
    ball_path(cv, &path, cell);
    labels(cv, view, (x0, y0), cell, ranks);
    walls(cv, view, (x0, y0), cell, ranks);
    cv.round_rect(
        (x0, y0, cell * f32::from(files), cell * f32::from(ranks)),
        2.0,
        None,
        Some(Line::new(theme::OUTLINE, 2.0)),
    );
}

/// A goal on a pitch: the square tinted in the defending side's colour under a chalk net.
fn goal_net(cv: &mut Canvas, (x, y): (f32, f32), cell: f32, owner: Rgba) {
    cv.rect(x, y, cell, cell, owner.alpha(80));
    let mesh = Line::new(CHALK.alpha(120), 1.5);
    for k in 1..4 {
        let t = cell * k as f32 / 4.0;
        cv.polyline(&[(x + t, y), (x + t, y + cell)], mesh);
        cv.polyline(&[(x, y + t), (x + cell, y + t)], mesh);
    }
}

/// The chalk of a pitch: the touchlines round it, the halfway line and the centre circle,
/// and a goal line wherever a home square meets a square of play.
fn pitch_lines(
    cv: &mut Canvas,
    view: &BoardView,
    (x0, y0): (f32, f32),
    cell: f32,
    files: u8,
    ranks: u8,
) {
    let chalk = Line::new(CHALK, 3.0);
    let (w, h) = (cell * f32::from(files), cell * f32::from(ranks));
    let mid = y0 + h / 2.0;
    cv.polyline(&[(x0, mid), (x0 + w, mid)], chalk);
    cv.circle(x0 + w / 2.0, mid, cell * 0.9, None, Some(chalk));
    cv.circle(x0 + w / 2.0, mid, 4.0, Some(CHALK), None);
    let is_home = |f: i16, r: i16| {
        view.homes
            .iter()
            .any(|((hf, hr), _)| i16::from(*hf) == f && i16::from(*hr) == r)
    };
    let on_board =
        |f: i16, r: i16| f >= 0 && r >= 0 && f < i16::from(files) && r < i16::from(ranks);
    let goal_line = Line::new(CHALK, 5.0);
    for ((f, r), _) in &view.homes {
        let (f, r) = (i16::from(*f), i16::from(*r));
        let x = x0 + cell * f32::from(f as u8);
        let y = y0 + cell * f32::from((i16::from(ranks) - 1 - r) as u8);
        for (df, dr, a, b) in [
            (0, 1, (x, y), (x + cell, y)),
            (0, -1, (x, y + cell), (x + cell, y + cell)),
            (-1, 0, (x, y), (x, y + cell)),
            (1, 0, (x + cell, y), (x + cell, y + cell)),
        ] {
            if on_board(f + df, r + dr) && !is_home(f + df, r + dr) {
                cv.polyline(&[a, b], goal_line);
            }
        }
    }
    cv.round_rect((x0, y0, w, h), 2.0, None, Some(Line::new(CHALK, 4.0)));
}

/// The ball's path through `points` (start, bounces, stop): a dashed chalk line on a dark
/// edge, ending in an arrowhead just short of the ball.
fn ball_path(cv: &mut Canvas, points: &[(f32, f32)], cell: f32) {
    let [.., before, end] = points else {
        return;
    };
    let (dx, dy) = (end.0 - before.0, end.1 - before.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let tip = (end.0 - ux * cell * 0.3, end.1 - uy * cell * 0.3);
    let mut line = points[..points.len() - 1].to_vec();
    line.push(tip);
    cv.polyline(&line, Line::new(theme::INK.alpha(150), 8.0));
    cv.polyline(&line, Line::new(CHALK, 4.0).dashed(10.0, 6.0));
    let s = cell * 0.16;
    cv.polygon(
        &[
            (tip.0 + ux * s, tip.1 + uy * s),
            (tip.0 - ux * s - uy * s, tip.1 - uy * s + ux * s),
            (tip.0 - ux * s + uy * s, tip.1 - uy * s - ux * s),
        ],
        CHALK,
    );
}

/// The labels: each square's lines centred on it, small enough for four lines.
fn labels(cv: &mut Canvas, view: &BoardView, (x0, y0): (f32, f32), cell: f32, ranks: u8) {
    let size = (cell / 6.5).clamp(11.0, 18.0);
    for ((file, rank), text) in &view.labels {
        if *file >= view.files || *rank >= ranks {
            continue;
        }
        let lines: Vec<String> = text
            .lines()
            .take(4)
            .filter_map(|l| text::sanitize(l, 16))
            .collect();
        let x = x0 + cell * (f32::from(*file) + 0.5);
        let top = y0 + cell * f32::from(ranks - 1 - rank);
        let lead = size * 1.2;
        let first = top + cell / 2.0 - lead * (lines.len() as f32 - 1.0) / 2.0 + size * 0.35;
        for (i, line) in lines.iter().enumerate() {
            let line = cv.fit(line, size, Weight::Bold, cell - 8.0);
            cv.text(
                &line,
                (x, first + lead * i as f32),
                size,
                Weight::Bold,
                theme::INK,
                Align::Center,
            );
        }
    }
}

/// The walls: a thick dark bar along each walled edge.
fn walls(cv: &mut Canvas, view: &BoardView, (x0, y0): (f32, f32), cell: f32, ranks: u8) {
    let w = (cell * 0.07).max(3.0);
    for ((file, rank), edge) in &view.walls {
        if *file >= view.files || *rank >= ranks {
            continue;
        }
        let (x, y) = (
            x0 + cell * f32::from(*file),
            y0 + cell * f32::from(ranks - 1 - rank),
        );
        let (rx, ry, rw, rh) = match edge {
            Edge::North => (x, y, cell, w),
            Edge::South => (x, y + cell - w, cell, w),
            Edge::West => (x, y, w, cell),
            Edge::East => (x + cell - w, y, w, cell),
        };
        cv.rect(rx, ry, rw, rh, STONE_B);
    }
}

fn coordinates(cv: &mut Canvas, (x0, y0): (f32, f32), cell: f32, files: u8, ranks: u8) {
    let size = 17.0;
    let (bw, bh) = (cell * f32::from(files), cell * f32::from(ranks));
    for file in 0..files {
        let name = char::from(b'a' + file).to_string();
        let x = x0 + cell * (f32::from(file) + 0.5);
        for y in [y0 - 8.0, y0 + bh + 20.0] {
            cv.text(
                &name,
                (x, y),
                size,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Center,
            );
        }
    }
    for rank in 0..ranks {
        let name = (rank + 1).to_string();
        let y = y0 + cell * f32::from(ranks - 1 - rank) + cell / 2.0 + 6.0;
        cv.text(
            &name,
            (x0 - 12.0, y),
            size,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Center,
        );
        cv.text(
            &name,
            (x0 + bw + 12.0, y),
            size,
            Weight::Bold,
            theme::INK_SOFT,
            Align::Center,
        );
    }
}

/// The main colour of a piece (also its owner's colour for homes).
fn colour(p: Piece) -> Rgba {
    match p {
        Piece::White | Piece::Dog | Piece::Runner | Piece::Ball => STONE_W,
        Piece::Black | Piece::Cat | Piece::Block => STONE_B,
        Piece::Green => GREEN,
        Piece::Yellow => YELLOW,
        Piece::Red => RED,
    }
}

/// Draws `p` centred on `(cx, cy)` with radius `r`; every piece has a dark outline so it
/// reads on light and dark chat themes alike.
/// Draws piece `p` of radius `r` centred at `(cx, cy)`, through the sprite cache: a full
/// board has dozens of pieces of a few kinds, each of several anti-aliased paths, and
/// copying one drawing is what keeps the image within its time budget.
fn piece(cv: &mut Canvas, p: Piece, (cx, cy): (f32, f32), r: f32) {
    let key = SpriteKey {
        icon: PIECE_SPRITES,
        variant: p as u8,
    };
    cv.sprite(key, (cx, cy), 2.0 * r, |cv, x, y, size| {
        piece_raw(cv, p, (x, y), size / 2.0)
    });
}

/// The sprite-cache icon number of the board pieces (the variant is the piece).
const PIECE_SPRITES: u8 = 20;
/// The sprite-cache icon number of Produto's cells (the variant: marked or not).
const HEX_SPRITES: u8 = 21;

/// Draws piece `p` of radius `r` centred at `(cx, cy)`.
fn piece_raw(cv: &mut Canvas, p: Piece, (cx, cy): (f32, f32), r: f32) {
    let edge = Line::new(theme::INK, (r / 9.0).max(1.5));
    match p {
        Piece::White | Piece::Black | Piece::Green | Piece::Yellow | Piece::Red => {
            // Flat stones with a crisp edge: a highlight would cost a tenth of the bytes.
            cv.circle(cx, cy, r, Some(colour(p)), Some(edge));
        }
        Piece::Cat => {
            for side in [-1.0, 1.0] {
                cv.polygon(
                    &[
                        (cx + side * r * 0.85, cy - r * 0.25),
                        (cx + side * r * 0.75, cy - r * 1.05),
                        (cx + side * r * 0.2, cy - r * 0.75),
                    ],
                    STONE_B,
                );
            }
            cv.circle(cx, cy, r * 0.85, Some(STONE_B), Some(edge));
            for side in [-1.0, 1.0] {
                cv.circle(
                    cx + side * r * 0.32,
                    cy - r * 0.1,
                    r * 0.13,
                    Some(YELLOW),
                    None,
                );
            }
        }
        Piece::Dog => {
            for side in [-1.0, 1.0] {
                cv.circle(
                    cx + side * r * 0.78,
                    cy - r * 0.2,
                    r * 0.36,
                    Some(Rgba::hex(0x8A6A45)),
                    Some(edge),
                );
            }
            cv.circle(cx, cy, r * 0.8, Some(STONE_W), Some(edge));
            for side in [-1.0, 1.0] {
                cv.circle(
                    cx + side * r * 0.28,
                    cy - r * 0.12,
                    r * 0.1,
                    Some(STONE_B),
                    None,
                );
            }
            cv.circle(cx, cy + r * 0.25, r * 0.16, Some(STONE_B), None);
        }
        Piece::Runner => {
            cv.circle(
                cx,
                cy,
                r * 1.05,
                Some(STONE_W),
                Some(Line::new(theme::INK, (r / 5.0).max(2.0))),
            );
            cv.circle(cx, cy, r * 0.3, Some(theme::INK), None);
        }
        Piece::Block => {
            let s = r * 1.5;
            cv.round_rect(
                (cx - s / 2.0, cy - s / 2.0, s, s),
                r * 0.2,
                Some(STONE_B),
                Some(edge),
            );
        }
        Piece::Ball => {
            let r = r * 0.72;
            cv.circle(cx, cy, r, Some(STONE_W), Some(edge));
            let corner = |k: usize, at: f32| {
                let a = std::f32::consts::PI * (0.4 * k as f32 - 0.5);
                (cx + at * a.cos(), cy + at * a.sin())
            };
            let pentagon: Vec<(f32, f32)> = (0..5).map(|k| corner(k, r * 0.36)).collect();
            cv.polygon(&pentagon, STONE_B);
            for k in 0..5 {
                cv.polyline(&[corner(k, r * 0.36), corner(k, r * 0.95)], edge);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> BoardView {
        let mut cells = vec![None; 49];
        cells[0] = Some(Piece::White);
        cells[48] = Some(Piece::Black);
        cells[24] = Some(Piece::Runner);
        cells[10] = Some(Piece::Block);
        BoardView {
            title: "Avanço #1 · turn 3".into(),
            files: 7,
            ranks: 7,
            cells,
            marks: vec![((3, 2), Mark::From), ((3, 3), Mark::To)],
            homes: vec![((0, 0), Piece::White), ((6, 6), Piece::Black)],
            sides: vec![
                Side {
                    name: "ana".into(),
                    piece: Some(Piece::White),
                    note: "White".into(),
                },
                Side {
                    name: "bo".into(),
                    piece: Some(Piece::Black),
                    note: "Black".into(),
                },
            ],
            to_move: Some(1),
            status: "bo to move".into(),
            counters: "white 14 · black 13".into(),
            surface: Surface::Board,
            walls: Vec::new(),
            labels: Vec::new(),
        }
    }

    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut dec = png::Decoder::new(std::io::Cursor::new(png));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        (info.width, info.height, buf)
    }

    #[test]
    fn a_board_image_is_a_small_png_with_its_pieces_and_marks() {
        let png = render_board_png(&view(), None);
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() < 40 * 1024, "{} bytes", png.len());
        let (w, h, rgb) = decode(&png);
        assert_eq!(w, BOARD_WIDTH);
        assert!(h > 500, "{h}");
        // The mark colour and a green-free board: the marked square is tinted blue.
        let has = |c: Rgba| rgb.chunks(3).any(|p| p == [c.0, c.1, c.2]);
        assert!(has(MARK), "the last move is marked");
        assert!(has(STONE_B), "black pieces are drawn");
        assert!(!has(GREEN), "no traffic light on this board");
        // Wider output, same picture.
        let (w2, _, _) = decode(&render_board_png(&view(), Some(1080)));
        assert_eq!(w2, 1080);
    }

    #[test]
    fn the_same_view_draws_the_same_bytes() {
        assert_eq!(
            render_board_png(&view(), None),
            render_board_png(&view(), None)
        );
        let mut other = view();
        other.cells[30] = Some(Piece::Green);
        assert_ne!(
            render_board_png(&view(), None),
            render_board_png(&other, None)
        );
    }
}

/// Everything the image of Produto's hexagon shows; the bot fills it from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexView {
    /// The title.
    pub title: String,
    /// Rows from the bottom (`a`), each its cells from the left: what stands there.
    pub rows: Vec<Vec<Option<Piece>>>,
    /// Cells of the last turn, as `(row, index in row)`.
    pub marks: Vec<(usize, usize)>,
    /// Cells outlined as a colour's scoring groups, with the colour role.
    pub groups: Vec<((usize, usize), Piece)>,
    /// The two sides, seat order.
    pub sides: Vec<Side>,
    /// The seat to move (`None` once over).
    pub to_move: Option<usize>,
    /// Whose turn, or the result.
    pub status: String,
    /// The live score, one line.
    pub counters: String,
}

/// Draws a [`HexView`] as an indexed PNG `width` pixels wide (default [`BOARD_WIDTH`]).
pub fn render_hex_png(view: &HexView, width: Option<u32>) -> Vec<u8> {
    encode_png(draw_hex(view, width.unwrap_or(BOARD_WIDTH)))
}

/// Draws a hex board `width` pixels wide (clamped to 360–1600).
fn draw_hex(view: &HexView, width: u32) -> Canvas {
    let width = width.clamp(360, 1600);
    let rows = view.rows.len().clamp(1, 19);
    let widest = view.rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    // Pointy-top hexagons: horizontal step = r·√3, vertical step = 1.5·r.
    let r = ((DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL) / (widest as f32 * 3f32.sqrt())).min(36.0);
    let step_x = r * 3f32.sqrt();
    let step_y = r * 1.5;
    let board_h = step_y * (rows as f32 - 1.0) + 2.0 * r;
    let total_h = HEADER_H + LABEL + board_h + LABEL + FOOTER_H + MARGIN;
    let mut cv = Canvas::new(width, DESIGN_W, total_h, theme::PAGE);
    cv.round_rect(
        (
            MARGIN / 2.0,
            MARGIN / 2.0,
            DESIGN_W - MARGIN,
            total_h - MARGIN,
        ),
        14.0,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 2.0)),
    );
    let header_view = BoardView {
        title: view.title.clone(),
        files: 1,
        ranks: 1,
        cells: Vec::new(),
        marks: Vec::new(),
        homes: Vec::new(),
        sides: view.sides.clone(),
        to_move: view.to_move,
        status: view.status.clone(),
        counters: String::new(),
        surface: Surface::Board,
        walls: Vec::new(),
        labels: Vec::new(),
    };
    header(&mut cv, &header_view);
    let top = HEADER_H + LABEL + r;
    let centre = |row: usize, i: usize| {
        let len = view.rows[row].len() as f32;
        let x = DESIGN_W / 2.0 + (i as f32 - (len - 1.0) / 2.0) * step_x;
        let y = top + (rows - 1 - row) as f32 * step_y;
        (x, y)
    };
    let hexagon = |(x, y): (f32, f32), s: f32| -> Vec<(f32, f32)> {
        (0..6)
            .map(|k| {
                let a = std::f32::consts::PI / 180.0 * (60.0 * k as f32 - 90.0);
                (x + s * a.cos(), y + s * a.sin())
            })
            .collect()
    };
    for (row, cells) in view.rows.iter().enumerate().take(rows) {
        let letter = char::from(b'a' + row as u8).to_string();
        let (lx, ly) = centre(row, 0);
        let (rx, _) = centre(row, cells.len().saturating_sub(1));
        for x in [lx - step_x * 0.85, rx + step_x * 0.85] {
            cv.text(
                &letter,
                (x, ly + 6.0),
                17.0,
                Weight::Bold,
                theme::INK_SOFT,
                Align::Center,
            );
        }
        for (i, cell) in cells.iter().enumerate() {
            let c = centre(row, i);
            let marked = view.marks.contains(&(row, i));
            // A scoring group's cells are tinted in its colour's marker (blue for Black,
            // red for White); the last turn's cells are marked with a dot below.
            let ring = view
                .groups
                .iter()
                .find(|(at, _)| *at == (row, i))
                .map(|(_, owner)| if *owner == Piece::Black { MARK } else { RED });
            let fill = match ring {
                Some(tint) => LIGHT_SQ.mix(tint, 0.3),
                None => LIGHT_SQ,
            };
            let tile = SpriteKey {
                icon: HEX_SPRITES,
                variant: ring.map_or(0, |c| if c == MARK { 1 } else { 2 }),
            };
            cv.sprite(tile, c, 2.0 * r, |cv, x, y, size| {
                let r = size / 2.0;
                cv.polygon(&hexagon((x, y), r * 0.98), DARK_SQ);
                cv.polygon(&hexagon((x, y), r * 0.9), fill);
            });
            match cell {
                Some(p) => piece(&mut cv, *p, c, r * 0.62),
                None => {
                    let name = format!("{letter}{}", i + 1);
                    cv.text(
                        &name,
                        (c.0, c.1 + 5.0),
                        13.0,
                        Weight::Regular,
                        theme::FAINT,
                        Align::Center,
                    );
                }
            }
            if marked {
                cv.circle(c.0, c.1, r * 0.16, Some(MARK), None);
            }
        }
    }
    footer(
        &mut cv,
        &view.counters,
        HEADER_H + LABEL + board_h + LABEL + 20.0,
        (20.0, Weight::Bold),
        theme::INK,
    );
    cv
}

/// One frame of a board game's replay: a square board or a hex board.
#[derive(Clone, Debug)]
pub enum BoardFrame {
    /// A square board.
    Square(BoardView),
    /// A hexagonal board.
    Hex(HexView),
    /// A football pitch (SAGES).
    Pitch(PitchView),
}

/// The replay of a board game: the start and every turn after it (`frames`), `width` pixels
/// wide (360–1600), as an animated GIF built like Labscape's (only the changed box of each
/// frame, one palette, at most [`MAX_REPLAY_BYTES`](crate::MAX_REPLAY_BYTES): a longer game
/// shows every k-th turn and says so in `lang` on its first frame); `None` without frames.
pub fn render_board_gif(frames: &[BoardFrame], width: u32, lang: Lang) -> Option<Vec<u8>> {
    let width = width.clamp(360, 1600);
    let turns = frames.len().checked_sub(1)?;
    let mut replay = crate::draw::gif::Replay::exactly(width, turns, lang);
    for f in frames {
        if !replay.wants() {
            replay.skip();
            continue;
        }
        replay.push_with(|width| {
            let cv = match f {
                BoardFrame::Square(v) => draw_board(v, width),
                BoardFrame::Hex(v) => draw_hex(v, width),
                BoardFrame::Pitch(v) => draw_pitch(v, width),
            };
            vec![cv.pix]
        });
    }
    Some(replay.finish())
}

#[cfg(test)]
mod hex_tests {
    use super::*;

    #[test]
    fn the_hexagon_draws_a_small_png() {
        let rows: Vec<Vec<Option<Piece>>> = [5, 6, 7, 8, 9, 8, 7, 6, 5]
            .iter()
            .enumerate()
            .map(|(r, n)| {
                (0..*n)
                    .map(|i| ((r + i) % 3 == 0).then_some(Piece::Black))
                    .collect()
            })
            .collect();
        let view = HexView {
            title: "Produto #1".into(),
            rows,
            marks: vec![(4, 4)],
            groups: vec![((0, 0), Piece::Black)],
            sides: vec![
                Side {
                    name: "ana".into(),
                    piece: Some(Piece::Black),
                    note: "Black".into(),
                },
                Side {
                    name: "bo".into(),
                    piece: Some(Piece::White),
                    note: "White".into(),
                },
            ],
            to_move: Some(0),
            status: "ana to move".into(),
            counters: "Black 4 × 3 = 12 · White 0".into(),
        };
        let png = render_hex_png(&view, None);
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() < 40 * 1024, "{}", png.len());
        assert_eq!(png, render_hex_png(&view, None));
    }
}

/// What a square of a football pitch is (SAGES).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// Grass: the field of play.
    Grass,
    /// A goal square (the net).
    Goal,
    /// Out of play: a man may stand there, the ball never stops there.
    OutOfPlay,
}

/// Everything the image of a football pitch shows (SAGES); the bot fills it from a
/// position: the terrain, the men, the ball, the last action as a path (the man's step and
/// the ball's way with its bounces), the score and whose turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PitchView {
    /// The title.
    pub title: String,
    /// Files across.
    pub files: u8,
    /// Ranks up.
    pub ranks: u8,
    /// The terrain of each square, rank 1 first, file a first within a rank.
    pub ground: Vec<Ground>,
    /// The men on each square, same order (`Piece::White`, `Piece::Black`).
    pub cells: Vec<Option<Piece>>,
    /// The ball's square, as `(file, rank)`.
    pub ball: Option<(u8, u8)>,
    /// The last man's step: from, to.
    pub step: Option<((u8, u8), (u8, u8))>,
    /// The ball's way on the last kick: its start, each square where it turned, its stop.
    pub ball_way: Vec<(u8, u8)>,
    /// A goal square just scored on (drawn ringed, also after the pitch was reset).
    pub scored: Option<(u8, u8)>,
    /// The two sides, seat order.
    pub sides: Vec<Side>,
    /// The seat to move (`None` once over).
    pub to_move: Option<usize>,
    /// Whose turn, or the result.
    pub status: String,
    /// The score, one line.
    pub counters: String,
}

const GRASS: Rgba = Rgba::hex(0x3F9B4B);
const GRASS_STRIPE: Rgba = Rgba::hex(0x4BA857);
const TRACK: Rgba = Rgba::hex(0xC8B89A);
const NET: Rgba = Rgba::hex(0xDDE3E6);
const BALL_WAY: Rgba = Rgba::hex(0xFFC928);

/// Draws a [`PitchView`] as an indexed PNG `width` pixels wide (default [`BOARD_WIDTH`]).
pub fn render_pitch_png(view: &PitchView, width: Option<u32>) -> Vec<u8> {
    let cv = draw_pitch(view, width.unwrap_or(BOARD_WIDTH));
    let mut seed = seed();
    for c in [GRASS, GRASS_STRIPE, TRACK, CHALK, NET, BALL_WAY] {
        seed.push(u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2));
    }
    let png = encode::indexed_png(&cv.pix, &seed);
    encode::recycle(cv.pix);
    png
}

/// Draws a pitch `width` pixels wide (clamped to 360–1600).
fn draw_pitch(view: &PitchView, width: u32) -> Canvas {
    let width = width.clamp(360, 1600);
    let files = view.files.clamp(1, 26);
    let ranks = view.ranks.clamp(1, 26);
    let cell = (DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL) / f32::from(files);
    let (board_w, board_h) = (cell * f32::from(files), cell * f32::from(ranks));
    let total_h = HEADER_H + 2.0 * LABEL + board_h + FOOTER_H + MARGIN;
    let mut cv = Canvas::new(width, DESIGN_W, total_h, theme::PAGE);
    cv.round_rect(
        (
            MARGIN / 2.0,
            MARGIN / 2.0,
            DESIGN_W - MARGIN,
            total_h - MARGIN,
        ),
        14.0,
        Some(theme::PANEL),
        Some(Line::new(theme::PANEL_EDGE, 2.0)),
    );
    header(
        &mut cv,
        &BoardView {
            surface: Surface::Board,
            walls: Vec::new(),
            labels: Vec::new(),
            title: view.title.clone(),
            files: 1,
            ranks: 1,
            cells: Vec::new(),
            marks: Vec::new(),
            homes: Vec::new(),
            sides: view.sides.clone(),
            to_move: view.to_move,
            status: view.status.clone(),
            counters: String::new(),
        },
    );
    let x0 = (DESIGN_W - board_w) / 2.0;
    let y0 = HEADER_H + LABEL;
    let at = |(f, r): (u8, u8)| {
        (
            x0 + cell * f32::from(f),
            y0 + cell * f32::from(ranks - 1 - r),
        )
    };
    let centre = |sq: (u8, u8)| {
        let (x, y) = at(sq);
        (x + cell / 2.0, y + cell / 2.0)
    };
    let ground = |f: u8, r: u8| {
        view.ground
            .get(usize::from(r) * usize::from(files) + usize::from(f))
            .copied()
            .unwrap_or(Ground::Grass)
    };
    // The terrain: striped grass, the track out of play, the nets.
    for r in 0..ranks {
        for f in 0..files {
            let (x, y) = at((f, r));
            match ground(f, r) {
                Ground::Grass => {
                    let c = if r % 2 == 0 { GRASS } else { GRASS_STRIPE };
                    cv.rect(x, y, cell, cell, c);
                }
                Ground::OutOfPlay => cv.rect(x, y, cell, cell, TRACK),
                Ground::Goal => {
                    cv.rect(x, y, cell, cell, NET);
                    for k in 1..4 {
                        let d = cell * k as f32 / 4.0;
                        cv.rect(x + d - 0.5, y, 1.0, cell, theme::FAINT);
                        cv.rect(x, y + d - 0.5, cell, 1.0, theme::FAINT);
                    }
                }
            }
        }
    }
    // The chalk: round each grass square's edge that meets another terrain (the touch
    // and goal lines), the halfway line and the centre circle.
    let chalk = Line::new(CHALK, 3.0).square();
    for r in 0..ranks {
        for f in 0..files {
            if ground(f, r) != Ground::Grass {
                continue;
            }
            let (x, y) = at((f, r));
            let other = |df: i8, dr: i8| {
                let (nf, nr) = (f as i8 + df, r as i8 + dr);
                nf < 0
                    || nr < 0
                    || nf >= files as i8
                    || nr >= ranks as i8
                    || ground(nf as u8, nr as u8) != Ground::Grass
            };
            if other(0, 1) {
                cv.polyline(&[(x, y), (x + cell, y)], chalk);
            }
            if other(0, -1) {
                cv.polyline(&[(x, y + cell), (x + cell, y + cell)], chalk);
            }
            if other(-1, 0) {
                cv.polyline(&[(x, y), (x, y + cell)], chalk);
            }
            if other(1, 0) {
                cv.polyline(&[(x + cell, y), (x + cell, y + cell)], chalk);
            }
        }
    }
    let mid = (files / 2, ranks / 2);
    let (cx, cy) = centre(mid);
    let grass_files: Vec<u8> = (0..files)
        .filter(|f| ground(*f, mid.1) == Ground::Grass)
        .collect();
    if let (Some(first), Some(last)) = (grass_files.first(), grass_files.last()) {
        let (xa, _) = at((*first, mid.1));
        let (xb, _) = at((*last, mid.1));
        let thin = Line::new(CHALK.alpha(200), 2.0);
        cv.polyline(&[(xa, cy), (xb + cell, cy)], thin);
        cv.circle(cx, cy, cell * 1.8, None, Some(thin));
    }
    // The goal frames: a bold line on the goal side of each goal square.
    for r in 0..ranks {
        for f in 0..files {
            if ground(f, r) == Ground::Goal {
                let (x, y) = at((f, r));
                let edge = if r == 0 { y + cell } else { y };
                cv.polyline(
                    &[(x, edge), (x + cell, edge)],
                    Line::new(CHALK, 5.0).square(),
                );
            }
        }
    }
    if let Some(sq) = view.scored {
        let (x, y) = at(sq);
        cv.round_rect(
            (x + 2.0, y + 2.0, cell - 4.0, cell - 4.0),
            4.0,
            Some(BALL_WAY.alpha(90)),
            Some(Line::new(RED, 4.0)),
        );
    }
    // The last action: the man's step, then the ball's way over it.
    if let Some((from, to)) = view.step {
        let (x, y) = at(from);
        cv.round_rect(
            (x + 2.0, y + 2.0, cell - 4.0, cell - 4.0),
            3.0,
            Some(MARK.alpha(60)),
            Some(Line::new(MARK, 2.0)),
        );
        let (a, b) = (centre(from), centre(to));
        cv.polyline(&[a, b], Line::new(MARK.alpha(200), 5.0));
        cv.circle(a.0, a.1, 5.0, Some(MARK), None);
    }
    if view.ball_way.len() >= 2 {
        let points: Vec<(f32, f32)> = view.ball_way.iter().map(|s| centre(*s)).collect();
        cv.polyline(&points, Line::new(theme::INK.alpha(120), 7.0));
        cv.polyline(&points, Line::new(BALL_WAY, 4.0).dashed(9.0, 5.0));
        for p in &points[1..points.len() - 1] {
            cv.circle(
                p.0,
                p.1,
                6.0,
                Some(BALL_WAY),
                Some(Line::new(theme::INK, 2.0)),
            );
        }
    }
    // The men and the ball.
    for r in 0..ranks {
        for f in 0..files {
            let index = usize::from(r) * usize::from(files) + usize::from(f);
            if let Some(Some(p)) = view.cells.get(index) {
                piece(&mut cv, *p, centre((f, r)), cell * 0.37);
            }
        }
    }
    if let Some(sq) = view.ball {
        let (bx, by) = centre(sq);
        let r = cell * 0.27;
        cv.circle(bx, by, r, Some(CHALK), Some(Line::new(theme::INK, 2.0)));
        let spot: Vec<(f32, f32)> = (0..5)
            .map(|k| {
                let a = std::f32::consts::PI * (0.4 * k as f32 - 0.5);
                (bx + r * 0.45 * a.cos(), by + r * 0.45 * a.sin())
            })
            .collect();
        cv.polygon(&spot, theme::INK);
    }
    cv.round_rect(
        (x0, y0, board_w, board_h),
        2.0,
        None,
        Some(Line::new(theme::OUTLINE, 2.0)),
    );
    coordinates(&mut cv, (x0, y0), cell, files, ranks);
    footer(
        &mut cv,
        &view.counters,
        y0 + board_h + LABEL + 36.0,
        (22.0, Weight::Bold),
        theme::INK,
    );
    cv
}

#[cfg(test)]
mod pitch_tests {
    use super::*;

    /// A 15×15 pitch like SAGES': goals f1–j1 and f15–j15, out of play around.
    fn view() -> PitchView {
        let mut ground = Vec::new();
        for r in 0..15u8 {
            for f in 0..15u8 {
                ground.push(if r == 0 || r == 14 {
                    if (5..=9).contains(&f) {
                        Ground::Goal
                    } else {
                        Ground::OutOfPlay
                    }
                } else if f == 0 || f == 14 || ((r == 1 || r == 13) && (f == 1 || f == 13)) {
                    Ground::OutOfPlay
                } else {
                    Ground::Grass
                });
            }
        }
        let mut cells = vec![None; 225];
        for (f, r) in [(7, 0), (3, 2), (7, 2), (11, 2), (3, 4), (11, 4)] {
            cells[r * 15 + f] = Some(Piece::White);
            cells[(14 - r) * 15 + f] = Some(Piece::Black);
        }
        cells[7 * 15 + 7] = Some(Piece::White);
        PitchView {
            title: "SAGES #1 · 2".into(),
            files: 15,
            ranks: 15,
            ground,
            cells,
            ball: Some((10, 9)),
            step: Some(((7, 4), (7, 7))),
            ball_way: vec![(7, 7), (7, 9), (10, 9)],
            scored: None,
            sides: vec![
                Side {
                    name: "ana".into(),
                    piece: Some(Piece::White),
                    note: "White 0".into(),
                },
                Side {
                    name: "bo".into(),
                    piece: Some(Piece::Black),
                    note: "Black 0".into(),
                },
            ],
            to_move: Some(1),
            status: "bo to move".into(),
            counters: "White 0 – 0 Black · first to 5".into(),
        }
    }

    #[test]
    fn the_pitch_draws_a_small_png_with_grass_track_nets_and_the_balls_way() {
        let png = render_pitch_png(&view(), None);
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() < 40 * 1024, "{} bytes", png.len());
        let mut dec = png::Decoder::new(std::io::Cursor::new(&png));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        assert_eq!(info.width, BOARD_WIDTH);
        let has = |c: Rgba| buf.chunks(3).any(|p| p == [c.0, c.1, c.2]);
        for (c, what) in [
            (GRASS, "grass"),
            (TRACK, "out of play"),
            (NET, "goals"),
            (BALL_WAY, "the ball's way"),
            (MARK, "the man's step"),
        ] {
            assert!(has(c), "{what}");
        }
        assert_eq!(png, render_pitch_png(&view(), None), "the same bytes");
        let mut other = view();
        other.ball_way.clear();
        assert!(
            !buf.is_empty() && render_pitch_png(&other, None) != png,
            "the way is drawn"
        );
    }
}
