//! Which actions are legal, and why any other is refused, read in the order a player reads
//! the action: the from-square, the kind of action, then the target.

use super::{Action, Colour, Dir, Occupant, Position, Refusal, Square};

impl Position {
    /// Every run, dribble and kick of `colour`'s men, man by man (a1 first).
    pub fn actions_of(&self, colour: Colour) -> Vec<Action> {
        let mut out = Vec::with_capacity(48);
        for from in self.men_of(colour) {
            self.actions_from(from, &mut out);
        }
        out
    }

    /// Whether `colour` has at least one legal action (cheaper than listing them).
    pub fn can_act(&self, colour: Colour) -> bool {
        self.men_of(colour).any(|from| {
            Dir::ALL
                .iter()
                .any(|d| from.step(*d).is_some_and(|t| self.is_empty(t)))
                // A man next to the ball can always do something with it, unless every
                // dribble and kick is blocked; check those the long way.
                || (Dir::between(from, self.ball).is_some() && {
                    let mut v = Vec::new();
                    self.actions_from(from, &mut v);
                    !v.is_empty()
                })
        })
    }

    /// The actions of the man on `from`, appended to `out`.
    pub(super) fn actions_from(&self, from: Square, out: &mut Vec<Action>) {
        for d in Dir::ALL {
            if let Some(to) = from.step(d).filter(|t| self.is_empty(*t)) {
                out.push(Action::Run { from, to });
            }
        }
        let Some(k) = Dir::between(from, self.ball) else {
            return;
        };
        for d in Dir::ALL {
            let (Some(to), Some(ball_to)) = (from.step(d), self.ball.step(d)) else {
                continue;
            };
            if (to == self.ball || self.is_empty(to)) && (ball_to == from || self.is_empty(ball_to))
            {
                out.push(Action::Dribble { from, to });
            }
        }
        let mut stop = self.ball.step(k);
        while let Some(s) = stop.filter(|s| self.is_empty(*s)) {
            out.push(Action::Kick { from, stop: s });
            stop = s.step(k);
        }
    }

    /// Why `colour` may not play `a`, if it may not: the first thing wrong, read in the
    /// order a player reads the action.
    pub(super) fn check(&self, colour: Colour, a: Action) -> Result<(), Refusal> {
        let from = a.from();
        match self.occupant(from) {
            None => return Err(Refusal::NoMan(from)),
            Some(Occupant::Ball) => return Err(Refusal::BallIsNoMan(from)),
            Some(Occupant::Man(c)) if c != colour => {
                return Err(Refusal::NotYourMan {
                    square: from,
                    colour: c,
                });
            }
            Some(Occupant::Man(_)) => {}
        }
        let occupied = |square: Square| match self.man(square) {
            Some(c) => Err(Refusal::Occupied { square, colour: c }),
            None => Ok(()),
        };
        match a {
            Action::Run { from, to } => {
                if Dir::between(from, to).is_none() {
                    return Err(Refusal::NotOneStep { from, to });
                }
                if to == self.ball {
                    return Err(Refusal::RunOntoBall { from, to });
                }
                occupied(to)
            }
            Action::Dribble { from, to } => {
                let ball = self.next_to_ball(from)?;
                let Some(d) = Dir::between(from, to) else {
                    return Err(Refusal::NotOneStep { from, to });
                };
                let Some(ball_to) = ball.step(d) else {
                    return Err(Refusal::BallOffBoard(ball));
                };
                occupied(to)?;
                match self.man(ball_to) {
                    Some(c) if ball_to != from => Err(Refusal::BallBlocked {
                        square: ball_to,
                        colour: c,
                    }),
                    _ => Ok(()),
                }
            }
            Action::Kick { from, stop } => {
                let ball = self.next_to_ball(from)?;
                if stop == ball {
                    return Err(Refusal::KickInPlace(ball));
                }
                let k = Dir::between(from, ball).expect("next to the ball");
                let mut s = ball.step(k);
                while let Some(sq) = s {
                    let man = self.man(sq).is_some();
                    if sq == stop {
                        return if man {
                            Err(Refusal::StopOnMan(sq))
                        } else {
                            Ok(())
                        };
                    }
                    if man {
                        // The stop may still lie further on the line: say what is in the way.
                        let mut t = sq.step(k);
                        while let Some(u) = t {
                            if u == stop {
                                return Err(Refusal::PassesThrough(sq));
                            }
                            t = u.step(k);
                        }
                        break;
                    }
                    s = sq.step(k);
                }
                Err(Refusal::OffLine { from, ball, stop })
            }
        }
    }

    /// The ball's square if the man on `man` is next to it.
    fn next_to_ball(&self, man: Square) -> Result<Square, Refusal> {
        match Dir::between(man, self.ball) {
            Some(_) => Ok(self.ball),
            None => Err(Refusal::NotNextToBall {
                man,
                ball: self.ball,
            }),
        }
    }
}
