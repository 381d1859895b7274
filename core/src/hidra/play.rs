//! How an action resolves (§5, §7, §8): on a copy of the position, which replaces the old
//! one only when the action was legal. After every action the position is settled (§8.7):
//! the game may end, the Hydra's owed Scream is made, calm cancels an owed Scream, and a
//! turn with nothing left to do passes to the next seat, rounds and the Hydra's own Screams
//! included.

use super::{
    End, EndReason, Event, Flags, MovedBy, Pin, Position,
    action::{Action, Approach, Refusal, Step},
    board::{Cell, Dir, Line, Rot, TileKind, slid},
    event::Sighted,
    items::{Artifact, Face, Hazard, Hero, Secret, Token, TokenName, tuning},
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

    /// A step (§8.1), and the turn's end after the step off a won fight.
    fn step(&mut self, step: Step, dir: Dir, approach: Approach) {
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

    fn hazard_on(&self, cell: Cell) -> Option<Hazard> {
        self.p.tokens_on(cell).find_map(Token::hazard)
    }

    /// A hazard springs (§8.3).
    fn spring(&mut self, seat: Seat, cell: Cell, hazard: Hazard, own_scream: bool) {
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
    fn collect(&mut self, seat: Seat, cell: Cell) -> bool {
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

    /// The Hydra's tile (§8.4).
    fn hydra(&mut self, seat: Seat, approach: Approach) {
        let hero = self.p.players[seat.index()].hero;
        match approach {
            Approach::Dodge => {
                let mut roll = self.dice.d6();
                let mut success = roll >= hero.dodge_from();
                self.ev.push(Event::Dodge {
                    seat,
                    roll,
                    success,
                });
                if !success && self.echo(seat) {
                    roll = self.dice.d6();
                    success = roll >= hero.dodge_from();
                    self.ev.push(Event::Dodge {
                        seat,
                        roll,
                        success,
                    });
                }
                self.p.ap = 0;
                if success {
                    let cell = self.p.players[seat.index()].cell;
                    self.collect(seat, cell);
                    return;
                }
                self.fight(seat);
            }
            Approach::Blade => {
                self.use_up(Artifact::Blade);
                self.ev.push(Event::Combat {
                    seat,
                    roll: None,
                    total: None,
                    defence: None,
                    won: true,
                });
                self.won(seat);
            }
            Approach::Plain => self.fight(seat),
        }
    }

    /// Whether the Echo Amulet rolls a failed test again now (and spends it for the turn).
    fn echo(&mut self, seat: Seat) -> bool {
        if seat == self.seat() && !self.p.flags.echo && self.p.holds(seat, Artifact::Echo) {
            self.p.flags.echo = true;
            true
        } else {
            false
        }
    }

    fn fight(&mut self, seat: Seat) {
        let defence = match self.p.rules.defence {
            super::Defence::Fixed => tuning::DEFENCE,
            super::Defence::Scaled => tuning::DEFENCE + self.p.hand_size(seat) as u8,
        };
        let mut won = self.combat(seat, defence);
        if !won && self.echo(seat) {
            won = self.combat(seat, defence);
        }
        if won {
            self.won(seat);
        } else {
            self.lost(seat);
        }
    }

    fn combat(&mut self, seat: Seat, defence: u8) -> bool {
        let roll = self.dice.two_d6();
        let total = roll[0] + roll[1] + tuning::FIGHT_BONUS;
        let won = total > defence;
        self.ev.push(Event::Combat {
            seat,
            roll: Some(roll),
            total: Some(total),
            defence: Some(defence),
            won,
        });
        won
    }

    fn won(&mut self, seat: Seat) {
        self.p.calm = self.p.calm.saturating_add(1);
        let cell = self.p.players[seat.index()].cell;
        self.collect(seat, cell);
        self.p.flags.won = true;
    }

    /// A lost fight (§8.4, [D9]): AP gone and `no_fight`, the push, the loss, the Scream.
    fn lost(&mut self, seat: Seat) {
        self.p.ap = 0;
        self.player(seat).no_fight = true;
        let hydra = self.p.board.hydra();
        let portal = self.p.board.portal();
        let target = hydra
            .neighbours()
            .filter(|(_, c)| {
                self.p.board.tile(*c).kind() != TileKind::Portal
                    && !self.p.players.iter().any(|pl| pl.cell == *c)
                    && !self.p.tokens_on(*c).any(|t| t.artifact().is_some())
            })
            .max_by_key(|(d, c)| {
                (
                    self.hazard_on(*c).is_some(),
                    c.distance(portal),
                    std::cmp::Reverse(*d),
                )
            })
            .map(|(_, c)| c);
        if let Some(to) = target {
            self.player(seat).cell = to;
            self.ev.push(Event::Moved {
                seat,
                from: hydra,
                to,
                by: MovedBy::Push,
            });
            if let Some(h) = self.hazard_on(to) {
                self.spring(seat, to, h, false);
            }
        }
        match self.p.hand_size(seat) {
            0 => self.add_penalty(seat, tuning::SMALL_PENALTY),
            1 => {
                let a = self.p.players[seat.index()].artifacts[0]
                    .known()
                    .expect("the whole position");
                self.drop(seat, a);
            }
            _ => self.p.pending.drop = true,
        }
        self.p.pending.scream = true;
    }

    /// `seat`'s `a` lies face up on the Hydra's tile.
    fn drop(&mut self, seat: Seat, a: Artifact) {
        self.player(seat).artifacts.retain(|h| !h.is(a));
        let cell = self.p.board.hydra();
        self.p.tokens.push(Token {
            cell,
            face: Face::Up(TokenName::Artifact(a)),
        });
        sort_tokens(&mut self.p.tokens);
        self.ev.push(Event::Dropped {
            seat,
            cell,
            artifact: a,
        });
    }

    /// One of `seat`'s artifacts drawn at random (§10, [D25]), out of the hand.
    fn take_random(&mut self, seat: Seat) -> Option<Secret<Artifact>> {
        let k = self.p.hand_size(seat);
        if k == 0 {
            return None;
        }
        let i = draw(&mut self.dice, k);
        Some(self.player(seat).artifacts.remove(i))
    }

    fn use_up(&mut self, a: Artifact) {
        let seat = self.seat();
        self.player(seat).artifacts.retain(|h| !h.is(a));
        self.p.used.push(a);
        self.ev.push(Event::Used { seat, artifact: a });
    }

    /// Theft (§8.5).
    fn steal(&mut self, victim: Seat) {
        let seat = self.seat();
        let lamp = self.p.holds(victim, Artifact::Lamp);
        let rogue = self.p.players[seat.index()].hero == Hero::Rogue;
        let attempt = |r: &mut Resolver| {
            let roll = [r.dice.d6(), r.dice.d6()];
            let thief = i16::from(roll[0]) - i16::from(lamp);
            let other = i16::from(roll[1]);
            let success = thief > other || (rogue && thief == other);
            r.ev.push(Event::Theft {
                seat,
                victim,
                roll,
                success,
            });
            success
        };
        let mut success = attempt(self);
        if !success && self.echo(seat) {
            success = attempt(self);
        }
        if success {
            let a = self.take_random(victim).expect("legal");
            self.player(seat).artifacts.push(a);
            self.ev.push(Event::Stolen {
                seat,
                victim,
                artifact: a,
                only: vec![seat, victim],
            });
        } else {
            self.p.ap = 0;
            self.add_penalty(seat, tuning::SMALL_PENALTY);
        }
    }

    /// A Scream's slide (§7.2), everything riding.
    fn slide(&mut self, by: Option<Seat>, line: Line, dir: Dir, rot: Rot) {
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

    /// The Hydra's own Scream (§7.3, [D7]), or its cancellation by calm.
    fn hydra_scream(&mut self) {
        if self.p.calm > 0 {
            self.p.calm -= 1;
            self.ev.push(Event::Calmed { by: None });
            return;
        }
        if let Some((line, dir)) = hydra_line(&self.p) {
            self.slide(None, line, dir, Rot::ZERO);
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

/// A random index among `k` things by d6 (§10, [D25]): one die until it shows k or less
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
