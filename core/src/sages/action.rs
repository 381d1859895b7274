//! What a player does ([`Action`]), what it did ([`Event`]) and why it was refused
//! ([`Refusal`], in the game's terms), with the strict notation and the chat's looser
//! reading of squares.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use super::{Colour, Square};
use crate::game::{Refusal as RefusalTrait, Seat};

/// An action: a move, or a kick (a move onto the ball and the ball's stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// `d3-d7`: a man moves to an empty square.
    Move {
        /// Where the man stands.
        from: Square,
        /// Where it stops.
        to: Square,
    },
    /// `h5-h8>k10`: a man moves onto the ball's square and the ball stops where named.
    Kick {
        /// Where the man stands.
        from: Square,
        /// The ball's square, where the man lands.
        ball: Square,
        /// Where the ball stops.
        stop: Square,
    },
}

impl Action {
    /// The man's square.
    pub fn from(self) -> Square {
        match self {
            Action::Move { from, .. } | Action::Kick { from, .. } => from,
        }
    }
    /// Where the man lands.
    pub fn to(self) -> Square {
        match self {
            Action::Move { to, .. } => to,
            Action::Kick { ball, .. } => ball,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Kick { from, ball, stop } => write!(f, "{from}-{ball}>{stop}"),
        }
    }
}

/// What an action did, in order: `moved`, then for a kick `ball`, then `goal` and `reset`
/// or `game_over`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A man moved (every action).
    Moved {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The ball was kicked from `from` and stopped on `to`.
    Ball {
        /// The ball's square (where the kicker now stands).
        from: Square,
        /// Its stop.
        to: Square,
        /// The squares where it turned on its way, in order (one way among those that
        /// reach `to`: the shortest). Not part of the notation's event.
        #[serde(skip)]
        turns: Vec<Square>,
    },
    /// The ball stopped on a goal square: `seat` scores, and the score is now `score`.
    Goal {
        /// Who scores (the side attacking that goal, whoever kicked).
        seat: Seat,
        /// `[white, black]` after the point.
        score: [u8; 2],
    },
    /// Every man and the ball went back to the start layout.
    Reset,
    /// The action ended the game.
    GameOver {
        /// Who won.
        winner: Seat,
    },
}

/// What stands in a man's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// A man of this colour.
    Man(Colour),
    /// The ball.
    Ball,
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::Man(c) => write!(f, "the {c} man"),
            Obstacle::Ball => f.write_str("the ball"),
        }
    }
}

/// Why an action is refused. Each says what the player did wrong, in the game's terms.
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
    #[error("“{0}” is not an action: write a move like d3-d7, or a kick like h5-h8>k10")]
    Unreadable(String),
    /// The from-square is empty.
    #[error("there is no man on {square}")]
    NoMan {
        /// The square.
        square: Square,
    },
    /// The from-square holds the opponent's man.
    #[error("the man on {square} is {colour}, not yours")]
    NotYourMan {
        /// The square.
        square: Square,
        /// The man's colour.
        colour: Colour,
    },
    /// The from-square holds the ball.
    #[error("{square} holds the ball: move one of your men onto it to kick it")]
    BallIsNotAMan {
        /// The ball's square.
        square: Square,
    },
    /// The target is not on a straight line from the man.
    #[error("{to} is not on a straight line from {from}")]
    NotALine {
        /// From.
        from: Square,
        /// The target.
        to: Square,
    },
    /// Something stands between the man and its target.
    #[error("the way from {from} to {to} passes over {what} on {square}")]
    PassesOver {
        /// From.
        from: Square,
        /// The target.
        to: Square,
        /// Where the obstacle stands.
        square: Square,
        /// What it is.
        what: Obstacle,
    },
    /// A move onto a man.
    #[error("{square} is taken by the {colour} man")]
    Occupied {
        /// The square.
        square: Square,
        /// The man's colour.
        colour: Colour,
    },
    /// A move onto the ball without naming its stop.
    #[error(
        "a man moving onto the ball on {ball} kicks it: name where it stops, like {from}-{ball}>…"
    )]
    OntoTheBall {
        /// The man's square.
        from: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A move along a backward diagonal.
    #[error("men never move diagonally backwards ({from} to {to}), except onto the ball")]
    BackwardDiagonal {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A move that stops on the opponent's goal.
    #[error("a man may cross the opponent's goal but never stop on it ({square})")]
    OpponentsGoal {
        /// The goal square.
        square: Square,
    },
    /// A second man of a side onto its own goal.
    #[error("you already have a man on your goal (on {keeper}): {square} is refused")]
    SecondOnGoal {
        /// The target.
        square: Square,
        /// Where the side's man on its goal stands.
        keeper: Square,
    },
    /// A kick whose middle square is not the ball's.
    #[error("the ball is on {ball}, not on {square}")]
    NotTheBall {
        /// The square named as the ball's.
        square: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A kick whose ball could stop nowhere.
    #[error("kicked from {from}, the ball on {ball} would have nowhere to stop")]
    NoStop {
        /// The man's square.
        from: Square,
        /// The ball's square.
        ball: Square,
    },
    /// A stop on an out-of-play square.
    #[error("the ball never stops out of play, and {stop} is out of play")]
    StopOutOfPlay {
        /// The stop named.
        stop: Square,
    },
    /// A stop on a man.
    #[error("the ball cannot stop on {stop}: a man stands there")]
    StopOnMan {
        /// The stop named.
        stop: Square,
    },
    /// A stop on the ball's own square.
    #[error("the ball must move: it cannot stop on {stop}, where it is kicked from")]
    StopOnStart {
        /// The stop named.
        stop: Square,
    },
    /// A stop the ball cannot reach.
    #[error("kicked from {from}, the ball cannot reach {stop}")]
    StopUnreachable {
        /// The man's square.
        from: Square,
        /// The stop named.
        stop: Square,
    },
    /// Chat text whose squares fit no legal action.
    #[error("“{0}” does not name a legal action here")]
    NotOneAction(String),
    /// Chat text whose squares fit several legal actions.
    #[error("“{text}” could be {}", list(.choices))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The actions it fits.
        choices: Vec<Action>,
    },
}

fn list(actions: &[Action]) -> String {
    let words: Vec<String> = actions.iter().map(ToString::to_string).collect();
    words.join(" or ")
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
/// Reads `d3-d7` / `h5-h8>k10` strictly (any case, spaces around ignored).
pub(super) fn parse(text: &str) -> Option<Action> {
    let t = text.trim();
    let (squares, stop) = match t.split_once('>') {
        Some((a, s)) => (a, Some(Square::parse(s)?)),
        None => (t, None),
    };
    let (from, to) = squares.split_once('-')?;
    let (from, to) = (Square::parse(from)?, Square::parse(to)?);
    Some(match stop {
        None => Action::Move { from, to },
        Some(stop) => Action::Kick {
            from,
            ball: to,
            stop,
        },
    })
}

/// The squares of a chat text (`h5 h8 k10`, `H5-H8>K10`, `h5h8k10`), if it is nothing but
/// squares and separators.
pub(super) fn chat_squares(text: &str) -> Option<Vec<Square>> {
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '–' | '>' | ',' | ':' | '/' | '→'))
        .collect();
    if t.is_empty() || !t.is_ascii() {
        return None;
    }
    let mut out = Vec::new();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        out.push(Square::parse(&t[i..j])?);
        i = j;
    }
    Some(out)
}
