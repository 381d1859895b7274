//! A football pitch ([`PitchView`], SAGES): the terrain (grass, out of play, goals), the
//! chalk, the men and the ball, the last step and the ball's way.

use crate::{
    draw::canvas::{Canvas, Line, Rgba},
    draw::encode,
    draw::text::Weight,
    draw::theme,
};

use super::{
    BOARD_WIDTH, BoardView, DESIGN_W, FOOTER_H, HEADER_H, LABEL, MARGIN, Piece, Side, Surface,
    card::{coordinates, footer, header},
    palette::*,
    pieces::piece,
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
pub(super) fn draw_pitch(view: &PitchView, width: u32) -> Canvas {
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
