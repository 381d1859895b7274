//! How an action resolves (§5, §7, §8): on a copy of the position, which replaces the old
//! one only when the action was legal. After every action the position is settled (§8.7):
//! the game may end, the Hydra's owed Scream is made, calm cancels an owed Scream, and a
//! turn with nothing left to do passes to the next seat, rounds and the Hydra's own Screams
//! included.
//!
//! The action's own effect and the settling after it are here; moving, hazards, collecting
//! and the slides in `moving`; the Hydra, combat and the artifacts won and lost in `fight`.

mod fight;
mod moving;

use super::{
    End, EndReason, Event, Flags, Pin, Position,
    action::{Action, Refusal},
    board::{Dir, Line, Rot, slid},
    event::Sighted,
    items::{Artifact, Face, Secret, Token, TokenName, tuning},
    legal,
};
use crate::{game::Seat, labscape::Dice};

/// Plays `action` for the seat to move (the turn already checked).
pub(super) fn play(p: &Position, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
    let Some(dice) = p.dice.clone() else {
        return Err(Refusal::View);
    };
    let cost = legal::check(p, action)?;
    let mut r = Resolver {
        p: p.clone(),
        dice,
        ev: Vec::new(),
    };
    r.act(action, cost);
    r.settle();
    let Resolver { mut p, dice, ev } = r;
    p.dice = Some(dice);
    Ok((p, ev))
}

/// Starts the first turn of a new game (after the setup).
pub(super) fn begin(p: Position, dice: Dice) -> (Position, Vec<Event>) {
    let mut r = Resolver {
        p,
        dice,
        ev: Vec::new(),
    };
    let first = r.p.first;
    r.start_turn(first);
    r.settle();
    let Resolver { mut p, dice, ev } = r;
    p.dice = Some(dice);
    (p, ev)
}

struct Resolver {
    p: Position,
    dice: Dice,
    ev: Vec<Event>,
}

impl Resolver {
    fn seat(&self) -> Seat {
        self.p.to_move
    }

    fn player(&mut self, seat: Seat) -> &mut super::Player {
        &mut self.p.players[seat.index()]
    }

    /// Penalties add up (§5), without overflowing.
    fn add_penalty(&mut self, seat: Seat, n: u8) {
        let pl = self.player(seat);
        pl.penalty = pl.penalty.saturating_add(n);
    }

    fn act(&mut self, action: &Action, cost: u8) {
        let seat = self.seat();
        self.p.ap -= cost;
        match *action {
            Action::Step {
                step,
                dir,
                approach,
            } => self.step(step, dir, approach),
            Action::Explore(cell) => {
                let t = *self.p.tokens_on(cell).find(|t| t.is_down()).expect("legal");
                let name = t.name().expect("the whole position");
                self.player(seat).seen.push(Secret::Known(name));
                self.ev.push(Event::Explored {
                    seat,
                    cell,
                    token: Secret::Known(name),
                    only: vec![seat],
                });
            }
            Action::Steal(victim) => self.steal(victim),
            Action::UseGem => {
                self.use_up(Artifact::Gem);
                let tokens: Vec<Sighted> = self
                    .p
                    .tokens
                    .iter()
                    .filter(|t| t.is_down())
                    .map(|t| Sighted {
                        cell: t.cell,
                        name: Secret::Known(t.name().expect("the whole position")),
                    })
                    .collect();
                for t in &tokens {
                    if !self.p.players[seat.index()].seen.contains(&t.name) {
                        self.player(seat).seen.push(t.name);
                    }
                }
                self.ev.push(Event::Vision {
                    seat,
                    tokens,
                    only: vec![seat],
                });
            }
            Action::UseBell => {
                self.use_up(Artifact::Bell);
                self.p.calm = self.p.calm.saturating_add(1);
            }
            Action::UseRing(line) => {
                self.use_up(Artifact::Ring);
                if let Some(old) = self.p.pin.take() {
                    self.ev.push(Event::Unpinned { line: old.line });
                }
                self.p.pin = Some(Pin { line, seat });
                self.ev.push(Event::Pinned { seat, line });
            }
            Action::UseMask(other) => {
                self.use_up(Artifact::Mask);
                let a = self.p.players[seat.index()].cell;
                let b = self.p.players[other.index()].cell;
                self.player(seat).cell = b;
                self.player(other).cell = a;
                self.ev.push(Event::Swapped {
                    seat,
                    other,
                    cells: [b, a],
                });
            }
            Action::Weave(rot) => {
                let cell = self.p.players[seat.index()].cell;
                self.p.board.turn(cell, rot);
                self.p.flags.wove = true;
                self.ev.push(Event::Woven { seat, cell, rot });
            }
            Action::Provoke => {
                self.ev.push(Event::Provoked { seat });
                self.p.pending.scream = true;
            }
            Action::End => self.p.ap = 0,
            Action::Scream(line, dir, rot) => {
                self.p.pending.scream = false;
                self.slide(Some(seat), line, dir, rot);
            }
            Action::Drop(a) => {
                self.p.pending.drop = false;
                self.drop(seat, a);
            }
        }
    }
    /// §8.7: settle until a choice is owed or the seat to move can act.
    fn settle(&mut self) {
        loop {
            if self.p.result.is_some() {
                return;
            }
            if self.p.artifacts_left() < tuning::TO_WIN {
                let end = End {
                    winner: None,
                    reason: EndReason::TooFewArtifacts,
                };
                self.p.result = Some(end);
                self.ev.push(Event::GameOver {
                    winner: None,
                    reason: end.reason,
                });
                return;
            }
            let pending = self.p.pending;
            if pending.hydra && !pending.drop && !pending.scream {
                self.p.pending.hydra = false;
                self.hydra_scream();
                continue;
            }
            if pending.scream && !pending.drop && self.p.calm > 0 {
                self.p.calm -= 1;
                self.p.pending.scream = false;
                self.ev.push(Event::Calmed {
                    by: Some(self.seat()),
                });
                continue;
            }
            if pending.is_empty() && self.p.ap == 0 {
                self.end_turn();
                continue;
            }
            return;
        }
    }

