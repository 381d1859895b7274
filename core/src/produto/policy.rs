//! Computer players. `random`: any legal stone. `easy`: a stone of its own colour next to
//! its largest group, else at random. `strong` knows the scoring rule: it weighs every
//! stone by the score difference it makes, growing its own two largest groups while keeping
//! them apart, and merging or cluttering the opponent's (their stones placed where they join
//! the opponent's groups into one, or their small groups multiplied), with a look at the
//! reply inside the same turn.

use rand_core::RngCore;

use super::{Action, Colour, Position};
use crate::game::{Game, Seat, policy_rng};

/// Chooses `policy`'s stone.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let seat = pos.seat_to_move();
    let mine = colour_of(seat);
    match policy {
        "random" => Some(legal[rng.next_u32() as usize % legal.len()]),
        "easy" => {
            let near: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| {
                    a.colour == mine
                        && a.cell
                            .neighbours()
                            .iter()
                            .any(|n| pos.get(*n) == Some(mine))
                })
                .collect();
            let from = if near.is_empty() { &legal } else { &near };
            Some(from[rng.next_u32() as usize % from.len()])
        }
        "strong" => {
            // Every stone is judged by how often the game is won when the rest of the board
            // fills at random (the score only counts on the full board), then by the score
            // it makes now.
            let mut best: Option<(i64, i64, u32, Action)> = None;
            for a in &legal {
                let next = pos.play(seat, a).expect("legal").0;
                let wins = (0..PLAYOUTS)
                    .filter(|_| playout_winner(&next, &mut rng) == seat)
                    .count() as i64;
                let v = evaluate(&next, seat);
                let tie = rng.next_u32();
                if best.is_none_or(|(bw, bv, bt, _)| (wins, v, tie) > (bw, bv, bt)) {
                    best = Some((wins, v, tie, *a));
                }
            }
            best.map(|(_, _, _, a)| a)
        }
        _ => None,
    }
}

/// Random completions per candidate stone.
const PLAYOUTS: usize = 12;

/// Who wins when every empty cell of `pos` is filled at random (each colour as the supply
/// allows).
fn playout_winner(pos: &Position, rng: &mut impl RngCore) -> Seat {
    if let Some((w, _)) = pos.result() {
        return w;
    }
    let mut p = pos.clone();
    let mut left = [p.supply(Colour::Black), p.supply(Colour::White)];
    for cell in super::Cell::all() {
        if p.board[cell.index()].is_some() {
            continue;
        }
        let black = left[1] == 0 || (left[0] > 0 && rng.next_u32().is_multiple_of(2));
        let (colour, i) = if black {
            (Colour::Black, 0)
        } else {
            (Colour::White, 1)
        };
        left[i] -= 1;
        p.board[cell.index()] = Some(colour);
    }
    super::decide(&p, p.scores()).0
}

/// The colour that scores for `seat`.
fn colour_of(seat: Seat) -> Colour {
    if seat.0 == 0 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// `seat`'s view: its score against the opponent's, and, while the board is open, the
/// potential of each side (the two largest groups' sizes, their room to grow).
fn evaluate(pos: &Position, seat: Seat) -> i64 {
    if let Some((w, _)) = pos.result() {
        return if w == seat {
            i64::MAX / 2
        } else {
            i64::MIN / 2
        };
    }
    let side = |c: Colour| -> i64 {
        let g = pos.groups(c);
        let a = i64::from(*g.first().unwrap_or(&0));
        let b = i64::from(*g.get(1).unwrap_or(&0));
        // The product, and a second group that is not left behind.
        a * b * 4 + b * 6 + a
    };
    side(colour_of(seat)) - side(colour_of(Seat(1 - seat.0)))
}
