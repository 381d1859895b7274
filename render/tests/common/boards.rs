//! Hand-made board-game views for the render benchmarks, tests and previews: full boards
//! shaped like each game's late positions, and short games of them (one piece moved a
//! turn) for replays. Deterministic: the same calls give the same views.
#![allow(dead_code)]

use labscape_render::{
    BoardFrame, BoardView, Ground, HexView, Mark, Piece, PitchView, Side, Surface,
};

/// A tiny deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn sides(a: Option<Piece>, b: Option<Piece>, notes: [&str; 2]) -> Vec<Side> {
    vec![
        Side {
            name: "ana".into(),
            piece: a,
            note: notes[0].into(),
        },
        Side {
            name: "bo".into(),
            piece: b,
            note: notes[1].into(),
        },
    ]
}

/// A square board `n × m` with `pieces` scattered by `seed`, its last move marked.
fn square(
    title: &str,
    (files, ranks): (u8, u8),
    pieces: &[(Piece, usize)],
    seed: u64,
) -> BoardView {
    let mut rng = Rng(seed | 1);
    let n = usize::from(files) * usize::from(ranks);
    let mut cells = vec![None; n];
    for &(p, count) in pieces {
        for _ in 0..count {
            let mut i = rng.below(n);
            while cells[i].is_some() {
                i = (i + 1) % n;
            }
            cells[i] = Some(p);
        }
    }
    let to = cells.iter().position(Option::is_some).unwrap_or(0);
    let sq = |i: usize| {
        (
            (i % usize::from(files)) as u8,
            (i / usize::from(files)) as u8,
        )
    };
    let from = cells.iter().position(Option::is_none).unwrap_or(0);
    BoardView {
        title: format!("{title} #12 · turn 41"),
        files,
        ranks,
        cells,
        marks: vec![(sq(from), Mark::From), (sq(to), Mark::To)],
        homes: Vec::new(),
        sides: sides(Some(Piece::White), Some(Piece::Black), ["White", "Black"]),
        to_move: Some(1),
        status: "bo to move".into(),
        counters: "white 12 · black 11 · 41 turns".into(),
        surface: Surface::Board,
        walls: Vec::new(),
        labels: Vec::new(),
    }
}

