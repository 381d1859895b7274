//! Gatos & Cães (Cats & Dogs, Simon Norton's Snort), `../shared/rules/games/gatos-caes.md`:
//! on an 8×8 board the Cats (seat 0) and the Dogs (seat 1) place one piece a turn on an
//! empty square that touches no piece of the other kind orthogonally; the first cat goes in
//! the central zone (d4 d5 e4 e5), the first dog outside it; whoever places last wins.
//!
//! The action is a square (`e4`). A game ends right after a placement that leaves the
//! opponent none (`[D4]`), so no seat ever faces a turn it cannot play.
//!
//! Players read these rules in the repository, in `docs/rules/gatos-caes.md`; its examples are
//! played by `core/tests/docs.rs`.

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

use serde::{Serialize, Serializer};
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "gatos-caes-position/1";
/// Squares along each side.
pub const SIZE: u8 = 8;
/// Pieces of each kind.
pub const PIECES: usize = 28;

/// Gatos & Cães has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A square, `a1` bottom-left.
pub type Square = crate::square::Square<SIZE>;

impl Square {
    /// The orthogonal neighbours.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .into_iter()
            .filter_map(move |(df, dr)| {
                let (nf, nr) = (f + df, r + dr);
                (nf >= 0 && nr >= 0)
                    .then(|| Square::new(nf as u8, nr as u8))
                    .flatten()
            })
    }
    /// Whether it is in the central zone (d4 e4 d5 e5, `[D1]`).
    pub fn is_central(self) -> bool {
        (3..=4).contains(&self.file()) && (3..=4).contains(&self.rank())
    }
}

/// A piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A cat, `C`, seat 0's.
    Cat,
    /// A dog, `D`, seat 1's.
    Dog,
}

impl Kind {
    /// The kind `seat` places.
    pub fn of(seat: Seat) -> Kind {
        if seat.0 == 0 { Kind::Cat } else { Kind::Dog }
    }
    /// The other kind.
    pub fn other(self) -> Kind {
        match self {
            Kind::Cat => Kind::Dog,
            Kind::Dog => Kind::Cat,
        }
    }
    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            Kind::Cat => 'C',
            Kind::Dog => 'D',
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Cat => "cat",
            Kind::Dog => "dog",
        })
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Option<Kind>; 64],
    to_move: Seat,
    result: Option<(Seat, Reason)>,
}

/// What a placement did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A piece placed.
    Placed {
        /// Where.
        square: Square,
        /// `C` or `D`.
        piece: Kind,
    },
    /// The placement left the opponent none: the game is over.
    GameOver {
        /// Who placed last.
        winner: Seat,
    },
}

/// Why a placement is refused.
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
    #[error("“{0}” is not a square of the board: name one from a1 to h8")]
    Unreadable(String),
    /// The square holds a piece.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A piece of the other kind stands next to the square.
    #[error("{square} is next to the {kind} on {at}")]
    NextTo {
        /// The square named.
        square: Square,
        /// The neighbour's square.
        at: Square,
        /// The neighbour's kind.
        kind: Kind,
    },
    /// The first cat goes in the central zone.
    #[error("the first cat goes on d4, d5, e4 or e5")]
    FirstCatCentral,
    /// The first dog goes outside the central zone.
    #[error("the first dog goes outside d4, d5, e4, e5")]
    FirstDogOutside,
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
    /// The empty board, Cats to move.
    pub fn start() -> Position {
        Position {
            board: [None; 64],
            to_move: Seat(0),
            result: None,
        }
    }
    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Option<Kind> {
        self.board[square.index()]
    }
    /// Pieces of `kind` on the board.
    pub fn count(&self, kind: Kind) -> usize {
        self.board.iter().filter(|k| **k == Some(kind)).count()
    }
    /// The seat to move, or (once over) the seat that placed last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }
    /// Why `winner` has won, read from the board: the other side has nowhere to place;
    /// `None` if it still has.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let kind = Kind::of(winner);
        self.placements(kind.other()).is_empty().then(|| {
            Reason::new(
                "placed-last",
                [("side", kind.to_string())],
                format!("the {kind}s placed last"),
            )
        })
    }
    /// Why `kind` may not go on `square`, if it may not.
    fn check(&self, kind: Kind, square: Square) -> Result<(), Refusal> {
        self.check_with(kind, square, self.placed())
    }

    /// Pieces on the board.
    fn placed(&self) -> usize {
        self.board.iter().filter(|k| k.is_some()).count()
    }

    /// [`Position::check`] given the number of pieces on the board.
    fn check_with(&self, kind: Kind, square: Square, placed: usize) -> Result<(), Refusal> {
        if self.get(square).is_some() {
            return Err(Refusal::Occupied(square));
        }
        if placed == 0 && !square.is_central() {
            return Err(Refusal::FirstCatCentral);
        }
        if placed == 1 && square.is_central() {
            return Err(Refusal::FirstDogOutside);
        }
        if let Some(at) = square
            .neighbours()
            .find(|n| self.get(*n) == Some(kind.other()))
        {
            return Err(Refusal::NextTo {
                square,
                at,
                kind: kind.other(),
            });
        }
        Ok(())
    }
    /// Every square `kind` may take now.
    pub fn placements(&self, kind: Kind) -> Vec<Square> {
        let placed = self.placed();
        Square::all()
            .filter(|s| self.check_with(kind, *s, placed).is_ok())
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
        self.placements(Kind::of(self.to_move))
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
        let kind = Kind::of(seat);
        self.check(kind, *square)?;
        let mut next = self.clone();
        next.board[square.index()] = Some(kind);
        let mut events = vec![Event::Placed {
            square: *square,
            piece: kind,
        }];
        let other = Seat(1 - seat.0);
        if next.placements(kind.other()).is_empty() {
            next.result = next.reason_for(seat).map(|r| (seat, r));
            events.push(Event::GameOver { winner: seat });
        } else {
            next.to_move = other;
        }
        Ok((next, events))
    }
    fn outcome(&self) -> Option<Outcome> {
        let (w, reason) = self.result.as_ref()?;
        Some(Outcome::won_by(*w, reason.clone()))
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
