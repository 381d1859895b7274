//! Computer players. They see the whole board, as every player does (SAGES has no secrets),
//! and decide from their seat's view.
//!
//! - `random`: any legal action.
//! - `easy`: scores when a kick can (never into its own goal), else avoids leaving the
//!   opponent a kick that scores, else plays at random.
//! - `strong`: iterative-deepening alpha-beta over a fixed budget of positions. A position
//!   is judged by the score, by whether the side to move can score at once (a one-ply look
//!   at the kicks, so a leaf does not hide a goal), by how far the ball is up the pitch and
//!   how central, and by how many kicks each side has on the ball.

use rand_core::RngCore;

use super::{Action, Colour, Dir, Position, SIZE, Terrain};
use crate::game::{Game, policy_rng};

/// Positions the strong player looks at per move.
const BUDGET: usize = 20_000;
/// A point: far above anything else the evaluation counts.
const GOAL: i32 = 10_000;
const WIN: i32 = 1_000_000;

/// Chooses `policy`'s action.
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let colour = Colour::of(pos.seat_to_move());
    let pick = |from: &[Action], rng: &mut rand_chacha::ChaCha8Rng| {
        from[rng.next_u32() as usize % from.len()]
    };
    match policy {
        "random" => Some(pick(&legal, &mut rng)),
        "easy" => {
            if let Some(a) = legal.iter().find(|a| scores(a, colour)) {
                return Some(*a);
            }
            let fair: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !own_goal(a, colour))
                .collect();
            let safe: Vec<Action> = fair
                .iter()
                .copied()
                .filter(|a| {
                    let next = pos.play_legal(a);
                    next.result().is_some() || !can_score(&next, colour.other())
                })
                .collect();
            let from = [&safe, &fair, &legal]
                .into_iter()
                .find(|l| !l.is_empty())
                .expect("legal is not empty");
            Some(pick(from, &mut rng))
        }
        "strong" => Some(strong(pos, legal, &mut rng)),
        _ => None,
    }
}

/// Whether `a` puts the ball in the goal `colour` attacks.
fn scores(a: &Action, colour: Colour) -> bool {
    matches!(a, Action::Kick { stop, .. } if stop.terrain() == Terrain::Goal(colour.other()))
}

/// Whether `a` puts the ball in `colour`'s own goal.
fn own_goal(a: &Action, colour: Colour) -> bool {
    matches!(a, Action::Kick { stop, .. } if stop.terrain() == Terrain::Goal(colour))
}

/// The men of `colour` that can kick the ball now, with their direction: for each
/// direction, the first man behind the ball on the line, over empty squares.
fn kickers(pos: &Position, colour: Colour) -> impl Iterator<Item = (super::Square, Dir)> + '_ {
    Dir::ALL.into_iter().filter_map(move |dir| {
        let back = dir.left().left();
        let mut at = pos.ball();
        loop {
            at = at.step(back)?;
            match pos.man(at) {
                Some(c) if c == colour => return Some((at, dir)),
                Some(_) => return None,
                None => {}
            }
        }
    })
}

/// Whether `colour` has a kick that scores, were it to move.
fn can_score(pos: &Position, colour: Colour) -> bool {
    kickers(pos, colour).any(|(from, dir)| {
        pos.kick_stops(from, dir)
            .iter()
            .any(|s| s.terrain() == Terrain::Goal(colour.other()))
    })
}

/// The strong player's choice: iterative deepening over the root's actions.
fn strong(pos: &Position, legal: Vec<Action>, rng: &mut rand_chacha::ChaCha8Rng) -> Action {
    let colour = Colour::of(pos.seat_to_move());
    let mut order = legal;
    for i in (1..order.len()).rev() {
        order.swap(i, rng.next_u32() as usize % (i + 1));
    }
    // Goals first, own goals last.
    order.sort_by_key(|a| (!scores(a, colour), own_goal(a, colour)));
    let mut nodes = 0;
    let mut best = order[0];
    for depth in 1..=8 {
        let mut alpha = -WIN - 1;
        let mut chosen = None;
        for a in &order {
            let next = pos.play_legal(a);
            let v = -search(&next, depth - 1, -WIN - 1, -alpha, &mut nodes);
            if nodes > BUDGET && depth > 1 {
                break;
            }
            if v > alpha {
                alpha = v;
                chosen = Some(*a);
            }
        }
        if nodes > BUDGET && depth > 1 {
            break;
        }
        if let Some(c) = chosen {
            best = c;
            order.retain(|a| *a != c);
            order.insert(0, c);
        }
        if alpha.abs() >= WIN - 64 || nodes > BUDGET {
            break;
        }
    }
    best
}

/// Negamax value for the side to move.
fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut usize) -> i32 {
    *nodes += 1;
    if let Some((winner, _)) = pos.result() {
        // A finished position's `seat_to_move` is the seat that made the last action, not
        // the side this negamax node speaks for (the other one). A sooner end (more depth
        // left) counts for more, so a win is taken at once and a loss put off.
        let v = WIN - 64 + depth as i32;
        return if winner == pos.seat_to_move() { -v } else { v };
    }
    if depth == 0 {
        return evaluate(pos);
    }
    let colour = Colour::of(pos.seat_to_move());
    let mut actions = pos.legal_actions();
    actions.sort_by_key(|a| (!scores(a, colour), own_goal(a, colour)));
    let mut best = -WIN - 1;
    for a in actions {
        let next = pos.play_legal(&a);
        let v = -search(&next, depth - 1, -beta, -alpha, nodes);
        best = best.max(v);
        alpha = alpha.max(best);
        if alpha >= beta || *nodes > BUDGET * 4 {
            break;
        }
    }
    best
}

/// The position from the side to move's view.
fn evaluate(pos: &Position) -> i32 {
    let me = Colour::of(pos.seat_to_move());
    let them = me.other();
    let score = pos.score();
    let mut v = GOAL * (i32::from(score.of(me)) - i32::from(score.of(them)));
    if can_score(pos, me) {
        v += GOAL * 3 / 4;
    }
    // The ball's place: up the pitch towards the goal `me` attacks, and central.
    let ball = pos.ball();
    let rank = i32::from(ball.rank());
    let up = match me {
        Colour::White => rank,
        Colour::Black => i32::from(SIZE) - 1 - rank,
    };
    let central = 7 - (i32::from(ball.file()) - 7).abs();
    v += (up - 7) * 40 + central * 8 * up / 7;
    // Who can reach the ball.
    v += 25 * (kickers(pos, me).count() as i32 - kickers(pos, them).count() as i32);
    v
}
