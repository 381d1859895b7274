//! A square board ([`BoardView`]): the squares chequered, the homes, the last turn's marks
//! and path, labels and walls, and the pieces on it. A view on [`Surface::Pitch`] is
//! handed to `pitch.rs`, which draws both ball games' pitches.

use crate::{
    draw::canvas::{Align, Canvas, Line},
    draw::text::{self, Weight},
    draw::theme,
};

use super::{
    BOARD_WIDTH, DESIGN_W, FOOTER_H, HEADER_H, LABEL, MARGIN, Piece, Side,
    card::{Heading, Sheet, coordinates, footer, header},
    palette::{self, *},
    pieces::{colour, piece},
    pitch::{self, Pitch},
};

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
    /// A point of the ball's path on a [`Surface::Pitch`], in order: where it started, each
    /// bounce, where it stopped. The points are joined by a dashed line with a dot at each
    /// bounce and an arrow into the ball; the square is not tinted. Not drawn on a
    /// chequered board.
    Path,
}

/// How the squares are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Surface {
    /// A chequered board (every game but the ball games).
    #[default]
    Board,
    /// A football pitch, drawn as SAGES' [`PitchView`](crate::PitchView) is: mown grass in
    /// stripes, chalk lines (touchlines, halfway line, centre circle and spot), and the
    /// homes drawn as goals: a net tinted in the defending side's colour, behind a bold
    /// goal line. A [`Piece::Ball`] is the ball, [`Mark::From`] and [`Mark::To`] the man's
    /// step, [`Mark::Path`] the ball's way; labels and walls are not drawn.
    Pitch,
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

impl BoardView {
    /// What the header shows.
    pub(super) fn heading(&self) -> Heading<'_> {
        Heading {
            title: &self.title,
            sides: &self.sides,
            to_move: self.to_move,
            status: &self.status,
        }
    }
}

/// Draws the view as an indexed PNG `width` pixels wide (default [`BOARD_WIDTH`], clamped to
/// 360–1600).
pub fn render_board_png(view: &BoardView, width: Option<u32>) -> Vec<u8> {
    let seed = match view.surface {
        Surface::Board => palette::seed(),
        Surface::Pitch => palette::pitch_seed(),
    };
    sheet(view, width.unwrap_or(BOARD_WIDTH)).png(&seed)
}

/// Draws the view `width` pixels wide (clamped to 360–1600): a square board, or on
/// [`Surface::Pitch`] the pitch every ball game is drawn as.
pub(super) fn draw_board(view: &BoardView, width: u32) -> Canvas {
    sheet(view, width).draw()
}

/// The view laid out `width` pixels wide (clamped to 360–1600), ready to draw.
pub(super) fn sheet(view: &BoardView, width: u32) -> Sheet<'_> {
    if view.surface == Surface::Pitch {
        return pitch::sheet(Pitch::of_board(view), width);
    }
    let files = view.files.clamp(1, 26);
    let ranks = view.ranks.clamp(1, 26);
    let avail = DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL;
    let cell = (avail / f32::from(files)).min(560.0 / f32::from(ranks));
    let board_w = cell * f32::from(files);
    let board_h = cell * f32::from(ranks);
    let total_h = HEADER_H + 2.0 * LABEL + board_h + FOOTER_H + MARGIN;
    let x0 = (DESIGN_W - board_w) / 2.0;
    let y0 = HEADER_H + LABEL;
    let cut = y0 + cell * f32::from(ranks / 2);
    let paint = move |cv: &mut Canvas| {
        header(cv, view.heading());
        squares(cv, view, (x0, y0), cell, files, ranks);
        coordinates(cv, (x0, y0), cell, files, ranks);
        footer(
            cv,
            &view.counters,
            y0 + board_h + LABEL + 34.0,
            (20.0, Weight::Regular),
            theme::INK_SOFT,
        );
    };
    Sheet::new(width, total_h, cut, Box::new(paint))
}

/// The squares and all on them: each square with its home, marks and piece, then the last
/// move's path, a field of view, the labels and walls, and the board's outline.
fn squares(
    cv: &mut Canvas,
    view: &BoardView,
    (x0, y0): (f32, f32),
    cell: f32,
    files: u8,
    ranks: u8,
) {
    let top = |rank: u8| y0 + cell * f32::from(ranks - 1 - rank);
    // Each square's marks, in the view's order, found once: a large board has a mark on
    // most of its squares (fog, memory), and looking each square's up in the whole list
    // was most of the drawing of a 25 × 25 maze.
    let at_square = |(f, r): (u8, u8)| usize::from(r) * usize::from(files) + usize::from(f);
    let mut marks: Vec<(usize, Mark)> = view
        .marks
        .iter()
        .filter(|((f, r), _)| *f < files && *r < ranks)
        .map(|(sq, m)| (at_square(*sq), *m))
        .collect();
    marks.sort_by_key(|(i, _)| *i);
    let mut rest = marks.as_slice();
    for rank in 0..ranks {
        for file in 0..files {
            let at = (x0 + cell * f32::from(file), top(rank));
            let here = rest.partition_point(|(i, _)| *i == at_square((file, rank)));
            let (own, after) = rest.split_at(here);
            rest = after;
            square(cv, view, (file, rank), own, at, cell);
        }
    }
    let centre = |(f, r): (u8, u8)| (x0 + cell * (f32::from(f) + 0.5), top(r) + cell / 2.0);
    last_move(cv, view, centre);
    field_of_view(cv, view, (x0, y0), cell, ranks);
    labels(cv, view, (x0, y0), cell, ranks);
    walls(cv, view, (x0, y0), cell, ranks);
    cv.round_rect(
        (x0, y0, cell * f32::from(files), cell * f32::from(ranks)),
        2.0,
        None,
        Some(Line::new(theme::OUTLINE, 2.0)),
    );
}

