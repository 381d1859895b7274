//! Computer players, both seats, deciding from the view of the seat to move (the
//! architect's is the whole maze; the seeker's, without the map, his field of view and his
//! memory).
//!
//! - `random`: any legal action.
//! - `strong` architect: the hedge that makes the seeker's shortest way to the treasure
//!   longest, and among those the one leaving the fewest shortest ways (so that later hedges
//!   can lengthen it); it passes only when no hedge is legal.
//! - `strong` seeker: walks the first step of a shortest way over the maze as he believes
//!   it: what he sees, the hedges he remembers, and grass everywhere else (optimistic, so
//!   he explores; every hedge he meets is certain and stays in his memory, so he never
//!   loops for ever). It never passes.
//! - `easy`: the strong choice two times in three, else a random action other than `pass`.
//!
//! Ties are broken by the seed alone, so a seeker plays the same whatever lies outside his
//! view.

use rand_core::RngCore;

use super::{ARCHITECT, Action, Cell, Memory, Position, Square, distances_from};
use crate::game::{Game, policy_rng};

/// Chooses `policy`'s action for the seat to move of `view`.
pub(super) fn choose(view: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = view.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let strong_now = rng.next_u32() % 3 != 0;
    let mut pick = |from: &[Action]| from[rng.next_u32() as usize % from.len()];
    let moves: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| *a != Action::Pass)
        .collect();
    match policy {
        "random" => Some(pick(&legal)),
        "strong" => Some(strong(view, &moves, &mut pick)),
        "easy" => {
            if strong_now || moves.is_empty() {
                Some(strong(view, &moves, &mut pick))
            } else {
                Some(pick(&moves))
            }
        }
        _ => None,
    }
}

/// The strong choice among `moves` (the legal actions but `pass`), ties by `pick`.
fn strong(view: &Position, moves: &[Action], pick: &mut impl FnMut(&[Action]) -> Action) -> Action {
    if moves.is_empty() {
        return Action::Pass;
    }
    let best = if view.seat_to_move() == ARCHITECT {
        best_by(moves, |a| match a {
            Action::Plant(sq) => {
                let dist = view.distances(Some(*sq));
                let (d, ways) = ways_from(view, &dist);
                // Longer first, then fewer ways.
                (i64::from(d), -ways)
            }
            _ => (i64::MIN, 0.0),
        })
    } else {
        let dist = believed_distances(view);
        best_by(moves, |a| match a {
            Action::Step(d) => {
                let to = view.seeker().step(*d, view.size()).expect("a legal step");
                (-i64::from(dist[to.index(view.size())]), 0.0)
            }
            _ => (i64::MIN, 0.0),
        })
    };
    pick(&best)
}

/// The actions of `moves` with the greatest score.
fn best_by(moves: &[Action], score: impl Fn(&Action) -> (i64, f64)) -> Vec<Action> {
    let scored: Vec<(Action, (i64, f64))> = moves.iter().map(|a| (*a, score(a))).collect();
    let top = scored
        .iter()
        .map(|(_, s)| *s)
        .fold((i64::MIN, f64::NEG_INFINITY), |b, s| {
            if s.0 > b.0 || (s.0 == b.0 && s.1 > b.1) {
                s
            } else {
                b
            }
        });
    scored
        .into_iter()
        .filter(|(_, s)| *s == top)
        .map(|(a, _)| a)
        .collect()
}

/// The seeker's distance to the treasure and the number of his shortest ways, on the
/// distances `dist` to the treasure.
fn ways_from(view: &Position, dist: &[u32]) -> (u32, f64) {
    let size = view.size();
    let d0 = dist[view.seeker().index(size)];
    if d0 == u32::MAX {
        return (0, 0.0);
    }
    // Squares by distance, counting ways to the treasure outward from it.
    let mut by_dist: Vec<Square> = Square::all(size)
        .filter(|s| dist[s.index(size)] <= d0)
        .collect();
    by_dist.sort_by_key(|s| dist[s.index(size)]);
    let mut ways = vec![0f64; dist.len()];
    for s in by_dist {
        let i = s.index(size);
        ways[i] = if dist[i] == 0 {
            1.0
        } else {
            super::Dir::ALL
                .into_iter()
                .filter_map(|d| s.step(d, size))
                .filter(|n| dist[n.index(size)].checked_add(1) == Some(dist[i]))
                .map(|n| ways[n.index(size)])
                .sum()
        };
    }
    (d0, ways[view.seeker().index(size)])
}

/// Distances to the treasure over the maze as the seeker believes it: what his view shows,
/// the hedges he remembers, and grass where he knows nothing.
fn believed_distances(view: &Position) -> Vec<u32> {
    distances_from(view.size(), view.treasure(), |sq| match view.cell(sq) {
        Cell::Hedge => false,
        Cell::Grass => true,
        Cell::Unseen => view.memory(sq) != Some(Memory::Hedge),
    })
}
