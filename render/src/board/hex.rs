//! Produto's hexagon ([`HexView`]): rows of hexagonal cells, the scoring groups tinted,
//! the last turn dotted.

use crate::{
    draw::canvas::{Align, Canvas, SpriteKey},
    draw::text::Weight,
    draw::theme,
};

use super::{
    BOARD_WIDTH, DESIGN_W, FOOTER_H, HEADER_H, LABEL, MARGIN, Piece, Side,
    card::{Heading, Sheet, footer, header},
    palette::{self, *},
    pieces::{HEX_SPRITES, piece},
};

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
    sheet(view, width.unwrap_or(BOARD_WIDTH)).png(&palette::seed())
}

/// Draws a hex board `width` pixels wide (clamped to 360–1600).
pub(super) fn draw_hex(view: &HexView, width: u32) -> Canvas {
    sheet(view, width).draw()
}

/// A hex board laid out `width` pixels wide (clamped to 360–1600), ready to draw.
pub(super) fn sheet(view: &HexView, width: u32) -> Sheet<'_> {
    let rows = view.rows.len().clamp(1, 19);
    let (top, step_y, r) = geometry(view);
    let step_x = r * 3f32.sqrt();
    let board_h = step_y * (rows as f32 - 1.0) + 2.0 * r;
    let total_h = total_h(board_h);
    // Between the two middle rows, where the hexagons' points meet.
    let cut = top + step_y * ((rows / 2) as f32 - 0.5);
    let paint = move |cv: &mut Canvas| {
        header(
            cv,
            Heading {
                title: &view.title,
                sides: &view.sides,
                to_move: view.to_move,
                status: &view.status,
            },
        );
        let centre = |row: usize, i: usize| {
            let len = view.rows[row].len() as f32;
            let x = DESIGN_W / 2.0 + (i as f32 - (len - 1.0) / 2.0) * step_x;
            let y = top + (rows - 1 - row) as f32 * step_y;
            (x, y)
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
                hex_cell(cv, view, (row, i), *cell, (centre(row, i), r));
            }
        }
        footer(
            cv,
            &view.counters,
            HEADER_H + LABEL + board_h + LABEL + 20.0,
            (20.0, Weight::Bold),
            theme::INK,
        );
    };
    Sheet::new(width, total_h, cut, Box::new(paint))
}

/// Where the rows of hexagons lie: the centre of the top row, the step between rows and a
/// hexagon's radius (pointy-top hexagons: horizontal step r·√3, vertical step 1.5·r).
pub(super) fn geometry(view: &HexView) -> (f32, f32, f32) {
    let widest = view.rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let r = ((DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL) / (widest as f32 * 3f32.sqrt())).min(36.0);
    (HEADER_H + LABEL + r, r * 1.5, r)
}

/// The card's height for a hexagon `board_h` tall.
pub(super) fn total_h(board_h: f32) -> f32 {
    HEADER_H + LABEL + board_h + LABEL + FOOTER_H + MARGIN
}

/// The cell `(row, i)` of the hexagon, centred at `c`, of radius `r`: the tile (tinted if
/// in a scoring group), its piece or else its name, and a dot if the last turn marked it.
fn hex_cell(
    cv: &mut Canvas,
    view: &HexView,
    (row, i): (usize, usize),
    cell: Option<Piece>,
    (c, r): ((f32, f32), f32),
) {
    let letter = char::from(b'a' + row as u8);
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
        Some(p) => piece(cv, p, c, r * 0.62),
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

/// The corners of a pointy-top hexagon centred at `(x, y)`, of radius `s`.
fn hexagon((x, y): (f32, f32), s: f32) -> Vec<(f32, f32)> {
    (0..6)
        .map(|k| {
            let a = std::f32::consts::PI / 180.0 * (60.0 * k as f32 - 90.0);
            (x + s * a.cos(), y + s * a.sin())
        })
        .collect()
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
