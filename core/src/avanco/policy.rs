//! Computer players. `random`: any legal action. `easy`: wins at once when it can, takes
//! a piece that threatens to break through, else avoids moving into a capture, else plays
//! at random. `strong`: iterative-deepening alpha-beta over a fixed budget of positions,
//! with an evaluation of material, advancement and safety, and exact wins and losses.

use rand_core::RngCore;

use super::{Action, Colour, Position, SIZE};
use crate::game::{Game, policy_rng};

/// Positions the strong player looks at per move.
const BUDGET: usize = 12_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s action.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let seat = pos.seat_to_move();
    let colour = Colour::of(seat);
    let after = |a: &Action| pos.play(seat, a).expect("legal").0;
    match policy {
        "random" => Some(legal[rng.next_u32() as usize % legal.len()]),
        "easy" => {
            if let Some(w) = legal.iter().find(|a| after(a).result().is_some()) {
                return Some(*w);
            }
            let safe: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !attacked(&after(a), a.to, colour))
                .collect();
            let from = if safe.is_empty() { &legal } else { &safe };
            Some(from[rng.next_u32() as usize % from.len()])
        }
        "strong" => {
            let mut order = legal.clone();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.next_u32() as usize % (i + 1));
            }
            let mut nodes = 0;
            let mut best = order[0];
            for depth in 1..=32 {
                let mut alpha = -WIN - 1;
                let mut chosen = None;
                for a in &order {
                    let next = after(a);
                    let v = if next.result().is_some() {
                        WIN
                    } else {
                        -search(&next, depth - 1, -WIN - 1, -alpha, &mut nodes)
                    };
                    if nodes > BUDGET {
                        break;
                    }
                    if v > alpha {
                        alpha = v;
                        chosen = Some(*a);
                    }
                }
                if nodes > BUDGET {
                    break;
                }
                if let Some(c) = chosen {
                    best = c;
                    order.retain(|a| *a != c);
                    order.insert(0, c);
                }
                if alpha.abs() >= WIN - 64 {
                    break;
                }
            }
            Some(best)
        }
        _ => None,
    }
}

/// Whether a piece of `colour` on `square` can be taken by the opponent in `pos`.
fn attacked(pos: &Position, square: super::Square, colour: Colour) -> bool {
    let enemy = colour.other();
    pos.actions_of(enemy)
        .iter()
        .any(|a| a.capture && a.to == square)
}

/// Negamax value for the side to move.
fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut usize) -> i32 {
    *nodes += 1;
    let seat = pos.seat_to_move();
    if depth == 0 || *nodes > BUDGET {
        return evaluate(pos, Colour::of(seat));
    }
    let mut actions = pos.legal_actions();
    // Captures and advances first.
    actions
        .sort_by_key(|a| std::cmp::Reverse((a.capture, progress(Colour::of(seat), a.to.rank()))));
    let mut best = -WIN - 1;
    for a in actions {
        let next = pos.play(seat, &a).expect("legal").0;
        let v = if next.result().is_some() {
            WIN - 32 + depth as i32
        } else {
            -search(&next, depth - 1, -beta, -alpha, nodes)
        };
        best = best.max(v);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// How far `rank` is along `colour`'s way (0 at home).
fn progress(colour: Colour, rank: u8) -> u8 {
    match colour {
        Colour::White => rank,
        Colour::Black => SIZE - 1 - rank,
    }
}

/// The position from `colour`'s side: material, advancement (squared, so runners count),
/// and an unstoppable runner one step from the goal.
fn evaluate(pos: &Position, colour: Colour) -> i32 {
    let side = |c: Colour| -> i32 {
        super::Square::all()
            .filter(|s| pos.get(*s) == Some(c))
            .map(|s| {
                let p = i32::from(progress(c, s.rank()));
                100 + p * p * 4
            })
            .sum()
    };
    let mut v = side(colour) - side(colour.other());
    // The opponent to reply: a piece of ours one step from the goal that they cannot take
    // wins next move.
    if pos
        .actions_of(colour)
        .iter()
        .any(|a| a.to.rank() == colour.goal())
    {
        v += 5_000;
    }
    v
}
