//! What of a board image changed from one replay frame to the next, as spans of design
//! rows: the header when its words changed, the footer when the counters did, and the
//! rows of squares from the first to the last square whose drawing changed (a changed
//! piece, mark, home, label or wall, and every square a line or outline of the last turn
//! joins, before and after). The replay draws only those rows again over the frame before.

use super::{
    BoardFrame, BoardView, DESIGN_W, FOOTER_H, HEADER_H, HexView, LABEL, MARGIN, Mark, Piece,
    PitchView,
};

/// A span of design rows, top and bottom.
pub(super) type Span = (f32, f32);

/// Spans of `new` (drawn `width` wide) that may differ from `old`, or `None` when the two
/// are not laid out alike (another size or shape: draw it whole).
pub(super) fn spans(old: &BoardFrame, new: &BoardFrame) -> Option<Vec<Span>> {
    match (old, new) {
        (BoardFrame::Square(a), BoardFrame::Square(b)) if a == b => Some(Vec::new()),
        (BoardFrame::Hex(a), BoardFrame::Hex(b)) if a == b => Some(Vec::new()),
        (BoardFrame::Pitch(a), BoardFrame::Pitch(b)) if a == b => Some(Vec::new()),
        (BoardFrame::Square(a), BoardFrame::Square(b)) => square(a, b),
        (BoardFrame::Hex(a), BoardFrame::Hex(b)) => hex(a, b),
        (BoardFrame::Pitch(a), BoardFrame::Pitch(b)) => pitch(a, b),
        _ => None,
    }
}

/// How far a band of changed ranks reaches into the ranks either side, in design units.
const EDGE: f32 = 6.5;

/// The header's rows, with a little room under the status line.
const HEADER: Span = (0.0, HEADER_H + 4.0);

/// The rows of squares `files × ranks` drawn as square boards and pitches are: the board's
/// top and a square's side, as the drawings lay them out.
fn grid(files: u8, ranks: u8, max_h: f32) -> (f32, f32) {
    let avail = DESIGN_W - 2.0 * MARGIN - 2.0 * LABEL;
    let cell = (avail / f32::from(files)).min(max_h / f32::from(ranks));
    (HEADER_H + LABEL, cell)
}

