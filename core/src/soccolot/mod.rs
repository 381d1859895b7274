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

mod notation;
mod policy;
#[cfg(test)]
mod tests;

use std::{fmt, ops::RangeInclusive};

use serde::Serialize;
use thiserror::Error;

use crate::{
    game::{
        Game, NewGameError, Outcome, PositionError, Reason, Refusal as RefusalTrait, Seat,
        SettingsError, check_option_keys,
    },
    value::Value,
    view::View,
};

/// The notation's format tag.
pub const FORMAT: &str = "soccolot-position/1";
/// Squares along each side.
pub const SIZE: u8 = 8;
const CELLS: usize = (SIZE as usize) * (SIZE as usize);

/// Soccolot has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings;

/// A square, `a1` bottom-left.
pub type Square = crate::square::Square<SIZE>;

impl Square {
    /// The next square in direction `d`, if on the board.
    pub fn step(self, d: Dir) -> Option<Square> {
        let (f, r) = (self.file() as i8 + d.df, self.rank() as i8 + d.dr);
        (f >= 0 && r >= 0)
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    }
}

/// One of the eight directions: a step of at most one file and one rank, never none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    df: i8,
    dr: i8,
}

impl Dir {
    /// The eight directions, north first, clockwise.
    pub const ALL: [Dir; 8] = [
        Dir { df: 0, dr: 1 },
        Dir { df: 1, dr: 1 },
        Dir { df: 1, dr: 0 },
        Dir { df: 1, dr: -1 },
        Dir { df: 0, dr: -1 },
        Dir { df: -1, dr: -1 },
        Dir { df: -1, dr: 0 },
        Dir { df: -1, dr: 1 },
    ];

    /// The direction from `a` to `b` when they are next to each other (any of the 8).
    pub fn between(a: Square, b: Square) -> Option<Dir> {
        let df = b.file() as i8 - a.file() as i8;
        let dr = b.rank() as i8 - a.rank() as i8;
        (df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0)).then_some(Dir { df, dr })
    }
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `B`, seat 0, starts on rank 1 and moves first.
    Black,
    /// `W`, seat 1, starts on rank 8.
    White,
}

impl Colour {
    /// The colour of `seat` (`[D1]`: seat 0 is Black).
    pub fn of(seat: Seat) -> Colour {
        if seat.0 == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }
    /// The seat playing this colour.
    pub fn seat(self) -> Seat {
        match self {
            Colour::Black => Seat(0),
            Colour::White => Seat(1),
        }
    }
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    /// Its letter in the notation.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
    /// The rank (0-based) where the ball wins for this side: the opponent's back rank.
    pub fn goal_rank(self) -> u8 {
        match self {
            Colour::Black => SIZE - 1,
            Colour::White => 0,
        }
    }
    /// This side's own back rank (0-based), which it defends.
    pub fn back_rank(self) -> u8 {
        self.other().goal_rank()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// What stands on a square that is not empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// A man of this colour.
    Man(Colour),
    /// The ball.
    Ball,
}

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

    /// Every run, dribble and kick of `colour`'s men, man by man (a1 first).
    pub fn actions_of(&self, colour: Colour) -> Vec<Action> {
        let mut out = Vec::with_capacity(48);
        for from in self.men_of(colour) {
            self.actions_from(from, &mut out);
        }
        out
    }

    /// Whether `colour` has at least one legal action (cheaper than listing them).
    pub fn can_act(&self, colour: Colour) -> bool {
        self.men_of(colour).any(|from| {
            Dir::ALL
                .iter()
                .any(|d| from.step(*d).is_some_and(|t| self.is_empty(t)))
                // A man next to the ball can always do something with it, unless every
                // dribble and kick is blocked; check those the long way.
                || (Dir::between(from, self.ball).is_some() && {
                    let mut v = Vec::new();
                    self.actions_from(from, &mut v);
                    !v.is_empty()
                })
        })
    }

