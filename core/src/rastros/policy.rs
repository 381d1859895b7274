//! Computer players. `random`: any legal square. `easy`: wins at once when it can, avoids
//! a move after which the opponent wins at once, else plays at random. `strong`:
//! iterative-deepening alpha-beta over a fixed budget of positions, judging a position by
//! how far the white piece is from each home over the empty squares; with few empty
//! squares left around it the search reaches the end and plays exactly.

use rand_core::RngCore;

use super::{Position, SIZE, Square};
use crate::game::{Game, Seat, policy_rng};

/// Positions the strong player looks at per move.
const BUDGET: usize = 30_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s move.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Square> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let seat = pos.seat_to_move();
    let after = |s: &Square| pos.play(seat, s).expect("legal").0;
    let wins_now = |p: &Position, s: &Square| {
        let (next, _) = p.play(p.seat_to_move(), s).expect("legal");
        next.result().is_some_and(|(w, _)| w == p.seat_to_move())
    };
    match policy {
        "random" => Some(legal[rng.next_u32() as usize % legal.len()]),
        "easy" => {
            if let Some(w) = legal.iter().find(|s| wins_now(pos, s)) {
                return Some(*w);
            }
            let safe: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| {
                    let next = after(s);
                    next.result().is_none() && !next.moves().iter().any(|r| wins_now(&next, r))
                })
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
            for depth in 1..=48 {
                let mut alpha = -WIN - 1;
                let mut chosen = None;
                for s in &order {
                    let v = value_after(&after(s), seat, depth, -WIN - 1, -alpha, &mut nodes);
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
                    order.retain(|s| *s != c);
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

/// The value for `me` of `next`, reached by my move, searching `depth - 1` more plies.
fn value_after(
    next: &Position,
    me: Seat,
    depth: u32,
    alpha: i32,
    beta: i32,
    nodes: &mut usize,
) -> i32 {
    match next.result() {
        Some((w, _)) if w == me => WIN - 48 + depth as i32,
        Some(_) => -WIN + 48 - depth as i32,
        None => -search(next, depth - 1, -beta, -alpha, nodes),
    }
}

/// Negamax value for the side to move.
fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut usize) -> i32 {
    *nodes += 1;
    let seat = pos.seat_to_move();
    if depth == 0 || *nodes > BUDGET {
        return evaluate(pos, seat);
    }
    let mut best = -WIN - 1;
    for s in pos.moves() {
        let next = pos.play(seat, &s).expect("legal").0;
        let v = value_after(&next, seat, depth, alpha, beta, nodes);
        best = best.max(v);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Steps from the white piece to `home` over empty squares (`None`: cut off).
fn distance(pos: &Position, home: Square) -> Option<u32> {
    let mut seen = 1u64 << pos.white().index();
    let mut frontier = vec![pos.white()];
    let mut d = 0;
    while !frontier.is_empty() {
        if frontier.contains(&home) {
            return Some(d);
        }
        d += 1;
        let mut next = Vec::new();
        for s in frontier {
            for n in s.neighbours() {
                if seen & (1 << n.index()) == 0 && !pos.is_black(n) {
                    seen |= 1 << n.index();
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    None
}

/// `seat`'s view (seat to move): closer to its own home than to the opponent's is good,
/// and the parity of the distance matters (the mover reaches odd distances first).
fn evaluate(pos: &Position, seat: Seat) -> i32 {
    let far = i32::from(SIZE) * 4;
    let mine = distance(pos, Square::home(seat)).map_or(far, |d| d as i32);
    let theirs = distance(pos, Square::home(Seat(1 - seat.0))).map_or(far, |d| d as i32);
    (theirs - mine) * 100 + pos.moves().len() as i32
}