/// The spans of a grid of squares (top `y0`, side `cell`, `ranks` high) whose ranks lie
/// between the lowest and highest of `changed`, and the header and footer as asked; `None`
/// when a changed square lies off the board (a line to it is drawn wherever it goes: draw
/// the image whole).
fn grid_spans(
    (y0, cell, ranks): (f32, f32, u8),
    changed: impl Iterator<Item = u8>,
    (header, footer): (bool, bool),
    total_h: f32,
    whole: Option<Span>,
) -> Option<Vec<Span>> {
    let mut out = Vec::new();
    if header {
        out.push(HEADER);
    }
    let (lo, hi) = changed.fold((u8::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
    if lo <= hi && hi >= ranks {
        return None;
    }
    if lo <= hi {
        // Rank r's squares run from y0 + cell · (ranks − 1 − r); the band reaches into the
        // ranks either side past the outlines drawn along their edges (a home's, 1.5 to 4.5
        // units in), to where only shapes drawn exactly in any band lie.
        let mut top = y0 + cell * f32::from(ranks - 1 - hi) - EDGE;
        let mut bottom = y0 + cell * f32::from(ranks - lo) + EDGE;
        // A curve drawn across many rows (the centre circle) is drawn whole or not at all.
        if let Some((a, b)) = whole {
            if (a..b).contains(&top) {
                top = a;
            }
            if (a..b).contains(&bottom) {
                bottom = b;
            }
        }
        out.push((top, bottom));
    }
    if footer {
        let board_bottom = y0 + cell * f32::from(ranks);
        out.push((board_bottom + LABEL - 4.0, total_h));
    }
    Some(out)
}

/// A square board (or Soccolot's pitch).
fn square(a: &BoardView, b: &BoardView) -> Option<Vec<Span>> {
    if (a.files, a.ranks, a.surface) != (b.files, b.ranks, b.surface) || a.sides != b.sides {
        return None;
    }
    let (files, ranks) = (b.files.clamp(1, 26), b.ranks.clamp(1, 26));
    let max_h = match b.surface {
        super::Surface::Board => 560.0,
        super::Surface::Pitch => super::pitch::MAX_PITCH_H,
    };
    let (y0, cell) = grid(files, ranks, max_h);
    let total_h = y0 + cell * f32::from(ranks) + LABEL + FOOTER_H + MARGIN;
    let mut changed: Vec<u8> = Vec::new();
    for r in 0..ranks {
        for f in 0..files {
            let i = usize::from(r) * usize::from(files) + usize::from(f);
            let sq = (f, r);
            let on = |v: &BoardView| {
                (
                    v.cells.get(i).copied().flatten(),
                    v.marks
                        .iter()
                        .filter(|(s, _)| *s == sq)
                        .map(|(_, m)| *m)
                        .collect::<Vec<_>>(),
                    v.homes.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p),
                    v.labels
                        .iter()
                        .filter(|(s, _)| *s == sq)
                        .map(|(_, t)| t.clone())
                        .collect::<Vec<_>>(),
                    v.walls
                        .iter()
                        .filter(|(s, _)| *s == sq)
                        .map(|(_, e)| *e)
                        .collect::<Vec<_>>(),
                )
            };
            if on(a) != on(b) {
                changed.push(r);
            }
        }
    }
    // Lines and outlines join the last turn's squares: all of them, before and after.
    let joined = |v: &BoardView| {
        v.marks
            .iter()
            .filter(|(_, m)| {
                matches!(
                    m,
                    Mark::From | Mark::To | Mark::Capture | Mark::Path | Mark::Field
                )
            })
            .map(|(s, _)| s.1)
            .collect::<Vec<_>>()
    };
    changed.extend(joined(a));
    changed.extend(joined(b));
    let header = (&a.title, a.to_move, &a.status) != (&b.title, b.to_move, &b.status);
    let footer = a.counters != b.counters;
    let on_pitch = b.surface == super::Surface::Pitch;
    let whole = on_pitch.then(|| centre_circle((y0, cell), files, ranks));
    grid_spans(
        (y0, cell, ranks),
        changed.into_iter(),
        (header, footer),
        total_h,
        whole,
    )
}

/// The rows of a pitch's centre circle (`files` × `ranks` squares of side `cell` from
/// `y0`), as `pitch::chalk` draws it, with room for its line.
fn centre_circle((y0, cell): (f32, f32), files: u8, ranks: u8) -> Span {
    let (w, h) = (cell * f32::from(files), cell * f32::from(ranks));
    let (cy, r) = (y0 + h / 2.0, w * 0.12);
    (cy - r - 4.0, cy + r + 4.0)
}

/// SAGES' pitch.
fn pitch(a: &PitchView, b: &PitchView) -> Option<Vec<Span>> {
    if (a.files, a.ranks, &a.ground, &a.sides) != (b.files, b.ranks, &b.ground, &b.sides) {
        return None;
    }
    let (files, ranks) = (b.files.clamp(1, 26), b.ranks.clamp(1, 26));
    let (y0, cell) = grid(files, ranks, super::pitch::MAX_PITCH_H);
    let total_h = y0 + cell * f32::from(ranks) + LABEL + FOOTER_H + MARGIN;
    let mut changed: Vec<u8> = Vec::new();
    for (i, (x, y)) in a.cells.iter().zip(&b.cells).enumerate() {
        if x != y {
            changed.push((i / usize::from(files)) as u8);
        }
    }
    for v in [a, b] {
        let squares = v.ball.iter().chain(&v.ball_way).chain(&v.scored);
        let steps = v.step.iter().flat_map(|(f, t)| [f, t]);
        changed.extend(squares.chain(steps).map(|s| s.1));
    }
    let header = (&a.title, a.to_move, &a.status) != (&b.title, b.to_move, &b.status);
    let footer = a.counters != b.counters;
    let whole = Some(centre_circle((y0, cell), files, ranks));
    grid_spans(
        (y0, cell, ranks),
        changed.into_iter(),
        (header, footer),
        total_h,
        whole,
    )
}

/// Produto's hexagon: the rows of hexagons (each with its neighbours' points) whose cells,
/// marks or groups changed.
fn hex(a: &HexView, b: &HexView) -> Option<Vec<Span>> {
    let shape = |v: &HexView| v.rows.iter().map(Vec::len).collect::<Vec<_>>();
    if shape(a) != shape(b) || a.sides != b.sides || b.rows.is_empty() {
        return None;
    }
    let (top, step_y, r) = super::hex::geometry(b);
    let rows = b.rows.len().clamp(1, 19);
    let mut out = Vec::new();
    if (&a.title, a.to_move, &a.status) != (&b.title, b.to_move, &b.status) {
        out.push(HEADER);
    }
    // A row's marked and grouped cells, as their indices in the row.
    let marks = |v: &HexView, row: usize| {
        let m: Vec<usize> = v
            .marks
            .iter()
            .filter(|(r, _)| *r == row)
            .map(|(_, i)| *i)
            .collect();
        let g: Vec<(usize, Piece)> = (v.groups.iter())
            .filter(|((r, _), _)| *r == row)
            .map(|((_, i), p)| (*i, *p))
            .collect();
        (m, g)
    };
    let (mut lo, mut hi) = (usize::MAX, 0);
    for row in 0..rows {
        if a.rows[row] != b.rows[row] || marks(a, row) != marks(b, row) {
            (lo, hi) = (lo.min(row), hi.max(row));
        }
    }
    if lo <= hi {
        // Row k is centred at top + (rows − 1 − k) · step_y, its hexagons r high either side.
        let y = |row: usize| top + (rows - 1 - row) as f32 * step_y;
        out.push((y(hi) - r - 4.0, y(lo) + r + 4.0));
    }
    if a.counters != b.counters {
        let board_h = step_y * (rows as f32 - 1.0) + 2.0 * r;
        out.push((
            HEADER_H + LABEL + board_h + LABEL - 16.0,
            super::hex::total_h(board_h),
        ));
    }
    Some(out)
}