    /// §5: the turn ends; a round may end; the next turn starts.
    fn end_turn(&mut self) {
        let seat = self.seat();
        self.ev.push(Event::Ended { seat });
        let next = Seat(((seat.index() + 1) % self.p.players.len()) as u8);
        if next == self.p.first {
            if self.p.round >= self.p.rules.rounds {
                let end = End {
                    winner: None,
                    reason: EndReason::RoundLimit,
                };
                self.p.result = Some(end);
                self.ev.push(Event::GameOver {
                    winner: None,
                    reason: end.reason,
                });
                return;
            }
            if self.p.round.is_multiple_of(self.p.rules.hydra_every) {
                self.hydra_scream();
            }
            self.p.round += 1;
        }
        self.start_turn(next);
    }

    /// §5 "Start of a turn": pin, refill, AP, pickup.
    fn start_turn(&mut self, seat: Seat) {
        self.p.to_move = seat;
        if self.p.pin.is_some_and(|p| p.seat == seat) {
            let line = self.p.pin.take().expect("checked").line;
            self.ev.push(Event::Unpinned { line });
        }
        while self.p.emptied.len() >= 2 && !self.p.bank.is_empty() {
            let a = self.p.bank.remove(0);
            let chamber = self.p.emptied.remove(0);
            let cell = self.p.board.chamber(chamber);
            self.p.tokens.push(Token {
                cell,
                face: Face::Down(a.map_artifact()),
            });
            sort_tokens(&mut self.p.tokens);
            self.ev.push(Event::Refilled {
                cell,
                artifact: a,
                only: vec![],
            });
        }
        let chalice = self.p.holds(seat, Artifact::Chalice);
        let pl = self.player(seat);
        let base = if chalice {
            tuning::AP_CHALICE
        } else {
            tuning::AP
        };
        let mut ap = if pl.skip {
            0
        } else {
            base.saturating_sub(pl.penalty)
        };
        pl.penalty = 0;
        pl.skip = false;
        let no_fight = std::mem::take(&mut pl.no_fight);
        let cell = pl.cell;
        self.p.flags = Flags {
            no_fight,
            ..Flags::default()
        };
        let pickup = self.p.tokens_on(cell).any(|t| t.artifact().is_some());
        if pickup {
            ap = ap.saturating_sub(1);
        }
        self.p.ap = ap;
        self.ev.push(Event::Turn {
            seat,
            round: self.p.round,
            ap,
        });
        if pickup {
            self.collect(seat, cell);
        }
    }
}

impl Secret<Artifact> {
    fn map_artifact(self) -> Secret<TokenName> {
        match self {
            Secret::Known(a) => Secret::Known(TokenName::Artifact(a)),
            Secret::Hidden => Secret::Hidden,
        }
    }
}

/// Tokens in cell order (face-up ones on one cell keep the order they came in).
pub(super) fn sort_tokens(tokens: &mut [Token]) {
    tokens.sort_by_key(|t| t.cell);
}

/// The line and end of the Hydra's own Scream (§7.3): of the four ends of the Portal's
/// row and column, the one farthest from the Portal along its line; ties N, E, S, W;
/// pinned lines skipped.
pub(super) fn hydra_line(p: &Position) -> Option<(Line, Dir)> {
    let portal = p.board.portal();
    let row = Line::Row(portal.rank());
    let col = Line::Col(portal.file());
    [(col, Dir::N), (row, Dir::E), (col, Dir::S), (row, Dir::W)]
        .into_iter()
        .filter(|(l, _)| !p.pinned(*l))
        .map(|(l, d)| (l, d, l.from_end(d)[0].distance(portal)))
        .fold(None, |best: Option<(Line, Dir, u8)>, x| match best {
            Some(b) if b.2 >= x.2 => Some(b),
            _ => Some(x),
        })
        .map(|(l, d, _)| (l, d))
}

/// A random index among `k` things by d6 (§10, \[D25\]): one die until it shows k or less
/// (k ≤ 6), two dice a, b until 6(a−1)+b is k or less (k ≤ 36); k = 1 without a roll.
pub(super) fn draw(dice: &mut Dice, k: usize) -> usize {
    assert!((1..=36).contains(&k), "draw among {k}");
    if k == 1 {
        return 0;
    }
    loop {
        let v = if k <= 6 {
            usize::from(dice.d6())
        } else {
            let (a, b) = (usize::from(dice.d6()), usize::from(dice.d6()));
            6 * (a - 1) + b
        };
        if v <= k {
            return v - 1;
        }
    }
}

/// `p` after the slide of `line` from its `dir` end, the tile turned by `rot`, with
/// everything riding (no Scream event, no dice): for computer players weighing Screams.
pub(super) fn after_slide(p: &Position, line: Line, dir: Dir, rot: Rot) -> Position {
    let mut q = p.clone();
    let cells = q.board.slide(line, dir, rot);
    for pl in &mut q.players {
        pl.cell = slid(&cells, pl.cell);
    }
    for t in &mut q.tokens {
        t.cell = slid(&cells, t.cell);
    }
    sort_tokens(&mut q.tokens);
    q
}
