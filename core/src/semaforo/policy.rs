//! Computer players. `random` plays any legal square; `easy` takes a win in one and
//! otherwise avoids handing the opponent one, else plays at random; `strong` plays
//! perfectly from the game's full solution, shipped in the repository (`solution.rs`), so
//! its first move in a process costs what any other does.

use rand_core::RngCore;

use super::{Position, Square, solution};
use crate::game::{Game, policy_rng};

/// Chooses `policy`'s action (`None` once over or for an unknown policy).
pub(super) fn choose(pos: &Position, policy: &str, seed: &str) -> Option<Square> {
    let legal = pos.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let mut pick = |from: &[Square]| from[rng.next_u32() as usize % from.len()];
    let wins: Vec<Square> = legal
        .iter()
        .copied()
        .filter(|s| wins_at_once(pos, *s))
        .collect();
    match policy {
        "random" => Some(pick(&legal)),
        "easy" => {
            if !wins.is_empty() {
                return Some(pick(&wins));
            }
            let safe: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| !gives_a_win(pos, *s))
                .collect();
            Some(pick(if safe.is_empty() { &legal } else { &safe }))
        }
        "strong" => {
            if !wins.is_empty() {
                return Some(pick(&wins));
            }
            // Moves that leave the opponent lost; failing those (a lost position), the
            // ones that lose the slowest way: at least not at once.
            let winning: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| after(pos, *s).is_some_and(|next| !wins_for_mover(&next)))
                .collect();
            if !winning.is_empty() {
                return Some(pick(&winning));
            }
            let safe: Vec<Square> = legal
                .iter()
                .copied()
                .filter(|s| !gives_a_win(pos, *s))
                .collect();
            Some(pick(if safe.is_empty() { &legal } else { &safe }))
        }
        _ => None,
    }
}

fn after(pos: &Position, square: Square) -> Option<Position> {
    pos.play(pos.seat_to_move(), &square).ok().map(|(p, _)| p)
}

fn wins_at_once(pos: &Position, square: Square) -> bool {
    after(pos, square).is_some_and(|p| p.result().is_some())
}

/// Whether playing `square` lets the opponent win with their next action.
fn gives_a_win(pos: &Position, square: Square) -> bool {
    match after(pos, square) {
        None => true,
        Some(next) if next.result().is_some() => false,
        Some(next) => next
            .legal_actions()
            .into_iter()
            .any(|s| wins_at_once(&next, s)),
    }
}

/// Whether the player to move in `pos` wins with perfect play (never, once it is over).
fn wins_for_mover(pos: &Position) -> bool {
    pos.result().is_none() && solution::mover_wins(pos.board().code())
}

/// The seat that wins the position with perfect play (tests).
#[cfg(test)]
pub(super) fn perfect_winner(pos: &Position) -> crate::game::Seat {
    let mover = pos.seat_to_move();
    if wins_for_mover(pos) {
        mover
    } else {
        crate::game::Seat(1 - mover.0)
    }
}
