//! Computer players, each deciding from its own seat's view (never the whole position):
//! - `random`: any legal action.
//! - `easy`: takes the Portal when it can, otherwise walks towards the nearest thing worth
//!   having along open passages (a step that shortens the way), screams at random, and
//!   provokes the Hydra (or ends its turn) when no step helps.
//! - `strong`: plans a route — to the Portal with 3 artifacts, else to the nearest token
//!   it does not know to be a hazard (known artifacts first) — explores a token before
//!   stepping onto it, steals from a neighbour who holds more, digs or weaves or provokes
//!   when walled in, and chooses every Scream by how much closer it brings its own goal
//!   and how much farther it pushes the best-placed opponent's.

use std::collections::VecDeque;

use rand_core::RngCore;

use super::{
    Position,
    action::{Action, Approach, Step},
    board::{CELLS, Cell, TileKind},
    items::{Artifact, Face, Hero, Secret, TokenName, tuning},
    play::after_slide,
};
use crate::game::{Game, Seat, policy_rng};

/// Steps counted for a goal that no open path reaches.
const WALLED: u32 = 20;

/// Chooses `policy`'s action from `view` (the seat to move's view).
pub(super) fn choose(view: &Position, policy: &str, seed: &str) -> Option<Action> {
    let legal = view.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = policy_rng(seed);
    let pick =
        |rng: &mut rand_chacha::ChaCha8Rng, xs: &[Action]| xs[rng.next_u32() as usize % xs.len()];
    match policy {
        "random" => Some(pick(&mut rng, &legal)),
        "easy" => Some(easy(view, &legal, &mut rng).unwrap_or_else(|| pick(&mut rng, &legal))),
        "strong" => Some(strong(view, &legal, &mut rng)),
        _ => None,
    }
}

fn is_step(a: &Action) -> bool {
    matches!(a, Action::Step { .. })
}

fn easy(p: &Position, legal: &[Action], rng: &mut impl RngCore) -> Option<Action> {
    let seat = p.seat_to_move();
    if let Some(w) = winning_step(p, legal) {
        return Some(w);
    }
    if p.pending().drop || p.pending().scream {
        return None;
    }
    let now = distance(p, seat);
    let better: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| {
            matches!(
                a,
                Action::Step {
                    step: Step::Move,
                    approach: Approach::Plain,
                    ..
                }
            ) && step_target(p, a).is_some_and(|c| goal_distance_from(p, seat, c) < now)
        })
        .collect();
    if better.is_empty() {
        return [Action::Provoke, Action::End]
            .into_iter()
            .find(|a| legal.contains(a));
    }
    Some(better[rng.next_u32() as usize % better.len()])
}

fn winning_step(p: &Position, legal: &[Action]) -> Option<Action> {
    legal.iter().copied().find(|a| {
        is_step(a)
            && step_target(p, a).is_some_and(|c| p.board().tile(c).kind() == TileKind::Portal)
    })
}

fn step_target(p: &Position, a: &Action) -> Option<Cell> {
    match a {
        Action::Step { dir, .. } => p.players()[p.seat_to_move().index()].cell.step(*dir),
        _ => None,
    }
}

/// Whether `seat` (whose view `p` is, or any seat for public things) wants the token `t`.
fn worth(p: &Position, seat: Seat, cell: Cell) -> Option<u32> {
    if p.hand_size(seat) >= tuning::TO_WIN {
        return (p.board().tile(cell).kind() == TileKind::Portal).then_some(0);
    }
    let mut best = None;
    for t in p.tokens_on(cell) {
        let v = match t.face {
            Face::Up(TokenName::Artifact(_)) => Some(2),
            Face::Up(TokenName::Hazard(_)) => None,
            Face::Down(Secret::Known(TokenName::Artifact(_))) => Some(0),
            Face::Down(Secret::Known(TokenName::Hazard(_))) => None,
            Face::Down(Secret::Hidden) => Some(1),
        };
        best = best.or(v);
    }
    best
}

