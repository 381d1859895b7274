//! The balance chart: one panel per preset, escape share against players, one line per
//! difficulty. Drawn with tiny-skia and a built-in 5×7 pixel font, so it needs no font
//! file and looks the same everywhere.

use labscape_core::labscape::{Difficulty, PRESETS};
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::report::Measured;

const PANEL_W: f32 = 210.0;
const PANEL_H: f32 = 230.0;
const LEFT: f32 = 70.0;
const TOP: f32 = 70.0;
const GAP: f32 = 30.0;
const WIDTH: u32 = 1250;
const HEIGHT: u32 = 400;
/// Pixels per font pixel.
const SCALE: f32 = 2.0;

fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::from_rgba8(r, g, b, 255)
}

/// One colour per difficulty, easiest first.
fn colour(d: Difficulty) -> Color {
    match d {
        Difficulty::Easy => rgb(46, 160, 67),
        Difficulty::Medium => rgb(31, 111, 235),
        Difficulty::Hard => rgb(219, 109, 40),
        Difficulty::Impossible => rgb(207, 34, 46),
    }
}

/// The chart as PNG bytes.
pub fn png(m: &Measured) -> Vec<u8> {
    let mut pix = Pixmap::new(WIDTH, HEIGHT).expect("a non-empty image");
    pix.fill(rgb(255, 255, 255));
    let ink = rgb(36, 41, 47);
    let grey = rgb(208, 215, 222);
    text(
        &mut pix,
        LEFT,
        18.0,
        &format!(
            "LABSCAPE: SHARE OF PLAYERS ESCAPING ({} PLAYERS, {} GAMES PER POINT)",
            m.policy.to_string().to_uppercase(),
            m.games
        ),
        ink,
    );
    for (p, (preset, _)) in PRESETS.iter().enumerate() {
        let x0 = LEFT + p as f32 * (PANEL_W + GAP);
        let y0 = TOP;
        let xy = |players: usize, share: f64| {
            (
                x0 + (players as f32 - 2.0) / 4.0 * PANEL_W,
                y0 + PANEL_H - share as f32 * PANEL_H,
            )
        };
        // Grid: 0, 25, 50, 75, 100 %.
        for k in 0..=4 {
            let y = y0 + PANEL_H - k as f32 * PANEL_H / 4.0;
            line(&mut pix, (x0, y), (x0 + PANEL_W, y), grey, 1.0);
            if p == 0 {
                let label = format!("{}%", k * 25);
                text(
                    &mut pix,
                    x0 - 12.0 - text_width(&label),
                    y - 7.0,
                    &label,
                    ink,
                );
            }
        }
        for players in 2..=6 {
            let (x, _) = xy(players, 0.0);
            line(&mut pix, (x, y0), (x, y0 + PANEL_H), grey, 1.0);
            let label = players.to_string();
            text(
                &mut pix,
                x - text_width(&label) / 2.0,
                y0 + PANEL_H + 8.0,
                &label,
                ink,
            );
        }
        let title = preset.to_uppercase();
        text(
            &mut pix,
            x0 + (PANEL_W - text_width(&title)) / 2.0,
            y0 - 24.0,
            &title,
            ink,
        );
        let players_label = "PLAYERS";
        text(
            &mut pix,
            x0 + (PANEL_W - text_width(players_label)) / 2.0,
            y0 + PANEL_H + 30.0,
            players_label,
            ink,
        );
        for d in Difficulty::ALL {
            let points: Vec<(f32, f32)> = m
                .main
                .iter()
                .filter(|(c, _, _)| c.layout == *preset && c.difficulty == d)
                .map(|(c, s, _)| xy(c.players, s.escape_share))
                .collect();
            for w in points.windows(2) {
                line(&mut pix, w[0], w[1], colour(d), 3.0);
            }
            for pt in points {
                dot(&mut pix, pt, colour(d));
            }
        }
    }
    // Legend.
    let mut x = LEFT;
    let y = HEIGHT as f32 - 30.0;
    for d in Difficulty::ALL {
        line(&mut pix, (x, y + 7.0), (x + 30.0, y + 7.0), colour(d), 3.0);
        text(&mut pix, x + 40.0, y, &d.name().to_uppercase(), ink);
        x += 60.0 + text_width(d.name());
    }
    pix.encode_png().expect("an in-memory PNG")
}

fn line(pix: &mut Pixmap, a: (f32, f32), b: (f32, f32), c: Color, width: f32) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    let Some(path) = pb.finish() else { return };
    let mut paint = Paint::default();
    paint.set_color(c);
    paint.anti_alias = true;
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pix.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

