//! A football pitch: the one drawing of both ball games. SAGES' [`PitchView`] (15×15, with
//! out-of-play squares) and Soccolot's [`BoardView`] on
//! [`Surface::Pitch`](super::Surface::Pitch) (8×8, its homes the goals) both become a
//! [`Pitch`], drawn alike: grass mown in stripes, the chalk (touch and goal lines, halfway
//! line, centre circle and spot), the goals as nets, the last man's step, the ball's way
//! with its bounces and an arrow into the ball, the men and the ball, under the header and
//! over the score of every board image.

use crate::{
    draw::canvas::{Canvas, Line},
    draw::text::Weight,
    draw::theme,
};

use super::{
    BOARD_WIDTH, BoardView, DESIGN_W, FOOTER_H, HEADER_H, LABEL, MARGIN, Mark, Piece, Side,
    card::{Heading, Sheet, coordinates, footer, header},
    palette::*,
    pieces::{colour, piece},
};

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

/// A square, as `(file, rank)`.
type Sq = (u8, u8);

/// The tallest a pitch is drawn (design units): as tall as it is wide when it is square.
pub(super) const MAX_PITCH_H: f32 = DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL;

/// A pitch as drawn, whichever view it comes from.
#[derive(Debug)]
pub(super) struct Pitch<'a> {
    heading: Heading<'a>,
    /// The score, under the pitch.
    counters: &'a str,
    files: u8,
    ranks: u8,
    /// The terrain of each square, rank 1 first (grass where missing).
    ground: Vec<Ground>,
    /// Goal squares netted in the colour of the side defending them.
    nets: &'a [(Sq, Piece)],
    men: Vec<(Sq, Piece)>,
    ball: Option<Sq>,
    /// Where the last man to move stood.
    from: Option<Sq>,
    /// Where he went (`None`: he stayed, as a kicker does).
    to: Option<Sq>,
    /// The ball's way: its start, each bounce, its stop.
    ball_way: Vec<Sq>,
    /// A goal square just scored on.
    scored: Option<Sq>,
}

impl<'a> Pitch<'a> {
    /// SAGES' pitch.
    pub(super) fn of_view(v: &'a PitchView) -> Pitch<'a> {
        let (files, ranks) = (v.files.clamp(1, 26), v.ranks.clamp(1, 26));
        Pitch {
            heading: Heading {
                title: &v.title,
                sides: &v.sides,
                to_move: v.to_move,
                status: &v.status,
            },
            counters: &v.counters,
            files,
            ranks,
            ground: v.ground.clone(),
            nets: &[],
            men: pieces(&v.cells, files, ranks).collect(),
            ball: v.ball,
            from: v.step.map(|(from, _)| from),
            to: v.step.map(|(_, to)| to),
            ball_way: v.ball_way.clone(),
            scored: v.scored,
        }
    }

    /// A square board drawn as a pitch (Soccolot's): its homes are the goals, netted in
    /// their owner's colour; a [`Piece::Ball`] among its cells is the ball; its marks are
    /// the man's step ([`Mark::From`], [`Mark::To`]) and the ball's way ([`Mark::Path`]).
    /// The ball on a goal square has just scored.
    pub(super) fn of_board(v: &'a BoardView) -> Pitch<'a> {
        let (files, ranks) = (v.files.clamp(1, 26), v.ranks.clamp(1, 26));
        let is_goal = |sq: Sq| v.homes.iter().any(|(h, _)| *h == sq);
        let ground = (0..ranks)
            .flat_map(|r| (0..files).map(move |f| (f, r)))
            .map(|sq| {
                if is_goal(sq) {
                    Ground::Goal
                } else {
                    Ground::Grass
                }
            })
            .collect();
        let (balls, men): (Vec<_>, Vec<_>) =
            pieces(&v.cells, files, ranks).partition(|(_, p)| *p == Piece::Ball);
        let ball = balls.first().map(|(sq, _)| *sq);
        let marked = |want: fn(Mark) -> bool| {
            v.marks
                .iter()
                .filter(move |(_, m)| want(*m))
                .map(|(sq, _)| *sq)
        };
        Pitch {
            heading: v.heading(),
            counters: &v.counters,
            files,
            ranks,
            ground,
            nets: &v.homes,
            men,
            ball,
            from: marked(|m| m == Mark::From).next(),
            to: marked(|m| matches!(m, Mark::To | Mark::Capture)).next(),
            ball_way: marked(|m| m == Mark::Path).collect(),
            scored: ball.filter(|sq| is_goal(*sq)),
        }
    }

    /// The terrain of `(f, r)`; `None` off the pitch.
    fn ground(&self, f: i16, r: i16) -> Option<Ground> {
        let on = (0..i16::from(self.files)).contains(&f) && (0..i16::from(self.ranks)).contains(&r);
        on.then(|| {
            let i = r as usize * usize::from(self.files) + f as usize;
            self.ground.get(i).copied().unwrap_or(Ground::Grass)
        })
    }

    /// Every square with its terrain.
    fn squares(&self) -> impl Iterator<Item = (Sq, Ground)> + '_ {
        (0..self.ranks).flat_map(move |r| {
            (0..self.files).map(move |f| ((f, r), self.ground(f.into(), r.into()).unwrap()))
        })
    }
}

/// The pieces of `cells` (rank 1 first) on a board `files` × `ranks`.
fn pieces(cells: &[Option<Piece>], files: u8, ranks: u8) -> impl Iterator<Item = (Sq, Piece)> {
    (0..ranks)
        .flat_map(move |r| (0..files).map(move |f| (f, r)))
        .zip(cells.iter())
        .filter_map(|(sq, p)| p.map(|p| (sq, p)))
}

/// Where the squares are drawn.
#[derive(Clone, Copy, Debug)]
struct Grid {
    x0: f32,
    y0: f32,
    cell: f32,
    ranks: u8,
}

impl Grid {
    /// The top-left corner of `(f, r)`.
    fn at(self, (f, r): Sq) -> (f32, f32) {
        (
            self.x0 + self.cell * f32::from(f),
            self.y0 + self.cell * f32::from(self.ranks - 1 - r),
        )
    }