/// Open-passage steps from `from` to the nearest cell `seat` wants (the Hydra's tile and
/// face-up hazards avoided), plus that target's own cost; [`WALLED`] plus the straight
/// distance when none is reachable.
fn goal_distance_from(p: &Position, seat: Seat, from: Cell) -> u32 {
    let crown = p.holds(seat, Artifact::Crown);
    let mut dist = [u32::MAX; CELLS];
    let mut queue = VecDeque::from([from]);
    dist[from.index()] = 0;
    let mut best = u32::MAX;
    while let Some(c) = queue.pop_front() {
        let d = dist[c.index()];
        if let Some(extra) = worth(p, seat, c) {
            best = best.min(d * 2 + extra);
        }
        for (dir, n) in c.neighbours() {
            let kind = p.board().tile(n).kind();
            let open = p.board().open(c, dir) == Some(true) || (crown && kind == TileKind::Portal);
            if !open || dist[n.index()] != u32::MAX || kind == TileKind::Hydra {
                continue;
            }
            if kind == TileKind::Portal && p.hand_size(seat) < tuning::TO_WIN {
                continue;
            }
            if p.tokens_on(n)
                .any(|t| matches!(t.face, Face::Up(TokenName::Hazard(_))))
            {
                continue;
            }
            dist[n.index()] = d + 1;
            queue.push_back(n);
        }
    }
    if best != u32::MAX {
        return best;
    }
    let nearest = Cell::all()
        .filter(|c| worth(p, seat, *c).is_some())
        .map(|c| u32::from(c.distance(from)))
        .min()
        .unwrap_or(10);
    2 * WALLED + nearest
}

fn distance(p: &Position, seat: Seat) -> u32 {
    goal_distance_from(p, seat, p.players()[seat.index()].cell)
}

/// How good `p` is for `seat`: its own way short, the others' long, artifacts held.
fn value(p: &Position, seat: Seat) -> i64 {
    let mine = i64::from(distance(p, seat));
    let theirs = (0..p.players().len() as u8)
        .map(Seat)
        .filter(|s| *s != seat)
        .map(|s| i64::from(distance(p, s)) - 6 * p.hand_size(s) as i64)
        .min()
        .unwrap_or(0);
    -mine * 3 + theirs + 8 * p.hand_size(seat) as i64
}

fn strong(p: &Position, legal: &[Action], rng: &mut impl RngCore) -> Action {
    let seat = p.seat_to_move();
    let me = &p.players()[seat.index()];
    if let Some(w) = winning_step(p, legal) {
        return w;
    }
    if p.pending().drop {
        const KEEP: [Artifact; 10] = [
            Artifact::Lamp,
            Artifact::Echo,
            Artifact::Gem,
            Artifact::Bell,
            Artifact::Mask,
            Artifact::Ring,
            Artifact::Blade,
            Artifact::Map,
            Artifact::Chalice,
            Artifact::Crown,
        ];
        for a in KEEP {
            if legal.contains(&Action::Drop(a)) {
                return Action::Drop(a);
            }
        }
        return legal[0];
    }
    if p.pending().scream {
        let mut best = (i64::MIN, 0u32, legal[0]);
        for a in legal {
            if let Action::Scream(line, dir, rot) = *a {
                let v = value(&after_slide(p, line, dir, rot), seat);
                let tie = rng.next_u32();
                if (v, tie) > (best.0, best.1) {
                    best = (v, tie, *a);
                }
            }
        }
        return best.2;
    }
    // A theft when someone within reach holds at least as much as we do.
    if p.ap() >= tuning::STEAL {
        for a in legal {
            if let Action::Steal(v) = a
                && p.hand_size(*v) >= p.hand_size(seat).max(1)
            {
                return *a;
            }
        }
    }
    let now = distance(p, seat);
    // The best plain step towards the goal; explore an unknown token before entering it.
    let mut best_step: Option<(u32, Action)> = None;
    for a in legal {
        let Action::Step {
            step: Step::Move,
            approach: Approach::Plain,
            ..
        } = a
        else {
            continue;
        };
        let Some(c) = step_target(p, a) else { continue };
        let d = goal_distance_from(p, seat, c);
        if d < now && best_step.is_none_or(|(bd, _)| d < bd) {
            best_step = Some((d, *a));
        }
    }
    if let Some((_, a)) = best_step {
        let c = step_target(p, &a).expect("a step");
        if legal.contains(&Action::Explore(c)) && p.ap() >= 2 {
            return Action::Explore(c);
        }
        return a;
    }
    // Walled in: dig, weave or provoke when that helps; else end.
    if me.hero == Hero::Digger {
        for a in legal {
            if let Action::Step {
                step: Step::Dig,
                approach: Approach::Plain,
                ..
            } = a
                && step_target(p, a).is_some_and(|c| goal_distance_from(p, seat, c) < now)
            {
                return *a;
            }
        }
    }
    if me.hero == Hero::Weaver {
        for a in legal {
            if let Action::Weave(rot) = a {
                let mut q = p.clone();
                q.board.turn(me.cell, *rot);
                if distance(&q, seat) < now {
                    return *a;
                }
            }
        }
    }
    if legal.contains(&Action::Provoke) && now >= WALLED {
        return Action::Provoke;
    }
    if legal.contains(&Action::UseGem)
        && p.tokens()
            .iter()
            .any(|t| t.face == Face::Down(Secret::Hidden))
    {
        return Action::UseGem;
    }
    if legal.contains(&Action::End) {
        Action::End
    } else {
        legal[rng.next_u32() as usize % legal.len()]
    }
}