fn dot(pix: &mut Pixmap, at: (f32, f32), c: Color) {
    let Some(path) = PathBuilder::from_circle(at.0, at.1, 4.5) else {
        return;
    };
    let mut paint = Paint::default();
    paint.set_color(c);
    paint.anti_alias = true;
    pix.fill_path(
        &path,
        &paint,
        tiny_skia::FillRule::Winding,
        Transform::identity(),
        None,
    );
}

fn text_width(s: &str) -> f32 {
    s.chars().count() as f32 * 6.0 * SCALE
}

/// Draws `s` (upper case, digits and `%.-:/(),=`) with its top-left corner at `(x, y)`.
fn text(pix: &mut Pixmap, x: f32, y: f32, s: &str, c: Color) {
    let mut paint = Paint::default();
    paint.set_color(c);
    for (i, ch) in s.chars().enumerate() {
        let rows = glyph(ch.to_ascii_uppercase());
        for (r, bits) in rows.iter().enumerate() {
            for col in 0..5 {
                if bits & (0b10000 >> col) != 0 {
                    let px = x + (i as f32 * 6.0 + col as f32) * SCALE;
                    let py = y + r as f32 * SCALE;
                    if let Some(rect) = Rect::from_xywh(px, py, SCALE, SCALE) {
                        pix.fill_rect(rect, &paint, Transform::identity(), None);
                    }
                }
            }
        }
    }
}

/// A 5×7 glyph, one byte per row, the leftmost pixel in bit 4.
fn glyph(c: char) -> [u8; 7] {
    match c {
        '0' => [14, 17, 19, 21, 25, 17, 14],
        '1' => [4, 12, 4, 4, 4, 4, 14],
        '2' => [14, 17, 1, 2, 4, 8, 31],
        '3' => [31, 2, 4, 2, 1, 17, 14],
        '4' => [2, 6, 10, 18, 31, 2, 2],
        '5' => [31, 16, 30, 1, 1, 17, 14],
        '6' => [6, 8, 16, 30, 17, 17, 14],
        '7' => [31, 1, 2, 4, 8, 8, 8],
        '8' => [14, 17, 17, 14, 17, 17, 14],
        '9' => [14, 17, 17, 15, 1, 2, 12],
        'A' => [14, 17, 17, 31, 17, 17, 17],
        'B' => [30, 17, 17, 30, 17, 17, 30],
        'C' => [14, 17, 16, 16, 16, 17, 14],
        'D' => [28, 18, 17, 17, 17, 18, 28],
        'E' => [31, 16, 16, 30, 16, 16, 31],
        'F' => [31, 16, 16, 30, 16, 16, 16],
        'G' => [14, 17, 16, 23, 17, 17, 15],
        'H' => [17, 17, 17, 31, 17, 17, 17],
        'I' => [14, 4, 4, 4, 4, 4, 14],
        'J' => [7, 2, 2, 2, 2, 18, 12],
        'K' => [17, 18, 20, 24, 20, 18, 17],
        'L' => [16, 16, 16, 16, 16, 16, 31],
        'M' => [17, 27, 21, 21, 17, 17, 17],
        'N' => [17, 17, 25, 21, 19, 17, 17],
        'O' => [14, 17, 17, 17, 17, 17, 14],
        'P' => [30, 17, 17, 30, 16, 16, 16],
        'Q' => [14, 17, 17, 17, 21, 18, 13],
        'R' => [30, 17, 17, 30, 20, 18, 17],
        'S' => [15, 16, 16, 14, 1, 1, 30],
        'T' => [31, 4, 4, 4, 4, 4, 4],
        'U' => [17, 17, 17, 17, 17, 17, 14],
        'V' => [17, 17, 17, 17, 17, 10, 4],
        'W' => [17, 17, 17, 21, 21, 21, 10],
        'X' => [17, 17, 10, 4, 10, 17, 17],
        'Y' => [17, 17, 17, 10, 4, 4, 4],
        'Z' => [31, 1, 2, 4, 8, 16, 31],
        '%' => [24, 25, 2, 4, 8, 19, 3],
        '.' => [0, 0, 0, 0, 0, 12, 12],
        '-' => [0, 0, 0, 31, 0, 0, 0],
        ':' => [0, 12, 12, 0, 12, 12, 0],
        '/' => [0, 1, 2, 4, 8, 16, 0],
        '(' => [2, 4, 8, 8, 8, 4, 2],
        ')' => [8, 4, 2, 2, 2, 4, 8],
        '=' => [0, 0, 31, 0, 31, 0, 0],
        ',' => [0, 0, 0, 0, 12, 4, 8],
        _ => [0; 7],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_fits_five_columns() {
        for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ%.-:/(),=".chars() {
            let g = glyph(c);
            assert!(g.iter().all(|row| *row < 32), "{c}");
            assert!(g.iter().any(|row| *row != 0), "{c}");
        }
    }
}
