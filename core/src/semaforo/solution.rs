//! The game's solution, shipped in the repository so the `strong` player never computes it.
//!
//! Semáforo is impartial (both players make the same moves) and every action raises one
//! square one step, so whether the player to move wins depends on the board alone, and a
//! board's "steps" (the sum of its squares, empty 0 … red 3) is the number of actions
//! played. Every board is a base-4 number under 4^12 (`Board::code`).
//!
//! `solution.bin` holds one bit per board with an even number of steps: whether the player
//! to move wins with perfect play (0 for boards no game holds: a line on them, or more than
//! 8 pieces of a colour). A board with an odd number of steps is decided by looking one
//! action ahead, at boards with an even number. Dropping a board's lowest bit maps the
//! even-step boards one to one onto `0..2^23` (the lowest bit follows from the others'
//! parity), so the file is 2^23 bits, 1 MiB, read in place: a lookup costs the same in the
//! first move of a process as in any later one (issue 33: building the table on first use
//! cost 5–7 s of CPU).
//!
//! `solver::table` computes the file from the rules, and a test compares it with the shipped
//! one on every run (`LABSCAPE_WRITE_SEMAFORO_SOLUTION=1 cargo test -p labscape-core --lib
//! the_shipped_solution_is_the_solvers` writes it again); another checks a sample of
//! positions against a search through `Game::play`, independent of the codes used here.

use super::{PIECES_PER_COLOUR, board::LINES};

/// One bit per even-step board, indexed by `code >> 1`, least significant bit first.
static SOLUTION: &[u8; 1 << 20] = include_bytes!("solution.bin");

/// The square `i`'s value (0 empty, 1 green, 2 yellow, 3 red) on board `code`.
fn square(code: u32, i: u8) -> u32 {
    (code >> (2 * i)) & 3
}

/// The number of actions that made `code`.
fn steps(code: u32) -> u32 {
    (0..12).map(|i| square(code, i)).sum()
}

/// Whether `code` holds a line of three pieces of one colour.
fn has_line(code: u32) -> bool {
    LINES.iter().any(|l| {
        let first = square(code, l[0]);
        first != 0 && l[1..].iter().all(|i| square(code, *i) == first)
    })
}

/// How many greens, yellows and reds stand on `code` (index 1, 2, 3).
fn counts(code: u32) -> [u8; 4] {
    let mut counts = [0u8; 4];
    for i in 0..12 {
        counts[square(code, i) as usize] += 1;
    }
    counts
}

/// The boards one action from `code` (a board in play).
fn children(code: u32) -> impl Iterator<Item = u32> {
    let counts = counts(code);
    (0..12u8).filter_map(move |i| {
        let next = square(code, i) + 1;
        (next <= 3 && counts[next as usize] < PIECES_PER_COLOUR).then(|| code + (1 << (2 * i)))
    })
}

/// Whether the player to move on `code` (a board in play) wins with perfect play.
pub(super) fn mover_wins(code: u32) -> bool {
    if steps(code).is_multiple_of(2) {
        stored(code)
    } else {
        // [D3] With no action at all the player to move loses: `any` of nothing is false.
        children(code).any(|c| has_line(c) || !stored(c))
    }
}

/// The shipped bit of an even-step board.
fn stored(code: u32) -> bool {
    let index = (code >> 1) as usize;
    SOLUTION[index / 8] & (1 << (index % 8)) != 0
}

/// Computes `solution.bin` from the rules (tests: the shipped file must equal it).
#[cfg(test)]
pub(super) mod solver {
    use super::*;

    /// Boards: 4^12.
    const BOARDS: u32 = 1 << 24;

    /// Whether some game can stand on `code`, not yet over: no line, no colour over its
    /// supply.
    fn in_play(code: u32) -> bool {
        !has_line(code) && counts(code)[1..].iter().all(|n| *n <= PIECES_PER_COLOUR)
    }

    /// Every board's value for the player to move (`true`: wins), in play or not. A child's
    /// code is larger than its parent's, so one pass from the top settles every board after
    /// all of its children.
    pub(in super::super) fn values() -> Vec<bool> {
        let mut wins = vec![false; BOARDS as usize];
        for code in (0..BOARDS).rev() {
            if in_play(code) {
                wins[code as usize] = children(code).any(|c| has_line(c) || !wins[c as usize]);
            }
        }
        wins
    }

    /// The bits of `solution.bin`.
    pub(in super::super) fn table() -> Vec<u8> {
        let wins = values();
        let mut bits = vec![0u8; 1 << 20];
        for code in (0..BOARDS).filter(|c| steps(*c).is_multiple_of(2)) {
            if wins[code as usize] {
                let index = (code >> 1) as usize;
                bits[index / 8] |= 1 << (index % 8);
            }
        }
        bits
    }
}
