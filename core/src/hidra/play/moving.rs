//! A hero on the move (§7.2, §8.1–§8.3): steps, entering a cell, the hazards it springs,
//! collecting tokens, and the slide of a Scream with everything riding on it.

use super::{Resolver, hydra_line, sort_tokens};
use crate::game::Seat;
use crate::hidra::{
    End, EndReason, Event, MovedBy,
    action::{Approach, Step},
    board::{Cell, Dir, Line, Rot, TileKind, slid},
    items::{Face, Hazard, Secret, Token, TokenName, tuning},
};

impl Resolver {
    /// A step (§8.1), and the turn's end after the step off a won fight.
    pub(super) fn step(&mut self, step: Step, dir: Dir, approach: Approach) {
        let seat = self.seat();
        let from = self.p.players[seat.index()].cell;
        let to = from.step(dir).expect("legal");
        let stepping_off = self.p.flags.won;
        if step == Step::Dig {
            self.p.flags.dug = true;
        }
        self.player(seat).cell = to;
        let by = match step {
            Step::Move => MovedBy::Move,
            Step::Ghost => MovedBy::Ghost,
            Step::Dig => MovedBy::Dig,
        };
        self.ev.push(Event::Moved { seat, from, to, by });
        if stepping_off {
            self.p.flags.won = false;
        }
        self.enter(seat, to, approach);
        if stepping_off {
            self.p.ap = 0;
        }
    }

    /// Entering a tile (§8.1): the Portal, the Hydra, a hazard, artifacts.
    fn enter(&mut self, seat: Seat, to: Cell, approach: Approach) {
        match self.p.board.tile(to).kind() {
            TileKind::Portal => {
                self.p.result = Some(End {
                    winner: Some(seat),
                    reason: EndReason::Portal,
                });
                self.ev.push(Event::GameOver {
                    winner: Some(seat),
                    reason: EndReason::Portal,
                });
            }
            TileKind::Hydra => self.hydra(seat, approach),
            _ => {
                if let Some(h) = self.hazard_on(to) {
                    self.spring(seat, to, h, true);
                } else if self.collect(seat, to) {
                    self.p.flags.collected = true;
                }
            }
        }
    }

    pub(super) fn hazard_on(&self, cell: Cell) -> Option<Hazard> {
        self.p.tokens_on(cell).find_map(Token::hazard)
    }

    /// A hazard springs (§8.3).
    pub(super) fn spring(&mut self, seat: Seat, cell: Cell, hazard: Hazard, own_scream: bool) {
        for t in self.p.tokens.iter_mut().filter(|t| t.cell == cell) {
            t.face = Face::Up(TokenName::Hazard(hazard));
        }
        self.forget(TokenName::Hazard(hazard));
        let hero = self.p.players[seat.index()].hero;
        let immune = hero.immune_to(hazard);
        self.ev.push(Event::Hazard {
            seat,
            cell,
            hazard,
            immune,
        });
        if !immune {
            match hazard {
                Hazard::Mud => self.add_penalty(seat, tuning::MUD),
                Hazard::Bats => {
                    if let Some(a) = self.take_random(seat) {
                        self.p.bank.push(a);
                        self.ev.push(Event::Snatched {
                            seat,
                            artifact: a,
                            only: vec![seat],
                        });
                    }
                }
                Hazard::Draft => {
                    let entry = self.p.board.entry();
                    self.player(seat).cell = entry;
                    self.ev.push(Event::Moved {
                        seat,
                        from: cell,
                        to: entry,
                        by: MovedBy::Draft,
                    });
                }
                Hazard::Pillars => self.player(seat).skip = true,
                Hazard::Stalactites => {}
            }
        }
        if hazard == Hazard::Stalactites {
            self.p.pending.hydra = true;
        }
        self.p.ap = 0;
        if own_scream {
            self.p.pending.scream = true;
        }
    }

    /// Collects every artifact on `cell` (§8.2); whether there were any.
    pub(super) fn collect(&mut self, seat: Seat, cell: Cell) -> bool {
        let mut taken = Vec::new();
        let mut face_up = false;
        let mut kept = Vec::with_capacity(self.p.tokens.len());
        for t in std::mem::take(&mut self.p.tokens) {
            match (t.cell == cell, t.artifact()) {
                (true, Some(a)) => {
                    face_up |= !t.is_down();
                    taken.push(a);
                }
                _ => kept.push(t),
            }
        }
        self.p.tokens = kept;
        if taken.is_empty() {
            return false;
        }
        for a in &taken {
            self.forget(TokenName::Artifact(*a));
            self.player(seat).artifacts.push(Secret::Known(*a));
        }
        if let Some(c) = self.p.board.tile(cell).chamber() {
            self.p.emptied.push(c);
        }
        self.ev.push(Event::Collected {
            seat,
            cell,
            artifacts: taken.into_iter().map(Secret::Known).collect(),
            only: (!face_up).then(|| vec![seat]),
        });
        self.p.pending.scream = true;
        true
    }

    /// A name leaves every `seen` (it turned face up or was collected, §8.8).
    fn forget(&mut self, name: TokenName) {
        for pl in &mut self.p.players {
            pl.seen.retain(|s| !s.is(name));
        }
    }

    /// A Scream's slide (§7.2), everything riding.
    pub(super) fn slide(&mut self, by: Option<Seat>, line: Line, dir: Dir, rot: Rot) {
        let cells = self.p.board.slide(line, dir, rot);
        for pl in &mut self.p.players {
            pl.cell = slid(&cells, pl.cell);
        }
        for t in &mut self.p.tokens {
            t.cell = slid(&cells, t.cell);
        }
        sort_tokens(&mut self.p.tokens);
        self.ev.push(Event::Scream {
            by,
            line,
            dir,
            rot,
            removed: cells[0],
            inserted: cells[4],
        });
    }

    /// The Hydra's own Scream (§7.3, \[D7\]), or its cancellation by calm.
    pub(super) fn hydra_scream(&mut self) {
        if self.p.calm > 0 {
            self.p.calm -= 1;
            self.ev.push(Event::Calmed { by: None });
            return;
        }
        if let Some((line, dir)) = hydra_line(&self.p) {
            self.slide(None, line, dir, Rot::ZERO);
        }
    }
}
