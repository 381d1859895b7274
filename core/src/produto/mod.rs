//! Produto (Nick Bentley, João Neto, Bill Taylor), `../shared/rules/games/produto.md`: a
//! hexagon of 61 cells; Black (seat 0) places one stone first, then every turn is two
//! stones of either colour from a shared supply of 45 each; on the full board each colour
//! scores the product of its two largest groups, and the higher score wins (equal scores:
//! fewer stones of one's own colour wins).
//!
//! Each engine action is one stone (`e5b`, `e5w`); `stones_left` keeps the turn.
//!
//! Players read these rules in the repository, in `docs/rules/produto.md`; its examples are
//! played by `core/tests/docs.rs`.

mod board;
mod notation;
mod policy;
#[cfg(test)]
mod tests;

use crate::view::View;
use std::ops::RangeInclusive;

use serde::{Serialize, Serializer, ser::SerializeMap};
use thiserror::Error;

pub use board::{CELLS, Cell, Colour};

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
};

/// The notation's format tag.
pub const FORMAT: &str = "produto-position/1";
/// Stones of each colour in the supply at the start.
pub const SUPPLY: usize = 45;

/// Produto has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// One stone: where and which colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The cell.
    pub cell: Cell,
    /// The stone's colour.
    pub colour: Colour,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            self.cell,
            self.colour.letter().to_ascii_lowercase()
        )
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Option<Colour>; CELLS],
    to_move: Seat,
    stones_left: u8,
    result: Option<(Seat, Reason)>,
}

/// Each colour's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Black's product.
    pub black: u32,
    /// White's product.
    pub white: u32,
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("B", &self.black)?;
        m.serialize_entry("W", &self.white)?;
        m.end()
    }
}

/// What a placement did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A stone placed.
    Placed {
        /// Where.
        cell: Cell,
        /// Its colour.
        colour: Colour,
    },
    /// The board is full.
    GameOver {
        /// Who won.
        winner: Seat,
        /// Each colour's product.
        score: Score,
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
    /// Not a cell and a colour.
    #[error("“{0}” is not a stone: write a cell and b or w, like e5b")]
    Unreadable(String),
    /// The cell holds a stone.
    #[error("{0} is occupied")]
    Occupied(Cell),
    /// No stone of that colour is left.
    #[error("no {0} stones are left in the supply")]
    EmptySupply(Colour),
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
    /// The empty board, Black to place one stone.
    pub fn start() -> Position {
        Position {
            board: [None; CELLS],
            to_move: Seat(0),
            stones_left: 1,
            result: None,
        }
    }
    /// What stands on `cell`.
    pub fn get(&self, cell: Cell) -> Option<Colour> {
        self.board[cell.index()]
    }
    /// Stones of `colour` on the board.
    pub fn count(&self, colour: Colour) -> usize {
        self.board.iter().filter(|c| **c == Some(colour)).count()
    }
    /// Stones of `colour` left in the supply.
    pub fn supply(&self, colour: Colour) -> usize {
        SUPPLY.saturating_sub(self.count(colour))
    }
    /// Stones the seat to move still places this turn (1 or 2).
    pub fn stones_left(&self) -> u8 {
        self.stones_left
    }
    /// The seat to move, or (once over) the seat that placed last.
    pub fn seat_to_move(&self) -> Seat {
        self.to_move
    }
    /// The winner and why, once over.
    pub fn result(&self) -> Option<(Seat, &str)> {
        self.result.as_ref().map(|(s, r)| (*s, r.english()))
    }
    /// The sizes of `colour`'s groups, largest first.
    pub fn groups(&self, colour: Colour) -> Vec<u32> {
        board::groups(&self.board, colour)
    }
    /// The cells of `colour`'s two largest groups (for the image).
    pub fn largest_groups(&self, colour: Colour) -> Vec<Vec<Cell>> {
        board::group_cells(&self.board, colour)
            .into_iter()
            .take(2)
            .collect()
    }
    /// `colour`'s score: the product of its two largest groups (0 with fewer than two).
    pub fn score(&self, colour: Colour) -> u32 {
        let g = self.groups(colour);
        if g.len() < 2 { 0 } else { g[0] * g[1] }
    }
    /// Both scores.
    pub fn scores(&self) -> Score {
        Score {
            black: self.score(Colour::Black),
            white: self.score(Colour::White),
        }
    }
    /// Plays a whole turn typed at once (`e5b f6w`), all or nothing.
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
        let colours: Vec<Colour> = [Colour::Black, Colour::White]
            .into_iter()
            .filter(|c| self.supply(*c) > 0)
            .collect();
        Cell::all()
            .filter(|c| self.get(*c).is_none())
            .flat_map(|cell| {
                colours.iter().map(move |colour| Action {
                    cell,
                    colour: *colour,
                })
            })
            .collect()
    }
    fn parse_action(&self, text: &str) -> Result<Action, Refusal> {
        let t = text.trim();
        let unreadable = || Refusal::Unreadable(t.chars().take(40).collect());
        if !t.is_ascii() || t.len() < 3 {
            return Err(unreadable());
        }
        let (cell, colour) = t.split_at(t.len() - 1);
        let colour = match colour {
            "b" | "B" => Colour::Black,
            "w" | "W" => Colour::White,
            _ => return Err(unreadable()),
        };
        let cell = Cell::parse(cell).ok_or_else(unreadable)?;
        Ok(Action { cell, colour })
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
        if self.get(a.cell).is_some() {
            return Err(Refusal::Occupied(a.cell));
        }
        if self.supply(a.colour) == 0 {
            return Err(Refusal::EmptySupply(a.colour));
        }
        let mut next = self.clone();
        next.board[a.cell.index()] = Some(a.colour);
        let mut events = vec![Event::Placed {
            cell: a.cell,
            colour: a.colour,
        }];
        if next.board.iter().all(Option::is_some) {
            let score = next.scores();
            let (winner, reason) = decide(&next, score);
            next.result = Some((winner, reason));
            events.push(Event::GameOver { winner, score });
        } else if self.stones_left >= 2 {
            next.stones_left = 1;
        } else {
            next.to_move = Seat(1 - seat.0);
            next.stones_left = 2;
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

impl Position {
    /// Why `winner` has won, read from the board: it is full and the scores say so;
    /// `None` otherwise.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        if !self.board.iter().all(Option::is_some) {
            return None;
        }
        let (w, reason) = decide(self, self.scores());
        (w == winner).then_some(reason)
    }
}

/// Who wins a full board: the higher product; equal products, fewer own stones.
fn decide(pos: &Position, score: Score) -> (Seat, Reason) {
    if score.black != score.white {
        let black = score.black > score.white;
        let winner = if black { Seat(0) } else { Seat(1) };
        let (name, hi, lo) = if black {
            ("black", score.black, score.white)
        } else {
            ("white", score.white, score.black)
        };
        let reason = Reason::new(
            "product",
            [
                ("colour", name.to_string()),
                ("score", hi.to_string()),
                ("other", lo.to_string()),
            ],
            format!("{name} scores {hi} against {lo}"),
        );
        return (winner, reason);
    }
    let (b, w) = (pos.count(Colour::Black), pos.count(Colour::White));
    let winner = if b < w { Seat(0) } else { Seat(1) };
    let (score, fewer, more) = (score.black, b.min(w), b.max(w));
    let reason = Reason::new(
        "fewer-stones",
        [
            ("score", score.to_string()),
            ("fewer", fewer.to_string()),
            ("more", more.to_string()),
        ],
        format!("equal scores ({score}); fewer stones of their colour ({fewer} against {more})"),
    );
    (winner, reason)
}
