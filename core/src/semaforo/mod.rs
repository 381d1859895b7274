//! Semáforo (traffic lights, Alan Parr), `../shared/rules/games/semaforo.md`: a 4×3 board,
//! one shared supply of 8 green, 8 yellow and 8 red pieces; a turn places a green on an
//! empty square or upgrades a green to yellow or a yellow to red; whoever completes a line
//! of three of one colour wins.
//!
//! The action is a square (`c1`): what it does follows from what stands there. The board
//! has 12 squares and every action raises one square one step, so a game lasts at most 36
//! actions and cannot be drawn; the whole game is small enough to solve, and the `strong`
//! computer player plays perfectly (the second player wins).
//!
//! Players read these rules in the repository, in `docs/rules/semaforo.md`; its examples are
//! played by `core/tests/docs.rs`.

mod board;
mod notation;
mod policy;
mod solution;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

use serde::Serialize;
use thiserror::Error;

pub use board::{Board, Piece, Square};

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "semaforo-position/1";
/// Pieces of each colour in the supply at the start.
pub const PIECES_PER_COLOUR: u8 = 8;

/// Semáforo has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A Semáforo position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_move: Seat,
    result: Option<(Seat, Reason)>,
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A green placed on an empty square.
    Placed {
        /// Where.
        square: Square,
        /// Always `G`.
        piece: Piece,
    },
    /// A piece upgraded: `piece` is the new one (`Y` or `R`).
    Upgraded {
        /// Where.
        square: Square,
        /// The new piece.
        piece: Piece,
    },
    /// The action ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
    },
}

/// Why Semáforo refuses an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat's turn.
    #[error("it is seat {to_move}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// Who asked.
        seat: Seat,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// Not a square of the board.
    #[error("“{0}” is not a square of the board: name one from a1 to d3")]
    Unreadable(String),
    /// A red piece never changes.
    #[error("{0} holds a red piece, and a red piece never changes")]
    Red(Square),
    /// The colour the action needs has none left in the supply.
    #[error("no {piece} piece is left in the supply for {square}")]
    EmptySupply {
        /// The square named.
        square: Square,
        /// The piece it would need.
        piece: Piece,
    },
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable(_) => "unreadable",
            Refusal::Red(_) | Refusal::EmptySupply { .. } => "illegal",
        }
    }
}

impl Position {
    /// The empty board, seat 0 to move.
    pub fn start() -> Position {
        Position {
            board: Board::default(),
            to_move: Seat(0),
            result: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Pieces of `piece`'s colour not on the board.
    pub fn supply(&self, piece: Piece) -> u8 {
        PIECES_PER_COLOUR.saturating_sub(self.board.count(piece))
    }

    /// The seat to move, or (once over) the seat that made the last action.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }

    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }

    /// Why the game is won, read from the board: a line of three, or (with none) no legal
    /// action left; `None` if neither holds.
    pub(crate) fn reason_for(&self) -> Option<Reason> {
        if let Some(colour) = self.board.line() {
            return Some(Reason::new(
                "line",
                [("colour", colour.to_string())],
                format!("a line of three {}", colour.plural()),
            ));
        }
        let stuck = !Square::all().any(|s| self.next_piece(s).is_ok());
        stuck.then(|| Reason::new("stuck", [], "the opponent has no legal action"))
    }

    /// What naming `square` would do: the piece it puts there, or why not.
    fn next_piece(&self, square: Square) -> Result<Piece, Refusal> {
        let piece = match self.board.get(square) {
            None => Piece::Green,
            Some(Piece::Green) => Piece::Yellow,
            Some(Piece::Yellow) => Piece::Red,
            Some(Piece::Red) => return Err(Refusal::Red(square)),
        };
        if self.supply(piece) == 0 {
            return Err(Refusal::EmptySupply { square, piece });
        }
        Ok(piece)
    }
}

impl Game for Position {
    type Settings = Settings;
    type Action = Square;
    type Event = Event;
    type Refusal = Refusal;
    type Doc = Value;

    const OPTIONS: &'static [&'static str] = &[];
    const POLICIES: &'static [&'static str] = &["random", "easy", "strong"];
    const DEFAULT_POLICY: &'static str = "strong";

    fn settings(options: &[(String, String)]) -> Result<Settings, SettingsError> {
        check_option_keys(options, Self::OPTIONS)?;
        Ok(Settings)
    }

    fn options(_: &Settings) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn seats(_: &Settings) -> RangeInclusive<usize> {
        2..=2
    }

    fn new_game(
        _: &Settings,
        players: &[String],
        _seed: &str,
    ) -> Result<(Position, Vec<Event>), NewGameError> {
        if players.len() != 2 {
            return Err(NewGameError::Players {
                got: players.len(),
                min: 2,
                max: 2,
            });
        }
        Ok((Position::start(), Vec::new()))
    }

    fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn legal_actions(&self) -> Vec<Square> {
        if self.result.is_some() {
            return Vec::new();
        }
        Square::all()
            .filter(|s| self.next_piece(*s).is_ok())
            .collect()
    }

    fn parse_action(&self, text: &str) -> Result<Square, Refusal> {
        Square::parse(text.trim())
            .ok_or_else(|| Refusal::Unreadable(text.trim().chars().take(40).collect()))
    }

    fn check_turn(&self, seat: Option<Seat>) -> Result<Seat, Refusal> {
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let seat = seat.unwrap_or(self.to_move);
        if seat != self.to_move {
            return Err(Refusal::NotYourTurn {
                seat,
                to_move: self.to_move,
            });
        }
        Ok(seat)
    }

    fn play(&self, seat: Seat, square: &Square) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let piece = self.next_piece(*square)?;
        let mut next = self.clone();
        let placed = next.board.get(*square).is_none();
        next.board.set(*square, piece);
        let mut events = vec![if placed {
            Event::Placed {
                square: *square,
                piece,
            }
        } else {
            Event::Upgraded {
                square: *square,
                piece,
            }
        }];
        let other = Seat(1 - seat.0);
        if next.board.line().is_some() {
            next.result = next.reason_for().map(|r| (seat, r));
            events.push(Event::GameOver { winner: seat });
        } else {
            next.to_move = other;
            // [D3] A player with no legal action loses (it cannot happen in play).
            if next.legal_actions().is_empty() {
                next.result = next.reason_for().map(|r| (seat, r));
                next.to_move = seat;
                events.push(Event::GameOver { winner: seat });
            }
        }
        Ok((next, events))
    }

    fn outcome(&self) -> Option<Outcome> {
        let (winner, reason) = self.result.as_ref()?;
        Some(Outcome::won_by(*winner, reason.clone()))
    }

    fn to_doc(&self) -> Value {
        notation::to_doc(self)
    }

    fn from_value(value: Value) -> Result<Position, PositionError> {
        notation::from_value(&value)
    }

    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Square> {
        policy::choose(view, policy, seed)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)
    }
}
