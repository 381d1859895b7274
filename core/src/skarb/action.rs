//! What a player does ([`Action`]), what it did ([`Event`]) and why it was refused
//! ([`Refusal`], which never names what the seeker cannot see).

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::{Dir, Square};
use crate::game::{Refusal as RefusalTrait, Seat};

/// An action, in its canonical form by `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The architect's hedge on a square (`c3`). The seeker may type a square too: the one
    /// next to him is read as the step there.
    Plant(Square),
    /// The seeker's step (`n`, `e`, `s`, `w`).
    Step(Dir),
    /// Either player gives up the action **\[D10\]**.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Plant(sq) => sq.fmt(f),
            Action::Step(d) => d.fmt(f),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The architect's hedge.
    Planted {
        /// Where.
        square: Square,
    },
    /// A pass.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// The seeker's step.
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The action ended the game.
    GameOver {
        /// The seat with more points (the seeker at 50–50).
        winner: Seat,
        /// `[architect, seeker]`.
        points: [u8; 2],
    },
    /// In a masked view only: the architect's pass or a hedge outside the seeker's field
    /// of view, which that audience cannot tell apart **\[D13\]**.
    Hidden {
        /// Who acted (the architect).
        seat: Seat,
    },
}

/// Why an action is refused. None names what a square outside the seeker's field of view
/// holds.
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
    /// Not `pass`, a direction or a square of this maze.
    #[error(
        "“{text}” is not an action: write a square from a1 to {last}, a direction (n, e, s, w) or pass"
    )]
    Unreadable {
        /// What was typed (at most 40 characters).
        text: String,
        /// The top-right square's name.
        last: Square,
    },
    /// A direction from the architect.
    #[error("the architect plants a hedge on a square or passes; only the seeker walks")]
    ArchitectWalks,
    /// A hedge on a hedge **\[D11\]**.
    #[error("{0} is a hedge already")]
    AlreadyHedge(Square),
    /// A hedge on the seeker.
    #[error("the seeker stands on {0}")]
    SeekerSquare(Square),
    /// A hedge on the treasure.
    #[error("the treasure lies on {0}")]
    TreasureSquare(Square),
    /// A hedge next to the seeker.
    #[error("{square} is next to the seeker on {seeker}")]
    NextToSeeker {
        /// The square named.
        square: Square,
        /// Where the seeker stands.
        seeker: Square,
    },
    /// A hedge in the treasure's corner.
    #[error("{0} is next to the treasure")]
    TreasureCorner(Square),
    /// A hedge that would leave the seeker no way to the treasure.
    #[error("a hedge on {0} would leave the seeker no way to the treasure")]
    ClosesPath(Square),
    /// The seeker named a square that is not one step from him.
    #[error("{to} is not next to the seeker on {seeker}: he steps up, right, down or left")]
    NotNext {
        /// The square named.
        to: Square,
        /// Where the seeker stands.
        seeker: Square,
    },
    /// A step into a hedge.
    #[error("{0} is a hedge")]
    IntoHedge(Square),
    /// A step off the board, into the ring of hedge.
    #[error("the ring of hedge lies {0} of the seeker")]
    IntoRing(Dir),
}

impl RefusalTrait for Refusal {
    fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn { .. } => "not-your-turn",
            Refusal::Unreadable { .. } => "unreadable",
            _ => "illegal",
        }
    }
}
