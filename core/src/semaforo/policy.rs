//! Computer players. `random` plays any legal square; `easy` takes a win in one and
//! otherwise avoids handing the opponent one, else plays at random; `strong` plays
//! perfectly from the game's full solution, computed once (every board is a base-4 number
//! under 4^12; whether the player to move wins depends on the board alone).

use std::sync::OnceLock;

use rand_core::RngCore;

use super::{Position, Square};
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

/// Whether the player to move in `pos` (a game in progress) wins with perfect play.
fn wins_for_mover(pos: &Position) -> bool {
    if pos.result().is_some() {
        return false;
    }
    let code = pos.board().code() as usize;
    match solution()[code] {
        UNKNOWN => {
            // A hand-made position no game reaches: solved on its own.
            let mut table = vec![UNKNOWN; 1 << 24];
            let mut cells = [0u8; 12];
            for (i, c) in cells.iter_mut().enumerate() {
                *c = ((code >> (2 * i)) & 3) as u8;
            }
            solve(&mut cells, &mut table)
        }
        v => v == WIN,
    }
}

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

/// Every board's value for the player to move (4^12 entries, 16 MiB), solved once.
fn solution() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![UNKNOWN; 1 << 24];
        let mut cells = [0u8; 12];
        solve(&mut cells, &mut table);
        table
    })
}

/// Solves the board `cells` (0 empty … 3 red; no line on it) for the player to move.
fn solve(cells: &mut [u8; 12], table: &mut [u8]) -> bool {
    let code = cells
        .iter()
        .rev()
        .fold(0usize, |acc, c| acc * 4 + usize::from(*c));
    match table[code] {
        WIN => return true,
        LOSS => return false,
        _ => {}
    }
    let mut counts = [0u8; 4];
    for c in cells.iter() {
        counts[usize::from(*c)] += 1;
    }
    let mut win = false;
    for i in 0..12 {
        let c = cells[i];
        if c == 3 || counts[usize::from(c) + 1] >= super::PIECES_PER_COLOUR {
            continue;
        }
        cells[i] = c + 1;
        let line = super::board::LINES
            .iter()
            .filter(|l| l.contains(&(i as u8)))
            .any(|l| l.iter().all(|j| cells[usize::from(*j)] == c + 1));
        // Every child is solved (no cut-off), so the table holds every board play can
        // reach, not only those on a winning line.
        let won = line || !solve(cells, table);
        cells[i] = c;
        win |= won;
    }
    // [D3] No legal action: the player to move loses (`win` stays false).
    table[code] = if win { WIN } else { LOSS };
    win
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
