//! Avanço (Breakthrough, Dan Troyka), `../shared/rules/games/avanco.md`: 7×7, White (seat
//! 0) on ranks 1–2 moving up, Black on ranks 6–7 moving down; a piece steps one square
//! forward, straight or diagonally onto an empty square, or captures diagonally forward;
//! reaching the opponent's first rank, or taking their last piece, wins.
//!
//! Actions are `b2-b3` (a move) and `b2xc3` (a capture): the separator is part of the
//! action (`[D3]`); the chat reads `b2c3` or `B2-C3` as the one legal action it can mean.
//!
//! Players read these rules in the repository, in `docs/rules/avanco.md`; its examples are
//! played by `core/tests/docs.rs`.

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

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
pub const FORMAT: &str = "avanco-position/1";
/// Squares along each side.
pub const SIZE: u8 = 7;
/// Pieces of each colour.
pub const PIECES: usize = 14;

/// Avanço has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A square, `a1` bottom-left.
pub type Square = crate::square::Square<SIZE>;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `W`, seat 0, moving up.
    White,
    /// `B`, seat 1, moving down.
    Black,
}

impl Colour {
    /// The colour of `seat`.
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
    /// One rank forward.
    fn forward(self) -> i8 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
    /// The rank that wins (the opponent's first).
    pub fn goal(self) -> u8 {
        match self {
            Colour::White => SIZE - 1,
            Colour::Black => 0,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "white",
            Colour::Black => "black",
        })
    }
}

/// A move or a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// Whether it takes the piece on `to`.
    pub capture: bool,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Option<Colour>; 49],
    to_move: Seat,
    result: Option<(Seat, Reason)>,
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A piece moved (every action).
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The piece on `square` was taken.
    Captured {
        /// Where.
        square: Square,
    },
    /// The action ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
    },
}

/// Why an action is refused.
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
    /// Not an action.
    #[error("“{0}” is not an action: write it like b2-b3, or b2xc3 for a capture")]
    Unreadable(String),
    /// No piece of the player's on the from-square.
    #[error("there is no {colour} piece on {square}")]
    NoPiece {
        /// The square.
        square: Square,
        /// The mover's colour.
        colour: Colour,
    },
    /// Backwards, sideways or further than one square.
    #[error("pieces move forward only, one square: {from} cannot go to {to}")]
    NotForward {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A move onto an occupied square.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A straight capture.
    #[error("pieces capture diagonally only, never straight ahead onto {0}")]
    StraightCapture(Square),
    /// A capture onto a square without an enemy piece.
    #[error("there is no enemy piece on {0} to capture")]
    NothingToCapture(Square),
    /// Chat text that fits several actions, or none.
    #[error("“{0}” does not name one legal action here")]
    NotOneAction(String),
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
    /// White on ranks 1–2, Black on 6–7, White to move.
    pub fn start() -> Position {
        let mut board = [None; 49];
        for sq in Square::all() {
            board[sq.index()] = match sq.rank() {
                0 | 1 => Some(Colour::White),
                5 | 6 => Some(Colour::Black),
                _ => None,
            };
        }
        Position {
            board,
            to_move: Seat(0),
            result: None,
        }
    }
    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Option<Colour> {
        self.board[square.index()]
    }
    /// Pieces of `colour`.
    pub fn count(&self, colour: Colour) -> usize {
        self.board.iter().filter(|c| **c == Some(colour)).count()
    }
    /// The seat to move, or (once over) the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }
    /// Why `winner` has won, read from the board: a piece on its goal rank, or no
    /// opponent left; `None` if neither holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = Colour::of(winner);
        let goal = colour.goal() + 1;
        if Square::all().any(|s| s.rank() == colour.goal() && self.get(s) == Some(colour)) {
            Some(Reason::new(
                "goal",
                [("colour", colour.to_string()), ("rank", goal.to_string())],
                format!("{colour} reached rank {goal}"),
            ))
        } else if self.count(colour.other()) == 0 {
            Some(Reason::new(
                "took-all",
                [("colour", colour.to_string())],
                format!("{colour} took every {} piece", colour.other()),
            ))
        } else {
            None
        }
    }
    /// Every move and capture of `colour`.
    pub fn actions_of(&self, colour: Colour) -> Vec<Action> {
        let mut out = Vec::new();
        for from in Square::all().filter(|s| self.get(*s) == Some(colour)) {
            for df in [-1, 0, 1] {
                let Some(to) = from.offset(df, colour.forward()) else {
                    continue;
                };
                match self.get(to) {
                    None => out.push(Action {
                        from,
                        to,
                        capture: false,
                    }),
                    Some(c) if c != colour && df != 0 => out.push(Action {
                        from,
                        to,
                        capture: true,
                    }),
                    _ => {}
                }
            }
        }
        out
    }
    /// Why `colour` may not play `a`, if it may not.
    fn check(&self, colour: Colour, a: &Action) -> Result<(), Refusal> {
        if self.get(a.from) != Some(colour) {
            return Err(Refusal::NoPiece {
                square: a.from,
                colour,
            });
        }
        let df = a.to.file() as i8 - a.from.file() as i8;
        let dr = a.to.rank() as i8 - a.from.rank() as i8;
        if dr != colour.forward() || df.abs() > 1 {
            return Err(Refusal::NotForward {
                from: a.from,
                to: a.to,
            });
        }
        match (a.capture, self.get(a.to)) {
            (false, None) => Ok(()),
            (false, Some(_)) => Err(Refusal::Occupied(a.to)),
            (true, _) if df == 0 => Err(Refusal::StraightCapture(a.to)),
            (true, Some(c)) if c != colour => Ok(()),
            (true, _) => Err(Refusal::NothingToCapture(a.to)),
        }
    }
}

