//! Rastros (Bill Taylor), `../shared/rules/games/rastros.md`: one white piece on a 7×7
//! board, moved by both players one square in any direction onto an empty square, leaving
//! a black piece behind; it reaching `a1` wins for seat 0 and `g7` for seat 1, whoever moved
//! it there, and a player left without a move loses.
//!
//! The action is the white piece's target square (`d4`).
//!
//! Players read these rules in the repository, in `docs/rules/rastros.md`; its examples are
//! played by `core/tests/docs.rs`.

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::ops::RangeInclusive;

use serde::Serialize;
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "rastros-position/1";
/// Squares along each side.
pub const SIZE: u8 = 7;

/// Rastros has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A square, `a1` bottom-left.
pub type Square = crate::square::Square<SIZE>;

impl Square {
    /// The up to 8 squares around.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .filter(|d| *d != (0, 0))
            .filter_map(move |(df, dr)| {
                let (nf, nr) = (f + df, r + dr);
                (nf >= 0 && nr >= 0)
                    .then(|| Square::new(nf as u8, nr as u8))
                    .flatten()
            })
    }
    /// `seat`'s home: a1 for seat 0, g7 for seat 1 (`[D1]`).
    pub fn home(seat: Seat) -> Square {
        if seat.0 == 0 {
            Square::A1
        } else {
            Square::LAST
        }
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Squares holding a black piece.
    black: u64,
    white: Square,
    to_move: Seat,
    result: Option<(Seat, Reason)>,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The white piece moved; `from` now holds a black piece.
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The move ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
    },
}

/// Why a move is refused.
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
    #[error("“{0}” is not a square of the board: name one from a1 to g7")]
    Unreadable(String),
    /// Not next to the white piece.
    #[error("{to} is not next to the white piece on {white}")]
    NotAdjacent {
        /// The square named.
        to: Square,
        /// Where the white piece stands.
        white: Square,
    },
    /// A black piece stands there.
    #[error("{0} holds a black piece")]
    Black(Square),
    /// The white piece's own square: it must move.
    #[error("the white piece is already on {0}: move it to a square next to it")]
    Stay(Square),
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable(_) => "unreadable",
            _ => "illegal",
        }
    }
}

impl Position {
    /// The white piece on e5, no black piece, seat 0 to move.
    pub fn start() -> Position {
        Position {
            black: 0,
            white: Square::new(4, 4).expect("e5"),
            to_move: Seat(0),
            result: None,
        }
    }
    /// Where the white piece stands.
    pub fn white(&self) -> Square {
        self.white
    }
    /// Whether a black piece stands on `square`.
    pub fn is_black(&self, square: Square) -> bool {
        self.black & (1 << square.index()) != 0
    }
    /// Black pieces on the board.
    pub fn black_count(&self) -> u32 {
        self.black.count_ones()
    }
    /// The seat to move, or (once over) the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }
    /// Why `winner` has won, read from the board: the white piece on their home square, or
    /// (standing on neither home) with no move left; `None` if neither holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let other = Seat(1 - winner.0);
        if self.white == Square::home(winner) {
            Some(Reason::new(
                "home",
                [("square", self.white.to_string())],
                format!("the white piece reached {}", self.white),
            ))
        } else if self.white != Square::home(other) && self.moves().is_empty() {
            Some(Reason::new("blocked", [], "the opponent has no move"))
        } else {
            None
        }
    }
    /// The empty squares next to the white piece.
    pub fn moves(&self) -> Vec<Square> {
        self.white
            .neighbours()
            .filter(|s| !self.is_black(*s))
            .collect()
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
        self.moves()
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
    fn play(&self, seat: Seat, to: &Square) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        if *to == self.white {
            return Err(Refusal::Stay(*to));
        }
        if !self.white.neighbours().any(|n| n == *to) {
            return Err(Refusal::NotAdjacent {
                to: *to,
                white: self.white,
            });
        }
        if self.is_black(*to) {
            return Err(Refusal::Black(*to));
        }
        let mut next = self.clone();
        next.black |= 1 << self.white.index();
        next.white = *to;
        let mut events = vec![Event::Moved {
            from: self.white,
            to: *to,
        }];
        let other = Seat(1 - seat.0);
        let winner = match [Seat(0), Seat(1)]
            .into_iter()
            .find(|w| *to == Square::home(*w))
        {
            Some(w) => Some(w),
            None if next.moves().is_empty() => Some(seat),
            None => None,
        };
        match winner.and_then(|w| Some((w, next.reason_for(w)?))) {
            Some((w, reason)) => {
                next.result = Some((w, reason));
                events.push(Event::GameOver { winner: w });
            }
            None => next.to_move = other,
        }
        Ok((next, events))
    }
    fn outcome(&self) -> Option<Outcome> {
        let (w, r) = self.result.as_ref()?;
        Some(Outcome::won_by(*w, r.clone()))
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
