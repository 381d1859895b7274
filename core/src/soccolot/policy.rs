//! Computer players. `random`: any legal action. `easy`: scores at once when it can, avoids
//! an action after which the opponent scores (or wins) at once, else plays at random.
//! `strong`: takes a goal when it has one, else iterative-deepening alpha-beta over a fixed
//! budget of positions. A position is judged by how far up the pitch the ball is, how far
//! each side could kick it from where its men stand, how many forward lines from the ball
//! reach the goal rank over empty squares (more the nearer the ball is), and how close its
//! men are to the ball; goals and blocked sides are exact wins and losses, sooner ones
//! counting for more, and a side to move that can score at once is a win one ply past the
//! horizon. Among the root's moves within `MARGIN` of the best it picks one with the
//! seeded generator: it sees no history, so this is what keeps it out of cycles.
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

/// Root moves whose values lie within this of the best are equally good: the seeded
/// generator picks among them, so a position met again (the player sees no history) does
/// not get the same answer, and the strong player never shuffles in a fixed cycle.
const MARGIN: i32 = 6;

fn strong(pos: &Position, legal: Vec<Action>, rng: &mut rand_chacha::ChaCha8Rng) -> Action {
    strong_within(pos, legal, rng, BUDGET)
}

/// The strong player with a smaller budget of positions (tests in a debug build).
#[cfg(test)]
pub(super) fn strong_with_budget(pos: &Position, seed: &str, budget: usize) -> Option<Action> {
    let legal = pos.legal_actions();
    (!legal.is_empty()).then(|| strong_within(pos, legal, &mut policy_rng(seed), budget))
}

/// The strong player's choice, looking at about `budget` positions.
fn strong_within(
    pos: &Position,
    legal: Vec<Action>,
    rng: &mut rand_chacha::ChaCha8Rng,
    budget: usize,
) -> Action {
    let seat = pos.seat_to_move();
    // A goal (or a win by blocking) at once is always taken.
    if let Some(a) = legal
        .iter()
        .find(|a| won_by(&pos.after(seat, **a).0) == Some(seat))
    {
        return *a;
    }
    let mut order = legal;
    for i in (1..order.len()).rev() {
        order.swap(i, rng.next_u32() as usize % (i + 1));
    }
    let mut nodes = 0;
    let mut best: Vec<(Action, i32)> = vec![(order[0], 0)];
    for depth in 1..=16 {
        let mut top = -WIN - 1;
        let mut scored: Vec<(Action, i32)> = Vec::with_capacity(order.len());
        let mut aborted = false;
        for a in &order {
            let next = pos.after(seat, *a).0;
            // Values above `floor` are exact, so every move near the best is known as such.
            let floor = (top - MARGIN - 1).max(-WIN - 1);
            let v = value_after(&next, seat, depth, floor, WIN + 1, &mut nodes, budget);
            if nodes > budget {
                aborted = true;
                break;
            }
            top = top.max(v);
            scored.push((*a, v));
        }
        if aborted {
            break;
        }
        // Best first for the next depth (a stable sort keeps the shuffled order of ties).
        scored.sort_by_key(|(_, v)| -v);
        order = scored.iter().map(|(a, _)| *a).collect();
        best = scored;
        if top.abs() >= WIN - 64 {
            break;
        }
    }
    let top = best[0].1;
    if top >= WIN - 64 {
        // A forced win: the fastest.
        return best[0].0;
    }
    let near: Vec<Action> = best
        .iter()
        .take_while(|(_, v)| *v >= top - MARGIN)
        .map(|(a, _)| *a)
        .collect();
    near[rng.next_u32() as usize % near.len()]
}

/// The value for `me` of `next`, reached by my action, searching `depth - 1` more plies.
fn value_after(
    next: &Position,
    me: Seat,
    depth: u32,
    alpha: i32,
    beta: i32,
    nodes: &mut usize,
    budget: usize,
) -> i32 {
    match won_by(next) {
        Some(w) if w == me => WIN - 32 + depth as i32,
        Some(_) => -WIN + 32 - depth as i32,
        None => -search(next, depth - 1, -beta, -alpha, nodes, budget),
    }
}

/// Negamax value for the side to move.
fn search(
    pos: &Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut usize,
    budget: usize,
) -> i32 {
    *nodes += 1;
    let seat = pos.seat_to_move();
    let colour = Colour::of(seat);
    // The side to move scores at once if it can: exact, and one ply past the horizon.
    if can_score(pos, colour) {
        return WIN - 32 + depth as i32;
    }
    if depth == 0 || *nodes > budget {
        return evaluate(pos, colour);
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
        let v = value_after(&next, seat, depth, alpha, beta, nodes, budget);
        best = best.max(v);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Whether `colour` has an action that puts the ball on its goal rank: a kick along an
/// open line or a dribble onto it from the rank before.
fn can_score(pos: &Position, colour: Colour) -> bool {
    let ball = pos.ball();
    let goal = colour.goal_rank();
    Dir::ALL.into_iter().any(|d| {
        // The man behind the ball in direction `d` kicks or dribbles it along `d`.
        let back = Dir {
            df: -d.df,
            dr: -d.dr,
        };
        if ball.step(back).and_then(|s| pos.man(s)) != Some(colour) {
            return false;
        }
        let mut s = ball.step(d);
        while let Some(sq) = s.filter(|sq| pos.is_empty(*sq)) {
            if sq.rank() == goal {
                return true;
            }
            s = sq.step(d);
        }
        false
    }) || dribble_scores(pos, colour)
}

/// Whether a man of `colour` next to the ball can dribble it onto `colour`'s goal rank.
fn dribble_scores(pos: &Position, colour: Colour) -> bool {
    let ball = pos.ball();
    let goal = colour.goal_rank();
    if ball.rank().abs_diff(goal) != 1 {
        return false;
    }
    Dir::ALL.into_iter().any(|k| {
        let Some(man) = ball.step(k).filter(|s| pos.man(*s) == Some(colour)) else {
            return false;
        };
        Dir::ALL.into_iter().any(|d| {
            let (Some(to), Some(ball_to)) = (man.step(d), ball.step(d)) else {
                return false;
            };
            ball_to.rank() == goal
                && (to == ball || pos.is_empty(to))
                && (ball_to == man || pos.is_empty(ball_to))
        })
    })
}

/// How many of the three forward lines from the ball reach `colour`'s goal rank over empty
/// squares: the ways a kick from behind could score.
fn open_lines(pos: &Position, colour: Colour) -> i32 {
    let ball = pos.ball();
    let dr: i8 = match colour {
        Colour::Black => 1,
        Colour::White => -1,
    };
    let goal = colour.goal_rank();
    let mut n = 0;
    for df in [-1, 0, 1] {
        let mut s = ball.step(Dir { df, dr });
        while let Some(sq) = s.filter(|sq| pos.is_empty(*sq)) {
            if sq.rank() == goal {
                n += 1;
                break;
            }
            s = sq.step(Dir { df, dr });
        }
    }
    n
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
        let up = progress(c, ball);
        let mut v = up * 40 + kick_reach(pos, c) * 25 + open_lines(pos, c) * (4 + 4 * up);
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