/// One square, its top-left corner at `(x, y)`: chequered, tinted and outlined if it is a
/// home, its marks, and its piece unless fog hides it.
fn square(
    cv: &mut Canvas,
    view: &BoardView,
    (file, rank): (u8, u8),
    marks: &[(usize, Mark)],
    (x, y): (f32, f32),
    cell: f32,
) {
    let base = if (file + rank) % 2 == 0 {
        DARK_SQ
    } else {
        LIGHT_SQ
    };
    cv.rect(x, y, cell, cell, base);
    if let Some((_, owner)) = view.homes.iter().find(|(sq, _)| *sq == (file, rank)) {
        cv.rect(x, y, cell, cell, colour(*owner).alpha(19));
        cv.round_rect(
            (x + 3.0, y + 3.0, cell - 6.0, cell - 6.0),
            4.0,
            None,
            Some(Line::new(colour(*owner), 3.0).dashed(6.0, 4.0)),
        );
    }
    for (_, mark) in marks {
        square_mark(cv, *mark, (x, y), cell);
    }
    let index = usize::from(rank) * usize::from(view.files.clamp(1, 26)) + usize::from(file);
    let fogged = marks.iter().any(|(_, m)| *m == Mark::Fog);
    if let Some(Some(p)) = view.cells.get(index)
        && !fogged
    {
        piece(cv, *p, (x + cell / 2.0, y + cell / 2.0), cell * 0.36);
    }
}

/// One mark on the square whose top-left corner is `(x, y)`: a tint and an outline for the
/// last turn, a shade for fog, dimness or a forbidden square. The tints are light: until
/// 2026-11-29 a translucent rectangle's alpha was applied twice, and these (and a home's
/// tint above) are the strengths the boards have always shown.
fn square_mark(cv: &mut Canvas, mark: Mark, (x, y): (f32, f32), cell: f32) {
    let (fill, width) = match mark {
        Mark::From => (MARK.alpha(7), 2.0),
        Mark::To => (MARK.alpha(31), 4.0),
        Mark::Capture => (RED.alpha(19), 4.0),
        // Shades: a fill, no outline.
        Mark::Fog => return cv.rect(x, y, cell, cell, FOG),
        Mark::Dim => return cv.rect(x, y, cell, cell, STONE_B.alpha(35)),
        Mark::Forbidden => return cv.rect(x, y, cell, cell, ORANGE.alpha(47)),
        Mark::Path | Mark::Field => return,
    };
    cv.rect(x, y, cell, cell, fill);
    cv.round_rect(
        (x + width / 2.0, y + width / 2.0, cell - width, cell - width),
        3.0,
        None,
        Some(Line::new(
            if mark == Mark::Capture { RED } else { MARK },
            width,
        )),
    );
}

/// The last move's path, from → to, between the squares' centres.
fn last_move(cv: &mut Canvas, view: &BoardView, centre: impl Fn((u8, u8)) -> (f32, f32)) {
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
        let (pa, pb) = (centre(a), centre(b));
        cv.polyline(&[pa, pb], Line::new(MARK.alpha(170), 5.0));
        cv.circle(pa.0, pa.1, 5.0, Some(MARK), None);
    }
}

/// A field of view, outlined around the squares it covers (a rectangle cut by the board's
/// edge).
fn field_of_view(cv: &mut Canvas, view: &BoardView, (x0, y0): (f32, f32), cell: f32, ranks: u8) {
    let field = view.marks.iter().filter(|(_, m)| *m == Mark::Field);
    let (mut lo, mut hi) = ((u8::MAX, u8::MAX), (0u8, 0u8));
    for ((f, r), _) in field {
        lo = (lo.0.min(*f), lo.1.min(*r));
        hi = (hi.0.max(*f), hi.1.max(*r));
    }
    if lo.0 <= hi.0 && lo.1 <= hi.1 {
        let (x, y) = (
            x0 + cell * f32::from(lo.0),
            y0 + cell * f32::from(ranks - 1 - hi.1),
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::canvas::Rgba;

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
