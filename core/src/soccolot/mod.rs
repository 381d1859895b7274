//! Soccolot (David W. Wilson, 2000), `../shared/rules/games/soccolot.md`: an 8×8 board, six
//! black men on b1–g1 (seat 0, moving first) and six white men on b8–g8, one ball on e5
//! that belongs to nobody. A turn moves one man: a **run** one square onto an empty square,
//! a **dribble** (a man next to the ball moves one square and the ball the same way), or a
//! **kick** (the ball flies along the line from a man next to it through the ball, over
//! empty squares, to the square the player names; the man stays). The ball standing on a
//! back rank ends the game: on rank 8 Black wins, on rank 1 White wins, whoever put it
//! there (an own goal counts for the opponent). A player left without a legal action loses.
//!
//! The ball is one [`Square`] of the position, never a cell of the board, so a position
//! with no ball or two balls cannot be built; the men are a board of `Option<Colour>`.
//! An [`Action`] says which of the three it is, so `e4-d3` (a run) and `e4-d3*` (a dribble
//! to the same square) are different actions, as the notation wants (`[D10]`).
//!
//! Decisions where the rules file is silent, beyond its own `[D1]`–`[D10]`:
//! - a refusal names the first thing wrong in the order a player reads the action: the
//!   from-square, then the kind of action (is the man next to the ball?), then the
//!   target: a kick's stop is checked square by square from the ball, so a stop behind a
//!   man is refused as "the ball would pass through the man on …";
//! - in chat, two squares without a separator (`c2 d3`, `c2d3`) mean the one legal action
//!   joining them; when a run and a dribble both do, the player is asked to choose
//!   (`c2-d3` or `c2-d3*`) instead of guessing.
//!
//! Where things are: squares, directions, sides in `board`; actions, events, refusals and
//! the strict notation in `action`; which actions are legal and why the others are refused
//! in `legal`; how an action changes the position and ends the game in `play`; the [`Game`]
//! contract and the chat's reading in `game`; the document in `notation`; the computer
//! players in `policy`. The position itself is here.
//!
//! [`Game`]: crate::Game

mod action;
mod board;
mod game;
mod legal;
mod notation;
mod play;
mod policy;
#[cfg(test)]
mod tests;

pub use action::{Action, Event, Refusal};
pub use board::{Colour, Dir, Occupant, Square};

use crate::game::{Reason, Seat};

/// The notation's format tag.
pub const FORMAT: &str = "soccolot-position/1";
/// Squares along each side.
pub const SIZE: u8 = 8;
const CELLS: usize = (SIZE as usize) * (SIZE as usize);

/// Soccolot has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A position: the men, the ball, the seat to move and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    men: [Option<Colour>; CELLS],
    ball: Square,
    to_move: Seat,
    result: Option<(Seat, Reason)>,
}

impl Position {
    /// Black men on b1–g1, white men on b8–g8, the ball on e5, Black to move (`[D2]`).
    pub fn start() -> Position {
        let mut men = [None; CELLS];
        for file in 1..SIZE - 1 {
            men[usize::from(file)] = Some(Colour::Black);
            men[usize::from((SIZE - 1) * SIZE + file)] = Some(Colour::White);
        }
        Position {
            men,
            ball: Square::new(4, 4).expect("e5"),
            to_move: Seat(0),
            result: None,
        }
    }
    /// The man on `square`, if any.
    pub fn man(&self, square: Square) -> Option<Colour> {
        self.men[square.index()]
    }
    /// Where the ball stands.
    pub fn ball(&self) -> Square {
        self.ball
    }
    /// What stands on `square`.
    pub fn occupant(&self, square: Square) -> Option<Occupant> {
        if square == self.ball {
            Some(Occupant::Ball)
        } else {
            self.man(square).map(Occupant::Man)
        }
    }
    fn is_empty(&self, square: Square) -> bool {
        square != self.ball && self.man(square).is_none()
    }
    /// The squares of `colour`'s men, a1 first.
    pub fn men_of(&self, colour: Colour) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |s| self.man(*s) == Some(colour))
    }
    /// The seat to move, or (once over) the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &Reason)> {
        self.result.as_ref().map(|(s, r)| (*s, r))
    }
}