/// Reads `b2-b3` / `b2xc3` strictly.
fn parse(text: &str) -> Option<Action> {
    let t = text.trim();
    if !t.is_ascii() || t.len() != 5 {
        return None;
    }
    let capture = match &t[2..3] {
        "-" => false,
        "x" | "X" => true,
        _ => return None,
    };
    Some(Action {
        from: Square::parse(&t[..2])?,
        to: Square::parse(&t[3..])?,
        capture,
    })
}

impl Game for Position {
    type Settings = Settings;
    type Action = Action;
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
    fn legal_actions(&self) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.actions_of(Colour::of(self.to_move))
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        parse(text).ok_or_else(|| Refusal::Unreadable(text.trim().chars().take(40).collect()))
    }
    fn read_chat(&self, text: &str) -> Result<Action, Refusal> {
        // `b2c3`, `B2-C3`, `b2 c3`: the two squares, whatever stands between them.
        let squares: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() && !matches!(c, 'x' | 'X'))
            .collect();
        let (Some(from), Some(to)) = (
            squares.get(..2).and_then(Square::parse),
            squares.get(2..).and_then(Square::parse),
        ) else {
            return self.parse_action(text);
        };
        if let Some(a) = self
            .legal_actions()
            .into_iter()
            .find(|a| a.from == from && a.to == to)
        {
            return Ok(a);
        }
        // No legal action joins them: say why, as the notation would have.
        let colour = Colour::of(self.to_move);
        let capture = self.get(to).is_some_and(|c| c != colour);
        let a = Action { from, to, capture };
        self.check(colour, &a)?;
        Err(Refusal::NotOneAction(
            text.trim().chars().take(40).collect(),
        ))
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
    fn play(&self, seat: Seat, a: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let colour = Colour::of(seat);
        self.check(colour, a)?;
        let mut next = self.clone();
        next.board[a.from.index()] = None;
        next.board[a.to.index()] = Some(colour);
        let mut events = vec![Event::Moved {
            from: a.from,
            to: a.to,
        }];
        if a.capture {
            events.push(Event::Captured { square: a.to });
        }
        match next.reason_for(seat) {
            Some(r) => {
                next.result = Some((seat, r));
                events.push(Event::GameOver { winner: seat });
            }
            None => next.to_move = Seat(1 - seat.0),
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
    fn decide(view: &View<Self>, policy: &str, seed: &str) -> Option<Action> {
        policy::choose(view, policy, seed)
    }
}
