//! The image of a two-player board game (Semáforo, Gatos & Cães, Rastros, Avanço): a
//! game-neutral [`BoardView`] the bot fills from a position — the squares and what stands
//! on them, the last move, the home squares, the players and whose turn it is, the counters,
//! the result — drawn with the same canvas, font, palette and PNG encoder as Labscape's
//! image, so every game looks like one family.
//!
//! Text comes already worded in the reader's language: the renderer knows no game.

use crate::{
    draw::canvas::{Align, Canvas, Line, Rgba, SpriteKey},
    draw::encode,
    draw::text::{self, Weight},
    draw::theme,
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
    if let Some(counters) = text::sanitize(&view.counters, 80) {
        let line = cv.fit(&counters, 20.0, Weight::Regular, DESIGN_W - 2.0 * MARGIN);
        cv.text(
            &line,
            (DESIGN_W / 2.0, y0 + board_h + LABEL + 34.0),
            20.0,
            Weight::Regular,
            theme::INK_SOFT,
            Align::Center,
        );
    }
    cv
}

/// The palette entries every board image keeps exact.
fn seed() -> Vec<u32> {
    let mut s = theme::seed();
    for c in [
        LIGHT_SQ, DARK_SQ, GREEN, YELLOW, RED, STONE_W, STONE_B, MARK,
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
            let base = if (file + rank) % 2 == 0 {
                DARK_SQ
            } else {
                LIGHT_SQ
            };
            cv.rect(x, y, cell, cell, base);
            if let Some((_, owner)) = view.homes.iter().find(|(sq, _)| *sq == (file, rank)) {
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
    labels(cv, view, (x0, y0), cell, ranks);
    walls(cv, view, (x0, y0), cell, ranks);
    cv.round_rect(
        (x0, y0, cell * f32::from(files), cell * f32::from(ranks)),
        2.0,
        None,
        Some(Line::new(theme::OUTLINE, 2.0)),
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
        Piece::White | Piece::Dog | Piece::Runner => STONE_W,
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
    if let Some(counters) = text::sanitize(&view.counters, 80) {
        let line = cv.fit(&counters, 20.0, Weight::Regular, DESIGN_W - 2.0 * MARGIN);
        cv.text(
            &line,
            (DESIGN_W / 2.0, HEADER_H + LABEL + board_h + LABEL + 20.0),
            20.0,
            Weight::Bold,
            theme::INK,
            Align::Center,
        );
    }
    cv
}

/// One frame of a board game's replay: a square board or a hex board.
#[derive(Clone, Debug)]
pub enum BoardFrame {
    /// A square board.
    Square(BoardView),
    /// A hexagonal board.
    Hex(HexView),
}

/// The replay of a board game: one frame per turn, `width` pixels wide (360–1600), as an
/// animated GIF built like Labscape's (only the changed box of each frame, one palette);
/// `None` without frames.
pub fn render_board_gif(frames: &[BoardFrame], width: u32) -> Option<Vec<u8>> {
    let mut replay = crate::draw::gif::Replay::blank(width.clamp(360, 1600));
    for f in frames {
        let cv = match f {
            BoardFrame::Square(v) => draw_board(v, width),
            BoardFrame::Hex(v) => draw_hex(v, width),
        };
        replay.push_canvas(cv);
    }
    (replay.frames() > 0).then(|| replay.finish())
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