    /// The centre of `(f, r)`.
    fn centre(self, sq: Sq) -> (f32, f32) {
        let (x, y) = self.at(sq);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

/// Draws a [`PitchView`] as an indexed PNG `width` pixels wide (default [`BOARD_WIDTH`]).
pub fn render_pitch_png(view: &PitchView, width: Option<u32>) -> Vec<u8> {
    sheet(Pitch::of_view(view), width.unwrap_or(BOARD_WIDTH)).png(&pitch_seed())
}

/// Draws a [`PitchView`] `width` pixels wide (clamped to 360–1600).
pub(super) fn draw_pitch(view: &PitchView, width: u32) -> Canvas {
    sheet(Pitch::of_view(view), width).draw()
}

/// A pitch laid out `width` pixels wide (clamped to 360–1600), ready to draw.
pub(super) fn sheet(p: Pitch<'_>, width: u32) -> Sheet<'_> {
    let avail = DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL;
    let cell = (avail / f32::from(p.files)).min(MAX_PITCH_H / f32::from(p.ranks));
    let (board_w, board_h) = (cell * f32::from(p.files), cell * f32::from(p.ranks));
    let total_h = HEADER_H + 2.0 * LABEL + board_h + FOOTER_H + MARGIN;
    let g = Grid {
        x0: (DESIGN_W - board_w) / 2.0,
        y0: HEADER_H + LABEL,
        cell,
        ranks: p.ranks,
    };
    let cut = g.y0 + cell * f32::from(p.ranks / 2);
    let paint = move |cv: &mut Canvas| draw(cv, &p, g, (board_w, board_h));
    Sheet::new(width, total_h, cut, Box::new(paint))
}

/// Draws pitch `p` on its card, its squares on `g`, the pitch `board_w × board_h`.
fn draw(cv: &mut Canvas, p: &Pitch<'_>, g: Grid, (board_w, board_h): (f32, f32)) {
    let cell = g.cell;
    header(cv, p.heading);
    terrain(cv, p, g);
    chalk(cv, p, g);
    last_action(cv, p, g);
    ball_way(cv, &p.ball_way, g);
    for (sq, man) in &p.men {
        piece(cv, *man, g.centre(*sq), cell * 0.37);
    }
    if let Some(sq) = p.ball {
        piece(cv, Piece::Ball, g.centre(sq), cell * 0.37);
    }
    cv.round_rect(
        (g.x0, g.y0, board_w, board_h),
        2.0,
        None,
        Some(Line::new(theme::OUTLINE, 2.0)),
    );
    coordinates(cv, (g.x0, g.y0), cell, p.files, p.ranks);
    footer(
        cv,
        p.counters,
        g.y0 + board_h + LABEL + 36.0,
        (22.0, Weight::Bold),
        theme::INK,
    );
}

/// The terrain: grass mown in stripes (one per rank), the track out of play, the goals as
/// nets (tinted towards the defending side's colour where it is known). Each rank's run of
/// one terrain is one rectangle, over grass laid under the whole pitch, so no seam shows
/// where squares meet between pixels.
fn terrain(cv: &mut Canvas, p: &Pitch<'_>, g: Grid) {
    let cell = g.cell;
    let (w, h) = (cell * f32::from(p.files), cell * f32::from(p.ranks));
    cv.rect(g.x0, g.y0, w, h, GRASS);
    for r in 0..p.ranks {
        let fill = |f: u8| match p.ground(f.into(), r.into()) {
            Some(Ground::OutOfPlay) => TRACK,
            Some(Ground::Goal) => match p.nets.iter().find(|(sq, _)| *sq == (f, r)) {
                Some((_, owner)) => NET.mix(colour(*owner), 0.35),
                None => NET,
            },
            _ if r % 2 == 0 => GRASS,
            _ => GRASS_STRIPE,
        };
        let mut f = 0;
        while f < p.files {
            let c = fill(f);
            let run = (f..p.files).take_while(|k| fill(*k) == c).count() as u8;
            let (x, y) = g.at((f, r));
            cv.rect(x, y, cell * f32::from(run), cell, c);
            f += run;
        }
    }
    // The nets' mesh.
    for ((f, r), ground) in p.squares() {
        if ground == Ground::Goal {
            let (x, y) = g.at((f, r));
            for k in 1..4 {
                let d = cell * k as f32 / 4.0;
                cv.rect(x + d - 0.5, y, 1.0, cell, theme::FAINT);
                cv.rect(x, y + d - 0.5, cell, 1.0, theme::FAINT);
            }
        }
    }
}

/// An edge of a square: the step to the square across it, and its two ends.
type EdgeLine = ((i16, i16), [(f32, f32); 2]);

/// The four edges of a square whose top-left corner is `(x, y)`: north, south, west, east.
fn edges((x, y): (f32, f32), cell: f32) -> [EdgeLine; 4] {
    [
        ((0, 1), [(x, y), (x + cell, y)]),
        ((0, -1), [(x, y + cell), (x + cell, y + cell)]),
        ((-1, 0), [(x, y), (x, y + cell)]),
        ((1, 0), [(x + cell, y), (x + cell, y + cell)]),
    ]
}

/// The chalk: round the grass wherever it meets another terrain or the pitch's edge (the
/// touchlines), bold where it meets a goal (the goal lines), and the halfway line, centre
/// circle and centre spot in the middle.
fn chalk(cv: &mut Canvas, p: &Pitch<'_>, g: Grid) {
    for ((f, r), ground) in p.squares() {
        if ground != Ground::Grass {
            continue;
        }
        for ((df, dr), edge) in edges(g.at((f, r)), g.cell) {
            match p.ground(i16::from(f) + df, i16::from(r) + dr) {
                Some(Ground::Grass) => {}
                Some(Ground::Goal) => chalk_edge(cv, edge, 5.0),
                _ => chalk_edge(cv, edge, 3.0),
            }
        }
    }
    // The halfway line crosses the grass of the middle rank; the centre circle's radius is
    // 0.12 of the pitch's width.
    let (w, h) = (g.cell * f32::from(p.files), g.cell * f32::from(p.ranks));
    let (cx, cy) = (g.x0 + w / 2.0, g.y0 + h / 2.0);
    let mid = p.ranks / 2;
    let grass: Vec<u8> = (0..p.files)
        .filter(|f| p.ground(i16::from(*f), i16::from(mid)) == Some(Ground::Grass))
        .collect();
    if let (Some(first), Some(last)) = (grass.first(), grass.last()) {
        let thin = CHALK.alpha(200);
        let (xa, xb) = (g.at((*first, mid)).0, g.at((*last, mid)).0 + g.cell);
        // The halfway line, two units across, filled by hand (its ends meet the
        // touchlines' opaque chalk); the centre circle, the dearest stroke of a pitch and
        // the same on every image of a size, copied from the fine sprite cache.
        cv.rect(xa, cy - 1.0, xb - xa, 2.0, thin);
        let r = w * 0.12;
        let look = CENTRE_CIRCLE | u64::from(r.to_bits());
        cv.sprite_fine(look, (cx, cy), 2.0 * r + 4.0, |cv, x, y| {
            cv.circle(x, y, r, None, Some(Line::new(thin, 2.0)));
        });
        cv.circle(cx, cy, 3.5, Some(CHALK), None);
    }
}

/// The fine sprite cache's look of the centre circle (its radius's bits below).
const CENTRE_CIRCLE: u64 = 0xC1C1_u64 << 48;

/// One square's edge in opaque chalk `width` wide, with square ends: an axis-aligned
/// stroke is a rectangle, filled by hand rather than stroked (a 15 × 15 pitch has about
/// sixty of them).
fn chalk_edge(cv: &mut Canvas, [(xa, ya), (xb, yb)]: [(f32, f32); 2], width: f32) {
    let half = width / 2.0;
    let (x, y) = (xa.min(xb) - half, ya.min(yb) - half);
    cv.rect(
        x,
        y,
        (xb - xa).abs() + width,
        (yb - ya).abs() + width,
        CHALK,
    );
}

/// The last action: the goal just scored on, ringed; the man's square before his step,
/// and the step.
fn last_action(cv: &mut Canvas, p: &Pitch<'_>, g: Grid) {
    let cell = g.cell;
    if let Some(sq) = p.scored {
        let (x, y) = g.at(sq);
        cv.round_rect(
            (x + 2.0, y + 2.0, cell - 4.0, cell - 4.0),
            4.0,
            Some(BALL_WAY.alpha(90)),
            Some(Line::new(RED, 4.0)),
        );
    }
    if let Some(from) = p.from {
        let (x, y) = g.at(from);
        cv.round_rect(
            (x + 2.0, y + 2.0, cell - 4.0, cell - 4.0),
            3.0,
            Some(MARK.alpha(60)),
            Some(Line::new(MARK, 2.0)),
        );
        if let Some(to) = p.to {
            let (a, b) = (g.centre(from), g.centre(to));
            cv.polyline(&[a, b], Line::new(MARK.alpha(200), 5.0));
            cv.circle(a.0, a.1, 5.0, Some(MARK), None);
        }
    }
}

/// The ball's way through the centres of `way` (start, bounces, stop): a dashed line on a
/// dark edge, a dot at each bounce, and an arrowhead whose point touches the ball.
fn ball_way(cv: &mut Canvas, way: &[Sq], g: Grid) {
    let points: Vec<(f32, f32)> = way.iter().map(|sq| g.centre(*sq)).collect();
    let [.., before, end] = points[..] else {
        return;
    };
    let (dx, dy) = (end.0 - before.0, end.1 - before.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    // The ball's radius is 0.37 × 0.72 of a cell: the point stops just outside it.
    let point = (end.0 - ux * g.cell * 0.3, end.1 - uy * g.cell * 0.3);
    let s = g.cell * 0.16;
    let base = (point.0 - 2.0 * ux * s, point.1 - 2.0 * uy * s);
    let mut line = points[..points.len() - 1].to_vec();
    line.push(base);
    cv.polyline(&line, Line::new(theme::INK.alpha(120), 7.0));
    cv.polyline(&line, Line::new(BALL_WAY, 4.0).dashed(9.0, 5.0));
    for p in &points[1..points.len() - 1] {
        let edge = Line::new(theme::INK, 2.0);
        cv.circle(p.0, p.1, 6.0, Some(BALL_WAY), Some(edge));
    }
    let head = [
        point,
        (base.0 - uy * s, base.1 + ux * s),
        (base.0 + uy * s, base.1 - ux * s),
    ];
    cv.polygon(&head, BALL_WAY);
    let mut outline = head.to_vec();
    outline.push(point);
    cv.polyline(&outline, Line::new(theme::INK, 1.5));
}

#[cfg(test)]
mod tests;
