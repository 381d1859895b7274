//! How a checked action changes the position: the man's move, the kick's ball, a goal and
//! the reset after it, and the end of the game (five points, or the other side without a
//! legal action).

use super::{Action, Colour, Dir, Event, Position, Terrain, WINNING_SCORE};
use crate::game::{Reason, Seat};

impl Position {
    /// Why `winner` has won, read from the position: five points, or the other side
    /// without a legal action; `None` if neither holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = Colour::of(winner);
        let loser = colour.other();
        if self.score.of(colour) == WINNING_SCORE {
            Some(Reason::new(
                "five-goals",
                [
                    ("colour", colour.to_string()),
                    ("white", self.score.of(Colour::White).to_string()),
                    ("black", self.score.of(Colour::Black).to_string()),
                ],
                format!("{colour} scored five goals ({})", self.score),
            ))
        } else if !self.has_action(loser) {
            Some(Reason::new(
                "no-action",
                [("colour", colour.to_string()), ("loser", loser.to_string())],
                format!("{loser} has no legal action"),
            ))
        } else {
            None
        }
    }
    /// Plays a checked action of `colour` whose man moves in `dir`; `way`: whether to find
    /// the ball's way for its event (the computer players' search does without).
    pub(super) fn advance(
        &self,
        colour: Colour,
        a: &Action,
        dir: Dir,
        way: bool,
    ) -> (Position, Vec<Event>) {
        let seat = colour.seat();
        let mut next = self.clone();
        let (from, to) = (a.from(), a.to());
        next.men[from.index()] = None;
        next.men[to.index()] = Some(colour);
        let mut events = vec![Event::Moved { from, to }];
        if let Action::Kick { ball, stop, .. } = *a {
            let turns = if way {
                self.kick_way(from, dir, stop).unwrap_or_default()
            } else {
                Vec::new()
            };
            next.ball = stop;
            events.push(Event::Ball {
                from: ball,
                to: stop,
                turns,
            });
            if let Terrain::Goal(owner) = stop.terrain() {
                let scorer = owner.other();
                next.score = next.score.add(scorer);
                events.push(Event::Goal {
                    seat: scorer.seat(),
                    score: next.score.both(),
                });
                if next.score.of(scorer) == WINNING_SCORE {
                    next.result = next.reason_for(scorer.seat()).map(|r| (scorer.seat(), r));
                    events.push(Event::GameOver {
                        winner: scorer.seat(),
                    });
                    return (next, events);
                }
                next.reset();
                events.push(Event::Reset);
            }
        }
        next.to_move = colour.other().seat();
        if !next.has_action(colour.other()) {
            next.to_move = seat;
            next.result = next.reason_for(seat).map(|r| (seat, r));
            events.push(Event::GameOver { winner: seat });
        }
        (next, events)
    }
    /// Plays a legal action of the side to move without checking it or finding the ball's
    /// way (the computer players' search).
    pub(crate) fn play_legal(&self, a: &Action) -> Position {
        let dir = Dir::between(a.from(), a.to()).expect("a legal action is a line");
        self.advance(Colour::of(self.to_move), a, dir, false).0
    }
}
