//! Computer players. `random`: any legal action. `easy`: scores at once when it can, avoids
//! an action after which the opponent scores (or wins) at once, else plays at random.
//! `strong`: iterative-deepening alpha-beta over a fixed budget of positions, judging a
//! position by how far up the pitch the ball is, how far each side could kick it from
//! where its men stand, and how close its men are to the ball; goals and blocked sides are
//! exact wins and losses.
//!
//! They decide from the seat's view, which in Soccolot is the whole position (no secrets).

use rand_core::RngCore;

use super::{Action, Colour, Dir, Position, SIZE, Square};
use crate::game::{Game, Seat, policy_rng};

/// Positions the strong player looks at per move.
const BUDGET: usize = 150_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s action.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let seat = pos.seat_to_move();
    let pick =
        |v: &[Action], rng: &mut rand_chacha::ChaCha8Rng| v[rng.next_u32() as usize % v.len()];
    match policy {
        "random" => Some(pick(&legal, &mut rng)),
        "easy" => {
            let outcomes: Vec<(Action, Position)> =
                legal.iter().map(|a| (*a, pos.after(seat, *a).0)).collect();
            if let Some((a, _)) = outcomes.iter().find(|(_, n)| won_by(n) == Some(seat)) {
                return Some(*a);
            }
            let safe: Vec<Action> = outcomes
                .iter()
                .filter(|(_, n)| n.result.is_none() && !wins_at_once(n))
                .map(|(a, _)| *a)
                .collect();
            let from = if safe.is_empty() { &legal } else { &safe };
            Some(pick(from, &mut rng))
        }
        "strong" => Some(strong(pos, legal, &mut rng)),
        _ => None,
    }
}

fn won_by(p: &Position) -> Option<Seat> {
    p.result.as_ref().map(|(w, _)| *w)
}

/// Whether the seat to move in `p` has an action that wins at once.
fn wins_at_once(p: &Position) -> bool {
    let seat = p.seat_to_move();
    p.legal_actions()
        .iter()
        .any(|a| won_by(&p.after(seat, *a).0) == Some(seat))
}

fn strong(pos: &Position, legal: Vec<Action>, rng: &mut rand_chacha::ChaCha8Rng) -> Action {
    let seat = pos.seat_to_move();
    let mut order = legal;
    for i in (1..order.len()).rev() {
        order.swap(i, rng.next_u32() as usize % (i + 1));
    }
    let mut nodes = 0;
    let mut best = order[0];
    for depth in 1..=16 {
        let mut alpha = -WIN - 1;
        let mut chosen = None;
        for a in &order {
            let next = pos.after(seat, *a).0;
            let v = value_after(&next, seat, depth, -WIN - 1, -alpha, &mut nodes);
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
    best
}

/// The value for `me` of `next`, reached by my action, searching `depth - 1` more plies.
fn value_after(
    next: &Position,
    me: Seat,
    depth: u32,
    alpha: i32,
    beta: i32,
    nodes: &mut usize,
) -> i32 {
    match won_by(next) {
        Some(w) if w == me => WIN - 32 + depth as i32,
        Some(_) => -WIN + 32 - depth as i32,
        None => -search(next, depth - 1, -beta, -alpha, nodes),
    }
}

/// Negamax value for the side to move.
fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut usize) -> i32 {
    *nodes += 1;
    let seat = pos.seat_to_move();
    if depth == 0 || *nodes > BUDGET {
        return evaluate(pos, Colour::of(seat));
    }
    let mut actions = pos.legal_actions();
    // Kicks and dribbles first: they are where goals come from.
    actions.sort_by_key(|a| match a {
        Action::Kick { .. } => 0,
        Action::Dribble { .. } => 1,
        Action::Run { .. } => 2,
    });
    let mut best = -WIN - 1;
    for a in actions {
        let next = pos.after(seat, a).0;
        let v = value_after(&next, seat, depth, alpha, beta, nodes);
        best = best.max(v);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// How many ranks toward `colour`'s goal a square is (0 on its own back rank).
fn progress(colour: Colour, sq: Square) -> i32 {
    match colour {
        Colour::Black => i32::from(sq.rank()),
        Colour::White => i32::from(SIZE - 1 - sq.rank()),
    }
}

/// The most ranks `colour` could move the ball toward its goal with one kick now.
fn kick_reach(pos: &Position, colour: Colour) -> i32 {
    let ball = pos.ball();
    let mut best = 0;
    for d in Dir::ALL {
        // A man of `colour` behind the ball in direction `d` kicks it along `d`.
        let back = Dir {
            df: -d.df,
            dr: -d.dr,
        };
        if ball.step(back).and_then(|s| pos.man(s)) != Some(colour) {
            continue;
        }
        let mut s = ball.step(d);
        let mut last = ball;
        while let Some(sq) = s.filter(|sq| pos.is_empty(*sq)) {
            last = sq;
            s = sq.step(d);
        }
        best = best.max(progress(colour, last) - progress(colour, ball));
    }
    best
}

/// `colour`'s view (the side to move): the ball up the pitch, kicks in reach, men near the
/// ball and between it and their own goal.
fn evaluate(pos: &Position, colour: Colour) -> i32 {
    let ball = pos.ball();
    let side = |c: Colour| {
        let mut v = progress(c, ball) * 40 + kick_reach(pos, c) * 25;
        for m in pos.men_of(c) {
            let d = i32::from(
                m.file()
                    .abs_diff(ball.file())
                    .max(m.rank().abs_diff(ball.rank())),
            );
            v -= d * 4;
            // A man between the ball and his own goal defends.
            if progress(c, m) < progress(c, ball) {
                v += 6;
            }
        }
        v
    };
    side(colour) - side(colour.other()) + 10
}
