//! The pieces: stones, lights, cats and dogs, the runner, blocks and the ball, each drawn
//! once per size and copied through the sprite cache.

use crate::{
    draw::canvas::{Canvas, Line, Rgba, SpriteKey},
    draw::theme,
};

use super::{Piece, palette::*};

/// The main colour of a piece (also its owner's colour for homes).
pub(super) fn colour(p: Piece) -> Rgba {
    match p {
        Piece::White | Piece::Dog | Piece::Runner | Piece::Ball => STONE_W,
        Piece::Black | Piece::Cat | Piece::Block => STONE_B,
        Piece::Green => GREEN,
        Piece::Yellow => YELLOW,
        Piece::Red => RED,
    }
}

/// Draws piece `p` of radius `r` centred at `(cx, cy)` (every piece has a dark outline so
/// it reads on light and dark chat themes alike), through the sprite cache: a full
/// board has dozens of pieces of a few kinds, each of several anti-aliased paths, and
/// copying one drawing is what keeps the image within its time budget.
pub(super) fn piece(cv: &mut Canvas, p: Piece, (cx, cy): (f32, f32), r: f32) {
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
pub(super) const HEX_SPRITES: u8 = 21;

/// Draws piece `p` of radius `r` centred at `(cx, cy)`.
fn piece_raw(cv: &mut Canvas, p: Piece, (cx, cy): (f32, f32), r: f32) {
    let edge = Line::new(theme::INK, (r / 9.0).max(1.5));
    match p {
        Piece::White | Piece::Black | Piece::Green | Piece::Yellow | Piece::Red => {
            // Flat stones with a crisp edge: a highlight would cost a tenth of the bytes.
            cv.circle(cx, cy, r, Some(colour(p)), Some(edge));
        }
        Piece::Cat => cat(cv, (cx, cy), r, edge),
        Piece::Dog => dog(cv, (cx, cy), r, edge),
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
        Piece::Ball => ball(cv, (cx, cy), r, edge),
    }
}

/// A cat: a dark face with pointed ears and yellow eyes.
fn cat(cv: &mut Canvas, (cx, cy): (f32, f32), r: f32, edge: Line) {
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

/// A dog: a light face with round brown ears.
fn dog(cv: &mut Canvas, (cx, cy): (f32, f32), r: f32, edge: Line) {
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

/// A football: white with a black pentagon and its seams.
fn ball(cv: &mut Canvas, (cx, cy): (f32, f32), r: f32, edge: Line) {
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