/// Produto's hexagon, side 5, most cells taken.
fn produto(seed: u64) -> HexView {
    let mut rng = Rng(seed | 1);
    let rows: Vec<Vec<Option<Piece>>> = [5, 6, 7, 8, 9, 8, 7, 6, 5]
        .iter()
        .map(|&n| {
            (0..n)
                .map(|_| match rng.below(10) {
                    0..=3 => Some(Piece::Black),
                    4..=7 => Some(Piece::White),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let groups = (0..6)
        .map(|i| ((4, i), Piece::Black))
        .chain((0..5).map(|i| ((2, i), Piece::White)))
        .collect();
    HexView {
        title: "Produto #12 · turn 41".into(),
        rows,
        marks: vec![(4, 4), (3, 2)],
        groups,
        sides: sides(Some(Piece::Black), Some(Piece::White), ["Black", "White"]),
        to_move: Some(0),
        status: "ana to move".into(),
        counters: "Black 6 × 5 = 30 · White 5 × 4 = 20".into(),
    }
}

/// Soccolot: 8 × 8 drawn as a pitch, the goals on the back ranks.
fn soccolot(seed: u64) -> BoardView {
    let mut v = square(
        "Soccolot",
        (8, 8),
        &[(Piece::White, 8), (Piece::Black, 8), (Piece::Ball, 1)],
        seed,
    );
    v.surface = Surface::Pitch;
    for f in 0..8 {
        v.homes.push(((f, 0), Piece::White));
        v.homes.push(((f, 7), Piece::Black));
    }
    let ball = v
        .cells
        .iter()
        .position(|c| *c == Some(Piece::Ball))
        .unwrap_or(0);
    let (bf, br) = ((ball % 8) as u8, (ball / 8) as u8);
    v.marks.extend([
        ((bf, br.saturating_sub(2)), Mark::Path),
        ((bf, br), Mark::Path),
    ]);
    v
}

/// SAGES: 15 × 15, out of play along both touchlines, a goal in the middle of each end.
fn sages(seed: u64) -> PitchView {
    let mut rng = Rng(seed | 1);
    let (files, ranks) = (15u8, 15u8);
    let mut ground = Vec::new();
    let mut cells = Vec::new();
    for r in 0..ranks {
        for f in 0..files {
            let end = r == 0 || r == ranks - 1;
            ground.push(if end && (6..=8).contains(&f) {
                Ground::Goal
            } else if end || f == 0 || f == files - 1 {
                Ground::OutOfPlay
            } else {
                Ground::Grass
            });
            cells.push(match rng.below(14) {
                0 => Some(Piece::White),
                1 => Some(Piece::Black),
                _ => None,
            });
        }
    }
    PitchView {
        title: "SAGES #12 · turn 41".into(),
        files,
        ranks,
        ground,
        cells,
        ball: Some((7, 6)),
        step: Some(((5, 5), (6, 6))),
        ball_way: vec![(6, 6), (9, 9), (7, 11)],
        scored: None,
        sides: sides(Some(Piece::White), Some(Piece::Black), ["White", "Black"]),
        to_move: Some(1),
        status: "bo to move".into(),
        counters: "White 2 · Black 1".into(),
    }
}

/// Skarb's maze, `n × n`: hedges, the seeker and the treasure, fog and memory.
fn skarb(n: u8, seed: u64) -> BoardView {
    let hedges = usize::from(n) * usize::from(n) / 3;
    let mut v = square(
        "Skarb",
        (n, n),
        &[
            (Piece::Block, hedges),
            (Piece::Runner, 1),
            (Piece::Yellow, 1),
        ],
        seed,
    );
    v.sides = sides(
        Some(Piece::Block),
        Some(Piece::Runner),
        ["architect", "seeker"],
    );
    let mut rng = Rng(seed.wrapping_add(7) | 1);
    for r in 0..n {
        for f in 0..n {
            match rng.below(3) {
                0 => v.marks.push(((f, r), Mark::Fog)),
                1 => v.marks.push(((f, r), Mark::Dim)),
                _ => {}
            }
        }
    }
    v
}

/// Every board game's image on a late, full board, with its name.
pub fn late_boards() -> Vec<(&'static str, BoardFrame)> {
    let mut rastros = square(
        "Rastros",
        (7, 7),
        &[(Piece::Block, 22), (Piece::Runner, 1)],
        3,
    );
    rastros.homes = vec![((0, 0), Piece::Green), ((6, 6), Piece::Red)];
    let lights = [(Piece::Green, 4), (Piece::Yellow, 4), (Piece::Red, 3)];
    vec![
        (
            "semaforo",
            BoardFrame::Square(square("Semáforo", (4, 3), &lights, 1)),
        ),
        (
            "gatos_caes",
            BoardFrame::Square(square(
                "Gatos & Cães",
                (8, 8),
                &[(Piece::Cat, 22), (Piece::Dog, 14)],
                2,
            )),
        ),
        ("rastros", BoardFrame::Square(rastros)),
        (
            "avanco",
            BoardFrame::Square(square(
                "Avanço",
                (7, 7),
                &[(Piece::White, 12), (Piece::Black, 11)],
                4,
            )),
        ),
        (
            "flume",
            BoardFrame::Square(square(
                "Flume",
                (7, 7),
                &[(Piece::White, 22), (Piece::Black, 21)],
                5,
            )),
        ),
        ("produto", BoardFrame::Hex(produto(6))),
        ("soccolot", BoardFrame::Square(soccolot(7))),
        ("sages", BoardFrame::Pitch(sages(8))),
        ("skarb_8", BoardFrame::Square(skarb(8, 9))),
        ("skarb_25", BoardFrame::Square(skarb(25, 10))),
    ]
}

/// A short game of each board game for a replay: `turns + 1` frames, the start and one
/// piece moved (or placed) a turn, with its marks.
pub fn board_games(turns: usize) -> Vec<(&'static str, Vec<BoardFrame>)> {
    late_boards()
        .into_iter()
        .map(|(name, last)| (name, game_of(&last, turns)))
        .collect()
}

/// Frames leading to `last` by moving its pieces one at a time (a deterministic walk).
fn game_of(last: &BoardFrame, turns: usize) -> Vec<BoardFrame> {
    let mut frames = vec![last.clone()];
    let mut rng = Rng(0x5EED);
    for t in 0..turns {
        let mut next = frames.last().expect("a frame").clone();
        step(&mut next, &mut rng, t);
        frames.push(next);
    }
    frames
}

/// Moves one piece of `frame` to an empty square next to it (as most moves of the board
/// games go) and marks the move.
fn step(frame: &mut BoardFrame, rng: &mut Rng, t: usize) {
    /// Moves a piece of `cells` (`files` wide) one square: (from, to).
    fn walk(cells: &mut [Option<Piece>], files: usize, rng: &mut Rng) -> Option<(usize, usize)> {
        let n = cells.len();
        let ranks = n / files;
        let start = rng.below(n);
        for k in 0..n {
            let from = (start + k) % n;
            if cells[from].is_none() {
                continue;
            }
            let (f, r) = ((from % files) as i32, (from / files) as i32);
            let dir = rng.below(8);
            for d in 0..8 {
                let (df, dr) = [
                    (1, 0),
                    (0, 1),
                    (-1, 0),
                    (0, -1),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1),
                ][(dir + d) % 8];
                let (nf, nr) = (f + df, r + dr);
                if nf < 0 || nr < 0 || nf >= files as i32 || nr >= ranks as i32 {
                    continue;
                }
                let to = nr as usize * files + nf as usize;
                if cells[to].is_none() {
                    cells[to] = cells[from].take();
                    return Some((from, to));
                }
            }
        }
        None
    }
    match frame {
        BoardFrame::Square(v) => {
            let files = usize::from(v.files);
            let sq = |i: usize| ((i % files) as u8, (i / files) as u8);
            if let Some((a, b)) = walk(&mut v.cells, files, rng) {
                v.marks
                    .retain(|(_, m)| !matches!(m, Mark::From | Mark::To | Mark::Path));
                v.marks.extend([(sq(a), Mark::From), (sq(b), Mark::To)]);
            }
            v.to_move = Some(t % 2);
            v.title = format!("Board #12 · turn {}", t + 1);
            v.counters = format!("white {} · black {}", 12 + t % 5, 11 + t % 3);
        }
        BoardFrame::Hex(v) => {
            let (r, i) = (rng.below(v.rows.len()), 0);
            let row = &mut v.rows[r];
            let i = (i + rng.below(row.len())) % row.len();
            row[i] = match row[i] {
                Some(Piece::Black) => Some(Piece::White),
                _ => Some(Piece::Black),
            };
            v.marks = vec![(r, i)];
            v.to_move = Some(t % 2);
            v.title = format!("Produto #12 · turn {}", t + 1);
        }
        BoardFrame::Pitch(v) => {
            if let Some((a, b)) = walk(&mut v.cells, 15, rng) {
                let sq = |i: usize| ((i % 15) as u8, (i / 15) as u8);
                v.step = Some((sq(a), sq(b)));
            }
            v.to_move = Some(t % 2);
            v.title = format!("SAGES #12 · turn {}", t + 1);
        }
    }
}