    /// The actions of the man on `from`, appended to `out`.
    fn actions_from(&self, from: Square, out: &mut Vec<Action>) {
        for d in Dir::ALL {
            if let Some(to) = from.step(d).filter(|t| self.is_empty(*t)) {
                out.push(Action::Run { from, to });
            }
        }
        let Some(k) = Dir::between(from, self.ball) else {
            return;
        };
        for d in Dir::ALL {
            let (Some(to), Some(ball_to)) = (from.step(d), self.ball.step(d)) else {
                continue;
            };
            if (to == self.ball || self.is_empty(to)) && (ball_to == from || self.is_empty(ball_to))
            {
                out.push(Action::Dribble { from, to });
            }
        }
        let mut stop = self.ball.step(k);
        while let Some(s) = stop.filter(|s| self.is_empty(*s)) {
            out.push(Action::Kick { from, stop: s });
            stop = s.step(k);
        }
    }

    /// Why `colour` may not play `a`, if it may not: the first thing wrong, read in the
    /// order a player reads the action.
    fn check(&self, colour: Colour, a: Action) -> Result<(), Refusal> {
        let from = a.from();
        match self.occupant(from) {
            None => return Err(Refusal::NoMan(from)),
            Some(Occupant::Ball) => return Err(Refusal::BallIsNoMan(from)),
            Some(Occupant::Man(c)) if c != colour => {
                return Err(Refusal::NotYourMan {
                    square: from,
                    colour: c,
                });
            }
            Some(Occupant::Man(_)) => {}
        }
        let occupied = |square: Square| match self.man(square) {
            Some(c) => Err(Refusal::Occupied { square, colour: c }),
            None => Ok(()),
        };
        match a {
            Action::Run { from, to } => {
                if Dir::between(from, to).is_none() {
                    return Err(Refusal::NotOneStep { from, to });
                }
                if to == self.ball {
                    return Err(Refusal::RunOntoBall { from, to });
                }
                occupied(to)
            }
            Action::Dribble { from, to } => {
                let ball = self.next_to_ball(from)?;
                let Some(d) = Dir::between(from, to) else {
                    return Err(Refusal::NotOneStep { from, to });
                };
                let Some(ball_to) = ball.step(d) else {
                    return Err(Refusal::BallOffBoard(ball));
                };
                occupied(to)?;
                match self.man(ball_to) {
                    Some(c) if ball_to != from => Err(Refusal::BallBlocked {
                        square: ball_to,
                        colour: c,
                    }),
                    _ => Ok(()),
                }
            }
            Action::Kick { from, stop } => {
                let ball = self.next_to_ball(from)?;
                if stop == ball {
                    return Err(Refusal::KickInPlace(ball));
                }
                let k = Dir::between(from, ball).expect("next to the ball");
                let mut s = ball.step(k);
                while let Some(sq) = s {
                    let man = self.man(sq).is_some();
                    if sq == stop {
                        return if man {
                            Err(Refusal::StopOnMan(sq))
                        } else {
                            Ok(())
                        };
                    }
                    if man {
                        // The stop may still lie further on the line: say what is in the way.
                        let mut t = sq.step(k);
                        while let Some(u) = t {
                            if u == stop {
                                return Err(Refusal::PassesThrough(sq));
                            }
                            t = u.step(k);
                        }
                        break;
                    }
                    s = sq.step(k);
                }
                Err(Refusal::OffLine { from, ball, stop })
            }
        }
    }

    /// The ball's square if the man on `man` is next to it.
    fn next_to_ball(&self, man: Square) -> Result<Square, Refusal> {
        match Dir::between(man, self.ball) {
            Some(_) => Ok(self.ball),
            None => Err(Refusal::NotNextToBall {
                man,
                ball: self.ball,
            }),
        }
    }

