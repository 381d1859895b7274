//! Computer players. `random`: any legal square. `easy`: places last when it can, else
//! avoids letting the opponent do so, else plays at random. `strong`: iterative-deepening
//! alpha-beta over a fixed budget of positions, counting the squares each side can still
//! take (a square only one side can use is worth most), which solves the end exactly.

use rand_core::RngCore;

use super::{Kind, Position, Square};
use crate::game::{Game, policy_rng};

/// Positions the strong player looks at per move.
const BUDGET: usize = 8_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s placement.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Square> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let mut pick = |from: &[Square]| from[rng.next_u32() as usize % from.len()];
    let seat = pos.seat_to_move();
    let after = |s: &Square| pos.play(seat, s).expect("legal").0;
    match policy {
        "random" => Some(pick(&legal)),
        "easy" => {
            let wins: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| after(s).result().is_some())
                .collect();
            if !wins.is_empty() {
                return Some(pick(&wins));
            }
            let safe: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| {
                    let next = after(s);
                    let them = next.seat_to_move();
                    !next
                        .legal_actions()
                        .iter()
                        .any(|r| next.play(them, r).expect("legal").0.result().is_some())
                })
                .collect();
            Some(pick(if safe.is_empty() { &legal } else { &safe }))
        }
        "strong" => {
            // Ties broken by the seed: shuffle, then keep the first best.
            let mut order = legal.clone();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.next_u32() as usize % (i + 1));
            }
            let mut nodes = 0;
            let mut best = order[0];
            for depth in 1..=64 {
                let mut alpha = -WIN - 1;
                let mut chosen = None;
                for s in &order {
                    let v = -search(&after(s), depth - 1, -WIN - 1, -alpha, &mut nodes);
                    if nodes > BUDGET {
                        break;
                    }
                    if v > alpha {
                        alpha = v;
                        chosen = Some(*s);
                    }
                }
                if nodes > BUDGET {
                    break;
                }
                if let Some(c) = chosen {
                    best = c;
                    // Search the best first next time.
                    order.retain(|s| *s != c);
                    order.insert(0, c);
                }
                if alpha.abs() >= WIN - 128 {
                    break;
                }
            }
            Some(best)
        }
        _ => None,
    }
}

/// Negamax value for the side to move in `pos`.
fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut usize) -> i32 {
    *nodes += 1;
    if pos.result().is_some() {
        // The game ended on the previous placement: the side that would move here lost.
        return -WIN;
    }
    let mover = Kind::of(pos.seat_to_move());
    let mine = pos.placements(mover);
    if depth == 0 || *nodes > BUDGET {
        let theirs = pos.placements(mover.other()).len() as i32;
        return mine.len() as i32 - theirs;
    }
    let seat = pos.seat_to_move();
    let mut best = -WIN - 1;
    for s in mine {
        let next = pos.play(seat, &s).expect("legal").0;
        let v = if next.result().is_some() {
            // A win found with more depth left is sooner: worth a little more.
            WIN - 64 + depth as i32
        } else {
            -search(&next, depth - 1, -beta, -alpha, nodes)
        };
        if v > best {
            best = v;
        }
        if best > alpha {
            alpha = best;
        }
        if alpha >= beta {
            break;
        }
    }
    best
}
