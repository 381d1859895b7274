//! Computer players. `random`: any legal action. `easy`: places where it must place again
//! when it can (a free stone), else at random. `strong`: alpha-beta over a fixed budget of
//! placements, where a turn's extra placements are searched as the same player's moves;
//! it values stones, and squares that would give the mover a free stone (few empty
//! neighbours) count for whoever moves next.

use rand_core::RngCore;

use super::{Action, Colour, Position, Square};
use crate::game::{Game, Seat, policy_rng};

/// Positions the strong player looks at per action.
const BUDGET: usize = 6_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s action.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let seat = pos.seat_to_move();
    match policy {
        "random" => Some(legal[rng.next_u32() as usize % legal.len()]),
        "easy" => {
            let free: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Place(s) if pos.empty_neighbours(*s) <= 1))
                .collect();
            let from = if free.is_empty() { &legal } else { &free };
            Some(from[rng.next_u32() as usize % from.len()])
        }
        "strong" => {
            let mut order = legal.clone();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.next_u32() as usize % (i + 1));
            }
            // Free placements first: they keep the turn.
            order.sort_by_key(|a| match a {
                Action::Place(s) => pos.empty_neighbours(*s),
                Action::Swap => 5,
            });
            let mut nodes = 0;
            let mut best = order[0];
            for depth in 1..=6 {
                let mut best_v = -WIN - 1;
                let mut chosen = None;
                for a in &order {
                    let next = pos.play(seat, a).expect("legal").0;
                    let v = value(&next, seat, depth - 1, -WIN - 1, WIN + 1, &mut nodes);
                    if nodes > BUDGET {
                        break;
                    }
                    if v > best_v {
                        best_v = v;
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
            }
            Some(best)
        }
        _ => None,
    }
}

/// The value of `pos` for `me`: a max node when `me` is to move, a min node otherwise.
fn value(
    pos: &Position,
    me: Seat,
    depth: u32,
    mut alpha: i32,
    mut beta: i32,
    nodes: &mut usize,
) -> i32 {
    *nodes += 1;
    if let Some((w, _)) = pos.result() {
        return if w == me { WIN } else { -WIN };
    }
    if depth == 0 || *nodes > BUDGET {
        return evaluate(pos, me);
    }
    let seat = pos.seat_to_move();
    let mut actions = pos.legal_actions();
    actions.sort_by_key(|a| match a {
        Action::Place(s) => pos.empty_neighbours(*s),
        Action::Swap => 5,
    });
    actions.truncate(12);
    let maximise = seat == me;
    let mut best = if maximise { -WIN - 1 } else { WIN + 1 };
    for a in actions {
        let next = pos.play(seat, &a).expect("legal").0;
        let v = value(&next, me, depth - 1, alpha, beta, nodes);
        if maximise {
            best = best.max(v);
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            beta = beta.min(best);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Stones of my colour against theirs, and the free squares (at most one empty neighbour)
/// that whoever moves next can take.
fn evaluate(pos: &Position, me: Seat) -> i32 {
    let mine: Colour = pos.colour_of(me);
    let stones = pos.count(mine) as i32 - pos.count(mine.other()) as i32;
    let free = Square::all()
        .filter(|s| pos.get(*s).is_none() && pos.empty_neighbours(*s) <= 1)
        .count() as i32;
    let tempo = if pos.seat_to_move() == me {
        free
    } else {
        -free
    };
    stones * 10 + tempo * 4
}
