//! Which actions are legal, and why any other is refused. The list and the refusals share
//! their pieces (`may_stop`, `kick_stops`), so they cannot disagree.

use super::{Action, Colour, Dir, Obstacle, Position, Refusal, SIZE, Square, Terrain};
use crate::game::Game;

impl Position {
    /// The man of `colour` standing on its own goal, if any.
    pub(super) fn keeper(&self, colour: Colour) -> Option<Square> {
        let rank = match colour {
            Colour::White => 0,
            Colour::Black => SIZE - 1,
        };
        (5..=9)
            .filter_map(|f| Square::new(f, rank))
            .find(|s| self.man(*s) == Some(colour))
    }
    /// Whether a man of `colour` coming from `from` may stop on `to` (an empty square):
    /// never on the opponent's goal; on its own goal only if no other man of its side is
    /// there (`[D14]`).
    pub(super) fn may_stop(
        &self,
        colour: Colour,
        from: Square,
        to: Square,
        keeper: Option<Square>,
    ) -> bool {
        match to.terrain() {
            Terrain::Goal(owner) if owner != colour => false,
            Terrain::Goal(_) => keeper.is_none_or(|k| k == from),
            _ => true,
        }
    }
    /// Whether a square holds a man or the ball, as a man walking sees it.
    pub(super) fn blocked(&self, sq: Square) -> bool {
        self.men[sq.index()].is_some() || sq == self.ball
    }
    /// Every move and kick of `colour`.
    pub fn actions_of(&self, colour: Colour) -> Vec<Action> {
        let mut out = Vec::with_capacity(192);
        self.each_action(colour, |a| {
            out.push(a);
            false
        });
        out
    }
    /// Whether `colour` has any legal action.
    pub fn has_action(&self, colour: Colour) -> bool {
        let mut any = false;
        self.each_action(colour, |_| {
            any = true;
            true
        });
        any
    }
    /// Calls `f` with each action of `colour` until it returns `true`.
    fn each_action(&self, colour: Colour, mut f: impl FnMut(Action) -> bool) {
        let keeper = self.keeper(colour);
        for from in Square::all() {
            if self.men[from.index()] != Some(colour) {
                continue;
            }
            for dir in Dir::ALL {
                let backward = colour.is_backward_diagonal(dir);
                let mut at = from;
                while let Some(to) = at.step(dir) {
                    if to == self.ball {
                        for stop in self.kick_stops(from, dir).iter() {
                            if f(Action::Kick {
                                from,
                                ball: to,
                                stop,
                            }) {
                                return;
                            }
                        }
                        break;
                    }
                    if self.men[to.index()].is_some() {
                        break;
                    }
                    // Along a backward diagonal a man only reaches the ball.
                    if !backward
                        && self.may_stop(colour, from, to, keeper)
                        && f(Action::Move { from, to })
                    {
                        return;
                    }
                    at = to;
                }
            }
        }
    }
    /// Why `colour` may not play `a`, if it may not; the direction of the man's move
    /// otherwise.
    pub(super) fn check(&self, colour: Colour, a: &Action) -> Result<Dir, Refusal> {
        let from = a.from();
        match self.man(from) {
            Some(c) if c == colour => {}
            Some(c) => {
                return Err(Refusal::NotYourMan {
                    square: from,
                    colour: c,
                });
            }
            None if from == self.ball => return Err(Refusal::BallIsNotAMan { square: from }),
            None => return Err(Refusal::NoMan { square: from }),
        }
        if let Action::Kick { ball, .. } = *a
            && ball != self.ball
        {
            return Err(Refusal::NotTheBall {
                square: ball,
                ball: self.ball,
            });
        }
        let to = a.to();
        let dir = Dir::between(from, to).ok_or(Refusal::NotALine { from, to })?;
        let mut at = from.step(dir).expect("the line reaches its target");
        while at != to {
            if self.blocked(at) {
                return Err(Refusal::PassesOver {
                    from,
                    to,
                    square: at,
                    what: self.man(at).map_or(Obstacle::Ball, Obstacle::Man),
                });
            }
            at = at.step(dir).expect("the line reaches its target");
        }
        self.check_end(colour, a, dir)?;
        Ok(dir)
    }
    /// Why the end of `colour`'s action `a`, a clear line in `dir`, is refused, if it is:
    /// where a moving man would stop, or where a kicked ball would.
    fn check_end(&self, colour: Colour, a: &Action, dir: Dir) -> Result<(), Refusal> {
        let (from, to) = (a.from(), a.to());
        match *a {
            Action::Move { .. } => {
                if to == self.ball {
                    return Err(Refusal::OntoTheBall {
                        from,
                        ball: self.ball,
                    });
                }
                if let Some(c) = self.man(to) {
                    return Err(Refusal::Occupied {
                        square: to,
                        colour: c,
                    });
                }
                if colour.is_backward_diagonal(dir) {
                    return Err(Refusal::BackwardDiagonal { from, to });
                }
                let keeper = self.keeper(colour);
                if !self.may_stop(colour, from, to, keeper) {
                    return Err(match keeper {
                        Some(k) if to.terrain() == Terrain::Goal(colour) => Refusal::SecondOnGoal {
                            square: to,
                            keeper: k,
                        },
                        _ => Refusal::OpponentsGoal { square: to },
                    });
                }
            }
            Action::Kick { ball, stop, .. } => {
                let stops = self.kick_stops(from, dir);
                if stops.is_empty() {
                    return Err(Refusal::NoStop { from, ball });
                }
                if !stops.contains(stop) {
                    return Err(if stop.terrain() == Terrain::OutOfPlay {
                        Refusal::StopOutOfPlay { stop }
                    } else if stop == ball {
                        Refusal::StopOnStart { stop }
                    } else if self.man(stop).is_some() && stop != from {
                        Refusal::StopOnMan { stop }
                    } else {
                        Refusal::StopUnreachable { from, stop }
                    });
                }
            }
        }
        Ok(())
    }
    /// The legal actions that the squares typed in chat can mean: a move `from`-`to`, a
    /// kick from `from` stopping on `to`, or a kick from `from` onto the ball on `to`.
    pub(super) fn chat_candidates(&self, from: Square, to: Square) -> Vec<Action> {
        self.legal_actions()
            .into_iter()
            .filter(|a| match *a {
                Action::Move { from: f, to: t } => f == from && t == to,
                Action::Kick {
                    from: f,
                    ball,
                    stop,
                } => f == from && (stop == to || ball == to),
            })
            .collect()
    }
}
