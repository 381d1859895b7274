//! The Hydra's tile and combat (§8.4–§8.6): echoes, fights won and lost, and the artifacts
//! dropped, used up or stolen.

use super::{Resolver, draw, sort_tokens};
use crate::game::Seat;
use crate::hidra::{
    Event, MovedBy,
    action::Approach,
    board::TileKind,
    items::{Artifact, Face, Hero, Secret, Token, TokenName, tuning},
};

impl Resolver {
    /// The Hydra's tile (§8.4).
    pub(super) fn hydra(&mut self, seat: Seat, approach: Approach) {
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
            crate::hidra::Defence::Fixed => tuning::DEFENCE,
            crate::hidra::Defence::Scaled => tuning::DEFENCE + self.p.hand_size(seat) as u8,
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

    /// A lost fight (§8.4, \[D9\]): AP gone and `no_fight`, the push, the loss, the Scream.
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
    pub(super) fn drop(&mut self, seat: Seat, a: Artifact) {
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

    /// One of `seat`'s artifacts drawn at random (§10, \[D25\]), out of the hand.
    pub(super) fn take_random(&mut self, seat: Seat) -> Option<Secret<Artifact>> {
        let k = self.p.hand_size(seat);
        if k == 0 {
            return None;
        }
        let i = draw(&mut self.dice, k);
        Some(self.player(seat).artifacts.remove(i))
    }

    pub(super) fn use_up(&mut self, a: Artifact) {
        let seat = self.seat();
        self.player(seat).artifacts.retain(|h| !h.is(a));
        self.p.used.push(a);
        self.ev.push(Event::Used { seat, artifact: a });
    }

    /// Theft (§8.5).
    pub(super) fn steal(&mut self, victim: Seat) {
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
}
