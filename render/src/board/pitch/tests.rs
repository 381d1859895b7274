//! The pitch's tests: SAGES' pitch drawn, and Soccolot's board read and drawn as the same
//! pitch.

use super::*;
use crate::{Surface, draw::canvas::Rgba};

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

/// Soccolot's 8×8 board after a kick from e3: the kicker, the ball's way d4 → a4.
fn soccolot() -> BoardView {
    let mut cells = vec![None; 64];
    cells[2 * 8 + 4] = Some(Piece::Black);
    cells[3 * 8] = Some(Piece::Ball);
    cells[7 * 8 + 2] = Some(Piece::White);
    let mut homes = Vec::new();
    for f in 0..8 {
        homes.push(((f, 0), Piece::Black));
        homes.push(((f, 7), Piece::White));
    }
    BoardView {
        title: "Soccolot #1".into(),
        files: 8,
        ranks: 8,
        cells,
        marks: vec![
            ((4, 2), Mark::From),
            ((3, 3), Mark::Path),
            ((0, 3), Mark::Path),
        ],
        homes,
        sides: view().sides,
        to_move: Some(1),
        status: "bo to move".into(),
        counters: "ball a4".into(),
        surface: Surface::Pitch,
        walls: Vec::new(),
        labels: Vec::new(),
    }
}

#[test]
fn a_board_on_a_pitch_is_read_as_the_same_pitch() {
    let board = soccolot();
    let p = Pitch::of_board(&board);
    assert_eq!((p.files, p.ranks), (8, 8));
    assert_eq!(p.ground(3, 0), Some(Ground::Goal));
    assert_eq!(p.ground(3, 1), Some(Ground::Grass));
    assert_eq!(p.ground(3, 8), None);
    assert_eq!(p.ball, Some((0, 3)));
    assert_eq!(p.men, [((4, 2), Piece::Black), ((2, 7), Piece::White)]);
    assert_eq!((p.from, p.to), (Some((4, 2)), None), "a kicker stays");
    assert_eq!(p.ball_way, [(3, 3), (0, 3)]);
    assert_eq!(p.scored, None);
    let mut goal = soccolot();
    goal.cells.swap(3 * 8, 7 * 8);
    assert_eq!(
        Pitch::of_board(&goal).scored,
        Some((0, 7)),
        "the ball in a goal"
    );
}

#[test]
fn soccolots_board_is_drawn_as_the_pitch() {
    let png = crate::render_board_png(&soccolot(), None);
    let mut dec = png::Decoder::new(std::io::Cursor::new(&png));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    r.next_frame(&mut buf).unwrap();
    let has = |c: Rgba| buf.chunks(3).any(|p| p == [c.0, c.1, c.2]);
    for (c, what) in [
        (GRASS, "grass"),
        (GRASS_STRIPE, "stripes"),
        (CHALK, "chalk"),
        (BALL_WAY, "the ball's way"),
        (MARK, "the kicker"),
    ] {
        assert!(has(c), "{what}");
    }
    assert!(!has(LIGHT_SQ) && !has(DARK_SQ), "no chequer");
}
