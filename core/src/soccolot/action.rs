//! What a player does ([`Action`]: a run, a dribble or a kick), what it did ([`Event`]) and
//! why it was refused ([`Refusal`], naming the first thing wrong), with the strict notation.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::{Colour, Square};
use crate::game::{Refusal as RefusalTrait, Seat};

/// One turn's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `c2-d3`: the man moves one square onto an empty square.
    Run {
        /// The man's square.
        from: Square,
        /// Where he goes.
        to: Square,
    },
    /// `c2-d3*`: the man, next to the ball, moves one square and the ball the same way.
    Dribble {
        /// The man's square.
        from: Square,
        /// Where he goes.
        to: Square,
    },
    /// `b3>e6`: the man next to the ball kicks it along the line from him through the ball.
    Kick {
        /// The kicker's square (he does not move).
        from: Square,
        /// Where the ball stops.
        stop: Square,
    },
}

impl Action {
    /// The man's square.
    pub fn from(self) -> Square {
        match self {
            Action::Run { from, .. } | Action::Dribble { from, .. } | Action::Kick { from, .. } => {
                from
            }
        }
    }
    /// The second square named: the man's target, or the ball's stop for a kick.
    pub fn to(self) -> Square {
        match self {
            Action::Run { to, .. } | Action::Dribble { to, .. } => to,
            Action::Kick { stop, .. } => stop,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Run { from, to } => write!(f, "{from}-{to}"),
            Action::Dribble { from, to } => write!(f, "{from}-{to}*"),
            Action::Kick { from, stop } => write!(f, "{from}>{stop}"),
        }
    }
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A man moved (a run, or a dribble's man).
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The ball moved (a dribble, after the man; a kick: the whole flight, in a line).
    Ball {
        /// From.
        from: Square,
        /// To.
        to: Square,
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
    #[error(
        "“{0}” is not an action: write a run like c2-d3, a dribble like c2-d3* or a kick like b3>e6"
    )]
    Unreadable(String),
    /// An empty from-square.
    #[error("there is no man on {0}")]
    NoMan(Square),
    /// The from-square holds the ball.
    #[error(
        "{0} holds the ball, not a man: the ball moves only when a man next to it dribbles or kicks it"
    )]
    BallIsNoMan(Square),
    /// The from-square holds the opponent's man.
    #[error("the man on {square} is {colour}, not yours")]
    NotYourMan {
        /// The square.
        square: Square,
        /// The man's colour.
        colour: Colour,
    },
    /// A run or dribble to a square that is not next to the man.
    #[error("a man moves one square: {to} is not next to {from}")]
    NotOneStep {
        /// The man's square.
        from: Square,
        /// The square named.
        to: Square,
    },
    /// A run onto the ball (`[D10]`: a dribble needs its `*`).
    #[error("{to} holds the ball: a man does not run onto it; to dribble it write {from}-{to}*")]
    RunOntoBall {
        /// The man's square.
        from: Square,
        /// The ball's square.
        to: Square,
    },
    /// A run or a dribble's man onto another man.
    #[error("{square} is taken by a {colour} man")]
    Occupied {
        /// The square.
        square: Square,
        /// Whose man stands there.
        colour: Colour,
    },
    /// A dribble or a kick by a man not next to the ball.
    #[error(
        "the man on {man} is not next to the ball on {ball}: only a man next to it can dribble or kick"
    )]
    NotNextToBall {
        /// The man's square.
        man: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A dribble that would push the ball off the board.
    #[error("the ball on {0} would leave the board")]
    BallOffBoard(Square),
    /// A dribble whose ball target holds a man.
    #[error("the ball cannot go to {square}: a {colour} man stands there")]
    BallBlocked {
        /// The ball's target.
        square: Square,
        /// Whose man stands there.
        colour: Colour,
    },
    /// A kick naming the ball's own square.
    #[error("the ball already stands on {0}: a kick moves it at least one square")]
    KickInPlace(Square),
    /// A kick stop off the kicker's line.
    #[error(
        "{stop} is not on the line from {from} through the ball on {ball}: the ball flies straight ahead, away from the kicker"
    )]
    OffLine {
        /// The kicker.
        from: Square,
        /// The ball.
        ball: Square,
        /// The stop named.
        stop: Square,
    },
    /// A kick stop on a man or beyond one.
    #[error("the ball would pass through the man on {0}")]
    PassesThrough(Square),
    /// A kick stop on a man.
    #[error("the ball cannot stop on {0}: a man stands there")]
    StopOnMan(Square),
    /// Chat text that fits no legal action.
    #[error("“{0}” does not name one legal action here")]
    NotOneAction(String),
    /// Chat text that fits both a run and a dribble.
    #[error("{from} to {to} can be a run ({from}-{to}) or a dribble ({from}-{to}*): write which")]
    RunOrDribble {
        /// The man's square.
        from: Square,
        /// Where he goes.
        to: Square,
    },
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
/// Reads `c2-d3`, `c2-d3*` or `b3>e6` strictly (any case, spaces around ignored).
pub(super) fn parse(text: &str) -> Option<Action> {
    let t = text.trim();
    if !t.is_ascii() || !(5..=6).contains(&t.len()) {
        return None;
    }
    let from = Square::parse(&t[..2])?;
    let to = Square::parse(&t[3..5])?;
    match (&t[2..3], &t[5..]) {
        ("-", "") => Some(Action::Run { from, to }),
        ("-", "*") => Some(Action::Dribble { from, to }),
        (">", "") => Some(Action::Kick { from, stop: to }),
        _ => None,
    }
}

pub(super) fn clipped(text: &str) -> String {
    text.trim().chars().take(40).collect()
}
