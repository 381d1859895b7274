//! How a legal action changes the position, and how the game ends: the ball on a back rank
//! (a goal or an own goal), or the side to move left without a legal action.

use super::{Action, Colour, Dir, Event, Position};
use crate::game::{Reason, Seat};

impl Position {
    /// Why `winner` has won, read from the position (the seat to move being the seat that
    /// made the last action): the ball on `winner`'s goal rank, put there by them (a goal)
    /// or by the opponent (an own goal), or, with the ball on neither back rank, the
    /// opponent without a legal action. `None` if none holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = Colour::of(winner);
        let ball = self.ball.to_string();
        if self.ball.rank() == colour.goal_rank() {
            let mover = Colour::of(self.to_move);
            Some(if mover == colour {
                Reason::new(
                    "goal",
                    [("colour", colour.to_string()), ("square", ball.clone())],
                    format!("{colour} put the ball on {ball}, the opponent's back rank"),
                )
            } else {
                Reason::new(
                    "own-goal",
                    [("colour", mover.to_string()), ("square", ball.clone())],
                    format!("{mover} put the ball on {ball}, its own back rank: an own goal"),
                )
            })
        } else if self.ball.rank() != colour.back_rank() && !self.can_act(colour.other()) {
            Some(Reason::new(
                "blocked",
                [("colour", colour.other().to_string())],
                format!("{} has no legal action", colour.other()),
            ))
        } else {
            None
        }
    }

    /// The position after `seat` plays `a`, known legal.
    pub(super) fn after(&self, seat: Seat, a: Action) -> (Position, Vec<Event>) {
        let mut next = self.clone();
        let mut events = Vec::with_capacity(3);
        match a {
            Action::Run { from, to } => {
                next.men[to.index()] = next.men[from.index()].take();
                events.push(Event::Moved { from, to });
            }
            Action::Dribble { from, to } => {
                let d = Dir::between(from, to).expect("one step");
                let ball_to = self.ball.step(d).expect("on the board");
                next.men[to.index()] = next.men[from.index()].take();
                next.ball = ball_to;
                events.push(Event::Moved { from, to });
                events.push(Event::Ball {
                    from: self.ball,
                    to: ball_to,
                });
            }
            Action::Kick { stop, .. } => {
                next.ball = stop;
                events.push(Event::Ball {
                    from: self.ball,
                    to: stop,
                });
            }
        }
        let winner = if next.ball.rank() == Colour::Black.goal_rank() {
            Some(Colour::Black.seat())
        } else if next.ball.rank() == Colour::White.goal_rank() {
            Some(Colour::White.seat())
        } else if !next.can_act(Colour::of(seat).other()) {
            Some(seat)
        } else {
            None
        };
        match winner.and_then(|w| Some((w, next.reason_for(w)?))) {
            Some((w, reason)) => {
                next.result = Some((w, reason));
                events.push(Event::GameOver { winner: w });
            }
            None => next.to_move = Seat(1 - seat.0),
        }
        (next, events)
    }
}
