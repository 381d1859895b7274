//! Flume (Mark Steere), `../shared/rules/games/flume.md`: on a 7×7 board each player places
//! stones of their colour; a stone placed where at most one orthogonal neighbour is empty
//! makes its player place again, so a turn can be a chain of placements. The second player
//! may swap colours instead of their first placement. The first colour with 25 stones — more
//! than half the board — wins.
//!
//! Each engine action is one placement (`d4`) or `swap`; `to_move` stays the same seat while
//! its turn goes on.
//!
//! Players read these rules in the repository, in `docs/rules/flume.md`; its examples are
//! played by `core/tests/docs.rs`.

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::{fmt, ops::RangeInclusive};

use serde::{Serialize, Serializer, ser::SerializeMap};
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "flume-position/1";
/// Squares along each side.
pub const SIZE: u8 = 7;
/// Stones of one colour that win (more than half of 49).
pub const WINNING: usize = 25;

/// Flume has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A square, `a1` bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a), `rank` (0 = 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < SIZE && rank < SIZE).then(|| Square(rank * SIZE + file))
    }
    /// Every square.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE * SIZE).map(Square)
    }
    /// 0 = a.
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }
    /// 0 = rank 1.
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }
    fn index(self) -> usize {
        usize::from(self.0)
    }
    /// Reads `d4` (any case).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::new(
            b[0].to_ascii_lowercase().checked_sub(b'a')?,
            b[1].checked_sub(b'1')?,
        )
    }
    /// The orthogonal neighbours on the board (`[D3]`: off the board does not exist).
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
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `W`.
    White,
    /// `B`.
    Black,
}

impl Colour {
    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
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

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// An action: one placement, or the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone of the mover's colour on this square.
    Place(Square),
    /// The second player's first action: exchange the colours.
    Swap,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(s) => write!(f, "{s}"),
            Action::Swap => f.write_str("swap"),
        }
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Option<Colour>; 49],
    to_move: Seat,
    /// `colors[s]`: the colour seat `s` plays.
    colors: [Colour; 2],
    result: Option<(Seat, Reason)>,
}

/// Stones of each colour, as the `game_over` event writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stones {
    /// White stones.
    pub white: usize,
    /// Black stones.
    pub black: usize,
}

impl Serialize for Stones {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("W", &self.white)?;
        m.serialize_entry("B", &self.black)?;
        m.end()
    }
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A stone placed; `again` when the same seat must place again.
    Placed {
        /// Where.
        square: Square,
        /// Its colour.
        colour: Colour,
        /// Whether the same seat places again.
        again: bool,
    },
    /// The colours were exchanged.
    Swapped {
        /// The colours after it, by seat.
        colors: [Colour; 2],
    },
    /// The action ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
        /// Stones of each colour.
        stones: Stones,
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
    /// Not a square or `swap`.
    #[error("“{0}” is not an action: name a square from a1 to g7, or swap")]
    Unreadable(String),
    /// The square holds a stone.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The swap is not legal now.
    #[error("swap is only the second player's first action, right after the first stone")]
    NoSwap,
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
    /// The empty board, seat 0 White to move.
    pub fn start() -> Position {
        Position {
            board: [None; 49],
            to_move: Seat(0),
            colors: [Colour::White, Colour::Black],
            result: None,
        }
    }
    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Option<Colour> {
        self.board[square.index()]
    }
    /// Stones of `colour`.
    pub fn count(&self, colour: Colour) -> usize {
        self.board.iter().filter(|c| **c == Some(colour)).count()
    }
    /// Why `winner` has won, read from the board: their colour has 25 stones, or the
    /// most on a full board; `None` otherwise.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = self.colour_of(winner);
        let n = self.count(colour);
        let full = self.board.iter().all(Option::is_some);
        (n >= WINNING || (full && n >= self.count(colour.other()))).then(|| {
            Reason::new(
                "stones",
                [("colour", colour.to_string()), ("stones", n.to_string())],
                format!("{colour} has {n} stones"),
            )
        })
    }
    /// The colour `seat` plays.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        self.colors[seat.index() % 2]
    }
    /// The seat to move, or (once over) the seat that acted last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }
    /// Empty orthogonal neighbours of `square`.
    pub fn empty_neighbours(&self, square: Square) -> usize {
        square
            .neighbours()
            .filter(|n| self.get(*n).is_none())
            .count()
    }
    /// Whether `swap` is legal now.
    pub fn can_swap(&self) -> bool {
        self.result.is_none()
            && self.to_move == Seat(1)
            && self.board.iter().filter(|c| c.is_some()).count() == 1
            && self.colors == [Colour::White, Colour::Black]
    }
    fn stones(&self) -> Stones {
        Stones {
            white: self.count(Colour::White),
            black: self.count(Colour::Black),
        }
    }
    /// Plays a whole turn typed at once (`c3 c4 d5`), all or nothing: the position after
    /// it and every event, or the index of the refused action and why.
    ///
    /// # Errors
    /// `(i, refusal)` for the `i`th action, with nothing played.
    pub fn play_turn(
        &self,
        seat: Seat,
        actions: &[Action],
    ) -> Result<(Position, Vec<Event>), (usize, Refusal)> {
        let mut pos = self.clone();
        let mut events = Vec::new();
        for (i, a) in actions.iter().enumerate() {
            let (next, ev) = pos.play(seat, a).map_err(|e| (i, e))?;
            pos = next;
            events.extend(ev);
        }
        Ok((pos, events))
    }
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
        let mut out: Vec<Action> = Square::all()
            .filter(|s| self.get(*s).is_none())
            .map(Action::Place)
            .collect();
        if self.can_swap() {
            out.push(Action::Swap);
        }
        out
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(Action::Swap);
        }
        Square::parse(t)
            .map(Action::Place)
            .ok_or_else(|| Refusal::Unreadable(t.chars().take(40).collect()))
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
    fn play(&self, seat: Seat, action: &Action) -> Result<(Position, Vec<Event>), Refusal> {
        self.check_turn(Some(seat))?;
        let other = Seat(1 - seat.0);
        match action {
            Action::Swap => {
                if !self.can_swap() {
                    return Err(Refusal::NoSwap);
                }
                let mut next = self.clone();
                next.colors = [self.colors[1], self.colors[0]];
                next.to_move = other;
                let colors = next.colors;
                Ok((next, vec![Event::Swapped { colors }]))
            }
            Action::Place(square) => {
                if self.get(*square).is_some() {
                    return Err(Refusal::Occupied(*square));
                }
                let colour = self.colour_of(seat);
                let mut next = self.clone();
                next.board[square.index()] = Some(colour);
                let full = next.board.iter().all(Option::is_some);
                let won = next.count(colour) >= WINNING;
                let again = !won && !full && next.empty_neighbours(*square) <= 1;
                let mut events = vec![Event::Placed {
                    square: *square,
                    colour,
                    again,
                }];
                if won || full {
                    let leader = if next.count(colour) >= next.count(colour.other()) {
                        colour
                    } else {
                        colour.other()
                    };
                    let winner = if next.colour_of(seat) == leader {
                        seat
                    } else {
                        other
                    };
                    next.result = next.reason_for(winner).map(|r| (winner, r));
                    events.push(Event::GameOver {
                        winner,
                        stones: next.stones(),
                    });
                } else if !again {
                    next.to_move = other;
                }
                Ok((next, events))
            }
        }
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