    /// Why `winner` has won, read from the position (the seat to move being the seat that
    /// made the last action): the ball on `winner`'s goal rank, put there by them (a goal)
    /// or by the opponent (an own goal), or, with the ball on neither back rank, the
    /// opponent without a legal action. `None` if none holds.
    pub(crate) fn reason_for(&self, winner: Seat) -> Option<Reason> {
        let colour = Colour::of(winner);
        let ball = self.ball.to_string();
        if self.ball.rank() == colour.goal_rank() {
            let mover = Colour::of(self.to_move);
            Some(if mover == colour {
                Reason::new(
                    "goal",
                    [("colour", colour.to_string()), ("square", ball.clone())],
                    format!("{colour} put the ball on {ball}, the opponent's back rank"),
                )
            } else {
                Reason::new(
                    "own-goal",
                    [("colour", mover.to_string()), ("square", ball.clone())],
                    format!("{mover} put the ball on {ball}, its own back rank: an own goal"),
                )
            })
        } else if self.ball.rank() != colour.back_rank() && !self.can_act(colour.other()) {
            Some(Reason::new(
                "blocked",
                [("colour", colour.other().to_string())],
                format!("{} has no legal action", colour.other()),
            ))
        } else {
            None
        }
    }

    /// The position after `seat` plays `a`, known legal.
    fn after(&self, seat: Seat, a: Action) -> (Position, Vec<Event>) {
        let mut next = self.clone();
        let mut events = Vec::with_capacity(3);
        match a {
            Action::Run { from, to } => {
                next.men[to.index()] = next.men[from.index()].take();
                events.push(Event::Moved { from, to });
            }
            Action::Dribble { from, to } => {
                let d = Dir::between(from, to).expect("one step");
                let ball_to = self.ball.step(d).expect("on the board");
                next.men[to.index()] = next.men[from.index()].take();
                next.ball = ball_to;
                events.push(Event::Moved { from, to });
                events.push(Event::Ball {
                    from: self.ball,
                    to: ball_to,
                });
            }
            Action::Kick { stop, .. } => {
                next.ball = stop;
                events.push(Event::Ball {
                    from: self.ball,
                    to: stop,
                });
            }
        }
        let winner = if next.ball.rank() == Colour::Black.goal_rank() {
            Some(Colour::Black.seat())
        } else if next.ball.rank() == Colour::White.goal_rank() {
            Some(Colour::White.seat())
        } else if !next.can_act(Colour::of(seat).other()) {
            Some(seat)
        } else {
            None
        };
        match winner.and_then(|w| Some((w, next.reason_for(w)?))) {
            Some((w, reason)) => {
                next.result = Some((w, reason));
                events.push(Event::GameOver { winner: w });
            }
            None => next.to_move = Seat(1 - seat.0),
        }
        (next, events)
    }
}

/// Reads `c2-d3`, `c2-d3*` or `b3>e6` strictly (any case, spaces around ignored).
fn parse(text: &str) -> Option<Action> {
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

fn clipped(text: &str) -> String {
    text.trim().chars().take(40).collect()
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
        parse(text).ok_or_else(|| Refusal::Unreadable(clipped(text)))
    }
    fn read_chat(&self, text: &str) -> Result<Action, Refusal> {
        // `C2 - D3 *` is the notation with spaces; `c2 d3` and `c2d3` (two squares, nothing
        // between) mean the one legal action joining them.
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(a) = parse(&t) {
            return Ok(a);
        }
        let (Some(from), Some(to)) = (
            t.get(..2).and_then(Square::parse),
            t.get(2..).and_then(Square::parse),
        ) else {
            return self.parse_action(text);
        };
        if self.result.is_some() {
            return Err(Refusal::GameOver);
        }
        let colour = Colour::of(self.to_move);
        let run = Action::Run { from, to };
        let legal: Vec<Action> = [
            run,
            Action::Dribble { from, to },
            Action::Kick { from, stop: to },
        ]
        .into_iter()
        .filter(|a| self.check(colour, *a).is_ok())
        .collect();
        match legal.as_slice() {
            [a] => Ok(*a),
            [] => {
                // Nothing fits: say why the likeliest reading is refused (a kick for a man
                // next to the ball naming a square further away, else a run).
                let far = Dir::between(from, to).is_none();
                let likely = if far && Dir::between(from, self.ball).is_some() {
                    Action::Kick { from, stop: to }
                } else {
                    run
                };
                self.check(colour, likely)?;
                Err(Refusal::NotOneAction(clipped(text)))
            }
            _ => Err(Refusal::RunOrDribble { from, to }),
        }
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
        self.check(Colour::of(seat), *a)?;
        Ok(self.after(seat, *a))
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
