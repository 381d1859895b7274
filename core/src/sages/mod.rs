//! SAGES (Max Gerchambeau, 1980), `../shared/rules/games/sages.md`: football on a 15×15
//! board. The pitch is ringed by out-of-play squares, with a goal of five squares in the
//! middle of each end line; each side has seven men and there is one ball. A man moves in a
//! straight line over empty squares (never along its two backward diagonals); a man that
//! moves onto the ball's square kicks it: the ball runs on in the man's direction, turning
//! a right angle (left or right, the kicker's choice) at every man it meets, and stops where
//! the kicker names among the squares it can reach. A ball stopped on a goal square is a
//! point for the side attacking that goal; the pitch is then reset. Five points win.
//!
//! Why the engine looks as it does:
//! - The ball is a field of its own ([`Position::ball`]), not a kind of square content, so
//!   a board with no ball or two balls cannot be built; the men are an array of 225
//!   optional colours. The terrain is fixed (the rules' diagram) and lives in
//!   [`Square::terrain`], never in the position.
//! - A kick names the man's square, the ball's square and the ball's stop (`h5-h8>k10`,
//!   `[D16]`). Which way the ball took to its stop does not matter (`[D7]`), so `legal`
//!   lists each stop once; the engine keeps one way (the shortest) for pictures and stories
//!   on the typed [`Event::Ball`] (`turns`), which the notation's event does not carry
//!   (the rules fix `{"kind": "ball", "from", "to"}`).
//! - The ball's reachable stops are a graph search over (square, direction) states, at most
//!   225 × 8 of them, with a bit set for the states seen and the stops found: no
//!   allocation, and bounces off any number of men, including the loops of `[D6]`.
//! - Decisions the rules leave to the designer, beyond the rules file's `[D1]`–`[D16]`:
//!   the chat reads a man's square and the ball's stop (`h5 k10`) as a kick, and asks which
//!   one is meant when the text fits several actions; `turns` is the shortest way (fewest
//!   steps, then the earliest turn to the left).
//!
//! Where things are: the squares, directions, sides and terrain in `board`; actions, events,
//! refusals and their reading in `action`; the ball's flight after a kick in `ball`; which
//! actions are legal and why the others are refused in `legal`; how an action changes the
//! position in `play`; the [`Game`] contract in `game`; the document in `notation`; the
//! computer players in `policy`. The position itself and the score are here.
//!
//! [`Game`]: crate::Game

mod action;
mod ball;
mod board;
mod game;
mod legal;
mod notation;
mod play;
mod policy;
#[cfg(test)]
mod tests;

use std::fmt;

pub use action::{Action, Event, Obstacle, Refusal};
pub use board::{Colour, Dir, Square, Squares, Terrain};

use crate::game::{Reason, Seat};

/// The notation's format tag.
pub const FORMAT: &str = "sages-position/1";
/// Squares along each side.
pub const SIZE: u8 = 15;
/// Squares on the board.
const SQUARES: usize = 225;
/// Men of each side.
pub const MEN: usize = 7;
/// The points that win.
pub const WINNING_SCORE: u8 = 5;

/// SAGES has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// The points of each side, each at most [`WINNING_SCORE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score([u8; 2]);

impl Score {
    /// White's and Black's points, if each is at most five.
    pub fn new(white: u8, black: u8) -> Option<Score> {
        (white <= WINNING_SCORE && black <= WINNING_SCORE).then_some(Score([white, black]))
    }
    /// The points of `colour`.
    pub fn of(self, colour: Colour) -> u8 {
        self.0[colour.seat().index()]
    }
    /// `[white, black]`.
    pub fn both(self) -> [u8; 2] {
        self.0
    }
    /// One more point for `colour` (never past five: the fifth ends the game).
    fn add(self, colour: Colour) -> Score {
        let mut s = self.0;
        let i = colour.seat().index();
        s[i] = (s[i] + 1).min(WINNING_SCORE);
        Score(s)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}", self.0[0], self.0[1])
    }
}
/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    men: [Option<Colour>; SQUARES],
    ball: Square,
    to_move: Seat,
    score: Score,
    result: Option<(Seat, Reason)>,
}

/// The start layout: White's men, Black's, and the ball.
const START_WHITE: [(u8, u8); MEN] = [(7, 0), (3, 2), (7, 2), (11, 2), (3, 4), (7, 4), (11, 4)];

impl Position {
    /// The start layout (`§2`), score 0–0, White to move.
    pub fn start() -> Position {
        let mut p = Position {
            men: [None; SQUARES],
            ball: Square(0),
            to_move: Seat(0),
            score: Score::default(),
            result: None,
        };
        p.reset();
        p
    }
    /// Every man and the ball back to the start layout (the score and the turn stay).
    fn reset(&mut self) {
        self.men = [None; SQUARES];
        for (f, r) in START_WHITE {
            self.men[usize::from(r * SIZE + f)] = Some(Colour::White);
            self.men[usize::from((SIZE - 1 - r) * SIZE + f)] = Some(Colour::Black);
        }
        self.ball = Square::new(7, 7).expect("h8");
    }
    /// The man on `square`, if any.
    pub fn man(&self, square: Square) -> Option<Colour> {
        self.men[square.index()]
    }
    /// The ball's square.
    pub fn ball(&self) -> Square {
        self.ball
    }
    /// The score.
    pub fn score(&self) -> Score {
        self.score
    }
    /// The seat to move, or (once over) the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &Reason)> {
        self.result.as_ref().map(|(s, r)| (*s, r))
    }
    /// The men of `colour`.
    pub fn men_of(&self, colour: Colour) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |s| self.man(*s) == Some(colour))
    }
}
